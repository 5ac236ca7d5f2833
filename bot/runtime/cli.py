"""``python -m bot``: run the bot (long polling, or a webhook when WEBHOOK_URL is set).

``python -m bot --console`` chats with it in the terminal instead, with no token (``--group N``: as a
group of N members).

``python -m bot migrate-to postgresql://…`` moves the SQLite file at DATABASE_PATH into an empty
PostgreSQL database (docs/postgresql.md), with the bot stopped.

Exit status: 0 after a stop (Ctrl-C, SIGTERM); 2 for anything a person must fix before a
start can work (a setting, the token, the database), said in one line; 3 when Telegram
refuses the token while the bot runs (revoked), so a restart policy sees it; 4 when the Bot
API cannot be reached at start (no network, a wrong host in TELEGRAM_API_BASE_URL), said in
one line: a later start may work, so a restart policy may try again; 5 when the database file
went from under the running bot (deleted, replaced, cut short or damaged), said in one line.

A store that is missing where the marker beside DATABASE_PATH says the bot kept one is refused
at start (status 2, one line): restore it, or start afresh with ``--fresh-store``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import logging
import re
import signal
import sys
import threading
import time
import types
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any
from urllib.parse import urlparse

from pydantic import ValidationError
from telegram.error import InvalidToken, NetworkError

from bot import registry
from bot.core.settings import Settings
from bot.runtime.transport import HANDLED_UPDATES, PollingBot
from bot.runtime.webhook import Hook, hook_of
from bot.storage import StoreUnavailableError

if TYPE_CHECKING:
    from bot.core.context import App
    from bot.core.game import Game

log = logging.getLogger("bot")

REFUSED_AT_START = (
    "Telegram refused BOT_TOKEN (401 or 404): check the token from @BotFather and TELEGRAM_API_BASE_URL "
    "(it ends in /bot, with no slash after it)"
)
REFUSED_WHILE_RUNNING = "Telegram refused BOT_TOKEN while polling (revoked?): stopped; set a valid token and restart"
#: The one line when the Bot API cannot be reached at start; ``{url}`` and ``{error}`` filled in.
UNREACHABLE_AT_START = (
    "cannot reach the Bot API at {url} ({error}): check the network and TELEGRAM_API_BASE_URL, then start again"
)
UNREACHABLE_STATUS = 4
#: The exit status when the database file went from under the running bot.
STORE_LOST_STATUS = 5
#: The most members ``--console --group N`` seats at the keyboard (the console has a name for each).
MAX_MEMBERS = 8


def main(argv: list[str] | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else argv
    if arguments[:1] == ["migrate-to"]:
        return migrate_to(arguments[1:])
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        description="Bukvoed, the Telegram word-game bot.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="commands:\n  migrate-to URL  move the SQLite file at DATABASE_PATH into the empty PostgreSQL database\n"
        "                  at URL, with the bot stopped (python -m bot migrate-to --help)",
    )
    parser.add_argument("--console", action="store_true", help="chat with the bot here, without a token or network")
    parser.add_argument(
        "--fresh-store",
        action="store_true",
        help="start with a new, empty store even though the marker beside DATABASE_PATH says one was there and it "
        "is now missing (deleted, emptied, replaced); without it such a start is refused, so that a lost store is "
        "restored from a backup rather than silently made anew. A store that is there is used as it is",
    )
    parser.add_argument(
        "--group",
        type=_members,
        default=0,
        metavar="N",
        help=f"with --console: play in a group of N members (2 to {MAX_MEMBERS}) taking turns at the keyboard",
    )
    args = parser.parse_args(argv)
    if args.group and not args.console:
        parser.error("--group plays in the console: add --console")
    read = _read_settings()
    if read is None:
        return 2
    settings, games = read
    secrets = _secrets(settings)
    configure_logging(settings.log_level, console=args.console, secrets=secrets, user_data=settings.log_user_data)
    redact_uncaught_exceptions(secrets)
    try:
        return _start(settings, games, console=args.console, fresh_store=args.fresh_store, members=args.group)
    except StoreUnavailableError as error:  # in use, written by a newer bot, unreadable, unwritable
        print(error, file=sys.stderr)
        return 2
    except InvalidToken:  # getMe at start: a wrong token, or a wrong base URL (404)
        print(REFUSED_AT_START, file=sys.stderr)
        return 2
    except NetworkError as error:  # getMe (or setWebhook) at start, after TELEGRAM_RETRIES: no answer at all
        line = UNREACHABLE_AT_START.format(url=settings.telegram_api_base_url, error=error)
        print(Redactor(secrets)(line), file=sys.stderr)
        return UNREACHABLE_STATUS


def _read_settings() -> tuple[Settings, tuple[Game, ...]] | None:
    """The settings and the games they name; None once a bad one is said in one line."""
    try:
        settings = registry.Settings()
        return settings, registry.played(settings)
    except ValidationError as error:
        problems = "; ".join(f"{'.'.join(map(str, e['loc'])).upper()}: {e['msg']}" for e in error.errors())
    except ValueError as error:
        problems = str(error)
    print(f"bad setting (environment or .env, see .env.example): {problems}", file=sys.stderr)
    return None


def migrate_to(argv: list[str]) -> int:
    """``migrate-to URL``: the SQLite file at DATABASE_PATH into the PostgreSQL database at URL."""
    parser = argparse.ArgumentParser(
        prog="python -m bot migrate-to", description="Move the SQLite file at DATABASE_PATH into PostgreSQL."
    )
    parser.add_argument("url", help="postgresql://user:password@host:port/database (an empty database)")
    args = parser.parse_args(argv)
    from bot.storage.migrate import migrate_to as copy

    settings = registry.Settings()
    configure_logging(settings.log_level)
    try:
        copied = asyncio.run(
            copy(settings.database_path, args.url, [game.tables for game in registry.GAMES if game.tables is not None])
        )
    except StoreUnavailableError as error:
        print(error, file=sys.stderr)
        return 2
    print(f"moved {settings.database_path} into PostgreSQL: " + ", ".join(f"{t} {n}" for t, n in copied.items()))
    return 0


def _members(value: str) -> int:
    """``--group N``: a whole number of members the console can name."""
    if not value.isdigit() or not 2 <= int(value) <= MAX_MEMBERS:
        raise argparse.ArgumentTypeError(f"a number of members from 2 to {MAX_MEMBERS}")
    return int(value)


def _start(
    settings: Settings, games: tuple[Game, ...], *, console: bool, fresh_store: bool = False, members: int = 0
) -> int:
    """The console (every game), or the bot playing ``games`` once its settings are checked (a
    problem: one line, status 2)."""
    if console:
        from bot.runtime.console import main as console_main

        return console_main(settings, members)
    problem = settings.token_problem() or settings.webhook_problem()
    if problem is not None:
        print(problem, file=sys.stderr)
        return 2
    return serve(settings, games, fresh_store=fresh_store)


def _secrets(settings: Settings) -> list[str]:
    """What must never be printed: the token (whole, and the part after the bot's id), the webhook
    secret and the database's password."""
    token = settings.bot_token.get_secret_value().strip() if settings.bot_token else ""
    webhook = settings.webhook_secret_token.get_secret_value() if settings.webhook_secret_token else ""
    database = urlparse(settings.database_url.get_secret_value()).password if settings.database_url else None
    return [token, token.partition(":")[2], webhook, database or ""]


class Redactor:
    """Blanks out secrets in any text (a token rides in every Bot API URL, and PTB puts it in
    the message of the InvalidToken it raises; PTB logs setWebhook's secret at DEBUG).

    Whatever their length: a secret of 8 characters or more is blanked wherever it appears;
    a shorter one (Telegram takes a webhook secret of 1 character) only where it stands
    alone, not inside a longer word of its alphabet, or every "a" of the log would go."""

    def __init__(self, secrets: Iterable[str]) -> None:
        self.secrets = sorted({s for s in secrets if s}, key=len, reverse=True)
        alone = r"(?<![A-Za-z0-9_-]){}(?![A-Za-z0-9_-])"
        forms = [re.escape(s) if len(s) >= SHORT_SECRET else alone.format(re.escape(s)) for s in self.secrets]
        self._pattern = re.compile("|".join(forms)) if forms else None

    def __call__(self, text: str) -> str:
        return text if self._pattern is None else self._pattern.sub("<secret>", text)


#: Secrets shorter than this are blanked only where they stand alone (see Redactor).
SHORT_SECRET = 8


class RedactingFormatter(logging.Formatter):
    """Redacts the whole line it formats, tracebacks included."""

    def __init__(self, fmt: str, redact: Redactor) -> None:
        super().__init__(fmt)
        self.redact = redact

    def format(self, record: logging.LogRecord) -> str:
        return self.redact(super().format(record))


def configure_logging(
    level: str, console: bool = False, secrets: list[str] | None = None, *, user_data: bool = False
) -> None:
    """One format, secrets blanked; players' texts and names kept out unless ``user_data``."""
    logging.basicConfig(level=logging.WARNING if console else level.upper())
    formatter = RedactingFormatter("%(asctime)s %(levelname)s %(name)s: %(message)s", Redactor(secrets or []))
    for handler in logging.getLogger().handlers:
        handler.setFormatter(formatter)
        handler.addFilter(_unreached_at_start)
    # httpx logs every request URL, and Bot API URLs carry the token.
    logging.getLogger("httpx").setLevel(logging.WARNING)
    logging.getLogger("httpcore").setLevel(logging.WARNING)
    # aiosqlite logs every statement it runs at DEBUG, from its own thread: a flood that says
    # nothing about the bot (and can land after the process's last line).
    logging.getLogger("aiosqlite").setLevel(logging.INFO)
    if not user_data:
        # python-telegram-bot logs every update it handles and every call it makes, texts and
        # names in them, at DEBUG (its webhook the whole posted body): never below INFO here.
        logging.getLogger("telegram").setLevel(max(logging.INFO, logging.getLogger().level))


def _unreached_at_start(record: logging.LogRecord) -> bool:
    """python-telegram-bot logs its failed start (getMe unanswered) as an ERROR with a 200-line
    traceback, then raises: :func:`main` says it in one line instead, so that record goes."""
    error = record.exc_info[1] if record.exc_info else None
    bootstrap = record.getMessage().startswith("Network Retry Loop (Bootstrap")
    return not (bootstrap and isinstance(error, NetworkError) and not isinstance(error, InvalidToken))


def redact_uncaught_exceptions(secrets: list[str]) -> None:
    """A traceback that reaches the top (of the program or of a thread) is printed redacted."""
    redact = Redactor(secrets)

    def print_redacted(kind: type[BaseException], error: BaseException, trace: types.TracebackType | None) -> None:
        import traceback

        sys.stderr.write(redact("".join(traceback.format_exception(kind, error, trace))))

    def print_thread_redacted(args: threading.ExceptHookArgs) -> None:
        if args.exc_value is not None:
            print_redacted(args.exc_type, args.exc_value, args.exc_traceback)

    sys.excepthook = print_redacted
    threading.excepthook = print_thread_redacted


def serve(settings: Settings, games: tuple[Game, ...] = registry.GAMES, *, fresh_store: bool = False) -> int:
    from bot.core.solvers import start_solvers
    from bot.delivery.queue import InHand
    from bot.runtime.app import build_application

    # Built in the background, giving way to the players' items in hand: the first reply needs no
    # table (bot/core/solvers.py).
    in_hand = InHand()
    solvers = start_solvers(registry.tables_of(games), players=in_hand)
    application = build_application(settings, solvers, games=games, in_hand=in_hand)
    # The solver tables and the libraries are here to stay: a full collection that walked
    # them paused the bot for 60+ ms under load, so they leave the collector's sight.
    gc.freeze()
    loop = new_event_loop(settings.event_loop)
    asyncio.set_event_loop(loop)  # run_polling and run_webhook take it
    bot = application.bot
    assert isinstance(bot, PollingBot)
    stopping = Stopping(bot, settings.shutdown_seconds)

    def stop_refused() -> None:
        stopping.begin()
        application.stop_running()

    bot.when_refused(stop_refused)
    application.bot_data.when_store_lost = stop_refused
    application.bot_data.fresh_store = fresh_store
    own_signals = stopping.catch_signals(loop)
    try:
        run(application, settings, own_signals)
    except InvalidToken:  # the Updater, stopping, raises what ended its polling
        if not bot.refused:
            raise
    finally:
        finish(application, loop, stopping)
        if not solvers.stop(stopping.left()):
            log.warning("the solver tables were still being built at exit")
    if bot.refused:
        print(REFUSED_WHILE_RUNNING, file=sys.stderr)
        return 3
    if application.bot_data.store_lost:
        return STORE_LOST_STATUS  # the store said why and what to do, in one line
    return 0


class Stopping:
    """Stopping within ``seconds`` of the stop signal, whatever Telegram does: calls to it
    end within ``CALLS_SHARE`` of that time (those under way too), and the database is
    closed in what is left.

    python-telegram-bot's own signal handler only ends the event loop; the stop that follows
    (its last getUpdates, the replies still in flight, their retries) waited on Telegram
    for as long as each call's timeout allowed: 41.6 s when Telegram hung."""

    def __init__(self, bot: PollingBot, seconds: float) -> None:
        self.bot = bot
        self.seconds = seconds
        self.began: float | None = None

    def begin(self) -> None:
        """The stop starts now; a second stop signal cuts every call off at once."""
        if self.began is None:
            self.began = time.monotonic()
            log.info("stopping: calls to Telegram end within %.1f s, the bot within %.1f s", self.calls(), self.seconds)
            self.bot.end_calls_within(self.calls())
        else:
            self.bot.end_calls_within(0.0)

    def calls(self) -> float:
        return self.seconds * CALLS_SHARE

    def left(self) -> float:
        """Seconds left for closing the database (at least ``CLOSE_SECONDS``)."""
        spent = 0.0 if self.began is None else time.monotonic() - self.began
        return max(CLOSE_SECONDS, self.seconds - spent)

    def catch_signals(self, loop: asyncio.AbstractEventLoop) -> bool:
        """SIGINT and SIGTERM start the stop; False where the loop takes no signal handlers."""
        try:
            for sig in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(sig, self._on_signal)
        except NotImplementedError:
            return False
        return True

    def _on_signal(self) -> None:
        first = self.began is None
        self.begin()
        if first:
            raise SystemExit  # as python-telegram-bot's own handler: run_polling / run_webhook stop


#: The share of SHUTDOWN_SECONDS the calls to Telegram may take; the rest is the database's.
CALLS_SHARE = 0.75
#: Closing the database gets at least this long, even when the calls took all the time.
CLOSE_SECONDS = 1.0


def run(application: App, settings: Settings, own_signals: bool = False) -> None:
    """Poll or serve the webhook until stopped, asking only for the updates the bot handles.
    ``own_signals``: the caller handles the stop signals (else python-telegram-bot does)."""
    if settings.webhook_url:
        log.info("serving a webhook on %s:%s", settings.webhook_listen, settings.webhook_port)
        serve_webhook(application, hook_of(settings))
    else:
        log.info("long polling %s", settings.telegram_api_base_url)
        signals: dict[str, Any] = {"stop_signals": None} if own_signals else {}
        application.run_polling(
            allowed_updates=HANDLED_UPDATES,
            poll_interval=settings.telegram_poll_interval,
            close_loop=False,
            **signals,
        )


def serve_webhook(application: App, hook: Hook) -> None:
    """Serve the bot's own webhook server (bot/runtime/webhook.py) on the loop ``serve`` set, until a stop
    signal: :class:`Stopping`, or Ctrl-C where the loop takes no signal handlers, ends the wait,
    and the server and the application stop as under ``run_webhook`` (bot.runtime.app.running)."""
    from bot.runtime.app import running

    async def until_stopped() -> None:
        async with running(application, webhook=hook):
            await asyncio.Event().wait()  # until cancelled by the stop signal

    loop = asyncio.get_event_loop()
    serving = loop.create_task(until_stopped())
    try:
        loop.run_until_complete(serving)
    except (KeyboardInterrupt, SystemExit):  # the signal came: the server and the application stop
        serving.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            loop.run_until_complete(serving)


def finish(application: App, loop: asyncio.AbstractEventLoop, stopping: Stopping) -> None:
    """Whatever failed while stopping, the database is closed and its lock released (the
    post-shutdown hook does both and does nothing the second time), then the loop closes."""
    try:
        if application.post_shutdown is not None:
            loop.run_until_complete(asyncio.wait_for(application.post_shutdown(application), stopping.left()))
    except Exception:
        log.exception("could not close the database cleanly")
    finally:
        loop.close()


def new_event_loop(kind: str) -> asyncio.AbstractEventLoop:
    """uvloop unless asked for asyncio's own loop or it is not installed (Windows):
    ``benchmarks/bench_bot_load.py --loops uvloop asyncio`` compares the two."""
    if kind == "uvloop":
        try:
            import uvloop
        except ImportError:
            log.warning("uvloop is not installed; running on asyncio's own event loop")
        else:
            return uvloop.new_event_loop()
    return asyncio.new_event_loop()


if __name__ == "__main__":
    sys.exit(main())
