"""The daily puzzle's buttons: after a go, share the card, see the review, or play it again uncounted."""

from __future__ import annotations

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.core import texts as shared_texts
from bot.core.keyboards import Buttons, button, start_data
from bot.core.texts import Lang
from bot.games.letters.daily import texts
from bot.games.letters.daily.session import DailySession

START = "daily"  # the start menu's button: the day's puzzle in the player's language
START_RU = "daily_ru"
START_EN = "daily_en"
REVIEW = "review"

BUTTONS = Buttons("D", lambda action, argument: action == REVIEW and not argument)


def after_go(lang: Lang, session: DailySession) -> InlineKeyboardMarkup:
    """Share (the card, posted through inline mode to any chat), the review, and again."""
    again = START_EN if session.lang == "en" else START_RU
    return InlineKeyboardMarkup(
        [
            [InlineKeyboardButton(texts.share_button(lang), switch_inline_query="")],
            [button(shared_texts.button_review(lang), f"D:{session.id}:{len(session.letters)}:{REVIEW}")],
            [button(texts.replay_button(lang), start_data(again))],
        ]
    )
