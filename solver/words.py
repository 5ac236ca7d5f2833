"""Word lists: reading them, and the dictionaries this project ships.

A shipped dictionary is two files in ``data/`` made by ``scripts/build_data.py``:
``<name>.tsv`` holds every clean word with its Zipf frequency (the *full* tier),
and ``<name>_reasons.tsv`` says why any other word of the source is left out,
so that a player who asks about a word gets an answer, not a shrug.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from pathlib import Path

DATA_DIR = Path(__file__).resolve().parent.parent / "data"


class WordListError(ValueError):
    """A word list that cannot be used; the message says why, for people."""


class Tier(StrEnum):
    """How much of a shipped dictionary the letter game plays with."""

    COMMON = "common"  # nouns an ordinary adult speaker knows
    FULL = "full"  # every clean word of the source


class Reason(StrEnum):
    """Why a word of the source is not in a tier (written in ``*_reasons.tsv``)."""

    OFFENSIVE = "offensive"  # obscene, vulgar, an insult or a slur: in no list at all
    LETTER_NAME = "letter-name"  # the name of a letter or a note («эм», «ре»)
    ABBREVIATION = "abbreviation"
    MALFORMED = "malformed"  # glued or broken entries of the source
    PROPER_NAME = "proper-name"
    NOT_A_NOUN = "not-a-noun"
    RARE = "rare"  # in the full tier, but kept out of the common one by hand


def read_words(path: Path | str) -> list[str]:
    """Read a UTF-8 word list: one word a line, stripped and lower-cased.

    Blank lines are skipped, and so is a first line that is only a number
    (the count that seed 001's ``bokstav.dat`` starts with).
    """
    words = [word for line in _read_text(path).lower().splitlines() if (word := line.strip())]
    if words and words[0].isdigit():
        words = words[1:]
    return words


def read_table(path: Path | str) -> list[tuple[str, str]]:
    """Read a two-column UTF-8 ``key<TAB>value`` file; ``#`` starts a comment line."""
    rows = []
    for number, line in enumerate(_read_text(path).splitlines(), start=1):
        if not line or line.startswith("#"):
            continue
        key, tab, value = line.partition("\t")
        if not tab:
            raise WordListError(f"{path}, line {number}: expected word<TAB>value")
        rows.append((key, value))
    return rows


def _read_text(path: Path | str) -> str:
    path = Path(path)
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise WordListError(f"no such file: {path}") from None
    except IsADirectoryError:
        raise WordListError(f"{path} is a folder, not a word list") from None
    except UnicodeDecodeError:
        raise WordListError(f"{path} is not UTF-8 text") from None
    except OSError as error:
        raise WordListError(f"cannot read {path}: {error.strerror}") from None


@dataclass(frozen=True)
class Language:
    """A shipped dictionary and the letter game conventionally played with it.

    ``common_zipf`` is the commonness threshold of the common tier: a word is
    common when wordfreq's Zipf frequency of it is at least this (and it is
    not marked rare by hand). See :data:`LANGUAGES` for how each was chosen.
    """

    code: str
    name: str  # data/<name>.tsv and data/<name>_reasons.tsv
    alphabet: str
    rule: str
    min_length: int
    common_zipf: float

    def words(self, tier: Tier | str = Tier.COMMON) -> list[str]:
        """The tier's words, sorted."""
        table = _zipf_table(DATA_DIR / f"{self.name}.tsv")
        if Tier(tier) is Tier.FULL:
            return list(table)
        rare = _rare_words(DATA_DIR / f"{self.name}_reasons.tsv")
        return [word for word, zipf in table.items() if zipf >= self.common_zipf and word not in rare]

    def zipf(self) -> dict[str, float]:
        """Every word of the full tier with its Zipf frequency (0.0 when unknown), in word order."""
        return dict(_zipf_table(DATA_DIR / f"{self.name}.tsv"))

    def reasons(self) -> dict[str, Reason]:
        """Why each word of the source that is out of a tier is out."""
        return dict(_reason_table(DATA_DIR / f"{self.name}_reasons.tsv"))

    def tier_of(self, word: str) -> Tier | None:
        """The smallest tier ``word`` is in, or None when it is in neither."""
        zipf = _zipf_table(DATA_DIR / f"{self.name}.tsv").get(word)
        if zipf is None:
            return None
        common = zipf >= self.common_zipf and word not in _rare_words(DATA_DIR / f"{self.name}_reasons.tsv")
        return Tier.COMMON if common else Tier.FULL


@cache
def _zipf_table(path: Path) -> dict[str, float]:
    """Read at start-up by every game, so read in bulk rather than line by line (callers get copies)."""
    fields = _read_text(path).split()
    if len(fields) % 2:
        raise WordListError(f"{path}: expected word<TAB>zipf on every line")
    try:
        return dict(zip(fields[::2], map(float, fields[1::2]), strict=True))
    except ValueError as error:
        raise WordListError(f"{path}: a frequency that is not a number ({error})") from None


@cache
def _rare_words(path: Path) -> frozenset[str]:
    """The words marked rare, found without parsing the whole (large) reasons file."""
    text, marker = _read_text(path), f"\t{Reason.RARE.value}\n"
    found, end = [], text.find(marker)
    while end >= 0:
        found.append(text[text.rfind("\n", 0, end) + 1 : end])
        end = text.find(marker, end + 1)
    return frozenset(found)


@cache
def _reason_table(path: Path) -> tuple[tuple[str, Reason], ...]:
    """Over a hundred thousand lines: read in bulk, each reason looked up rather than parsed."""
    fields = _read_text(path).split()
    reasons = {reason.value: reason for reason in Reason}
    try:
        return tuple(zip(fields[::2], map(reasons.__getitem__, fields[1::2]), strict=True))
    except (KeyError, ValueError) as error:
        raise WordListError(f"{path}: expected word<TAB>reason on every line, not {error}") from None


RUSSIAN_ALPHABET = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"
ENGLISH_ALPHABET = "abcdefghijklmnopqrstuvwxyz"

LANGUAGES = {
    # Seed 000's game. Minimum length 2: no first move may end the game.
    # Common tier: Zipf >= 2.5 (about 0.3 uses per million words). Just above
    # it stand юла, трель, солод, койот, витраж, кольчуга, падчерица; just
    # below it тахта, скумбрия, махина, лилипут, but also дышло, аффикс,
    # рескрипт, холин, тяж. README shows the figures it gives.
    "ru": Language("ru", "russian_nouns", RUSSIAN_ALPHABET, "complete-wins", 2, 2.5),
    # Seed 004's question: Ghost on the Unix word list, words of 4+ letters.
    # Common tier: Zipf >= 3.0. See README for the words on both sides.
    "en": Language("en", "english_words", ENGLISH_ALPHABET, "complete-loses", 4, 3.0),
}
