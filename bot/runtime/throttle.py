"""Per-user flood control, so one user sending many messages a second cannot starve other chats.

It runs before an update is filed in its chat's serial line (``bot.delivery.queue``): an
update from a user over the limit is dropped there, and the user is told once per flood
window, not once per message, to slow down.

Taps on the buttons of one message are not a flood: colouring one 5bukv guess
takes up to 11 taps, and dropping a quick player's 21st tap in 10 s would
make the mask they send wrong. A message, or the first tap on a message,
costs 1; each further tap on the same message costs ``TAP_COST``. A flood of
taps is still cut off, only later (80 taps instead of 20 at the defaults).

Memory stays bounded: a user whose window is empty is forgotten at the next
sweep (at most one sweep per window length).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from telegram import Update
from telegram.error import TelegramError

from bot.core import texts
from bot.core.context import Services

log = logging.getLogger(__name__)

#: What a further tap on the buttons of the message tapped last costs, against 1 for anything else.
TAP_COST = 0.25


@dataclass
class Window:
    """One user's recent updates (when, and what each cost) and when they were last told to slow down."""

    spent: deque[tuple[float, float]] = field(default_factory=deque)
    total: float = 0.0
    tapped: int | None = None  # the message whose buttons the user tapped last
    noticed_at: float | None = None

    def slide(self, since: float) -> None:
        while self.spent and self.spent[0][0] <= since:
            self.total -= self.spent.popleft()[1]
        if not self.spent:
            self.total = 0.0  # no float dust left behind

    def quiet_since(self, since: float) -> bool:
        """Nothing in the window and no notice to remember: the window can be forgotten."""
        last = self.spent[-1][0] if self.spent else None
        return (last is None or last <= since) and (self.noticed_at is None or self.noticed_at <= since)

    def cost(self, tapped: int | None) -> float:
        """A further tap on the message tapped last is cheap; anything else costs 1."""
        repeat = tapped is not None and tapped == self.tapped
        self.tapped = tapped
        return TAP_COST if repeat else 1.0


class Throttle:
    """At most ``limit`` updates' worth per user in any ``seconds``; 0 turns it off."""

    def __init__(
        self,
        limit: int,
        seconds: float,
        clock: Callable[[], float] = time.monotonic,
        chosen: Callable[[int], str | None] = lambda user_id: None,
    ) -> None:
        """``chosen``: the language a user chose with /lang, if any (it outranks Telegram's)."""
        self.limit = limit
        self.chosen = chosen
        self.seconds = seconds
        self.clock = clock
        self.windows: dict[int, Window] = {}
        self.dropped = 0
        self._swept_at = clock()
        self._notices: set[asyncio.Future[None]] = set()  # notices on their way (kept referenced)

    def admit(self, user_id: int, tapped: int | None = None) -> tuple[bool, bool]:
        """Whether this update goes on, and whether the user should be told now that it does not;
        ``tapped``: the message whose button was pressed (None for a message)."""
        if self.limit <= 0:
            return True, False
        now = self.clock()
        self._sweep(now)
        window = self.windows.setdefault(user_id, Window())
        window.slide(now - self.seconds)
        cost = window.cost(tapped)
        if window.total + cost <= self.limit:
            window.spent.append((now, cost))
            window.total += cost
            return True, False
        self.dropped += 1
        notice = window.noticed_at is None or window.noticed_at <= now - self.seconds
        if notice:
            window.noticed_at = now
        return False, notice

    def _sweep(self, now: float) -> None:
        """Forget the users with nothing in their window, at most once per window length."""
        if now - self._swept_at < self.seconds:
            return
        self._swept_at = now
        since = now - self.seconds
        quiet = [user for user, window in self.windows.items() if window.quiet_since(since)]
        for user_id in quiet:
            del self.windows[user_id]

    def admits(self, item: object) -> bool:
        """Whether an item may be filed in its chat's line (the bot's own events always may); a
        user over the limit is told once per window, straight away and not kept."""
        if not isinstance(item, Update):
            return True
        user = item.effective_user
        if user is None:
            return True
        query = item.callback_query
        tapped = query.message.message_id if query is not None and query.message is not None else None
        admitted, notice = self.admit(sender_of(item, user.id), tapped)
        if not admitted and notice:
            log.info("throttling user %s", user.id)
            lang = self.chosen(user.id) or texts.language(user.language_code)
            self._notices.add(asyncio.ensure_future(self._tell(item, lang)))
        return admitted

    async def _tell(self, update: Update, lang: str) -> None:
        text = texts.too_many_messages(lang)
        try:
            if update.callback_query is not None:
                await update.callback_query.answer(text)
            elif update.effective_chat is not None:
                await update.get_bot().send_message(update.effective_chat.id, text)
        except TelegramError as error:  # the notice is a courtesy; the update is dropped anyway
            log.info(
                "could not tell user %s to slow down: %s", update.effective_user and update.effective_user.id, error
            )
        finally:
            self._notices.discard(asyncio.current_task())


def sender_of(update: Update, user_id: int) -> int:
    """Whom an update counts against: the chat it was posted as (anonymous admins, a channel),
    else its user. Every anonymous admin and every channel shares one user id, so counted by user
    they were either one sender or (as bots) none at all."""
    message = update.effective_message
    sender_chat = message.sender_chat if message is not None else None
    return sender_chat.id if sender_chat is not None else user_id


def throttle_for(services: Services) -> Throttle:
    """Flood control at the door of the chats' lines: an update over the limit is dropped before
    it is filed, so a flooding user holds nothing another chat waits for (tests read it as the
    lines' ``admission``)."""
    settings = services.settings
    return Throttle(
        settings.throttle_messages,
        settings.throttle_seconds,
        chosen=lambda user_id: _chosen_language(services, user_id),
    )


def _chosen_language(services: Services, user_id: int) -> str | None:
    """A user's /lang choice, from the store's memory of them (none before the store is open)."""
    store = services.store
    return None if store is None else store.language_of(user_id)
