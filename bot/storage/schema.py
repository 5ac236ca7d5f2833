"""The SQLite file's schema: what each version adds, in SQLite's words (PostgreSQL's own are in
:mod:`bot.storage.postgres_schema`), opening (and migrating) a file, and the checks that make an
unusable file one clear line at start rather than a fault on every update.
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import IO

import aiosqlite

from bot.storage.sql import Sql
from bot.storage.sqlite_thread import SqliteThread

SCHEMA_VERSION = 13

#: The write-ahead log is cut back to this size whenever a checkpoint has emptied it.
JOURNAL_SIZE_LIMIT = 4 * 1024 * 1024
#: How long a write waits for a lock another connection holds before it gives up.
BUSY_TIMEOUT_SECONDS = 5.0

log = logging.getLogger(__name__)

_SCHEMA_V1 = """
CREATE TABLE IF NOT EXISTS sessions (
    chat_id INTEGER NOT NULL,
    kind TEXT NOT NULL,
    state TEXT NOT NULL,
    version INTEGER NOT NULL,
    PRIMARY KEY (chat_id, kind)
);
CREATE TABLE IF NOT EXISTS chats (
    chat_id INTEGER PRIMARY KEY,
    active_kind TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS records (
    user_id INTEGER NOT NULL,
    kind TEXT NOT NULL,
    played INTEGER NOT NULL DEFAULT 0,
    won INTEGER NOT NULL DEFAULT 0,
    lost INTEGER NOT NULL DEFAULT 0,
    hints INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, kind)
);
"""

# Version 2: the turn timers of group games, so a restart can restore them; drawn games.
_SCHEMA_V2 = """
ALTER TABLE records ADD COLUMN draws INTEGER NOT NULL DEFAULT 0;
CREATE TABLE IF NOT EXISTS turn_deadlines (
    chat_id INTEGER NOT NULL,
    kind TEXT NOT NULL,
    deadline REAL NOT NULL,
    PRIMARY KEY (chat_id, kind)
);
"""

# Version 3 added the group game's winners (/top): a table the group game now makes itself
# (its TABLES, applied by ``apply_tables`` on every open), so an upgrade through here makes it there.
_SCHEMA_V3 = ""

# Version 4 added the 5bukv answers players told the bot: now 5bukv's own table (its TABLES).
_SCHEMA_V4 = ""

# Version 5: the last update applied in each chat, so a redelivered update changes nothing.
_SCHEMA_V5 = """
CREATE TABLE IF NOT EXISTS applied_updates (
    chat_id INTEGER PRIMARY KEY,
    update_id INTEGER NOT NULL
);
"""

# Version 6: updates fetched but not yet handled (raw JSON as Telegram sent it), replayed at start.
_SCHEMA_V6 = """
CREATE TABLE IF NOT EXISTS inbox (
    update_id INTEGER PRIMARY KEY,
    body TEXT NOT NULL
);
"""

# Version 7: when each chat's last applied update and each kept update were received (epoch
# seconds), since Telegram's ids restart lower after a week without updates. Rows already there
# get the migration's time ({now}): an upgrade restarts a bot that ran until moments before, so
# its ids are that recent, and taking them for old would let Telegram's redelivery of an update
# answered just before the upgrade apply twice; the cost of the other mistake (a bot idle for a
# week before its upgrade, whose ids Telegram restarted lower) is at most one window of
# "already applied" answers in the chats concerned.
_SCHEMA_V7 = """
ALTER TABLE applied_updates ADD COLUMN received_at REAL NOT NULL DEFAULT 0;
UPDATE applied_updates SET received_at = {now};
ALTER TABLE inbox ADD COLUMN kept_at REAL NOT NULL DEFAULT 0;
UPDATE inbox SET kept_at = {now};
"""

# Version 8: the delivery ledger (every update applied, by id, kept for the redelivery window)
# replaces the per-chat last id, which took a chat's updates to be applied in id order; and the
# transactional outbox, the messages committed with the changes they announce and not yet sent.
# The old table stays read-only for one window, so a redelivery of an update applied before the
# upgrade is still recognised.
_SCHEMA_V8 = """
CREATE TABLE IF NOT EXISTS ledger (
    update_id INTEGER PRIMARY KEY,
    chat_id INTEGER NOT NULL,
    received_at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS ledger_by_time ON ledger (received_at);
CREATE TABLE IF NOT EXISTS outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    chat_id INTEGER NOT NULL,
    message TEXT NOT NULL,
    queued_at REAL NOT NULL
);
"""

# Version 9 added the words players reported as refused by 5bukv: now 5bukv's own table (its TABLES).
_SCHEMA_V9 = ""

# Version 10: the language each user chose with /lang (``ru`` or ``en``), which overrides the one
# their Telegram app reports.
_SCHEMA_V10 = """
CREATE TABLE IF NOT EXISTS languages (
    user_id INTEGER PRIMARY KEY,
    lang TEXT NOT NULL
);
"""

# Version 11: the chat of each kept update, and which bot process has claimed it and when it last
# said it still works on it: with several processes on one PostgreSQL database, each claims the
# kept updates of chats no other live process holds (a SQLite file, with its one process, leaves
# them empty).
_SCHEMA_V11 = """
ALTER TABLE inbox ADD COLUMN chat_id INTEGER;
ALTER TABLE inbox ADD COLUMN claimed_by TEXT;
ALTER TABLE inbox ADD COLUMN claimed_at REAL;
CREATE INDEX IF NOT EXISTS inbox_by_chat ON inbox (chat_id);
"""

# Version 12: sessions that could not be read (not JSON, or not of their game's types), moved aside
# with the error and when, so that one damaged row costs its game and not the chat.
_SCHEMA_V12 = """
CREATE TABLE IF NOT EXISTS quarantine (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    chat_id INTEGER NOT NULL,
    kind TEXT NOT NULL,
    state TEXT NOT NULL,
    error TEXT NOT NULL,
    moved_at REAL NOT NULL
);
"""

# Version 13: the lease an outbox row is sent under (who holds it, its fencing token, until when):
# with several processes on one PostgreSQL database, a chat's rows go out under a lease rather than
# under the chat's lock (a SQLite file, with its one process, leaves them empty).
_SCHEMA_V13 = """
ALTER TABLE outbox ADD COLUMN lease_by TEXT;
ALTER TABLE outbox ADD COLUMN lease_token INTEGER;
ALTER TABLE outbox ADD COLUMN lease_until REAL;
"""

#: What each schema version adds; a file at version n runs the scripts above n (``{now}``: the
#: time of the migration).
MIGRATIONS = {
    1: _SCHEMA_V1,
    2: _SCHEMA_V2,
    3: _SCHEMA_V3,
    4: _SCHEMA_V4,
    5: _SCHEMA_V5,
    6: _SCHEMA_V6,
    7: _SCHEMA_V7,
    8: _SCHEMA_V8,
    9: _SCHEMA_V9,
    10: _SCHEMA_V10,
    11: _SCHEMA_V11,
    12: _SCHEMA_V12,
    13: _SCHEMA_V13,
}


class StoreUnavailableError(RuntimeError):
    """This process cannot use the file: another bot has it open (each would trust its own
    memory of the sessions), a newer bot wrote it, or it cannot be opened, written or trusted."""


class StoreMissingError(StoreUnavailableError):
    """The store has no schema at all (an empty file, an empty database): a new one, or one lost."""


async def connect(path: Path) -> SqliteThread:
    """The writing connection, on a thread of its own, in autocommit (transactions are explicit),
    with a bounded log."""
    db = await SqliteThread.connect(path, timeout=BUSY_TIMEOUT_SECONDS)
    try:
        await db.execute_fetchall(f"PRAGMA journal_size_limit={JOURNAL_SIZE_LIMIT}")
    except BaseException:
        await db.close()
        raise
    return db


async def connect_for_checkpoints(path: Path) -> aiosqlite.Connection:
    """A second connection, through aiosqlite, that only copies the log into the file."""
    db = await aiosqlite.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT_SECONDS)
    try:
        await db.execute_fetchall(f"PRAGMA journal_size_limit={JOURNAL_SIZE_LIMIT}")
    except BaseException:
        await db.close()
        raise
    return db


async def connect_and_migrate(path: Path, now: float, *, new: bool = True) -> SqliteThread:
    """A connection to the file, brought to :data:`SCHEMA_VERSION`; ``new``: whether a file with
    no schema yet (empty, or made by this connect) may be made a store (else ``StoreMissingError``)."""
    try:
        db = await connect(path)
    except sqlite3.Error as error:
        raise StoreUnavailableError(f"cannot open the database {path}: {error}") from None
    try:
        await db.execute_fetchall("PRAGMA journal_mode=WAL")
        await db.execute_fetchall("PRAGMA synchronous=NORMAL")
        await db.execute_fetchall("PRAGMA wal_autocheckpoint=0")  # none while migrating: the store sets its own
        rows = list(await db.execute_fetchall("PRAGMA user_version"))
        version = int(rows[0][0]) if rows else 0
        if version > SCHEMA_VERSION:
            raise StoreUnavailableError(f"{path} was written by a newer bot (schema {version} > {SCHEMA_VERSION})")
        if version == 0 and not new:
            raise StoreMissingError(f"the SQLite file {path} is empty")
        for step in range(version + 1, SCHEMA_VERSION + 1):
            script = MIGRATIONS[step].replace("{now}", repr(float(now)))
            await db.executescript(f"BEGIN; {script} PRAGMA user_version={step}; COMMIT;")
    except sqlite3.Error as error:
        await close_quietly(db, "the database")
        raise StoreUnavailableError(f"cannot use the database {path}: {error}") from None
    except BaseException:
        await close_quietly(db, "the database")
        raise
    return db


async def apply_tables(db: SqliteThread, path: Path, tables: Sequence[Sql]) -> None:
    """Each game's own tables (``CREATE … IF NOT EXISTS`` scripts from the games' folders), in one
    transaction on every open: a game added later gets its tables the first time the bot opens the
    file with it, and one already there changes nothing."""
    script = "\n".join(table.sqlite for table in tables)
    if not script.strip():
        return
    try:
        await db.executescript(f"BEGIN; {script} COMMIT;")
    except sqlite3.Error as error:
        with contextlib.suppress(sqlite3.Error):
            await db.execute_fetchall("ROLLBACK")
        raise StoreUnavailableError(f"cannot make the games' tables in {path}: {error}") from None


async def check_usable(db: SqliteThread, path: Path) -> None:
    """At start, not on every update: the file is intact and takes a write."""
    try:
        rows = list(await db.execute_fetchall("PRAGMA quick_check"))
        problems = [str(row[0]) for row in rows if str(row[0]) != "ok"]
        if problems:
            raise StoreUnavailableError(f"the database {path} is damaged: {problems[0]}")
        await db.executescript("BEGIN IMMEDIATE; DELETE FROM applied_updates WHERE 0; COMMIT;")
    except sqlite3.Error as error:
        with contextlib.suppress(sqlite3.Error):
            await db.execute_fetchall("ROLLBACK")
        raise StoreUnavailableError(f"the database {path} cannot be written: {error}") from None


async def close_quietly(db: SqliteThread | aiosqlite.Connection, what: str) -> None:
    """Close a connection; a failure is logged, never raised (shutdown must go on)."""
    try:
        await db.close()
    except Exception as error:
        log.warning("could not close %s cleanly: %s", what, error)


def hold_alone(path: Path) -> IO[bytes] | None:
    """An exclusive lock on ``<file>.lock`` for as long as the store is open (POSIX; not enforced on Windows)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        import fcntl
    except ImportError:
        return None
    except OSError as error:
        raise StoreUnavailableError(f"cannot create the database folder {path.parent}: {error.strerror}") from None
    try:
        held = path.with_name(path.name + ".lock").open("ab")
    except OSError as error:
        raise StoreUnavailableError(f"cannot use the database folder {path.parent}: {error.strerror}") from None
    try:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        held.close()
        raise StoreUnavailableError(f"{path} is in use by another bot process; run one bot per DATABASE_PATH") from None
    return held
