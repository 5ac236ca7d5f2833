"""``python -m solver words``: the letter game's dictionary, one word a line."""

from __future__ import annotations

import argparse

from solver.cli import UsageError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from solver.words import LANGUAGES, Tier

    parser.add_argument("--lang", choices=sorted(LANGUAGES), default="ru", help="which dictionary (default: ru)")
    parser.add_argument("--tier", choices=[t.value for t in Tier], default=Tier.COMMON.value, help="default: common")


def run(args: argparse.Namespace) -> int:
    from solver.words import LANGUAGES, WordListError

    language = LANGUAGES[args.lang]
    try:
        words = language.words(args.tier)
    except WordListError as error:
        raise UsageError(f"{error} (rebuild it with 'make data')") from None
    print("\n".join(word for word in words if len(word) >= language.min_length))
    return 0
