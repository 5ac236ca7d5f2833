"""What the rest of the bot asks of a store, whichever database is under it.

Two engines implement it side by side: :class:`bot.storage.store.SqliteStore` (one file, one
process, the default) and :class:`bot.storage.postgres.PostgresStore` (a server shared by any
number of bot processes, selected by ``DATABASE_URL=postgresql://…``). Both commit a unit of work
as one transaction whose first statement enters the update in the idempotency ledger, and keep
the inbox and the outbox as tables, at the same schema versions; every statement is written for
each engine (:class:`bot.storage.sql.Sql`), and each engine runs its own words.
"""

from __future__ import annotations

import contextlib
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Callable, Coroutine, Mapping, Sequence
from typing import Any, Protocol

from bot.storage.sessions import KEEP, Record, Stored, Tally, _Keep, stage_save
from bot.storage.sql import Sql
from bot.storage.unit_of_work import Outgoing, UnitOfWork

#: URLs that select PostgreSQL; anything else is a path to a SQLite file.
POSTGRES_SCHEMES = ("postgresql://", "postgres://")
#: A PostgreSQL process's pooled connections by default (``DATABASE_CONNECTIONS``). An item holds
#: one from taking its chat's lock until its transaction is committed (its messages go out after,
#: under a lease), so the pool bounds the chats working in the database at once. More is not faster when the
#: machine's cores are the limit: more server processes at work at once only queue for them
#: (docs/postgresql.md, "The pool"). With two more of its own (announcements, the poller's lock),
#: three processes need ``max_connections`` of about 100 (docker-compose.yml sets 250).
CONNECTIONS = 32
#: Kept updates one claim takes at most.
CLAIM_BATCH = 256


class StoreWriteError(RuntimeError):
    """The database refused a save (a full, read-only or failing disk; a server away or shutting
    down), or another process held the SQLite file's write lock too long; nothing was changed, and
    a later save will work once the database does."""


class SharedInbox(Protocol):
    """The inbox as several processes on one database work it off together: each update kept,
    then claimed by the process that holds its chat (:mod:`bot.delivery.claims`)."""

    async def keep_fetched(self, updates: Sequence[Mapping[str, Any]]) -> None:
        """Keep a fetched or posted batch, claiming for this process what no other may hold."""

    def claimed_here(self, update_id: int) -> bool:
        """Whether a kept update was claimed for this process as it was kept (handled as received)."""

    async def claim(self, limit: int = CLAIM_BATCH) -> list[dict[str, Any]]:
        """Kept updates of chats no other live process holds, oldest first, claimed for this one."""

    def handled(self, update_id: int) -> None:
        """The update was handled: its inbox row goes."""

    async def listen(self, wake: Callable[[], None]) -> None:
        """Call ``wake`` whenever any process keeps an update."""

    async def poller_turn(self, seconds: float = 1.0) -> bool:
        """Whether this process is the one that polls Telegram (else it waits ``seconds``)."""

    async def orphaned_outbox_chats(self) -> list[int]:
        """Chats whose outbox rows a process that died left unsent."""

    def run_beside(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` for as long as the store is open."""


class Store(ABC):
    """Sessions, records, the ledger, the inbox and the outbox of one bot deployment."""

    @property
    def shared(self) -> bool:
        """Whether other processes may write the same database (then nothing read may be trusted
        from memory, and a chat's item holds the chat's lock: :meth:`hold`)."""
        return False

    def shared_inbox(self) -> SharedInbox | None:
        """The inbox several processes work off together, or None where one process has the store."""
        return None

    def when_lost(self, stop: Callable[[str], None]) -> None:
        """Call ``stop`` (with why) should the store go from under the bot for good (a file deleted
        or damaged); a store that cannot vanish so never calls it."""
        return

    @contextlib.asynccontextmanager
    async def hold(self, chat_id: int) -> AsyncIterator[None]:
        """The chat is this process's alone while one of its items runs (loads, commit, sends).
        A store with one writer has nothing to take."""
        yield

    def leased(self, row_id: int) -> bool:
        """Whether this process may send the outbox row now: on a database several processes
        share, whether it holds the row's lease (taken as the chat's lock went); a store with one
        process holds every row."""
        return True

    def forget_chats(self, *chat_ids: int) -> None:
        """Drop what the store remembers of these chats' sessions (their rows moved)."""
        return

    @abstractmethod
    async def close(self) -> None:
        """Flush what waits to be written and let the database go, whatever fails on the way."""

    @abstractmethod
    def language_of(self, user_id: int) -> str | None:
        """The language ``user_id`` chose with /lang, committed; None when they never chose."""

    @abstractmethod
    def remember_language(self, user_id: int, lang: str) -> None:
        """A unit that chose ``lang`` for ``user_id`` has committed: answer it from now on."""

    @abstractmethod
    def applied_recently(self, update_id: int) -> bool:
        """Whether this process committed the update (the ledger stays the authority)."""

    @abstractmethod
    def received_at(self, update_id: int) -> float:
        """When the update was received: when it was kept, for one replayed or claimed; else now."""

    @abstractmethod
    async def load(self, chat_id: int, kind: str) -> Stored | None:
        """The chat's committed session of ``kind``, or None; ``DamagedSessionError`` when its
        row is not a JSON object."""

    @abstractmethod
    async def active_kind(self, chat_id: int) -> str | None:
        """The game the chat plays now, as committed; None when it plays none."""

    @abstractmethod
    async def quarantine(self, chat_id: int, kind: str, reason: str) -> None:
        """Move the chat's session of ``kind`` that cannot be read into the quarantine table (its
        text, ``reason``, when), with its deadline and its place as the active game, at once."""

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
        unit = UnitOfWork(chat_id, update_id, self.received_at(update_id) if update_id is not None else 0.0)
        changes = dict(tallies or {})
        if user_id is not None and tally is not None:
            changes[user_id] = tally
        version = stage_save(
            unit,
            chat_id,
            kind,
            state,
            base,
            tallies=changes,
            record_kind=record_kind or kind,
            activate=activate,
            deadline=deadline,
        )
        return None if await self.commit(unit) is None else version

    @abstractmethod
    async def commit(self, unit: UnitOfWork) -> list[tuple[int, Outgoing]] | None:
        """Everything ``unit`` staged as one transaction, its update entered in the ledger first;
        its outbox rows (id, message), or None when the update was applied before (nothing
        changed). ``StaleSessionError`` or ``StoreWriteError``: nothing changed."""

    @abstractmethod
    async def keep_fetched(self, updates: Sequence[Mapping[str, Any]]) -> None:
        """Keep a fetched batch in the inbox before Telegram may forget it; ``StoreWriteError``
        when it could not be kept (then the batch must not be confirmed)."""

    @abstractmethod
    def handled(self, update_id: int) -> None:
        """The update was handled (applied, or dropped on purpose): its inbox row goes."""

    @abstractmethod
    def kept_for_later(self, update_id: int) -> None:
        """The update, said handled, is to be tried again after all: its inbox row stays (its delete
        is called off) and stays this process's, so a restart still finds it."""

    @abstractmethod
    async def inbox(self) -> list[dict[str, Any]]:
        """The updates kept and not handled before the last stop, in the order they were kept."""

    @abstractmethod
    def replayed_up_to(self) -> int:
        """The highest id replayed that Telegram may still hand out again (0: none)."""

    @abstractmethod
    def sent(self, row_id: int) -> None:
        """An outbox row went out (or was dropped for good): its row goes."""

    @abstractmethod
    async def pending_messages(self, chat_id: int | None = None) -> list[tuple[int, Outgoing]]:
        """The outbox rows not yet sent (of one chat, or all), in the order they were committed."""

    @abstractmethod
    async def forget_old_updates(self) -> None:
        """Forget the ledger's rows past the redelivery window, now."""

    @abstractmethod
    async def records(self, user_id: int) -> dict[str, Record]:
        """The player's results, by the kind they count under."""

    @abstractmethod
    async def read(self, sql: Sql, parameters: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Rows of a game's own query (its reports and boards, written in its ``store.py``)."""
