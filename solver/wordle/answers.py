"""The shipped list of the words the real 5bukv may choose (``WORDS_FILE``), each with its
frequency and kind, and the common nouns the engine guesses with."""

from __future__ import annotations

from functools import cache

from solver.wordle.colours import WORD_LENGTH
from solver.wordle.search import CRUDE, NOUN, WORD_KINDS, prepare_words
from solver.words import DATA_DIR, LANGUAGES, Tier, WordListError, read_table

WORDS_FILE = DATA_DIR / "wordle_words.tsv"


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


@cache
def _answer_table() -> dict[str, tuple[float, str]]:
    """``word<TAB>zipf<TAB>kind`` lines, read once."""
    table: dict[str, tuple[float, str]] = {}
    for word, rest in read_table(WORDS_FILE):
        zipf, _, kind = rest.partition("\t")
        if kind not in WORD_KINDS:
            raise WordListError(f"{WORDS_FILE}: unknown kind {kind!r} of {word!r}")
        table[word] = (float(zipf), kind)
    return table
