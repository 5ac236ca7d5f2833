"""The private letter game's buttons: its set-up, then hint and give up."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.core.i18n import Language
from bot.core.keyboards import GameButton, Start, button
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
from bot.games.letters.session import LetterSession, Phase
from solver.letters import Rule
from solver.levels import Level
from solver.words import Tier

# What the letter game's start buttons begin: a new game, English Ghost, the last set-up again.
START, GHOST, AGAIN = "letters", "ghost", "letters-again"
RUSSIAN = "letters-ru"  # /play ru: the Russian game's rules only


@dataclass(frozen=True)
class LetterButton(GameButton, prefix="L"):
    """A button of the private letter game, tied to the game and its board's length."""


@dataclass(frozen=True)
class SetupChoice(LetterButton):
    """An answer to one set-up question: stale unless the game asks that question now."""

    PHASE: ClassVar[Phase]


class Opening(Enum):
    """The set-up's first choice: the Russian game under either rule, or English Ghost."""

    COMPLETE_WINS = Rule.COMPLETE_WINS.value
    COMPLETE_LOSES = Rule.COMPLETE_LOSES.value
    ENGLISH_GHOST = Language.ENGLISH.value

    @property
    def rule(self) -> Rule | None:
        """The Russian game's rule; None for English Ghost (its rule is fixed)."""
        return None if self is Opening.ENGLISH_GHOST else Rule(self.value)


@dataclass(frozen=True)
class ChooseGame(SetupChoice, action="rule"):
    PHASE = Phase.RULE
    opening: Opening


@dataclass(frozen=True)
class ChooseTier(SetupChoice, action="tier"):
    PHASE = Phase.TIER
    tier: Tier


@dataclass(frozen=True)
class ChooseFirst(SetupChoice, action="first"):
    PHASE = Phase.FIRST
    first: bool


@dataclass(frozen=True)
class ChooseLevel(SetupChoice, action="level"):
    PHASE = Phase.LEVEL
    level: Level


@dataclass(frozen=True)
class ChooseStrict(SetupChoice, action="strict"):
    PHASE = Phase.STRICT
    strict: bool


@dataclass(frozen=True)
class Hint(LetterButton, action="hint"):
    """The hint button carries the hint it offers (hints given this turn), so a second press of the
    same button, a double tap, is stale instead of giving (and counting) the next hint unasked."""

    stage: int

    def valid(self) -> bool:
        return self.stage in (0, 1)


@dataclass(frozen=True)
class GiveUp(LetterButton, action="giveup"):
    pass


@dataclass(frozen=True)
class Review(LetterButton, action="review"):
    """The engine's review of a finished game."""


@dataclass(frozen=True)
class Picture(LetterButton, action="picture"):
    """The review, as a picture."""


def letter_setup(lang: Lang, session: LetterSession, phase: Phase, *, ghost: bool = True) -> InlineKeyboardMarkup:
    """The buttons of one set-up question; the first (``rule``) offers English Ghost too unless
    ``ghost`` is False (the player asked for the Russian game)."""
    at = (session.id, 0)
    if phase is Phase.RULE:
        rows = _games_in_your_language_first(lang, session, ghost=ghost)
    elif phase is Phase.TIER:
        rows = [[button(texts.button_tier(lang, tier), ChooseTier(*at, tier))] for tier in Tier]
    elif phase is Phase.FIRST:
        rows = [[button(button_first(lang, first), ChooseFirst(*at, first))] for first in (True, False)]
    elif phase is Phase.LEVEL:
        rows = [[button(button_level(lang, level), ChooseLevel(*at, level)) for level in Level]]
    else:
        rows = [[button(texts.button_strict(lang, strict), ChooseStrict(*at, strict))] for strict in (False, True)]
    return InlineKeyboardMarkup(rows)


def _games_in_your_language_first(
    lang: Lang, session: LetterSession, *, ghost: bool
) -> list[list[InlineKeyboardButton]]:
    """The set-up's first choice: the Russian game under either rule, and English Ghost, each
    saying its language; the player's own language's game first (English Ghost for English)."""
    russian = [
        [button(texts.button_russian_rule(lang, rule), ChooseGame(session.id, 0, Opening(rule.value)))] for rule in Rule
    ]
    if not ghost:
        return russian
    english = [[button(texts.button_english_ghost(lang), ChooseGame(session.id, 0, Opening.ENGLISH_GHOST))]]
    reader_plays = own_words(lang, (Language.ENGLISH, Language.RUSSIAN))
    return english + russian if reader_plays == Language.ENGLISH else russian + english


def letter_play(lang: Lang, session: LetterSession) -> InlineKeyboardMarkup:
    at = (session.id, len(session.board))
    if session.over:
        rows = [[button(button_again(lang), Start(AGAIN))], [button(button_other_setup(lang), Start(START))]]
        if session.board:  # a game with moves: the engine's review of them
            rows.append([button(button_review(lang), Review(*at))])
        return InlineKeyboardMarkup(rows)
    giveup = button(texts.button_giveup(lang), GiveUp(*at))
    if session.hint_stage >= 2:  # both hints of this turn are shown: a third press would only repeat them
        return InlineKeyboardMarkup([[giveup]])
    return InlineKeyboardMarkup(
        [[button(texts.button_hint(lang, session.hint_stage), Hint(*at, session.hint_stage)), giveup]]
    )


def review_picture(lang: Lang, session: LetterSession) -> InlineKeyboardMarkup:
    """Under the review: the same review as a picture."""
    return InlineKeyboardMarkup([[button(button_picture(lang), Picture(session.id, len(session.board)))]])
