"""The private letter game's buttons: its set-up, then hint and give up."""

from __future__ import annotations

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.core.keyboards import COMMON_CHOICES, Buttons, button, start_data
from bot.core.texts import (
    Lang,
    button_again,
    button_first,
    button_level,
    button_other_setup,
    button_picture,
    button_review,
    own_words,
)
from bot.games.letters import texts
from bot.games.letters.session import ENGLISH, LetterSession
from solver.letters import Rule
from solver.levels import Level
from solver.words import Tier

KIND = "L"
ENGLISH_GHOST = "en"  # the set-up's rule button for English Ghost
# What the letter game's start buttons begin: a new game, English Ghost, the last set-up again.
START, GHOST, AGAIN = "letters", "ghost", "letters-again"
RUSSIAN = "letters-ru"  # /play ru: the Russian game's rules only
SETUP_CHOICES: dict[str, list[str]] = {
    "rule": [*(rule.value for rule in Rule), ENGLISH_GHOST],
    "tier": [tier.value for tier in Tier],
    **COMMON_CHOICES,
    "strict": ["1", "0"],
}
SETUP_FIELDS = tuple(SETUP_CHOICES)
#: The hint button carries the hint it offers (hints given this turn), so a second press of the same
#: button, a double tap, is stale instead of giving (and counting) the next hint unasked.
HINT_STAGES = ("0", "1")


def _valid(action: str, argument: str) -> bool:
    return (
        argument in SETUP_CHOICES.get(action, [])
        or (action == "hint" and argument in HINT_STAGES)
        or (action in ("giveup", "review", "picture") and not argument)
    )


BUTTONS = Buttons(KIND, _valid)


def letter_setup(lang: Lang, session: LetterSession, field: str, *, ghost: bool = True) -> InlineKeyboardMarkup:
    """The buttons of one set-up question; the first (``rule``) offers English Ghost too unless
    ``ghost`` is False (the player asked for the Russian game)."""
    prefix = f"{KIND}:{session.id}:0:{field}"
    if field == "rule":
        rows = _games_in_your_language_first(lang, prefix, ghost=ghost)
    elif field == "tier":
        rows = [[button(texts.button_tier(lang, tier), f"{prefix}:{tier.value}")] for tier in Tier]
    elif field == "first":
        rows = [[button(button_first(lang, first), f"{prefix}:{int(first)}")] for first in (True, False)]
    elif field == "level":
        rows = [[button(button_level(lang, level), f"{prefix}:{level.value}") for level in Level]]
    else:
        rows = [[button(texts.button_strict(lang, strict), f"{prefix}:{int(strict)}")] for strict in (False, True)]
    return InlineKeyboardMarkup(rows)


def _games_in_your_language_first(lang: Lang, prefix: str, *, ghost: bool) -> list[list[InlineKeyboardButton]]:
    """The set-up's first choice: the Russian game under either rule, and English Ghost, each
    saying its language; the player's own language's game first (English Ghost for English)."""
    russian = [[button(texts.button_russian_rule(lang, rule), f"{prefix}:{rule.value}")] for rule in Rule]
    if not ghost:
        return russian
    english = [[button(texts.button_english_ghost(lang), f"{prefix}:{ENGLISH_GHOST}")]]
    return english + russian if own_words(lang, (ENGLISH, "ru")) == ENGLISH else russian + english


def letter_play(lang: Lang, session: LetterSession) -> InlineKeyboardMarkup:
    prefix = f"{KIND}:{session.id}:{len(session.board)}"
    if session.over:
        rows = [[button(button_again(lang), start_data(AGAIN))], [button(button_other_setup(lang), start_data(START))]]
        if session.board:  # a game with moves: the engine's review of them
            rows.append([button(button_review(lang), f"{prefix}:review")])
        return InlineKeyboardMarkup(rows)
    giveup = button(texts.button_giveup(lang), f"{prefix}:giveup")
    if session.hint_stage >= 2:  # both hints of this turn are shown: a third press would only repeat them
        return InlineKeyboardMarkup([[giveup]])
    return InlineKeyboardMarkup(
        [[button(texts.button_hint(lang, session.hint_stage), f"{prefix}:hint:{session.hint_stage}"), giveup]]
    )


def review_picture(lang: Lang, session: LetterSession) -> InlineKeyboardMarkup:
    """Under the review: the same review as a picture."""
    return InlineKeyboardMarkup([[button(button_picture(lang), f"{KIND}:{session.id}:{len(session.board)}:picture")]])
