"""The transactional outbox: every message an item causes is a row committed with the item's
changes, and goes out only after that commit.

A message is never lost: a row stays until Telegram confirmed it, and the rows a stopped
process left are sent when the next one starts. A message may repeat after a crash (sent,
then killed before its row was deleted); it is never sent before the change it announces is
on disk.

Rows of one chat go out in the order they were committed, always from inside that chat's
serial line (:mod:`bot.delivery.queue`), so a later reply never overtakes an earlier one. They go
out after the item's transaction, with nothing of the database held: on a database several
processes share, under a lease the store took on them as the chat's lock went (``may_send``); a
row whose lease this process does not hold waits, and the chat's line asks again a moment later.
A row Telegram refuses for good (the user blocked the bot, a message no longer editable) is
dropped with one line; one that fails for now (timeouts, 5xx after the retries) stays, and
the chat's line tries again later (:class:`~bot.delivery.events.Resend`).

A group chat takes about 20 messages a minute from a bot; past that Telegram answers 429 and
holds the chat. So each group is paced here (:class:`Pace`): at most its budget of calls in any
minute, spread out, and a row over the budget waits in the outbox while the chat's line goes on
with the players' moves. A newer message that tells the same thing better replaces an older one
still waiting (:func:`replaces`): a game's next turn message supersedes the unsent one of the
turn before and carries on what that one had to tell (its ``story``), so the group reads every
move in one message; a newer edit of a message supersedes the older edits of it still waiting.
The superseded rows are deleted in the very transaction that commits the newer one.

Within a paced group the game's own messages come first (:func:`chatter`): a reply to a command
goes only while the group has tokens to spare, waits otherwise (a few at most; older ones are
dropped), and a turn message passes it, so a member spamming a command cannot hold the next
turn back.
"""

from __future__ import annotations

import asyncio
import logging
import time
import warnings
from collections import deque
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any

from telegram import InlineKeyboardMarkup, ReplyParameters
from telegram.error import BadRequest, ChatMigrated, Forbidden, NetworkError, RetryAfter, TelegramError
from telegram.ext import ExtBot
from telegram.warnings import PTBUserWarning

from bot.delivery.events import ChatEvent, ChatMoved, LeftChat
from bot.storage.outgoing import (
    AnswerInline,
    EditButtons,
    EditText,
    Outgoing,
    Receipt,
    SendPhoto,
    SendText,
    SetMenu,
    encode_call,
)
from bot.storage.sql import Sql
from bot.storage.unit_of_work import Statement, UnitOfWork

log = logging.getLogger(__name__)

#: How long a chat whose message could not go out waits before its line tries again.
RETRY_SECONDS = 5.0
#: A message that failed this often for reasons that are not Telegram being away is dropped.
MAX_FAILURES = 5
#: The window over which a group's budget of messages counts (Telegram's limit is per minute).
GROUP_PERIOD = 60.0
#: Telegram's longest message: a superseding message that would be longer does not supersede.
MAX_TEXT = 4096
#: A paced group's replies to commands go only while this many tokens are left, so the game's
#: own messages always find one: a member spamming a command cannot hold the next turn back.
CHATTER_NEEDS = 2.0
#: Replies to commands a paced group keeps waiting at most; older ones are dropped (one log line).
MAX_WAITING_CHATTER = 3
#: How long a chat whose rows another process holds the lease on waits before its line asks again.
LEASE_WAIT_SECONDS = 1.0


def _markup(markup: InlineKeyboardMarkup | None) -> dict[str, Any] | None:
    return None if markup is None else markup.to_dict()


def send(
    chat_id: int,
    text: str,
    markup: InlineKeyboardMarkup | None = None,
    *,
    html: bool = False,
    thread: int | None = None,
    reply_to: int | None = None,
    receipt: Receipt | None = None,
    key: str | None = None,
    story: str | None = None,
) -> Outgoing:
    """A new message in the chat (in forum topic ``thread``, quoting message ``reply_to``);
    ``key`` and ``story``: see :class:`Outgoing`."""
    return Outgoing(chat_id, SendText(text, _markup(markup), html, thread, reply_to), receipt, key, story or None)


def send_photo(
    chat_id: int, png: bytes, caption: str | None = None, *, thread: int | None = None, reply_to: int | None = None
) -> Outgoing:
    """A picture (PNG bytes) with an optional caption."""
    return Outgoing(chat_id, SendPhoto(png, caption, thread, reply_to))


def edit(chat_id: int, message_id: int, text: str, markup: InlineKeyboardMarkup | None = None) -> Outgoing:
    """A message of the bot's, shown anew (its buttons go unless ``markup`` gives new ones)."""
    return Outgoing(chat_id, EditText(message_id, text, _markup(markup)))


def command_menu(chat_id: int, commands: list[tuple[str, str]]) -> Outgoing:
    """The command menu of one private chat (a user's choice of language outranks their app's):
    a row like any message, so it goes out with the item that chose it, after its reply."""
    return Outgoing(chat_id, SetMenu(tuple(commands)))


def answer_inline(
    user_id: int, query_id: str, results: list[dict[str, Any]], button: dict[str, Any] | None
) -> Outgoing:
    """The answer to an inline query of ``user_id`` (it has no chat: the user's own line carries it).
    Personal and not cached: each player is shown their own result of the day."""
    return Outgoing(user_id, AnswerInline(query_id, tuple(results), button))


def edit_buttons(chat_id: int, message_id: int, markup: InlineKeyboardMarkup | None) -> Outgoing:
    """Only a message's buttons changed (None: they go)."""
    return Outgoing(chat_id, EditButtons(message_id, _markup(markup)))


def replaces(newer: Outgoing, older: Outgoing) -> bool:
    """Whether ``newer`` makes ``older``, still unsent, needless: the same key (a game's next
    turn message), or a newer edit of the same message (an edit of its text and buttons makes
    both kinds of older edit needless; one of its buttons only, older edits of its buttons)."""
    if newer.chat_id != older.chat_id or older.key != newer.key:
        return False
    if newer.key is not None:
        return True
    edits = (EditText, EditButtons)
    if not isinstance(newer.call, edits) or not isinstance(older.call, edits):
        return False
    same_message = newer.call.message_id == older.call.message_id
    return same_message and (isinstance(newer.call, EditText) or isinstance(older.call, EditButtons))


def carrying(newer: Outgoing, older: list[Outgoing]) -> Outgoing | None:
    """``newer`` telling the stories of the ``older`` messages it replaces first; None when that
    would not fit one message (then they are not replaced)."""
    stories = [message.story for message in older if message.story]
    if not stories:
        return newer
    if not isinstance(newer.call, SendText):
        return None
    text = "\n".join([*stories, newer.call.text])
    if len(text) > MAX_TEXT:
        return None
    story = "\n".join([*stories, newer.story] if newer.story else stories)
    return replace(newer, call=replace(newer.call, text=text), story=story)


def chatter(message: Outgoing) -> bool:
    """A reply to someone's command or remark (it quotes it and reports nothing back): in a group
    over its budget it waits for, and gives way to, the game's own messages (turns, results,
    the lobby), which are said rather than quoted or ask for a receipt."""
    quoting = isinstance(message.call, SendText | SendPhoto) and message.call.reply_to is not None
    return quoting and message.receipt is None


def forget_rows(row_ids: list[int]) -> Statement:
    """The statement that deletes superseded rows, in the transaction of what supersedes them."""
    sqlite = ", ".join("?" for _ in row_ids)
    postgres = ", ".join(f"${n}" for n in range(1, len(row_ids) + 1))
    deletes = Sql(f"DELETE FROM outbox WHERE id IN ({sqlite})", f"DELETE FROM outbox WHERE id IN ({postgres})")
    return deletes, tuple(row_ids)


@dataclass
class Pace:
    """At most ``budget`` calls to each group chat in any ``period`` seconds (0: no limit), so
    the bot never meets Telegram's own limit of about 20 messages a minute in a group; private
    chats are not paced here (the bot's overall rate is the limiter's).

    A token bucket: a quiet group may have a tenth of the budget at once (``burst``, at least
    one), and then one call each time a token comes back, at ``budget - burst`` a period. In any
    period that is at most the tokens held at its start plus those refilled in it: ``burst +
    (budget - burst)``, the budget. Spreading the calls out so, rather than letting the budget go
    in one burst and then holding everything for the rest of the minute, keeps a turn message at
    most about one token's time (3.3 s at 20 a minute) behind the game."""

    budget: int
    period: float = GROUP_PERIOD
    clock: Callable[[], float] = time.monotonic
    tokens: dict[int, tuple[float, float]] = field(default_factory=dict)  # chat -> tokens, when counted
    _sweep_at: int = 1024

    @property
    def burst(self) -> int:
        return max(1, self.budget // 10)

    @property
    def rate(self) -> float:
        """Tokens coming back a second."""
        return (self.budget - self.burst) / self.period  # a budget is 0 (no pace) or at least 2

    def _now(self, chat_id: int, now: float) -> float:
        """The chat's tokens now (a chat not in the table has a full bucket)."""
        held, counted = self.tokens.get(chat_id, (float(self.burst), now))
        return min(float(self.burst), held + (now - counted) * self.rate)

    def wait(self, chat_id: int, need: float = 1.0) -> float:
        """Seconds until the chat holds ``need`` tokens (at most ``burst``), so its next call may go (0: now)."""
        if chat_id >= 0 or self.budget <= 0 or chat_id not in self.tokens:
            return 0.0
        held = self._now(chat_id, self.clock())
        need = min(need, float(self.burst))
        return 0.0 if held >= need else (need - held) / self.rate

    def spend(self, chat_id: int) -> None:
        """A call to the chat is being made."""
        if chat_id >= 0 or self.budget <= 0:
            return
        now = self.clock()
        self.tokens[chat_id] = (self._now(chat_id, now) - 1, now)
        if len(self.tokens) > self._sweep_at:  # forget the groups whose bucket is full again
            for full in [chat for chat in self.tokens if self._now(chat, now) >= self.burst]:
                del self.tokens[full]
            self._sweep_at = max(1024, 2 * len(self.tokens))


#: The Bot API method of each kind of outgoing call (a picture is uploaded: :func:`_send_photo`).
ENDPOINTS = {
    "send": "sendMessage",
    "edit": "editMessageText",
    "edit_buttons": "editMessageReplyMarkup",
    "menu": "setMyCommands",
    "inline": "answerInlineQuery",
}


def api_kwargs(message: Outgoing) -> tuple[str, dict[str, Any]]:
    """The call's Bot API method and parameters (markup as a dict)."""
    name, params = encode_call(message.call)
    if isinstance(message.call, SetMenu):  # a chat's menu is set by its scope, not by a chat_id
        return ENDPOINTS[name], params | {"scope": {"type": "chat", "chat_id": message.chat_id}}
    if isinstance(message.call, AnswerInline):  # an inline query is answered by its id, in no chat
        return ENDPOINTS[name], params
    params = {"chat_id": message.chat_id, **params}
    reply_to = params.pop("reply_to", None)
    if reply_to is not None:
        params["reply_parameters"] = {"message_id": reply_to, "allow_sending_without_reply": True}
    return ENDPOINTS[name], params


async def _call(bot: ExtBot[Any], message: Outgoing) -> int | None:
    """Make the call (through the bot's rate limiter and retries, as every call); the id of the
    message it sent or changed, when Telegram says it. The answer stays JSON: nothing here reads
    it as a ``Message``, and parsing it so is the dearest step of a reply."""
    if isinstance(message.call, SendPhoto):
        return await _send_photo(bot, message.chat_id, message.call)
    endpoint, params = api_kwargs(message)
    with warnings.catch_warnings():  # PTB suggests send_message & co., which parse the answer
        warnings.simplefilter("ignore", PTBUserWarning)
        answer = await bot.do_api_request(endpoint, api_kwargs=params)
    return int(answer["message_id"]) if isinstance(answer, dict) and "message_id" in answer else None


async def _send_photo(bot: ExtBot[Any], chat_id: int, photo: SendPhoto) -> int:
    """A picture, uploaded as a file."""
    quoted = ReplyParameters(photo.reply_to, allow_sending_without_reply=True) if photo.reply_to is not None else None
    sent = await bot.send_photo(
        chat_id, photo.png, caption=photo.caption, message_thread_id=photo.thread, reply_parameters=quoted
    )
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
ReceiptSink = Callable[[int, Receipt, int, float], Awaitable[None]]

#: How a unit's transaction goes: its outbox rows (id, message), or None when its update was
#: applied before; raises when nothing of it was kept (:meth:`bot.storage.Store.commit`).
Commit = Callable[[UnitOfWork], Awaitable[list[tuple[int, Outgoing]] | None]]


class Applied(Enum):
    """What became of a unit handed to :meth:`Outbox.deliver`."""

    COMMITTED = "committed"  # its changes and messages are kept; its messages go out in order
    NOTHING = "nothing"  # it changed and said nothing: no transaction was needed
    BEFORE = "before"  # its update was applied before: nothing of it is kept again
    FAILED = "failed"  # the transaction failed: nothing of it is kept (the error is the caller's to tell)


@dataclass(frozen=True)
class Delivery:
    """The outcome of one unit: how it was applied, and the error when it failed."""

    applied: Applied
    error: Exception | None = None


@dataclass
class Outbox:
    """The committed messages not yet confirmed, by chat, and how they are sent."""

    bot: ExtBot[Any]
    sent: Callable[[int], None]  # the row went out (or was dropped): it leaves the table
    on_receipt: ReceiptSink
    retry_later: Callable[[int, float], None]  # ask the chat's line to flush again after seconds
    pace: Pace = field(default_factory=lambda: Pace(0))
    # what a send learned about the chat itself (moved, or the bot removed), for its line to handle
    told: Callable[[ChatEvent], None] = lambda event: None
    # whether this process holds the lease a row goes out under (a store with one process: always)
    may_send: Callable[[int], bool] = lambda row_id: True
    pending: dict[int, deque[Pending]] = field(default_factory=dict)
    _flushing: set[int] = field(default_factory=set)  # chats whose first row may be in flight
    _paced_until: dict[int, float] = field(default_factory=dict)  # chats with a paced flush asked for
    _chatter_dropped: set[int] = field(default_factory=set)  # groups told of in the log as over their budget
    _lease_asked: set[int] = field(default_factory=set)  # chats whose line was asked to come back for a lease

    def add(self, rows: Iterable[tuple[int, Outgoing]]) -> None:
        """Rows just committed (or found at start), in their order."""
        for row_id, message in rows:
            self.pending.setdefault(message.chat_id, deque()).append(Pending(row_id, message))

    def reload(self, chat_id: int, rows: list[tuple[int, Outgoing]]) -> None:
        """The chat's unsent rows as the shared table has them (this process has just taken the
        chat's lock): rows it knew keep their count of failures."""
        known = {pending.row_id: pending for pending in self.pending.get(chat_id, ())}
        queue = deque(known.get(row_id) or Pending(row_id, message) for row_id, message in rows)
        if queue:
            self.pending[chat_id] = queue
        else:
            self.pending.pop(chat_id, None)

    def waiting(self, chat_id: int) -> int:
        return len(self.pending.get(chat_id, ()))

    def holds(self, chat_id: int, key: str) -> bool:
        """Whether a message with ``key`` waits unsent in the chat."""
        return any(pending.message.key == key for pending in self.pending.get(chat_id, ()))

    def supersede(self, messages: list[Outgoing]) -> tuple[list[Outgoing], list[int]]:
        """The messages about to be committed, each carrying what the waiting rows it replaces
        had to tell, and the ids of those rows (to delete in the same transaction, and to
        :meth:`forget` once it committed). A row that may be in flight is never replaced."""
        gone: list[int] = []
        result: list[Outgoing] = []
        for message in messages:
            queue = self.pending.get(message.chat_id, deque())
            first = 1 if message.chat_id in self._flushing else 0
            older = [p for p in list(queue)[first:] if p.row_id not in gone and replaces(message, p.message)]
            carried = carrying(message, [p.message for p in older]) if older else None
            if carried is not None:
                gone += [p.row_id for p in older]
            result.append(carried or message)
        return result, gone

    def forget(self, row_ids: list[int]) -> None:
        """Rows superseded by a commit (deleted with it) leave the queues."""
        dropped = set(row_ids)
        for chat_id, queue in list(self.pending.items()):
            for pending in [p for p in queue if p.row_id in dropped]:
                queue.remove(pending)  # in place: the chat's flush may hold this very queue
            if not queue:
                del self.pending[chat_id]

    @property
    def chats(self) -> list[int]:
        return list(self.pending)

    async def deliver(self, unit: UnitOfWork, commit: Commit) -> Delivery:
        """Commit the unit (when it changes or says anything), its messages superseding the
        waiting rows they replace in the same transaction; then run what it asked to do once
        committed. Nothing is sent here: the chat's line sends (:meth:`flush`) once the chat's
        hold on the database is gone. A unit whose update was applied before changes nothing."""
        if not unit.changes_anything:
            return Delivery(Applied.NOTHING)
        unit.messages, superseded = self.supersede(unit.messages)
        if superseded:
            unit.statements.append(forget_rows(superseded))
        try:
            rows = await commit(unit)
        except Exception as failed:  # nothing of it is kept: nor its timers and memories; its answers still go
            return Delivery(Applied.FAILED, failed)
        if rows is None:
            return Delivery(Applied.BEFORE)
        self.forget(superseded)
        self.add(rows)
        for then in unit.after_commit:
            then()
        return Delivery(Applied.COMMITTED)

    async def flush(self, chat_id: int) -> bool:
        """Send the chat's rows in order (called from the chat's line); False when one had to
        wait for Telegram, and the rest with it, for the line to try again later."""
        self._flushing.add(chat_id)
        self._lease_asked.discard(chat_id)
        try:
            return await self._flush(chat_id)
        finally:
            self._flushing.discard(chat_id)

    async def _flush(self, chat_id: int) -> bool:
        while queue := self.pending.get(chat_id):
            if chat_id < 0 and self.pace.budget > 0 and not self._game_first(chat_id, queue):
                return False
            pending = queue[0]
            if not self.may_send(pending.row_id):
                self._wait_for_lease(chat_id)
                return False
            self.pace.spend(chat_id)
            outcome = await self._try(pending)
            if outcome is LATER:
                return False
            queue.popleft()
            if not queue:
                self.pending.pop(chat_id, None)
            self.sent(pending.row_id)
            if isinstance(outcome, Sent) and outcome.message_id is not None and pending.message.receipt is not None:
                await self.on_receipt(chat_id, pending.message.receipt, outcome.message_id, time.time())
        return True

    def _wait_for_lease(self, chat_id: int) -> None:
        """Another process sends the chat's earlier rows (or this one's lease lapsed): the line asks
        again a moment later (once, however many items come meanwhile), and takes the lease then."""
        if chat_id not in self._lease_asked:
            self._lease_asked.add(chat_id)
            self.retry_later(chat_id, LEASE_WAIT_SECONDS)

    def _game_first(self, chat_id: int, queue: deque[Pending]) -> bool:
        """Put first the paced group's row that may go now, and say whether there is one: rows
        in order, except that the game's own messages pass replies to commands while the group's
        tokens are low, and replies beyond ``MAX_WAITING_CHATTER`` are dropped, oldest first."""
        self._drop_chatter(chat_id, queue)
        game = next((i for i, pending in enumerate(queue) if not chatter(pending.message)), None)
        if game is None:  # only replies wait: they leave the game a token
            return not self._over_budget(chat_id, CHATTER_NEEDS)
        if game > 0 and self.pace.wait(chat_id, CHATTER_NEEDS) <= 0:
            return True  # tokens to spare: the reply first, in order
        if self._over_budget(chat_id):
            return False
        if game > 0:
            first = queue[game]
            del queue[game]
            queue.appendleft(first)  # the row about to be sent is always the first (see supersede)
        return True

    def _drop_chatter(self, chat_id: int, queue: deque[Pending]) -> None:
        replies = [pending for pending in queue if chatter(pending.message)]
        if len(replies) <= MAX_WAITING_CHATTER:
            return
        for pending in replies[: len(replies) - MAX_WAITING_CHATTER]:
            queue.remove(pending)
            self.sent(pending.row_id)
        if chat_id not in self._chatter_dropped:
            self._chatter_dropped.add(chat_id)
            log.info("group %d asks more than its message budget allows: replies to commands are dropped", chat_id)

    def _over_budget(self, chat_id: int, need: float = 1.0) -> bool:
        """The group has fewer than ``need`` tokens now: its line is asked to flush again once
        they are back (once, however many items come meanwhile)."""
        wait = self.pace.wait(chat_id, need)
        if wait <= 0:
            self._paced_until.pop(chat_id, None)
            return False
        now = self.pace.clock()
        asked = self._paced_until.get(chat_id, 0.0)
        if asked < now or asked > now + wait + 0.01:  # none asked for, or one later than a game's row needs
            self._paced_until[chat_id] = now + wait
            self.retry_later(chat_id, wait + 0.01)
        return True

    async def _try(self, pending: Pending) -> Sent | _Outcome:
        """Sent (with the message's id when Telegram gave one), ``DROPPED`` when Telegram refused
        it for good, ``LATER`` when it should be tried again later."""
        message = pending.message
        try:
            return Sent(await _call(self.bot, message))
        except ChatMigrated as error:  # the group became a supergroup: its rows follow it there
            self.told(ChatMoved(error.new_chat_id, old=message.chat_id))
            return LATER
        except Forbidden as error:  # blocked by the user, or kicked from the group
            if message.chat_id < 0:  # the group's line stops its game and drops the rest (one line)
                self.told(LeftChat(message.chat_id))
            else:
                log.info("chat %d does not take messages (%s); a message was dropped", message.chat_id, error)
            self._drop_chat(message.chat_id)
            return DROPPED
        except BadRequest as error:  # not modified, too old to edit, message gone
            log.info("Telegram refused a %s for chat %d: %s", _kind(message), message.chat_id, error)
            return DROPPED
        except (RetryAfter, NetworkError) as error:
            log.warning("a message to chat %d waits for Telegram (%s); it is kept", message.chat_id, error)
        except (TelegramError, ValueError, TypeError) as error:
            pending.failures += 1
            if pending.failures >= MAX_FAILURES:
                log.error(
                    "dropped a %s for chat %d after %d failures: %s",
                    _kind(message),
                    message.chat_id,
                    pending.failures,
                    error,
                )
                return DROPPED
            log.warning("a message to chat %d failed (%s); it is kept", message.chat_id, error)
        self.retry_later(message.chat_id, RETRY_SECONDS)
        return LATER

    def move(self, old: int, new: int) -> None:
        """The chat moved to a new id (its rows were re-addressed in the file): its waiting
        messages go to the new one, but the one in flight, whose own answer tells the move again."""
        queue = self.pending.get(old)
        if not queue:
            return
        moving = list(queue)[1 if old in self._flushing else 0 :]
        for pending in moving:
            queue.remove(pending)
            pending.message = replace(pending.message, chat_id=new)
        if not queue:
            del self.pending[old]
        self.pending.setdefault(new, deque()).extend(moving)

    def drop(self, chat_id: int) -> int:
        """The chat takes no more messages (the bot was removed): its waiting rows go; how many."""
        queue = self.pending.get(chat_id)
        dropped = 0
        while queue is not None and len(queue) > (1 if chat_id in self._flushing else 0):
            self.sent(queue.pop().row_id)
            dropped += 1
        if queue is not None and not queue:
            del self.pending[chat_id]
        return dropped

    def _drop_chat(self, chat_id: int) -> None:
        """A chat that blocked the bot takes none of its other waiting messages either."""
        queue = self.pending.get(chat_id)
        while queue is not None and len(queue) > 1:
            self.sent(queue.pop().row_id)


def _kind(message: Outgoing) -> str:
    return type(message.call).__name__


async def answer(bot: ExtBot[Any], query_id: str, text: str | None, alert: bool) -> None:
    """Stop a pressed button's spinner (with a note). Not kept: an answer is worth nothing after
    a restart, as Telegram forgets the press within seconds."""
    try:
        await bot.answer_callback_query(query_id, text=text, show_alert=alert)
    except TelegramError as error:
        log.info("could not answer a button press: %s", error)


def answer_all(bot: ExtBot[Any], answers: Iterable[tuple[str, str | None, bool]]) -> Awaitable[Any]:
    return asyncio.gather(*(answer(bot, query_id, text, alert) for query_id, text, alert in answers))
