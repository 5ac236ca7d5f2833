"""The timer service on its own: one timer per chat and kind, a reminder when the game asks for
one, every stored deadline restored from a real SQLite store, nothing fired once the bot stops."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from bot.delivery.events import ChatEvent, TimerFired
from bot.delivery.timers import Timers
from bot.storage import open_store
from bot.storage.sessions import change_statements
from bot.storage.unit_of_work import UnitOfWork


def collecting() -> tuple[list[ChatEvent], Timers]:
    fired: list[ChatEvent] = []
    return fired, Timers(fired.append, lambda: False)


async def test_a_newer_deadline_replaces_the_older_and_none_cancels() -> None:
    fired, timers = collecting()
    timers.set(1, "group", time.time() + 0.05)
    timers.set(1, "group", time.time() + 0.15)  # a move: the turn's new deadline
    timers.set(2, "group", time.time() + 0.05)
    timers.set(2, "group", None)  # the game ended
    await asyncio.sleep(0.1)
    assert fired == [] and timers.pending(1, "group") and not timers.pending(2, "group")
    await asyncio.sleep(0.15)
    assert fired == [TimerFired(1, "group")] and not timers.pending(1, "group")


async def test_a_reminder_comes_first_when_the_game_asks_for_one() -> None:
    fired, timers = collecting()
    lead: list[float | None] = [0.1]
    timers.remind("group", lambda: lead[0])
    timers.set(1, "group", time.time() + 1.15)
    timers.set(2, "other", time.time() + 1.15)  # a kind that asked for none
    assert timers.pending(1, "group", nudge=True) and not timers.pending(2, "other", nudge=True)
    lead[0] = None  # the game's setting changed: the next deadline gets no reminder
    timers.set(3, "group", time.time() + 1.15)
    assert not timers.pending(3, "group", nudge=True)
    await asyncio.sleep(1.1)
    assert fired == [TimerFired(1, "group", nudge=True)]
    timers.stop()


async def test_stored_deadlines_are_restored_and_past_ones_fire_at_once(tmp_path: Path) -> None:
    store = await open_store(tmp_path / "bot.sqlite3")
    try:
        unit = UnitOfWork(-7)
        for chat_id, deadline in ((-7, 1.0), (-8, time.time() + 60)):
            unit.statements += change_statements(chat_id, "group", tallies={}, record_kind="group", deadline=deadline)
        assert await store.commit(unit) is not None
        fired, timers = collecting()
        await timers.restore(store)
        await asyncio.sleep(0.05)
        assert fired == [TimerFired(-7, "group")] and timers.pending(-8, "group")
        assert timers.cancel_chat(-8) == 1 and not timers.pending(-8, "group")
    finally:
        await store.close()


async def test_nothing_fires_once_the_bot_stops() -> None:
    fired: list[ChatEvent] = []
    stopped = [False]
    timers = Timers(fired.append, lambda: stopped[0])
    timers.set(1, "group", time.time() + 0.05)
    stopped[0] = True
    await asyncio.sleep(0.1)
    assert fired == []
