"""``python -m solver words``: the letter game's dictionary, one word a line; ``--audit`` checks the policy."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from solver.cli import UsageError

if TYPE_CHECKING:
    from solver.policy import Question


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from solver.words import LANGUAGES, Tier

    parser.add_argument("--lang", choices=sorted(LANGUAGES), default="ru", help="which dictionary (default: ru)")
    parser.add_argument("--tier", choices=[t.value for t in Tier], default=Tier.COMMON.value, help="default: common")
    parser.add_argument(
        "--audit",
        action="store_true",
        help="instead: what the exclusion policy's roots question in every built list (both languages, every "
        "tier, 5bukv's guesses and the answers it may show); exit status 1 when anything is questioned",
    )


def run(args: argparse.Namespace) -> int:
    from solver.words import LANGUAGES, WordListError

    if args.audit:
        try:
            lines, questioned = audit()
        except WordListError as error:
            raise UsageError(f"{error} (rebuild it with 'make data')") from None
        print("\n".join(lines))
        return 1 if questioned else 0
    language = LANGUAGES[args.lang]
    try:
        words = language.words(args.tier)
    except WordListError as error:
        raise UsageError(f"{error} (rebuild it with 'make data')") from None
    print("\n".join(word for word in words if len(word) >= language.min_length))
    return 0


def audit() -> tuple[list[str], int]:
    """One line per list: its size, the words the policy set aside, and what its roots still question."""
    from solver.policy import reviewed_keeps, unresolved
    from solver.wordle import Wordle
    from solver.words import LANGUAGES, Reason, Tier

    lines, total = [], 0
    for code, language in LANGUAGES.items():
        offensive = sum(reason is Reason.OFFENSIVE for reason in language.reasons().values())
        lines.append(f"{code}: {offensive} words excluded as offensive; {len(reviewed_keeps(code))} kept on review")
        for tier in Tier:
            words = language.words(tier)
            found = unresolved(words, code)
            total += len(found)
            lines.append(_line(f"{code} {tier.value}", len(words), found))
    engine = Wordle.default()
    guesses = [engine.words[i] for i in engine.guessable]
    shown = [word for word in engine.words if engine.can_say(word)]
    for name, words in (("5bukv guesses", guesses), ("5bukv answers shown", shown)):
        found = unresolved(words, "ru")
        total += len(found)
        lines.append(_line(name, len(words), found))
    hidden = len(engine.words) - len(shown)
    lines.append(f"5bukv: {hidden} possible answers never shown (crude words and insults: counted only)")
    lines.append(f"questioned in all: {total}")
    return lines, total


def _line(name: str, size: int, found: list[Question]) -> str:
    words = " ".join(f"{question.word}({question.kind})" for question in found)
    return f"{name}: {size} words, questioned {len(found)}" + (f": {words}" if words else "")
