"""Every game's deadlines, kept by one service: a game stages a deadline with its session
(``Deps.save(deadline=...)``), and handles the :class:`~bot.delivery.events.TimerFired` that
comes back through the chat's line once it passes.

A deadline is a row of ``turn_deadlines`` (chat, kind, epoch seconds), committed with the item
that set it; this service only keeps the matching timer in memory: set once that item commits,
restored from the table at start (a deadline that passed while the bot was down fires at once),
and, with several processes on one database, read again every few seconds, so a deadline another
process set, or left when it died, fires here too. The chat's line puts two firings one after the
other and the game checks the stored deadline, so it applies once.

A game may ask for a reminder a few seconds before its deadlines (:meth:`Timers.remind`): the
same event with ``nudge`` set. How many seconds is the game's to say each time a timer is set,
after a restart too.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable

from bot.delivery.events import ChatEvent, TimerFired
from bot.storage import Store
from bot.storage.sql import same

log = logging.getLogger(__name__)

#: Every chat's stored deadlines (no parameters: the same words in both engines).
_DEADLINES = same("SELECT chat_id, kind, deadline FROM turn_deadlines")

#: With several processes on one database, each reads the stored deadlines again this often.
READ_AGAIN_SECONDS = 5.0
#: A reminder is set only for a deadline at least this far off (else it would come with it).
REMIND_AHEAD = 1.0

#: Seconds before each deadline of a kind that the game wants its reminder (None: no reminder).
Reminder = Callable[[], float | None]


class Timers:
    """One deadline (and its reminder) per chat and kind, as timers on the event loop; each fires
    a :class:`TimerFired` into the chat's line through ``fire``."""

    def __init__(self, fire: Callable[[ChatEvent], None], stopped: Callable[[], bool]) -> None:
        self._fire = fire
        self._stopped = stopped
        self._reminders: dict[str, Reminder] = {}
        self._set: dict[tuple[int, str], list[asyncio.TimerHandle]] = {}

    def remind(self, kind: str, before: Reminder) -> None:
        """Ask for a reminder ``before()`` seconds ahead of each deadline of ``kind``."""
        self._reminders[kind] = before

    def set(self, chat_id: int, kind: str, deadline: float | None, *, remind: bool = True) -> None:
        """The chat's timer of ``kind`` goes off at ``deadline`` (epoch seconds; at once when it
        has passed) instead of when it was to; None: it goes off no more."""
        for handle in self._set.pop((chat_id, kind), ()):
            handle.cancel()
        if deadline is None:
            return
        loop = asyncio.get_running_loop()
        now = time.time()
        handles = [loop.call_later(max(0.0, deadline - now), self._went_off, TimerFired(chat_id, kind))]
        before = self._reminders[kind]() if remind and kind in self._reminders else None
        if before is not None and deadline > now + REMIND_AHEAD:
            nudge = TimerFired(chat_id, kind, nudge=True)
            handles.append(loop.call_later(max(0.0, deadline - before - now), self._went_off, nudge))
        self._set[(chat_id, kind)] = handles

    def cancel_chat(self, chat_id: int) -> int:
        """The chat's timers of every kind go off no more; how many there were."""
        keys = [key for key in self._set if key[0] == chat_id]
        for key in keys:
            for handle in self._set.pop(key):
                handle.cancel()
        return len(keys)

    def pending(self, chat_id: int, kind: str, *, nudge: bool = False) -> bool:
        """Whether the chat's deadline (``nudge``: its reminder) of ``kind`` is still to go off."""
        handles = self._set.get((chat_id, kind), [])
        index = 1 if nudge else 0
        return len(handles) > index and not handles[index].cancelled()

    def _went_off(self, event: TimerFired) -> None:
        handles = self._set.get((event.chat_id, event.kind), [])
        for handle in handles:
            if handle.when() <= asyncio.get_running_loop().time():
                handle.cancel()  # gone off: no longer pending
        if not self._stopped():
            self._fire(event)

    async def restore(self, store: Store) -> None:
        """Every stored deadline, as the table has it now."""
        rows = await store.read(_DEADLINES)
        now = time.time()
        for chat_id, kind, deadline in rows:
            self.set(int(chat_id), str(kind), max(float(deadline), now))

    async def read_again(self, store: Store) -> None:
        """With several processes on one database: the stored deadlines again and again, until the
        bot stops (the database away for a while: the next round tries again)."""
        while not self._stopped():
            await asyncio.sleep(READ_AGAIN_SECONDS)
            if self._stopped():
                return
            try:
                await self.restore(store)
            except Exception as error:
                log.warning("could not read the stored deadlines again: %s", error)

    def stop(self) -> None:
        """The bot stops: no timer goes off any more."""
        for handles in self._set.values():
            for handle in handles:
                with contextlib.suppress(Exception):
                    handle.cancel()
        self._set.clear()
