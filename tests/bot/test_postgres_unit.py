"""On PostgreSQL a chat item's unit is one round trip: its ledger entry, statements, messages and
the item's release in one function call (``bukvoed_unit``). What it commits is what the
statements say, parameter by parameter; a stale save commits nothing and keeps the chat's lock
until the item ends; a committed one lets the lock go with its commit, its messages leased."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import asyncpg
import pytest
from bot_harness import INSERT_KINDS, lock_is_free, rows, store_with_kinds

from bot.delivery.outbox import send
from bot.storage import StaleSessionError
from bot.storage.postgres import PostgresStore
from bot.storage.sessions import stage_save
from bot.storage.sql import Sql
from bot.storage.unit_of_work import UnitOfWork


@pytest.fixture
async def database(postgres: Any) -> AsyncIterator[tuple[PostgresStore, str]]:
    async with store_with_kinds(postgres, "unit") as made:
        yield made


async def test_each_kind_of_parameter_is_committed_as_it_was_given(database: tuple[PostgresStore, str]) -> None:
    store, url = database
    given = (2**62 + 1, 0.1 + 0.2, "слово 'с' кавычками $1 и \\", True, None)
    unit = UnitOfWork(7, 700, 0.0)
    unit.statements.append((INSERT_KINDS, given))
    async with store.hold(7):
        assert await store.commit(unit) == []
    assert rows(url, "SELECT n, x, t, b, gone FROM kinds") == [given]


async def test_a_committed_unit_lets_the_chat_go_with_its_commit_and_leases_its_messages(
    database: tuple[PostgresStore, str],
) -> None:
    store, url = database
    unit = UnitOfWork(8, 800, 0.0)
    stage_save(
        unit, 8, "letters", {"board": "ко"}, None, tallies={}, record_kind="letters", activate=True, deadline=None
    )
    unit.messages.append(send(8, "ход"))
    async with store.hold(8):
        assert not lock_is_free(url, 8)
        committed = await store.commit(unit)
        assert committed is not None
        assert lock_is_free(url, 8)  # released in the unit's own round trip, before the item ends
        (row_id, _), *_ = committed
        assert store.leased(row_id)
    assert rows(url, "SELECT state, version FROM sessions WHERE chat_id = 8") == [('{"board": "ко"}', 1)]
    assert rows(url, "SELECT active_kind FROM chats WHERE chat_id = 8") == [("letters",)]
    assert rows(url, "SELECT id, lease_by FROM outbox WHERE chat_id = 8") == [(row_id, store.name)]


async def test_a_stale_save_commits_nothing_and_the_chat_stays_held_until_the_item_ends(
    database: tuple[PostgresStore, str],
) -> None:
    store, url = database
    first = UnitOfWork(9, 900, 0.0)
    stage_save(
        first, 9, "letters", {"board": "а"}, None, tallies={}, record_kind="letters", activate=True, deadline=None
    )
    async with store.hold(9):
        assert await store.commit(first) is not None
    stale = UnitOfWork(9, 901, 0.0)
    stage_save(stale, 9, "letters", {"board": "б"}, 7, tallies={}, record_kind="letters", activate=True, deadline=None)
    stale.messages.append(send(9, "не то"))
    async with store.hold(9):
        with pytest.raises(StaleSessionError):
            await store.commit(stale)
        assert not lock_is_free(url, 9)
    assert lock_is_free(url, 9)
    assert rows(url, "SELECT state, version FROM sessions WHERE chat_id = 9") == [('{"board": "а"}', 1)]
    assert rows(url, "SELECT update_id FROM ledger WHERE update_id = 901") == []
    assert rows(url, "SELECT COUNT(*) FROM outbox WHERE chat_id = 9") == [(0,)]


async def test_a_duplicate_changes_nothing_and_the_item_releases_as_it_ends(
    database: tuple[PostgresStore, str],
) -> None:
    store, url = database
    for attempt in range(2):
        unit = UnitOfWork(10, 1000, 0.0)
        unit.messages.append(send(10, f"ответ {attempt}"))
        async with store.hold(10):
            committed = await store.commit(unit)
            assert (committed is None) == (attempt == 1)
            assert lock_is_free(url, 10) == (attempt == 0)
        assert lock_is_free(url, 10)
    assert rows(url, "SELECT message LIKE '%ответ 0%' FROM outbox WHERE chat_id = 10") == [(True,)]


@pytest.mark.parametrize("failing", [INSERT_KINDS, Sql("", "INSERT INTO no_such_table VALUES ($1, $2, $3, $4, $5)")])
async def test_a_failing_statement_commits_nothing_of_its_unit(
    database: tuple[PostgresStore, str], failing: Sql
) -> None:
    """A statement the server refuses as it runs (a text where a number goes) or as it is
    prepared (no such table): the unit's session, ledger entry and messages are not committed."""
    store, url = database
    unit = UnitOfWork(11, 1100, 0.0)
    stage_save(
        unit, 11, "letters", {"board": "я"}, None, tallies={}, record_kind="letters", activate=True, deadline=None
    )
    unit.statements.append((failing, ("не число", 0.5, "t", False, None)))
    unit.messages.append(send(11, "не уйдёт"))
    async with store.hold(11):
        with pytest.raises(asyncpg.PostgresError):
            await store.commit(unit)
        assert not lock_is_free(url, 11)
    for table in ("sessions", "ledger", "outbox", "kinds"):
        assert rows(url, f"SELECT COUNT(*) FROM {table}") == [(0,)]


async def test_the_lock_lines_statements_are_prepared_once_a_connection_and_commit_as_given(
    database: tuple[PostgresStore, str],
) -> None:
    """A unit on the lock line runs its statements by the names they are prepared under on the
    line's connection, their parameters as literals: each value commits exactly, past the server's
    switch to a generic plan (the sixth run), and a line made anew prepares them again."""
    store, url = database
    given = [(n, n / 3, f"%s %1$L '{n}' \\ $1 $$ %%", n % 2 == 0, None if n % 3 else n) for n in range(1, 9)]
    for n, values in enumerate(given, 1):
        unit = UnitOfWork(n, 1200 + n, 0.0)
        unit.statements.append((INSERT_KINDS, values))
        async with store.hold(n):
            assert await store.commit(unit) == []
    line = store._line
    assert line is not None
    prepared = await line.fetch(
        "SELECT statement, generic_plans + custom_plans FROM pg_prepared_statements WHERE name LIKE 'bukvoed%'"
    )
    assert [(INSERT_KINDS.postgres in text, runs) for text, runs in prepared] == [(True, len(given))]
    store._drop_line()
    again = (9, 0.25, "снова", False, 9)
    unit = UnitOfWork(9, 1209, 0.0)
    unit.statements.append((INSERT_KINDS, again))
    async with store.hold(9):
        assert await store.commit(unit) == []
    assert rows(url, "SELECT n, x, t, b, gone FROM kinds ORDER BY n") == [*given, again]
