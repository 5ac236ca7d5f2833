"""One serial line per chat: a chat's updates, timers and receipts are handled one at a time,
while different chats run in parallel.

python-telegram-bot starts a task per update and asks its update processor to run it. This
processor files each item in its chat's line *before* it takes one of the shared slots, so a
chat with a hundred items waiting holds one slot, not a hundred, and flood control drops a
flooding user's updates before they are filed at all. A chat's Telegram updates run in
``update_id`` order (a webhook may POST them out of order); the bot's own events in the order
they came.

Once its turn has come, an item is run by :class:`bot.delivery.runtime.ChatRuntime` as a
:class:`~bot.storage.unit_of_work.UnitOfWork`: the handlers stage what it changes and sends, and
it is committed in one transaction whose first statement is the exactly-once check (the update's
id entered in the ledger), and the chat's committed messages (the outbox) are sent before the
chat's next item starts::

    Telegram ──▶ inbox (kept) ──▶ chat's line ──▶ handlers stage ──▶ one transaction ──▶ outbox sends
                                  (one at a time)   (unit of work)    ledger gate + state     (after commit,
                                                                      + messages             again after a crash)
"""

from __future__ import annotations

import asyncio
import inspect
import itertools
import logging
import threading
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from telegram import Update
from telegram.ext import BaseUpdateProcessor

from bot.delivery.events import ChatEvent

log = logging.getLogger(__name__)


def chat_of(item: object) -> int | None:
    """The chat whose line an item belongs to (None: it belongs to none and is skipped)."""
    if isinstance(item, ChatEvent):
        return item.chat_id
    if isinstance(item, Update) and item.effective_chat is not None:
        return item.effective_chat.id
    if isinstance(item, Update) and item.inline_query is not None:
        return item.inline_query.from_user.id  # no chat: the sender's private chat has the same id
    if isinstance(item, Update) and item.callback_query is not None:
        return item.callback_query.from_user.id  # a press under an inline-mode message: likewise, so it is answered
    return None


@dataclass(eq=False)
class _Ticket:
    seq: int
    update_id: int | None
    turn: asyncio.Future[None] | None = None


@dataclass
class _Line:
    """A chat's items: the one running and those waiting."""

    running: _Ticket | None = None
    waiting: list[_Ticket] = field(default_factory=list)

    def next(self) -> _Ticket:
        """The first to come, except that of Telegram's updates the lowest id goes first."""
        first = min(self.waiting, key=lambda ticket: ticket.seq)
        if first.update_id is not None:
            first = min(
                (ticket for ticket in self.waiting if ticket.update_id is not None),
                key=lambda ticket: ticket.update_id or 0,
            )
        return first


class Runner(Protocol):
    """What runs a chat's items (:class:`bot.delivery.runtime.ChatRuntime`)."""

    async def run(self, chat_id: int, item: object, handlers: Awaitable[Any]) -> None:
        """Hold the chat, run the item's handlers as one unit, commit it, send the chat's messages."""
        ...

    def dropped(self, item: object) -> None:
        """An item filed in no line (flood control, no chat): an update leaves the inbox."""
        ...


class Admission(Protocol):
    """Flood control at the door of the chats' lines: whether an item may be filed at all."""

    def admits(self, item: object) -> bool: ...


class AdmitAll:
    """No flood control: every item is filed."""

    def admits(self, item: object) -> bool:
        return True


class InHand:
    """How many items the chats' lines hold now (waiting for their turn or running), counted on the
    event loop and readable from any thread: the start-up build (``bot.core.solvers``) gives way to
    players while there are any, so a reply right after the start does not share the interpreter
    with a build step."""

    def __init__(self) -> None:
        self._count = 0
        self._none = threading.Event()
        self._none.set()

    def enter(self) -> None:
        self._count += 1
        self._none.clear()

    def leave(self) -> None:
        self._count -= 1
        if self._count == 0:
            self._none.set()

    def wait_for_none(self, timeout: float) -> bool:
        """Whether the lines held no item within ``timeout`` seconds (called from another thread)."""
        return self._none.wait(timeout)


class ChatQueues(BaseUpdateProcessor):
    """The application's update processor: a serial line per chat, up to ``running`` chats at once;
    ``runner`` runs each item once its turn has come, ``admission`` decides which are filed at all.

    python-telegram-bot's own bound (``max_concurrent_updates``, taken before an item reaches
    :meth:`do_process_update`) counts the items filed, waiting or running: it caps memory, and
    flood control keeps any one user far below it. ``running`` counts the chats actually working,
    taken only once an item's turn has come."""

    def __init__(
        self, running: int, runner: Runner, admission: Admission, filed: int = 4096, in_hand: InHand | None = None
    ) -> None:
        super().__init__(filed)
        self.in_hand = in_hand if in_hand is not None else InHand()
        self._running = asyncio.BoundedSemaphore(running)
        self._runner = runner
        self._lines: dict[int, _Line] = {}
        self._seq = itertools.count()
        self.admission = admission
        self.on_done: list[Callable[[object], None]] = []  # told once an item is fully handled (the console)

    async def initialize(self) -> None:
        pass

    async def shutdown(self) -> None:
        pass

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        """File the item in its chat's line, wait for its turn, then run it."""
        chat_id = chat_of(update)
        self.in_hand.enter()
        try:
            if chat_id is None or not self.admission.admits(update):
                if chat_id is None:
                    _skip_chatless(update)
                self._runner.dropped(update)  # dropped on purpose: an update leaves the inbox
                return
            await self._in_line(chat_id, update, coroutine)
        finally:
            if inspect.iscoroutine(coroutine) and inspect.getcoroutinestate(coroutine) == inspect.CORO_CREATED:
                coroutine.close()  # never run: skipped, throttled or cancelled while waiting
            self.in_hand.leave()
            for done in self.on_done:
                done(update)

    async def _in_line(self, chat_id: int, update: object, coroutine: Awaitable[Any]) -> None:
        line = self._lines.setdefault(chat_id, _Line())
        update_id = update.update_id if isinstance(update, Update) else None
        ticket = _Ticket(next(self._seq), update_id)
        if line.running is None and not line.waiting:
            line.running = ticket
        else:
            ticket.turn = asyncio.get_running_loop().create_future()
            line.waiting.append(ticket)
        try:
            if line.running is not ticket:
                assert ticket.turn is not None
                await ticket.turn
            async with self._running:
                await self._runner.run(chat_id, update, coroutine)
        finally:
            self._leave(chat_id, line, ticket)

    def _leave(self, chat_id: int, line: _Line, ticket: _Ticket) -> None:
        if line.running is ticket:
            line.running = None
            if line.waiting:
                line.running = line.next()
                line.waiting.remove(line.running)
                assert line.running.turn is not None
                if not line.running.turn.done():
                    line.running.turn.set_result(None)
        elif ticket in line.waiting:  # cancelled while waiting
            line.waiting.remove(ticket)
        if line.running is None and not line.waiting:
            self._lines.pop(chat_id, None)


def _skip_chatless(update: object) -> None:
    """An update that belongs to no chat (the bot asks for none such): one line, then nothing."""
    if isinstance(update, Update):
        kinds = sorted(key for key, value in update.to_dict().items() if key != "update_id" and value)
        if kinds:  # an empty one stands for an update the transport could not read, logged there
            log.warning("skipped update %d (%s): it belongs to no chat", update.update_id, ", ".join(kinds))
    else:
        log.warning("skipped an item of type %s: it belongs to no chat", type(update).__name__)
