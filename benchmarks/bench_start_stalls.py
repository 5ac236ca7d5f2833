"""How long the bot's own thread is kept from running while the solver tables are built in the
background at start (``bot.core.solvers.start_solvers``): the reason a reply asked in the first second
can take 50 ms or more although it needs 10 ms of work.

The background build switches the interpreter every millisecond, but a single long call into C
(splitting a word file, ``np.fromiter`` over a hundred thousand values, ``dict(zip(...))``) holds
the interpreter to its end. In a fresh process, the main thread sleeps 1 ms at a time while the
build runs and records every wake-up that came late by more than ``--over`` ms, with where the
build thread was then; it prints the longest stalls, their count and total, over ``--runs``
processes (the median run by its longest stall).

With ``--before DIR`` (other code, e.g. ``mkdir /tmp/before && git archive main | tar -x -C
/tmp/before``) the same is measured with that code in the same run, and the ratio of the longest
stalls is printed."""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PROBE = """
import json, sys, threading, time, traceback
from bot.core.solvers import start_solvers
over = float(sys.argv[1]) / 1000
try:
    from bot.registry import SOLVER_TABLES
except ImportError:  # code from before each game declared its own solver tables (--before)
    solvers = start_solvers()
else:
    solvers = start_solvers(SOLVER_TABLES)
build = next(t for t in threading.enumerate() if t.name == "solver-tables")
stalls, began = [], time.perf_counter()
last = began
while not solvers.wait_until_built(0):
    time.sleep(0.001)
    now = time.perf_counter()
    if now - last - 0.001 > over:
        frame = sys._current_frames().get(build.ident)
        stack = traceback.extract_stack(frame)[-2:] if frame else []
        where = [f"{f.filename.rsplit('/', 1)[-1]}:{f.lineno} {f.name}" for f in stack]
        stalls.append([round(now - began, 3), round((now - last - 0.001) * 1000, 1), where])
    last = now
print(json.dumps({"built": time.perf_counter() - began, "stalls": stalls}))
"""


def probe(root: Path, over: float) -> dict[str, object]:
    """One fresh process of the code at ``root``: its build time and its stalls."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(over)], cwd=root, capture_output=True, text=True, check=True
    )
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def longest(run: dict[str, object]) -> float:
    stalls = run["stalls"]
    assert isinstance(stalls, list)
    return max((float(stall[1]) for stall in stalls), default=0.0)


def report(name: str, runs: list[dict[str, object]], shown: int) -> float:
    """Print the median run (by its longest stall); return that longest stall."""
    runs = sorted(runs, key=longest)
    median = runs[len(runs) // 2]
    stalls = median["stalls"]
    assert isinstance(stalls, list)
    worst = [longest(run) for run in runs]
    print(
        f"{name}: longest stall {longest(median):.1f} ms (runs: {', '.join(f'{w:.1f}' for w in worst)}); "
        f"{len(stalls)} stalls, {sum(float(s[1]) for s in stalls):.0f} ms in all, build {median['built']:.2f} s"
    )
    for at, ms, where in sorted(stalls, key=lambda stall: -float(stall[1]))[:shown]:
        print(f"  {ms:6.1f} ms at {at:5.2f} s   {' <- '.join(reversed(where))}")
    return longest(median)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="fresh processes per contender (default 5)")
    parser.add_argument("--over", type=float, default=5.0, help="a wake-up this many ms late is a stall (default 5)")
    parser.add_argument("--shown", type=int, default=8, help="stalls listed for the median run (default 8)")
    parser.add_argument("--before", type=Path, help="a checkout of other code, measured in the same run")
    args = parser.parse_args()
    contenders = {"this code": ROOT} | ({"before": args.before.resolve()} if args.before else {})
    results = {name: [probe(root, args.over) for _ in range(args.runs)] for name, root in contenders.items()}
    worst = {name: report(name, runs, args.shown) for name, runs in results.items()}
    if args.before and worst["before"]:
        print(f"longest stall this / before: x{worst['this code'] / worst['before']:.2f}")
    print(
        f"median of longest stalls over every run: {statistics.median(longest(r) for r in results['this code']):.1f} ms"
    )


if __name__ == "__main__":
    main()
