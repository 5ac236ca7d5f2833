"""The words 5bukv and English Wordle both show on their boards (each game's other texts are its own)."""

from __future__ import annotations

from bot.core.i18n import gettext
from bot.core.texts import Lang


def button_done(lang: Lang) -> str:
    return gettext(lang, "✅ Done")


def button_undo(lang: Lang) -> str:
    return gettext(lang, "↩️ Undo")


def button_solved(lang: Lang) -> str:
    return gettext(lang, "🎉 That's it!")


def nothing_to_undo(lang: Lang) -> str:
    return gettext(lang, "Nothing to undo.")
