"""English Wordle's engine as the bot uses it: how long a fresh process takes to have it (the first
/wordle waits for that), and how long a next guess takes off the stored tree.

Each measurement runs in a process of its own (``python -c``, the code under test on its path): it
imports the engine's code, builds it from the shipped lists and tree (the "engine" figure, what a first
/wordle waits for when it comes before the start-up build has reached it), prepares what a position
off the tree reads (as the bot does after every game's engines) and then, after an opening of the
player's own (``crane``, not the tree's ``salet``) against each of ``--secrets`` answers, times the
engine's next guess (``next_guess``) and the suggestion the bot shows (``suggest``: the next guess
weighed against its rivals by expected tries). With ``--before DIR`` (other code, e.g.
``mkdir /tmp/before && git archive main | tar -x -C /tmp/before``) each round runs that code too,
in the order A B B A, so a machine that other work loads weighs on both alike.

    .venv/bin/python benchmarks/bench_wordle_en.py [--rounds 3] [--secrets 100] [--before DIR]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

MEASURE = """
import json, statistics, sys, time
from solver.wordle import Entry, feedback
from solver.wordle.english import english_engine
started = time.perf_counter()
engine = english_engine(False)
engine.first_guess()
built = time.perf_counter() - started
engine.prepare_off_tree()
import numpy as np
count = min(int(sys.argv[1]), len(engine.secrets) // 2)
secrets = np.random.default_rng(3).choice(engine.secrets, size=2 * count, replace=False)
timings = {"next_guess": [], "suggest": []}
for name, chosen in zip(timings, (secrets[:count], secrets[count:])):  # each its own: nothing remembered
    for secret in chosen:
        history = [Entry("crane", feedback("crane", str(secret)))]
        begun = time.perf_counter()
        getattr(engine, name)(history)
        timings[name].append(time.perf_counter() - begun)
print(json.dumps({"engine": built} | {name: statistics.median(values) for name, values in timings.items()}))
"""
FIGURES = ("engine", "next_guess", "suggest")


def measure(root: Path, secrets: int) -> dict[str, float]:
    """One fresh process of the code under ``root``: its figures in seconds."""
    done = subprocess.run(
        [sys.executable, "-c", MEASURE, str(secrets)],
        cwd=root,
        env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=True,
    )
    figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--secrets", type=int, default=100, help="answers played after the opening crane")
    parser.add_argument("--before", type=Path, help="other code to run beside this one (A B B A)")
    args = parser.parse_args(argv)
    roots = {"this code": ROOT} | ({"before": args.before.resolve()} if args.before else {})
    results: dict[str, list[dict[str, float]]] = {name: [] for name in roots}
    for round_number in range(args.rounds):
        names = list(roots) if round_number % 2 == 0 else list(reversed(roots))
        for name in names:
            results[name].append(measure(roots[name], args.secrets))
            print(
                f"round {round_number + 1} {name}: "
                + ", ".join(f"{figure} {1000 * results[name][-1][figure]:.1f} ms" for figure in FIGURES),
                flush=True,
            )
    print(f"medians over {args.rounds} rounds (each figure itself a median over {args.secrets} answers but engine):")
    medians = {
        name: {figure: statistics.median(r[figure] for r in rows) for figure in FIGURES}
        for name, rows in results.items()
    }
    for name, figures in medians.items():
        print(f"  {name:10} " + ", ".join(f"{figure} {1000 * value:.1f} ms" for figure, value in figures.items()))
    if args.before:
        ratios = {figure: medians["this code"][figure] / medians["before"][figure] for figure in FIGURES}
        print("  this code / before: " + ", ".join(f"{figure} ×{ratio:.2f}" for figure, ratio in ratios.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
