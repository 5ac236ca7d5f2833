"""``python -m bot``: run the bot (long polling, or a webhook when WEBHOOK_URL is set).

``python -m bot --console`` chats with it in the terminal instead, with no token.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import sys
from urllib.parse import urlparse

from pydantic import ValidationError
from telegram import Update

from bot.settings import Settings
from bot.storage import StoreUnavailableError

log = logging.getLogger("bot")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Bukvoed, the Telegram word-game bot.")
    parser.add_argument("--console", action="store_true", help="chat with the bot here, without a token or network")
    args = parser.parse_args(argv)
    try:
        settings = Settings()
    except ValidationError as error:
        problems = "; ".join(f"{'.'.join(map(str, e['loc'])).upper()}: {e['msg']}" for e in error.errors())
        print(f"bad setting (environment or .env, see .env.example): {problems}", file=sys.stderr)
        return 2
    secret = settings.bot_token.get_secret_value().strip() if settings.bot_token else ""
    configure_logging(settings.log_level, console=args.console, secrets=[secret])
    try:
        if args.console:
            from bot.console import main as console_main

            return console_main(settings)
        problem = settings.token_problem()
        if problem is not None:
            print(problem, file=sys.stderr)
            return 2
        return serve(settings)
    except StoreUnavailableError as error:  # another bot has the database, or a newer one wrote it
        print(error, file=sys.stderr)
        return 2


class Redact(logging.Filter):
    """Blank out secrets (the token rides in every Bot API URL, which libraries log at DEBUG)."""

    def __init__(self, secrets: list[str]) -> None:
        super().__init__()
        self.secrets = [s for s in secrets if len(s) >= 8]

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if any(secret in message for secret in self.secrets):
            for secret in self.secrets:
                message = message.replace(secret, "<BOT_TOKEN>")
            record.msg, record.args = message, None
        return True


def configure_logging(level: str, console: bool = False, secrets: list[str] | None = None) -> None:
    logging.basicConfig(
        level=logging.WARNING if console else level.upper(),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    for handler in logging.getLogger().handlers:
        handler.addFilter(Redact(secrets or []))
    # httpx logs every request URL, and Bot API URLs carry the token.
    logging.getLogger("httpx").setLevel(logging.WARNING)
    logging.getLogger("httpcore").setLevel(logging.WARNING)


def serve(settings: Settings) -> int:
    from bot.app import build_application
    from bot.solvers import build_solvers

    solvers = build_solvers()
    application = build_application(settings, solvers)
    # The solver tables and the libraries are here to stay: a full collection that walked
    # them paused the bot for 60+ ms under load, so they leave the collector's sight.
    gc.freeze()
    asyncio.set_event_loop(new_event_loop(settings.event_loop))  # run_polling and run_webhook take it
    if settings.webhook_url:
        secret = settings.webhook_secret_token.get_secret_value() if settings.webhook_secret_token else None
        log.info("serving a webhook on %s:%s", settings.webhook_listen, settings.webhook_port)
        application.run_webhook(
            listen=settings.webhook_listen,
            port=settings.webhook_port,
            url_path=urlparse(settings.webhook_url).path.lstrip("/"),
            webhook_url=settings.webhook_url,
            secret_token=secret,
            allowed_updates=Update.ALL_TYPES,
        )
    else:
        log.info("long polling %s", settings.telegram_api_base_url)
        application.run_polling(allowed_updates=Update.ALL_TYPES, poll_interval=settings.telegram_poll_interval)
    return 0


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
