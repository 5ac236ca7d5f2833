"""Asking about one word: does it count in the letter game and in 5bukv, and if not, why.

Shared by ``python -m solver word`` and the bot's ``/word``, so both say the same. The lists say
what a word is (its tier, why it is out, how frequent); whether a game can end on it is asked of
the games themselves (:meth:`LetterGame.word_in_play`), the same tables that play, hint and review.
5bukv answers from its own lists (``solver.wordle.verdict``), passed in by the caller, so that this
module does not import the 5bukv package (which uses the word lists here) back.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache

from solver.letters import CYRILLIC_LOOKALIKES, LetterGame
from solver.policy import question, reviewed_keeps
from solver.words import LANGUAGES, NOT_COMMON, Reason, Tier

#: 5bukv's answer for a word: whether the game may choose it, and the verdict of its own lists.
WordleAnswer = Callable[[str], tuple[bool, StrEnum]]


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
    wordle: bool | None  # a 5bukv candidate (None: 5bukv is Russian only, or not asked)
    wordle_reason: StrEnum | None  # 5bukv's own verdict (solver.wordle.verdict), never the letter game's
    asked: str = ""  # what was asked, when the dictionary spells it otherwise (е for ё)
    ends_first: dict[Tier, str] = field(default_factory=dict)  # per tier it is in: a shorter word ending the game first
    form_of: str = ""  # a word of the lists this one looks like a form of (слоны: слон), when it is in none

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
                "reason": None if self.wordle_reason is None else self.wordle_reason.value,
            },
        }


def normalise_query(text: str) -> str:
    """A word as the lists spell it: trimmed and lower-case."""
    return text.strip().lower()


def look_up(
    text: str, code: str = "ru", games: Mapping[Tier, LetterGame] | None = None, wordle: WordleAnswer | None = None
) -> WordReport:
    """Everything the shipped dictionaries of ``code`` say about ``text``, and, for each of the
    ``games`` (by tier) that has the word, the shorter word that game ends at first; for Russian,
    what 5bukv's ``wordle`` says of it (``solver.wordle.verdict.wordle_answer``)."""
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
        why = language.reason_of(word) or (Reason.OFFENSIVE if offensive(word, code) else Absence.NOT_IN_SOURCE)
    in_wordle, verdict = wordle(word) if code == "ru" and wordle is not None else (None, None)
    spelled_otherwise = asked if asked != word else ""
    form_of = (dictionary_form(word, code) or "") if why is Absence.NOT_IN_SOURCE else ""
    return WordReport(
        word,
        code,
        tier,
        why,
        zipf,
        language.common_zipf,
        language.min_length,
        in_wordle,
        verdict,
        spelled_otherwise,
        _ends_first(word, games or {}),
        form_of=form_of,
    )


def offensive(word: str, code: str) -> bool:
    """Whether ``word`` (as the lists spell words) is one the games never use and a player is never
    shown: marked so by its source, or matched by a root of the exclusion policy and not kept on
    review (a swear word a source lacks is as offensive as one it marks)."""
    language = LANGUAGES[code]
    if language.reason_of(word) is Reason.OFFENSIVE:
        return True
    return language.tier_of(word) is None and question(word, code) is not None and word not in _kept(code)


@cache
def _kept(code: str) -> frozenset[str]:
    return reviewed_keeps(code)


#: Russian endings of other forms than the dictionary form (plural, oblique cases), each with the
#: endings that may replace it in the dictionary form: слон-ы → слон, рыб-ы → рыб-а, мор-я → мор-е.
#: Only a guess, so a form is named only when the word itself is in no list and the guess is in one.
_FORM_ENDINGS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("ята", ("ёнок",)),
    ("ата", ("онок",)),
    ("ане", ("анин",)),
    ("яне", ("янин",)),
    ("ена", ("я",)),
    ("ья", ("", "ье", "ь")),
    ("ии", ("ия", "ий", "ие")),
    ("ия", ("ие",)),
    ("ов", ("",)),
    ("ев", ("й", "ь")),
    ("ей", ("ь", "я", "")),
    ("ы", ("", "а")),
    ("и", ("", "а", "я", "ь", "й")),
    ("а", ("", "о")),
    ("я", ("е", "ь", "й")),
)


def dictionary_form(word: str, code: str) -> str | None:
    """The noun of the lists (in a tier) that ``word`` looks like a form of, by its ending: the most
    frequent such noun, or None. There is no table of word forms here, so this is a guess made only
    from the common endings above, and only for Russian."""
    if code != "ru":
        return None
    language = LANGUAGES[code]
    found = {
        stem + ending
        for suffix, endings in _FORM_ENDINGS
        if word.endswith(suffix) and len(stem := word[: -len(suffix)]) >= 2
        for ending in endings
    }
    known = [form for form in found - {word} if language.tier_of(form) is not None]
    return max(sorted(known), key=lambda form: language.zipf_of(form) or 0.0) if known else None


# --------------------------------------------------------------------------- reading what was asked


class TypedWordProblem(StrEnum):
    """Why what was typed is no word to look up."""

    EMPTY = "empty"
    DIGITS = "digits"  # a number, or digits inside the word
    NOT_LETTERS = "not-letters"  # other signs inside the word
    MIXED_SCRIPTS = "mixed-scripts"  # Cyrillic and Latin letters that do not look alike


@dataclass(frozen=True)
class TypedWord:
    """A word to look up, in the dictionaries of ``code`` ("ru" or "en")."""

    word: str
    code: str


#: Cyrillic letters that look like Latin ones (the inverse of :data:`CYRILLIC_LOOKALIKES`).
LATIN_LOOKALIKES = str.maketrans("АВСЕНКМОРТХУасеорхук", "ABCEHKMOPTXYaceopxyk")


def read_typed_word(text: str) -> TypedWord | TypedWordProblem:
    """What a player typed as one word: composed (й as one letter), punctuation around it dropped
    («кот!», "«кот»"), and in one script: a word mixing Cyrillic and Latin letters is read in the
    script most of its letters are in (Cyrillic on a tie), its other letters as the look-alikes they
    are (кoт with a Latin o: КОТ; a Latin word with one Cyrillic с: Latin). Letters and inner hyphens
    only: digits or other signs inside, or letters of both scripts that look like nothing of the
    other, are no word."""
    word = unicodedata.normalize("NFC", text).strip()
    while word and not word[0].isalnum():
        word = word[1:]
    while word and not word[-1].isalnum():
        word = word[:-1]
    if not word:
        return TypedWordProblem.EMPTY
    if any(char.isdigit() for char in word):
        return TypedWordProblem.DIGITS
    if any(not (char.isalpha() or char == "-") for char in word):
        return TypedWordProblem.NOT_LETTERS
    cyrillic = sum(_script(char) == "CYRILLIC" for char in word)
    latin = sum(_script(char) == "LATIN" for char in word)
    if cyrillic + latin < sum(char.isalpha() for char in word):
        return TypedWordProblem.NOT_LETTERS  # letters of a third script
    if cyrillic >= latin:
        word, code = word.translate(CYRILLIC_LOOKALIKES), "ru"
    else:
        word, code = word.translate(LATIN_LOOKALIKES), "en"
    if (
        cyrillic
        and latin
        and any(_script(char) != ("CYRILLIC" if code == "ru" else "LATIN") for char in word if char.isalpha())
    ):
        return TypedWordProblem.MIXED_SCRIPTS
    return TypedWord(word.lower(), code)


def _script(char: str) -> str:
    return unicodedata.name(char, "").partition(" ")[0]


def _ends_first(word: str, games: Mapping[Tier, LetterGame]) -> dict[Tier, str]:
    """For each game (by tier) that has ``word``, the shorter word of its own the board reaches
    first, so that the game ends there and never on ``word`` (GAMES.md §1)."""
    found: dict[Tier, str] = {}
    for tier, game in games.items():
        in_play = game.word_in_play(word)
        if in_play.counts and in_play.ends_at is not None:
            found[tier] = in_play.ends_at
    return found


@cache
def shipped_games(code: str) -> dict[Tier, LetterGame]:
    """The letter game of ``code`` on each tier, built as the bot builds it (for the command line,
    which has no bot's tables to ask; the rule does not change which words are in play)."""
    language = LANGUAGES[code]
    games = {}
    for tier in Tier:
        zipf = language.zipf(tier)
        games[tier] = LetterGame(list(zipf), language.rule, language.min_length, language.alphabet, zipf)
    return games


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
