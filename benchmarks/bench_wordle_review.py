"""How long the 5bukv review takes, as the bot runs it for /review, and whether the engine's own
suggestions are graded best.

Three kinds of games against common secrets: the engine's own (on its stored tree), own words
(three random common words, then the answer), and the engine's after its opener was refused (off
the tree). For each: the review's time (median, 90th percentile, slowest), and how many of the
engine's suggestions another compared guess beat (must be 0 on the tree). The first review in a
process works out the openers' expected tries; it is timed on its own.

    .venv/bin/python benchmarks/bench_wordle_review.py [--games 30] [--seed 3]

With ``--first --before DIR`` (other code, e.g. ``mkdir /tmp/before && git archive main | tar -x -C
/tmp/before``) it times instead the first review of a process, as the bot runs it (the broader list
beside the engine), of four games (the engine's suggestions followed, the player's own words, a game
lost on own words, the first suggestion refused): each in a fresh process of this code and of DIR,
as interleaved pairs (this, DIR, DIR, this) each round, with the process's peak memory and whether
both codes' reviews say the same. With ``--ahead`` the game's first guess is graded before the
review where the code can (``prepare_first_guess``, as the bot does while the game goes on; its
time is shown apart).

    .venv/bin/python benchmarks/bench_wordle_review.py --first --before DIR [--rounds 2] [--ahead]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solver.wordle import MAX_TRIES, Entry, Wordle, feedback, mask_text  # noqa: E402
from solver.wordle.review import GuessReview, review_game  # noqa: E402

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


# ---------------------------------------------------------------- the first review of a process

#: Run in a fresh process in the code under test (its folder first on the path): the engine as the
#: bot starts it, then with ``prepare`` the first guess graded ahead (the bot does it while the game
#: goes on, where the code can), then the review timed as the bot runs it, and the peak memory.
FIRST_REVIEW = """
import hashlib, json, sys, time
sys.path.insert(0, ".")
from solver.wordle import Entry, Wordle, parse_mask
import solver.wordle.review as review
history = [Entry(word, parse_mask(mask)) for word, mask in json.loads(sys.argv[1])]
refused = json.loads(sys.argv[2])
engine = Wordle.shipped()
engine.prepare_off_tree()
broader = review.broader_engine()
prepared = 0.0
if sys.argv[3] == "prepare" and hasattr(review, "prepare_first_guess"):
    started = time.perf_counter()
    review.prepare_first_guess(engine, history[0], refused)
    prepared = time.perf_counter() - started
started = time.perf_counter()
graded = review.review_game(engine, history, [refused] * (len(history) + 1), broader=broader)
seconds = time.perf_counter() - started
peak = [int(line.split()[1]) / 1024 for line in open("/proc/self/status") if line.startswith("VmHWM")][0]
text = json.dumps([guess.as_json() for guess in graded], ensure_ascii=False, sort_keys=True)
print(json.dumps({"seconds": seconds, "prepared": prepared, "peak_mb": peak,
                  "review": hashlib.sha256(text.encode()).hexdigest()[:16]}))
"""


@dataclass(frozen=True)
class FirstGame:
    """A game whose first review is timed: its tries, and the words refused before the first."""

    name: str
    history: list[Entry]
    refused: list[str]


def first_games(engine: Wordle) -> list[FirstGame]:
    """Games as players play them: the engine's suggestions followed, the player's own words, a game
    lost on words of the player's own, and the engine's after its first suggestion was refused."""
    common = engine.guessable_words
    secret = common[len(common) // 3]
    refused = [engine.first_guess()]
    own = [Entry(word, feedback(word, secret)) for word in (common[0], common[len(common) // 2], secret)]
    loser = [word for word in common[:: len(common) // 6] if word != secret][:MAX_TRIES]
    return [
        FirstGame("engine's game", engine_game(engine, secret, [])[0], []),
        FirstGame("own words", own, []),
        FirstGame("lost on own words", [Entry(word, feedback(word, secret)) for word in loser], []),
        FirstGame("first suggestion refused", engine_game(engine, secret, refused)[0], refused),
    ]


def first_review(folder: Path, game: FirstGame, prepare: bool) -> dict[str, Any]:
    """The first review of ``game`` in a fresh process of the code in ``folder``."""
    tries = json.dumps([[entry.word, mask_text(entry.mask)] for entry in game.history], ensure_ascii=False)
    mode = "prepare" if prepare else "cold"
    command = [sys.executable, "-c", FIRST_REVIEW, tries, json.dumps(game.refused, ensure_ascii=False), mode]
    found = subprocess.run(command, cwd=folder, capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(found.stdout.splitlines()[-1])
    return result


def compare_first_reviews(before: Path, rounds: int, prepare: bool) -> None:
    """Each game's first review in fresh processes of this code and ``before``, as interleaved pairs
    (this, before, before, this in every round), with whether the two reviews say the same."""
    engine = Wordle.default()
    codes = {"now": ROOT, "before": before.resolve()}
    print(f"first review in a fresh process ({'first guess graded ahead where the code can' if prepare else 'cold'}):")
    print(f"{'game':26} {'code':7} {'review s (median / max)':>24} {'ahead s':>8} {'VmHWM MB':>9}")
    for game in first_games(engine):
        runs: dict[str, list[dict[str, Any]]] = {name: [] for name in codes}
        for _ in range(rounds):
            for name in ("now", "before", "before", "now"):
                runs[name].append(first_review(codes[name], game, prepare))
        for name, found in runs.items():
            seconds = [run["seconds"] for run in found]
            print(
                f"{game.name:26} {name:7} {statistics.median(seconds):>15.2f} / {max(seconds):5.2f}"
                f" {statistics.median(run['prepared'] for run in found):>8.2f}"
                f" {max(run['peak_mb'] for run in found):>9.1f}"
            )
        same = {run["review"] for found in runs.values() for run in found}
        print(f"{'':26} the same review from both codes: {'yes' if len(same) == 1 else 'NO'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--first", action="store_true", help="time the first review of a process instead")
    parser.add_argument("--before", type=Path, help="with --first: other code to compare with")
    parser.add_argument("--rounds", type=int, default=2, help="with --first: rounds of pairs")
    parser.add_argument("--ahead", action="store_true", help="with --first: the first guess graded before the review")
    args = parser.parse_args()
    if args.first:
        compare_first_reviews(args.before or ROOT, args.rounds, args.ahead)
        return
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
