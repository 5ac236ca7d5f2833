"""How long the 5bukv review takes, as the bot runs it for /review, and whether the engine's own
suggestions are graded best.

Three kinds of games against common secrets: the engine's own (on its stored tree), own words
(three random common words, then the answer), and the engine's after its opener was refused (off
the tree). For each: the review's time (median, 90th percentile, slowest), and how many of the
engine's suggestions another compared guess beat (must be 0 on the tree). The first review in a
process works out the openers' expected tries; it is timed on its own.

    .venv/bin/python benchmarks/bench_wordle_review.py [--games 30] [--seed 3]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from solver.wordle import Entry, Wordle, feedback
from solver.wordle.review import GuessReview, review_game

Game = tuple[list[Entry], list[list[str]] | None]


def engine_game(engine: Wordle, secret: str, refused: list[str]) -> Game:
    history: list[Entry] = []
    while not history or history[-1].word != secret:
        guess = engine.suggest(history, refused)
        history.append(Entry(guess, feedback(guess, secret)))
    return history, [refused] * (len(history) + 1) if refused else None


def own_game(rng: random.Random, common: list[str], secret: str) -> Game:
    history = [Entry(word, feedback(word, secret)) for word in rng.sample(common, 3) if word != secret]
    return [*history, Entry(secret, feedback(secret, secret))], None


def report(name: str, engine: Wordle, games: list[Game]) -> None:
    seconds: list[float] = []
    suggested = bettered = 0
    for history, refused in games:
        started = time.perf_counter()
        reviews: list[GuessReview] = review_game(engine, history, refused)
        seconds.append(time.perf_counter() - started)
        followed = [review for review in reviews if review.suggested.word == review.entry.word]
        suggested += len(followed)
        bettered += sum(review.bettered for review in followed)
    seconds.sort()
    ninetieth = seconds[max(0, int(0.9 * len(seconds)) - 1)]
    print(
        f"{name}: review median {statistics.median(seconds):.2f} s, 90th {ninetieth:.2f} s, "
        f"slowest {seconds[-1]:.2f} s; engine's suggestions bettered: {bettered} of {suggested} (games: {len(games)})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    engine = Wordle.default()
    common = [engine.words[i] for i in engine.guessable]
    rng = random.Random(args.seed)
    started = time.perf_counter()
    review_game(engine, engine_game(engine, rng.choice(common), [])[0])
    print(f"first review in the process (the engine's game): {time.perf_counter() - started:.2f} s")
    secrets = rng.sample(common, args.games)
    kinds: list[tuple[str, Callable[[str], Game]]] = [
        ("engine's games", lambda secret: engine_game(engine, secret, [])),
        ("own words", lambda secret: own_game(rng, common, secret)),
        ("engine's games, opener refused", lambda secret: engine_game(engine, secret, [engine.first_guess()])),
    ]
    for name, make in kinds:
        report(name, engine, [make(secret) for secret in secrets])


if __name__ == "__main__":
    main()
