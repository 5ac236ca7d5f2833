"""``python -m solver bokstav [FILE]``: Bokstavslek's program (a Swedish contest task).

The input is ``bokstav.dat``: N on the first line, then N words. The answer
is the letters Anna (player 1) can open with and win whatever Bosse does,
under Ghost rules (completing a word loses), printed exactly as the task asks.
As the task's program does, with no FILE it reads ``bokstav.dat`` from the
current directory.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from solver.cli import UsageError
from solver.letters import LetterGame, Rule
from solver.words import WordListError, read_words

#: The file Bokstavslek's task names («filen bokstav.dat»), read from the current directory.
DEFAULT_FILE = "bokstav.dat"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file",
        nargs="?",
        metavar="FILE",
        help=f"N on the first line, then N words (default: {DEFAULT_FILE} in the current directory, as the task reads)",
    )


def safe_letters_line(words: list[str]) -> str:
    game = LetterGame(words, Rule.COMPLETE_LOSES, min_length=1)
    letters = " ".join(letter.upper() for letter in game.winning_letters(""))
    return f"Säkra bokstäver: {letters}".rstrip()


def run(args: argparse.Namespace) -> int:
    path = args.file or _default_file()
    try:
        words = read_words(path)
    except WordListError as error:
        raise UsageError(str(error)) from None
    if not words:
        raise UsageError(f"{path}: no words")
    print(safe_letters_line(words))
    return 0


def _default_file() -> str:
    if not Path(DEFAULT_FILE).is_file():
        raise UsageError(
            f"no FILE given and no {DEFAULT_FILE} in the current directory ({Path.cwd()}): "
            f"put the word list there, or name it: python -m solver bokstav FILE"
        )
    return DEFAULT_FILE
