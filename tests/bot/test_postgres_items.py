"""Two PostgreSQL stores on one database, as two bot processes: a chat's item reads the chat once,
with its lock, and what it sent is gone before the next holder looks; a kept batch is claimed by
the process that kept it only where no other process may hold the chat."""

from __future__ import annotations

import asyncio
import itertools
import re
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import asyncpg
import pytest
from bot_harness import rows

from bot.storage import open_store
from bot.storage import postgres as postgres_module
from bot.storage.outgoing import Outgoing, SendText
from bot.storage.postgres import PostgresStore
from bot.storage.sql import Sql
from bot.storage.unit_of_work import UnitOfWork

_databases = itertools.count()


@pytest.fixture
async def pair(postgres: object) -> AsyncIterator[tuple[PostgresStore, PostgresStore, str]]:
    url = postgres.fresh_database(f"items_{next(_databases)}")  # type: ignore[attr-defined]
    first = await PostgresStore.connect(url, connections=4)
    second = await PostgresStore.connect(url, connections=4)
    yield first, second, url
    await first.close()
    await second.close()


def message(chat_id: int, number: int) -> dict[str, object]:
    return {
        "update_id": number,
        "message": {"message_id": number, "date": 0, "chat": {"id": chat_id, "type": "private"}},
    }


async def test_an_item_reads_the_chat_after_taking_its_lock(pair: tuple[PostgresStore, PostgresStore, str]) -> None:
    """The second process waits for the first's lock, which goes with the first's commit, then
    loads the session the first committed meanwhile (its read comes after the lock, not before)
    and the messages it left unsent; a message the first sends afterwards is gone from the next
    holder's read once the first's next release (of any chat) deleted it."""
    first, second, _ = pair
    await first.save(5, "letters", {"board": "к"}, None, activate=True)
    loaded: list[object] = []

    async def later() -> None:
        async with second.hold(5):
            stored = await second.load(5, "letters")
            loaded.extend([stored.version if stored else None, await second.active_kind(5)])
            loaded.append([row_id for row_id, _ in await second.pending_messages(5)])

    async with first.hold(5):
        waiting = asyncio.create_task(later())
        await asyncio.sleep(0.2)
        assert not loaded  # the lock keeps the second out
        unit = UnitOfWork(5, 11, 0.0)
        unit.statements.append(
            (
                Sql(
                    "UPDATE sessions SET version = 2 WHERE chat_id = ?",
                    "UPDATE sessions SET version = 2 WHERE chat_id = $1",
                ),
                (5,),
            )
        )
        unit.messages.append(Outgoing(5, SendText("один")))
        unit.messages.append(Outgoing(5, SendText("два")))
        committed = await first.commit(unit)
        assert committed is not None
        await waiting
    assert loaded == [2, "letters", [committed[0][0], committed[1][0]]]
    first.sent(committed[0][0])  # the first message went (after the hold, as a chat's line sends); the second did not
    async with first.hold(6):  # the first's next item, of another chat: its release deletes the row sent
        pass
    async with second.hold(5):
        assert [row_id for row_id, _ in await second.pending_messages(5)] == [committed[1][0]]


async def test_a_duplicate_queues_no_messages(pair: tuple[PostgresStore, PostgresStore, str]) -> None:
    first, second, url = pair
    for store in (first, second):
        unit = UnitOfWork(6, 21, 0.0)
        unit.messages.append(Outgoing(6, SendText("раз")))
        async with store.hold(6):
            outcome = await store.commit(unit)
        assert (outcome is None) == (store is second)
    assert rows(url, "SELECT count(*) FROM outbox") == [(1,)]


async def test_a_kept_batch_is_claimed_here_unless_another_process_holds_the_chat(
    pair: tuple[PostgresStore, PostgresStore, str],
) -> None:
    first, second, url = pair
    await second.keep_fetched([message(7, 1)])
    assert second.claimed_here(1)
    await first.keep_fetched([message(7, 2), message(8, 3)])
    assert not first.claimed_here(2)  # chat 7 is the second's while it has update 1 in hand
    assert first.claimed_here(3)
    assert not first.claimed_here(3)  # told once
    assert sorted(rows(url, "SELECT update_id, claimed_by IS NULL FROM inbox")) == [(1, False), (2, True), (3, False)]
    claimed = await second.claim()
    assert [body["update_id"] for body in claimed] == [2]


async def test_the_pool_bounds_the_items_that_wait_for_a_busy_chat(postgres: object) -> None:
    """``DATABASE_CONNECTIONS`` reaches the pool. Items whose chats are free hold them on the lock
    line and take none of it: three run at once with two connections. An item whose chat another
    process holds waits for it on a pooled connection of its own, so with two connections a third
    such item waits for one of the two to finish."""
    url = postgres.fresh_database(f"items_{next(_databases)}")  # type: ignore[attr-defined]
    store = await open_store(url, connections=2)
    assert isinstance(store, PostgresStore)
    other = await asyncpg.connect(url)
    try:
        finish = asyncio.Event()
        started: list[int] = []

        async def item(chat_id: int) -> None:
            async with store.hold(chat_id):
                started.append(chat_id)
                if chat_id not in (3, 13):
                    await finish.wait()

        at_work = [asyncio.create_task(item(chat_id)) for chat_id in (1, 2, 3)]
        await until_true(lambda: len(started) == 3)  # on the line: no pooled connection each
        await asyncio.wait_for(at_work.pop(), 10)
        for chat_id in (11, 12, 13):
            await other.execute("SELECT pg_advisory_lock($1)", chat_id)
        waiting = [asyncio.create_task(item(chat_id)) for chat_id in (11, 12)]
        await asyncio.sleep(0.5)
        await other.execute("SELECT pg_advisory_unlock(11), pg_advisory_unlock(12)")
        await until_true(lambda: len(started) == 5)
        third = asyncio.create_task(item(13))
        await asyncio.sleep(0.5)  # refused by the line: chat 13 is busy
        await other.execute("SELECT pg_advisory_unlock(13)")
        await asyncio.sleep(0.5)
        assert sorted(started) == [1, 2, 3, 11, 12]  # free now, but no pooled connection is
        finish.set()
        await asyncio.wait_for(third, 10)
        await asyncio.gather(*at_work, *waiting)
        assert started[-1] == 13
    finally:
        await other.close()
        await store.close()


async def until_true(condition: Callable[[], bool], seconds: float = 10.0) -> None:
    deadline = asyncio.get_running_loop().time() + seconds
    while not condition():
        assert asyncio.get_running_loop().time() < deadline
        await asyncio.sleep(0.01)


def test_no_statement_passes_an_array_type_that_asyncpg_must_look_up() -> None:
    """asyncpg encodes text[] by itself but looks up any other array type (bigint[]: 9 ms) on each
    new connection, and a burst of new chats opening the pool's connections stalled the bot: id
    lists go as array literals in text (``ids``) and are cast by the statement."""
    source = Path(postgres_module.__file__).read_text(encoding="utf-8")
    parameters = re.findall(r"\$\d+::(\w+(?:\[\])?)", source)
    assert parameters, "the statements' parameters were not found"
    assert not [p for p in parameters if p.endswith("[]") and p != "text[]"]
    assert postgres_module.ids([1, None, 2**40]) == "{1,NULL,1099511627776}"
    assert postgres_module.ids([]) == "{}"
