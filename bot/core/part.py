"""One part of what the bot builds at start (``bot.core.solvers.start_solvers``): readers wait for it
(a handler awaits it), and a failed build raises where it is read rather than leaving them waiting
for ever."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections.abc import Callable
from typing import Generic, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")


class Part(Generic[T]):
    """One of the solvers, built once by the start-up build; reading it before it is built
    waits until it is (and raises if the build failed, rather than waiting for ever). A handler
    awaits it (:meth:`wait`), so the event loop answers other chats meanwhile."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._done = threading.Event()
        self._value: T | None = None
        self._error: BaseException | None = None
        self._lock = threading.Lock()  # a waiter added as the build ends is still woken
        self._waiters: list[Callable[[], None]] = []
        self.wanted = False  # a reader has waited for it: the build runs its step next (Step.builds)

    @classmethod
    def built(cls, name: str, value: T) -> Part[T]:
        part: Part[T] = cls(name)
        part.set(value)
        return part

    def set(self, value: T) -> None:
        self._value = value
        self._finish()

    def fail(self, error: BaseException) -> None:
        self._error = error
        self._finish()

    def _finish(self) -> None:
        with self._lock:
            self._done.set()
            waiters, self._waiters = self._waiters, []
        for wake in waiters:
            wake()

    def ready(self) -> bool:
        """Whether it is built (or its build failed): reading it now does not wait."""
        return self._done.is_set()

    async def wait(self) -> T:
        """The part, awaited on the event loop: built, or its build failed (raises). The build
        runs its step next (Step.builds), while the loop answers other chats."""
        if not self._done.is_set():
            loop = asyncio.get_running_loop()
            built: asyncio.Future[None] = loop.create_future()

            def done() -> None:  # on the loop
                if not built.done():  # not given up (cancelled) meanwhile
                    built.set_result(None)

            def wake() -> None:  # in the build's thread
                with contextlib.suppress(RuntimeError):  # the loop closed meanwhile: no one waits
                    loop.call_soon_threadsafe(done)

            with self._lock:
                if self._done.is_set():
                    built.set_result(None)
                else:
                    self._waiters.append(wake)
                    self.wanted = True
            started = time.perf_counter()
            await built
            log.info("awaited %.0f ms for the %s tables", 1000 * (time.perf_counter() - started), self.name)
        return self.get()

    def get(self) -> T:
        if not self._done.is_set():
            started = time.perf_counter()
            self.wanted = True
            self._done.wait()
            log.info("waited %.0f ms for the %s tables", 1000 * (time.perf_counter() - started), self.name)
        if self._error is not None or self._value is None:
            raise RuntimeError(f"the {self.name} tables could not be built") from self._error
        return self._value
