"""The plainest anchor: a python-telegram-bot v22 echo written the way a user writes one, from
PTB's own builder (no import from this project), on uvloop as the bot runs. Text comes back as a
message; a tap on a button is answered and its message edited, the two calls a tap costs the bot.
The benchmarks (bench_bot_load.py, bench_startup.py) set the bot's CPU per update and its launch
beside it: what the bot costs over any PTB bot at all.

    BOT_TOKEN=... TELEGRAM_API_BASE_URL=http://127.0.0.1:PORT/bot python benchmarks/ptb_echo.py
"""

from __future__ import annotations

import asyncio
import os

import uvloop
from telegram import Update
from telegram.ext import Application, CallbackQueryHandler, ContextTypes, MessageHandler, filters


async def echo(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    if update.message is not None and update.message.text:
        await update.message.reply_text(update.message.text)


async def tapped(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    query = update.callback_query
    if query is not None:
        await query.answer()
        await query.edit_message_text(query.data or "?")


def main() -> None:
    asyncio.set_event_loop(uvloop.new_event_loop())  # run_polling takes the current loop
    builder = Application.builder().token(os.environ["BOT_TOKEN"])
    if "TELEGRAM_API_BASE_URL" in os.environ:
        builder = builder.base_url(os.environ["TELEGRAM_API_BASE_URL"])
    application = builder.build()
    application.add_handler(MessageHandler(filters.TEXT, echo))
    application.add_handler(CallbackQueryHandler(tapped))
    application.run_polling(allowed_updates=Update.ALL_TYPES)


if __name__ == "__main__":
    main()
