"""The finger game (seed 002) against the bot as a chat session: pure rules, no Telegram.

The player chooses the bot's level and who starts (A, the first player, loses
the start under perfect play: seed 002). A draw is declared when a
position (both players' hands and who is to move) comes up the third time, or
after the move cap.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import Enum

from bot.session import Session, new_id
from solver.fingers import FingerGame, Move, State
from solver.levels import Level

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
    level: str | None = None
    player_first: bool | None = None
    player: list[int] = field(default_factory=lambda: [1, 1])
    bot: list[int] = field(default_factory=lambda: [1, 1])
    player_to_move: bool = True
    moves: int = 0
    seen: dict[str, int] = field(default_factory=dict)  # position -> how often it has come up
    result: str | None = None

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def state(self) -> State:
        """The solver's state: the mover's hands first."""
        mine, theirs = (self.player, self.bot) if self.player_to_move else (self.bot, self.player)
        return State.of((mine[0], mine[1]), (theirs[0], theirs[1]))


@dataclass(frozen=True)
class FingerTurn:
    player_move: Move | None  # None: the bot opened the game
    bot_move: Move | None
    result: Result | None


def choose_level(session: FingerSession, level: Level) -> None:
    session.level = level.value


def begin(game: FingerGame, session: FingerSession, player_first: bool, cap: int, rng: random.Random) -> FingerTurn:
    """Who starts; when it is the bot, its opening move."""
    session.player_first = player_first
    session.player_to_move = player_first
    session.seen = {_position(session): 1}
    if player_first:
        return FingerTurn(None, None, None)
    opening = game.computer_move(session.state, Level(session.level or Level.PERFECT), rng)
    _apply(game, session, opening, cap)
    return FingerTurn(None, opening, None)


def player_moves(game: FingerGame, session: FingerSession) -> list[Move]:
    """The player's legal moves, in the order of the buttons."""
    playing = session.player_first is not None and session.player_to_move and not session.over
    return game.moves(session.state) if playing else []


def play(game: FingerGame, session: FingerSession, index: int, cap: int, rng: random.Random) -> FingerTurn | None:
    """The player's ``index``-th move, then the bot's reply unless the game ended; None for no such move."""
    moves = player_moves(game, session)
    if not 0 <= index < len(moves):
        return None
    mine = moves[index]
    _apply(game, session, mine, cap)
    if session.over:
        return FingerTurn(mine, None, Result(session.result))
    reply = game.computer_move(session.state, Level(session.level or Level.PERFECT), rng)
    _apply(game, session, reply, cap)
    return FingerTurn(mine, reply, Result(session.result) if session.result else None)


def _apply(game: FingerGame, session: FingerSession, move: Move, cap: int) -> None:
    after = game.play(session.state, move)  # the next mover's hands first
    if session.player_to_move:
        session.bot, session.player = list(after.mover), list(after.waiting)
    else:
        session.player, session.bot = list(after.mover), list(after.waiting)
    session.player_to_move = not session.player_to_move
    session.moves += 1
    key = _position(session)
    session.seen[key] = session.seen.get(key, 0) + 1
    if game.is_over(session.state):
        session.result = (Result.LOST if session.player_to_move else Result.WON).value
    elif session.seen[key] >= 3:
        session.result = Result.DRAW_REPETITION.value
    elif session.moves >= cap:
        session.result = Result.DRAW_CAP.value


def _position(session: FingerSession) -> str:
    player, bot = sorted(session.player), sorted(session.bot)
    return f"{player[0]}{player[1]}:{bot[0]}{bot[1]}:{int(session.player_to_move)}"
