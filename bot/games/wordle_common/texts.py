"""The words 5bukv and English Wordle both show: on their boards, and the lines of a game's
progress they share (each game's other texts are its own)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.core.i18n import gettext, ngettext
from bot.core.texts import Lang


def button_done(lang: Lang) -> str:
    return gettext(lang, "✅ Done")


def button_undo(lang: Lang) -> str:
    return gettext(lang, "↩️ Undo")


def button_solved(lang: Lang) -> str:
    return gettext(lang, "🎉 That's it!")


def nothing_to_undo(lang: Lang) -> str:
    return gettext(lang, "Nothing to undo.")


def tries(lang: Lang, count: int) -> str:
    return ngettext(lang, "{n} try", "{n} tries", count)


def solved_in(lang: Lang, count: int) -> str:
    return gettext(lang, "🎉 Solved in {took}!", took=tries(lang, count))


def try_word(lang: Lang, suggestion: str) -> str:
    return gettext(lang, "Try: {suggestion}", suggestion=suggestion.upper())


def remaining_line(lang: Lang, remaining: int, listed: Sequence[str]) -> str:
    """How many words are still possible, then the few listed (one colon: «Возможных слов (5): …»)."""
    if not listed:
        return gettext(lang, "Words still possible: {remaining}", remaining=remaining)
    words = ", ".join(word.upper() for word in listed)  # in capitals, as every word the bot shows
    return gettext(lang, "Words still possible ({remaining}): {words}", remaining=remaining, words=words)
