"""One part of what the bot builds at start (``bot.core.solvers.start_solvers``): readers wait for it,
and a failed build raises where it is read rather than leaving them waiting for ever."""

from __future__ import annotations

import logging
import threading
import time
from typing import Generic, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")


class Part(Generic[T]):
    """One of the solvers, built once by the start-up build; reading it before it is built
    waits until it is (and raises if the build failed, rather than waiting for ever)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._done = threading.Event()
        self._value: T | None = None
        self._error: BaseException | None = None
        self.wanted = False  # a reader has waited for it: the build runs its step next (Step.builds)

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
            self.wanted = True
            self._done.wait()
            log.info("waited %.0f ms for the %s tables", 1000 * (time.perf_counter() - started), self.name)
        if self._error is not None or self._value is None:
            raise RuntimeError(f"the {self.name} tables could not be built") from self._error
        return self._value
