"""Game sessions and players' records in one SQLite file, through aiosqlite.

A session is one JSON document per chat and game kind with a version number:
a save names the version it was loaded at, so a save that raced another one
fails loudly instead of silently overwriting a move. Every save (with the
record changes it brings) is one committed transaction, made before the reply.

Trips to aiosqlite's thread are what a busy bot waits on: each one hands the GIL
to that thread and back, and under load (``benchmarks/bench_bot_load.py``) a
letter move's p99 fell from ~100 ms to ~35 ms when its four trips became one. So
the Store keeps the sessions it has read or written in memory (this process is
the file's only writer: it holds a lock on ``<file>.lock``) and answers loads from there, and a save, whatever it
changes, is one function run on aiosqlite's thread: a transaction no other
chat's statement can fall into.

Copying the write-ahead log into the database file (a checkpoint) syncs the disk,
which on a shared disk can take a few hundred milliseconds; SQLite does it on the
committing connection by default, where every chat's save would wait behind it.
Here a second connection, on its own thread, does it every few seconds instead.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sqlite3
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, TypeVar

import aiosqlite

SCHEMA_VERSION = 4

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

# Version 3: every group game's winner, for the group's leaderboard (/top).
_SCHEMA_V3 = """
CREATE TABLE IF NOT EXISTS group_wins (
    chat_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    won_at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS group_wins_by_chat ON group_wins (chat_id, won_at);
"""

# Version 4: the 5bukv answers players told the bot when no word of its list fit, one row per player.
_SCHEMA_V4 = """
CREATE TABLE IF NOT EXISTS wordle_answers (
    word TEXT NOT NULL,
    user_id INTEGER NOT NULL,
    PRIMARY KEY (word, user_id)
);
"""

#: What each schema version adds; a file at version n runs the scripts above n.
_MIGRATIONS = {1: _SCHEMA_V1, 2: _SCHEMA_V2, 3: _SCHEMA_V3, 4: _SCHEMA_V4}


class _Keep:
    """The default of ``Store.save(deadline=...)``: leave the stored deadline as it is."""


KEEP = _Keep()


class StaleSessionError(RuntimeError):
    """The session changed since it was loaded: the save is refused."""


class StoreUnavailableError(RuntimeError):
    """This process cannot use the file: another bot has it open (each would trust its own
    memory of the sessions), or a newer bot wrote it."""


@dataclass(frozen=True)
class Stored:
    state: dict[str, Any]
    version: int


@dataclass(frozen=True)
class Tally:
    """A change to a player's record."""

    played: int = 0
    won: int = 0
    lost: int = 0
    hints: int = 0
    draws: int = 0


@dataclass(frozen=True)
class Record:
    played: int
    won: int
    lost: int
    hints: int
    draws: int = 0


class Store:
    """The bot's SQLite file: open once at start, close at shutdown."""

    def __init__(
        self,
        db: aiosqlite.Connection,
        checkpoints: aiosqlite.Connection,
        checkpoint_seconds: float,
        remembered: int,
        held: IO[bytes] | None,
    ) -> None:
        self._db = db
        self._held = held
        self._checkpoints = checkpoints
        self._checkpointing = asyncio.create_task(self._checkpoint_every(checkpoint_seconds))
        self._sessions: OrderedDict[tuple[int, str], tuple[str, int]] = OrderedDict()  # -> (JSON, version)
        self._active: OrderedDict[int, str] = OrderedDict()
        self._remembered = remembered

    @classmethod
    async def open(cls, path: Path, *, checkpoint_seconds: float = 2.0, remembered: int = 10_000) -> Store:
        """Open (creating or migrating) the file; ``remembered`` sessions are kept in memory."""
        path.parent.mkdir(parents=True, exist_ok=True)
        held = _hold_alone(path)
        try:
            db = await _connect_and_migrate(path)
            checkpoints = await aiosqlite.connect(path, isolation_level=None)
        except BaseException:
            if held is not None:
                held.close()
            raise
        return cls(db, checkpoints, checkpoint_seconds, remembered, held)

    async def close(self) -> None:
        self._checkpointing.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._checkpointing
        await self._db.close()
        await self._checkpoints.execute_fetchall("PRAGMA wal_checkpoint(TRUNCATE)")  # leave one tidy file
        await self._checkpoints.close()
        if self._held is not None:
            self._held.close()  # lets the next bot process open the file

    async def _checkpoint_every(self, seconds: float) -> None:
        while True:
            await asyncio.sleep(seconds)
            try:
                await self._checkpoints.execute_fetchall("PRAGMA wal_checkpoint(PASSIVE)")
            except sqlite3.Error as error:  # the next round tries again; saves go on meanwhile
                log.warning("could not checkpoint the database: %s", error)

    async def load(self, chat_id: int, kind: str) -> Stored | None:
        key = (chat_id, kind)
        if key not in self._sessions:
            sql = "SELECT state, version FROM sessions WHERE chat_id = ? AND kind = ?"
            rows = list(await self._db.execute_fetchall(sql, (chat_id, kind)))
            if not rows:
                return None
            self._remember_session(key, str(rows[0][0]), int(rows[0][1]))
        text, version = self._sessions[key]
        self._sessions.move_to_end(key)
        return Stored(json.loads(text), version)

    async def active_kind(self, chat_id: int) -> str | None:
        if chat_id not in self._active:
            rows = list(await self._db.execute_fetchall("SELECT active_kind FROM chats WHERE chat_id = ?", (chat_id,)))
            if not rows:
                return None
            self._remember_active(chat_id, str(rows[0][0]))
        self._active.move_to_end(chat_id)
        return self._active[chat_id]

    async def save(
        self,
        chat_id: int,
        kind: str,
        state: dict[str, Any],
        loaded_version: int | None,
        *,
        user_id: int | None = None,
        tally: Tally | None = None,
        activate: bool = False,
        tallies: Mapping[int, Tally] | None = None,
        deadline: float | _Keep | None = KEEP,
        record_kind: str | None = None,
    ) -> int:
        """Store ``state`` if the session is still at ``loaded_version`` (None: it was
        new); with the record changes (``tally`` for ``user_id``, ``tallies`` for
        several players), the active kind and the turn deadline (epoch seconds;
        None clears it), all or nothing. Records count under ``record_kind``
        when given (a game kind sharing its session with another), else ``kind``."""
        text = json.dumps(state, ensure_ascii=False)
        changes = [(user_id, tally)] if user_id is not None and tally is not None else []
        changes += list((tallies or {}).items())
        also = [_tally_statement(player, record_kind or kind, change) for player, change in changes]
        if activate and self._active.get(chat_id) != kind:
            also.append((_ACTIVATE, (chat_id, kind)))
        if deadline is None:
            also.append(("DELETE FROM turn_deadlines WHERE chat_id = ? AND kind = ?", (chat_id, kind)))
        elif not isinstance(deadline, _Keep):
            also.append((_SET_DEADLINE, (chat_id, kind, deadline)))
        key = (chat_id, kind)
        try:
            statement = _session_statement(chat_id, kind, text, loaded_version)
            version = await self._in_thread(_save_transaction, statement, also)
        except BaseException:
            self._sessions.pop(key, None)  # whatever happened, the next load reads the file
            raise
        if version is None:
            self._sessions.pop(key, None)
            raise StaleSessionError(f"chat {chat_id}: {kind} session changed since version {loaded_version}")
        self._remember_session(key, text, version)
        if activate:
            self._remember_active(chat_id, kind)
        return version

    async def _in_thread(self, work: Callable[..., R], *args: Any) -> R:
        """``work(connection, *args)`` on aiosqlite's thread, in one trip.

        aiosqlite has no public call for this; ``_execute`` is the primitive its
        every public call goes through (the version is pinned, and
        tests/bot/test_storage.py checks a save end to end)."""
        result: R = await self._db._execute(work, self._db._conn, *args)  # type: ignore[no-untyped-call]
        return result

    async def records(self, user_id: int) -> dict[str, Record]:
        sql = "SELECT kind, played, won, lost, hints, draws FROM records WHERE user_id = ?"
        rows = await self._db.execute_fetchall(sql, (user_id,))
        return {str(kind): Record(int(p), int(w), int(lo), int(h), int(d)) for kind, p, w, lo, h, d in rows}

    async def add_group_win(self, chat_id: int, user_id: int, name: str, won_at: float) -> None:
        """One group game won by ``user_id`` (called ``name`` then), at epoch seconds ``won_at``."""
        sql = "INSERT INTO group_wins (chat_id, user_id, name, won_at) VALUES (?, ?, ?, ?)"
        await self._in_thread(_commit_one, sql, (chat_id, user_id, name, won_at))

    async def group_top(self, chat_id: int, since: float = 0.0, limit: int = 10) -> list[tuple[str, int]]:
        """The group's best players by games won since ``since``: (latest name, wins), most first."""
        sql = (
            "SELECT (SELECT name FROM group_wins AS latest WHERE latest.chat_id = w.chat_id "
            "AND latest.user_id = w.user_id ORDER BY won_at DESC LIMIT 1), count(*) AS wins, max(won_at) AS last "
            "FROM group_wins AS w WHERE chat_id = ? AND won_at >= ? GROUP BY user_id "
            "ORDER BY wins DESC, last ASC LIMIT ?"
        )
        rows = await self._db.execute_fetchall(sql, (chat_id, since, limit))
        return [(str(name), int(wins)) for name, wins, _ in rows]

    async def deadlines(self, kind: str) -> list[tuple[int, float]]:
        """Every chat's pending turn deadline of ``kind``: what a restart restores."""
        sql = "SELECT chat_id, deadline FROM turn_deadlines WHERE kind = ?"
        rows = await self._db.execute_fetchall(sql, (kind,))
        return [(int(chat_id), float(deadline)) for chat_id, deadline in rows]

    async def report_answer(self, word: str, user_id: int) -> int:
        """Keep that ``user_id`` says 5bukv's secret was ``word``; how many different players now say so."""
        return await self._in_thread(_report_answer, word, user_id)

    async def reported_answers(self, players: int) -> list[str]:
        """The answers that at least ``players`` different players reported."""
        sql = "SELECT word FROM wordle_answers GROUP BY word HAVING COUNT(*) >= ? ORDER BY word"
        rows = await self._db.execute_fetchall(sql, (players,))
        return [str(word) for (word,) in rows]

    def _remember_session(self, key: tuple[int, str], text: str, version: int) -> None:
        self._sessions[key] = (text, version)
        self._sessions.move_to_end(key)
        while len(self._sessions) > self._remembered:
            self._sessions.popitem(last=False)

    def _remember_active(self, chat_id: int, kind: str) -> None:
        self._active[chat_id] = kind
        self._active.move_to_end(chat_id)
        while len(self._active) > self._remembered:
            self._active.popitem(last=False)


_Statement = tuple[str, tuple[Any, ...]]
R = TypeVar("R")

_ACTIVATE = (
    "INSERT INTO chats (chat_id, active_kind) VALUES (?, ?) "
    "ON CONFLICT (chat_id) DO UPDATE SET active_kind = excluded.active_kind"
)
_SET_DEADLINE = (
    "INSERT INTO turn_deadlines (chat_id, kind, deadline) VALUES (?, ?, ?) "
    "ON CONFLICT (chat_id, kind) DO UPDATE SET deadline = excluded.deadline"
)


def _session_statement(chat_id: int, kind: str, text: str, loaded_version: int | None) -> _Statement:
    if loaded_version is None:
        return (
            "INSERT INTO sessions (chat_id, kind, state, version) VALUES (?, ?, ?, 1) "
            "ON CONFLICT (chat_id, kind) DO UPDATE SET state = excluded.state, version = version + 1 "
            "RETURNING version",
            (chat_id, kind, text),
        )
    return (
        "UPDATE sessions SET state = ?, version = version + 1 "
        "WHERE chat_id = ? AND kind = ? AND version = ? RETURNING version",
        (text, chat_id, kind, loaded_version),
    )


def _tally_statement(user_id: int, kind: str, tally: Tally) -> _Statement:
    return (
        "INSERT INTO records (user_id, kind, played, won, lost, hints, draws) VALUES (?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (user_id, kind) DO UPDATE SET played = played + excluded.played, "
        "won = won + excluded.won, lost = lost + excluded.lost, hints = hints + excluded.hints, "
        "draws = draws + excluded.draws",
        (user_id, kind, tally.played, tally.won, tally.lost, tally.hints, tally.draws),
    )


def _report_answer(db: sqlite3.Connection, word: str, user_id: int) -> int:
    """One statement in autocommit mode, so it commits by itself; a player counts once per word."""
    db.execute("INSERT OR IGNORE INTO wordle_answers (word, user_id) VALUES (?, ?)", (word, user_id))
    return int(db.execute("SELECT COUNT(*) FROM wordle_answers WHERE word = ?", (word,)).fetchone()[0])


async def _connect_and_migrate(path: Path) -> aiosqlite.Connection:
    db = await aiosqlite.connect(path, isolation_level=None)  # autocommit: transactions are explicit
    try:
        await db.execute_fetchall("PRAGMA journal_mode=WAL")
        await db.execute_fetchall("PRAGMA synchronous=NORMAL")
        await db.execute_fetchall("PRAGMA wal_autocheckpoint=0")  # the checkpoint connection does it
        rows = list(await db.execute_fetchall("PRAGMA user_version"))
        version = int(rows[0][0]) if rows else 0
        if version > SCHEMA_VERSION:
            raise StoreUnavailableError(f"{path} was written by a newer bot (schema {version} > {SCHEMA_VERSION})")
        for step in range(version + 1, SCHEMA_VERSION + 1):
            await db.executescript(f"BEGIN; {_MIGRATIONS[step]} PRAGMA user_version={step}; COMMIT;")
    except BaseException:
        await db.close()
        raise
    return db


def _hold_alone(path: Path) -> IO[bytes] | None:
    """An exclusive lock on ``<file>.lock`` for as long as the store is open (POSIX; not enforced on Windows)."""
    try:
        import fcntl
    except ImportError:
        return None
    held = path.with_name(path.name + ".lock").open("ab")
    try:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        held.close()
        raise StoreUnavailableError(f"{path} is in use by another bot process; run one bot per DATABASE_PATH") from None
    return held


def _save_transaction(connection: sqlite3.Connection, session: _Statement, also: list[_Statement]) -> int | None:
    """The session's statement and what comes with it, all or nothing (run on aiosqlite's
    thread); the new version, or None when the session changed meanwhile."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        version = _version(connection.execute(*session).fetchall())
        if version is not None:
            for statement in also:
                connection.execute(*statement)
        connection.execute("COMMIT" if version is not None else "ROLLBACK")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise
    return version


def _commit_one(connection: sqlite3.Connection, sql: str, parameters: tuple[Any, ...]) -> None:
    """One statement as its own transaction (run on aiosqlite's thread)."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        connection.execute(sql, parameters)
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise


def _version(rows: Iterable[Any]) -> int | None:
    """The version ``RETURNING`` gave, or None when no row matched (a stale save)."""
    versions = [int(row[0]) for row in rows]
    return versions[0] if len(versions) == 1 else None
