"""Holding through Telegram's faults: retries for passing ones, quiet handling of blocked chats.

Every handler commits the game before it replies, so a reply that cannot be
delivered loses no game: the player's next message finds it as it was saved.
This module decides what a failed call is worth retrying and what the error
handler should do with a fault that got through anyway.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable, Coroutine
from enum import Enum
from typing import Any

from telegram.error import BadRequest, Forbidden, NetworkError, RetryAfter, TimedOut
from telegram.ext import AIORateLimiter, CallbackContext

from bot.storage import StoreWriteError

log = logging.getLogger(__name__)

#: Calls that are not repeated on a network fault: the Updater retries its own long polls.
NOT_RETRIED = frozenset({"getUpdates"})


class Fault(Enum):
    """How the error handler treats an exception from a handler or a job."""

    BLOCKED = "blocked"  # the user blocked the bot: stop working for the chat, say nothing
    UNREACHABLE = "unreachable"  # Telegram still failing after the retries: the game is saved
    DISK = "disk"  # the disk refused the save (full, read-only): ask the player to try again soon
    BUG = "bug"  # anything else: log it with the traceback and tell the player


def classify(error: BaseException | None) -> Fault:
    """Sort an exception into what the error handler should do about it."""
    if isinstance(error, Forbidden):
        return Fault.BLOCKED
    if isinstance(error, StoreWriteError):
        return Fault.DISK
    if isinstance(error, RetryAfter) or (isinstance(error, NetworkError) and not isinstance(error, BadRequest)):
        return Fault.UNREACHABLE
    return Fault.BUG


def retryable(error: BaseException) -> bool:
    """A fault that may pass: a 5xx, a timeout or a dropped connection (not a refused request)."""
    return isinstance(error, NetworkError) and not isinstance(error, BadRequest)


class StopDeadline:
    """Once the bot is stopping, every Bot API call (and every wait for the rate limiter or
    for a retry) ends by one deadline, those already under way included.

    Stopping makes calls too: PTB's last getUpdates that confirms the offset, the replies
    of updates still being handled. Against a Telegram that hangs each took the full call
    timeout, times the retries: SIGTERM took 41.6 s, and ``docker stop`` kills after 10.
    A reply cut off here is not lost: the game was saved before it, and the outbox sends
    what was not confirmed after the restart.
    """

    def __init__(self) -> None:
        self._when: float | None = None  # the event loop's clock
        self._scopes: set[asyncio.Timeout] = set()

    @property
    def stopping(self) -> bool:
        return self._when is not None

    def start(self, seconds: float) -> None:
        """Calls end within ``seconds`` from now (or sooner, if an earlier start said so)."""
        when = asyncio.get_running_loop().time() + max(0.0, seconds)
        self._when = when if self._when is None else min(self._when, when)
        for scope in self._scopes:
            scope.reschedule(self._when)

    @contextlib.asynccontextmanager
    async def bounded(self) -> AsyncIterator[None]:
        """Inside: cut off (``TimeoutError``) at the deadline, once there is one."""
        async with asyncio.timeout_at(self._when) as scope:
            self._scopes.add(scope)
            try:
                yield
            finally:
                self._scopes.discard(scope)


class PatientRateLimiter(AIORateLimiter):
    """Telegram's flood limits (with retries after 429) plus retries after network faults.

    A retried ``sendMessage`` whose first attempt reached Telegram but whose answer
    timed out shows the player the message twice; a lost reply would be worse.
    """

    def __init__(
        self, *, retries: int, retry_delay: float = 0.2, deadline: StopDeadline | None = None, **limits: Any
    ) -> None:
        super().__init__(max_retries=retries, **limits)
        self.retries = retries
        self.retry_delay = retry_delay
        self.deadline = deadline or StopDeadline()

    async def process_request(  # noqa: PLR0917 (the signature is PTB's)
        self,
        callback: Callable[..., Coroutine[Any, Any, bool | dict[str, Any] | list[dict[str, Any]]]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: int | None,
    ) -> bool | dict[str, Any] | list[dict[str, Any]]:
        try:
            async with self.deadline.bounded():
                return await self._with_retries(callback, args, kwargs, endpoint, data, rate_limit_args)
        except TimeoutError as error:  # the stop deadline passed (a call's own timeout is TimedOut)
            raise TimedOut(f"{endpoint} cut off: the bot is stopping") from error

    async def _with_retries(  # noqa: PLR0917 (process_request's arguments)
        self,
        callback: Callable[..., Coroutine[Any, Any, bool | dict[str, Any] | list[dict[str, Any]]]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: int | None,
    ) -> bool | dict[str, Any] | list[dict[str, Any]]:
        for attempt in range(self.retries + 1):
            try:
                return await super().process_request(callback, args, kwargs, endpoint, data, rate_limit_args)
            except NetworkError as error:
                last = attempt == self.retries or self.deadline.stopping
                if endpoint in NOT_RETRIED or not retryable(error) or last:
                    raise
                delay = self.retry_delay * 2**attempt
                log.info("%s failed (%s); retry %d in %.1f s", endpoint, error, attempt + 1, delay)
                await asyncio.sleep(delay)
        raise AssertionError("unreachable")  # pragma: no cover


#: A handler's context, whatever its data types (the bot's is bot.core.context.BotContext).
AnyContext = CallbackContext[Any, Any, Any, Any]


def end_chat_work(context: AnyContext, chat_id: int) -> int:
    """Cancel the timers kept for a chat whose user blocked the bot; how many were cancelled (their
    deadlines stay stored: a restart sets them again, and the game finds them moot)."""
    delivery = context.bot_data.services.delivery
    return 0 if delivery is None else int(delivery.timers.cancel_chat(chat_id))


def handle_quietly(error: BaseException | None, chat_id: int | None, context: AnyContext) -> bool:
    """Deal with a blocked chat or an unreachable Telegram; False when the fault is a bug to report."""
    fault = classify(error)
    if fault is Fault.BLOCKED:
        cancelled = end_chat_work(context, chat_id) if chat_id is not None else 0
        log.info("chat %s blocked the bot; %d timers cancelled", chat_id, cancelled)
        return True
    if fault is Fault.UNREACHABLE:
        log.warning("Telegram did not take a reply for chat %s (%s); the game is saved", chat_id, error)
        return True
    return False
