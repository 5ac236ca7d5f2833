"""Opening the store: which engine a setting names. Apart from the interface so that neither engine
is imported by what both implement."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.storage.interface import CONNECTIONS, POSTGRES_SCHEMES, Store
from bot.storage.store import SqliteStore


async def open_store(
    where: Path | str, *, connections: int = CONNECTIONS, when_lost: Callable[[], None] | None = None, **options: Any
) -> Store:
    """Open the store ``where`` names: a ``postgresql://`` URL (with a pool of ``connections``),
    or a SQLite file's path; ``when_lost``: what stops the bot when its file is gone (a file can
    vanish; a server cannot)."""
    if isinstance(where, str) and where.startswith(POSTGRES_SCHEMES):
        # Imported only when asked for: a SQLite bot never loads the PostgreSQL driver.
        from bot.storage.postgres import PostgresStore

        return await PostgresStore.connect(where, connections=connections, **options)
    store = await SqliteStore.open_file(Path(where), **options)
    if when_lost is not None:
        store.when_lost = lambda why: when_lost()
    return store
