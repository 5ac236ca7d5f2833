"""The bot's HTTP client for the Bot API: aiohttp instead of PTB's default httpx.

Measured with ``benchmarks/bench_bot_load.py``: under load, httpx/httpcore spends
most of the bot's CPU on its connection pool (it re-checks every pooled
connection for every request), which capped the bot near 100 updates/s on two
cores. aiohttp's pool costs a fraction of that per call. Faults map onto PTB's
errors exactly as with httpx: a timeout is ``TimedOut``, any other failure to
talk to the server is ``NetworkError``, so retries and the error handler see
the same exceptions.

Parameters travel as one JSON body (the Bot API takes ``application/json``):
aiohttp's form encoding builds a multipart writer and URL-quotes every value
for each call, which the profile showed as a tenth of the bot's CPU.

Kinds of calls do not wait on each other: long polling has its own connection,
callback answers (which Telegram wants within seconds) their own pool and a
shorter timeout, and replies the rest, so calls that hang fill only their own pool.

:class:`PollingBot` is the bot that polls: it skips an update python-telegram-bot
cannot read (else PTB fetches the same batch for ever) and reports a token that
Telegram refuses while polling (else polling ends and the process lingers), and keeps
each fetched batch in the durable inbox before PTB may confirm it (PTB confirms a
batch with its next getUpdates, before handling it; a crash then lost the batch).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable, Mapping, Sequence
from datetime import timedelta
from typing import Any, Protocol

import aiohttp
from telegram import Bot, Update
from telegram.error import BadRequest, InvalidToken, NetworkError, RetryAfter, TelegramError, TimedOut
from telegram.ext import ExtBot
from telegram.request import BaseRequest, RequestData

from bot.core.resilience import PatientRateLimiter, StopDeadline
from bot.core.settings import Settings
from bot.delivery.reading import read_update, what_handlers_read
from bot.storage import StoreWriteError

log = logging.getLogger(__name__)

JSON_BODY = {"Content-Type": "application/json"}

#: The update types the bot has handlers for; Telegram sends no others.
HANDLED_UPDATES = (
    Update.MESSAGE,
    Update.CALLBACK_QUERY,
    Update.INLINE_QUERY,
    Update.MY_CHAT_MEMBER,
    Update.CHAT_MEMBER,
)

#: Calls with their own pool: answering a button press must not wait behind replies.
ANSWERS = frozenset({"answerCallbackQuery"})


class AiohttpRequest(BaseRequest):
    """Bot API calls over one aiohttp session with at most ``connections`` open at once."""

    def __init__(self, connections: int, timeout: float, deadline: StopDeadline | None = None) -> None:
        self.connections = connections
        self.timeout = timeout
        self.deadline = deadline or StopDeadline()
        self._session: aiohttp.ClientSession | None = None

    @property
    def read_timeout(self) -> float | None:
        return self.timeout

    async def initialize(self) -> None:
        if self._session is None or self._session.closed:
            connector = aiohttp.TCPConnector(limit=self.connections)
            self._session = aiohttp.ClientSession(connector=connector, headers={"User-Agent": self.USER_AGENT})

    async def shutdown(self) -> None:
        if self._session is not None:
            await self._session.close()
            self._session = None

    async def do_request(  # noqa: PLR0917 (the signature is PTB's)
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: object = BaseRequest.DEFAULT_NONE,
        write_timeout: object = BaseRequest.DEFAULT_NONE,
        connect_timeout: object = BaseRequest.DEFAULT_NONE,
        pool_timeout: object = BaseRequest.DEFAULT_NONE,
    ) -> tuple[int, bytes]:
        if self._session is None:
            raise RuntimeError("AiohttpRequest is not initialized")
        timeout = aiohttp.ClientTimeout(
            total=None,
            connect=_seconds(pool_timeout, self.timeout) + _seconds(connect_timeout, self.timeout),
            sock_read=_seconds(read_timeout, self.timeout),
        )
        body: bytes | aiohttp.FormData | None = None
        headers: dict[str, str] | None = None
        if request_data is not None and request_data.contains_files:  # a picture (sendPhoto): multipart
            body = _multipart(request_data)
        elif request_data is not None and request_data.parameters:
            body, headers = json.dumps(request_data.parameters).encode(), JSON_BODY
        try:
            async with (
                self.deadline.bounded(),
                self._session.request(method, url, data=body, headers=headers, timeout=timeout) as response,
            ):
                return response.status, await response.read()
        except TimeoutError as error:  # the call's own timeout, or the stop deadline
            raise TimedOut from error
        except aiohttp.ClientError as error:
            raise NetworkError(f"aiohttp.{type(error).__name__}: {error}") from error


def _multipart(request_data: RequestData) -> aiohttp.FormData:
    """A call with a file (only the reviews' pictures): its parameters as form fields, JSON-encoded
    as the Bot API reads them, and each file as a part. Rare, so the form's cost does not matter."""
    form = aiohttp.FormData()
    for name, value in request_data.json_parameters.items():
        form.add_field(name, value)
    for name, (filename, content, mimetype) in request_data.multipart_data.items():
        form.add_field(name, content, filename=filename or name, content_type=mimetype)
    return form


class Lanes(BaseRequest):
    """Routes each call by its Bot API method to its own pool; the rest go to ``default``."""

    def __init__(self, default: AiohttpRequest, by_method: Mapping[str, AiohttpRequest]) -> None:
        self.default = default
        self.by_method = dict(by_method)

    def _all(self) -> list[AiohttpRequest]:
        return [self.default, *{id(r): r for r in self.by_method.values()}.values()]

    @property
    def read_timeout(self) -> float | None:
        return self.default.read_timeout

    async def initialize(self) -> None:
        for request in self._all():
            await request.initialize()

    async def shutdown(self) -> None:
        for request in self._all():
            await request.shutdown()

    async def do_request(  # noqa: PLR0917 (the signature is PTB's)
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: object = BaseRequest.DEFAULT_NONE,
        write_timeout: object = BaseRequest.DEFAULT_NONE,
        connect_timeout: object = BaseRequest.DEFAULT_NONE,
        pool_timeout: object = BaseRequest.DEFAULT_NONE,
    ) -> tuple[int, bytes]:
        lane = self.by_method.get(url.rpartition("/")[2], self.default)
        return await lane.do_request(
            url, method, request_data, read_timeout, write_timeout, connect_timeout, pool_timeout
        )


class UpdatesRequest(AiohttpRequest):
    """The connection long polling uses. Each batch Telegram sends is read here, before
    python-telegram-bot parses it (``parse_json_payload``, which PTB documents for overriding):
    an update the bot cannot read is skipped with one WARNING line and stands as an empty update
    with its id, so polling confirms it and goes on; the readable bodies are what the inbox keeps.
    (Left in, PTB failed on the whole batch and fetched it again for ever.)"""

    def __init__(self, timeout: float, deadline: StopDeadline | None = None) -> None:
        super().__init__(1, timeout, deadline)
        self.fetched: list[dict[str, Any]] = []  # the last batch's readable updates, as Telegram sent them
        self.skipped = 0

    def parse_json_payload(self, payload: bytes) -> dict[str, Any]:  # type: ignore[override]
        """PTB's parse (an instance method here: a static one could not note the batch)."""
        data: dict[str, Any] = BaseRequest.parse_json_payload(payload)
        batch = data.get("result")
        if isinstance(batch, list):  # only getUpdates goes through this connection
            data["result"] = self._readable(batch)
        return data

    def _readable(self, batch: list[Any]) -> list[dict[str, Any]]:
        fetched, readable = [], []
        for body in batch:
            mend_text(body)
            problem = unreadable(body, parse=False)  # PTB's own parse of the batch comes next
            if problem is None:
                fetched.append(body)
                readable.append(what_handlers_read(body))  # the inbox keeps the body as sent
                continue
            skipped_update(body, problem)
            self.skipped += 1
            if isinstance(body, dict) and isinstance(body.get("update_id"), int):
                readable.append({"update_id": body["update_id"]})
        self.fetched = fetched
        return readable


class PolledInbox(Protocol):
    """Where a polled batch is kept before polling may confirm it (the delivery's inbox:
    :class:`bot.delivery.runtime.ChatRuntime`)."""

    async def keep_batch(self, bodies: Sequence[Mapping[str, Any]]) -> None:
        """Keep the batch durably; ``StoreWriteError`` when the store refuses it."""
        ...

    def replayed_up_to(self) -> int:
        """The highest id replayed at start that Telegram may still hand out (0: none)."""
        ...

    async def my_turn_to_poll(self) -> bool:
        """Whether this process polls now (several processes on one database take turns)."""
        ...


class PollingBot(ExtBot[None]):
    """The bot, with long polling that survives an update it cannot read and tells when the
    token is refused (the ``when_refused`` callback runs, ``refused`` turns true). Its
    ``get_updates_request`` is an :class:`UpdatesRequest` (one is made when none is given).
    With an ``inbox``, each fetched batch is kept there before python-telegram-bot may confirm
    it, and updates replayed at start are confirmed by the first poll rather than fetched again.
    (PTB freezes a bot's public attributes, hence the underscores.)"""

    def __init__(
        self, *args: Any, deadline: StopDeadline | None = None, inbox: PolledInbox | None = None, **kwargs: Any
    ) -> None:
        deadline = deadline or StopDeadline()
        updates = kwargs.get("get_updates_request")
        if not isinstance(updates, UpdatesRequest):
            updates = kwargs["get_updates_request"] = UpdatesRequest(DEFAULT_TIMEOUT, deadline)
        super().__init__(*args, **kwargs)
        self._updates = updates
        self._deadline = deadline
        self._refused = False
        self._pause = 0.0  # seconds polling waits after its next failure (grows while Telegram fails)
        self._on_refused: Callable[[], None] | None = None
        self._inbox = inbox
        self._kept_up_to: int | None = None  # replayed updates up to here (read at the first poll)
        self._polled: frozenset[int] = frozenset()  # the last batch's ids
        _quiet_parse_failures()

    @property
    def refused(self) -> bool:
        """Whether Telegram refused the token while polling (revoked, or a wrong base URL)."""
        return self._refused

    @property
    def skipped(self) -> int:
        """How many updates could not be read and were skipped."""
        return self._updates.skipped

    def end_calls_within(self, seconds: float) -> None:
        """The bot is stopping: every call to Telegram, those under way too, ends within ``seconds``."""
        self._deadline.start(seconds)

    def when_refused(self, callback: Callable[[], None]) -> None:
        self._on_refused = callback

    def polled(self, update_id: int) -> bool:
        """Whether the update came with the last batch polled (kept with it, so not again)."""
        return update_id in self._polled

    async def get_updates(
        self,
        offset: int | None = None,
        limit: int | None = None,
        timeout: Any = None,
        allowed_updates: Sequence[str] | None = None,
        **kwargs: Any,
    ) -> tuple[Update, ...]:
        if self._inbox is not None and not await self._inbox.my_turn_to_poll():
            return ()
        if self._kept_up_to is None:
            self._kept_up_to = self._inbox.replayed_up_to() if self._inbox is not None else 0
        if self._kept_up_to and (offset or 0) <= self._kept_up_to:
            offset = self._kept_up_to + 1
        try:
            updates = await super().get_updates(offset, limit, timeout, allowed_updates, **kwargs)
        except InvalidToken:
            self._refused = True
            if self._on_refused is not None:
                self._on_refused()
            raise
        except (RetryAfter, NetworkError) as error:
            if isinstance(error, TimedOut | BadRequest):
                raise  # PTB polls again at once
            if self._deadline.stopping:
                # Nothing to wait for: the stop ends this poll. Raised, PTB's polling loop would
                # sleep out Telegram's "retry after" (30 s) where its stop cannot cut it short.
                return ()
            await self._wait_after(error)
            return ()
        except TelegramError:
            raise
        except Exception:  # PTB could not parse an update of the batch: each is read alone
            updates = self._each_readable()
        self._pause = 0.0
        self._kept_up_to = 0  # confirmed now
        return await self._kept(updates)

    def _each_readable(self) -> tuple[Update, ...]:
        """The last batch, each update parsed alone: one PTB cannot parse is skipped as any other
        unreadable one. (Parsing every update twice, here and in PTB, would cost 0.7 ms an update.)"""
        updates, kept = [], []
        for body in self._updates.fetched:
            read = readable(body, self)
            if isinstance(read, Update):
                updates.append(read)
                kept.append(body)
                continue
            problem = read
            skipped_update(body, problem)
            self._updates.skipped += 1
            placeholder = Update(int(body["update_id"]))
            placeholder.set_bot(self)
            updates.append(placeholder)
        self._updates.fetched = kept
        return tuple(updates)

    async def _wait_after(self, error: RetryAfter | NetworkError) -> None:
        """Wait before polling again after a 429 or a 5xx, here rather than in PTB's polling
        loop: PTB's waits (up to 30 s) do not end when the bot stops, this one does (the poll
        is cancelled), so a stop never waits for Telegram's "retry after"."""
        if isinstance(error, RetryAfter):
            after = error.retry_after
            seconds = (after.total_seconds() if isinstance(after, timedelta) else float(after)) + 0.5
        else:
            self._pause = min(POLL_PAUSE_MAX, self._pause * 1.5 or 1.0)
            seconds = self._pause
        log.warning("getUpdates failed (%s); polling again in %.1f s", error, seconds)
        await asyncio.sleep(seconds)

    async def _kept(self, updates: tuple[Update, ...]) -> tuple[Update, ...]:
        """The batch, kept in the inbox before polling may confirm it. When the disk refuses
        (full, or another process holding the file's lock; the store logs it), the batch is not
        handed on: polling asks for it again after a pause, and Telegram keeps it meanwhile, so
        a crash then loses nothing. (Handed on unkept, it was confirmed by the next poll, and a
        SIGKILL before its saves lost it.)"""
        fetched = self._updates.fetched
        if fetched and self._inbox is not None:
            try:
                await self._inbox.keep_batch(fetched)
            except StoreWriteError:
                self._polled = frozenset()
                await asyncio.sleep(UNKEPT_PAUSE)
                return ()
        self._polled = frozenset(update.update_id for update in updates)
        return updates


#: The wait before asking again for a batch the store could not keep.
UNKEPT_PAUSE = 1.0
#: The longest wait between polls while Telegram keeps failing (PTB's own cap).
POLL_PAUSE_MAX = 30.0

#: The kinds of update that carry a message, which must say in which chat it was written.
MESSAGE_KINDS = ("message", "edited_message", "channel_post", "edited_channel_post")


def mend_text(body: object) -> bool:
    """Replace, in place, each character of the update's text that is not valid Unicode (a lone
    UTF-16 surrogate, which Telegram may pass on and which SQLite and every reply refuse) with
    U+FFFD, so the update is read and answered like any other; whether there was any."""
    mended = False
    items = list(body.items()) if isinstance(body, dict) else list(enumerate(body)) if isinstance(body, list) else []
    for key, value in items:
        if isinstance(value, str) and not _is_unicode(value):
            body[key] = value.encode("utf-16", "surrogatepass").decode("utf-16", "replace")  # type: ignore[index]
            mended = True
        elif isinstance(value, dict | list):
            mended = mend_text(value) or mended
    return mended


def _is_unicode(text: str) -> bool:
    try:
        text.encode()
    except UnicodeEncodeError:
        return False
    return True


def unreadable(body: object, *, parse: bool = True) -> str | None:
    """Why the bot cannot read this update (None when it can): not an update, text that is
    not valid Unicode (a lone UTF-16 surrogate, which SQLite and every reply refuse), a
    message without a chat, or (``parse``) anything python-telegram-bot cannot parse."""
    if not parse:
        return _unusable(body)
    read = readable(body, None)
    return read if isinstance(read, str) else None


def readable(body: object, bot: Bot | None) -> Update | str:
    """The update as its handlers read it (``bot.delivery.reading``), parsed once; or, as a
    string, why the bot cannot read it (:func:`unreadable`)."""
    problem = _unusable(body)
    if problem is not None:
        return problem
    assert isinstance(body, dict)  # _unusable said so
    try:
        return read_update(body, bot)
    except Exception as error:  # whatever PTB raises on a field it cannot read
        return f"python-telegram-bot cannot parse it ({type(error).__name__})"


def _unusable(body: object) -> str | None:
    """Why the body is no update a handler could take, before any parse (None: it may be)."""
    if not isinstance(body, dict) or not isinstance(body.get("update_id"), int):
        return "not an update"
    try:
        json.dumps(body, ensure_ascii=False).encode()
    except UnicodeEncodeError:
        return "text that is not valid Unicode"
    except (TypeError, ValueError):
        return "not JSON"
    return _missing_part(body)


def _missing_part(body: Mapping[str, Any]) -> str | None:
    """What PTB lets pass as None but every handler needs: a message's chat, a press's user."""
    query = body.get("callback_query")
    messages = [body.get(kind) for kind in MESSAGE_KINDS]
    if query is not None:
        if not (isinstance(query, dict) and isinstance(query.get("from"), dict)):
            return "a button press without its user"
        messages.append(query.get("message"))  # absent for a button under an inline message
    if any(m is not None and not (isinstance(m, dict) and isinstance(m.get("chat"), dict)) for m in messages):
        return "a message without a chat"
    return None


def skipped_update(body: object, problem: str) -> None:
    """The one line for a skipped update: its id and kinds, never what the player wrote."""
    fields = body if isinstance(body, dict) else {}
    kinds = sorted(str(k) for k in fields if k != "update_id")
    log.warning("skipped update %s (%s) that could not be read: %s", fields.get("update_id"), kinds, problem)


#: python-telegram-bot's loggers that write about polling: the bot's (by its class) and the Updater's.
PTB_POLLING_LOGGERS = ("telegram.Bot", "telegram.ext.ExtBot", "telegram.ext.Updater")


def _quiet_parse_failures() -> None:
    """PTB logs a batch it cannot read at CRITICAL with every update in it, players' texts
    included. :class:`UpdatesRequest` skips such updates before PTB sees them; should PTB still
    fail on a batch, its lines are kept, without the data."""
    for name in PTB_POLLING_LOGGERS:
        named = logging.getLogger(name)
        if not any(isinstance(f, _PlainLines) for f in named.filters):
            named.addFilter(_PlainLines())


class _PlainLines(logging.Filter):
    """Rewrites PTB's long lines about polling into one line each, of our own: its dump of a batch
    it could not parse goes (PollingBot reads that batch update by update and logs each update it
    skips); other dumps of unreadable updates keep their level with the error's kind only; its
    traceback when the last getUpdates of a stop fails (Telegram hangs, the stop deadline cut
    it off) becomes one WARNING, as nothing is lost: the updates come again and are answered once."""

    PARSE_FAILED = "Error while parsing updates!"  # PollingBot then reads the batch update by update
    DUMPS = ("Something went wrong processing the data received from Telegram",)
    LAST_POLL = "Error while calling `get_updates` one more time"

    def filter(self, record: logging.LogRecord) -> bool:
        message = str(record.msg)
        error = record.exc_info[1] if record.exc_info else None
        kind = type(error).__name__ if error is not None else "unknown error"
        if message.startswith(self.PARSE_FAILED):
            return False  # replaced by PollingBot's one line for each update it skips
        if message.startswith(self.DUMPS):
            _rewrite(record, "python-telegram-bot could not read a batch of updates (%s); its data is not logged", kind)
        elif message.startswith(self.LAST_POLL):
            _rewrite(record, "the last getUpdates did not go through (%s): Telegram will send its updates again", kind)
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


def _rewrite(record: logging.LogRecord, message: str, kind: str) -> None:
    record.msg, record.args = message, (kind,)
    record.exc_info, record.exc_text = None, None


def make_bot(settings: Settings, token: str, inbox: PolledInbox | None = None) -> PollingBot:
    """The bot with its three pools (updates, callback answers, replies), each timed for its kind;
    ``inbox``: where each polled batch is kept first."""
    timeout = settings.telegram_timeout_seconds
    deadline = StopDeadline()  # one for every call: see PollingBot.end_calls_within
    replies = AiohttpRequest(settings.telegram_connections, timeout, deadline)
    answers = AiohttpRequest(max(4, settings.telegram_connections // 4), min(timeout, ANSWER_TIMEOUT), deadline)
    limiter = PatientRateLimiter(  # groups are paced by the outbox (GROUP_MESSAGES_PER_MINUTE), not held here
        retries=settings.telegram_retries,
        overall_max_rate=settings.telegram_max_rate,
        group_max_rate=0,
        deadline=deadline,
    )
    return PollingBot(
        token,
        base_url=settings.telegram_api_base_url,
        base_file_url=settings.telegram_api_base_file_url,
        request=Lanes(replies, dict.fromkeys(ANSWERS, answers)),
        get_updates_request=UpdatesRequest(timeout, deadline),
        rate_limiter=limiter,
        deadline=deadline,
        inbox=inbox,
    )


#: The timeout (seconds) of a PollingBot's calls when it is made without its own connection for updates.
DEFAULT_TIMEOUT = 10.0

#: Telegram shows "loading" on a pressed button until it is answered, and drops the answer
#: after about 15 s; an answer that has not gone in this long is not worth waiting for.
ANSWER_TIMEOUT = 5.0


def _seconds(value: object, default: float) -> float:
    """A timeout PTB passed, or ours when it passed none (None, or its ``DEFAULT_NONE`` marker).
    Typed ``object`` so that PTB's own annotation, a type from its private modules, is not needed."""
    if isinstance(value, int | float):
        return float(value)
    return default
