"""``python -m solver fingers``: who wins the finger game, and the Japanese article's table."""

from __future__ import annotations

import argparse
import html
import json
import os
import sys
import time
from pathlib import Path
from typing import Literal, NamedTuple

from solver.cli import UsageError
from solver.engine import Value
from solver.fingers import (
    REPEATS,
    FingerGame,
    FingerRules,
    Hands,
    Move,
    State,
    after_move,
    describe,
    legal_moves,
    move_code,
)
from solver.review import ReviewError, review_fingers, review_lines, summarise

#: Hands of 2 to this many fingers; beyond it the table grows past any use.
MAX_FINGERS = 20

Player = Literal["A", "B"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--fingers", type=int, default=5, metavar="N", help="a hand dies at N fingers (default: 5)")
    parser.add_argument(
        "--overflow", choices=["cutoff", "modulo"], default="cutoff", help="N or more kills a hand, or wraps around"
    )
    parser.add_argument("--self-attack", action="store_true", help="a hand may also tap its owner's other hand")
    shown = parser.add_mutually_exclusive_group()
    shown.add_argument("--json", action="store_true", help="print one JSON object")
    shown.add_argument(
        "--text",
        action="store_true",
        help="print the Japanese article's table as text: every state, its moves, who wins (in colour on a terminal)",
    )
    parser.add_argument(
        "--html", metavar="FILE", help="write the Japanese article's table of every state and its moves"
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION", parser_class=type(parser))
    review = actions.add_parser("review", help="grade each move of a game from the start (A moves first)")
    review.add_argument(
        "moves",
        nargs="+",
        metavar="MOVES",
        help="moves in order, spaces or commas between: 1x2 (my 1 taps your 2), 1xx3 (my own 3), 1+3 (split)",
    )
    review.add_argument("--fingers", type=int, default=5, metavar="N", help="a hand dies at N fingers (default: 5)")
    review.add_argument("--overflow", choices=["cutoff", "modulo"], default="cutoff")
    review.add_argument("--self-attack", action="store_true", help="a hand may also tap its owner's other hand")
    review.add_argument(
        "--cap",
        type=int,
        metavar="N",
        help="grade under the bot's draw rules: a position's third time, or N moves, is a draw (default: none)",
    )
    review.add_argument("--json", action="store_true", help="print one JSON object")


def run(args: argparse.Namespace) -> int:
    if not 2 <= args.fingers <= MAX_FINGERS:
        raise UsageError(f"--fingers {args.fingers}: choose 2 to {MAX_FINGERS}")
    started = time.perf_counter()
    game = FingerGame(FingerRules(args.fingers, args.overflow, args.self_attack))
    seconds = time.perf_counter() - started
    if args.action == "review":
        if args.cap is not None and args.cap < 1:
            raise UsageError(f"--cap {args.cap}: choose 1 or more moves")
        codes = [code for text in args.moves for code in text.replace(",", " ").split()]
        return _run_review(game, codes, args.cap, args.json)
    if args.html:
        try:
            Path(args.html).write_text(table_html(game), encoding="utf-8")
        except OSError as error:
            raise UsageError(f"--html {args.html}: {error.strerror or error}") from None
    if args.json:
        print(json.dumps(report(game, seconds), ensure_ascii=False))
    elif args.text:
        print(table_text(game, colour=_colour_wanted()), end="")
    else:
        print(text(game, seconds))
    return 0


def report(game: FingerGame, seconds: float) -> dict[str, object]:
    counts = game.counts()
    return {
        "fingers": game.rules.fingers,
        "overflow": game.rules.overflow,
        "self_attack": game.rules.self_attack,
        "start": game.winner_from_start(),
        "plies_to_end": game.distance(game.start),
        "positions": game.positions,
        "won": counts[Value.WIN],
        "lost": counts[Value.LOSS],
        "drawn": counts[Value.DRAW],
        "seconds": round(seconds, 4),
    }


def text(game: FingerGame, seconds: float) -> str:
    rules, counts = game.rules, game.counts()
    overflow = f"{rules.fingers}+ kills a hand" if rules.overflow == "cutoff" else f"sums wrap modulo {rules.fingers}"
    winner = game.winner_from_start()
    if winner == "draw":
        verdict = "a draw, neither player can force a win (play goes on for ever)"
    else:
        verdict = f"the {winner} player wins with perfect play, in {game.distance(game.start)} plies"
    return "\n".join(
        [
            f"rules: hands of 0-{rules.fingers - 1} fingers, {overflow}, "
            f"self-attack {'allowed' if rules.self_attack else 'not allowed'}",
            f"from the start (1,1 against 1,1): {verdict}",
            f"{game.positions:,} states: {counts[Value.WIN]:,} won, {counts[Value.LOSS]:,} lost, "
            f"{counts[Value.DRAW]:,} drawn for the player to move",
            f"solved in {seconds:.3f} s",
            "every state and its moves: --text (here) or --html FILE (a page)",
        ]
    )


# ---------------------------------------------------------------- review


def _run_review(game: FingerGame, codes: list[str], cap: int | None, as_json: bool) -> int:
    """Without a cap, the Japanese article's endless game; with one, the bot's draw rules (the judge's grades)."""
    try:
        graded = review_fingers(game, codes, cap, None if cap is None else REPEATS)
    except ReviewError as error:
        raise UsageError(str(error)) from None
    summary = summarise(graded)
    if as_json:
        moves = [move.as_json() for move in graded]
        rules = {**_rules_report(game), "cap": cap, "repeats": None if cap is None else REPEATS}
        print(json.dumps({**rules, "moves": moves, "summary": summary.as_json()}, ensure_ascii=False))
    else:
        print("\n".join(review_lines(graded, summary)))
    return 0


def _rules_report(game: FingerGame) -> dict[str, object]:
    return {"fingers": game.rules.fingers, "overflow": game.rules.overflow, "self_attack": game.rules.self_attack}


# ---------------------------------------------------------------- the Japanese article's table


class Seat(NamedTuple):
    """A state as the Japanese article writes it: whose turn, A's hands, B's hands."""

    turn: Player
    a: Hands
    b: Hands

    @classmethod
    def of(cls, state: State, turn: Player) -> Seat:
        return cls(turn, state.mover, state.waiting) if turn == "A" else cls(turn, state.waiting, state.mover)

    @property
    def anchor(self) -> str:
        return "-".join([self.turn, *map(str, self.a + self.b)])

    @property
    def label(self) -> str:
        return "({},{},{},{},{})".format(self.turn, *self.a, *self.b)


def _other(turn: Player) -> Player:
    return "B" if turn == "A" else "A"


def _winner_class(game: FingerGame, state: State, turn: Player) -> str:
    """``A``, ``B`` or ``X`` (a draw), as the Japanese article's colours."""
    value = game.value(state)
    return "X" if value is Value.DRAW else turn if value is Value.WIN else _other(turn)


def _link(game: FingerGame, state: State, turn: Player, move: Move) -> str:
    after = after_move(state, move)
    seat = Seat.of(after, _other(turn))
    return (
        f'<a class="{_winner_class(game, after, seat.turn)}" href="#{seat.anchor}" '
        f'title="{html.escape(describe(move))}">{html.escape(seat.label)}</a>'
    )


def _entry(game: FingerGame, state: State, turn: Player) -> str:
    seat = Seat.of(state, turn)
    moves = legal_moves(game.rules, state)
    if moves:
        outcome = ", ".join(_link(game, state, turn, move) for move in moves)
    else:
        outcome = f"{_winner_class(game, state, turn)} wins!"
    name = f'<span class="{_winner_class(game, state, turn)}">{html.escape(seat.label)}</span>'
    return f'<li id="{seat.anchor}">{name} → {outcome}</li>'


_STYLE = """
body { font-family: sans-serif; line-height: 1.5; }
.A { color: red; } .B { color: blue; } .X { color: gray; }
ul.states { list-style: none; padding: 0; }
a.start { color: green; }
"""


def table_html(game: FingerGame) -> str:
    """Every state with each seat (A or B to move) and its moves, each move a
    link to the state it leads to, coloured by who wins with perfect play."""
    rules = game.rules
    entries = [_entry(game, state, turn) for turn in ("A", "B") for state in game.states]
    start = Seat.of(game.start, "A")
    variant = f"{rules.fingers} fingers, {rules.overflow}" + (", self-attack" if rules.self_attack else "")
    title = f"The finger game: {variant}"
    return "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en"><head><meta charset="utf-8">',
            f"<title>{html.escape(title)}</title>",
            f"<style>{_STYLE}</style>",
            "</head><body>",
            f"<h1>{html.escape(title)}</h1>",
            "<p>Notation: (turn, A's hands, B's hands); A moves first. Hover over a move to read it in words.</p>",
            '<ul><li><span class="A">Red: A will win</span></li>',
            '<li><span class="B">Blue: B will win</span></li>',
            '<li><span class="X">Grey: draw, neither side can force a win</span></li></ul>',
            f'<p><a class="start" href="#{start.anchor}">Start the game: {html.escape(start.label)}</a></p>',
            '<ul class="states">',
            *entries,
            "</ul>",
            "</body></html>",
            "",
        ]
    )


#: How the text table marks who wins, and the HTML's colours for it on a terminal (red, blue, grey).
_MARK = {"A": "A", "B": "B", "X": "="}
_ANSI = {"A": "\x1b[31m", "B": "\x1b[34m", "X": "\x1b[90m"}


def _colour_wanted() -> bool:
    """Colour only for a person at a terminal, and never when NO_COLOR is set (no-color.org)."""
    return sys.stdout.isatty() and not os.environ.get("NO_COLOR")


def table_text(game: FingerGame, colour: bool = False) -> str:
    """:func:`table_html` as plain text, one state a line in the same order: the state, who wins
    from it, then each move (in the review's notation) with the state it leads to and who wins
    from there. ``colour`` adds the HTML's colours as terminal escapes; the marks stay."""

    def shown(state: State, turn: Player) -> str:
        who = _winner_class(game, state, turn)
        text = f"{Seat.of(state, turn).label} {_MARK[who]}"
        return f"{_ANSI[who]}{text}\x1b[0m" if colour else text

    rules = game.rules
    variant = f"{rules.fingers} fingers, {rules.overflow}" + (", self-attack" if rules.self_attack else "")
    lines = [
        f"The finger game: {variant}",
        "Notation: (turn, A's hands, B's hands); A moves first. After each state, who wins with perfect play:",
        "A (red on a terminal), B (blue) or = (grey: a draw, neither side can force a win).",
        "Moves: 1x2 my 1 taps your 2, 1xx3 my 1 taps my own 3, 1+3 split into 1 and 3.",
        f"Start the game: {shown(game.start, 'A')}",
        "",
    ]
    for turn in ("A", "B"):
        for state in game.states:
            moves = legal_moves(rules, state)
            if moves:
                outcome = ", ".join(
                    f"{move_code(move)} {shown(after_move(state, move), _other(turn))}" for move in moves
                )
            else:
                outcome = f"{_MARK[_winner_class(game, state, turn)]} wins!"
            lines.append(f"{shown(state, turn)} → {outcome}")
    return "\n".join(lines) + "\n"
