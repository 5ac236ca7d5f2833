"""The delivery of a running bot, built in one place: :class:`ChatRuntime`.

Its constructor makes the parts that python-telegram-bot needs before the store is open (the
chats' lines, the update queue, the timers) and says who talks to whom; :meth:`ChatRuntime.open`
then adds what needs the open store and the bot (the outbox, the inbox's replay or the claims of
a shared database, the restored deadlines). No part is set on another after it is made.

One update, from Telegram to the sent reply::

    webhook (or poll) ─▶ ChatRuntime.receive ─▶ inbox: kept ─▶ queue ─▶ ChatQueues (its chat's line)
        ─▶ ChatRuntime.run: handlers stage a unit ─▶ Outbox.deliver: one transaction, then sends

A handler finds its item (the unit it stages into, and this runtime) through :data:`CURRENT_ITEM`,
a context variable set around the item's handlers.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from telegram import Update
from telegram.error import TelegramError
from telegram.ext import ExtBot

from bot.delivery.events import Delivered, Resend
from bot.delivery.inbox import KeepingQueue, PollsUpdates, Received, replay
from bot.delivery.outbox import Applied, Outbox, Pace, answer_all
from bot.delivery.queue import Admission, AdmitAll, ChatQueues, InHand
from bot.delivery.timers import Timers
from bot.storage import Store, StoreLostError, StoreWriteError
from bot.storage.outgoing import Receipt
from bot.storage.unit_of_work import UnitOfWork

if TYPE_CHECKING:
    from bot.delivery.claims import Claims

log = logging.getLogger(__name__)

#: What a player is told when their update could not be kept: their Telegram language code, and
#: what failed: the disk, the file gone, or a bug (the words are the games', given at wiring).
Apology = Callable[[str | None, BaseException], str]

#: How long an update whose failure could not be recorded waits before its chat's line tries it again.
RETRY_SECONDS = 5.0


@dataclass(frozen=True)
class DeliverySettings:
    """What delivery is told at start: ``apology``, what a player whose update could not be kept
    is told; ``group_budget``, messages a minute to a group at most (0: not paced); ``running``,
    chats handled at once."""

    apology: Apology
    group_budget: int = 0
    running: int = 256


@dataclass(frozen=True)
class Item:
    """The item a chat's line runs now: the unit its handlers stage into, and the runtime."""

    unit: UnitOfWork
    runtime: ChatRuntime

    def message_waits(self, chat_id: int, key: str) -> bool:
        """Whether a committed message with ``key`` still waits unsent in the chat."""
        return self.runtime.outbox.holds(chat_id, key)


@dataclass(frozen=True)
class _After:
    """What an item leaves to do once the chat's hold on the database is gone: the presses to
    answer, and the unit that failed with why (its player is told once that is for good)."""

    answers: list[tuple[str, str | None, bool]]
    failed: tuple[UnitOfWork, Exception] | None = None


#: The item whose handlers run now (None outside a chat's line): set around the item's handlers.
CURRENT_ITEM: ContextVar[Item | None] = ContextVar("delivery_item", default=None)


@dataclass(frozen=True)
class _Open:
    """The parts that need the open store and the bot."""

    store: Store
    bot: ExtBot[Any]
    outbox: Outbox
    stopped: Callable[[], bool]
    replayed_up_to: int
    polling: PollsUpdates | None  # the bot, when it polls (once: a protocol check is dear per update)
    claims: Claims | None  # with a database several processes share


class ChatRuntime:
    """The chats' lines, the inbox, the exactly-once commit, the outbox and the timers of one bot."""

    def __init__(
        self, settings: DeliverySettings, admission: Admission | None = None, in_hand: InHand | None = None
    ) -> None:
        self.settings = settings
        self.queue = KeepingQueue(self.receive)
        self.lines = ChatQueues(settings.running, self, admission or AdmitAll(), in_hand=in_hand)
        self.timers = Timers(self.queue.put_nowait, self._stopped)
        self._open: _Open | None = None
        self._retries: set[asyncio.TimerHandle] = set()
        self._beside: list[asyncio.Task[None]] = []

    # ------------------------------------------------------------------ start and stop

    async def open(self, store: Store, bot: ExtBot[Any], stopped: Callable[[], bool]) -> None:
        """At start, with the store open: the outbox's unsent rows go to their chats' lines, the
        inbox's unhandled updates are replayed (or, on a shared database, claimed as they come),
        and the stored deadlines are set, all before polling or the webhook starts."""
        pace = Pace(self.settings.group_budget)
        outbox = Outbox(bot, store.sent, self._receipt, self._retry_later, pace, self._tell, store.leased)
        unsent = await store.pending_messages()
        outbox.add(unsent)
        polling = bot if isinstance(bot, PollsUpdates) else None
        if store.shared:
            # Only a server database is shared: its engine (asyncpg) is imported only then.
            from bot.delivery.claims import Claims

            claims = Claims(store, self.queue, bot, stopped)
            self._open = _Open(store, bot, outbox, stopped, 0, polling, claims)
            self._beside.append(asyncio.create_task(self.timers.read_again(store)))
        else:
            kept = await store.inbox()
            self._open = _Open(store, bot, outbox, stopped, store.replayed_up_to(), polling, None)
            await replay(self.queue, bot, kept, store.handled)
        for chat_id in outbox.chats:
            await self.queue.put(Resend(chat_id))
        if unsent:
            log.info("sending %d messages committed but not sent before the last stop", len(unsent))
        await self.timers.restore(store)

    async def close(self) -> None:
        """The bot stops, before its store closes: no timer or retry goes off any more."""
        self.timers.stop()
        for handle in self._retries:
            handle.cancel()
        self._retries.clear()
        for task in self._beside:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._beside.clear()

    @property
    def _opened(self) -> _Open:
        if self._open is None:
            raise RuntimeError("delivery opens with the store, in post_init")
        return self._open

    @property
    def store(self) -> Store:
        return self._opened.store

    @property
    def outbox(self) -> Outbox:
        return self._opened.outbox

    def _stopped(self) -> bool:
        return self._open is not None and self._open.stopped()

    # ------------------------------------------------------------------ the inbox

    async def receive(self, update: Update, body: Mapping[str, Any] | None = None) -> Received:
        """An update posted (or polled, kept with its batch already): kept in the inbox, then
        queued here, or left to whichever process holds its chat on a shared database. ``body``:
        the update as Telegram posted it, kept as it is (else the parsed update is written back)."""
        opened = self._opened
        if not (opened.polling is not None and opened.polling.polled(update.update_id)):
            try:
                await opened.store.keep_fetched([body if body is not None else update.to_dict()])
            except StoreWriteError:
                return Received.NOT_KEPT
        if opened.claims is not None and opened.claims.left_to_claims(update):
            return Received.KEPT
        await self.queue.put_here(update)
        return Received.KEPT

    async def keep_batch(self, bodies: Sequence[Mapping[str, Any]]) -> None:
        """A polled batch, kept before polling may confirm it (``StoreWriteError``: it may not)."""
        await self._opened.store.keep_fetched(bodies)

    def replayed_up_to(self) -> int:
        """The highest replayed id Telegram may still hand out (0: none); the first poll confirms it."""
        return self._opened.replayed_up_to

    async def my_turn_to_poll(self) -> bool:
        """Whether this process polls now: always, unless several share the database (then the one
        whose turn it is)."""
        claims = self._opened.claims
        return claims is None or await claims.my_turn_to_poll()

    # ------------------------------------------------------------------ a chat's items

    @contextlib.asynccontextmanager
    async def _held(self, chat_id: int) -> AsyncIterator[None]:
        """The chat is this process's alone while one of its items runs (a lock in a shared
        database; a single process's line is enough). Once it is held, the chat's outbox is what
        the table says (rows another process committed, or left unsent when it died, come along;
        rows another process sent meanwhile go)."""
        opened = self._opened
        async with opened.store.hold(chat_id):
            if opened.store.shared:
                opened.outbox.reload(chat_id, await opened.store.pending_messages(chat_id))
            yield

    def dropped(self, item: object) -> None:
        """An update dropped on purpose (flood control, no chat) leaves the inbox."""
        if isinstance(item, Update):
            self._opened.store.handled(item.update_id)

    async def run(self, chat_id: int, item: object, handlers: Awaitable[Any]) -> None:
        """Hold the chat only while the item's handlers run and its unit commits; then, with
        nothing of the database held, stop its buttons' spinners, send the chat's committed
        messages (still within the chat's line, so in order) and tell a player whose update failed
        (its update left the inbox before the hold went)."""
        async with self._held(chat_id):
            after = await self._run(chat_id, item, handlers)
        opened = self._opened
        await answer_all(opened.bot, after.answers)
        if opened.outbox.waiting(chat_id):
            await opened.outbox.flush(chat_id)
        if after.failed is not None:
            await self._tell_player(*after.failed)

    async def _run(self, chat_id: int, item: object, handlers: Awaitable[Any]) -> _After:
        opened = self._opened
        unit = UnitOfWork(chat_id)
        if isinstance(item, Update):
            unit.update_id = item.update_id
            unit.received_at = opened.store.received_at(item.update_id)
            unit.lang = item.effective_user.language_code if item.effective_user else None
            if opened.store.applied_recently(item.update_id):
                return await self._applied_before(item)
        token = CURRENT_ITEM.set(Item(unit, self))
        try:
            await handlers
        finally:
            CURRENT_ITEM.reset(token)
        delivery = await opened.outbox.deliver(unit, opened.store.commit)
        if delivery.applied is Applied.BEFORE:
            return await self._applied_before(item)
        if delivery.applied is Applied.NOTHING and unit.update_id is not None:
            opened.store.handled(unit.update_id)
        if delivery.applied is Applied.FAILED:
            assert delivery.error is not None
            told = await self._failed(item, unit, delivery.error)
            return _After(unit.answers, (unit, delivery.error) if told else None)
        # What an operator at DEBUG follows, item by item; ids only, never a player's text or name.
        log.debug("chat %d: item %s done (%s)", chat_id, unit.update_id or "of the bot's own", delivery.applied.name)
        return _After(unit.answers)

    async def _applied_before(self, item: object) -> _After:
        """An update applied before changes nothing: its messages are in the outbox, sent or on
        their way. A press still gets its spinner stopped."""
        assert isinstance(item, Update)
        log.info("update %d was applied before; not again", item.update_id)
        opened = self._opened
        opened.store.handled(item.update_id)
        query = item.callback_query
        chat = item.effective_chat
        if chat is not None and opened.store.shared:  # perhaps applied by a try whose answer never came:
            with contextlib.suppress(StoreWriteError):  # its rows wait there; the server away: the next item's
                opened.outbox.reload(chat.id, await opened.store.pending_messages(chat.id))
        return _After([(query.id, None, False)] if query is not None else [])

    async def _failed(self, item: object, unit: UnitOfWork, error: Exception) -> bool:
        """Nothing of the unit was committed; whether its player is to be told (once the chat's
        hold is gone). The player hears so only once that is for good: an update whose player is
        asked to try again leaves the inbox first, in a transaction of its own, so a restart never
        applies what the player was told was not. When that transaction fails too, the player is
        told nothing yet and the line tries the update again later."""
        if not isinstance(error, StoreWriteError):  # the store logs the disk's faults, once an episode
            log.error("could not commit an item for chat %d", unit.chat_id, exc_info=error)
        if unit.update_id is None:
            return False  # the bot's own event (a timer): nobody asked; it comes again or is moot
        store = self._opened.store
        store.handled(unit.update_id)
        if isinstance(error, StoreWriteError) and not isinstance(error, StoreLostError):
            try:
                await store.keep_fetched([])  # nothing to keep: the handled updates' deletes, now
            except StoreWriteError:
                store.kept_for_later(unit.update_id)  # else the next transaction would delete it
                self._try_again_later(item)
                return False
        return True

    def _try_again_later(self, item: object) -> None:
        """The update stays in the inbox and comes back to its chat's line after a while."""
        assert isinstance(item, Update)
        log.info("update %d could not be applied nor dropped; it is tried again", item.update_id)
        loop = asyncio.get_running_loop()

        def again() -> None:
            self._retries.discard(handle)
            if not self._stopped():
                self.queue.put_here_nowait(item)

        handle = loop.call_later(RETRY_SECONDS, again)
        self._retries.add(handle)

    async def _tell_player(self, unit: UnitOfWork, error: Exception) -> None:
        """Sent straight away, not kept: the store is what failed."""
        try:
            await self._opened.bot.send_message(unit.chat_id, self.settings.apology(unit.lang, error))
        except TelegramError as told:
            log.info("could not tell chat %d that its update failed: %s", unit.chat_id, told)

    # ------------------------------------------------------------------ what the outbox reports

    async def _receipt(self, chat_id: int, what: Receipt, message_id: int, sent_at: float) -> None:
        await self.queue.put(Delivered(chat_id, what, message_id, sent_at))

    def _retry_later(self, chat_id: int, seconds: float) -> None:
        asyncio.get_running_loop().call_later(seconds, self.queue.put_nowait, Resend(chat_id))

    def _tell(self, event: object) -> None:
        self.queue.put_nowait(event)

    # ------------------------------------------------------------------ a chat's own changes

    def move_chat(self, old: int, new: int) -> None:
        """A group became a supergroup (committed): its waiting messages go to the new chat's line."""
        outbox = self.outbox
        if outbox.waiting(old):
            outbox.move(old, new)
            self.queue.put_nowait(Resend(new))

    def drop_chat(self, chat_id: int) -> int:
        """The chat takes no more messages: its waiting rows go; how many."""
        return self.outbox.drop(chat_id)
