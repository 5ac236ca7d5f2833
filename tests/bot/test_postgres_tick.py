"""On PostgreSQL the items of one loop tick share one server call and one transaction on the
process's lock line (``bukvoed_tick``): the chats asked for are taken together, and the units
ready together commit together, each with its own ledger check, statements, messages and
release, so that one refused unit leaves the others committed. A line that goes (its backend
ended, the server restarted) takes its chats' locks with it: its items take them again, each on
a connection of its own, and commit once."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import asyncpg
import pytest
from bot_harness import INSERT_KINDS, lock_is_free, rows, store_with_kinds

from bot.delivery.outbox import send
from bot.storage import StaleSessionError
from bot.storage.postgres import TICK_ITEMS, PostgresStore
from bot.storage.sessions import stage_save
from bot.storage.unit_of_work import UnitOfWork


@pytest.fixture
async def database(postgres: Any) -> AsyncIterator[tuple[PostgresStore, str]]:
    async with store_with_kinds(postgres, "tick") as made:
        yield made


def calls_of(store: PostgresStore) -> list[tuple[int, int]]:
    """Each call of the store's lock line from now on, as (chats asked for, units carried)."""
    made: list[tuple[int, int]] = []
    tick = store._tick

    async def counted(holds: list[Any], units: list[Any]) -> None:
        made.append((len(holds), len(units)))
        await tick(holds, units)

    store._tick = counted  # type: ignore[method-assign]
    return made


def saving(chat_id: int, update_id: int, board: str, version: int | None) -> UnitOfWork:
    unit = UnitOfWork(chat_id, update_id, 0.0)
    stage_save(
        unit,
        chat_id,
        "letters",
        {"board": board},
        version,
        tallies={},
        record_kind="letters",
        activate=True,
        deadline=None,
    )
    unit.messages.append(send(chat_id, f"ответ {update_id}"))
    return unit


async def test_one_refused_unit_of_a_tick_leaves_the_others_committed(database: tuple[PostgresStore, str]) -> None:
    """Four chats' items at once: one commits, one is a duplicate (its ledger check stops it),
    one's save is stale, one's statement fails. Their locks are taken in one call and their units
    go in one call; each comes to what it would alone, and a refused one keeps its chat until its
    item ends."""
    store, url = database
    async with store.hold(22):
        assert await store.commit(saving(22, 2200, "раз", None)) is not None
    async with store.hold(23):
        assert await store.commit(saving(23, 2300, "раз", None)) is not None
    warming = saving(99, 9900, "раз", 0)  # each statement's types asked once, before the tick
    warming.statements.append((INSERT_KINDS, (1, 0.5, "t", False, None)))
    async with store.hold(99):
        with pytest.raises(StaleSessionError):
            await store.commit(warming)
    made = calls_of(store)
    outcomes: dict[int, object] = {}
    held_after: dict[int, bool] = {}
    failing = saving(24, 2400, "раз", None)
    failing.statements.append((INSERT_KINDS, ("не число", 0.5, "t", False, None)))
    units = {
        21: saving(21, 2100, "раз", None),
        22: saving(22, 2200, "два", 1),
        23: saving(23, 2301, "два", 7),
        24: failing,
    }

    async def item(chat_id: int) -> None:
        async with store.hold(chat_id):
            try:
                outcomes[chat_id] = await store.commit(units[chat_id])
            except (StaleSessionError, asyncpg.PostgresError) as error:
                outcomes[chat_id] = type(error)
            held_after[chat_id] = not await asyncio.to_thread(lock_is_free, url, chat_id)

    await asyncio.gather(*(item(chat_id) for chat_id in units))
    assert made[:2] == [(4, 0), (0, 4)]  # the four locks in one call, the four units in the next
    committed = outcomes[21]
    assert isinstance(committed, list) and len(committed) == 1
    assert outcomes[22] is None and outcomes[23] is StaleSessionError
    assert isinstance(outcomes[24], type) and issubclass(outcomes[24], asyncpg.PostgresError)
    assert held_after == {21: False, 22: True, 23: True, 24: True}  # a refused unit's chat waits for its item
    assert all(lock_is_free(url, chat_id) for chat_id in units)
    assert rows(url, "SELECT chat_id, state, version FROM sessions ORDER BY chat_id") == [
        (21, '{"board": "раз"}', 1),
        (22, '{"board": "раз"}', 1),
        (23, '{"board": "раз"}', 1),
    ]
    assert rows(url, "SELECT update_id FROM ledger ORDER BY update_id") == [(2100,), (2200,), (2300,)]
    assert rows(url, "SELECT chat_id, lease_by FROM outbox ORDER BY id") == [
        (22, store.name),
        (23, store.name),
        (21, store.name),
    ]
    assert rows(url, "SELECT COUNT(*) FROM kinds") == [(0,)]


async def test_a_tick_carries_at_most_its_bound_and_the_rest_go_in_the_next(
    database: tuple[PostgresStore, str],
) -> None:
    store, url = database
    chats = range(100, 100 + TICK_ITEMS + 8)
    made = calls_of(store)

    async def item(chat_id: int) -> None:
        async with store.hold(chat_id):
            assert await store.commit(saving(chat_id, 10 * chat_id, "раз", None)) is not None

    await asyncio.gather(*(item(chat_id) for chat_id in chats))
    assert all(holds <= TICK_ITEMS and units <= TICK_ITEMS for holds, units in made)
    assert sum(holds for holds, _ in made) == len(chats) and sum(units for _, units in made) == len(chats)
    assert max(holds for holds, _ in made) == TICK_ITEMS
    assert rows(url, "SELECT COUNT(*) FROM ledger") == [(len(chats),)]
    assert all(lock_is_free(url, chat_id) for chat_id in chats)


async def test_a_chat_another_process_holds_is_waited_for_on_a_connection_of_the_items_own(
    database: tuple[PostgresStore, str],
) -> None:
    store, url = database
    other = await asyncpg.connect(url)
    try:
        await other.execute("SELECT pg_advisory_lock(31)")
        item = asyncio.create_task(holding(store, 31, saving(31, 3100, "раз", None)))
        await asyncio.sleep(0.5)
        assert not item.done()  # busy on the line: waiting on a pooled connection
        await other.execute("SELECT pg_advisory_unlock(31)")
        assert await asyncio.wait_for(item, 10) is not None
    finally:
        await other.close()
    assert rows(url, "SELECT update_id FROM ledger") == [(3100,)]
    assert lock_is_free(url, 31)


async def holding(store: PostgresStore, chat_id: int, unit: UnitOfWork) -> object:
    async with store.hold(chat_id):
        return await store.commit(unit)


async def test_items_whose_line_ended_take_their_chats_again_and_commit_once(
    database: tuple[PostgresStore, str],
) -> None:
    """The line's backend ended while three items hold their chats there (their locks gone with
    it): each takes its chat's lock again and commits once; the next items use a new line."""
    store, url = database
    entered: list[int] = []
    go_on = asyncio.Event()
    chats = (41, 42, 43)

    async def item(chat_id: int) -> object:
        async with store.hold(chat_id):
            entered.append(chat_id)
            await go_on.wait()
            return await store.commit(saving(chat_id, 100 * chat_id, "раз", None))

    items = [asyncio.create_task(item(chat_id)) for chat_id in chats]
    while len(entered) < len(chats):
        await asyncio.sleep(0.01)
    assert not any(lock_is_free(url, chat_id) for chat_id in chats)
    line = "query LIKE '%bukvoed_tick(%' AND pid <> pg_backend_pid()"
    ended = rows(url, f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE {line}")
    assert ended == [(True,)]
    go_on.set()
    outcomes = await asyncio.wait_for(asyncio.gather(*items), 30)
    assert all(isinstance(outcome, list) and len(outcome) == 1 for outcome in outcomes)
    assert rows(url, "SELECT update_id FROM ledger ORDER BY update_id") == [(4100,), (4200,), (4300,)]
    assert all(lock_is_free(url, chat_id) for chat_id in chats)
    assert await holding(store, 44, saving(44, 4400, "раз", None)) is not None


@pytest.fixture(scope="module")
def crash_safe_postgres() -> Iterator[Any]:
    """A server of its own that loses nothing committed when it crashes (``synchronous_commit=on``)."""
    sys.path.insert(0, str(Path(__file__).parent.parent))
    import pgserver

    with pgserver.running(crash_safe=True) as server:
        yield server


async def test_a_tick_across_a_server_restart_applies_each_unit_once(crash_safe_postgres: Any) -> None:
    """The server crashes while five items hold their chats on the line, and starts again while
    their units wait for it: each unit is applied once, and every chat is free afterwards."""
    server = crash_safe_postgres
    url = server.fresh_database("tick_restart")
    store = await PostgresStore.connect(url, connections=4)
    try:
        go_on = asyncio.Event()
        chats = range(51, 56)

        async def item(chat_id: int) -> object:
            async with store.hold(chat_id):
                await go_on.wait()
                return await store.commit(saving(chat_id, 100 * chat_id, "раз", None))

        items = [asyncio.create_task(item(chat_id)) for chat_id in chats]
        await asyncio.sleep(0.3)
        await asyncio.to_thread(server.crash)
        go_on.set()
        await asyncio.sleep(1.0)
        await asyncio.to_thread(server.start_again)
        outcomes = await asyncio.wait_for(asyncio.gather(*items), 60)
        assert all(isinstance(outcome, list) and len(outcome) == 1 for outcome in outcomes)
        assert rows(url, "SELECT update_id FROM ledger ORDER BY update_id") == [(100 * c,) for c in chats]
        assert rows(url, "SELECT chat_id, version FROM sessions ORDER BY chat_id") == [(c, 1) for c in chats]
        assert all(lock_is_free(url, chat_id) for chat_id in chats)
    finally:
        await store.close()


async def test_an_item_whose_line_ended_keeps_its_update_in_the_inbox_until_its_unit_commits(
    database: tuple[PostgresStore, str],
) -> None:
    """The line's backend ends under an item; while the item waits for its chat's lock again
    (another process holds it), this process keeps the chat's next update. The first update
    stays in the inbox, claimed here, so no process can apply the next one before it; then the
    item commits it, and it leaves the inbox with its ledger entry."""
    store, url = database
    first, second = (
        {"update_id": 6100, "message": {"chat": {"id": 61}}},
        {"update_id": 6101, "message": {"chat": {"id": 61}}},
    )
    await store.keep_fetched([first])
    assert store.claimed_here(6100)
    entered, go_on = asyncio.Event(), asyncio.Event()

    async def item() -> object:
        async with store.hold(61):
            entered.set()
            await go_on.wait()
            return await store.commit(saving(61, 6100, "раз", None))

    running = asyncio.create_task(item())
    await entered.wait()
    line = "query LIKE '%bukvoed_tick(%' AND pid <> pg_backend_pid()"
    assert rows(url, f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE {line}") == [(True,)]
    other = await asyncpg.connect(url)
    try:
        await other.execute("SELECT pg_advisory_lock(61)")  # another process takes the chat meanwhile
        go_on.set()
        await asyncio.sleep(0.5)
        assert not running.done()  # waiting for the chat's lock
        await store.keep_fetched([second])
        assert rows(url, "SELECT update_id FROM inbox ORDER BY update_id") == [(6100,), (6101,)]
        assert rows(url, "SELECT COUNT(*) FROM inbox WHERE claimed_by IS NULL") == [(0,)]
        await other.execute("SELECT pg_advisory_unlock(61)")
        outcome = await asyncio.wait_for(running, 30)
    finally:
        await other.close()
    assert isinstance(outcome, list) and len(outcome) == 1
    assert rows(url, "SELECT update_id FROM ledger") == [(6100,)]
    assert rows(url, "SELECT update_id FROM inbox") == [(6101,)]


async def test_an_update_kept_for_later_stays_in_the_inbox_claimed_here(database: tuple[PostgresStore, str]) -> None:
    """An update said handled and then kept for later (its drop was refused: it is tried again)
    is deleted by no later transaction, and its claim is still renewed by this process."""
    store, url = database
    await store.keep_fetched([{"update_id": 6200, "message": {"chat": {"id": 62}}}])
    store.handled(6200)
    store.kept_for_later(6200)
    assert await holding(store, 63, saving(63, 6300, "раз", None)) is not None
    await store.keep_fetched([])
    rows(url, "UPDATE inbox SET claimed_at = 0")
    await store.renew_claims()
    assert rows(url, "SELECT update_id, claimed_by, claimed_at > 0 FROM inbox") == [(6200, store.name, True)]


async def test_a_refused_unit_leaves_its_update_in_the_inbox_for_its_item_to_decide(
    database: tuple[PostgresStore, str],
) -> None:
    """A unit refused (here a stale save) takes nothing with it: its update's inbox row outlives
    the next transactions, until its item says it is handled (it told the player) or keeps it
    for later (it tries again)."""
    store, url = database
    await store.keep_fetched([{"update_id": 6400, "message": {"chat": {"id": 64}}}])
    with pytest.raises(StaleSessionError):
        await holding(store, 64, saving(64, 6400, "раз", 5))  # version 5 was never loaded: stale
    assert await holding(store, 65, saving(65, 6500, "раз", None)) is not None
    await store.keep_fetched([])
    assert rows(url, "SELECT update_id FROM inbox") == [(6400,)]
    store.handled(6400)
    await store.keep_fetched([])
    assert rows(url, "SELECT update_id FROM inbox") == []
