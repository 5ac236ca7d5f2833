"""The Store on both engines, a real SQLite file and a real PostgreSQL server: what it says it
committed is what another reader sees. Tests of what only a file has (its lock, checkpoints, a
full disk, old schema versions) run on SQLite alone."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from bot_harness import on_each_engine, rows, sqlite_only

from bot.delivery.outbox import send
from bot.games.wordle import store as wordle_store
from bot.storage import (
    REDELIVERY_WINDOW,
    SCHEMA_VERSION,
    Record,
    StaleSessionError,
    Store,
    StoreUnavailableError,
    StoreWriteError,
    Tally,
    open_store,
    schema,
)
from bot.storage import ledger as ledger_module
from bot.storage import store as sqlite_store
from bot.storage.outgoing import Outgoing, SendText
from bot.storage.sessions import KEEP, stage_save
from bot.storage.unit_of_work import UnitOfWork

database = on_each_engine


def text_of(message: Outgoing) -> str:
    assert isinstance(message.call, SendText)
    return message.call.text


@pytest.fixture
async def store(database: Path | str) -> AsyncIterator[Store]:
    opened = await open_store(database)
    yield opened
    await opened.close()


on_file = rows


async def test_a_save_is_on_file_before_it_returns(store: Store, database: Path) -> None:
    first = await store.save(1, "letters", {"board": "к"}, None, user_id=7, tally=Tally(played=1), activate=True)
    second = await store.save(1, "letters", {"board": "ко"}, first)
    assert (first, second) == (1, 2)
    assert on_file(database, "SELECT state, version FROM sessions WHERE chat_id = 1") == [('{"board": "ко"}', 2)]
    assert on_file(database, "SELECT active_kind FROM chats WHERE chat_id = 1") == [("letters",)]
    loaded = await store.load(1, "letters")
    assert loaded is not None and (loaded.state, loaded.version) == ({"board": "ко"}, 2)
    assert await store.records(7) == {"letters": Record(played=1, won=0, lost=0, hints=0)}


async def test_a_stale_save_changes_nothing(store: Store, database: Path) -> None:
    version = await store.save(2, "letters", {"board": "к"}, None)
    await store.save(2, "letters", {"board": "ко"}, version)
    with pytest.raises(StaleSessionError):
        await store.save(2, "letters", {"board": "кот"}, version, user_id=7, tally=Tally(won=1))
    loaded = await store.load(2, "letters")
    assert loaded is not None and loaded.state == {"board": "ко"}
    assert on_file(database, "SELECT count(*) FROM records") == [(0,)]


@sqlite_only
async def test_a_failing_save_is_all_or_nothing(store: Store, database: Path) -> None:
    version = await store.save(3, "letters", {"board": "к"}, None)
    with sqlite3.connect(database) as db:  # the records table starts failing, as a full disk would
        db.execute("CREATE TRIGGER broken BEFORE INSERT ON records BEGIN SELECT RAISE(ABORT, 'disk trouble'); END")
    with pytest.raises(sqlite3.DatabaseError, match="disk trouble"):
        await store.save(3, "letters", {"board": "ко"}, version, user_id=7, tally=Tally(won=1))
    assert on_file(database, "SELECT state, version FROM sessions WHERE chat_id = 3") == [('{"board": "к"}', 1)]
    loaded = await store.load(3, "letters")
    assert loaded is not None and (loaded.state, loaded.version) == ({"board": "к"}, 1)


async def test_saves_of_many_chats_at_once_each_commit_alone(store: Store, database: Path) -> None:
    """One chat's refused save rolls back nothing of the others' saves running beside it."""
    versions = await asyncio.gather(*(store.save(chat, "letters", {"n": 0}, None) for chat in range(100, 150)))
    saves = [
        store.save(chat, "letters", {"n": 1}, 99 if chat == 120 else version, user_id=chat, tally=Tally(played=1))
        for chat, version in zip(range(100, 150), versions, strict=True)
    ]
    outcomes = await asyncio.gather(*saves, return_exceptions=True)
    assert [chat for chat, o in zip(range(100, 150), outcomes, strict=True) if isinstance(o, Exception)] == [120]
    assert on_file(database, "SELECT count(*) FROM sessions WHERE version = 2") == [(49,)]
    assert on_file(database, "SELECT count(*) FROM records") == [(49,)]


async def test_what_it_forgets_it_reads_back_from_the_file(database: Path) -> None:
    store = await open_store(database, remembered=2)
    try:
        for chat in (10, 11, 12):
            await store.save(chat, "letters", {"chat": chat}, None, activate=True)
        loaded = await store.load(10, "letters")  # no longer remembered: read from the file
        assert loaded is not None and (loaded.state, loaded.version) == ({"chat": 10}, 1)
        assert await store.active_kind(10) == "letters"
        assert await store.save(10, "letters", {"chat": 10, "again": True}, loaded.version) == 2
    finally:
        await store.close()
    reopened = await open_store(database)
    try:
        again = await reopened.load(10, "letters")
        assert again is not None and again.state == {"chat": 10, "again": True}
    finally:
        await reopened.close()


@sqlite_only
async def test_checkpoints_copy_saves_into_the_database_file(database: Path, tmp_path: Path) -> None:
    """Saves reach the main file (not only the write-ahead log) without a save doing the copying."""
    store = await open_store(database, checkpoint_seconds=0.05)
    try:
        await store.save(20, "letters", {"board": "к"}, None)
        await asyncio.sleep(0.5)
        alone = tmp_path / "alone.sqlite3"  # the main file as it is, without its log beside it
        alone.write_bytes(database.read_bytes())
        assert on_file(alone, "SELECT state FROM sessions WHERE chat_id = 20") == [('{"board": "к"}',)]
    finally:
        await store.close()
    log = database.with_name(database.name + "-wal")
    assert not log.exists() or log.stat().st_size == 0


@sqlite_only
async def test_one_store_at_a_time_per_file(database: Path) -> None:
    first = await open_store(database)
    try:
        with pytest.raises(StoreUnavailableError, match="in use by another bot process"):
            await open_store(database)
    finally:
        await first.close()
    second = await open_store(database)  # free again once the first has closed
    await second.close()


@sqlite_only
async def test_a_file_from_a_newer_bot_is_refused_and_left_alone(database: Path) -> None:
    database.parent.mkdir(parents=True)
    with sqlite3.connect(database) as db:
        db.execute("PRAGMA user_version=99")
    for _ in range(2):  # the second time says the same: the refused open let go of the file
        with pytest.raises(StoreUnavailableError, match="newer bot"):
            await open_store(database)
    assert on_file(database, "PRAGMA user_version") == [(99,)]


def ledger(database: Path, chat_id: int) -> list[object]:
    return [row[0] for row in on_file(database, "SELECT update_id FROM ledger WHERE chat_id = ? ORDER BY 1", chat_id)]


async def test_the_applied_update_is_committed_with_the_session(store: Store, database: Path) -> None:
    """Exactly once: the id of the update a save applies is on file in the same transaction, and
    the same id again changes nothing, in whatever order the ids come."""
    version = await store.save(30, "letters", {"board": "к"}, None, update_id=41)
    assert version == 1
    assert await store.save(30, "letters", {"board": "ко"}, version, update_id=40) == 2  # older, applied later
    assert ledger(database, 30) == [40, 41]
    assert await store.save(30, "letters", {"board": "кот"}, 2, update_id=41) is None  # a redelivery
    assert on_file(database, "SELECT state, version FROM sessions WHERE chat_id = 30") == [('{"board": "ко"}', 2)]
    with pytest.raises(StaleSessionError):  # a refused save records nothing
        await store.save(30, "letters", {"board": "кот"}, version, update_id=50)
    assert ledger(database, 30) == [40, 41]


async def test_a_restarted_store_knows_what_was_applied(database: Path) -> None:
    first = await open_store(database)
    try:
        await first.save(31, "wordle", {"entries": []}, None, update_id=7)
    finally:
        await first.close()
    second = await open_store(database)
    try:
        assert not second.applied_recently(7)  # not in this process's memory: the file decides
        assert await second.save(31, "wordle", {"entries": [1]}, 1, update_id=7) is None
        assert await second.save(32, "wordle", {"entries": []}, None, update_id=8) == 1
    finally:
        await second.close()


@sqlite_only
async def test_a_full_disk_fails_saves_politely_and_they_resume_by_themselves(
    store: Store, database: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """SQLite's page cap (``max_page_count``) stands in for a full disk here; the fault benchmark
    fills a real one. Every refused save is a StoreWriteError, logged once, with nothing changed."""
    version = await store.save(33, "letters", {"board": ""}, None)
    pages = on_file(database, "PRAGMA page_count")[0][0]
    await store._db.execute_fetchall(f"PRAGMA max_page_count={pages}")  # no room to grow
    big = {"board": "я" * 100_000}
    for _ in range(3):
        with pytest.raises(StoreWriteError):
            await store.save(33, "letters", big, version, update_id=99)
    assert store.writes_failing
    failing = [r for r in caplog.records if "database writes are failing" in r.getMessage()]
    assert len(failing) == 1 and "database or disk is full" in failing[0].getMessage()
    assert on_file(database, "SELECT state, version FROM sessions WHERE chat_id = 33") == [('{"board": ""}', 1)]
    assert ledger(database, 33) == []
    await store._db.execute_fetchall("PRAGMA max_page_count=1073741823")  # space is back
    assert await store.save(33, "letters", big, version, update_id=99) == 2
    assert not store.writes_failing
    assert any("database writes work again, after 3 refused" in r.getMessage() for r in caplog.records)


@sqlite_only
async def test_an_idle_store_truncates_its_log(database: Path) -> None:
    """The log is bounded: once saves stop, the next checkpoint round empties the -wal file."""
    store = await open_store(database, checkpoint_seconds=0.05)
    try:
        for n in range(50):
            await store.save(34, "letters", {"n": n, "pad": "x" * 2000}, n or None)
            if n == 0:
                log = database.with_name(database.name + "-wal")
        assert log.stat().st_size > 0  # written while saves came
        await asyncio.sleep(0.4)
        assert log.stat().st_size == 0
    finally:
        await store.close()


@sqlite_only
async def test_a_log_past_its_size_is_copied_by_the_commit_that_passed_it(
    database: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The log is bounded under load: saves in a row, many at once, never find it more than one
    transaction past its size, the saves of one turn of the loop, which commit together (with
    checkpoints only beside the writes it grew without bound), and the
    writer's own checkpoints put the saves in the file itself, with no timed round to help."""
    at = 64 * 1024
    monkeypatch.setattr(sqlite_store, "WAL_CHECKPOINT_AT", at)
    await (await open_store(database)).close()  # made: its schema's log is gone
    store = await open_store(database, checkpoint_seconds=60)  # no timed round meanwhile
    log = database.with_name(database.name + "-wal")
    size_at_open = database.stat().st_size
    versions: dict[int, int | None] = dict.fromkeys(range(8))
    sizes: list[int] = []

    async def save(chat: int, n: int) -> None:
        versions[chat] = await store.save(chat, "letters", {"n": n, "pad": "x" * 6000}, versions[chat])
        sizes.append(log.stat().st_size)

    try:
        for n in range(25):
            await asyncio.gather(*(save(chat, n) for chat in versions))
        page = 4096 + 24  # a page in the log, with its frame header
        assert at < max(sizes) < at + 8 * 3 * page  # past the size by the last transaction: 8 saves of 6 KB
        assert database.stat().st_size - size_at_open >= 8 * 6000  # every chat's session copied in
        assert set(versions.values()) == {25}
    finally:
        await store.close()


@sqlite_only
async def test_a_corrupt_file_is_refused_with_one_line(database: Path) -> None:
    database.parent.mkdir(parents=True)
    database.write_bytes(b"this is not a database, " * 200)
    with pytest.raises(StoreUnavailableError, match=r"^cannot (open|use) the database .*not a database"):
        await open_store(database)
    second = await open_store(database.with_name("fresh.sqlite3"))  # nothing was left held
    await second.close()


@sqlite_only
async def test_a_damaged_file_fails_the_quick_check(database: Path) -> None:
    database.parent.mkdir(parents=True)
    with sqlite3.connect(database) as db:
        db.execute("CREATE TABLE filler (x TEXT)")
        db.executemany("INSERT INTO filler VALUES (?)", [("x" * 500,) for _ in range(200)])
    data = bytearray(database.read_bytes())
    page = 4096
    data[3 * page : 3 * page + 200] = b"\xff" * 200  # a B-tree page in the middle, overwritten
    database.write_bytes(bytes(data))
    with pytest.raises(StoreUnavailableError, match=r"damaged|malformed|cannot"):
        await open_store(database)


@sqlite_only
async def test_close_releases_the_file_even_when_closing_fails(database: Path) -> None:
    store = await open_store(database)
    await store._checkpoints.close()  # a connection that already died
    await store.close()
    again = await open_store(database)  # the lock was released all the same
    await again.close()


async def test_reported_answers_count_each_player_once_and_stay_on_file(database: Path) -> None:
    store = await open_store(database, tables=[wordle_store.TABLES])  # the game's own table, made on open
    try:
        await report_answers(store)
    finally:
        await store.close()
    assert on_file(database, "SELECT COUNT(*) FROM wordle_answers") == [(3,)]


async def report_answers(store: Store) -> None:
    for word, player in (("кринж", 1), ("кринж", 1), ("кринж", 2), ("шанеж", 3)):
        await store.save(900 + player, "wordle", {}, None, update_id=None)
        unit = UnitOfWork(900 + player)
        unit.statements.append(wordle_store.answer_report(word, player))
        await store.commit(unit)
    assert await wordle_store.answer_reporters(store, "кринж") == {1, 2}
    assert await wordle_store.reported_answers(store, 2) == ["кринж"]
    assert await wordle_store.reported_answers(store, 1) == ["кринж", "шанеж"]


def inbox_ids(database: Path) -> list[object]:
    return [row[0] for row in on_file(database, "SELECT update_id FROM inbox ORDER BY update_id")]


async def test_a_fetched_batch_is_on_file_until_handled_and_comes_back_after_a_restart(database: Path) -> None:
    batch = [{"update_id": 60, "message": {"text": "/start"}}, {"update_id": 61, "message": {"text": "ёж"}}]
    options = {"checkpoint_seconds": 60} if isinstance(database, Path) else {}  # no idle round meanwhile
    first = await open_store(database, **options)
    try:
        await first.keep_fetched(batch)
        assert inbox_ids(database) == [60, 61]  # committed before keep_fetched returned
        first.handled(60)
        assert inbox_ids(database) == [60, 61]  # the delete waits for the next transaction
    finally:
        await first.close()  # which takes it along
    second = await open_store(database)
    try:
        assert await second.inbox() == batch[1:]  # Telegram's JSON, as it came
    finally:
        await second.close()


async def test_deletes_of_handled_updates_ride_with_the_next_save_or_batch(store: Store, database: Path) -> None:
    await store.keep_fetched([{"update_id": n} for n in (70, 71, 72)])
    store.handled(70)
    version = await store.save(35, "letters", {"board": ""}, None, update_id=71)
    assert inbox_ids(database) == [72]  # the applied one goes with its own transaction, the handled one with it
    store.handled(72)
    with pytest.raises(StaleSessionError):
        await store.save(35, "letters", {"board": "к"}, version + 5)
    # SQLite rolls back the save's savepoint and commits its turn's transaction, deletes and all;
    # PostgreSQL rolls back the save's transaction, and the delete waits for the next one
    assert inbox_ids(database) == ([] if isinstance(store, sqlite_store.SqliteStore) else [72])
    await store.keep_fetched([{"update_id": 73}])
    assert inbox_ids(database) == [73]


@sqlite_only
async def test_a_batch_the_full_disk_refuses_is_not_kept_and_deletes_wait(store: Store, database: Path) -> None:
    """The caller (PollingBot) then does not confirm the batch; Telegram hands it out again."""
    await store.keep_fetched([{"update_id": 80}])
    store.handled(80)
    pages = on_file(database, "PRAGMA page_count")[0][0]
    await store._db.execute_fetchall(f"PRAGMA max_page_count={pages}")
    with pytest.raises(StoreWriteError):
        await store.keep_fetched([{"update_id": 81, "message": {"text": "я" * 100_000}}])
    assert inbox_ids(database) == [80]
    await store._db.execute_fetchall("PRAGMA max_page_count=1073741823")
    await store.keep_fetched([{"update_id": 81}])
    assert inbox_ids(database) == [81]


def file_at_schema(database: Path, version: int) -> sqlite3.Connection:
    """A file as the bot of schema ``version`` left it: that version's migrations, run in order."""
    database.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(database)
    for step in range(1, version + 1):
        db.executescript(schema.MIGRATIONS[step].replace("{now}", repr(T0)))
    db.execute(f"PRAGMA user_version={version}")
    return db


@sqlite_only
async def test_a_file_of_schema_5_gains_the_inbox(database: Path) -> None:
    file_at_schema(database, 5).close()  # as the bot before the inbox left it
    store = await open_store(database)
    try:
        await store.keep_fetched([{"update_id": 90}])
    finally:
        await store.close()
    assert on_file(database, "PRAGMA user_version") == [(SCHEMA_VERSION,)] and inbox_ids(database) == [90]


DAY = 24 * 3600.0
T0 = 1_800_000_000.0  # epoch seconds of the tests' first day (2027)


class Clock:
    """The Store's time source, moved by the test instead of waiting days."""

    def __init__(self, now: float = T0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@contextlib.asynccontextmanager
async def opened(database: Path, clock: Clock) -> AsyncIterator[Store]:
    """A Store on ``database`` that tells time by ``clock``, closed on the way out."""
    store = await open_store(database, clock=clock)
    try:
        yield store
    finally:
        await store.close()


async def test_an_id_is_forgotten_once_no_redelivery_can_come(database: Path) -> None:
    """Telegram numbers updates afresh, maybe reusing an id, after a week without any: a ledger
    row older than the redelivery window is pruned, and the id is new again."""
    clock = Clock()
    async with opened(database, clock) as store:
        version = await store.save(40, "letters", {"board": "к"}, None, update_id=12)
        clock.now += REDELIVERY_WINDOW - 1
        await store.forget_old_updates()
        assert await store.save(40, "letters", {"board": "ко"}, version, update_id=12) is None  # still a redelivery
        clock.now += DAY
        await store.forget_old_updates()
        assert ledger(database, 40) == []
        assert await store.save(40, "letters", {"board": "ко"}, version, update_id=12) == 2


async def test_a_replayed_update_counts_from_when_it_was_kept_not_from_the_replay(database: Path) -> None:
    """A process that crashed after keeping an update, and a restart days later: its ledger row
    says when it was received, not when it was replayed. An update kept that long ago is no
    longer held by Telegram, so polling need not confirm it (its id may be from before a renumbering)."""
    clock = Clock()
    async with opened(database, clock) as first:
        await first.keep_fetched([{"update_id": 9_000}, {"update_id": 9_001}])
    clock.now += DAY
    async with opened(database, clock) as second:
        assert [body["update_id"] for body in await second.inbox()] == [9_000, 9_001]
        assert second.received_at(9_000) == T0 and second.received_at(5) == T0 + DAY
        await second.save(44, "letters", {"board": "к"}, None, update_id=9_000)
        assert on_file(database, "SELECT received_at FROM ledger WHERE update_id = 9000") == [(T0,)]
        assert inbox_ids(database) == [9_001]  # the applied update left the inbox in its own transaction
    clock.now += REDELIVERY_WINDOW
    async with opened(database, clock) as third:
        await third.inbox()
        assert third.replayed_up_to() == 0


async def test_updates_kept_recently_are_confirmed_by_polling_and_replayed_in_the_order_kept(database: Path) -> None:
    clock = Clock()
    async with opened(database, clock) as store:
        await store.keep_fetched([{"update_id": 9_000}])
        clock.now += 8 * DAY  # a week without updates: Telegram numbers afresh
        await store.keep_fetched([{"update_id": 3}, {"update_id": 4}])
        assert [body["update_id"] for body in await store.inbox()] == [9_000, 3, 4]
        assert store.replayed_up_to() == 4


@sqlite_only
async def test_a_file_of_schema_7_still_knows_the_updates_applied_before_the_upgrade(database: Path) -> None:
    """Schema 7 kept each chat's last applied id; for one redelivery window after the upgrade an
    update at or below it is still a redelivery, and after that the old table is gone."""
    with contextlib.closing(file_at_schema(database, 7)) as db, db:  # as the bot before the ledger left it
        db.execute("INSERT INTO applied_updates VALUES (45, 9000, ?)", (T0,))
    clock = Clock()
    async with opened(database, clock) as store:
        assert await store.save(45, "letters", {"board": "к"}, None, update_id=8_999) is None
        assert await store.save(45, "letters", {"board": "к"}, None, update_id=9_001) == 1
        clock.now += REDELIVERY_WINDOW
        await store.forget_old_updates()
        assert await store.save(45, "letters", {"board": "ко"}, 1, update_id=8_999) == 2
    assert on_file(database, "PRAGMA user_version") == [(SCHEMA_VERSION,)]
    assert on_file(database, "SELECT COUNT(*) FROM applied_updates") == [(0,)]


async def test_messages_commit_with_the_unit_and_wait_on_file_until_sent(database: Path) -> None:
    """The outbox: a unit's messages are rows of its transaction, read back in order at start,
    and gone once sent (the delete rides with the next transaction)."""
    async with opened(database, Clock()) as store:
        unit = UnitOfWork(46, update_id=500)
        unit.messages += [send(46, "first"), send(46, "second")]
        rows = await store.commit(unit)
        assert rows is not None and [text_of(m) for _, m in rows] == ["first", "second"]
        duplicate = UnitOfWork(46, update_id=500)
        duplicate.messages.append(send(46, "again"))
        assert await store.commit(duplicate) is None  # nothing of a redelivery is queued
        store.sent(rows[0][0])
    async with opened(database, Clock()) as again:
        left = await again.pending_messages()
        assert [text_of(m) for _, m in left] == ["second"]


@sqlite_only
async def test_the_units_of_one_turn_commit_in_one_transaction_each_all_or_nothing(
    store: Store, database: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Units committed in the same turn of the event loop go to the writing thread as one
    transaction (one trip, one check of the file), each in a savepoint of its own: a stale save
    and a duplicate update roll back alone while the others commit, their messages queued."""
    assert isinstance(store, sqlite_store.SqliteStore)
    first = await store.save(41, "letters", {"board": ""}, None, update_id=500)
    checks: list[Path] = []
    real_problem = sqlite_store.file_problem

    def counted(path: Path, *args: object) -> str | int:
        checks.append(path)
        return real_problem(path, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(sqlite_store, "file_problem", counted)

    def unit(chat: int, update_id: int, version: int | None) -> UnitOfWork:
        staged = UnitOfWork(chat, update_id, store.received_at(update_id))
        stage_save(
            staged,
            chat,
            "letters",
            {"board": str(chat)},
            version,
            tallies={},
            record_kind="letters",
            activate=False,
            deadline=KEEP,
        )
        staged.messages.append(send(chat, f"reply to {update_id}"))
        return staged

    units = [unit(41, 501, first), unit(42, 502, None), unit(43, 500, None), unit(41, 503, first + 7)]
    done = await asyncio.gather(*(store.commit(staged) for staged in units), return_exceptions=True)
    assert isinstance(done[0], list) and isinstance(done[1], list)
    assert [text_of(message) for _, message in done[0]] == ["reply to 501"]
    assert [text_of(message) for _, message in done[1]] == ["reply to 502"]
    assert done[2] is None  # update 500 was applied before: nothing of it is kept
    assert isinstance(done[3], StaleSessionError)
    assert len(checks) == 1  # one trip to the writing thread, one check of the file
    assert on_file(database, "SELECT chat_id, version FROM sessions ORDER BY chat_id") == [(41, 2), (42, 1)]
    assert on_file(database, "SELECT chat_id FROM outbox ORDER BY id") == [(41,), (42,)]
    assert on_file(database, "SELECT update_id FROM ledger ORDER BY update_id") == [(500,), (501,), (502,)]


@sqlite_only
async def test_a_turn_with_more_units_than_a_batch_takes_commits_in_several(
    store: Store, database: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sqlite_store, "BATCH_UNITS", 3)
    trips: list[int] = []
    real_transaction = ledger_module.units_transaction

    def counted(connection: sqlite3.Connection, units: list[ledger_module.UnitRows], *args: Any) -> Any:
        trips.append(len(units))
        return real_transaction(connection, units, *args)

    monkeypatch.setattr(ledger_module, "units_transaction", counted)
    units = [UnitOfWork(chat) for chat in range(7)]
    for chat, unit in enumerate(units):
        stage_save(
            unit, chat, "letters", {"n": chat}, None, tallies={}, record_kind="letters", activate=False, deadline=KEEP
        )
    assert await asyncio.gather(*(store.commit(unit) for unit in units)) == [[]] * 7
    assert trips == [3, 3, 1]  # the turn's first three, then the next turn's, ...
    assert on_file(database, "SELECT COUNT(*) FROM sessions") == [(7,)]


async def test_a_unit_that_only_answers_commits_once_with_its_update(store: Store, database: Path) -> None:
    """A reply that changes nothing else (/help, a stale press) is its update's gate, its message
    and the inbox's delete: committed once, its copy changing nothing."""
    await store.keep_fetched([{"update_id": 610}])
    unit = UnitOfWork(61, 610, store.received_at(610))
    unit.messages.append(send(61, "help"))
    rows_committed = await store.commit(unit)
    assert rows_committed is not None and [text_of(message) for _, message in rows_committed] == ["help"]
    again = UnitOfWork(61, 610, store.received_at(610))
    again.messages.append(send(61, "help"))
    assert await store.commit(again) is None
    assert on_file(database, "SELECT COUNT(*) FROM outbox WHERE chat_id = 61") == [(1,)]
    assert on_file(database, "SELECT update_id FROM ledger WHERE update_id = 610") == [(610,)]
    assert inbox_ids(database) == []


@sqlite_only
async def test_a_refused_commit_leaves_its_update_in_the_inbox_for_its_item_to_decide(
    store: Store, database: Path
) -> None:
    """A unit's commit refused by the disk takes nothing with it: its update's inbox row is not
    deleted by the next transaction (another chat's commit); only the item's own ``handled``
    (it told the player) or ``kept_for_later`` (it tries again) decides."""
    await store.keep_fetched([{"update_id": 77, "message": {"chat": {"id": 7}}}])
    await store._db.execute_fetchall("PRAGMA query_only=1")  # the disk refuses writes
    with pytest.raises(StoreWriteError):
        await store.save(7, "letters", {"board": "к"}, None, update_id=77)
    await store._db.execute_fetchall("PRAGMA query_only=0")  # and takes them again
    assert await store.save(8, "letters", {"board": "к"}, None, update_id=78) == 1
    assert on_file(database, "SELECT update_id FROM inbox") == [(77,)]
    store.handled(77)
    await store.keep_fetched([])
    assert on_file(database, "SELECT update_id FROM inbox") == []
