"""The finger game's buttons: the level, who starts, then one button per legal move."""

from __future__ import annotations

from dataclasses import dataclass

from telegram import InlineKeyboardMarkup

from bot.core.keyboards import GameButton, Start, button
from bot.core.texts import Lang, button_again, button_first, button_level, button_other_setup, button_review
from bot.games.fingers import texts
from bot.games.fingers.session import FingerSession, HandMove
from solver.levels import Level

#: What the finger game's start buttons begin: a new game, the last set-up again.
START, AGAIN = "fingers", "fingers-again"


@dataclass(frozen=True)
class FingerButton(GameButton, prefix="F"):
    """A button of the finger game, tied to the game and its move number."""


@dataclass(frozen=True)
class ChooseLevel(FingerButton, action="level"):
    level: Level


@dataclass(frozen=True)
class ChooseFirst(FingerButton, action="first"):
    """Who starts: the player (``first``) or the bot."""

    first: bool


@dataclass(frozen=True)
class Move(FingerButton, action="move"):
    """One of the legal moves, by its number in the solver's order."""

    index: int

    def valid(self) -> bool:
        return self.index < MAX_MOVES


@dataclass(frozen=True)
class Review(FingerButton, action="review"):
    """The engine's review of a finished game."""


#: More legal moves than a position ever has (numbers of two digits, as the buttons always carried).
MAX_MOVES = 100


def fingers_level(lang: Lang, session: FingerSession) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(
        [[button(button_level(lang, level), ChooseLevel(session.id, 0, level)) for level in Level]]
    )


def fingers_first(lang: Lang, session: FingerSession) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(
        [[button(button_first(lang, first), ChooseFirst(session.id, 0, first))] for first in (True, False)]
    )


def fingers_moves(lang: Lang, session: FingerSession, moves: list[HandMove]) -> InlineKeyboardMarkup:
    """One button per legal move, numbered in the solver's order and tied to this turn."""
    if session.over:
        return play_again(lang, session)
    return InlineKeyboardMarkup(
        [
            [button(texts.finger_move(lang, move), Move(session.id, session.moves, index))]
            for index, move in enumerate(moves)
        ]
    )


def play_again(lang: Lang, session: FingerSession | None = None) -> InlineKeyboardMarkup:
    """Again with the same level and the same player starting, in one tap; or choosing anew;
    and, for a finished game with its moves kept, the engine's review."""
    rows = [[button(button_again(lang), Start(AGAIN))], [button(button_other_setup(lang), Start(START))]]
    if session is not None and session.over and session.history:
        rows.append([button(button_review(lang), Review(session.id, session.moves))])
    return InlineKeyboardMarkup(rows)
