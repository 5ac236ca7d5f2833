"""``python -m solver daily``: the daily puzzle of a date, its forced win and the strategy behind it."""

from __future__ import annotations

import argparse
import json
from datetime import date

from solver.cli import UsageError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--date", default=None, help="YYYY-MM-DD (default: today, on this machine's clock)")
    parser.add_argument("--lang", choices=["ru", "en"], default="ru", help="ru: the letter game; en: English Ghost")
    parser.add_argument("--json", action="store_true", help="one JSON object instead of text")


def run(args: argparse.Namespace) -> int:
    from solver.daily import DailyBook
    from solver.letters import LetterGame
    from solver.words import LANGUAGES, Tier, WordListError

    day = _day(args.date)
    language = LANGUAGES[args.lang]
    try:
        zipf = language.zipf(Tier.COMMON)
    except WordListError as error:
        raise UsageError(f"{error} (rebuild it with 'make data')") from None
    game = LetterGame(list(zipf), language.rule, language.min_length, language.alphabet, zipf)
    puzzle = DailyBook(game, args.lang).puzzle(day)
    if args.json:
        print(json.dumps(puzzle.as_json(), ensure_ascii=False))
        return 0
    print(f"daily №{puzzle.number}, {puzzle.day:%A %Y-%m-%d} ({args.lang}, {language.rule}, everyday words)")
    print(f"board: {puzzle.board.upper()} — the player to move forces a win in {puzzle.moves} letter(s)")
    print(f"winning letters: {' '.join(letter.upper() for letter in puzzle.winning_letters)}")
    print(f"main line: {puzzle.line.upper()}")
    print(f"strategy: {puzzle.strategy}")
    return 0


def _day(text: str | None) -> date:
    if text is None:
        return date.today()
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise UsageError(f"--date: {text!r} is not a date like 2026-11-25") from None
