"""5bukv: seed 003's greedy strategy against our expected-tries engine, on the same list, side by side.

Seed 003 guesses, from the whole list, the word that leaves the fewest
candidates on average (the first such word on ties). Both play every word of
the list as the secret with the exact colours; we print average tries, worst
case, failures (more than six tries), time, and the ratios. Our time is the
replay of the stored tree plus any on-the-spot choices; the tree's build time
is printed from ``data/wordle_tree.json``.

    .venv/bin/python benchmarks/bench_wordle.py [--words FILE]
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass

import numpy as np

from solver.wordle import MAX_TRIES, SOLVED_CODE, TREE_FILE, CodeArray, IntArray, Wordle, play_all
from solver.words import read_words


@dataclass(frozen=True)
class Result:
    name: str
    first_guess: str
    tries: list[int]
    seconds: float

    @property
    def average(self) -> float:
        return sum(self.tries) / len(self.tries)

    @property
    def failures(self) -> int:
        return sum(tries > MAX_TRIES for tries in self.tries)


def seed_guess(table: CodeArray, candidates: IntArray) -> int:
    """Seed 003's metric: the fewest candidates left on average, i.e. the least sum of squared group sizes."""
    width = SOLVED_CODE + 1
    block = table[:, candidates].astype(np.int64) + np.arange(len(table), dtype=np.int64)[:, None] * width
    counts = np.bincount(block.ravel(), minlength=len(table) * width).reshape(len(table), -1)
    squares = (counts.astype(np.int64) ** 2).sum(axis=1)
    return int(np.argmin(squares))  # argmin keeps the first word on ties, as the seed does


def seed_tries(table: CodeArray, candidates: IntArray, depth: int, tries: list[int]) -> int:
    """Play seed 003's strategy for every secret in ``candidates`` at once; returns the root guess."""
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
    started = time.perf_counter()
    tries = [0] * len(engine.words)
    first = seed_tries(engine.table, np.arange(len(engine.words), dtype=np.int64), 1, tries)
    return Result("seed 003 (greedy)", engine.words[first], tries, time.perf_counter() - started)


def run_ours(engine: Wordle) -> Result:
    started = time.perf_counter()
    stats = play_all(engine)
    return Result("ours (expected tries)", stats.first_guess, list(stats.tries.values()), time.perf_counter() - started)


def histogram(tries: list[int]) -> str:
    values, counts = np.unique(tries, return_counts=True)
    return " ".join(f"{value}:{count}" for value, count in zip(values, counts, strict=True))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--words", metavar="FILE", help="another list (default: the shipped nouns and stored tree)")
    args = parser.parse_args()
    started = time.perf_counter()
    engine = Wordle.from_words(read_words(args.words)) if args.words else Wordle.default()
    loaded = time.perf_counter() - started
    print(f"list: {args.words or 'shipped nouns'}, {len(engine.words)} words (loaded in {loaded:.1f} s)")
    if not args.words:
        stored = json.loads(TREE_FILE.read_text(encoding="utf-8"))
        print(f"stored tree: built in {stored['build_seconds']} s by scripts/build_wordle_tree.py")
    seed, ours = run_seed(engine), run_ours(engine)
    print(f"{'strategy':24} {'first':6} {'average':>8} {'max':>4} {'failed':>6} {'seconds':>8}  histogram")
    for result in (seed, ours):
        print(
            f"{result.name:24} {result.first_guess:6} {result.average:8.4f} {max(result.tries):4d} "
            f"{result.failures:6d} {result.seconds:8.2f}  {histogram(result.tries)}"
        )
    print(
        f"ratios ours/seed: average {ours.average / seed.average:.4f}, worst {max(ours.tries) / max(seed.tries):.3f}, "
        f"failures {ours.failures} vs {seed.failures}, time {ours.seconds / seed.seconds:.2f}"
    )


if __name__ == "__main__":
    main()
