"""The connection a PostgreSQL store listens on for kept updates is made again once it is lost
(its backend ended by an operator, or the whole server restarted): another process's
announcement wakes this one again, not only its half-second claims.

Under load the store's refresh may take many seconds to come round, and an announcement made
before the new connection listens is not queued for it: so each test waits for the events
themselves (a new listening backend, then a wake-up), announcing again until one is heard, with
deadlines far above what an idle machine needs."""

from __future__ import annotations

import asyncio
import itertools
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from bot_harness import rows

from bot.storage.postgres import INBOX_CHANNEL, PostgresStore

_databases = itertools.count()

#: Seconds a step may take on a machine shared with a full test run (an idle one needs about one).
PATIENCE = 120.0

UPDATE = {"update_id": 77, "message": {"message_id": 1, "date": 0, "chat": {"id": 5, "type": "private"}}}


def listening_backends(url: str) -> list[int]:
    """The server processes that listen for kept updates, idle (their ``LISTEN`` committed)."""
    found = rows(
        url,
        "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND state = 'idle' AND query = ?",
        f'LISTEN "{INBOX_CHANNEL}"',
    )
    return [int(row[0]) for row in found]


async def settle(condition: Callable[[], bool]) -> None:
    """``condition`` holds within ``PATIENCE``, checked off the event loop (it reads the server)."""
    deadline = asyncio.get_running_loop().time() + PATIENCE
    while not await asyncio.to_thread(_holds, condition):
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError("timed out")
        await asyncio.sleep(0.1)


def _holds(condition: Callable[[], bool]) -> bool:
    try:
        return condition()
    except OSError:  # the server is still coming back
        return False


async def announce_until_heard(keeper: PostgresStore, woken: asyncio.Event) -> None:
    """Keep the same update again (a redelivery: kept already, so announced to the claims) until
    the listener is woken; a keep that fails while the server comes back is tried again."""
    deadline = asyncio.get_running_loop().time() + PATIENCE
    while not woken.is_set():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError("no announcement was heard")
        try:
            await keeper.keep_fetched([UPDATE])
        except Exception:  # the server is not back yet
            await asyncio.sleep(0.5)
            continue
        try:
            await asyncio.wait_for(woken.wait(), 1.0)
        except TimeoutError:
            continue


@asynccontextmanager
async def listener_and_keeper(url: str) -> AsyncIterator[tuple[PostgresStore, PostgresStore, asyncio.Event]]:
    """Two stores on one database, as two processes: the first listens, the second keeps the
    update (claimed for itself as it is kept, so the next keep of it is a redelivery, announced)."""
    listener = await PostgresStore.connect(url, connections=2)
    keeper = await PostgresStore.connect(url, connections=2)
    woken = asyncio.Event()
    try:
        await listener.listen(woken.set)
        await keeper.keep_fetched([UPDATE])
        await announce_until_heard(keeper, woken)  # heard before anything breaks
        yield listener, keeper, woken
    finally:
        await listener.close()
        await keeper.close()


async def test_the_listening_connection_is_made_again_after_its_backend_is_ended(postgres: Any) -> None:
    """An operator's ``pg_terminate_backend`` on the listening connection: within the store's
    refresh a new one listens, and another process's announcement wakes this one."""
    url = postgres.fresh_database(f"listen_{next(_databases)}")
    async with listener_and_keeper(url) as (_listener, keeper, woken):
        (before,) = await asyncio.to_thread(listening_backends, url)
        ended = await asyncio.to_thread(rows, url, "SELECT pg_terminate_backend(?)", before)
        assert ended == [(True,)]
        await settle(lambda: [pid for pid in listening_backends(url) if pid != before] != [])
        woken.clear()
        await announce_until_heard(keeper, woken)


async def test_the_listening_connection_is_made_again_after_the_server_restarts(tmp_path: Path) -> None:
    """The server crashes and comes back (every connection drops): the store listens again on a
    new connection, and another process's announcement wakes it."""
    sys.path.insert(0, str(Path(__file__).parent.parent))
    import pgserver

    with pgserver.running(crash_safe=True) as server:  # the tables outlive the crash
        url = server.fresh_database("listen_restart")
        async with listener_and_keeper(url) as (_listener, keeper, woken):
            (before,) = await asyncio.to_thread(listening_backends, url)
            await asyncio.to_thread(server.crash)
            await asyncio.to_thread(server.start_again)
            await settle(lambda: [pid for pid in listening_backends(url) if pid != before] != [])
            woken.clear()
            await announce_until_heard(keeper, woken)
