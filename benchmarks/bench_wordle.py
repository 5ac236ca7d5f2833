"""5bukv side by side: the 5bukv article's greedy rule, the uniform expected-tries engine and the prior-weighted one.

The 5bukv article guesses, from the whole list, the word that leaves the fewest
candidates on average (the first such word on ties). The uniform engine
minimises the expected number of tries with every word equally likely and
every word guessable (the plain objective, for comparison). The prior
engine weighs each secret by its word frequency, guesses only common words or
candidates likely to be the answer, and is the shipped tree; the same engine
free to guess any word of the list shows what that rule costs. Each plays every
word of the list as the secret; the columns give the average over the whole
list, over the common words (Zipf ≥ 3.0 and ≥ 2.5), the prior-weighted average,
the worst case and the failures (more than six tries), and the time to build
each tree.

    .venv/bin/python benchmarks/bench_wordle.py [--rebuild] [--words FILE] [--answers FILE [--accepted FILE]]

With ``--words`` the prior engine weighs that list's words by the shipped frequencies
and may guess any of them. The common-word columns count the shipped engine's common
nouns (its guesses) of each Zipf level: the other kinds of answer (crude words, other
parts of speech) are weighed apart by the prior.

``--answers FILE`` plays the shipped engine against a list of the real game's likely answers
(what players feel: each found within six, the average, and the share of games in which the
helper suggests a word the game refuses: a guess before the answer outside ``--accepted FILE``,
the words the game is known to take; without it, outside the engine's common guesses).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np

from solver.wordle import (
    BUILD_LIMITS,
    MAX_TRIES,
    PRESENT_LIMITS,
    SOLVED_CODE,
    CodeArray,
    Entry,
    IntArray,
    Wordle,
    default_zipf,
    feedback,
    normalise_word,
    play_all,
    timed_build,
)
from solver.words import read_words

COMMON_LEVELS = (3.0, 2.5)


@dataclass(frozen=True)
class Result:
    name: str
    first_guess: str
    tries: dict[str, int]
    build_seconds: float | None

    def average(self, chosen: Callable[[str], bool] = lambda _: True) -> float:
        picked = [tries for secret, tries in self.tries.items() if chosen(secret)]
        return sum(picked) / len(picked)

    def weighted(self, weight: Callable[[str], float]) -> float:
        total = sum(weight(secret) for secret in self.tries)
        return sum(weight(secret) * tries for secret, tries in self.tries.items()) / total

    @property
    def failures(self) -> int:
        return sum(tries > MAX_TRIES for tries in self.tries.values())


def seed_guess(table: CodeArray, candidates: IntArray) -> int:
    """The 5bukv article's metric: the fewest candidates left on average, i.e. the least sum of squared group sizes."""
    width = SOLVED_CODE + 1
    block = table[:, candidates].astype(np.int64) + np.arange(len(table), dtype=np.int64)[:, None] * width
    counts = np.bincount(block.ravel(), minlength=len(table) * width).reshape(len(table), -1)
    squares = (counts.astype(np.int64) ** 2).sum(axis=1)
    return int(np.argmin(squares))  # argmin keeps the first word on ties, as the seed does


def seed_tries(table: CodeArray, candidates: IntArray, depth: int, tries: list[int]) -> int:
    """Play the 5bukv article's strategy for every secret in ``candidates`` at once; returns the root guess."""
    guess = seed_guess(table, candidates) if len(candidates) > 1 else int(candidates[0])
    codes = table[guess, candidates]
    for code in np.unique(codes):
        group = candidates[codes == code]
        if code == SOLVED_CODE:
            tries[int(group[0])] = depth
        else:
            seed_tries(table, group, depth + 1, tries)
    return guess


def run_seed(engine: Wordle) -> Result:
    tries = [0] * len(engine.words)
    first = seed_tries(engine.table, np.arange(len(engine.words), dtype=np.int64), 1, tries)
    return Result("the 5bukv article (greedy)", engine.words[first], dict(zip(engine.words, tries, strict=True)), None)


def run_engine(name: str, engine: Wordle, build_seconds: float | None) -> Result:
    stats = play_all(engine)
    return Result(name, stats.first_guess, stats.tries, build_seconds)


def uniform_engine(words: list[str]) -> tuple[Wordle, float]:
    """Today's objective: every word equally likely and guessable, ties to the first word."""
    engine = Wordle(words)
    _, seconds = timed_build(engine, PRESENT_LIMITS)
    return engine, seconds


def prior_engine(args: argparse.Namespace) -> tuple[Wordle, float | None]:
    """The shipped engine and its stored tree (or one built now), or a user's list with or without the prior;
    the stored tree carries no build time (the file is rebuilt byte for byte), so none is reported for it."""
    if args.words is None and not args.rebuild:
        return Wordle.default(), None
    engine = Wordle.default() if args.words is None else Wordle.from_words(read_words(args.words), zipf=default_zipf())
    _, seconds = timed_build(engine)
    return engine, seconds


def any_word_engine(prior: Wordle) -> tuple[Wordle, float]:
    """The prior engine free to guess any word of the list, rare ones too (what guessing only known words costs)."""
    engine = Wordle(prior.words, zipf=prior.zipf)
    _, seconds = timed_build(engine, replace(BUILD_LIMITS, rare_chance=0.0))
    return engine, seconds


def off_tree_latency(engine: Wordle, samples: int = 100) -> list[float]:
    """Seconds for the next guess after an opening of the player's own (шмель, off the tree): searched on the spot."""
    rng = np.random.default_rng(3)
    seconds = []
    for secret in rng.choice(engine.words, size=min(samples, len(engine.words)), replace=False):
        history = [Entry("шмель", feedback("шмель", str(secret)))]
        started = time.perf_counter()
        engine.next_guess(history)
        seconds.append(time.perf_counter() - started)
    return seconds


def print_table(results: list[Result], zipf: dict[str, float], weight: Callable[[str], float]) -> None:
    levels = [f"zipf>={level}" for level in COMMON_LEVELS]
    print(
        f"{'strategy':24} {'first':6} {'all':>7} {levels[0]:>10} {levels[1]:>10} {'prior':>7} {'max':>4} "
        f"{'failed':>6} {'build s':>8}"
    )
    for result in results:
        common = [result.average(lambda word, level=level: zipf.get(word, 0.0) >= level) for level in COMMON_LEVELS]
        build = "-" if result.build_seconds is None else f"{result.build_seconds:.1f}"
        print(
            f"{result.name:24} {result.first_guess:6} {result.average():7.4f} {common[0]:10.4f} {common[1]:10.4f} "
            f"{result.weighted(weight):7.4f} {max(result.tries.values()):4d} {result.failures:6d} {build:>8}"
        )


def print_answers(engine: Wordle, answers: list[str], accepted: set[str] | None) -> None:
    """What players feel, on a list of the game's answers: found within six, average, refused suggestions."""
    takes = accepted if accepted is not None else {engine.words[i] for i in engine.guessable}
    known = [answer for answer in dict.fromkeys(answers) if answer in engine.index]
    games = {answer: [entry.word for entry in engine.play(answer)] for answer in known}
    refused = {answer: [w for w in guesses[:-1] if w not in takes] for answer, guesses in games.items()}
    refused = {answer: words for answer, words in refused.items() if words}
    tries = [len(guesses) for guesses in games.values()]
    within = sum(count <= MAX_TRIES for count in tries)
    print(
        f"answers: {len(set(answers))}, in the list {len(known)}, found within 6: {within}, "
        f"average {sum(tries) / max(len(tries), 1):.4f}, games suggesting a word "
        f"{'the game refuses' if accepted is not None else 'outside the common guesses'}: {len(refused)} "
        f"({100 * len(refused) / max(len(games), 1):.2f} %)"
    )
    missing = sorted(set(answers) - set(known))
    print(f"not in the list ({len(missing)}): {' '.join(missing)}")
    counted: dict[str, int] = {}
    for words in refused.values():
        for word in words:
            counted[word] = counted.get(word, 0) + 1
    print("suggested and refused: " + " ".join(f"{w} ({n})" for w, n in sorted(counted.items(), key=lambda p: -p[1])))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--words", metavar="FILE", help="another list (default: the shipped nouns)")
    parser.add_argument("--rebuild", action="store_true", help="build the prior engine's tree now, timed")
    parser.add_argument(
        "--answers",
        metavar="FILE",
        help="the real game's likely answers: found within six, average, refused suggestions",
    )
    parser.add_argument("--accepted", metavar="FILE", help="with --answers: the words the game is known to take")
    args = parser.parse_args()
    if args.answers:
        accepted = set(map(normalise_word, read_words(args.accepted))) if args.accepted else None
        print_answers(Wordle.default(), [normalise_word(word) for word in read_words(args.answers)], accepted)
        return
    prior, prior_seconds = prior_engine(args)
    zipf = prior.zipf or {}
    print(
        f"list: {args.words or 'shipped nouns'}, {len(prior.words)} words, {len(prior.guessable)} guessable; "
        + ", ".join(f"{sum(z >= level for z in zipf.values())} with Zipf >= {level}" for level in COMMON_LEVELS)
    )
    uniform, uniform_seconds = uniform_engine(prior.words)
    free, free_seconds = any_word_engine(prior)
    results = [
        run_seed(prior),
        run_engine("uniform", uniform, uniform_seconds),
        run_engine("prior (shipped)", prior, prior_seconds),
        run_engine("prior, any word guessed", free, free_seconds),
    ]
    guesses = {prior.words[i] for i in prior.guessable}
    common_zipf = {word: value for word, value in zipf.items() if word in guesses}
    print_table(results, common_zipf, lambda word: float(prior.weights[prior.index[word]]))
    seed, today, new, anyword = results
    for name, result in (("uniform/seed", today), ("prior/seed", new), ("prior any word/seed", anyword)):
        ratios = [result.average() / seed.average()]
        ratios += [
            result.average(lambda w, lv=lv: common_zipf.get(w, 0.0) >= lv)
            / seed.average(lambda w, lv=lv: common_zipf.get(w, 0.0) >= lv)
            for lv in COMMON_LEVELS
        ]
        print(f"ratios {name}: all {ratios[0]:.4f}, zipf>=3.0 {ratios[1]:.4f}, zipf>=2.5 {ratios[2]:.4f}")
    latency = np.array(off_tree_latency(prior)) * 1000
    print(
        f"prior engine off the tree (after шмель, {len(latency)} secrets): next guess in median "
        f"{np.median(latency):.1f} ms, slowest {latency.max():.1f} ms"
    )


if __name__ == "__main__":
    main()
