"""Several bot processes on one PostgreSQL database: each works off the shared inbox.

Every update any process receives (a webhook's POST behind a load balancer, or a batch the one
polling process fetched) is kept in the inbox table first: claimed at once by the process that
kept it where no other may hold its chat (:meth:`bot.storage.postgres.PostgresStore.keep_fetched`),
announced otherwise. Each process then
claims the kept updates of chats no other live process holds, and handles them in its own
per-chat queue: a chat's updates stay with one process while it has any in hand, so they apply
in ``update_id`` order, and the chat's advisory lock (:meth:`bot.storage.postgres.PostgresStore.hold`)
keeps any two items of one chat apart wherever they run. A process renews its claims every
second; one that dies stops renewing, and within ``CLAIM_LEASE_SECONDS`` its chats' updates are
claimed by the others. The idempotency ledger makes any update handled twice (a claim taken over
from a process that was only slow) apply once.

The same loop picks up what a dead process left in the outbox (its chats get a ``Resend``), and
the games' turn timers are stored deadlines each process reads again from the database, so a deadline
fires whichever process is up, and applies once: the chat's lock puts the firings one after the
other, and the second finds the deadline gone.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any

from telegram import Bot, Update

from bot.delivery.events import Resend
from bot.delivery.inbox import KeepingQueue, KeepsPolledBatches, keep_posted
from bot.storage import Store
from bot.storage.postgres import CLAIM_BATCH, PostgresStore

log = logging.getLogger(__name__)

#: Claims are tried this often without an announcement (to take over a dead process's chats).
CLAIM_EVERY_SECONDS = 0.5
#: The outbox is searched for rows a dead process left this often.
ORPHANS_EVERY_SECONDS = 10.0


async def work_off_inbox(store: PostgresStore, queue: KeepingQueue, bot: Bot, stopped: Callable[[], bool]) -> None:
    """Claim kept updates and queue them here, until the application stops: python-telegram-bot
    then waits for its queue to empty, and an item queued after its stop would hold that wait up
    for ever (what this process claimed and did not queue, its store hands back at close)."""
    wake = asyncio.Event()
    queue.claimed_elsewhere = wake.set
    await store.listen(wake.set)
    orphans_at = time.monotonic()
    while True:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(wake.wait(), CLAIM_EVERY_SECONDS)
        wake.clear()
        if stopped():
            return
        try:
            claimed = await _claim(store, queue, bot, stopped)
            if time.monotonic() - orphans_at > ORPHANS_EVERY_SECONDS:
                orphans_at = time.monotonic()
                for chat_id in await store.orphaned_outbox_chats():
                    if not stopped():
                        await queue.put(Resend(chat_id))
        except Exception as error:  # the database is away: the next round tries again
            log.warning("could not claim kept updates: %s", error)
            await asyncio.sleep(1)
            continue
        if claimed >= CLAIM_BATCH:
            wake.set()  # more are waiting


async def _claim(store: PostgresStore, queue: KeepingQueue, bot: Bot, stopped: Callable[[], bool]) -> int:
    bodies = await store.claim()
    for body in bodies:
        if stopped():
            break
        update_id = int(body["update_id"])
        try:
            update = queue.parsed.pop(update_id, None) or Update.de_json(dict(body), bot)
        except Exception as error:
            log.warning("dropped kept update %d that could not be read: %s", update_id, type(error).__name__)
            store.handled(update_id)
            continue
        await queue.put_claimed(update)
    return len(bodies)


def share_the_inbox(store: Store, queue: KeepingQueue, bot: Any, stopped: Callable[[], bool]) -> None:
    """With several processes on one database: every update is kept, then claimed by the process
    that holds its chat (nothing is replayed here: what a stopped process left is claimed once
    its claims lapse), and only the process whose turn it is polls."""
    if not isinstance(store, PostgresStore):
        raise TypeError(f"only a PostgreSQL store is shared by processes, not {type(store).__name__}")
    if isinstance(bot, KeepsPolledBatches):
        bot.keep_fetched(store.keep_fetched, 0)
        bot.poll_when(store.poller_turn)
    queue.keep = keep_posted(store, bot)
    queue.claimed_here = store.claimed_here
    store.run_beside(work_off_inbox(store, queue, bot, stopped))
