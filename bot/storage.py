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
Here a second connection, on its own thread, does it every few seconds instead,
and when the bot is idle it truncates the log, so the log stays small.

Exactly once: the id of the update a save applies is committed in the same
transaction as the session (``APPLYING``), with when the bot received it, so after
a crash Telegram's redelivery of an answered update can be recognised
(``applied_before``) and change nothing. Telegram's ids grow only within a
stretch of activity: after a week without updates it may start again from a
random, lower id, so an id at or below the chat's last one is a redelivery only
when it comes within ``REDELIVERY_WINDOW`` of that one (see ``Applied``).

A disk that fills up fails the saves, not the bot: a failing save tries
once more after a checkpoint that truncates the log, then raises
``StoreWriteError`` (players are asked to try again), and the next save that
works ends the episode, with one log line at each end.

The inbox closes the gap before a save: python-telegram-bot confirms a batch of
updates with its next getUpdates, before it has handled them, so a crash then
would lose them. Each fetched batch is kept here (``keep_fetched``, one
transaction) before it may be confirmed, and replayed at the next start
(``inbox``). An update leaves the inbox once handled (``handled``); those
deletes ride along with the next transaction (a save or the next batch), so the
hot path stays one trip per save, and an idle bot flushes them with its checkpoints.
The update a save applies stays in the inbox until its reply went out: a crash
in between replays it, and the per-chat gate answers it with the current state.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sqlite3
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, TypeVar

import aiosqlite

SCHEMA_VERSION = 7

#: The id of the update being applied in this task; a save commits it with the session.
APPLYING: ContextVar[int | None] = ContextVar("APPLYING", default=None)

#: Telegram keeps an undelivered update 24 hours at most, so a redelivery comes within a day
#: of the update it repeats; after a week without updates it may number the next ones from a
#: random, lower id. Three days sits safely between: a lower id that long after the chat's
#: last one is new.
REDELIVERY_WINDOW = 3 * 24 * 3600.0

#: The write-ahead log is cut back to this size whenever a checkpoint has emptied it.
JOURNAL_SIZE_LIMIT = 4 * 1024 * 1024

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

#: What each schema version adds; a file at version n runs the scripts above n (``{now}``: the
#: time of the migration).
_MIGRATIONS = {
    1: _SCHEMA_V1,
    2: _SCHEMA_V2,
    3: _SCHEMA_V3,
    4: _SCHEMA_V4,
    5: _SCHEMA_V5,
    6: _SCHEMA_V6,
    7: _SCHEMA_V7,
}

#: SQLite's primary result codes that mean the disk, not the statement, failed a write.
_SQLITE_READONLY, _SQLITE_IOERR, _SQLITE_FULL = 8, 10, 13
_DISK_FAULTS = frozenset({_SQLITE_READONLY, _SQLITE_IOERR, _SQLITE_FULL})


class _Keep:
    """The default of ``Store.save(deadline=...)``: leave the stored deadline as it is."""


KEEP = _Keep()


class StaleSessionError(RuntimeError):
    """The session changed since it was loaded: the save is refused."""


class StoreUnavailableError(RuntimeError):
    """This process cannot use the file: another bot has it open (each would trust its own
    memory of the sessions), a newer bot wrote it, or it cannot be opened, written or trusted."""


class StoreWriteError(RuntimeError):
    """The disk refused a save (full, read-only, failing); nothing was changed, and a later
    save will work once the disk does."""


def disk_fault(error: BaseException) -> bool:
    """Whether a SQLite error is the disk's fault (full, read-only, I/O), not the statement's."""
    code = getattr(error, "sqlite_errorcode", None)
    return isinstance(error, sqlite3.OperationalError) and code is not None and code & 0xFF in _DISK_FAULTS


@dataclass(frozen=True)
class Stored:
    state: dict[str, Any]
    version: int


@dataclass(frozen=True)
class Applied:
    """The last update applied in a chat, and when the bot received it (epoch seconds: when
    it was fetched or posted, or for one replayed from the inbox, when it was first kept)."""

    update_id: int
    received_at: float

    def superseded_by(self, update_id: int, received_at: float) -> bool:
        """Whether an update received at ``received_at`` is new next to this one: a higher id,
        or any id once ``REDELIVERY_WINDOW`` has passed, when no redelivery can come any more
        and Telegram may have numbered its updates afresh."""
        return update_id > self.update_id or received_at - self.received_at >= REDELIVERY_WINDOW


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
        *,
        clock: Callable[[], float],
    ) -> None:
        self._db = db
        self._clock = clock
        self._held = held
        self._checkpoints = checkpoints
        self._checkpointing = asyncio.create_task(self._checkpoint_every(checkpoint_seconds))
        self._sessions: OrderedDict[tuple[int, str], tuple[str, int]] = OrderedDict()  # -> (JSON, version)
        self._active: OrderedDict[int, str] = OrderedDict()
        self._applied: OrderedDict[int, Applied | None] = OrderedDict()  # chat -> last update committed
        self._remembered = remembered
        self._saves_since_checkpoint = 0
        self._failed_writes = 0  # saves the disk refused since the last one that worked
        self._handled: set[int] = set()  # updates handled whose inbox rows are still to delete
        self._replayed: dict[int, float] = {}  # updates replayed from the inbox, not yet handled -> kept at

    @classmethod
    async def open(
        cls,
        path: Path,
        *,
        checkpoint_seconds: float = 2.0,
        remembered: int = 10_000,
        clock: Callable[[], float] = time.time,
    ) -> Store:
        """Open (creating or migrating) the file; ``remembered`` sessions are kept in memory;
        ``clock`` tells the epoch seconds (tests move it instead of waiting days).

        Anything that makes the file unusable (a folder or file that cannot be written, a
        corrupt or unreadable file) is a ``StoreUnavailableError`` with one line saying so,
        here at start rather than on every update."""
        held = _hold_alone(path)
        try:
            db = await _connect_and_migrate(path, clock())
            try:
                await _check_usable(db, path)
                checkpoints = await _connect(path)
            except BaseException:
                await db.close()
                raise
        except BaseException:
            if held is not None:
                held.close()
            raise
        return cls(db, checkpoints, checkpoint_seconds, remembered, held, clock=clock)

    async def close(self) -> None:
        """Close both connections and release the lock on the file, whatever fails on the way:
        a shutdown must end, and the next bot must be able to open the file."""
        try:
            self._checkpointing.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._checkpointing
            with contextlib.suppress(sqlite3.Error, StoreWriteError, ValueError):  # else replayed, harmlessly
                await self._write(_commit_statements, self._take_handled())
            await _close_quietly(self._db, "the database")
            with contextlib.suppress(sqlite3.Error, ValueError):
                await self._checkpoints.execute_fetchall("PRAGMA wal_checkpoint(TRUNCATE)")  # one tidy file
            await _close_quietly(self._checkpoints, "the checkpoint connection")
        finally:
            if self._held is not None:
                self._held.close()  # lets the next bot process open the file
                self._held = None

    async def _checkpoint_every(self, seconds: float) -> None:
        """Copy the log into the file every few seconds; when no save came since the last
        round, truncate it as well, so an idle bot leaves a small log (and a small loss if
        someone deletes it)."""
        while True:
            await asyncio.sleep(seconds)
            busy = self._saves_since_checkpoint > 0
            self._saves_since_checkpoint = 0
            try:
                if not busy and self._handled:  # no save came to take the deletes along
                    await self._write(_commit_statements, self._take_handled())
                await self._checkpoint("PASSIVE" if busy else "TRUNCATE")
            except (sqlite3.Error, StoreWriteError) as error:  # the next round tries again; saves go on meanwhile
                log.warning("could not checkpoint the database: %s", error)

    async def _checkpoint(self, mode: str) -> None:
        await self._checkpoints.execute_fetchall(f"PRAGMA wal_checkpoint({mode})")

    async def make_room(self) -> bool:
        """Copy the log into the file and truncate it: the space a full disk can give back.
        Whether it worked."""
        try:
            await self._checkpoint("TRUNCATE")
        except sqlite3.Error as error:
            log.info("could not truncate the database log: %s", error)
            return False
        return True

    async def last_applied(self, chat_id: int) -> Applied | None:
        """The last update whose changes to this chat were committed (None: none)."""
        if chat_id not in self._applied:
            sql = "SELECT update_id, received_at FROM applied_updates WHERE chat_id = ?"
            rows = list(await self._db.execute_fetchall(sql, (chat_id,)))
            if chat_id in self._applied:  # a save came in meanwhile and knows better
                return self._applied[chat_id]
            self._remember_applied(chat_id, Applied(int(rows[0][0]), float(rows[0][1])) if rows else None)
        self._applied.move_to_end(chat_id)
        return self._applied[chat_id]

    async def applied_before(self, chat_id: int, update_id: int) -> bool:
        """Whether this update is a redelivery of one already applied in the chat: not above
        the chat's last one, and received within ``REDELIVERY_WINDOW`` of it."""
        last = await self.last_applied(chat_id)
        return last is not None and not last.superseded_by(update_id, self.received_at(update_id))

    def received_at(self, update_id: int) -> float:
        """When the bot received the update: for one replayed from the inbox, when it was kept
        (a replay days later is not a new update); for any other, now."""
        kept_at = self._replayed.get(update_id)
        return self._clock() if kept_at is None else kept_at

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
        update_id: int | None = None,
    ) -> int:
        """Store ``state`` if the session is still at ``loaded_version`` (None: it was
        new); with the record changes (``tally`` for ``user_id``, ``tallies`` for
        several players), the active kind, the turn deadline (epoch seconds;
        None clears it) and the id of the update applied (``update_id``, by default
        ``APPLYING``'s), all or nothing. Records count under ``record_kind``
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
        applied_id = update_id if update_id is not None else APPLYING.get()
        applied = None if applied_id is None else Applied(applied_id, self.received_at(applied_id))
        if applied is not None:
            also.append((_SET_APPLIED, (chat_id, applied.update_id, applied.received_at, REDELIVERY_WINDOW)))
        handled = self._take_handled()
        also += handled
        key = (chat_id, kind)
        try:
            statement = _session_statement(chat_id, kind, text, loaded_version)
            version = await self._commit(statement, also)
        except BaseException:
            self._sessions.pop(key, None)  # whatever happened, the next load reads the file
            self._give_back(handled)
            raise
        if version is None:
            self._give_back(handled)  # the transaction rolled back
            self._sessions.pop(key, None)
            raise StaleSessionError(f"chat {chat_id}: {kind} session changed since version {loaded_version}")
        self._remember_session(key, text, version)
        if activate:
            self._remember_active(chat_id, kind)
        if applied is not None:
            self._remember_newer(chat_id, applied)
        return version

    async def _commit(self, session: _Statement, also: list[_Statement]) -> int | None:
        """One save's transaction (see ``_write``)."""
        version = await self._write(_save_transaction, session, also)
        self._saves_since_checkpoint += 1
        return version

    async def _write(self, work: Callable[..., R], *args: Any) -> R:
        """A writing transaction on aiosqlite's thread; on a disk fault, once more after making
        room, then ``StoreWriteError``. Logs one line when writes start failing and one when
        they work again."""
        try:
            try:
                result = await self._in_thread(work, *args)
            except sqlite3.OperationalError as error:
                if not disk_fault(error):
                    raise
                self._note_failed_write(error)
                if not await self.make_room():
                    raise StoreWriteError(str(error)) from error
                result = await self._in_thread(work, *args)
        except sqlite3.OperationalError as error:
            if not disk_fault(error):
                raise
            raise StoreWriteError(str(error)) from error
        if self._failed_writes:
            log.warning("database writes work again, after %d refused", self._failed_writes)
            self._failed_writes = 0
        return result

    async def keep_fetched(self, updates: Sequence[Mapping[str, Any]]) -> None:
        """Keep a fetched batch (Telegram's JSON) until each update is handled, in one
        transaction that also takes along the deletes of updates handled meanwhile.
        ``StoreWriteError`` when the disk refuses it: then the batch must not be confirmed."""
        now = self._clock()
        keep = [(_KEEP_UPDATE, (int(u["update_id"]), json.dumps(u, ensure_ascii=False), now)) for u in updates]
        handled = self._take_handled()
        try:
            await self._write(_commit_statements, keep + handled)
        except BaseException:
            self._give_back(handled)
            raise

    def handled(self, update_id: int) -> None:
        """The update was handled: its inbox row goes with the next transaction."""
        self._handled.add(update_id)
        self._replayed.pop(update_id, None)

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

    def _take_handled(self) -> list[_Statement]:
        """The deletes of the inbox rows of handled updates, as statements for a transaction."""
        if not self._handled:
            return []
        ids, self._handled = sorted(self._handled), set()
        return [(f"DELETE FROM inbox WHERE update_id IN ({','.join('?' * len(ids))})", tuple(ids))]

    def _give_back(self, handled: list[_Statement]) -> None:
        """The transaction that was to delete these rows did not commit: they wait for the next."""
        for _, ids in handled:
            self._handled.update(ids)

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

    def _remember_newer(self, chat_id: int, applied: Applied) -> None:
        """As ``_SET_APPLIED`` does on file: the update replaces the chat's last one when it
        supersedes it, else (an older one, saved after a newer one) the last one stays. A
        chat not in memory stays out: the file alone knows what it had."""
        if chat_id not in self._applied:
            return
        last = self._applied[chat_id]
        if last is None or last.superseded_by(applied.update_id, applied.received_at):
            self._remember_applied(chat_id, applied)
        else:
            self._applied.move_to_end(chat_id)

    def _remember_applied(self, chat_id: int, applied: Applied | None) -> None:
        self._applied[chat_id] = applied
        self._applied.move_to_end(chat_id)
        while len(self._applied) > self._remembered:
            self._applied.popitem(last=False)

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

_KEEP_UPDATE = "INSERT OR IGNORE INTO inbox (update_id, body, kept_at) VALUES (?, ?, ?)"

#: ``Applied.superseded_by`` in SQL: the chat's last update is replaced, not max'ed, since
#: Telegram's ids may restart lower.
_SET_APPLIED = (
    "INSERT INTO applied_updates (chat_id, update_id, received_at) VALUES (?, ?, ?) "
    "ON CONFLICT (chat_id) DO UPDATE SET update_id = excluded.update_id, received_at = excluded.received_at "
    "WHERE excluded.update_id > applied_updates.update_id "
    "OR excluded.received_at - applied_updates.received_at >= ?"
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


async def _connect(path: Path) -> aiosqlite.Connection:
    """A connection in autocommit (transactions are explicit) with a bounded log."""
    db = await aiosqlite.connect(path, isolation_level=None)
    try:
        await db.execute_fetchall(f"PRAGMA journal_size_limit={JOURNAL_SIZE_LIMIT}")
    except BaseException:
        await db.close()
        raise
    return db


async def _connect_and_migrate(path: Path, now: float) -> aiosqlite.Connection:
    try:
        db = await _connect(path)
    except sqlite3.Error as error:
        raise StoreUnavailableError(f"cannot open the database {path}: {error}") from None
    try:
        await db.execute_fetchall("PRAGMA journal_mode=WAL")
        await db.execute_fetchall("PRAGMA synchronous=NORMAL")
        await db.execute_fetchall("PRAGMA wal_autocheckpoint=0")  # the checkpoint connection does it
        rows = list(await db.execute_fetchall("PRAGMA user_version"))
        version = int(rows[0][0]) if rows else 0
        if version > SCHEMA_VERSION:
            raise StoreUnavailableError(f"{path} was written by a newer bot (schema {version} > {SCHEMA_VERSION})")
        for step in range(version + 1, SCHEMA_VERSION + 1):
            script = _MIGRATIONS[step].replace("{now}", repr(float(now)))
            await db.executescript(f"BEGIN; {script} PRAGMA user_version={step}; COMMIT;")
    except sqlite3.Error as error:
        await _close_quietly(db, "the database")
        raise StoreUnavailableError(f"cannot use the database {path}: {error}") from None
    except BaseException:
        await _close_quietly(db, "the database")
        raise
    return db


async def _check_usable(db: aiosqlite.Connection, path: Path) -> None:
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


async def _close_quietly(db: aiosqlite.Connection, what: str) -> None:
    """Close a connection; a failure is logged, never raised (shutdown must go on)."""
    try:
        await db.close()
    except Exception as error:
        log.warning("could not close %s cleanly: %s", what, error)


def _hold_alone(path: Path) -> IO[bytes] | None:
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
    _commit_statements(connection, [(sql, parameters)])


def _commit_statements(connection: sqlite3.Connection, statements: list[_Statement]) -> None:
    """Statements as one transaction, all or nothing (run on aiosqlite's thread)."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        for statement in statements:
            connection.execute(*statement)
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise


def _version(rows: Iterable[Any]) -> int | None:
    """The version ``RETURNING`` gave, or None when no row matched (a stale save)."""
    versions = [int(row[0]) for row in rows]
    return versions[0] if len(versions) == 1 else None
