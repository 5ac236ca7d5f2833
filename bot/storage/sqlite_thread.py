"""A SQLite connection on a thread of its own, so that the event loop never waits on the disk.

The store's writing connection runs a whole unit's transaction (the ledger's check, the
statements, the outbox rows, the inbox's deletes) as one function on this thread, in one trip:
each trip hands the GIL to the thread and back, and a busy bot waits on trips, not on SQLite.
Calls run one at a time, in the order they were made, as on one connection they must.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from queue import SimpleQueue
from typing import Any, TypeVar

R = TypeVar("R")

_Call = tuple["asyncio.Future[Any]", Callable[[], Any]]


def _settle(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    """On the event loop: the call's outcome, unless its awaiter gave up (a cancelled item)."""
    if future.done():
        return
    if error is None:
        future.set_result(result)
    else:
        future.set_exception(error)


class SqliteThread:
    """One ``sqlite3`` connection, made and used on one thread of its own."""

    def __init__(self) -> None:
        self._calls: SimpleQueue[_Call | None] = SimpleQueue()
        self._thread = threading.Thread(target=self._serve, name="sqlite", daemon=True)
        self._connection: sqlite3.Connection | None = None

    @classmethod
    async def connect(cls, path: Path, *, timeout: float) -> SqliteThread:
        """Open ``path`` in autocommit (transactions are explicit); ``timeout``: how long a write
        waits for another connection's lock."""
        worker = cls()
        worker._thread.start()
        try:
            worker._connection = await worker._call(
                functools.partial(sqlite3.connect, path, isolation_level=None, timeout=timeout)
            )
        except BaseException:
            worker._calls.put(None)
            raise
        return worker

    def _serve(self) -> None:
        while (call := self._calls.get()) is not None:
            future, work = call
            try:
                result, error = work(), None
            except BaseException as failed:
                result, error = None, failed
            with contextlib.suppress(RuntimeError):  # the event loop closed meanwhile: nobody waits
                future.get_loop().call_soon_threadsafe(_settle, future, result, error)

    async def _call(self, work: Callable[[], R]) -> R:
        future: asyncio.Future[R] = asyncio.get_running_loop().create_future()
        self._calls.put((future, work))
        return await future

    @property
    def _open(self) -> sqlite3.Connection:
        if self._connection is None:
            raise ValueError("the connection is closed")
        return self._connection

    async def run(self, work: Callable[..., R], *args: Any) -> R:
        """``work(connection, *args)`` on the thread, in one trip."""
        return await self._call(functools.partial(work, self._open, *args))

    async def execute_fetchall(self, sql: str, parameters: tuple[Any, ...] = ()) -> list[Any]:
        """The rows of one statement."""
        return await self.run(lambda connection: connection.execute(sql, parameters).fetchall())

    async def executescript(self, script: str) -> None:
        """Several statements, as SQLite's ``executescript`` runs them."""
        await self.run(lambda connection: connection.executescript(script))

    async def close(self) -> None:
        """Close the connection, then end the thread (calls made after this fail)."""
        if self._connection is None:
            return
        connection, self._connection = self._connection, None
        try:
            await self._call(connection.close)
        finally:
            self._calls.put(None)
