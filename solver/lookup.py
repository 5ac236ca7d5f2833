"""Asking about one word: does it count in the letter game and in 5bukv, and if not, why.

Shared by ``python -m solver word`` and the bot's ``/word``, so both say the same.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cache

from solver.words import LANGUAGES, Reason, Tier


class WordleProblem(StrEnum):
    """Why a word is not a 5bukv candidate."""

    NOT_FIVE_LETTERS = "not-five-letters"
    NOT_IN_LIST = "not-in-list"  # five letters, but not a clean noun of the list


class Absence(StrEnum):
    """Why a word is in no tier or only in the full one, beyond the source's own reasons."""

    UNCOMMON = "uncommon"  # below the common tier's frequency threshold
    NOT_IN_SOURCE = "not-in-source"  # the source dictionary does not have it at all
    TOO_SHORT = "too-short"  # shorter than the game's minimum length


@dataclass(frozen=True)
class WordReport:
    """What the project's dictionaries say about one word."""

    word: str
    language: str
    tier: Tier | None  # the smallest tier of the letter game the word counts in
    why_not_common: Reason | Absence | None  # None when it is common
    zipf: float | None  # wordfreq's Zipf frequency, when the word is in a tier
    common_zipf: float  # the common tier's threshold
    min_length: int
    wordle: bool | None  # a 5bukv candidate (None: 5bukv is Russian only)
    wordle_problem: WordleProblem | Reason | None  # the source's reason when it has one
    asked: str = ""  # what was asked, when the dictionary spells it otherwise (е for ё)

    def as_json(self) -> dict[str, object]:
        return {
            "word": self.word,
            "asked": self.asked or self.word,
            "lang": self.language,
            "letter_game": {
                "counts": self.tier is not None,
                "tier": None if self.tier is None else self.tier.value,
                "reason": None if self.why_not_common is None else self.why_not_common.value,
                "zipf": self.zipf,
                "common_zipf": self.common_zipf,
                "min_length": self.min_length,
            },
            "wordle": None
            if self.wordle is None
            else {
                "counts": self.wordle,
                "reason": None if self.wordle_problem is None else self.wordle_problem.value,
            },
        }


def normalise_query(text: str) -> str:
    """A word as the lists spell it: trimmed and lower-case."""
    return text.strip().lower()


def look_up(text: str, code: str = "ru") -> WordReport:
    """Everything the shipped dictionaries of ``code`` say about ``text``."""
    language = LANGUAGES[code]
    asked = normalise_query(text)
    word = _dictionary_spelling(asked, code)
    zipf = language.zipf_of(word)
    tier = language.tier_of(word)
    why: Reason | Absence | None
    if tier is not None and len(word) < language.min_length:
        tier, why = None, Absence.TOO_SHORT
    elif tier is Tier.COMMON:
        why = None
    elif tier is Tier.FULL:
        why = Reason.RARE if language.reason_of(word) is Reason.RARE else Absence.UNCOMMON
    else:
        why = language.reason_of(word) or Absence.NOT_IN_SOURCE
    wordle, problem = _wordle_answer(word) if code == "ru" else (None, None)
    if problem is WordleProblem.NOT_IN_LIST and isinstance(why, Reason) and why is not Reason.RARE:
        problem = why
    spelled_otherwise = asked if asked != word else ""
    return WordReport(
        word, code, tier, why, zipf, language.common_zipf, language.min_length, wordle, problem, spelled_otherwise
    )


def _dictionary_spelling(word: str, code: str) -> str:
    """``word``, or its spelling with ё where a player typed е and only that spelling is known."""
    language = LANGUAGES[code]
    if code != "ru" or "е" not in word or language.tier_of(word) is not None or language.reason_of(word) is not None:
        return word
    for at in (i for i, letter in enumerate(word) if letter == "е"):
        spelled = word[:at] + "ё" + word[at + 1 :]
        if language.tier_of(spelled) is not None or language.reason_of(spelled) is not None:
            return spelled
    return word


def _wordle_answer(word: str) -> tuple[bool, WordleProblem | Reason | None]:
    from solver.wordle import WORD_LENGTH, normalise_word

    spelled = normalise_word(word)
    if len(spelled) != WORD_LENGTH:
        return False, WordleProblem.NOT_FIVE_LETTERS
    if spelled not in _wordle_words():
        return False, WordleProblem.NOT_IN_LIST
    return True, None


@cache
def _wordle_words() -> frozenset[str]:
    from solver.wordle import default_words

    return frozenset(default_words())
