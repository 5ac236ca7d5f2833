"""One part of what the bot builds at start (``bot.core.solvers.start_solvers``): readers wait for it,
and a failed build raises where it is read rather than leaving them waiting for ever."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Generic, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")


class Waiting:
    """How many readers wait now for the parts of one build: the build never steps aside for
    replies while someone waits for it (bot.core.solvers.GiveWay). Readers on the event loop (or any
    thread) change it and the build's thread reads it, so each change holds a lock."""

    def __init__(self) -> None:
        self._count = 0
        self._lock = threading.Lock()

    @property
    def count(self) -> int:
        return self._count

    @contextmanager
    def one(self) -> Iterator[None]:
        """One reader waits while inside."""
        with self._lock:
            self._count += 1
        try:
            yield
        finally:
            with self._lock:
                self._count -= 1


class Part(Generic[T]):
    """One of the solvers, built once by the start-up build; reading it before it is built
    waits until it is (and raises if the build failed, rather than waiting for ever). The parts
    of one build share their ``waiting`` count."""

    def __init__(self, name: str, waiting: Waiting | None = None) -> None:
        self.name = name
        self.waiting = waiting or Waiting()
        self._done = threading.Event()
        self._value: T | None = None
        self._error: BaseException | None = None

    @classmethod
    def built(cls, name: str, value: T) -> Part[T]:
        part: Part[T] = cls(name)
        part.set(value)
        return part

    def set(self, value: T) -> None:
        self._value = value
        self._done.set()

    def fail(self, error: BaseException) -> None:
        self._error = error
        self._done.set()

    def ready(self) -> bool:
        """Whether it is built (or its build failed): reading it now does not wait."""
        return self._done.is_set()

    def get(self) -> T:
        if not self._done.is_set():
            started = time.perf_counter()
            with self.waiting.one():
                self._done.wait()
            log.info("waited %.0f ms for the %s tables", 1000 * (time.perf_counter() - started), self.name)
        if self._error is not None or self._value is None:
            raise RuntimeError(f"the {self.name} tables could not be built") from self._error
        return self._value
