"""The exactly-once gate and the outbox, wired to the store: what a chat's line calls to apply a
unit (:class:`Gate`), and how it is opened at start (:func:`open_delivery`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from typing import Any

from telegram.error import TelegramError
from telegram.ext import Application

from bot.delivery.events import Delivered, Resend
from bot.delivery.inbox import KeepingQueue, KeepsPolledBatches, keep_posted, replay
from bot.delivery.outbox import Outbox, Pace, forget_rows
from bot.delivery.queue import ChatQueues, Committer
from bot.storage import SqliteStore, Store, StoreWriteError
from bot.storage.unit_of_work import UnitOfWork

log = logging.getLogger(__name__)


#: What a player is told when their update could not be kept: their Telegram language code, and
#: what failed: the disk, the file gone, or a bug (the words are the games', given at wiring).
Apology = Callable[[str | None, BaseException], str]


class Gate(Committer):
    """Commits units to the store and hands their messages to the outbox."""

    def __init__(self, store: Store, outbox: Outbox, apology: Apology) -> None:
        self.store = store
        self._outbox = outbox
        self._apology = apology

    @property
    def outbox(self) -> Outbox:
        return self._outbox

    async def commit(self, unit: UnitOfWork) -> bool:
        """Commit the unit; waiting rows its messages supersede are deleted in the same
        transaction, and leave the outbox's queues once it committed."""
        unit.messages, superseded = self._outbox.supersede(unit.messages)
        if superseded:
            unit.statements.append(forget_rows(superseded))
        rows = await self.store.commit(unit)
        if rows is None:
            return False
        self._outbox.forget(superseded)
        self._outbox.add(rows)
        return True

    @contextlib.asynccontextmanager
    async def hold(self, chat_id: int) -> AsyncIterator[None]:
        """The chat's lock in a shared database; once it is held, the chat's outbox is what the
        table says (rows another process committed, or left unsent when it died, come along;
        rows another process sent meanwhile go)."""
        async with self.store.hold(chat_id):
            if self.store.shared:
                self._outbox.reload(chat_id, await self.store.pending_messages(chat_id))
            yield

    def applied_recently(self, update_id: int) -> bool:
        return self.store.applied_recently(update_id)

    def received_at(self, update_id: int) -> float:
        return self.store.received_at(update_id)

    def handled(self, update_id: int) -> None:
        self.store.handled(update_id)

    async def failed(self, unit: UnitOfWork, error: BaseException) -> None:
        """Nothing of the unit was committed: the player is asked to try again (the disk or the
        file's lock), or told something went wrong (a bug, logged). Sent straight away, not kept:
        the disk is what failed."""
        if not isinstance(error, StoreWriteError):  # the store logs the disk's faults, once an episode
            log.error("could not commit an item for chat %d", unit.chat_id, exc_info=error)
        if unit.update_id is None:
            return  # the bot's own event (a timer): nobody asked; it comes again or is moot
        self.store.handled(unit.update_id)
        try:
            await self._outbox.bot.send_message(unit.chat_id, self._apology(unit.lang, error))
        except TelegramError as told:
            log.info("could not tell chat %d that its update failed: %s", unit.chat_id, told)


async def open_delivery(
    application: Application[Any, Any, Any, Any, Any, Any],
    store: Store,
    apology: Apology,
    group_budget: int = 0,
    on_lost: Callable[[], None] | None = None,
) -> Gate:
    """At start: the outbox's unsent rows and the inbox's unhandled updates go to their chats'
    lines before polling starts; from then on each fetched batch (or posted update) is kept
    before Telegram may forget it. ``apology``: what a player whose update could not be kept is
    told; ``group_budget``: messages a minute to a group at most (0: not paced); ``on_lost``: what
    stops the bot when its database file is gone (the updates it did not keep stay with Telegram)."""
    lines = application.update_processor
    assert isinstance(lines, ChatQueues)
    queue = application.update_queue
    loop = asyncio.get_running_loop()

    async def receipt(chat_id: int, what: str, message_id: int, sent_at: float) -> None:
        await queue.put(Delivered(chat_id, what, message_id, sent_at))

    def retry_later(chat_id: int, seconds: float) -> None:
        loop.call_later(seconds, queue.put_nowait, Resend(chat_id))

    outbox = Outbox(application.bot, store.sent, receipt, retry_later, Pace(group_budget), queue.put_nowait)
    if isinstance(store, SqliteStore) and on_lost is not None:  # a file can vanish; a server cannot
        store.when_lost = lambda why: on_lost()
    gate = Gate(store, outbox, apology)
    lines.committer = gate
    lines.bot = application.bot
    unsent = await store.pending_messages()
    outbox.add(unsent)
    for chat_id in outbox.chats:
        await queue.put(Resend(chat_id))
    if unsent:
        log.info("sending %d messages committed but not sent before the last stop", len(unsent))
    bot = application.bot
    if store.shared and isinstance(queue, KeepingQueue):
        # Only a server database is shared: its engine (asyncpg) is imported only then.
        from bot.delivery.claims import share_the_inbox

        share_the_inbox(store, queue, bot, stopping(application))
        return gate
    kept = await store.inbox()
    kept_up_to = store.replayed_up_to()
    await replay(application, kept, store.handled)
    if isinstance(bot, KeepsPolledBatches):
        bot.keep_fetched(store.keep_fetched, kept_up_to)
    if isinstance(queue, KeepingQueue):
        queue.keep = keep_posted(store, bot)
    return gate


def stopping(application: Application[Any, Any, Any, Any, Any, Any]) -> Callable[[], bool]:
    """Whether the application, once started, has begun to stop (it is not running yet when the
    store opens, in ``post_init``)."""
    started = False

    def stopped() -> bool:
        nonlocal started
        started = started or application.running
        return started and not application.running

    return stopped
