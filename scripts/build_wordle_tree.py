"""Rebuild ``data/wordle_tree.json``: the 5bukv engine's whole decision tree for the shipped noun list.

Run ``.venv/bin/python scripts/build_wordle_tree.py`` (or ``-m scripts.build_wordle_tree``).
It takes about three minutes (176 s measured, on one busy core) with the default widths; it prints the
figures of the tree it wrote (average tries, worst case, histogram).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.wordle import BUILD_LIMITS, TREE_FILE, SearchLimits, Wordle, default_words, play_all, save_plan, timed_build


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=TREE_FILE, help=f"where to write (default: {TREE_FILE})")
    parser.add_argument("--widths", default=",".join(map(str, BUILD_LIMITS.widths)), help="guesses tried per level")
    parser.add_argument("--widest", type=int, default=BUILD_LIMITS.widest, help="widen a failing node's list up to")
    parser.add_argument("--widen-levels", type=int, default=BUILD_LIMITS.widen_levels, help="levels that may widen")
    args = parser.parse_args(argv)
    widths = tuple(int(w) for w in args.widths.split(","))
    limits = SearchLimits(widths=widths, widest=args.widest, widen_levels=args.widen_levels)
    words = default_words()
    engine = Wordle(words)
    plan, seconds = timed_build(engine, limits)
    save_plan(args.out, words, plan, seconds)
    stats = play_all(engine)
    print(
        f"{args.out}: {stats.words} words, first guess {stats.first_guess}, average {stats.average:.4f}, "
        f"max {stats.worst}, failed {len(stats.failed)}, histogram {stats.histogram}, built in {seconds:.0f} s"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
