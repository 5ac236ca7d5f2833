"""What 5bukv's and English Wordle's handlers share: whether a board's button is still current."""

from __future__ import annotations

from typing import TypeVar

from bot.core.keyboards import GameButton
from bot.core.router import Tap
from bot.games.wordle_common.session import ColoursSession

P = TypeVar("P", bound=GameButton)


async def made_at_this_step(tap: Tap[P], session: ColoursSession) -> bool:
    """Whether a button (undo) was made for this game after its last entry."""
    return await tap.made_for(session, lambda current: tap.press.step == len(current.entries))


def still_to_find(session: ColoursSession, step: int) -> bool:
    """Whether a button made at ``step`` is current, with the game's word still to find."""
    return step == len(session.entries) and not session.over
