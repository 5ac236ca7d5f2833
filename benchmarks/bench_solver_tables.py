"""What the bot's start-up tables cost: the letter games on every clean word only
(as before the word tiers) against the bot's own set (everyday words and every word,
with frequencies), without and with the group games' tables for 2 to 4 players
(bot/games/letters/group/tables.py GROUP_SEATS_AT_START). Each contender is built in a fresh process, so its memory
is its own: resident once built (VmRSS) and the peak while building (VmHWM, what a container's
memory limit meets); the figures are the median of the runs, then the ratio.

With ``--before DIR`` (other code, e.g. ``mkdir /tmp/before && git archive main | tar -x -C /tmp/before``)
each contender is built by that code too, in the same run, and the ratios compare this code with it."""

from __future__ import annotations

import argparse
import itertools
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

BUILD = {
    "full lists only (before tiers)": """
from solver.fingers import FingerGame
from solver.letters import LetterGame, Rule
from solver.wordle import Wordle
from solver.words import LANGUAGES
ru, en = LANGUAGES["ru"], LANGUAGES["en"]
tables = [LetterGame(ru.words("full"), rule, ru.min_length, ru.alphabet) for rule in Rule]
tables.append(LetterGame(en.words("full"), en.rule, en.min_length, en.alphabet))
wordle = Wordle.default()
wordle.first_guess()
tables.append(FingerGame())
""",
    "the bot's tables (both tiers)": """
from bot.core.solvers import build_solvers
try:
    from bot.games.letters.group.tables import GroupSeats
    from bot.registry import SOLVER_TABLES
except ImportError:  # code from before each game declared its own solver tables (--before)
    tables = build_solvers(group_seats=())
else:
    tables = build_solvers([make for make in SOLVER_TABLES if make is not GroupSeats])
""",
    "both tiers + group tables, 2-4 seats": """
from bot.core.solvers import build_solvers
try:
    from bot.registry import SOLVER_TABLES
except ImportError:  # code from before each game declared its own solver tables (--before)
    tables = build_solvers()
else:
    tables = build_solvers(SOLVER_TABLES)
""",
}

MEASURE = """
import gc, time
started = time.perf_counter()
{build}
seconds = time.perf_counter() - started
gc.collect()
status = open("/proc/self/status").read()
print(seconds, *(int(status.split(f"{{field}}:")[1].split()[0]) / 1024 for field in ("VmRSS", "VmHWM")))
"""


def measure(build: str, root: Path = ROOT) -> tuple[float, float, float]:
    """Build in a fresh interpreter that imports the code under ``root`` (``-c`` puts its folder first):
    seconds, resident MB and peak MB."""
    code = MEASURE.format(build=build)
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True).stdout
    seconds, resident, peak = out.split()
    return float(seconds), float(resident), float(peak)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3, help="fresh processes per contender (default 3)")
    parser.add_argument("--before", type=Path, help="a checkout of the code to compare with, built side by side")
    args = parser.parse_args()
    roots = {"": ROOT} | ({BEFORE: args.before.resolve()} if args.before else {})
    # Interleaved (this code, then the other, run after run), so both see the same machine load.
    results: dict[tuple[str, str], list[tuple[float, float, float]]] = {}
    for _ in range(args.runs):
        for name, build in BUILD.items():
            for label, root in roots.items():
                results.setdefault((name, label), []).append(measure(build, root))
    print(f"{'tables':47} {'build s':>8} {'resident MB':>12} {'peak MB':>8}   (median of {args.runs} fresh processes)")
    medians = {}
    for (name, label), figures in results.items():
        medians[name, label] = tuple(statistics.median(run[i] for run in figures) for i in range(3))
        seconds, resident, peak = medians[name, label]
        print(f"{name + label:47} {seconds:8.2f} {resident:12.1f} {peak:8.1f}")
    for before, after in itertools.pairwise(BUILD):
        print(f"ratios {after} / {before}: {_ratios(medians[after, ''], medians[before, ''])}")
    for name in BUILD if args.before else ():
        print(f"ratios {name}, this code / before: {_ratios(medians[name, ''], medians[name, BEFORE])}")


BEFORE = " (before)"


def _ratios(new: tuple[float, ...], old: tuple[float, ...]) -> str:
    return f"build x{new[0] / old[0]:.2f}, resident x{new[1] / old[1]:.2f}, peak x{new[2] / old[2]:.2f}"


if __name__ == "__main__":
    main()
