"""Game sessions and players' records in one SQLite file, through aiosqlite.

A session is one JSON document per chat and game kind with a version number:
a save names the version it was loaded at, so a save that raced another one
fails loudly instead of silently overwriting a move. Every save (with the
record changes it brings) is one committed transaction, made before the reply.

Each query is one trip to aiosqlite's thread (``execute_fetchall``, ``RETURNING``
for the new version): under load every trip is a wake-up of the event loop, and
a save used to take five of them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite

SCHEMA_VERSION = 2

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

#: What each schema version adds; a file at version n runs the scripts above n.
_MIGRATIONS = {1: _SCHEMA_V1, 2: _SCHEMA_V2}


class _Keep:
    """The default of ``Store.save(deadline=...)``: leave the stored deadline as it is."""


KEEP = _Keep()


class StaleSessionError(RuntimeError):
    """The session changed since it was loaded: the save is refused."""


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

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    @classmethod
    async def open(cls, path: Path) -> Store:
        path.parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(path)
        await db.execute("PRAGMA journal_mode=WAL")
        await db.execute("PRAGMA synchronous=NORMAL")
        async with db.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        version = int(row[0]) if row else 0
        if version > SCHEMA_VERSION:
            await db.close()
            raise RuntimeError(f"{path} was written by a newer bot (schema {version} > {SCHEMA_VERSION})")
        if version < SCHEMA_VERSION:
            for step in range(version + 1, SCHEMA_VERSION + 1):
                await db.executescript(_MIGRATIONS[step])
            await db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
            await db.commit()
        return cls(db)

    async def close(self) -> None:
        await self._db.close()

    async def load(self, chat_id: int, kind: str) -> Stored | None:
        sql = "SELECT state, version FROM sessions WHERE chat_id = ? AND kind = ?"
        rows = list(await self._db.execute_fetchall(sql, (chat_id, kind)))
        return Stored(json.loads(rows[0][0]), int(rows[0][1])) if rows else None

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
        None clears it), in one transaction. Records count under ``record_kind``
        when given (a game kind sharing its session with another), else ``kind``."""
        text = json.dumps(state, ensure_ascii=False)
        try:
            if loaded_version is None:
                saved = await self._db.execute_fetchall(
                    "INSERT INTO sessions (chat_id, kind, state, version) VALUES (?, ?, ?, 1) "
                    "ON CONFLICT (chat_id, kind) DO UPDATE SET state = excluded.state, version = version + 1 "
                    "RETURNING version",
                    (chat_id, kind, text),
                )
            else:
                saved = await self._db.execute_fetchall(
                    "UPDATE sessions SET state = ?, version = version + 1 "
                    "WHERE chat_id = ? AND kind = ? AND version = ? RETURNING version",
                    (text, chat_id, kind, loaded_version),
                )
            versions = [int(row[0]) for row in saved]
            if len(versions) != 1:
                raise StaleSessionError(f"chat {chat_id}: {kind} session changed since version {loaded_version}")
            if activate:
                await self._db.execute(
                    "INSERT INTO chats (chat_id, active_kind) VALUES (?, ?) "
                    "ON CONFLICT (chat_id) DO UPDATE SET active_kind = excluded.active_kind",
                    (chat_id, kind),
                )
            if user_id is not None and tally is not None:
                await self._add(user_id, record_kind or kind, tally)
            for player, change in (tallies or {}).items():
                await self._add(player, record_kind or kind, change)
            if deadline is None:
                await self._db.execute("DELETE FROM turn_deadlines WHERE chat_id = ? AND kind = ?", (chat_id, kind))
            elif not isinstance(deadline, _Keep):
                await self._db.execute(
                    "INSERT INTO turn_deadlines (chat_id, kind, deadline) VALUES (?, ?, ?) "
                    "ON CONFLICT (chat_id, kind) DO UPDATE SET deadline = excluded.deadline",
                    (chat_id, kind, deadline),
                )
            await self._db.commit()
        except BaseException:
            await self._db.rollback()
            raise
        return versions[0]

    async def tally(self, user_id: int, kind: str, tally: Tally) -> None:
        await self._add(user_id, kind, tally)
        await self._db.commit()

    async def _add(self, user_id: int, kind: str, tally: Tally) -> None:
        await self._db.execute(
            "INSERT INTO records (user_id, kind, played, won, lost, hints, draws) VALUES (?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (user_id, kind) DO UPDATE SET played = played + excluded.played, "
            "won = won + excluded.won, lost = lost + excluded.lost, hints = hints + excluded.hints, "
            "draws = draws + excluded.draws",
            (user_id, kind, tally.played, tally.won, tally.lost, tally.hints, tally.draws),
        )

    async def active_kind(self, chat_id: int) -> str | None:
        rows = list(await self._db.execute_fetchall("SELECT active_kind FROM chats WHERE chat_id = ?", (chat_id,)))
        return str(rows[0][0]) if rows else None

    async def records(self, user_id: int) -> dict[str, Record]:
        sql = "SELECT kind, played, won, lost, hints, draws FROM records WHERE user_id = ?"
        rows = await self._db.execute_fetchall(sql, (user_id,))
        return {str(kind): Record(int(p), int(w), int(lo), int(h), int(d)) for kind, p, w, lo, h, d in rows}

    async def deadlines(self, kind: str) -> list[tuple[int, float]]:
        """Every chat's pending turn deadline of ``kind``: what a restart restores."""
        sql = "SELECT chat_id, deadline FROM turn_deadlines WHERE kind = ?"
        rows = await self._db.execute_fetchall(sql, (kind,))
        return [(int(chat_id), float(deadline)) for chat_id, deadline in rows]
