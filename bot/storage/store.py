"""Game sessions and players' records in one SQLite file, written on a thread of its own.

A session is one JSON document per chat and game kind with a version number: a save names the
version it was loaded at, so a save that raced another one fails loudly instead of silently
overwriting a move. Every save (with the record changes it brings) is committed, all or nothing,
before the reply: the saves of one turn of the event loop in one transaction, each in a
savepoint of its own (``commit``).

Trips to the writing connection's thread are what a busy bot waits on (each one hands the GIL to
that thread and back). So this process, the file's only writer (it holds a lock on
``<file>.lock``), keeps the sessions it has read or written in memory and answers loads from
there, and a save, whatever it changes, is one function run on the connection's thread
(:mod:`bot.storage.sqlite_thread`): a transaction no other chat's statement can fall into.

Copying the write-ahead log into the database file (a checkpoint) syncs the disk, which on a
shared disk can take a long time; SQLite does it on the committing connection by default, where
every chat's save would wait behind it. Here a second connection, on its own thread, does it
every few seconds instead, and truncates the log when the bot is idle, so an idle bot leaves a
small log. Under load a checkpoint on another connection loses to the busy writer (the writer's
lock is free only between two commits), so the writing connection itself copies a log past
``WAL_CHECKPOINT_AT`` into the file, with SQLite's own automatic checkpoint at the end of the
commit that passed it: the log outgrows that by one transaction at most, and the next write
starts it again from its beginning, over the same file.

Exactly once: everything one item of a chat's serial line causes (sessions, records, winners,
deadlines, the messages to send) commits all or nothing (``commit``: a savepoint in its turn's
transaction), and its first statement enters the update's id in the delivery ledger. An update
already there (a redelivery, or the same webhook POST twice at once) rolls the whole unit back
and changes nothing. Ledger rows older than
``REDELIVERY_WINDOW`` are pruned: Telegram keeps an update a day at most, and after a week without
updates it may number them afresh.

A file gone from under the bot (deleted, replaced, cut short, or damaged: SQLITE_CORRUPT or
NOTADB on any statement) is lost for good (``StoreLostError``): every write is checked against
the file the connections hold (a write into a deleted file's unlinked inode would be answered as
saved and gone at the next start), one CRITICAL line says what the operator must do, and the bot
stops without confirming another update (``bot.delivery.runtime``). The next start refuses the
missing file, as the marker beside it tells (:mod:`bot.storage.marker`).

A disk that fills up fails the saves, not the bot: a failing save tries once more after a
checkpoint that truncates the log, then raises ``StoreWriteError`` (players are asked to try
again), and the next save that works ends the episode, with one log line at each end.

The inbox closes the gap before a save: python-telegram-bot confirms a batch of updates with its
next getUpdates, before it has handled them, so a crash then would lose them. Each fetched batch
is kept here (``keep_fetched``, one transaction) before it may be confirmed, and replayed at the
next start (``inbox``). An update applied leaves the inbox in the transaction that applies it; one
handled otherwise (``handled``) leaves with the next transaction (a save, the next batch, or an
idle round's), so the hot path stays one trip per save. An applied update's replies are in the
outbox by then (``bot.delivery.outbox``), sent after the commit and again after a restart until
Telegram confirms them.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import sqlite3
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, TypeVar

import aiosqlite

from bot.storage import languages, ledger, marker, schema
from bot.storage.interface import Store, StoreWriteError
from bot.storage.ledger import REDELIVERY_WINDOW, SqliteStatement
from bot.storage.schema import JOURNAL_SIZE_LIMIT
from bot.storage.sessions import (
    Record,
    StaleSessionError,
    Stored,
    activate,
    quarantine_statements,
    stored,
)
from bot.storage.sql import Sql
from bot.storage.sqlite_thread import SqliteThread
from bot.storage.unit_of_work import Outgoing, Statement, UnitOfWork

#: A log bigger than this is copied into the file by the commit that passed it (SQLite's
#: ``wal_autocheckpoint``, set in pages at open): the log exceeds it by one transaction at most (a
#: fetched batch's is the largest). Each checkpoint syncs the disk while the writes wait, so it is
#: large enough to be rare under load. The copy does not truncate the log: the next write reuses
#: the file from its start, where truncating and growing it again would cost CPU per update; an
#: idle bot still truncates it.
WAL_CHECKPOINT_AT = JOURNAL_SIZE_LIMIT * 3 // 4
#: Units committed in one transaction at most: a turn of the loop with more sends the rest in the
#: next turn's, so the first answers of a burst do not wait for all of it.
BATCH_UNITS = 32
#: A write waiting this long (another process holding the lock, a slow disk) is logged, once.
SLOW_WRITE_SECONDS = 2.0

log = logging.getLogger(__name__)

_SQLITE_BUSY, _SQLITE_LOCKED, _SQLITE_READONLY, _SQLITE_IOERR, _SQLITE_FULL = 5, 6, 8, 10, 13
_DISK_FAULTS = frozenset({_SQLITE_BUSY, _SQLITE_LOCKED, _SQLITE_READONLY, _SQLITE_IOERR, _SQLITE_FULL})


class StoreLostError(StoreWriteError):
    """The database file is gone from under the bot (deleted, replaced, truncated or corrupt):
    nothing is saved any more, and no later save will work in this process."""


#: SQLite's codes for a file that is not (or no longer) a sound database.
_SQLITE_CORRUPT, _SQLITE_NOTADB = 11, 26


def corrupt(error: BaseException) -> bool:
    """Whether a SQLite error says the file is damaged or not a database at all."""
    code = getattr(error, "sqlite_errorcode", None)
    return (
        isinstance(error, sqlite3.DatabaseError)
        and code is not None
        and code & 0xFF in (_SQLITE_CORRUPT, _SQLITE_NOTADB)
    )


#: What every SQLite file begins with.
SQLITE_MAGIC = b"SQLite format 3\x00"


def file_problem(path: Path, held: int, identity: tuple[int, int], largest: int) -> str | int:
    """What is wrong with the database file at ``path`` against the one open as ``held`` (a file
    descriptor; ``identity``: its device and inode), or its size when nothing is: gone, another
    file, a first page that is not SQLite's, or shorter than it has been (``largest``; SQLite only
    grows it here: no vacuum). SQLite itself may not notice a file cut short before it reads a
    page that is gone."""
    try:
        now = os.stat(path)
    except FileNotFoundError:
        return "it was deleted"
    if (now.st_dev, now.st_ino) != identity:
        return "another file took its place"
    if now.st_size < largest:
        return f"it was cut short ({now.st_size} bytes of {largest})"
    if now.st_size and not os.pread(held, len(SQLITE_MAGIC), 0).startswith(SQLITE_MAGIC):
        return "its first page is damaged"
    return now.st_size


class _FileProblemError(Exception):
    """What ``file_problem`` found, raised on the connection's thread before a write."""


def _locked(error: sqlite3.OperationalError) -> bool:
    """Another connection held the lock past the busy timeout: making room cannot help."""
    code = getattr(error, "sqlite_errorcode", None)
    return code is not None and code & 0xFF in (_SQLITE_BUSY, _SQLITE_LOCKED)


def disk_fault(error: BaseException) -> bool:
    """Whether a SQLite error is the disk's or the file's fault (full, read-only, I/O, locked by
    another process), not the statement's."""
    code = getattr(error, "sqlite_errorcode", None)
    return isinstance(error, sqlite3.OperationalError) and code is not None and code & 0xFF in _DISK_FAULTS


class SqliteStore(Store):
    """The bot's SQLite file: open once at start, close at shutdown."""

    def __init__(
        self,
        db: SqliteThread,
        checkpoints: aiosqlite.Connection,
        checkpoint_seconds: float,
        remembered: int,
        held: IO[bytes] | None,
        *,
        path: Path,
        clock: Callable[[], float],
    ) -> None:
        self._db = db
        self._clock = clock
        self._held = held
        self._checkpoints = checkpoints
        self._checkpointing = asyncio.create_task(self._checkpoint_every(checkpoint_seconds))
        self._sessions: OrderedDict[tuple[int, str], tuple[str, int]] = OrderedDict()  # -> (JSON, version)
        self._active: OrderedDict[int, str] = OrderedDict()
        self._remembered = remembered
        self._saves_since_checkpoint = 0
        self._failed_writes = 0  # saves the disk refused since the last one that worked
        self._stalled_since: float | None = None  # when a write still waiting began (monotonic)
        self._handled: set[int] = set()  # updates handled whose inbox rows are still to delete
        self._sent: set[int] = set()  # outbox rows sent whose deletes are still to commit
        self._applied: OrderedDict[int, None] = OrderedDict()  # update ids this process committed
        self._batch: list[_Waiting] = []  # units committed in this turn of the loop, not yet sent
        self._batch_due = False  # their sending is asked for at the end of the turn
        self._batches: set[asyncio.Task[None]] = set()
        self._last_prune = 0.0
        self._replayed: dict[int, float] = {}  # updates replayed from the inbox, not yet handled -> kept at
        self._languages: dict[int, str] = {}  # user id -> the language they chose with /lang (all of them)
        self._path = path
        self._file: int | None = os.open(path, os.O_RDONLY)  # the file the connections hold, to check it
        opened = os.fstat(self._file)
        self._identity = (opened.st_dev, opened.st_ino)
        self._lost: str | None = None  # what happened to the file, once it is gone from under the bot
        self._largest = 0  # its largest size seen (after each check and checkpoint)
        self._note_size()
        self._on_lost: Callable[[str], None] = lambda why: None  # the bot stops: open_store(when_lost=...)

    @classmethod
    async def open_file(
        cls,
        path: Path,
        *,
        tables: Sequence[Sql] = (),
        checkpoint_seconds: float = 2.0,
        remembered: int = 10_000,
        clock: Callable[[], float] = time.time,
        fresh: bool = False,
    ) -> SqliteStore:
        """Open (creating or migrating) the file; ``remembered`` sessions are kept in memory;
        ``clock`` tells the epoch seconds (tests move it instead of waiting days); ``tables``: the
        games' own tables, made where missing.

        Anything that makes the file unusable (a folder or file that cannot be written, a
        corrupt or unreadable file) is a ``StoreUnavailableError`` with one line saying so,
        here at start rather than on every update. So is a file missing (or empty) that the
        marker beside it says was there (:mod:`bot.storage.marker`), unless ``fresh``."""
        held = schema.hold_alone(path)
        mark, name = marker.marker_of(path), f"sqlite {path.name}"
        try:
            if not path.exists():
                marker.refuse_missing(mark, name, f"the SQLite file {path} is missing", fresh=fresh)
            try:
                db = await schema.connect_and_migrate(path, clock(), new=fresh or not marker.named(mark, name))
            except schema.StoreMissingError as error:
                marker.refuse_missing(mark, name, str(error), fresh=False)
                raise
            try:
                await schema.apply_tables(db, path, tables)
                await schema.check_usable(db, path)
                await checkpoint_by_size(db)
                checkpoints = await schema.connect_for_checkpoints(path)
            except BaseException:
                await db.close()
                raise
        except BaseException:
            if held is not None:
                held.close()
            raise
        marker.note(mark, name)
        store = cls(db, checkpoints, checkpoint_seconds, remembered, held, path=path, clock=clock)
        try:
            await store._load_languages()
        except BaseException as error:
            await store.close()
            if isinstance(error, sqlite3.Error):
                raise schema.StoreUnavailableError(f"cannot read the database {path}: {error}") from None
            raise
        try:
            await store.forget_old_updates()  # before any update: an id Telegram reuses is new
        except StoreWriteError as error:
            log.warning("could not forget old updates at start: %s", error)
        return store

    async def _load_languages(self) -> None:
        """Every user's chosen language, once at start: few users choose one, and each handler
        asks, so it is read from memory (this process is the file's only writer)."""
        rows = await self._db.execute_fetchall(languages.LOAD_ALL)
        self._languages = {int(user_id): str(lang) for user_id, lang in rows}

    def language_of(self, user_id: int) -> str | None:
        """The language ``user_id`` chose with /lang, committed; None when they never chose."""
        return self._languages.get(user_id)

    def remember_language(self, user_id: int, lang: str) -> None:
        """A choice of language has committed (its unit's statement wrote it to the file)."""
        self._languages[user_id] = lang

    async def close(self) -> None:
        """Close both connections and release the lock on the file, whatever fails on the way:
        a shutdown must end, and the next bot must be able to open the file."""
        try:
            await asyncio.gather(*self._batches, return_exceptions=True)  # the units sent are answered
            self._checkpointing.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._checkpointing
            with contextlib.suppress(sqlite3.Error, StoreWriteError, ValueError):  # else replayed, harmlessly
                await self._write(ledger.commit_statements, self._take_handled().statements())
            await schema.close_quietly(self._db, "the database")
            with contextlib.suppress(sqlite3.Error, ValueError):
                await self._checkpoints.execute_fetchall("PRAGMA wal_checkpoint(TRUNCATE)")  # one tidy file
            await schema.close_quietly(self._checkpoints, "the checkpoint connection")
        finally:
            if self._file is not None:
                os.close(self._file)
                self._file = None
            if self._held is not None:
                self._held.close()  # lets the next bot process open the file
                self._held = None

    async def _checkpoint_every(self, seconds: float) -> None:
        """Copy the log into the file every few seconds; when no save came since the last
        round, truncate it as well, so an idle bot leaves a small log (and a small loss if
        someone deletes it). A log that grows fast is copied by the writer's own commits
        (``WAL_CHECKPOINT_AT``)."""
        while True:
            await asyncio.sleep(seconds)
            try:
                await self._timed_round()
            except (sqlite3.Error, StoreWriteError) as error:  # the next round tries again; saves go on meanwhile
                self._checkpoint_failed(error)

    def _checkpoint_failed(self, error: BaseException) -> None:
        if not self.lost:  # a lost file was said once, with what to do
            log.warning("could not checkpoint the database: %s", error)

    async def _timed_round(self) -> None:
        busy = self._saves_since_checkpoint > 0
        self._saves_since_checkpoint = 0
        statements = self._prune_statements()
        if not busy and (self._handled or self._sent or statements):  # no save came to take them along
            await self._write(ledger.commit_statements, statements + self._take_handled().statements())
        elif statements:
            await self._write(ledger.commit_statements, statements)
        await self._checkpoint("PASSIVE" if busy else "TRUNCATE")

    def _prune_statements(self) -> list[SqliteStatement]:
        """Once a minute: forget ledger rows past the redelivery window (the table stays small,
        and after Telegram restarts its numbering an old id is new again)."""
        now = self._clock()
        if now - self._last_prune < 60:
            return []
        self._last_prune = now
        return self._forget_statements()

    async def forget_old_updates(self) -> None:
        """Forget the ledger rows past the redelivery window now (the checkpoint loop does it once a minute)."""
        await self._write(ledger.commit_statements, self._forget_statements())

    def _forget_statements(self) -> list[SqliteStatement]:
        return in_sqlite(ledger.forget_statements(self._clock() - REDELIVERY_WINDOW))

    async def _checkpoint(self, mode: str, *, by_writer: bool = False) -> None:
        """A checkpoint on the checkpoint connection, or on the writing one (``by_writer``: after
        the writes queued before it, and their own automatic checkpoints, which it cannot meet)."""
        await (self._db if by_writer else self._checkpoints).execute_fetchall(f"PRAGMA wal_checkpoint({mode})")
        self._note_size()

    async def make_room(self) -> bool:
        """Copy the log into the file and truncate it: the space a full disk can give back.
        Whether it worked. By the writer: a truncation on the other connection that met the
        writer's automatic checkpoint would give up without a word (SQLite answers it busy)."""
        try:
            await self._checkpoint("TRUNCATE", by_writer=True)
        except sqlite3.Error as error:
            log.info("could not truncate the database log: %s", error)
            return False
        return True

    def applied_recently(self, update_id: int) -> bool:
        """Whether this process committed the update (the ledger on file is the authority; this
        spares a duplicate the work of running its handlers again)."""
        return update_id in self._applied

    def received_at(self, update_id: int) -> float:
        """When the bot received the update: for one replayed from the inbox, when it was kept
        (a replay days later is not a new update); for any other, now."""
        kept_at = self._replayed.get(update_id)
        return self._clock() if kept_at is None else kept_at

    async def load(self, chat_id: int, kind: str) -> Stored | None:
        key = (chat_id, kind)
        if key not in self._sessions:
            sql = "SELECT state, version FROM sessions WHERE chat_id = ? AND kind = ?"
            rows = await self._reading(sql, (chat_id, kind))
            if not rows:
                return None
            self._remember_session(key, str(rows[0][0]), int(rows[0][1]))
        text, version = self._sessions[key]
        self._sessions.move_to_end(key)
        return stored(chat_id, kind, text, version)

    async def quarantine(self, chat_id: int, kind: str, reason: str) -> None:
        """Move the chat's damaged session of ``kind`` aside (``quarantine_statements``), now."""
        moved = quarantine_statements(chat_id, kind, reason, self._clock())
        await self._write(ledger.commit_statements, in_sqlite(moved))
        self._sessions.pop((chat_id, kind), None)
        if self._active.get(chat_id) == kind:
            del self._active[chat_id]

    async def active_kind(self, chat_id: int) -> str | None:
        if chat_id not in self._active:
            rows = await self._reading("SELECT active_kind FROM chats WHERE chat_id = ?", (chat_id,))
            if not rows:
                return None
            self._remember_active(chat_id, str(rows[0][0]))
        self._active.move_to_end(chat_id)
        return self._active[chat_id]

    async def commit(self, unit: UnitOfWork) -> list[tuple[int, Outgoing]] | None:
        """Commit everything ``unit`` staged, all or nothing, with its update in the ledger and its
        messages in the outbox; the outbox rows (id, message), or None when the update was applied
        before (then nothing changed). ``StaleSessionError`` when a session changed since it was
        loaded, ``StoreWriteError`` when the disk refused: nothing changed either way.

        The units committed in the same turn of the event loop share one transaction (and one
        trip to the writing thread, one check of the file), each in a savepoint of its own
        (``ledger.units_transaction``): :meth:`_batch_now` sends them at the end of the turn, at
        most ``BATCH_UNITS`` at a time. A unit never waits for an earlier batch to finish before
        its own is sent, so the slowest answers do not wait behind a growing batch."""
        if unit.update_id is not None:
            self._replayed.pop(unit.update_id, None)
        entry = None if unit.update_id is None else (unit.update_id, unit.chat_id, unit.received_at)
        now = self._clock()
        outgoing = [(m.chat_id, json.dumps(m.to_row(), ensure_ascii=False), now) for m in unit.messages]
        statements = [staged.statement for staged in unit.sessions] + unit.statements
        statements += [activate(chat, kind) for chat, kind in unit.active.items()]
        waiting: asyncio.Future[ledger.UnitOutcome] = asyncio.get_running_loop().create_future()
        self._batch.append(((entry, statements, outgoing), unit.update_id, waiting))
        if not self._batch_due:
            self._batch_due = True
            asyncio.get_running_loop().call_soon(self._batch_now)
        try:
            result = await waiting
        except BaseException:
            for staged in unit.sessions:
                self._sessions.pop(staged.key, None)  # whatever happened, the next load reads the file
            raise
        self._saves_since_checkpoint += 1
        if result is ledger.DUPLICATE:
            return None
        if not isinstance(result, list):
            for staged in unit.sessions:
                self._sessions.pop(staged.key, None)
            if result is ledger.STALE:
                raise StaleSessionError(f"chat {unit.chat_id}: a session changed since it was loaded")
            assert isinstance(result, Exception)
            raise result
        for staged in unit.sessions:
            self._remember_session(staged.key, staged.text, staged.version)
        for chat, kind in unit.active.items():
            self._remember_active(chat, kind)
        if unit.update_id is not None:
            self._remember_applied(unit.update_id)
        return list(zip(result, unit.messages, strict=True))

    def _batch_now(self) -> None:
        """The end of the loop's turn: the units committed in it go to the writing thread as one
        transaction (the first ``BATCH_UNITS``; the rest at the end of the next turn)."""
        batch, self._batch = self._batch[:BATCH_UNITS], self._batch[BATCH_UNITS:]
        self._batch_due = bool(self._batch)
        if self._batch_due:
            asyncio.get_running_loop().call_soon(self._batch_now)
        task = asyncio.ensure_future(self._commit_batch(batch))
        self._batches.add(task)
        task.add_done_callback(self._batches.discard)

    async def _commit_batch(self, batch: list[_Waiting]) -> None:
        """One transaction for the batch's units, with the deletes of the updates handled meanwhile
        and the batch's own (every unit's update leaves the inbox, whatever it came to, as with a
        transaction of its own: a stale or failed one is answered, not tried again)."""
        handled = self._take_handled()
        own = [update_id for _, update_id, _ in batch if update_id is not None]
        deletes = _Deletes(handled.inbox + own, handled.outbox)
        units = [rows for rows, _, _ in batch]
        try:
            outcomes = await self._write(ledger.units_transaction, units, deletes.statements(), _raised_for_all)
        except BaseException as error:
            self._give_back(handled)  # not the batch's own updates: whether they go is their items' to say
            for _, _, waiting in batch:
                if not waiting.done():
                    waiting.set_exception(error if isinstance(error, Exception) else StoreWriteError(str(error)))
            if not isinstance(error, Exception):
                raise
            return
        for (_, _, waiting), outcome in zip(batch, outcomes, strict=True):
            if not waiting.done():
                waiting.set_result(outcome)

    async def _write(self, work: Callable[..., R], *args: Any) -> R:
        """A writing transaction on the connection's thread; on a disk fault, once more after making
        room, then ``StoreWriteError``. Logs one line when writes start failing or stall (another
        process holding the file's lock, a slow disk) and one when they work again."""
        if self._lost is not None:
            raise StoreLostError(self._lost)
        stalled = asyncio.get_running_loop().call_later(SLOW_WRITE_SECONDS, self._note_stalled_write)
        try:
            result = await self._write_or_make_room(work, *args)
        except _FileProblemError as problem:
            self._lose(str(problem))
            raise StoreLostError(str(problem)) from None
        except sqlite3.DatabaseError as error:
            if corrupt(error):
                self._lose(f"it is damaged ({error})")
                raise StoreLostError(str(error)) from error
            raise
        finally:
            stalled.cancel()
        if self._failed_writes or self._stalled_since is not None:
            waited = "" if self._stalled_since is None else f" (waited {time.monotonic() - self._stalled_since:.1f} s)"
            log.warning("database writes work again, after %d refused%s", self._failed_writes, waited)
            self._failed_writes = 0
            self._stalled_since = None
        return result

    async def _write_or_make_room(self, work: Callable[..., R], *args: Any) -> R:
        try:
            try:
                return await self._in_thread(work, *args)
            except sqlite3.OperationalError as error:
                if not disk_fault(error):
                    raise
                self._note_failed_write(error)
                if _locked(error) or not await self.make_room():
                    raise StoreWriteError(str(error)) from error
                return await self._in_thread(work, *args)
        except sqlite3.OperationalError as error:
            if not disk_fault(error):
                raise
            raise StoreWriteError(str(error)) from error

    def _checked(self, connection: sqlite3.Connection, work: Callable[..., R], args: tuple[Any, ...]) -> tuple[R, int]:
        """``work(connection, *args)`` on the connection's thread, once the file at the path is found
        still the one the connections hold, and whole (else ``_FileProblemError``); with the file's
        size. A deleted file takes writes into its unlinked inode, answered as saved and gone at the
        next start; a file cut short loses pages SQLite may not read again for a long time. Checked
        here, the event loop makes no system call per write."""
        size = 0
        if self._file is not None:
            found = file_problem(self._path, self._file, self._identity, self._largest)
            if isinstance(found, str):
                raise _FileProblemError(found)
            size = found
        return work(connection, *args), size

    def _note_size(self) -> None:
        """The file's size now, held against it from now on (checkpoints grow it, never shrink it)."""
        if self._file is not None and self._lost is None:
            self._largest = max(self._largest, os.fstat(self._file).st_size)

    def _lose(self, why: str) -> None:
        """The file is gone from under the bot: one line saying what the operator must do, once."""
        if self._lost is not None:
            return
        self._lost = why
        log.critical(
            "the database %s is no longer usable: %s. Nothing more is saved and no update is confirmed to "
            "Telegram, which keeps them; the bot stops. Restore the file from a backup and start the bot again, or "
            "start afresh with an empty store: python -m bot --fresh-store",
            self._path,
            why,
        )
        self._on_lost(why)

    def when_lost(self, stop: Callable[[str], None]) -> None:
        """Call ``stop`` once the file is gone from under the bot (deleted, replaced, cut short,
        damaged), after the one line that says what to do."""
        self._on_lost = stop

    @property
    def lost(self) -> bool:
        """Whether the file is gone from under the bot (deleted, replaced, cut short, damaged)."""
        return self._lost is not None

    async def _reading(self, sql: str, parameters: tuple[Any, ...] = ()) -> list[Any]:
        """Rows of a query; a damaged file is lost, as for a write."""
        try:
            return list(await self._db.execute_fetchall(sql, parameters))
        except sqlite3.DatabaseError as error:
            if corrupt(error):
                self._lose(f"it is damaged ({error})")
                raise StoreLostError(str(error)) from error
            raise

    def _note_stalled_write(self) -> None:
        if self._stalled_since is None and not self._failed_writes:
            self._stalled_since = time.monotonic() - SLOW_WRITE_SECONDS
            log.warning(
                "a database write has waited %.0f s (another process holding the file's lock, or a slow disk); "
                "players wait for their answers meanwhile",
                SLOW_WRITE_SECONDS,
            )

    async def keep_fetched(self, updates: Sequence[Mapping[str, Any]]) -> None:
        """Keep a fetched batch (Telegram's JSON) until each update is handled, in one
        transaction that also takes along the deletes of updates handled meanwhile.
        ``StoreWriteError`` when the disk refuses it: then the batch must not be confirmed."""
        now = self._clock()
        keep = [(ledger.KEEP_UPDATE, (int(u["update_id"]), json.dumps(u, ensure_ascii=False), now)) for u in updates]
        handled = self._take_handled()
        try:
            await self._write(ledger.commit_statements, keep + handled.statements())
        except BaseException:
            self._give_back(handled)
            raise

    def handled(self, update_id: int) -> None:
        """The update was handled: its inbox row goes with the next transaction."""
        self._handled.add(update_id)
        self._replayed.pop(update_id, None)

    def kept_for_later(self, update_id: int) -> None:
        self._handled.discard(update_id)

    async def inbox(self) -> list[dict[str, Any]]:
        """The updates fetched but not handled before the last stop, in the order they were
        kept (not by id: ids from before a reset of Telegram's numbering may be higher)."""
        rows = await self._db.execute_fetchall("SELECT body, kept_at FROM inbox ORDER BY kept_at, update_id")
        kept = [(json.loads(str(body)), float(kept_at)) for body, kept_at in rows]
        self._replayed = {int(body["update_id"]): kept_at for body, kept_at in kept}
        return [body for body, _ in kept]

    def replayed_up_to(self) -> int:
        """The highest id replayed that Telegram may still hand out again, so that polling
        can confirm it instead (0: none). Only updates kept within ``REDELIVERY_WINDOW``:
        Telegram dropped older ones anyway, and an older id may be from before its numbering
        restarted lower, where confirming up to it would throw away every new update."""
        since = self._clock() - REDELIVERY_WINDOW
        return max((update_id for update_id, kept_at in self._replayed.items() if kept_at > since), default=0)

    def _take_handled(self) -> _Deletes:
        """The inbox rows of handled updates and the outbox rows sent, to delete with the next
        transaction (a save's, a batch's, or an idle round's)."""
        deletes = _Deletes(sorted(self._handled), sorted(self._sent))
        self._handled, self._sent = set(), set()
        return deletes

    def _give_back(self, deletes: _Deletes) -> None:
        """The transaction that was to delete these rows did not commit: they wait for the next."""
        self._handled.update(deletes.inbox)
        self._sent.update(deletes.outbox)

    def sent(self, row_id: int) -> None:
        """An outbox row went out (or was dropped for good): its delete rides with the next transaction."""
        self._sent.add(row_id)

    async def pending_messages(self, chat_id: int | None = None) -> list[tuple[int, Outgoing]]:
        """The outbox rows a stopped process left unsent (of one chat, or all), in the order they were committed."""
        if chat_id is None:
            rows = await self._db.execute_fetchall("SELECT id, chat_id, message FROM outbox ORDER BY id")
        else:
            sql = "SELECT id, chat_id, message FROM outbox WHERE chat_id = ? ORDER BY id"
            rows = await self._db.execute_fetchall(sql, (chat_id,))
        return [(int(row_id), Outgoing.from_row(int(chat), json.loads(str(text)))) for row_id, chat, text in rows]

    def _note_failed_write(self, error: sqlite3.OperationalError) -> None:
        if not self._failed_writes:
            log.warning(
                "database writes are failing (%s): players are asked to try again; "
                "saves resume by themselves once the disk takes writes",
                error,
            )
        self._failed_writes += 1

    @property
    def writes_failing(self) -> bool:
        """Whether the last save the disk was asked for failed."""
        return self._failed_writes > 0

    async def _in_thread(self, work: Callable[..., R], *args: Any) -> R:
        """``work(connection, *args)`` on the connection's thread, with the file checked and the log
        bounded first (``_checked``), in one trip."""
        checked: tuple[R, int] = await self._db.run(self._checked, work, args)
        self._largest = max(self._largest, checked[1])
        return checked[0]

    async def records(self, user_id: int) -> dict[str, Record]:
        sql = "SELECT kind, played, won, lost, hints, draws FROM records WHERE user_id = ?"
        rows = await self._reading(sql, (user_id,))
        return {str(kind): Record(int(p), int(w), int(lo), int(h), int(d)) for kind, p, w, lo, h, d in rows}

    async def read(self, sql: Sql, parameters: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Rows of a query no write of a unit can change meanwhile (a game's own reports and
        boards, written in its ``store.py``)."""
        return await self.query(sql.sqlite, parameters)

    async def query(self, sql: str, parameters: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Rows of a query in SQLite's own words (the file's catalogue, for ``migrate-to``)."""
        return [tuple(row) for row in await self._reading(sql, parameters)]

    def forget_chats(self, *chat_ids: int) -> None:
        """Rows of these chats changed under other ids (a chat moved): their next loads read the file."""
        for key in [key for key in self._sessions if key[0] in chat_ids]:
            del self._sessions[key]
        for chat_id in chat_ids:
            self._active.pop(chat_id, None)

    def _remember_session(self, key: tuple[int, str], text: str, version: int) -> None:
        self._sessions[key] = (text, version)
        self._sessions.move_to_end(key)
        while len(self._sessions) > self._remembered:
            self._sessions.popitem(last=False)

    def _remember_applied(self, update_id: int) -> None:
        self._applied[update_id] = None
        while len(self._applied) > self._remembered:
            self._applied.popitem(last=False)

    def _remember_active(self, chat_id: int, kind: str) -> None:
        self._active[chat_id] = kind
        self._active.move_to_end(chat_id)
        while len(self._active) > self._remembered:
            self._active.popitem(last=False)


R = TypeVar("R")


def in_sqlite(statements: list[Statement]) -> list[SqliteStatement]:
    """Statements as this engine runs them: their SQLite words."""
    return [(sql.sqlite, parameters) for sql, parameters in statements]


@dataclass
class _Deletes:
    """Rows whose deletes ride with a transaction: inbox rows by update id, outbox rows by id."""

    inbox: list[int]
    outbox: list[int]

    def statements(self) -> list[SqliteStatement]:
        deletes: list[SqliteStatement] = []
        if self.inbox:
            marks = ",".join("?" * len(self.inbox))
            deletes.append((f"DELETE FROM inbox WHERE update_id IN ({marks})", tuple(self.inbox)))
        if self.outbox:
            deletes.append((f"DELETE FROM outbox WHERE id IN ({','.join('?' * len(self.outbox))})", tuple(self.outbox)))
        return deletes


async def checkpoint_by_size(db: SqliteThread) -> None:
    """The writing connection copies the log into the file at the end of the commit that takes it
    past ``WAL_CHECKPOINT_AT`` (SQLite counts it in pages)."""
    rows = list(await db.execute_fetchall("PRAGMA page_size"))
    pages = max(1, WAL_CHECKPOINT_AT // int(rows[0][0]))
    await db.execute_fetchall(f"PRAGMA wal_autocheckpoint={pages}")


#: A unit waiting for its batch: its rows, its update, and what it will hear.
_Waiting = tuple[ledger.UnitRows, int | None, "asyncio.Future[ledger.UnitOutcome]"]


def _raised_for_all(error: BaseException) -> bool:
    """A unit's error that fails the whole batch: the disk's or the file's (then the batch is tried
    once more after making room, or every unit is answered as not kept), not the statement's."""
    return disk_fault(error) or corrupt(error)
