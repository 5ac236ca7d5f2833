"""The shipped list of the words the real 5bukv may choose (``WORDS_FILE``), each with its
frequency and kind, the common nouns the engine guesses with, and the broader list
(``MORE_FILE``) for a game no candidate fits."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from solver.wordle.colours import WORD_LENGTH, prepare_words
from solver.words import DATA_DIR, LANGUAGES, Tier, WordListError, read_table

WORDS_FILE = DATA_DIR / "wordle_words.tsv"
MORE_FILE = DATA_DIR / "wordle_more.tsv"

#: The kinds of the game's possible answers (``solver/data/wordle_words.tsv``): a clean noun, a noun kept out
#: of the common tier (its spelling is more often another word), a crude word or insult (a possible
#: answer the bot never says), another part of speech or a noun spelled like an adjective (нищий, никто,
#: вчера, лысый).
NOUN, RARE, CRUDE, OTHER = "noun", "rare", "crude", "other"
WORD_KINDS = (NOUN, RARE, CRUDE, OTHER)
#: The kinds of the broader list (``solver/data/wordle_more.tsv``): a word the bot may show, or a crude one.
MORE_KINDS = ("word", CRUDE)


# --------------------------------------------------------------------------- the shipped list

RUSSIAN = LANGUAGES["ru"]


def default_words() -> list[str]:
    """The candidates: every word the real game may choose (``solver/data/wordle_words.tsv``), ё as е."""
    return sorted(_answer_table())


def default_zipf() -> dict[str, float]:
    """Each candidate's Zipf frequency, the prior's input."""
    return {word: zipf for word, (zipf, _) in _answer_table().items()}


def default_kinds() -> dict[str, str]:
    """Each candidate's kind: noun, crude (never said) or other (another part of speech)."""
    return {word: kind for word, (_, kind) in _answer_table().items()}


def default_guessable() -> list[str]:
    """The words the engine may guess to split the candidates: the common tier's five-letter nouns,
    clean words that two dictionaries know and players use, so the game surely takes them."""
    candidates = _answer_table()
    # The shipped words are lower case and composed, and ё stays one letter as е: only the five-letter
    # ones can become five-letter words, so only they are spelled the game's way (not all 20,000).
    five = [word for word in RUSSIAN.words(Tier.COMMON) if len(word) == WORD_LENGTH]
    return [word for word in prepare_words(five) if candidates.get(word, (0, CRUDE))[1] == NOUN]


def more_words() -> dict[str, tuple[float, bool]]:
    """The broader list: every other five-letter word of the sources, each with its Zipf frequency and
    whether the bot may show it (a crude one is only counted). Read on first use: only a game that
    no candidate fits needs it."""
    return {word: (zipf, kind != CRUDE) for word, (zipf, kind) in _table(MORE_FILE, MORE_KINDS).items()}


def _answer_table() -> dict[str, tuple[float, str]]:
    return _table(WORDS_FILE, WORD_KINDS)


@cache
def _table(path: Path, kinds: tuple[str, ...]) -> dict[str, tuple[float, str]]:
    """``word<TAB>zipf<TAB>kind`` lines, read once."""
    table: dict[str, tuple[float, str]] = {}
    for word, rest in read_table(path):
        zipf, _, kind = rest.partition("\t")
        if kind not in kinds:
            raise WordListError(f"{path}: unknown kind {kind!r} of {word!r}")
        table[word] = (float(zipf), kind)
    return table
