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

import contextlib
import json
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

import aiohttp
from telegram import Update
from telegram._utils.defaultvalue import DefaultValue
from telegram._utils.types import ODVInput
from telegram.error import InvalidToken, NetworkError, TelegramError, TimedOut
from telegram.ext import ExtBot
from telegram.request import BaseRequest, RequestData

from bot.resilience import PatientRateLimiter
from bot.settings import Settings
from bot.storage import StoreWriteError

log = logging.getLogger(__name__)

JSON_BODY = {"Content-Type": "application/json"}

#: The update types the bot has handlers for; Telegram sends no others.
HANDLED_UPDATES = (Update.MESSAGE, Update.CALLBACK_QUERY)

#: Calls with their own pool: answering a button press must not wait behind replies.
ANSWERS = frozenset({"answerCallbackQuery"})


class AiohttpRequest(BaseRequest):
    """Bot API calls over one aiohttp session with at most ``connections`` open at once."""

    def __init__(self, connections: int, timeout: float) -> None:
        self.connections = connections
        self.timeout = timeout
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
        read_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        write_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        connect_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        pool_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
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
            async with self._session.request(method, url, data=body, headers=headers, timeout=timeout) as response:
                return response.status, await response.read()
        except TimeoutError as error:
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
        read_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        write_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        connect_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        pool_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
    ) -> tuple[int, bytes]:
        lane = self.by_method.get(url.rpartition("/")[2], self.default)
        return await lane.do_request(
            url, method, request_data, read_timeout, write_timeout, connect_timeout, pool_timeout
        )


class PollingBot(ExtBot[None]):
    """The bot, with long polling that survives an update it cannot read and tells when the
    token is refused (the ``when_refused`` callback runs, ``refused`` turns true).
    (PTB freezes a bot's public attributes, hence the underscores.)"""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._refused = False
        self._on_refused: Callable[[], None] | None = None
        self._skipped = 0
        self._keep: Callable[[Sequence[Mapping[str, Any]]], Awaitable[None]] | None = None
        self._kept_up_to = 0  # replayed updates up to here: the first poll confirms them
        self._fetched: list[dict[str, Any]] = []  # the last batch as Telegram sent it
        self._polled: frozenset[int] = frozenset()  # the last batch's ids
        _quiet_parse_failures(self._LOGGER)

    @property
    def refused(self) -> bool:
        """Whether Telegram refused the token while polling (revoked, or a wrong base URL)."""
        return self._refused

    @property
    def skipped(self) -> int:
        """How many updates could not be read and were skipped."""
        return self._skipped

    def when_refused(self, callback: Callable[[], None]) -> None:
        self._on_refused = callback

    def keep_fetched(self, keep: Callable[[Sequence[Mapping[str, Any]]], Awaitable[None]], kept_up_to: int) -> None:
        """From now on each fetched batch goes through ``keep`` (durably) before polling sees
        it; updates up to ``kept_up_to`` are kept already (replayed), so the first poll that
        gets through confirms them rather than fetching them again. Only that one: after it
        polling follows Telegram's ids, which may restart lower after a week without updates,
        and raising its offset again would confirm those unseen."""
        self._keep = keep
        self._kept_up_to = kept_up_to

    def polled(self, update_id: int) -> bool:
        """Whether the update came with the last batch polled (kept with it, so not again)."""
        return update_id in self._polled

    async def _post(self, endpoint: str, data: Any = None, **kwargs: Any) -> Any:
        result = await super()._post(endpoint, data, **kwargs)
        if endpoint == "getUpdates":
            self._fetched = list(result)
        return result

    async def get_updates(
        self,
        offset: int | None = None,
        limit: int | None = None,
        timeout: Any = None,
        allowed_updates: Sequence[str] | None = None,
        **kwargs: Any,
    ) -> tuple[Update, ...]:
        if self._kept_up_to and (offset or 0) <= self._kept_up_to:
            offset = self._kept_up_to + 1
        try:
            updates = await super().get_updates(offset, limit, timeout, allowed_updates, **kwargs)
        except InvalidToken:
            self._refused = True
            if self._on_refused is not None:
                self._on_refused()
            raise
        except TelegramError:
            raise
        except Exception:  # PTB could not read one of the updates: read them one by one
            updates = await self._readable_updates(offset, limit, allowed_updates)
        self._kept_up_to = 0  # confirmed now
        return await self._kept(updates)

    async def _kept(self, updates: tuple[Update, ...]) -> tuple[Update, ...]:
        """The batch, kept in the inbox before polling may confirm it. When the disk refuses
        (the store logs it), the batch goes on unkept rather than the bot falling silent until
        the disk is back: its saves fail the same way, so its players are asked to try again,
        and a crash can lose no move, only such an answer."""
        self._polled = frozenset(update.update_id for update in updates)
        if updates and self._keep is not None:
            with contextlib.suppress(StoreWriteError):
                await self._keep(self._fetched)
        return updates

    async def _readable_updates(
        self, offset: int | None, limit: int | None, allowed_updates: Sequence[str] | None
    ) -> tuple[Update, ...]:
        """The same batch again, each update read alone; one PTB cannot read stands as an
        empty update with its id, so polling confirms it and goes on."""
        data = {"offset": offset, "limit": limit, "timeout": 0, "allowed_updates": allowed_updates}
        raw: list[dict[str, Any]] = await self._post("getUpdates", {k: v for k, v in data.items() if v is not None})
        updates = []
        for body in raw:
            try:
                update = Update.de_json(body, self)
            except Exception as error:
                update_id = int(body.get("update_id", 0))
                kinds = sorted(k for k in body if k != "update_id")
                log.warning("skipped update %d (%s) that could not be read: %s", update_id, kinds, type(error).__name__)
                self._skipped += 1
                update = Update(update_id)
                update.set_bot(self)
            updates.append(update)
        return tuple(updates)


def _quiet_parse_failures(logger: logging.Logger) -> None:
    """PTB logs a batch it cannot read at CRITICAL with every update in it, players' texts
    included; :class:`PollingBot` logs one line without them instead."""
    if not any(isinstance(f, _DropBatchDumps) for f in logger.filters):
        logger.addFilter(_DropBatchDumps())
    updater = logging.getLogger("telegram.ext.Updater")
    if not any(isinstance(f, _DropBatchDumps) for f in updater.filters):
        updater.addFilter(_DropBatchDumps())


class _DropBatchDumps(logging.Filter):
    DUMPS = ("Error while parsing updates!", "Something went wrong processing the data received from Telegram")

    def filter(self, record: logging.LogRecord) -> bool:
        return not str(record.msg).startswith(self.DUMPS)


def make_bot(settings: Settings, token: str) -> PollingBot:
    """The bot with its three pools (updates, callback answers, replies), each timed for its kind."""
    timeout = settings.telegram_timeout_seconds
    replies = AiohttpRequest(settings.telegram_connections, timeout)
    answers = AiohttpRequest(max(4, settings.telegram_connections // 4), min(timeout, ANSWER_TIMEOUT))
    return PollingBot(
        token,
        base_url=settings.telegram_api_base_url,
        base_file_url=settings.telegram_api_base_file_url,
        request=Lanes(replies, dict.fromkeys(ANSWERS, answers)),
        get_updates_request=AiohttpRequest(1, timeout),
        rate_limiter=PatientRateLimiter(retries=settings.telegram_retries, overall_max_rate=settings.telegram_max_rate),
    )


#: Telegram shows "loading" on a pressed button until it is answered, and drops the answer
#: after about 15 s; an answer that has not gone in this long is not worth waiting for.
ANSWER_TIMEOUT = 5.0


def _seconds(value: ODVInput[float], default: float) -> float:
    """A timeout PTB passed, or ours when it passed none."""
    if isinstance(value, DefaultValue) or value is None:
        return default
    return float(value)
