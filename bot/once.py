"""Every update applied once, through crashes.

Telegram hands an update out until a later getUpdates confirms it, and the bot
commits and replies before that confirmation goes out; after a crash in between,
answered updates come again. Each save commits the id of the update it applies
(``bot.storage.APPLYING``, set here for the task that handles the update) and when
it was received, so an update whose id is not above the chat's last committed one
was applied before and changes nothing: the player is told where things stand
instead, as the first answer may never have gone out.

Telegram's ids grow only while updates keep coming: after a week without any, it may
number the next ones from a random, lower value. A redelivery comes within a day
(Telegram keeps an update no longer), so an id at or below the chat's last one counts
as applied only within ``bot.storage.REDELIVERY_WINDOW`` (three days) of it; later
it is new, and it replaces the chat's last id.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from telegram import Update
from telegram.ext import Application, ApplicationHandlerStop, ContextTypes, TypeHandler

from bot.common import Handler
from bot.storage import APPLYING, Store

log = logging.getLogger(__name__)

#: After flood control (-10), before every handler that may save (0 and up).
ONCE_GROUP = -5


def add_exactly_once(
    application: Application,  # type: ignore[type-arg]
    store: Callable[[], Store],
    redelivered: Handler,
) -> None:
    """Mark each update as the one being applied; answer a redelivered one with ``redelivered``."""

    async def gate(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        APPLYING.set(update.update_id)
        chat = update.effective_chat
        if chat is None or not await store().applied_before(chat.id, update.update_id):
            return
        log.info("update %d was applied in chat %d before a restart; not again", update.update_id, chat.id)
        await redelivered(update, context)
        raise ApplicationHandlerStop

    application.add_handler(TypeHandler(Update, gate), group=ONCE_GROUP)
