"""The durable inbox in the application: replay at start, and the queue that keeps a webhook's
update before its POST is answered. An update leaves the inbox in the transaction that applies
it, or, when it commits nothing, with the next one (:meth:`bot.storage.Store.handled`).

An update that cannot be kept is never acknowledged: a polled batch is asked for again
(:class:`bot.runtime.transport.PollingBot`), a posted one answered 503 for Telegram to post again.

The rows themselves live in :class:`bot.storage.Store` (``keep_fetched``, ``handled``,
``inbox``), and a bot that polls (:class:`KeepsPolledBatches`: the transport's ``PollingBot``)
keeps each fetched batch before python-telegram-bot may confirm it (docs/architecture.md).
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping, Sequence
from http import HTTPStatus
from typing import Any, Protocol, runtime_checkable

from telegram import Update
from telegram.ext import Application
from tornado.web import HTTPError

from bot.storage import Store, StoreWriteError

log = logging.getLogger(__name__)


@runtime_checkable
class KeepsPolledBatches(Protocol):
    """A bot that polls and keeps each fetched batch through ``keep`` before Telegram may forget it
    (the transport's polling bot): what delivery needs of it, so delivery imports no transport."""

    def keep_fetched(self, keep: Callable[[Sequence[Mapping[str, Any]]], Awaitable[None]], kept_up_to: int) -> None: ...

    def polled(self, update_id: int) -> bool: ...

    def poll_when(self, turn: Callable[[], Awaitable[bool]]) -> None: ...


#: Updates left to the claims kept as parsed at most (see :attr:`KeepingQueue.parsed`).
PARSED_KEPT = 4096


class KeepingQueue(asyncio.Queue[object]):
    """The application's update queue; with ``keep`` set, an update is kept in the inbox before
    it is queued. That matters for webhooks: PTB answers Telegram's POST (200, so Telegram
    will not send it again) as soon as the update is queued, before handling it."""

    def __init__(self) -> None:
        super().__init__()
        self.keep: Callable[[Update], Awaitable[None]] | None = None
        #: Set with several processes on one database: a kept update is not handled here
        #: straight away but claimed from the inbox by whichever process holds its chat
        #: (:mod:`bot.delivery.claims`); this wakes this process's claims.
        self.claimed_elsewhere: Callable[[], None] | None = None
        #: Whether an update was claimed for this process as it was kept: queued here at once.
        self.claimed_here: Callable[[int], bool] = lambda update_id: False
        #: Updates this process received but left to the claims, as parsed, so that the one that
        #: claims them back here is not parsed again (the oldest forgotten past ``PARSED_KEPT``).
        self.parsed: OrderedDict[int, Update] = OrderedDict()

    async def put(self, item: object) -> None:
        """Queue ``item``, an update kept first; one the store cannot keep (a full disk, another
        process's lock) is refused with a 503, so Telegram posts it again later rather than
        taking the 200 for a promise nothing keeps."""
        if self.keep is not None and isinstance(item, Update):
            try:
                await self.keep(item)
            except StoreWriteError as error:
                raise HTTPError(HTTPStatus.SERVICE_UNAVAILABLE, reason="update not kept; post it again") from error
            if self.claimed_elsewhere is not None and not self.claimed_here(item.update_id):
                self.parsed[item.update_id] = item
                if len(self.parsed) > PARSED_KEPT:
                    self.parsed.popitem(last=False)
                self.claimed_elsewhere()
                return
        await super().put(item)

    async def put_claimed(self, update: Update) -> None:
        """An update this process claimed from the inbox: kept already, handled here."""
        await super().put(update)


def keep_posted(store: Store, bot: object) -> Callable[[Update], Awaitable[None]]:
    """What :class:`KeepingQueue` keeps: an update posted to the webhook, alone; a polled one
    was kept with its batch already."""

    polling = bot if isinstance(bot, KeepsPolledBatches) else None  # once: a protocol check costs 20 µs

    async def keep(update: Update) -> None:
        if not (polling is not None and polling.polled(update.update_id)):
            await store.keep_fetched([update.to_dict()])

    return keep


async def replay(
    application: Application[Any, Any, Any, Any, Any, Any],
    bodies: Sequence[Mapping[str, Any]],
    on_unreadable: Callable[[int], None],
) -> None:
    """Queue the updates the last process fetched but did not handle, before polling starts,
    so they are handled first; the per-chat gate (:mod:`bot.once`) answers those already
    applied with the current state. One that cannot be read is dropped with one line."""
    for body in bodies:
        update_id = int(body["update_id"])
        try:
            update = Update.de_json(dict(body), application.bot)
        except Exception as error:
            log.warning("dropped kept update %d that could not be read: %s", update_id, type(error).__name__)
            on_unreadable(update_id)
            continue
        await application.update_queue.put(update)
    if bodies:
        log.info("replaying %d updates fetched but not handled before the last stop", len(bodies))
