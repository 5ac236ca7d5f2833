"""Game review: every move of a finished game graded against the solved table.

A chess engine's review marks each move best, a mistake or a blunder. Our
games are solved exactly, so the grade is not an estimate: for each move we
know the value of the position before it (for the player who moved), the
value it left (still for that player), and every move that was available
with its own value and distance. The grading itself is game-independent:
it sees a position as a list of :class:`Option` (a move, its value for the
mover, plies to the end after it), which the letter game and the finger
game both provide from their tables.

Grades, for the player who moved:

* ``kept-win``: won before and after (``only`` when no other move won);
* ``threw-win``: won before, not after; the review names the moves that kept it;
* ``kept-draw`` / ``threw-draw``: the same for a drawn position (finger game);
* ``lost-anyway``: lost before, whatever was played; the best moves say how
  long the best defence would have lasted (``best`` when the move did, ``only``
  when every other move lost at once).

A move is ``best`` when it has the best value available and, among those,
the best distance: the fastest win, the longest defence (draws all tie).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from solver.engine import NO_END, Value
from solver.fingers import Course, FingerGame, State, move_code
from solver.letters import LetterGame, Verdict


class Grade(StrEnum):
    KEPT_WIN = "kept-win"
    THREW_WIN = "threw-win"
    KEPT_DRAW = "kept-draw"
    THREW_DRAW = "threw-draw"
    LOST_ANYWAY = "lost-anyway"


VALUE_NAMES = {Value.WIN: "win", Value.DRAW: "draw", Value.LOSS: "loss"}


@dataclass(frozen=True)
class Option:
    """A move available at a position, judged for the player who makes it."""

    move: str
    value: Value
    plies: int  # plies after this move until the end under best play; NO_END for a draw
    example: str = ""  # a word best play ends at (letter game), else empty
    dead: bool = False  # a letter no word goes on with: it ends the game, lost, worse than any legal move


@dataclass(frozen=True)
class GradedMove:
    """One move of the game and what the table says about it."""

    ply: int  # 1-based
    mover: int  # 1 or 2 (seat)
    move: str
    before: Value  # the position's value for the mover, before the move
    before_plies: int
    after: Value  # the value the move left, for the mover
    after_plies: int
    grade: Grade
    best: bool
    only: bool  # the only win (or draw) there; when lost, the only move that did not lose at once
    best_moves: tuple[Option, ...]  # every move of the best value, fastest/longest first
    dead: bool = False  # a letter no word goes on with: lost on the spot, never a defence

    def as_json(self) -> dict[str, object]:
        return {
            "ply": self.ply,
            "player": self.mover,
            "move": self.move,
            "value_before": VALUE_NAMES[self.before],
            "plies_before": self.before_plies,
            "value_after": VALUE_NAMES[self.after],
            "plies_after": self.after_plies,
            "grade": self.grade.value,
            "best": self.best,
            "only": self.only,
            "best_moves": [_option_json(option) for option in self.best_moves],
            "dead": self.dead,
        }


def _option_json(option: Option) -> dict[str, object]:
    found: dict[str, object] = {"move": option.move, "value": VALUE_NAMES[option.value], "plies": option.plies}
    if option.example:
        found["example"] = option.example
    return found


def _preference(option: Option) -> tuple[int, int]:
    """Sort key, smallest best: the value, then the fastest win or the longest defence; a dead
    letter last of all (even a word that loses at once is a move of the game, a dead letter is not)."""
    if option.dead:
        return (3, 0)
    if option.value is Value.WIN:
        return (0, option.plies)
    if option.value is Value.DRAW:
        return (1, 0)
    return (2, -option.plies)


def grade_move(ply: int, options: Sequence[Option], chosen: Option) -> GradedMove:
    """Grade ``chosen`` among ``options`` (all the moves of the position, ``chosen`` among them).

    The position's value is the best option's: the table's own rule, so the
    review can never disagree with the solver that played the game."""
    ranked = sorted(options, key=_preference)
    top = ranked[0]
    best_value = [option for option in ranked if option.value is top.value and option.dead is top.dead]
    before_plies = top.plies + 1 if top.value is not Value.DRAW else NO_END  # counting this move
    return GradedMove(
        ply=ply,
        mover=2 - ply % 2,
        move=chosen.move,
        before=top.value,
        before_plies=before_plies,
        after=chosen.value,
        after_plies=chosen.plies,
        grade=_grade(top.value, chosen.value),
        best=_preference(chosen) == _preference(top),
        only=_only(options, best_value, chosen),
        best_moves=tuple(option for option in best_value if not option.dead),
        dead=chosen.dead,
    )


def _only(options: Sequence[Option], best_value: Sequence[Option], chosen: Option) -> bool:
    """Whether ``chosen`` was the one move of its kind: the only win (or draw); in a lost position,
    the only move that did not lose at once."""
    if len(options) < 2:
        return False
    if chosen.dead:
        return False
    if best_value[0].value is Value.LOSS:
        survivors = [option for option in options if option.plies > 0]
        return survivors == [chosen]
    return len(best_value) == 1 and chosen.value is best_value[0].value


def _grade(before: Value, after: Value) -> Grade:
    if before is Value.WIN:
        return Grade.KEPT_WIN if after is Value.WIN else Grade.THREW_WIN
    if before is Value.DRAW:
        return Grade.KEPT_DRAW if after is Value.DRAW else Grade.THREW_DRAW
    return Grade.LOST_ANYWAY


@dataclass(frozen=True)
class Summary:
    """What a player takes away: where the game turned, and how many moves were best."""

    turning_point: GradedMove | None  # the first move that threw a win or a draw away
    best_moves: dict[int, int]  # player → moves that were best
    moves: dict[int, int]  # player → moves made

    def as_json(self) -> dict[str, object]:
        return {
            "turning_point": None if self.turning_point is None else self.turning_point.ply,
            "best_moves": {str(k): v for k, v in self.best_moves.items()},
            "moves": {str(k): v for k, v in self.moves.items()},
        }


def summarise(graded: Sequence[GradedMove]) -> Summary:
    turning = next((g for g in graded if g.grade in (Grade.THREW_WIN, Grade.THREW_DRAW)), None)
    players = (1, 2)
    return Summary(
        turning_point=turning,
        best_moves={p: sum(g.best for g in graded if g.mover == p) for p in players},
        moves={p: sum(g.mover == p for g in graded) for p in players},
    )


# ---------------------------------------------------------------- as text


def review_lines(graded: Sequence[GradedMove], summary: Summary) -> list[str]:
    """The review as the command line prints it (English): one line a move, then the summary."""
    lines = [f"{move.ply:>2}. player {move.mover} {move.move}  {move_note(move)}" for move in graded]
    lines.append("")
    turning = summary.turning_point
    if turning is None:
        lines.append("no move changed the result: it was decided by the first position")
    else:
        lines.append(f"the game turned at move {turning.ply} (player {turning.mover}, {turning.move})")
    for player in (1, 2):
        lines.append(f"player {player}: {summary.best_moves[player]} of {summary.moves[player]} moves best")
    return lines


def move_note(move: GradedMove) -> str:
    if move.dead and move.grade is Grade.THREW_WIN:
        return f"threw the win away: {_alternatives(move)} kept it; no word goes on with this letter"
    if move.grade is Grade.KEPT_WIN:
        note = "kept the forced win" + (" (the only winning move)" if move.only else "")
        return note if move.best else f"{note}, slower than {_alternatives(move)}"
    if move.grade is Grade.THREW_WIN:
        return f"threw the win away: {_alternatives(move)} kept it"
    if move.grade is Grade.KEPT_DRAW:
        return "kept the draw" + (" (the only move that did not lose)" if move.only else "")
    if move.grade is Grade.THREW_DRAW:
        return f"threw the draw away: {_alternatives(move)} held it"
    return _lost_note(move)


def _lost_note(move: GradedMove) -> str:
    if move.dead:
        return f"no word goes on with it: lost at once ({_alternatives(move)} held on)"
    if move.only:
        return f"already lost; the only move that did not lose at once ({move.after_plies + 1} plies)"
    if move.best:
        return f"already lost; the longest defence, {move.after_plies + 1} plies"
    held = f"held {move.before_plies} plies, this {move.after_plies + 1}"
    return f"already lost; the best defence ({_alternatives(move)}) {held}"


def _alternatives(move: GradedMove) -> str:
    """Up to three of the moves that kept the value; for a move that kept it too (or lost anyway),
    only those as fast (or holding out as long) as the best."""
    options = move.best_moves
    if move.grade not in (Grade.THREW_WIN, Grade.THREW_DRAW):
        options = tuple(o for o in options if _preference(o) == _preference(options[0]))
    shown = [f"{o.move} ({o.example})" if o.example else o.move for o in options[:3]]
    return ", ".join(shown)


# ---------------------------------------------------------------- the letter game


class ReviewError(ValueError):
    """A game that cannot be reviewed as given; the message names the move."""


def letter_options(game: LetterGame, board: str) -> list[Option]:
    """Every legal letter at ``board``, from the solved table."""
    return [Option(play.letter, play.outcome, play.plies, play.example) for play in game.plays(board)]


def review_letters(game: LetterGame, letters: str) -> list[GradedMove]:
    """Grade each letter of a game that started on the empty board (player 1 first).

    The last letter may end the game: completing a word, or a letter no word
    continues (it lost at once: value loss, 0 plies). Nothing may follow the end."""
    graded: list[GradedMove] = []
    for ply, letter in enumerate(letters, start=1):
        board = letters[: ply - 1]
        if board and game.verdict(board) is not Verdict.GOES_ON:
            raise ReviewError(f"move {ply} ({letter!r}): the game was over at {board!r}")
        options = letter_options(game, board)
        chosen = next((option for option in options if option.move == letter), None)
        if chosen is None:
            if letter not in game.alphabet:
                raise ReviewError(f"move {ply}: {letter!r} is not a letter of this dictionary")
            chosen = Option(letter, Value.LOSS, 0, dead=True)  # no word goes on: the player lost at once
            if ply != len(letters):
                raise ReviewError(f"move {ply} ({letter!r}): no word starts with {board + letter!r}, the game ended")
        graded.append(grade_move(ply, [*options, chosen] if chosen not in options else options, chosen))
    return graded


# ---------------------------------------------------------------- the letter game with N players


@dataclass(frozen=True)
class GroupMoveGrade:
    """One letter of a group game, for the player who wrote it, read from the N-seat table:
    did that player force a good end before it, and after it (everyone else against them)?"""

    forced_before: bool
    forced_after: bool
    forcing_letters: tuple[str, ...]  # the letters with which the player forced a good end there

    @property
    def threw(self) -> bool:
        return self.forced_before and not self.forced_after


def grade_group_move(game: LetterGame, players: int, board: str, letter: str) -> GroupMoveGrade:
    """Grade ``letter`` at ``board`` with ``players`` still in (a letter no word continues forces nothing)."""
    table = game.with_players(players)
    node = game.tree.find(board)
    if node is None or game.tree.is_word(node):
        raise ReviewError(f"{board!r} is not a board a letter can be played on")
    child = game.tree.child(node, letter)
    forced_after = child is not None and bool(table.forces[players - 1, child])
    return GroupMoveGrade(bool(table.forces[0, node]), forced_after, tuple(table.winning_letters(board)))


# ---------------------------------------------------------------- the finger game


def finger_options(game: FingerGame, course: Course | State) -> list[Option]:
    """Every legal move there as the finger game's judge sees it (under the course's draw rules),
    moves leading to the same state listed once each, as players see them."""
    return [Option(move_code(verdict.move), verdict.value, verdict.plies) for verdict in game.judge(course)]


def review_fingers(
    game: FingerGame, codes: Sequence[str], cap: int | None = None, repeats: int | None = None
) -> list[GradedMove]:
    """Grade each move of a game from the start (player A, 1, moves first). Without ``cap`` and
    ``repeats`` the game is the Japanese article's, endless; with them, the bot's draw rules hold."""
    try:
        courses = game.replay(list(codes), cap, repeats)
    except ValueError as error:
        raise ReviewError(str(error)) from None
    graded = []
    for ply, (course, code) in enumerate(zip(courses, codes, strict=False), start=1):
        options = finger_options(game, course)
        graded.append(grade_move(ply, options, next(o for o in options if o.move == code)))
    return graded
