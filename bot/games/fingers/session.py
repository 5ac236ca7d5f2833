"""The finger game (the Japanese article) against the bot as a chat session: pure rules, no Telegram.

The player chooses the bot's level and who starts (A, the first player, loses
the start under perfect play: the Japanese article). A draw is declared when a
position (both players' hands and who is to move) comes up the third time, or
after the move cap: the solver's :class:`~solver.fingers.Course` holds both rules,
and its judge chooses the bot's move, the hint and the review's grades alike.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from enum import Enum

from bot.core.session import Session, new_id
from solver.engine import Value
from solver.fingers import REPEATS, Course, Ending, FingerGame, Judged, Kind, Move, State, move_code
from solver.levels import Level
from solver.review import Grade, GradedMove, ReviewError, Summary, review_fingers, summarise

KIND = "fingers"


class Result(Enum):
    WON = "won"  # the player won
    LOST = "lost"
    DRAW_REPETITION = "draw-repetition"
    DRAW_CAP = "draw-cap"


@dataclass
class FingerSession(Session):
    """One chat's finger game; ``id`` and ``moves`` tie the buttons to this game and this turn."""

    KIND = KIND
    id: str = field(default_factory=new_id)
    level: Level | None = None
    player_first: bool | None = None
    player: list[int] = field(default_factory=lambda: [1, 1])
    bot: list[int] = field(default_factory=lambda: [1, 1])
    player_to_move: bool = True
    moves: int = 0
    seen: dict[str, int] = field(default_factory=dict)  # position -> how often it has come up
    result: str | None = None
    # Every move in order, in solver.review's notation, for the review after the game (a game
    # stored before it was kept has none: nothing to review).
    history: list[str] = field(default_factory=list)

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def running(self) -> bool:
        return self.player_first is not None and not self.over

    @property
    def moved(self) -> bool:
        """The player has moved (the bot's opening move is not the player's)."""
        return self.moves >= (1 if self.player_first else 2)

    def resign(self) -> None:
        self.result = Result.LOST.value

    @property
    def state(self) -> State:
        """The solver's state: the mover's hands first."""
        mine, theirs = (self.player, self.bot) if self.player_to_move else (self.bot, self.player)
        return State.of((mine[0], mine[1]), (theirs[0], theirs[1]))

    def course(self, cap: int) -> Course:
        """The game so far as the draw rules see it (seat 1: the player to move)."""
        seen = {_read_position(key): times for key, times in self.seen.items()}
        return Course(self.state, int(self.player_to_move), self.moves, seen, cap, REPEATS)


LEFT, RIGHT = 0, 1  # a hand's place in ``FingerSession.player`` and ``.bot``


@dataclass(frozen=True)
class HandMove:
    """A move as the players see it, on hands that stay where they are.

    The solver sorts a player's hands (the smaller one is its "left"); here the left
    hand stays the left hand: ``tapper`` and ``tapped`` are places (:data:`LEFT`,
    :data:`RIGHT`) in the mover's and the tapped player's hands, and ``before`` and
    ``after`` are the changed player's hands in their places."""

    move: Move
    tapper: int | None
    tapped: int | None
    before: tuple[int, int]
    after: tuple[int, int]


@dataclass(frozen=True)
class FingerTurn:
    player_move: HandMove | None  # None: the bot opened the game
    bot_move: HandMove | None
    result: Result | None


def choose_level(session: FingerSession, level: Level) -> None:
    session.level = level


def begin(game: FingerGame, session: FingerSession, player_first: bool, cap: int, rng: random.Random) -> FingerTurn:
    """Who starts; when it is the bot, its opening move."""
    session.player_first = player_first
    session.player_to_move = player_first
    session.seen = {_position(session): 1}
    if player_first:
        return FingerTurn(None, None, None)
    opening = game.computer_move(session.course(cap), session.level or Level.PERFECT, rng)
    return FingerTurn(None, _apply(game, session, opening, cap), None)


def player_moves(game: FingerGame, session: FingerSession) -> list[HandMove]:
    """The player's legal moves, in the order of the buttons, on the hands as shown."""
    playing = session.player_first is not None and session.player_to_move and not session.over
    return [_seen(session, move) for move in game.moves(session.state)] if playing else []


def play(game: FingerGame, session: FingerSession, index: int, cap: int, rng: random.Random) -> FingerTurn | None:
    """The player's ``index``-th move, then the bot's reply unless the game ended; None for no such move."""
    moves = player_moves(game, session)
    if not 0 <= index < len(moves):
        return None
    mine = _apply(game, session, moves[index].move, cap)
    if session.over:
        return FingerTurn(mine, None, Result(session.result))
    reply = game.computer_move(session.course(cap), session.level or Level.PERFECT, rng)
    theirs = _apply(game, session, reply, cap)
    return FingerTurn(mine, theirs, Result(session.result) if session.result else None)


def _seen(session: FingerSession, move: Move) -> HandMove:
    """Where the solver's ``move`` (on sorted hands) happens on the hands as they are shown."""
    mover, waiting = (session.player, session.bot) if session.player_to_move else (session.bot, session.player)
    if move.kind is Kind.SPLIT:
        low, high = move.after
        after = (high, low) if mover[LEFT] > mover[RIGHT] else (low, high)  # the bigger hand stays on its side
        return HandMove(move, None, None, (mover[LEFT], mover[RIGHT]), after)
    assert move.tapper is not None and move.tapped is not None
    tapper = mover.index(move.tapper.fingers)
    if move.kind is Kind.SELF_TAP:
        changed, tapped = mover, 1 - tapper
    else:
        changed, tapped = waiting, waiting.index(move.tapped.fingers)
    kept = changed[1 - tapped]
    low, high = move.after
    hit = high if low == kept else low  # the tapped hand's new count; the other hand keeps its own
    after = (hit, kept) if tapped == LEFT else (kept, hit)
    return HandMove(move, tapper, tapped, (changed[LEFT], changed[RIGHT]), after)


def _apply(game: FingerGame, session: FingerSession, move: Move, cap: int) -> HandMove:
    """Play ``move`` on the hands as shown, and judge the position; the move as the players saw it."""
    seen = _seen(session, move)
    after = game.play(session.state, move)  # the solver's check that the move is legal, on sorted hands
    ending = session.course(cap).then(after).ending()
    session.history.append(move_code(move))
    mover, waiting = (session.player, session.bot) if session.player_to_move else (session.bot, session.player)
    changed = waiting if move.kind is Kind.TAP else mover
    changed[:] = list(seen.after)
    assert session.state == State.of(after.waiting, after.mover)
    session.player_to_move = not session.player_to_move
    session.moves += 1
    key = _position(session)
    session.seen[key] = session.seen.get(key, 0) + 1
    if ending is Ending.OVER:
        session.result = (Result.LOST if session.player_to_move else Result.WON).value
    elif ending is not None:
        session.result = (Result.DRAW_REPETITION if ending is Ending.REPETITION else Result.DRAW_CAP).value
    return seen


def _position(session: FingerSession) -> str:
    """A position as the session stores its count: the player's hands, the bot's, and 1 when the player is to move."""
    player, bot = sorted(session.player), sorted(session.bot)
    return f"{player[0]}{player[1]}:{bot[0]}{bot[1]}:{int(session.player_to_move)}"


def _read_position(key: str) -> tuple[State, int]:
    """A stored position key as the solver's state and seat (1: the player to move)."""
    player, bot, turn = key.split(":")
    hands = (int(player[0]), int(player[1])), (int(bot[0]), int(bot[1]))
    mover, waiting = hands if turn == "1" else hands[::-1]
    return State(mover, waiting), int(turn)


@dataclass(frozen=True)
class Hint:
    """The judge's best move for the player now, on the hands as shown, and what it leads to:
    ``value`` for the player, ``plies`` after it to the end under best play."""

    move: HandMove
    value: Value
    plies: int


def hint(game: FingerGame, session: FingerSession, cap: int) -> Hint | None:
    """The move the bot itself would play in the player's place (the judge's first); None
    when it is not the player's turn in a game under way."""
    if not session.running or not session.player_to_move:
        return None
    course = session.course(cap)
    best = game.best_move(course)
    verdict = next(verdict for verdict in game.judge(course) if verdict.move == best)
    return Hint(_seen(session, best), verdict.value, verdict.plies)


@dataclass(frozen=True)
class Review:
    """A finished game graded move by move under the draw rules it was played by.

    ``player_seat`` is 1 when the player moved first; ``slips`` gives, for each move that let a
    win slip into a draw rule while the bare table still had it won, which rule (repetition or
    the cap); ``states`` the state before each move (the mover's hands first), so a move can be
    found again; ``result`` is how the game ended, ``resigned`` whether by the player's /giveup;
    ``shown`` the hands before each move as the game showed them (left stays left), so the review
    names moves in the game's own words."""

    moves: list[GradedMove]
    summary: Summary
    player_seat: int
    slips: dict[int, Ending]
    states: list[State]
    result: Result
    resigned: bool = False
    shown: list[FingerSession] = field(default_factory=list)
    game: FingerGame | None = None

    def seen(self, ply: int, code: str) -> HandMove:
        """The move ``code`` (the review's notation) at move ``ply``, as the game would have shown it."""
        assert self.game is not None
        return seen_code(self.game, self.shown[ply - 1], code)


def seen_code(game: FingerGame, position: FingerSession, code: str) -> HandMove:
    """A move in the review's notation, on the hands of ``position`` as shown."""
    move = next(move for move in game.moves(position.state) if move_code(move) == code)
    return _seen(position, move)


def replay_shown(game: FingerGame, session: FingerSession) -> list[FingerSession]:
    """The hands before each move of the game, as the players saw them: the game's history
    played again from the first position, each move placed as the game placed it."""
    position = FingerSession(player=[1, 1], bot=[1, 1], player_to_move=bool(session.player_first))
    shown = []
    for code in session.history:
        shown.append(replace(position, player=list(position.player), bot=list(position.bot)))
        seen = seen_code(game, position, code)
        mover, waiting = (position.player, position.bot) if position.player_to_move else (position.bot, position.player)
        changed = waiting if seen.move.kind is Kind.TAP else mover
        changed[:] = list(seen.after)
        position.player_to_move = not position.player_to_move
    return shown


def review(game: FingerGame, session: FingerSession, cap: int) -> Review | None:
    """The finished game's review; None while it is played (it would be a hint) or with no moves kept."""
    if not session.over or not session.history or session.result is None:
        return None
    try:
        moves = review_fingers(game, session.history, cap, REPEATS)
    except ReviewError:
        return None
    courses = game.replay(session.history, cap, REPEATS)
    slips = {}
    for graded, course in zip(moves, courses, strict=False):
        if graded.grade is Grade.THREW_WIN:
            reason = _slip(game.judge(course), graded.move)
            if reason is not None:
                slips[graded.ply] = reason
    seat = 1 if session.player_first else 2
    states = [course.state for course in courses[: len(moves)]]
    result = Result(session.result)
    resigned = result is Result.LOST and not game.is_over(session.state)
    shown = replay_shown(game, session)
    return Review(moves, summarise(moves), seat, slips, states, result, resigned, shown, game)


def _slip(judged: list[Judged], code: str) -> Ending | None:
    """Which draw rule a move that threw a win ran into: at once, or one the opponent can now force."""
    verdict = next(verdict for verdict in judged if move_code(verdict.move) == code)
    if verdict.ending in (Ending.REPETITION, Ending.CAP):
        return verdict.ending
    return verdict.slip
