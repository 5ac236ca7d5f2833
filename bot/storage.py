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

Exactly once: everything one item of a chat's serial line causes (sessions, records,
winners, deadlines, the messages to send) is one transaction (``commit``), whose first
statement enters the update's id in the delivery ledger. An update already there (a
redelivery, or the same webhook POST twice at once) rolls the whole transaction back and
changes nothing. Ledger rows older than ``REDELIVERY_WINDOW`` are pruned: Telegram keeps
an update a day at most, and after a week without updates it may number them afresh.

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
An update applied leaves the inbox in the transaction that applies it; its replies are
in the outbox by then (``bot.delivery.outbox``), sent after the commit and again after a
restart until Telegram confirms them.
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
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, TypeVar

import aiosqlite

from bot.delivery.outbox import Outgoing
from bot.delivery.unit import StagedSession, Statement, Unit

SCHEMA_VERSION = 8

#: Telegram keeps an undelivered update 24 hours at most, so a redelivery comes within a day
#: of the update it repeats; after a week without updates it may number the next ones from a
#: random, lower id. Three days sits safely between: a lower id that long after the chat's
#: last one is new.
REDELIVERY_WINDOW = 3 * 24 * 3600.0

#: The write-ahead log is cut back to this size whenever a checkpoint has emptied it, and a
#: log that grows past half of it is checkpointed at once, busy or not.
JOURNAL_SIZE_LIMIT = 4 * 1024 * 1024
#: How often the checkpoint connection looks at the log's size.
WAL_WATCH_SECONDS = 0.25
#: A write waiting this long (another process holding the lock, a slow disk) is logged, once.
SLOW_WRITE_SECONDS = 2.0
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
    8: _SCHEMA_V8,
}

#: SQLite's primary result codes that mean the disk, not the statement, failed a write.
_SQLITE_BUSY, _SQLITE_LOCKED, _SQLITE_READONLY, _SQLITE_IOERR, _SQLITE_FULL = 5, 6, 8, 10, 13
_DISK_FAULTS = frozenset({_SQLITE_BUSY, _SQLITE_LOCKED, _SQLITE_READONLY, _SQLITE_IOERR, _SQLITE_FULL})


class _Keep:
    """The default of ``Store.save(deadline=...)``: leave the stored deadline as it is."""


KEEP = _Keep()


class StaleSessionError(RuntimeError):
    """The session changed since it was loaded: the save is refused."""


class StoreUnavailableError(RuntimeError):
    """This process cannot use the file: another bot has it open (each would trust its own
    memory of the sessions), a newer bot wrote it, or it cannot be opened, written or trusted."""


class StoreWriteError(RuntimeError):
    """The disk refused a save (full, read-only, failing), or another process held the file's
    write lock too long; nothing was changed, and a later save will work once the disk does."""


def _locked(error: sqlite3.OperationalError) -> bool:
    """Another connection held the lock past the busy timeout: making room cannot help."""
    code = getattr(error, "sqlite_errorcode", None)
    return code is not None and code & 0xFF in (_SQLITE_BUSY, _SQLITE_LOCKED)


def disk_fault(error: BaseException) -> bool:
    """Whether a SQLite error is the disk's or the file's fault (full, read-only, I/O, locked by
    another process), not the statement's."""
    code = getattr(error, "sqlite_errorcode", None)
    return isinstance(error, sqlite3.OperationalError) and code is not None and code & 0xFF in _DISK_FAULTS


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
        self._wal = Path(f"{path}-wal")
        self._last_prune = 0.0
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
        store = cls(db, checkpoints, checkpoint_seconds, remembered, held, path=path, clock=clock)
        try:
            await store.forget_old_updates()  # before any update: an id Telegram reuses is new
        except StoreWriteError as error:
            log.warning("could not forget old updates at start: %s", error)
        return store

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
        someone deletes it). In between, a log grown past half its limit is copied at once:
        under steady load the log never empties by itself, and at 330 updates a second it
        grew to 47 MB between two timed rounds. Once copied, the next commit starts the log
        over and SQLite cuts it back to ``JOURNAL_SIZE_LIMIT``."""
        since_round, tick = 0.0, min(WAL_WATCH_SECONDS, seconds)
        while True:
            await asyncio.sleep(tick)
            since_round += tick
            try:
                if since_round >= seconds:
                    since_round = 0.0
                    await self._timed_round()
                elif self._wal_size() > JOURNAL_SIZE_LIMIT // 2:
                    await self._checkpoint("PASSIVE")
            except (sqlite3.Error, StoreWriteError) as error:  # the next round tries again; saves go on meanwhile
                log.warning("could not checkpoint the database: %s", error)

    async def _timed_round(self) -> None:
        busy = self._saves_since_checkpoint > 0
        self._saves_since_checkpoint = 0
        statements = self._prune_statements()
        if not busy and (self._handled or self._sent or statements):  # no save came to take them along
            await self._write(_commit_statements, statements + self._take_handled())
        elif statements:
            await self._write(_commit_statements, statements)
        await self._checkpoint("PASSIVE" if busy else "TRUNCATE")

    def _prune_statements(self) -> list[Statement]:
        """Once a minute: forget ledger rows past the redelivery window (the table stays small,
        and after Telegram restarts its numbering an old id is new again)."""
        now = self._clock()
        if now - self._last_prune < 60:
            return []
        self._last_prune = now
        return self._forget_statements()

    async def forget_old_updates(self) -> None:
        """Forget the ledger rows past the redelivery window now (the checkpoint loop does it once a minute)."""
        await self._write(_commit_statements, self._forget_statements())

    def _forget_statements(self) -> list[Statement]:
        since = self._clock() - REDELIVERY_WINDOW
        return [
            ("DELETE FROM ledger WHERE received_at <= ?", (since,)),
            ("DELETE FROM applied_updates WHERE received_at <= ?", (since,)),
        ]

    def _wal_size(self) -> int:
        try:
            return self._wal.stat().st_size
        except OSError:
            return 0

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

    def session_save(
        self, chat_id: int, kind: str, state: dict[str, Any], loaded_version: int | None
    ) -> tuple[str, Statement]:
        """The JSON of ``state`` and the statement that stores it if the session is still at
        ``loaded_version`` (None: a new one), for a unit to commit."""
        text = json.dumps(state, ensure_ascii=False)
        return text, _session_statement(chat_id, kind, text, loaded_version)

    def change_statements(
        self,
        chat_id: int,
        kind: str,
        *,
        tallies: Mapping[int, Tally],
        record_kind: str,
        activate: bool,
        deadline: float | _Keep | None,
    ) -> list[Statement]:
        """What a save brings along: the players' records (under ``record_kind``), the chat's
        active game, its turn deadline (epoch seconds; None clears it; ``KEEP`` leaves it)."""
        also = [_tally_statement(player, record_kind, change) for player, change in tallies.items()]
        if activate:
            also.append((_ACTIVATE, (chat_id, kind)))
        if deadline is None:
            also.append(("DELETE FROM turn_deadlines WHERE chat_id = ? AND kind = ?", (chat_id, kind)))
        elif not isinstance(deadline, _Keep):
            also.append((_SET_DEADLINE, (chat_id, kind, deadline)))
        return also

    async def save(
        self,
        chat_id: int,
        kind: str,
        state: dict[str, Any],
        loaded_version: int | None,
        *,
        user_id: int | None = None,
        tally: Tally | None = None,
        tallies: Mapping[int, Tally] | None = None,
        activate: bool = False,
        deadline: float | _Keep | None = KEEP,
        record_kind: str | None = None,
        update_id: int | None = None,
    ) -> int | None:
        """One session's save as a unit of its own, through the same transaction a chat's line
        commits (for tools and tests); the new version, or None when ``update_id`` was applied
        before. ``loaded_version`` None: a new session, replacing any the chat had of its kind."""
        if loaded_version is None:
            stored = await self.load(chat_id, kind)
            base = None if stored is None else stored.version
        else:
            base = loaded_version
        text, statement = self.session_save(chat_id, kind, state, base)
        version = 1 if base is None else base + 1
        unit = Unit(chat_id, update_id, self.received_at(update_id) if update_id is not None else 0.0)
        unit.sessions.append(StagedSession((chat_id, kind), text, version, statement))
        changes = dict(tallies or {})
        if user_id is not None and tally is not None:
            changes[user_id] = tally
        unit.statements += self.change_statements(
            chat_id, kind, tallies=changes, record_kind=record_kind or kind, activate=False, deadline=deadline
        )
        if activate:
            unit.active[chat_id] = kind
        return None if await self.commit(unit) is None else version

    async def commit(self, unit: Unit) -> list[tuple[int, Outgoing]] | None:
        """Commit everything ``unit`` staged in one transaction, with its update in the ledger and
        its messages in the outbox; the outbox rows (id, message), or None when the update was
        applied before (then nothing changed). ``StaleSessionError`` when a session changed since
        it was loaded, ``StoreWriteError`` when the disk refused: nothing changed either way."""
        handled = self._take_handled()
        if unit.update_id is not None:
            handled.append(("DELETE FROM inbox WHERE update_id = ?", (unit.update_id,)))
            self._replayed.pop(unit.update_id, None)
        ledger = None if unit.update_id is None else (unit.update_id, unit.chat_id, unit.received_at)
        now = self._clock()
        outgoing = [(m.chat_id, json.dumps(m.to_row(), ensure_ascii=False), now) for m in unit.messages]
        statements = [staged.statement for staged in unit.sessions] + unit.statements
        statements += [(_ACTIVATE, (chat, kind)) for chat, kind in unit.active.items()]
        try:
            result = await self._write(_unit_transaction, ledger, statements, outgoing, handled)
        except BaseException:
            for staged in unit.sessions:
                self._sessions.pop(staged.key, None)  # whatever happened, the next load reads the file
            self._give_back(handled)
            raise
        self._saves_since_checkpoint += 1
        if result is _DUPLICATE:
            return None
        if result is _STALE:
            self._give_back(handled)
            for staged in unit.sessions:
                self._sessions.pop(staged.key, None)
            raise StaleSessionError(f"chat {unit.chat_id}: a session changed since it was loaded")
        assert isinstance(result, list)
        for staged in unit.sessions:
            self._remember_session(staged.key, staged.text, staged.version)
        for chat, kind in unit.active.items():
            self._remember_active(chat, kind)
        if unit.update_id is not None:
            self._remember_applied(unit.update_id)
        return list(zip(result, unit.messages, strict=True))

    async def _write(self, work: Callable[..., R], *args: Any) -> R:
        """A writing transaction on aiosqlite's thread; on a disk fault, once more after making
        room, then ``StoreWriteError``. Logs one line when writes start failing or stall (another
        process holding the file's lock, a slow disk) and one when they work again."""
        stalled = asyncio.get_running_loop().call_later(SLOW_WRITE_SECONDS, self._note_stalled_write)
        try:
            result = await self._write_or_make_room(work, *args)
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

    def _take_handled(self) -> list[Statement]:
        """The deletes of the inbox rows of handled updates and of the outbox rows sent, as
        statements for the next transaction (a save's, a batch's, or an idle round's)."""
        statements: list[Statement] = []
        if self._handled:
            ids, self._handled = sorted(self._handled), set()
            statements.append((f"DELETE FROM inbox WHERE update_id IN ({','.join('?' * len(ids))})", tuple(ids)))
        if self._sent:
            rows, self._sent = sorted(self._sent), set()
            statements.append((f"DELETE FROM outbox WHERE id IN ({','.join('?' * len(rows))})", tuple(rows)))
        return statements

    def _give_back(self, statements: list[Statement]) -> None:
        """The transaction that was to delete these rows did not commit: they wait for the next."""
        for sql, ids in statements:
            (self._handled if "FROM inbox" in sql else self._sent).update(ids)

    def sent(self, row_id: int) -> None:
        """An outbox row went out (or was dropped for good): its delete rides with the next transaction."""
        self._sent.add(row_id)

    async def pending_messages(self) -> list[tuple[int, Outgoing]]:
        """The outbox rows a stopped process left unsent, in the order they were committed."""
        rows = await self._db.execute_fetchall("SELECT id, chat_id, message FROM outbox ORDER BY id")
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

    @staticmethod
    def group_win(chat_id: int, user_id: int, name: str, won_at: float) -> Statement:
        """One group game won by ``user_id`` (called ``name`` then), at epoch seconds ``won_at``,
        for the unit that ends the game to commit."""
        return (
            "INSERT INTO group_wins (chat_id, user_id, name, won_at) VALUES (?, ?, ?, ?)",
            (chat_id, user_id, name, won_at),
        )

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

    async def answer_reporters(self, word: str) -> set[int]:
        """The players who said 5bukv's secret was ``word``."""
        rows = await self._db.execute_fetchall("SELECT user_id FROM wordle_answers WHERE word = ?", (word,))
        return {int(user_id) for (user_id,) in rows}

    @staticmethod
    def answer_report(word: str, user_id: int) -> Statement:
        """That ``user_id`` says 5bukv's secret was ``word`` (a player counts once per word)."""
        return ("INSERT OR IGNORE INTO wordle_answers (word, user_id) VALUES (?, ?)", (word, user_id))

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

_ACTIVATE = (
    "INSERT INTO chats (chat_id, active_kind) VALUES (?, ?) "
    "ON CONFLICT (chat_id) DO UPDATE SET active_kind = excluded.active_kind"
)
_SET_DEADLINE = (
    "INSERT INTO turn_deadlines (chat_id, kind, deadline) VALUES (?, ?, ?) "
    "ON CONFLICT (chat_id, kind) DO UPDATE SET deadline = excluded.deadline"
)

_KEEP_UPDATE = "INSERT OR IGNORE INTO inbox (update_id, body, kept_at) VALUES (?, ?, ?)"


def _session_statement(chat_id: int, kind: str, text: str, loaded_version: int | None) -> Statement:
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


def _tally_statement(user_id: int, kind: str, tally: Tally) -> Statement:
    return (
        "INSERT INTO records (user_id, kind, played, won, lost, hints, draws) VALUES (?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (user_id, kind) DO UPDATE SET played = played + excluded.played, "
        "won = won + excluded.won, lost = lost + excluded.lost, hints = hints + excluded.hints, "
        "draws = draws + excluded.draws",
        (user_id, kind, tally.played, tally.won, tally.lost, tally.hints, tally.draws),
    )


async def _connect(path: Path) -> aiosqlite.Connection:
    """A connection in autocommit (transactions are explicit) with a bounded log."""
    db = await aiosqlite.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT_SECONDS)
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


class _Outcome:
    """What a unit's transaction came to, besides the outbox rows of one that committed."""


_DUPLICATE = _Outcome()  # the update is in the ledger already: nothing changed
_STALE = _Outcome()  # a session changed since it was loaded: nothing changed


def _unit_transaction(
    connection: sqlite3.Connection,
    ledger: tuple[int, int, float] | None,
    statements: list[Statement],
    outgoing: list[tuple[int, str, float]],
    handled: list[Statement],
) -> list[int] | _Outcome:
    """One unit, all or nothing (run on aiosqlite's thread). The gate comes first, inside the
    transaction: an update already in the ledger (or, for a window after the upgrade, at or below
    its chat's last id in the old table) rolls everything back."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        if ledger is not None and _applied_before(connection, *ledger):
            connection.execute("ROLLBACK")
            connection.execute("BEGIN IMMEDIATE")  # the inbox row still goes: it was handled
            for statement in handled:
                connection.execute(*statement)
            connection.execute("COMMIT")
            return _DUPLICATE
        for sql, parameters in statements:
            rows = connection.execute(sql, parameters).fetchall()
            if "RETURNING version" in sql and _version(rows) is None:
                connection.execute("ROLLBACK")
                return _STALE
        row_ids = [int(connection.execute(_QUEUE_MESSAGE, message).fetchone()[0]) for message in outgoing]
        for statement in handled:
            connection.execute(*statement)
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise
    return row_ids


def _applied_before(connection: sqlite3.Connection, update_id: int, chat_id: int, received_at: float) -> bool:
    """Enter the update in the ledger; whether it was there already."""
    entered = connection.execute(
        "INSERT OR IGNORE INTO ledger (update_id, chat_id, received_at) VALUES (?, ?, ?)",
        (update_id, chat_id, received_at),
    ).rowcount
    if not entered:
        return True
    old = connection.execute(
        "SELECT 1 FROM applied_updates WHERE chat_id = ? AND update_id >= ? AND ? - received_at < ?",
        (chat_id, update_id, received_at, REDELIVERY_WINDOW),
    ).fetchone()
    return old is not None


_QUEUE_MESSAGE = "INSERT INTO outbox (chat_id, message, queued_at) VALUES (?, ?, ?) RETURNING id"


def _commit_statements(connection: sqlite3.Connection, statements: list[Statement]) -> None:
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
