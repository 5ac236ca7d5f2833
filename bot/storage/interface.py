"""What the rest of the bot asks of a store, whichever database is under it.

Two engines implement it side by side: :class:`bot.storage.store.SqliteStore` (one file, one
process, the default) and :class:`bot.storage.postgres.PostgresStore` (a server shared by any
number of bot processes, selected by ``DATABASE_URL=postgresql://…``). Both commit a unit of work
as one transaction whose first statement enters the update in the idempotency ledger, keep the
inbox and the outbox as tables, and take their schema from the same versioned scripts
(:mod:`bot.storage.schema`).
"""

from __future__ import annotations

import contextlib
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Mapping, Sequence
from typing import Any

from bot.storage.sessions import KEEP, Record, Stored, Tally, _Keep, stage_save
from bot.storage.unit_of_work import Outgoing, UnitOfWork

#: URLs that select PostgreSQL; anything else is a path to a SQLite file.
POSTGRES_SCHEMES = ("postgresql://", "postgres://")
#: A PostgreSQL process's pooled connections by default (``DATABASE_CONNECTIONS``). An item holds
#: one from taking its chat's lock until its messages are sent (only the lock holder may send a
#: chat's messages), so the pool bounds the chats at work: about pool / send time items a second.
#: More is not faster when the machine's cores are the limit: at 1,000 chats and 330 updates a second on 2 cores, 64
#: connections let a burst put 64 server processes to work at once, and the bot fell behind for
#: up to a second (p99 100-340 ms in half the runs); 32 kept p99 at 46-61 ms in four runs, and
#: 200 chats flat out ran at 511 updates/s against 489 with 64 (bench_bot_load.py). With two more
#: of its own (announcements, the poller's lock), three processes need ``max_connections`` of
#: about 100 (docker-compose.yml sets 250).
CONNECTIONS = 32


class StoreWriteError(RuntimeError):
    """The database refused a save (a full, read-only or failing disk; a server away or shutting
    down), or another process held the SQLite file's write lock too long; nothing was changed, and
    a later save will work once the database does."""


class Store(ABC):
    """Sessions, records, the ledger, the inbox and the outbox of one bot deployment."""

    @property
    def shared(self) -> bool:
        """Whether other processes may write the same database (then nothing read may be trusted
        from memory, and a chat's item holds the chat's lock: :meth:`hold`)."""
        return False

    @contextlib.asynccontextmanager
    async def hold(self, chat_id: int) -> AsyncIterator[None]:
        """The chat is this process's alone while one of its items runs (loads, commit, sends).
        A store with one writer has nothing to take."""
        yield

    def forget_chats(self, *chat_ids: int) -> None:
        """Drop what the store remembers of these chats' sessions (their rows moved)."""
        return

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    def language_of(self, user_id: int) -> str | None: ...

    @abstractmethod
    def remember_language(self, user_id: int, lang: str) -> None: ...

    @abstractmethod
    def applied_recently(self, update_id: int) -> bool: ...

    @abstractmethod
    def received_at(self, update_id: int) -> float: ...

    @abstractmethod
    async def load(self, chat_id: int, kind: str) -> Stored | None: ...

    @abstractmethod
    async def active_kind(self, chat_id: int) -> str | None: ...

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
    async def commit(self, unit: UnitOfWork) -> list[tuple[int, Outgoing]] | None: ...

    @abstractmethod
    async def keep_fetched(self, updates: Sequence[Mapping[str, Any]]) -> None: ...

    @abstractmethod
    def handled(self, update_id: int) -> None: ...

    @abstractmethod
    async def inbox(self) -> list[dict[str, Any]]: ...

    @abstractmethod
    def replayed_up_to(self) -> int: ...

    @abstractmethod
    def sent(self, row_id: int) -> None: ...

    @abstractmethod
    async def pending_messages(self, chat_id: int | None = None) -> list[tuple[int, Outgoing]]: ...

    @property
    @abstractmethod
    def writes_failing(self) -> bool: ...

    @abstractmethod
    async def make_room(self) -> bool: ...

    @abstractmethod
    async def forget_old_updates(self) -> None: ...

    @abstractmethod
    async def records(self, user_id: int) -> dict[str, Record]: ...

    @abstractmethod
    async def read(self, sql: str, parameters: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]: ...
