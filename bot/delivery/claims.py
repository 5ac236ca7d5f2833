"""Several bot processes on one PostgreSQL database: each works off the shared inbox.

Every update any process receives (a webhook's POST behind a load balancer, or a batch the one
polling process fetched) is kept in the inbox table first: claimed at once by the process that
kept it where no other may hold its chat (:meth:`bot.storage.SharedInbox.keep_fetched`),
announced otherwise. Each process then
claims the kept updates of chats no other live process holds, and handles them in its own
per-chat queue: a chat's updates stay with one process while it has any in hand, so they apply
in ``update_id`` order, and the chat's advisory lock (:meth:`bot.storage.Store.hold`)
keeps any two items of one chat apart wherever they run. A process renews its claims every
second; one that dies stops renewing, and within ``CLAIM_LEASE_SECONDS`` its chats' updates are
claimed by the others. The idempotency ledger makes any update handled twice (a claim taken over
from a process that was only slow) apply once.

The same loop picks up what a dead process left in the outbox (its chats get a ``Resend``), and
the games' deadlines are rows each process reads again (:mod:`bot.delivery.timers`), so a deadline
fires whichever process is up, and applies once: the chat's lock puts the firings one after the
other, and the second finds the deadline gone.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from telegram import Update

from bot.delivery.events import Resend
from bot.delivery.inbox import KeepingQueue
from bot.delivery.reading import read_update
from bot.storage import CLAIM_BATCH, Store

log = logging.getLogger(__name__)

#: Claims are tried this often without an announcement (to take over a dead process's chats).
CLAIM_EVERY_SECONDS = 0.5
#: The outbox is searched for rows a dead process left this often.
ORPHANS_EVERY_SECONDS = 10.0
#: Updates left to the claims kept as parsed at most (see :attr:`Claims.parsed`).
PARSED_KEPT = 4096


class Claims:
    """This process's share of the inbox of a database several processes use: it claims kept
    updates and queues them here, from when it is made until the application stops."""

    def __init__(self, store: Store, queue: KeepingQueue, bot: Any, stopped: Callable[[], bool]) -> None:
        inbox = store.shared_inbox()
        if inbox is None:
            raise TypeError(f"a {type(store).__name__} is not shared by processes")
        self._store = inbox
        self._queue = queue
        self._bot = bot
        self._stopped = stopped
        self._wake = asyncio.Event()
        #: Updates this process received but left to the claims, as parsed, so that the one that
        #: claims them back here is not parsed again (the oldest forgotten past ``PARSED_KEPT``).
        self.parsed: OrderedDict[int, Update] = OrderedDict()
        inbox.run_beside(self._work_off_inbox())

    def left_to_claims(self, update: Update) -> bool:
        """Whether a kept update is left to whichever process claims it (this one is woken to
        try); False when it was claimed for this process as it was kept: queued here at once."""
        if self._store.claimed_here(update.update_id):
            return False
        self.parsed[update.update_id] = update
        if len(self.parsed) > PARSED_KEPT:
            self.parsed.popitem(last=False)
        self._wake.set()
        return True

    async def my_turn_to_poll(self) -> bool:
        """Only the process whose turn it is polls (Telegram answers one ``getUpdates`` at a
        time); for the others this waits a little and says no, until the polling one stops or dies."""
        return await self._store.poller_turn()

    async def _work_off_inbox(self) -> None:
        """Claim kept updates and queue them here, until the application stops: python-telegram-bot
        then waits for its queue to empty, and an item queued after its stop would hold that wait up
        for ever (what this process claimed and did not queue, its store hands back at close)."""
        store, wake = self._store, self._wake
        await store.listen(wake.set)
        orphans_at = time.monotonic()
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(wake.wait(), CLAIM_EVERY_SECONDS)
            wake.clear()
            if self._stopped():
                return
            try:
                claimed = await self._claim()
                if time.monotonic() - orphans_at > ORPHANS_EVERY_SECONDS:
                    orphans_at = time.monotonic()
                    for chat_id in await store.orphaned_outbox_chats():
                        if not self._stopped():
                            await self._queue.put(Resend(chat_id))
            except Exception as error:  # the database is away: the next round tries again
                log.warning("could not claim kept updates: %s", error)
                await asyncio.sleep(1)
                continue
            if claimed >= CLAIM_BATCH:
                wake.set()  # more are waiting

    async def _claim(self) -> int:
        bodies = await self._store.claim()
        for body in bodies:
            if self._stopped():
                break
            update_id = int(body["update_id"])
            try:
                update = self.parsed.pop(update_id, None) or read_update(body, self._bot)
            except Exception as error:
                log.warning("dropped kept update %d that could not be read: %s", update_id, type(error).__name__)
                self._store.handled(update_id)
                continue
            await self._queue.put_here(update)
        return len(bodies)
