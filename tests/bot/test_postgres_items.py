"""Two PostgreSQL stores on one database, as two bot processes: a chat's item reads the chat once,
with its lock, and what it sent is gone before the next holder looks; a kept batch is claimed by
the process that kept it only where no other process may hold the chat."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator

import pytest
from bot_harness import rows

from bot.storage.postgres import PostgresStore
from bot.storage.unit_of_work import Outgoing, UnitOfWork

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
    """The second process waits for the first's lock, then loads the session the first committed
    meanwhile (its read comes after the lock, not before) and the messages it left unsent."""
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
        unit.statements.append(("UPDATE sessions SET version = 2 WHERE chat_id = ?", (5,)))
        unit.messages.append(Outgoing(5, "send", {"text": "один"}))
        unit.messages.append(Outgoing(5, "send", {"text": "два"}))
        committed = await first.commit(unit)
        assert committed is not None
        first.sent(committed[0][0])  # the first message went; the second did not
    await waiting
    assert loaded == [2, "letters", [committed[1][0]]]


async def test_a_duplicate_queues_no_messages(pair: tuple[PostgresStore, PostgresStore, str]) -> None:
    first, second, url = pair
    for store in (first, second):
        unit = UnitOfWork(6, 21, 0.0)
        unit.messages.append(Outgoing(6, "send", {"text": "раз"}))
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
