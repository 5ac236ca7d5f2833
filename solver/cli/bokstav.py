"""``python -m solver bokstav FILE``: seed 001's program, Bokstavslek.

The input is ``bokstav.dat``: N on the first line, then N words. The answer
is the letters Anna (player 1) can open with and win whatever Bosse does,
under Ghost rules (completing a word loses), printed exactly as the task asks.
"""

from __future__ import annotations

import argparse

from solver.cli import UsageError
from solver.letters import LetterGame, Rule
from solver.words import WordListError, read_words


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="a bokstav.dat file")


def safe_letters_line(words: list[str]) -> str:
    game = LetterGame(words, Rule.COMPLETE_LOSES, min_length=1)
    letters = " ".join(letter.upper() for letter in game.winning_letters(""))
    return f"Säkra bokstäver: {letters}".rstrip()


def run(args: argparse.Namespace) -> int:
    try:
        words = read_words(args.file)
    except WordListError as error:
        raise UsageError(str(error)) from None
    if not words:
        raise UsageError(f"{args.file}: no words")
    print(safe_letters_line(words))
    return 0
