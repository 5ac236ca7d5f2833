"""Chat locks: one chat's updates one at a time, and no lock kept for every chat ever seen."""

from __future__ import annotations

import asyncio

from bot.locks import ChatLocks


async def test_idle_locks_are_forgotten_and_busy_ones_kept() -> None:
    locks = ChatLocks(keep=100)
    busy = locks[-1]
    async with busy:
        for chat_id in range(100_000):
            async with locks[chat_id]:
                pass
        assert len(locks) <= 200
        assert locks[-1] is busy  # held while the sweeps ran: kept


async def test_a_lock_passing_to_its_waiter_is_not_forgotten() -> None:
    """While a released lock is handed to the next waiter, ``locked()`` is false for a moment;
    a sweep then must keep it, or a third update would get a fresh lock and run alongside."""
    locks = ChatLocks(keep=1)
    lock = locks[7]
    await lock.acquire()
    waiting = asyncio.create_task(lock.acquire())
    await asyncio.sleep(0)  # the second update now waits for the lock
    lock.release()  # handed on, but the waiter has not run yet
    assert locks[8] is not None  # a new chat: a sweep runs now
    assert locks[7] is lock
    await waiting
    lock.release()
