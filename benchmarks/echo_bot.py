"""The start-up benchmark's yardstick: a minimal python-telegram-bot v22 bot that echoes text.

It starts the way the real bot does, on the project's own transport (``bot.runtime.transport.make_bot``,
its settings from the environment) and by long polling, so ``benchmarks/bench_startup.py`` can
set the bot's launch-to-first-reply beside what any PTB bot on the same stack needs: the
difference is what the bot itself adds (its imports, its tables, its database).

    BOT_TOKEN=... TELEGRAM_API_BASE_URL=... python benchmarks/echo_bot.py
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from telegram import Update
from telegram.ext import Application, ContextTypes, MessageHandler, filters

from bot.core.settings import Settings
from bot.runtime.transport import HANDLED_UPDATES, make_bot


async def echo(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Send the text back: one reply, as the bot's /start is one reply."""
    if update.message is not None and update.message.text:
        await update.message.reply_text(update.message.text)


def main() -> None:
    settings = Settings()
    application = Application.builder().bot(make_bot(settings, settings.token())).build()
    application.add_handler(MessageHandler(filters.TEXT, echo))
    application.run_polling(allowed_updates=HANDLED_UPDATES, poll_interval=settings.telegram_poll_interval)


if __name__ == "__main__":
    main()
