"""The durable inbox in the application: the queue every update goes through, and the replay
at start of what a stopped process left. An update leaves the inbox in the transaction that
applies it, or, when it commits nothing, with the next one (:meth:`bot.storage.Store.handled`).

An update is kept before Telegram may forget it: a polled batch before polling confirms it (the
transport's polling bot keeps it through :meth:`bot.delivery.runtime.ChatRuntime.keep_batch`), a
posted one before its POST is answered (:meth:`~bot.delivery.runtime.ChatRuntime.receive`). One
that cannot be kept is never acknowledged: a polled batch is asked for again, a posted one is
answered 503 (:data:`Received.NOT_KEPT`) for Telegram to post again.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from enum import Enum
from typing import Any, Protocol, runtime_checkable

from telegram import Bot, Update

from bot.delivery.reading import read_update
from bot.storage import StoreWriteError

log = logging.getLogger(__name__)


class Received(Enum):
    """What became of an update handed to delivery: what the webhook answers Telegram."""

    KEPT = "kept"  # in the inbox: Telegram may forget it (200)
    NOT_KEPT = "not kept"  # the store refused it: Telegram must post it again (503)


@runtime_checkable
class PollsUpdates(Protocol):
    """A bot that polls (the transport's polling bot): an update of its last batch was kept with
    the batch, so it is not kept again on its way through the queue."""

    def polled(self, update_id: int) -> bool: ...


class KeepingQueue(asyncio.Queue[object]):
    """The application's update queue. An update put on it goes through ``receive`` (kept in the
    inbox first, then queued here or left to the claims of a shared database); the bot's own
    events are queued as they are."""

    def __init__(self, receive: Callable[[Update], Awaitable[Received]]) -> None:
        super().__init__()
        self._receive = receive

    async def put(self, item: object) -> None:
        """Queue ``item``; an update the store cannot keep raises ``StoreWriteError``."""
        if isinstance(item, Update):
            if await self._receive(item) is Received.NOT_KEPT:
                raise StoreWriteError(f"update {item.update_id} not kept")
            return
        await super().put(item)

    async def put_here(self, update: Update) -> None:
        """An update kept already that this process handles (received, replayed or claimed)."""
        await super().put(update)

    def put_here_nowait(self, update: Update) -> None:
        super().put_nowait(update)


async def replay(
    queue: KeepingQueue,
    bot: Bot,
    bodies: Sequence[Mapping[str, Any]],
    on_unreadable: Callable[[int], None],
) -> None:
    """Queue the updates the last process kept but did not handle, before polling starts, so
    they are handled first; the ledger answers those already applied with the current state.
    One that cannot be read is dropped with one line."""
    for body in bodies:
        update_id = int(body["update_id"])
        try:
            update = read_update(body, bot)
        except Exception as error:
            log.warning("dropped kept update %d that could not be read: %s", update_id, type(error).__name__)
            on_unreadable(update_id)
            continue
        await queue.put_here(update)
    if bodies:
        log.info("replaying %d updates fetched but not handled before the last stop", len(bodies))
