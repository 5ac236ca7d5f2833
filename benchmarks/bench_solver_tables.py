"""What the bot's start-up tables cost: the letter games on every clean word only
(as before the word tiers) against the bot's own set (everyday words and every word,
with frequencies), without and with the group games' tables for 2 to 4 players
(bot/solvers.py GROUP_SEATS_AT_START). Each contender is built in a fresh process, so its resident memory
is its own; the figures are the median of the runs, then the ratio."""

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
from bot.solvers import build_solvers
tables = build_solvers(group_seats=())
""",
    "both tiers + group tables, 2-4 seats": """
from bot.solvers import build_solvers
tables = build_solvers()
""",
}

MEASURE = """
import gc, time
started = time.perf_counter()
{build}
seconds = time.perf_counter() - started
gc.collect()
status = open("/proc/self/status").read()
print(seconds, int(status.split("VmRSS:")[1].split()[0]) / 1024)
"""


def measure(build: str) -> tuple[float, float]:
    code = MEASURE.format(build=build)
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    seconds, megabytes = out.split()
    return float(seconds), float(megabytes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3, help="fresh processes per contender (default 3)")
    runs = parser.parse_args().runs
    results = {name: [measure(build) for _ in range(runs)] for name, build in BUILD.items()}
    print(f"{'tables':38} {'build s':>8} {'resident MB':>12}   (median of {runs} fresh processes)")
    medians = {}
    for name, figures in results.items():
        seconds = statistics.median(s for s, _ in figures)
        megabytes = statistics.median(m for _, m in figures)
        medians[name] = (seconds, megabytes)
        print(f"{name:38} {seconds:8.2f} {megabytes:12.1f}")
    names = list(medians)
    for before, after in itertools.pairwise(names):
        (old_s, old_mb), (new_s, new_mb) = medians[before], medians[after]
        print(f"ratios {after} / {before}: build x{new_s / old_s:.2f}, memory x{new_mb / old_mb:.2f}")


if __name__ == "__main__":
    main()
