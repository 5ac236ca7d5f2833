"""``python -m bot``: run the bot (long polling, or a webhook when WEBHOOK_URL is set).

``python -m bot --console`` chats with it in the terminal instead, with no token.
"""

from __future__ import annotations

import argparse
import logging
import sys
from urllib.parse import urlparse

from pydantic import ValidationError
from telegram import Update

from bot.settings import Settings

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
    configure_logging(settings.log_level, console=args.console)
    if args.console:
        from bot.console import main as console_main

        return console_main(settings)
    problem = settings.token_problem()
    if problem is not None:
        print(problem, file=sys.stderr)
        return 2
    return serve(settings)


def configure_logging(level: str, console: bool = False) -> None:
    logging.basicConfig(
        level=logging.WARNING if console else level.upper(),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    # httpx logs every request URL, and Bot API URLs carry the token.
    logging.getLogger("httpx").setLevel(logging.WARNING)
    logging.getLogger("httpcore").setLevel(logging.WARNING)


def serve(settings: Settings) -> int:
    from bot.app import build_application
    from bot.solvers import build_solvers

    solvers = build_solvers()
    application = build_application(settings, solvers)
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
        application.run_polling(allowed_updates=Update.ALL_TYPES)
    return 0


if __name__ == "__main__":
    sys.exit(main())
