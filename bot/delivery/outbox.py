"""The transactional outbox: every message an item causes is a row committed with the item's
changes, and goes out only after that commit.

A message is never lost: a row stays until Telegram confirmed it, and the rows a stopped
process left are sent when the next one starts. A message may repeat after a crash (sent,
then killed before its row was deleted); it is never lost and never sent before the change
it announces is on disk.

Rows of one chat go out in the order they were committed, always from inside that chat's
serial line (:mod:`bot.delivery.lines`), so a later reply never overtakes an earlier one.
A row Telegram refuses for good (the user blocked the bot, a message no longer editable) is
dropped with one line; one that fails for now (timeouts, 5xx after the retries) stays, and
the chat's line tries again later (:class:`Resend`).
"""

from __future__ import annotations

import asyncio
import base64
import logging
import time
import warnings
from collections import deque
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from telegram import InlineKeyboardMarkup, ReplyParameters
from telegram.error import BadRequest, Forbidden, NetworkError, RetryAfter, TelegramError
from telegram.ext import ExtBot
from telegram.warnings import PTBUserWarning

log = logging.getLogger(__name__)

#: How long a chat whose message could not go out waits before its line tries again.
RETRY_SECONDS = 5.0
#: A message that failed this often for reasons that are not Telegram being away is dropped.
MAX_FAILURES = 5


@dataclass(frozen=True)
class Outgoing:
    """One Bot API call to make once the change that caused it is committed.

    ``call`` is a method of :data:`CALLS`; ``params`` its JSON arguments, as stored. ``receipt``
    names what the sender reports back into the chat's line once the message is out (say, the
    group lobby's message id), or None."""

    chat_id: int
    call: str
    params: dict[str, Any]
    receipt: str | None = None

    def to_row(self) -> dict[str, Any]:
        return {"call": self.call, "params": self.params, "receipt": self.receipt}

    @classmethod
    def from_row(cls, chat_id: int, row: dict[str, Any]) -> Outgoing:
        return cls(chat_id, str(row["call"]), dict(row["params"]), row.get("receipt"))


def send(
    chat_id: int,
    text: str,
    markup: InlineKeyboardMarkup | None = None,
    *,
    html: bool = False,
    thread: int | None = None,
    reply_to: int | None = None,
    receipt: str | None = None,
) -> Outgoing:
    """A new message in the chat (in forum topic ``thread``, quoting message ``reply_to``)."""
    params: dict[str, Any] = {"text": text}
    if markup is not None:
        params["reply_markup"] = markup.to_dict()
    if html:
        params["parse_mode"] = "HTML"
    if thread is not None:
        params["message_thread_id"] = thread
    if reply_to is not None:
        params["reply_to"] = reply_to
    return Outgoing(chat_id, "send", params, receipt)


def send_photo(
    chat_id: int, png: bytes, caption: str | None = None, *, thread: int | None = None, reply_to: int | None = None
) -> Outgoing:
    """A picture (PNG bytes) with an optional caption. Rows are JSON, so the bytes are kept as
    base64: a review's picture is a few tens of kilobytes and lives only until Telegram has it,
    and a row that carries its own bytes needs no game's drawing code to send it after a restart
    (storing the inputs to redraw would tie the outbox to every game's pictures)."""
    params: dict[str, Any] = {"photo_png": base64.b64encode(png).decode("ascii")}
    if caption is not None:
        params["caption"] = caption
    if thread is not None:
        params["message_thread_id"] = thread
    if reply_to is not None:
        params["reply_to"] = reply_to
    return Outgoing(chat_id, "photo", params)


def edit(chat_id: int, message_id: int, text: str, markup: InlineKeyboardMarkup | None = None) -> Outgoing:
    """A message of the bot's, shown anew (its buttons go unless ``markup`` gives new ones)."""
    params: dict[str, Any] = {"message_id": message_id, "text": text}
    if markup is not None:
        params["reply_markup"] = markup.to_dict()
    return Outgoing(chat_id, "edit", params)


def edit_buttons(chat_id: int, message_id: int, markup: InlineKeyboardMarkup | None) -> Outgoing:
    """Only a message's buttons changed (None: they go)."""
    params: dict[str, Any] = {"message_id": message_id}
    if markup is not None:
        params["reply_markup"] = markup.to_dict()
    return Outgoing(chat_id, "edit_buttons", params)


#: The Bot API method of each kind of outgoing call.
ENDPOINTS = {"send": "sendMessage", "edit": "editMessageText", "edit_buttons": "editMessageReplyMarkup"}


def api_kwargs(message: Outgoing) -> dict[str, Any]:
    """The call's parameters as the Bot API takes them (the row keeps them so, markup as a dict)."""
    params = {"chat_id": message.chat_id, **message.params}
    reply_to = params.pop("reply_to", None)
    if reply_to is not None:
        params["reply_parameters"] = {"message_id": reply_to, "allow_sending_without_reply": True}
    return params


async def _call(bot: ExtBot[Any], message: Outgoing) -> int | None:
    """Make the call (through the bot's rate limiter and retries, as every call); the id of the
    message it sent or changed, when Telegram says it. The answer stays JSON: parsing it into a
    ``Message``, which nothing here reads, cost 0.6 ms a reply."""
    if message.call == "photo":
        return await _send_photo(bot, message)
    endpoint = ENDPOINTS.get(message.call)
    if endpoint is None:
        raise ValueError(f"no such outgoing call: {message.call}")
    with warnings.catch_warnings():  # PTB suggests send_message & co., which parse the answer
        warnings.simplefilter("ignore", PTBUserWarning)
        answer = await bot.do_api_request(endpoint, api_kwargs=api_kwargs(message))
    return int(answer["message_id"]) if isinstance(answer, dict) and "message_id" in answer else None


async def _send_photo(bot: ExtBot[Any], message: Outgoing) -> int:
    """A picture (kept in the row as base64 PNG: the row is JSON), uploaded as a file."""
    params = dict(message.params)
    photo = base64.b64decode(params.pop("photo_png"))
    reply_to = params.pop("reply_to", None)
    quoted = ReplyParameters(reply_to, allow_sending_without_reply=True) if reply_to is not None else None
    sent = await bot.send_photo(message.chat_id, photo, reply_parameters=quoted, **params)
    return sent.message_id


@dataclass(frozen=True)
class Sent:
    """Telegram took the call; the id of the message it sent or changed, when it said."""

    message_id: int | None


class _Outcome:
    """A call that did not go through."""


DROPPED = _Outcome()  # refused for good: the row goes
LATER = _Outcome()  # Telegram away for now: the row stays, to be tried again


@dataclass
class Pending:
    """A committed row not yet confirmed by Telegram."""

    row_id: int
    message: Outgoing
    failures: int = 0


#: What the sender reports once a message with a receipt is out: chat, receipt, message id, when.
ReceiptSink = Callable[[int, str, int, float], Awaitable[None]]


@dataclass
class Outbox:
    """The committed messages not yet confirmed, by chat, and how they are sent."""

    bot: ExtBot[Any]
    sent: Callable[[int], None]  # the row went out (or was dropped): it leaves the table
    on_receipt: ReceiptSink
    retry_later: Callable[[int, float], None]  # ask the chat's line to flush again after seconds
    pending: dict[int, deque[Pending]] = field(default_factory=dict)

    def add(self, rows: Iterable[tuple[int, Outgoing]]) -> None:
        """Rows just committed (or found at start), in their order."""
        for row_id, message in rows:
            self.pending.setdefault(message.chat_id, deque()).append(Pending(row_id, message))

    def waiting(self, chat_id: int) -> int:
        return len(self.pending.get(chat_id, ()))

    @property
    def chats(self) -> list[int]:
        return list(self.pending)

    async def flush(self, chat_id: int) -> bool:
        """Send the chat's rows in order (called from the chat's line); False when one had to
        wait for Telegram, and the rest with it, for the line to try again later."""
        queue = self.pending.get(chat_id)
        while queue:
            pending = queue[0]
            outcome = await self._try(pending)
            if outcome is LATER:
                return False
            queue.popleft()
            self.sent(pending.row_id)
            if isinstance(outcome, Sent) and outcome.message_id is not None and pending.message.receipt is not None:
                await self.on_receipt(chat_id, pending.message.receipt, outcome.message_id, time.time())
        self.pending.pop(chat_id, None)
        return True

    async def _try(self, pending: Pending) -> Sent | _Outcome:
        """Sent (with the message's id when Telegram gave one), ``DROPPED`` when Telegram refused
        it for good, ``LATER`` when it should be tried again later."""
        message = pending.message
        try:
            return Sent(await _call(self.bot, message))
        except Forbidden as error:  # blocked by the user, or kicked from the group
            log.info("chat %d does not take messages (%s); a message was dropped", message.chat_id, error)
            self._drop_chat(message.chat_id)
            return DROPPED
        except BadRequest as error:  # not modified, too old to edit, message gone
            log.info("Telegram refused a %s for chat %d: %s", message.call, message.chat_id, error)
            return DROPPED
        except (RetryAfter, NetworkError) as error:
            log.warning("a message to chat %d waits for Telegram (%s); it is kept", message.chat_id, error)
        except (TelegramError, ValueError, TypeError) as error:
            pending.failures += 1
            if pending.failures >= MAX_FAILURES:
                log.error(
                    "dropped a %s for chat %d after %d failures: %s",
                    message.call,
                    message.chat_id,
                    pending.failures,
                    error,
                )
                return DROPPED
            log.warning("a message to chat %d failed (%s); it is kept", message.chat_id, error)
        self.retry_later(message.chat_id, RETRY_SECONDS)
        return LATER

    def _drop_chat(self, chat_id: int) -> None:
        """A chat that blocked the bot takes none of its other waiting messages either."""
        queue = self.pending.get(chat_id)
        while queue is not None and len(queue) > 1:
            self.sent(queue.pop().row_id)


async def answer(bot: ExtBot[Any], query_id: str, text: str | None, alert: bool) -> None:
    """Stop a pressed button's spinner (with a note). Not kept: an answer is worth nothing after
    a restart, as Telegram forgets the press within seconds."""
    try:
        await bot.answer_callback_query(query_id, text=text, show_alert=alert)
    except TelegramError as error:
        log.info("could not answer a button press: %s", error)


def answer_all(bot: ExtBot[Any], answers: Iterable[tuple[str, str | None, bool]]) -> Awaitable[Any]:
    return asyncio.gather(*(answer(bot, query_id, text, alert) for query_id, text, alert in answers))
