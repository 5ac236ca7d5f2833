"""Rebuild ``data/wordle_tree.json``: the 5bukv engine's whole decision tree for the shipped noun list.

Run ``.venv/bin/python scripts/build_wordle_tree.py`` (or ``-m scripts.build_wordle_tree``). It takes
a few minutes; the progress bar counts the openers searched, and at the end it prints the figures of
the tree it wrote (uniform and prior-weighted average tries, worst case, histogram).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tqdm import tqdm  # type: ignore[import-untyped]

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.wordle import BUILD_LIMITS, TREE_FILE, SearchLimits, Wordle, play_all, save_plan, timed_build


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=TREE_FILE, help=f"where to write (default: {TREE_FILE})")
    parser.add_argument("--widths", default=",".join(map(str, BUILD_LIMITS.widths)), help="guesses tried per level")
    parser.add_argument(
        "--complete-up-to", type=int, default=BUILD_LIMITS.complete_up_to, help="try every guess below this many"
    )
    args = parser.parse_args(argv)
    widths = tuple(int(w) for w in args.widths.split(","))
    limits = SearchLimits(widths=widths, complete_up_to=args.complete_up_to)
    engine = Wordle.default()
    with tqdm(total=widths[0], desc="openers", unit="guess") as progress:
        plan, seconds = timed_build(engine, limits, on_root_guess=progress.update)
    save_plan(args.out, engine, plan, seconds)
    stats = play_all(engine)
    print(
        f"{args.out}: {stats.words} words, first guess {stats.first_guess}, average {stats.average:.4f}, "
        f"prior-weighted {stats.weighted_average:.4f}, max {stats.worst}, failed {len(stats.failed)}, "
        f"histogram {stats.histogram}, built in {seconds:.0f} s"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
