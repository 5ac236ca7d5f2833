"""The daily puzzle's buttons: after a go, share the card, see the review, or play it again uncounted."""

from __future__ import annotations

from dataclasses import dataclass

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.core import texts as shared_texts
from bot.core.i18n import Language
from bot.core.keyboards import GameButton, Start, button
from bot.core.texts import Lang
from bot.games.letters.daily import texts
from bot.games.letters.daily.session import DailySession

START = "daily"  # the start menu's button: the day's puzzle in the player's language
START_RU = "daily-ru"
START_EN = "daily-en"


@dataclass(frozen=True)
class DailyButton(GameButton, prefix="D"):
    """A button of the daily puzzle, tied to the go and its number of letters."""


@dataclass(frozen=True)
class Review(DailyButton, action="review"):
    """The engine's review of the go."""


def after_go(lang: Lang, session: DailySession) -> InlineKeyboardMarkup:
    """Share (the card of the day's counted go, posted through inline mode to any chat: none after
    a replay or a past day), the review, and again (today's puzzle; not after a past day's)."""
    again = START_EN if session.lang == Language.ENGLISH else START_RU
    rows = [[button(shared_texts.button_review(lang), Review(session.id, len(session.letters)))]]
    if not session.archive:
        rows.append([button(texts.replay_button(lang), Start(again))])
    if session.counted_go:
        rows.insert(0, [InlineKeyboardButton(texts.share_button(lang), switch_inline_query="")])
    return InlineKeyboardMarkup(rows)
