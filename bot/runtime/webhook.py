"""The webhook server: the bot's own, on tornado, built to hold under abuse.

It is python-telegram-bot's documented custom-webhook pattern (its ``customwebhookbot.py``): a
server the bot owns hands each update to delivery (:meth:`bot.delivery.runtime.ChatRuntime.receive`,
which keeps it in the inbox and says so with a typed ``Received``), and the bot registers the URL
with ``set_webhook``; PTB's own webhook server lives in its private modules, and configuring it
meant replacing tornado's server class for the whole process. This one adds:

* timeouts: a connection idle or still sending its headers after ``idle_seconds`` is
  closed, and so is one whose body takes longer than ``body_seconds`` (tornado's own
  defaults are an hour);
* a bound on held connections: at ``max_connections`` the one that has made no progress
  for longest is closed for the newcomer, so a flood of slow clients cannot starve
  Telegram's own calls by taking every file descriptor;
* an accept loop that survives running out of file descriptors: it pauses and logs one line
  per minute, with a count, where tornado's would raise on every turn of the event loop;
* an answer for every body: bad JSON or something that is not an update gets 400 (a 500 is
  retried by Telegram for ever); an update the bot cannot read is skipped with one WARNING line
  and answered 200, so Telegram does not send it again; an update the store could not keep gets
  503, so Telegram posts it again; a wrong content type or a missing or wrong secret token gets
  403, as from PTB's server;
* no player's text in the log, at any level.
"""

from __future__ import annotations

import errno
import hmac
import json
import logging
import re
import socket
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any
from urllib.parse import urlparse

import tornado.web
from telegram import Bot, Update
from telegram.ext import ExtBot
from tornado import httputil
from tornado.http1connection import HTTP1ServerConnection
from tornado.httpserver import HTTPServer
from tornado.ioloop import IOLoop
from tornado.iostream import IOStream

from bot.core.settings import Settings
from bot.delivery.inbox import Received
from bot.runtime.transport import HANDLED_UPDATES, mend_text, readable, skipped_update

log = logging.getLogger(__name__)

#: What delivery does with a posted update (parsed, and its body as posted): keep it (and say whether it could).
Receive = Callable[[Update, Mapping[str, Any]], Awaitable[Received]]

#: A fault that repeats (a flood of bad bodies, no file descriptors left) is logged at most this often.
REPEAT_SECONDS = 60.0
#: How long accepting pauses when the process has no file descriptor left.
ACCEPT_PAUSE = 0.1


@dataclass(frozen=True)
class Limits:
    """What one webhook connection may take: see ``.env.example`` (WEBHOOK_*)."""

    idle_seconds: float
    body_seconds: float
    max_connections: int
    max_body_bytes: int


def limits_of(settings: Settings) -> Limits:
    """The limits the settings give (WEBHOOK_IDLE_SECONDS, WEBHOOK_BODY_SECONDS, …)."""
    return Limits(
        idle_seconds=settings.webhook_idle_seconds,
        body_seconds=settings.webhook_body_seconds,
        max_connections=settings.webhook_max_connections,
        max_body_bytes=settings.webhook_max_body_bytes,
    )


@dataclass(frozen=True)
class Hook:
    """Where the webhook listens and what it tells Telegram (WEBHOOK_URL and the rest)."""

    listen: str
    port: int
    url_path: str  # the path of ``url``, which the server routes to the update handler
    url: str
    secret_token: str | None = None
    allowed_updates: Sequence[str] | None = HANDLED_UPDATES


def hook_of(settings: Settings) -> Hook:
    """The webhook the settings describe (WEBHOOK_URL must be set)."""
    assert settings.webhook_url is not None, "webhook mode needs WEBHOOK_URL"
    secret = settings.webhook_secret_token.get_secret_value() if settings.webhook_secret_token else None
    return Hook(
        listen=settings.webhook_listen,
        port=settings.webhook_port,
        url_path=urlparse(settings.webhook_url).path,
        url=settings.webhook_url,
        secret_token=secret or None,
    )


class WebhookServer:
    """The webhook: a :class:`GuardedHTTPServer` routing the hook's path to :class:`UpdateHandler`,
    which hands each update to ``receive`` (delivery's inbox) and answers as it says."""

    def __init__(self, hook: Hook, limits: Limits, bot: Bot, receive: Receive) -> None:
        self.hook = hook
        self.bot = bot
        path = re.escape("/" + hook.url_path.strip("/"))  # a path, not a pattern
        arguments = {"bot": bot, "receive": receive, "secret_token": hook.secret_token}
        app = tornado.web.Application([(rf"{path}/?", UpdateHandler, arguments)], log_function=_no_access_log)
        self._server = GuardedHTTPServer(
            app,
            idle_connection_timeout=limits.idle_seconds,
            body_timeout=limits.body_seconds,
            max_body_size=limits.max_body_bytes,
            max_connections=limits.max_connections,
        )
        self.serving = False

    async def start(self) -> None:
        """Listen, then register the hook with Telegram (it may post at once)."""
        quiet_tornado_logs()
        self._server.listen(self.hook.port, address=self.hook.listen)
        self.serving = True
        await self.bot.set_webhook(
            url=self.hook.url,
            allowed_updates=self.hook.allowed_updates,
            secret_token=self.hook.secret_token,
        )

    async def stop(self) -> None:
        """Stop listening and close every connection held (the hook stays registered, as before)."""
        if self.serving:
            self.serving = False
            self._server.stop()
            await self._server.close_all_connections()


def _no_access_log(handler: tornado.web.RequestHandler) -> None:
    """Tornado logs every request it serves; the webhook's are one per update."""


def quiet_tornado_logs() -> None:
    """Tornado's own lines, each collapsed to one a minute (see :class:`OncePerInterval`)."""
    for name in TORNADO_LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, OncePerInterval) for f in logger.filters):
            logger.addFilter(OncePerInterval())


#: Tornado logs each malformed request or failed connection alone; a flood of them is many lines.
#: (A logger's filters do not apply to its children's records: each is named.)
TORNADO_LOGGERS = ("tornado.general", "tornado.application", "tornado.access", "asyncio")


class OncePerInterval(logging.Filter):
    """Lets a line through once per ``every`` seconds for each of its templates, the next one
    saying how many were held back; tornado's own logging, collapsed."""

    def __init__(self, every: float = REPEAT_SECONDS) -> None:
        super().__init__()
        self.every = every
        self._last: dict[tuple[str, int, str], float] = {}
        self._held: dict[tuple[str, int, str], int] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        key = (record.name, record.levelno, str(record.msg))
        now = time.monotonic()
        last = self._last.get(key)
        if last is not None and now - last < self.every:
            self._held[key] = self._held.get(key, 0) + 1
            return False
        self._last[key] = now
        held = self._held.pop(key, 0)
        if held:
            record.msg = f"{record.msg} (and {held} more like it in the last {self.every:.0f} s)"
        return True


class RepeatedLog:
    """Logs a fault the first time, then at most once per ``every`` seconds with how many
    times it happened since, so a flood of one fault is a few lines, not megabytes."""

    def __init__(self, logger: logging.Logger, level: int, every: float = REPEAT_SECONDS) -> None:
        self.logger = logger
        self.level = level
        self.every = every
        self._last: dict[str, float] = {}
        self._since: dict[str, int] = {}

    def __call__(self, message: str, *args: object) -> None:
        now = time.monotonic()
        self._since[message] = self._since.get(message, 0) + 1
        last = self._last.get(message)
        if last is not None and now - last < self.every:
            return
        count = self._since.pop(message)
        self._last[message] = now
        suffix = f" ({count} times in the last {self.every:.0f} s)" if last is not None else ""
        self.logger.log(self.level, message + suffix, *args)


_refused = RepeatedLog(log, logging.WARNING)
_crowded = RepeatedLog(log, logging.WARNING)
_starved = RepeatedLog(log, logging.ERROR)


class GuardedHTTPServer(HTTPServer):
    """Tornado's HTTP server with a bound on held connections and an accept loop that pauses
    instead of spinning when the process is out of file descriptors, with at most
    ``max_connections`` held at once. Built on tornado's public interface only: the connections
    it holds are the streams it was given (``handle_stream``, until ``on_close``), and it accepts on the
    sockets ``listen`` gives it with its own loop, handing each connection to ``handle_stream``
    (no TLS: a proxy in front terminates it)."""

    def initialize(self, request_callback: Any, *args: Any, max_connections: int = 200, **kwargs: Any) -> None:
        super().initialize(request_callback, *args, **kwargs)
        self.max_connections = max_connections
        self._held: dict[IOStream, float] = {}  # a connection's stream -> when it last moved on
        self._listening: list[socket.socket] = []
        self._accepting: list[Callable[[], None]] = []  # each stops accepting on one socket

    def handle_stream(self, stream: IOStream, address: tuple[Any, ...]) -> None:
        while len(self._held) >= self.max_connections and self._close_stalest():
            pass
        self._held[stream] = time.monotonic()  # counted now: tornado starts serving it on a later loop turn
        super().handle_stream(stream, address)

    def _close_stalest(self) -> bool:
        """Close the connection that has made no progress for longest; False if none is left."""
        if not self._held:
            return False
        stalest = min(self._held, key=self._held.__getitem__)
        del self._held[stalest]
        stalest.close()
        _crowded("webhook: %d connections held, the one stalled longest was closed for a new one", self.max_connections)
        return True

    def start_request(self, server_conn: object, request_conn: httputil.HTTPConnection) -> httputil.HTTPMessageDelegate:
        self._moved(server_conn)
        delegate = super().start_request(server_conn, request_conn)
        return _Progress(delegate, lambda: self._moved(server_conn))

    def _moved(self, server_conn: object) -> None:
        if isinstance(server_conn, HTTP1ServerConnection) and server_conn.stream in self._held:
            self._held[server_conn.stream] = time.monotonic()

    def on_close(self, server_conn: object) -> None:
        if isinstance(server_conn, HTTP1ServerConnection):
            self._held.pop(server_conn.stream, None)
        super().on_close(server_conn)

    def add_sockets(self, sockets: Iterable[socket.socket]) -> None:
        for sock in sockets:
            self._listening.append(sock)
            self._accepting.append(self._accept_from(sock))

    def stop(self) -> None:
        """Stop accepting and close the listening sockets (tornado's ``stop`` knows only its own)."""
        for stop_accepting in self._accepting:
            stop_accepting()
        for sock in self._listening:
            sock.close()
        self._accepting.clear()
        self._listening.clear()
        super().stop()

    def _serve(self, connection: socket.socket, address: Any) -> None:
        """A connection accepted: served as tornado serves one (``handle_stream``), without TLS."""
        try:
            stream = IOStream(connection, max_buffer_size=self.max_buffer_size, read_chunk_size=self.read_chunk_size)
            self.handle_stream(stream, address)
        except Exception:
            log.exception("webhook: could not serve a connection")

    def _accept_from(self, sock: socket.socket) -> Callable[[], None]:
        """Tornado's accept loop, except that running out of file descriptors closes the
        stalest connection and pauses accepting briefly (tornado's raised on every loop turn)."""
        loop = IOLoop.current()
        removed = False

        def accept(fd: object, events: int) -> None:
            for _ in range(128):
                if removed:
                    return
                try:
                    connection, address = sock.accept()
                except BlockingIOError:
                    return
                except ConnectionAbortedError:
                    continue
                except OSError as error:
                    if error.errno not in (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM):
                        raise
                    _starved("webhook: no file descriptor left to accept a connection (%s)", error.strerror)
                    self._close_stalest()
                    loop.remove_handler(sock)
                    loop.call_later(ACCEPT_PAUSE, resume)
                    return
                self._serve(connection, address)

        def resume() -> None:
            if not removed:
                loop.add_handler(sock, accept, IOLoop.READ)

        def remove() -> None:
            nonlocal removed
            if not removed:
                removed = True
                loop.remove_handler(sock)

        loop.add_handler(sock, accept, IOLoop.READ)
        return remove


class _Progress(httputil.HTTPMessageDelegate):
    """Passes a request through, noting each step it makes (headers in, body in)."""

    def __init__(self, delegate: httputil.HTTPMessageDelegate, moved: Callable[[], None]) -> None:
        self.delegate = delegate
        self.moved = moved

    def headers_received(
        self, start_line: httputil.RequestStartLine | httputil.ResponseStartLine, headers: httputil.HTTPHeaders
    ) -> Any:
        self.moved()
        return self.delegate.headers_received(start_line, headers)

    def data_received(self, chunk: bytes) -> Any:
        return self.delegate.data_received(chunk)

    def finish(self) -> None:
        self.moved()
        self.delegate.finish()

    def on_connection_close(self) -> None:
        self.delegate.on_connection_close()


#: The header Telegram sends the webhook's secret token in.
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"


class UpdateHandler(tornado.web.RequestHandler):
    """The hook's path: a clear answer for every body, and nothing of it logged."""

    SUPPORTED_METHODS = ("POST",)

    def initialize(self, bot: Bot, receive: Receive, secret_token: str | None) -> None:
        self.bot = bot
        self.receive = receive
        self.secret_token = secret_token

    async def post(self) -> None:
        if not self._allowed():
            return
        body = self._update_body()
        if body is None:
            return
        mend_text(body)
        update = readable(body, self.bot)  # parsed once, as the handlers read it
        if isinstance(update, str):
            skipped_update(body, update)
            self.set_status(HTTPStatus.OK)  # Telegram must not send it again
            return
        if isinstance(self.bot, ExtBot):
            self.bot.insert_callback_data(update)
        if await self.receive(update, body) is Received.NOT_KEPT:  # Telegram must post it again
            self.set_status(HTTPStatus.SERVICE_UNAVAILABLE, reason="Update not kept; post it again")
            return
        self.set_status(HTTPStatus.OK)

    def _allowed(self) -> bool:
        """Telegram's posts only, as PTB's server checked them: a JSON body and, when the bot
        set one, the secret token (compared in constant time); else 403."""
        if self.request.headers.get("Content-Type") != "application/json":
            self.set_status(HTTPStatus.FORBIDDEN)
            return False
        if self.secret_token is not None:
            token = self.request.headers.get(SECRET_HEADER, "")
            if not hmac.compare_digest(token.encode(), self.secret_token.encode()):
                self.set_status(HTTPStatus.FORBIDDEN, reason="Missing or wrong secret token")
                return False
        return True

    def _update_body(self) -> dict[str, Any] | None:
        """The body as an update's JSON object, or None after answering 400."""
        try:
            body = json.loads(self.request.body.decode("utf-8"))
        except ValueError:  # not UTF-8 (UnicodeDecodeError is one) or not JSON
            self._refuse("bad JSON")
            return None
        if not isinstance(body, dict) or not isinstance(body.get("update_id"), int):
            self._refuse("not an update")
            return None
        return body

    def _refuse(self, why: str) -> None:
        _refused("webhook: refused a body with 400: %s", why)
        self.set_status(HTTPStatus.BAD_REQUEST, reason=why.capitalize())

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        """The status alone: tornado's error page is HTML, and the caller wants none."""
        self.finish()
