"""The language each user chose with /lang: one row per user, read once at start into the store's
memory (so a handler's ``context.lang`` stays a plain lookup) and written as a statement of the
unit that chose it, so the choice commits with the reply that confirms it."""

from __future__ import annotations

from bot.storage.sql import Sql
from bot.storage.unit_of_work import Statement

LOAD_ALL = "SELECT user_id, lang FROM languages"


def choice_statement(user_id: int, lang: str) -> Statement:
    """``user_id`` speaks ``lang`` with the bot from now on (whatever their Telegram app says)."""
    return _CHOOSE, (user_id, lang)


_CHOOSE = Sql(
    "INSERT INTO languages (user_id, lang) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET lang = excluded.lang",
    "INSERT INTO languages (user_id, lang) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET lang = excluded.lang",
)
