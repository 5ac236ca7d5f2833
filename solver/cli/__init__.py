"""The analysis command line: one sub-command per game, one module each.

Every failure a user can cause ends as one line on stderr and exit status 2,
never a traceback. Game modules are imported only when their sub-command
runs, so a cold start pays only for the game asked about.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

#: sub-command → (module in this package, one-line help)
COMMANDS = {
    "letters": ("letters", "the letter game: who wins, with which letters, the strategy"),
    "bokstav": ("bokstav", "Bokstavslek's program: the safe first letters of a bokstav.dat file"),
    "wordle": ("wordle", "5bukv: the next guess for a history of masks, or the strategy's statistics"),
    "fingers": ("fingers", "the finger game (Chopsticks): who wins from the start"),
    "word": ("word", "does a word count in the letter game (which tier) and in 5bukv, and if not, why"),
    "words": ("words", "the letter game's dictionary, one word a line"),
    "daily": ("daily", "the daily puzzle of a date: the board, its forced win and the whole strategy"),
}


class UsageError(Exception):
    """A problem with what the user asked for; its message is the one line shown."""


class Parser(argparse.ArgumentParser):
    """argparse, but a bad option is one line on stderr, not the usage block."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message}")


def build_parser() -> Parser:
    parser = Parser(
        prog="python -m solver",
        description="Exact analysis of the word games and the finger game.",
        epilog="'python -m solver COMMAND --help' shows a command's options.",
        formatter_class=_one_line_each,
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=Parser)
    for name, (_, help_text) in COMMANDS.items():
        commands.add_parser(name, help=help_text, description=help_text, add_help=True)
    return parser


def _one_line_each(prog: str) -> argparse.HelpFormatter:
    """Wide enough that every command's help stays on its own single line."""
    return argparse.HelpFormatter(prog, width=120, max_help_position=16)


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv:  # asking nothing is asking what there is: the help, as --help shows it
        print(build_parser().format_help(), end="")
        return 0
    try:
        command = _command_name(argv)
        module = importlib.import_module(f"solver.cli.{COMMANDS[command][0]}")
        parser = Parser(prog=f"python -m solver {command}", description=COMMANDS[command][1])
        module.add_arguments(parser)
        status = int(module.run(parser.parse_args(argv[1:])) or 0)
        sys.stdout.flush()  # a closed pipe shows here, inside the try, not at exit
        return status
    except BrokenPipeError:
        _discard_further_output()
        return 1
    except UsageError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("error: interrupted", file=sys.stderr)
        return 130


def _discard_further_output() -> None:
    """Point stdout at devnull so the interpreter's final flush cannot fail again.

    The Python docs' recipe for ``… | head``: the reader has gone, which is
    not an error worth a traceback.
    """
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


def _command_name(argv: list[str]) -> str:
    """The sub-command, answering ``--help`` and a bad name the argparse way."""
    if argv[0].startswith("-"):
        build_parser().parse_args(argv)  # prints help and exits, or raises UsageError
        raise UsageError("python -m solver: a command is required")
    if argv[0] not in COMMANDS:
        raise UsageError(f"python -m solver: unknown command {argv[0]!r} (choose from {', '.join(COMMANDS)})")
    return argv[0]
