"""Rebuild ``solver/data/wordle_tree.json``: the 5bukv engine's whole decision tree for the shipped noun list.

Run ``.venv/bin/python scripts/build_wordle_tree.py`` (or ``-m scripts.build_wordle_tree``). It takes
a minute or so; the progress bar counts the openers searched, and at the end it prints the figures of
the tree it wrote (uniform, common-word and prior-weighted average tries, worst case, histogram).

The prior's weights and the search's settings can be changed for a trial (``--middle 0.3 --out /tmp/t.json``):
a tree built with another prior or other settings is written where asked but never read by the engine, whose
stored tree must match its own prior and settings (see ``Wordle.digest``).
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import fields, replace
from pathlib import Path

from tqdm import tqdm  # type: ignore[import-untyped]

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.wordle import (
    BUILD_LIMITS,
    PRIOR,
    TREE_FILE,
    Prior,
    Stats,
    Wordle,
    default_guessable,
    default_kinds,
    default_words,
    default_zipf,
    past_the_last_try,
    play_all,
    save_plan,
    timed_build,
)

COMMON_LEVELS = (3.0, 2.5)
SEARCH_OPTIONS = {
    "complete_up_to": "try every guess for this many candidates or fewer",
    "sixth_try": "extra cost per secret found only at the sixth try",
    "rare_chance": "guess a candidate outside the common words from this chance of being the answer",
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=TREE_FILE, help=f"where to write (default: {TREE_FILE})")
    parser.add_argument("--widths", default=",".join(map(str, BUILD_LIMITS.widths)), help="guesses tried per level")
    parser.add_argument(
        "--guessable",
        choices=("common", "all"),
        default="common",
        help="the words it may guess to split the candidates: the common tier (shipped) or every word of the list",
    )
    for name, meaning in SEARCH_OPTIONS.items():
        default = getattr(BUILD_LIMITS, name)
        parser.add_argument(f"--{name.replace('_', '-')}", type=type(default), default=default, help=meaning)
    for name in (prior_field.name for prior_field in fields(Prior)):
        parser.add_argument(f"--{name}", type=float, default=getattr(PRIOR, name), help="the prior's shape (trials)")
    args = parser.parse_args(argv)
    limits = replace(
        BUILD_LIMITS,
        widths=tuple(int(w) for w in args.widths.split(",")),
        complete_up_to=args.complete_up_to,
        sixth_try=args.sixth_try,
        rare_chance=args.rare_chance,
    )
    prior = Prior(**{prior_field.name: getattr(args, prior_field.name) for prior_field in fields(Prior)})
    guessable = default_guessable() if args.guessable == "common" else None
    engine = Wordle(default_words(), zipf=default_zipf(), guessable=guessable, prior=prior, kinds=default_kinds())
    with tqdm(total=limits.widths[0], desc="openers", unit="guess") as progress:
        plan, seconds = timed_build(engine, limits, on_root_guess=progress.update)
    beyond = past_the_last_try(plan, engine.secrets)
    if beyond:  # the game gives six tries: a tree that needs more for any candidate is never written
        print(f"not written: the tree leaves {len(beyond)} candidates past six tries: {beyond}", file=sys.stderr)
        return 1
    save_plan(args.out, engine, plan, limits, openings=True)
    stats = play_all(engine)
    print(
        f"{args.out}: {stats.words} words, first guess {stats.first_guess}, average {stats.average:.4f}, "
        + ", ".join(f"Zipf >= {level} {common_average(engine, stats, level):.4f}" for level in COMMON_LEVELS)
        + f", prior-weighted {stats.weighted_average:.4f}, max {stats.worst}, failed {len(stats.failed)}, "
        f"histogram {stats.histogram}, built in {seconds:.0f} s"
    )
    return 0


def common_average(engine: Wordle, stats: Stats, level: float) -> float:
    """The average tries over the common nouns (guessable words) of at least this Zipf frequency: the
    shipped common words the engine is judged by (the other kinds of answer are weighed apart)."""
    zipf = engine.zipf or {}
    common = {engine.words[i] for i in engine.guessable}
    tries = [count for secret, count in stats.tries.items() if secret in common and zipf.get(secret, 0.0) >= level]
    return sum(tries) / len(tries)


if __name__ == "__main__":
    raise SystemExit(main())
