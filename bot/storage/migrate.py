"""``python -m bot migrate-to URL``: move a SQLite file's data into an empty PostgreSQL database.

The bot must be stopped: the file is opened as a store (which takes its lock, so a running bot is
refused, and brings an older file to the current schema), and the server's tables are created by
the same migrations a bot connecting to it runs. Every row of every table then goes over in one
transaction, so the move is all or nothing; a database that already holds sessions or updates is
refused, so nothing is mixed or overwritten. Pending updates and unsent messages move too: the
first process started on the server replays and sends them.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import asyncpg

from bot.storage.postgres import migrate
from bot.storage.schema import StoreUnavailableError
from bot.storage.sql import Sql
from bot.storage.store import SqliteStore

log = logging.getLogger(__name__)


async def migrate_to(path: Path, url: str, tables: Sequence[Sql] = ()) -> dict[str, int]:
    """Copy every table of the SQLite file at ``path`` into the PostgreSQL database at ``url``
    (``tables``: the games' own tables' scripts, made on both sides first); the rows copied, by
    table. ``StoreUnavailableError`` when either cannot be used."""
    if not path.exists():
        raise StoreUnavailableError(f"no database file at {path} (DATABASE_PATH)")
    source = await SqliteStore.open_file(path, tables=tables)
    try:
        try:
            connection = await asyncpg.connect(url)
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
            raise StoreUnavailableError(f"cannot connect to the database: {error}") from None
        try:
            async with connection.transaction():
                await migrate(connection, time.time(), tables)  # the tables, as a bot connecting would make them
                names = await _tables_of(source)
                await _refuse_unless_empty(connection, names)
                return {table: await _copy(source, connection, table) for table in names}
        finally:
            await connection.close()
    finally:
        await source.close()


async def _tables_of(source: SqliteStore) -> list[str]:
    """Every table of the file, the shared ones and the games' own (SQLite's own bookkeeping aside)."""
    rows = await source.query(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
    )
    return [str(name) for (name,) in rows]


async def _refuse_unless_empty(connection: asyncpg.Connection[Any], tables: Sequence[str]) -> None:
    for table in tables:
        if await connection.fetchval(f"SELECT EXISTS (SELECT 1 FROM {table})"):
            raise StoreUnavailableError(f"the PostgreSQL database already has rows in {table}: move into an empty one")


async def _copy(source: SqliteStore, connection: asyncpg.Connection[Any], table: str) -> int:
    """One table's rows, with each value as the server's column type wants it (SQLite keeps a
    whole-number time as an integer)."""
    columns = [str(row[1]) for row in await source.query(f"PRAGMA table_info({table})")]
    kinds = dict(
        await connection.fetch(
            "SELECT column_name, data_type FROM information_schema.columns WHERE table_name = $1", table
        )
    )
    floats = [kinds.get(column) == "double precision" for column in columns]
    rows = await source.query(f"SELECT {', '.join(columns)} FROM {table}")
    records = [tuple(float(v) if f and v is not None else v for v, f in zip(row, floats, strict=True)) for row in rows]
    if records:
        await connection.copy_records_to_table(table, records=records, columns=columns)
    if table == "outbox":  # new rows number on from the copied ones
        following = "(SELECT COALESCE(max(id), 0) + 1 FROM outbox)"
        await connection.execute(f"SELECT setval(pg_get_serial_sequence('outbox', 'id'), {following}, false)")
    log.info("copied %d rows of %s", len(records), table)
    return len(records)
