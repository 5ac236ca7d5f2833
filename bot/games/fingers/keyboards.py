"""The finger game's buttons: the level, who starts, then one button per legal move."""

from __future__ import annotations

from telegram import InlineKeyboardMarkup

from bot.core.keyboards import COMMON_CHOICES, Buttons, button, is_number, start_data
from bot.core.texts import Lang, button_again, button_first, button_level, button_other_setup, button_review
from bot.games.fingers import texts
from bot.games.fingers.session import FingerSession, HandMove
from solver.levels import Level

KIND = "F"
#: What the finger game's start buttons begin: a new game, the last set-up again.
START, AGAIN = "fingers", "fingers-again"


def _valid(action: str, argument: str) -> bool:
    return (
        argument in COMMON_CHOICES.get(action, [])
        or (action == "move" and is_number(argument) and len(argument) <= 2)
        or (action == "review" and not argument)
    )


BUTTONS = Buttons(KIND, _valid)


def fingers_level(lang: Lang, session: FingerSession) -> InlineKeyboardMarkup:
    prefix = f"{KIND}:{session.id}:0:level"
    return InlineKeyboardMarkup([[button(button_level(lang, level), f"{prefix}:{level.value}") for level in Level]])


def fingers_first(lang: Lang, session: FingerSession) -> InlineKeyboardMarkup:
    prefix = f"{KIND}:{session.id}:0:first"
    return InlineKeyboardMarkup(
        [[button(button_first(lang, first), f"{prefix}:{int(first)}")] for first in (True, False)]
    )


def fingers_moves(lang: Lang, session: FingerSession, moves: list[HandMove]) -> InlineKeyboardMarkup:
    """One button per legal move, numbered in the solver's order and tied to this turn."""
    if session.over:
        return play_again(lang, session)
    prefix = f"{KIND}:{session.id}:{session.moves}:move"
    return InlineKeyboardMarkup(
        [[button(texts.finger_move(lang, move), f"{prefix}:{index}")] for index, move in enumerate(moves)]
    )


def play_again(lang: Lang, session: FingerSession | None = None) -> InlineKeyboardMarkup:
    """Again with the same level and the same player starting, in one tap; or choosing anew;
    and, for a finished game with its moves kept, the engine's review."""
    rows = [[button(button_again(lang), start_data(AGAIN))], [button(button_other_setup(lang), start_data(START))]]
    if session is not None and session.over and session.history:
        rows.append([button(button_review(lang), f"{KIND}:{session.id}:{session.moves}:review")])
    return InlineKeyboardMarkup(rows)
