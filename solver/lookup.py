"""Asking about one word: does it count in the letter game and in 5bukv, and if not, why.

Shared by ``python -m solver word`` and the bot's ``/word``, so both say the same.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache

from solver.words import LANGUAGES, NOT_COMMON, Reason, Tier


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
    ends_first: dict[Tier, str] = field(default_factory=dict)  # per tier it is in: a shorter word ending the game first

    @property
    def reachable(self) -> bool | None:
        """Whether the letter game can ever end on the word (in its smallest tier): поляна cannot, the
        game ends at пол first. None when the word is in no tier."""
        return None if self.tier is None else self.tier not in self.ends_first

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
                "reachable": self.reachable,
                "ends_first": {tier.value: word for tier, word in self.ends_first.items()},
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
        marked = language.reason_of(word)
        why = marked if marked in NOT_COMMON else Absence.UNCOMMON
    else:
        why = language.reason_of(word) or Absence.NOT_IN_SOURCE
    wordle, problem = _wordle_answer(word) if code == "ru" else (None, None)
    if problem is WordleProblem.NOT_IN_LIST and isinstance(why, Reason) and why not in NOT_COMMON:
        problem = why
    spelled_otherwise = asked if asked != word else ""
    return WordReport(
        word,
        code,
        tier,
        why,
        zipf,
        language.common_zipf,
        language.min_length,
        wordle,
        problem,
        spelled_otherwise,
        ends_first(word, code, tier),
    )


def ends_first(word: str, code: str, tier: Tier | None) -> dict[Tier, str]:
    """For each tier the word is in, the shortest word of that tier it begins with (at least the game's
    minimum length): the board reaches that word first and the game ends there (GAMES.md §1)."""
    if tier is None:
        return {}
    language = LANGUAGES[code]
    tiers = [Tier.COMMON, Tier.FULL] if tier is Tier.COMMON else [Tier.FULL]
    found: dict[Tier, str] = {}
    for length in range(language.min_length, len(word)):
        prefix_tier = language.tier_of(word[:length])
        for played in tiers:
            if prefix_tier is not None and played not in found and (played is Tier.FULL or prefix_tier is Tier.COMMON):
                found[played] = word[:length]
    return found


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
    """The game's possible answers the bot plays with openly: a crude one (never said) does not count here."""
    from solver.wordle import CRUDE, default_kinds

    return frozenset(word for word, kind in default_kinds().items() if kind != CRUDE)
