"""Per-user flood control, so one user sending many messages a second cannot starve other chats.

It runs before every other handler (an early handler group): an update from a
user over the limit is dropped there, and the user is told once per flood
window, not once per message, to slow down.
"""

from __future__ import annotations

import logging
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from telegram import Update
from telegram.error import TelegramError
from telegram.ext import Application, ApplicationHandlerStop, ContextTypes, TypeHandler

from bot import texts

log = logging.getLogger(__name__)

#: The group the throttle runs in: before the bot's handlers (group 0).
THROTTLE_GROUP = -10

NOTICE = {
    "ru": "Слишком много сообщений подряд — я пропускаю их. Подождите несколько секунд.",
    "en": "Too many messages in a row, so I am skipping them. Please wait a few seconds.",
}


@dataclass
class Window:
    """One user's recent updates and when they were last told to slow down."""

    times: deque[float] = field(default_factory=deque)
    noticed_at: float | None = None


class Throttle:
    """At most ``limit`` updates per user in any ``seconds``; 0 turns it off."""

    def __init__(self, limit: int, seconds: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.limit = limit
        self.seconds = seconds
        self.clock = clock
        self.windows: dict[int, Window] = {}
        self.dropped = 0

    def admit(self, user_id: int) -> tuple[bool, bool]:
        """Whether this update goes on, and whether the user should be told now that it does not."""
        if self.limit <= 0:
            return True, False
        now = self.clock()
        window = self.windows.setdefault(user_id, Window())
        while window.times and window.times[0] <= now - self.seconds:
            window.times.popleft()
        if len(window.times) < self.limit:
            window.times.append(now)
            return True, False
        self.dropped += 1
        notice = window.noticed_at is None or window.noticed_at <= now - self.seconds
        if notice:
            window.noticed_at = now
        self._forget_quiet_users(now)
        return False, notice

    def _forget_quiet_users(self, now: float) -> None:
        """Keep memory bounded: drop users with nothing in their window (checked only under flood)."""
        if len(self.windows) < 10_000:
            return
        quiet = [u for u, w in self.windows.items() if not w.times or w.times[-1] <= now - self.seconds]
        for user_id in quiet:
            del self.windows[user_id]

    async def __call__(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        user = update.effective_user
        if user is None or user.is_bot:
            return
        admitted, notice = self.admit(user.id)
        if admitted:
            return
        if notice:
            log.info("throttling user %s", user.id)
            try:
                await self._tell(update, context, texts.language(user.language_code))
            except TelegramError as error:  # the notice is a courtesy; the update is dropped anyway
                log.info("could not tell user %s to slow down: %s", user.id, error)
        raise ApplicationHandlerStop

    async def _tell(self, update: Update, context: ContextTypes.DEFAULT_TYPE, lang: str) -> None:
        text = NOTICE.get(lang, NOTICE["en"])
        if update.callback_query is not None:
            await update.callback_query.answer(text)
        elif update.effective_chat is not None:
            await context.bot.send_message(update.effective_chat.id, text)


def add_throttle(application: Application, limit: int, seconds: float) -> Throttle:  # type: ignore[type-arg]
    """Register the throttle before every other handler; returned so tests can read it."""
    throttle = Throttle(limit, seconds)
    application.add_handler(TypeHandler(Update, throttle), group=THROTTLE_GROUP)
    application.bot_data["throttle"] = throttle
    return throttle
