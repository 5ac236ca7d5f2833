"""Opening the store: which engine a setting names. Apart from the interface so that neither engine
is imported by what both implement."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.storage.interface import CONNECTIONS, POSTGRES_SCHEMES, Store
from bot.storage.store import SqliteStore


async def open_store(
    where: Path | str,
    *,
    connections: int = CONNECTIONS,
    when_lost: Callable[[], None] | None = None,
    marker: Path | None = None,
    fresh: bool = False,
    **options: Any,
) -> Store:
    """Open the store ``where`` names: a ``postgresql://`` URL (with a pool of ``connections``,
    noted in the ``marker`` file), or a SQLite file's path (noted in the marker beside it). A
    store a marker names that is missing is refused, unless ``fresh`` (:mod:`bot.storage.marker`).
    ``when_lost``: what stops the bot should the store go from under it (a file can vanish; a
    server cannot)."""
    store: Store
    if isinstance(where, str) and where.startswith(POSTGRES_SCHEMES):
        # Imported only when asked for: a SQLite bot never loads the PostgreSQL driver.
        from bot.storage.postgres import PostgresStore

        store = await PostgresStore.connect(where, connections=connections, marker=marker, fresh=fresh, **options)
    else:
        store = await SqliteStore.open_file(Path(where), fresh=fresh, **options)
    if when_lost is not None:
        store.when_lost(lambda why: when_lost())
    return store
