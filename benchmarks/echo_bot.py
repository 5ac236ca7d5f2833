"""The load benchmark's nearer anchor: a minimal python-telegram-bot v22 bot that echoes text and
answers taps, on the bot's own transport (``bot.runtime.transport.make_bot``, its settings from the
environment) and the bot's own event loop (``EVENT_LOOP``, uvloop by default), by long polling. Set
beside it in ``benchmarks/bench_bot_load.py``, the bot's CPU per update is what its store, games and
delivery add; ``benchmarks/ptb_echo.py`` (plain PTB) is the farther anchor.

    BOT_TOKEN=... TELEGRAM_API_BASE_URL=... python benchmarks/echo_bot.py
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from telegram import Update
from telegram.ext import Application, CallbackQueryHandler, ContextTypes, MessageHandler, filters

from bot.core.settings import Settings
from bot.runtime.cli import new_event_loop
from bot.runtime.transport import HANDLED_UPDATES, make_bot


async def echo(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Send the text back: one reply, as the bot's /start is one reply."""
    if update.message is not None and update.message.text:
        await update.message.reply_text(update.message.text)


async def tapped(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Answer a tap and edit its message: the two calls a set-up tap costs the bot."""
    query = update.callback_query
    if query is not None:
        await query.answer()
        await query.edit_message_text(query.data or "?")


def main() -> None:
    settings = Settings()
    asyncio.set_event_loop(new_event_loop(settings.event_loop))  # run_polling takes the current loop
    application = Application.builder().bot(make_bot(settings, settings.token())).build()
    application.add_handler(MessageHandler(filters.TEXT, echo))
    application.add_handler(CallbackQueryHandler(tapped))
    application.run_polling(allowed_updates=HANDLED_UPDATES, poll_interval=settings.telegram_poll_interval)


if __name__ == "__main__":
    main()
