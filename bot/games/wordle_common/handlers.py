"""What 5bukv's and English Wordle's handlers share: whether a board's button is still current,
what an entry adds to the player's /stats, and /undo."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Protocol, TypeVar

from telegram import Update

from bot.core.context import BotContext, Deps
from bot.core.keyboards import GameButton
from bot.core.router import Answer, Handler, Tap
from bot.core.texts import Lang
from bot.games.wordle_common.session import ColoursSession
from bot.storage import Tally

P = TypeVar("P", bound=GameButton)

#: A game's own /undo: the answer, or None for a stale button (never without one).
TakeBack = Callable[[Deps, int, Lang], Awaitable[Answer | None]]


class Counts(Protocol):
    """What a game's progress says an entry counts (``session.Counted``'s three, each once a game)."""

    @property
    def first_entry(self) -> bool: ...

    @property
    def first_solve(self) -> bool: ...

    @property
    def first_loss(self) -> bool: ...


async def made_at_this_step(tap: Tap[P], session: ColoursSession) -> bool:
    """Whether a button (undo) was made for this game after its last entry."""
    return await tap.made_for(session, lambda current: tap.press.step == len(current.entries))


def still_to_find(session: ColoursSession, step: int) -> bool:
    """Whether a button made at ``step`` is current, with the game's word still to find."""
    return step == len(session.entries) and not session.over


def tally(progress: Counts) -> Tally | None:
    """What an entry adds to the player's record: the game's first entry a game played, its first
    solve a win, its sixth try without the answer a loss; None when it adds nothing."""
    if not (progress.first_entry or progress.first_solve or progress.first_loss):
        return None
    return Tally(played=int(progress.first_entry), won=int(progress.first_solve), lost=int(progress.first_loss))


def undo_command(take_back: TakeBack) -> Handler:
    """/undo: the game's ``take_back`` answered to the command (a command is never stale)."""

    async def undo(update: Update, context: BotContext) -> None:
        undone = await take_back(context.deps, context.chat_id, context.lang)
        assert undone is not None  # only a button press can be stale
        context.deps.reply(context.message, undone[0], markup=undone[1])

    return undo
