"""One lock per chat, so a chat's updates apply one at a time, without keeping a lock for
every chat ever seen (a ``defaultdict(asyncio.Lock)`` grew by one per chat for ever).

A lock that nobody holds or waits for is forgotten at the next sweep. Each lock counts
its holder and waiters itself (``locked()`` alone is false for a moment while a released
lock passes to its next waiter); and ``async with locks[chat]`` takes a free lock
without yielding to the event loop, so no sweep can come between the two.
"""

from __future__ import annotations

import asyncio
from typing import Literal


class _CountedLock(asyncio.Lock):
    """A lock that knows how many tasks hold it or wait for it."""

    def __init__(self) -> None:
        super().__init__()
        self.users = 0

    async def acquire(self) -> Literal[True]:
        self.users += 1
        try:
            return await super().acquire()
        except BaseException:
            self.users -= 1
            raise

    def release(self) -> None:
        super().release()
        self.users -= 1


class ChatLocks:
    """``locks[chat_id]`` is that chat's lock; idle locks are dropped once there are many."""

    def __init__(self, keep: int = 1_000) -> None:
        self._locks: dict[int, _CountedLock] = {}
        self._keep = keep
        self._sweep_above = keep

    def __getitem__(self, chat_id: int) -> asyncio.Lock:
        lock = self._locks.get(chat_id)
        if lock is None:
            if len(self._locks) >= self._sweep_above:
                self._sweep()
            lock = self._locks[chat_id] = _CountedLock()
        return lock

    def __len__(self) -> int:
        return len(self._locks)

    def _sweep(self) -> None:
        """Drop the idle locks; the next sweep comes when the busy ones have doubled, so the
        cost per new chat stays constant however many chats are busy at once."""
        self._locks = {chat: lock for chat, lock in self._locks.items() if lock.users}
        self._sweep_above = max(self._keep, 2 * len(self._locks))
