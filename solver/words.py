"""Word lists: reading them, and the dictionaries this project ships.

A shipped dictionary is two files in ``solver/data/`` made by ``scripts/build_data.py``:
``<name>.tsv`` holds every clean word with its Zipf frequency (the *full* tier),
and ``<name>_reasons.tsv`` says why any other word of the source is left out,
so that a player who asks about a word gets an answer, not a shrug.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from operator import lt
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

#: The shipped word lists, inside the package (package data), so an installed solver finds them
#: without a repository checkout (``pip install .`` as well as ``pip install -e .``).
DATA_DIR = Path(__file__).resolve().parent / "data"


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
    HOMOGRAPH = "homograph"  # in the full tier; its spelling is likelier another word (a name, a form): not common
    UNCONFIRMED = "unconfirmed"  # in the full tier; frequent, but the second dictionary lacks it: not common


#: Reasons that keep a word of the full tier out of the common one (the others keep it out of every tier).
#: A spelling dictionary lacking a word is no evidence that the word does not exist, only that a player
#: may not accept it from us: such a word stays in the full tier.
NOT_COMMON = frozenset({Reason.RARE, Reason.HOMOGRAPH, Reason.UNCONFIRMED})


def read_words(path: Path | str) -> list[str]:
    """Read a UTF-8 word list: one word a line, stripped and lower-cased.

    Blank lines are skipped, and so is a first line that is only a number
    (the count that Bokstavslek's ``bokstav.dat`` starts with).
    """
    words = [word for line in read_text(path).lower().splitlines() if (word := line.strip())]
    if words and words[0].isdigit():
        words = words[1:]
    return words


def read_table(path: Path | str) -> list[tuple[str, str]]:
    """Read a two-column UTF-8 ``key<TAB>value`` file; ``#`` starts a comment line."""
    rows = []
    for number, line in enumerate(read_text(path).splitlines(), start=1):
        if not line or line.startswith("#"):
            continue
        key, tab, value = line.partition("\t")
        if not tab:
            raise WordListError(f"{path}, line {number}: expected word<TAB>value")
        rows.append((key, value))
    return rows


def read_text(path: Path | str) -> str:
    """A UTF-8 file's whole text, for a reader of its lines in bulk; a WordListError says why it cannot be read."""
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


#: How many items one bulk step over a word list takes at a time. A step such as ``str.split`` or
#: ``np.fromiter`` is one call into C, which keeps every other thread of the process waiting until it
#: returns, however often the interpreter is told to switch; over the hundred thousand lines of a
#: word file such a call took 20 to 75 ms. In pieces, a thread beside it (the bot answering while
#: it builds its tables at start) gets its turn between them. benchmarks/bench_start_stalls.py.
PIECE = 8192
#: About the characters of ``PIECE`` lines of a word file.
PIECE_TEXT = PIECE * 16


def _fields(text: str) -> list[str]:
    """``text.split()``, a piece of lines at a time."""
    fields: list[str] = []
    for piece in _line_pieces(text):
        fields += piece.split()
    return fields


def _line_pieces(text: str) -> Iterator[str]:
    """``text`` in consecutive pieces of about ``PIECE_TEXT`` characters, each cut after a line end."""
    start = 0
    while start < len(text):
        end = text.find("\n", start + PIECE_TEXT) + 1 or len(text)
        yield text[start:end]
        start = end


def _array(function: Callable[[str], float | int], items: Sequence[str], dtype: type[np.generic]) -> NDArray[Any]:
    """``np.fromiter(map(function, items), dtype)``, a piece at a time."""
    pieces = [
        np.fromiter(map(function, items[at : at + PIECE]), dtype=dtype, count=len(items[at : at + PIECE]))
        for at in range(0, len(items), PIECE)
    ]
    return np.concatenate(pieces) if pieces else np.empty(0, dtype=dtype)


@dataclass(frozen=True)
class Language:
    """A shipped dictionary and the letter game conventionally played with it.

    ``common_zipf`` is the commonness threshold of the common tier: a word is
    common when its Zipf frequency (wordfreq's, weighted by how likely the
    spelling is this word: solver/data/README.md) is at least this, and no reason of
    :data:`NOT_COMMON` keeps it out. See :data:`LANGUAGES` for how each was chosen.
    """

    code: str
    name: str  # solver/data/<name>.tsv and solver/data/<name>_reasons.tsv
    alphabet: str
    rule: str
    min_length: int
    common_zipf: float

    def words(self, tier: Tier | str = Tier.COMMON) -> list[str]:
        """The tier's words, sorted."""
        if Tier(tier) is Tier.FULL:
            return self._frequencies().words()
        return [word for word, _ in self._rows(tier)]

    def zipf(self, tier: Tier | str = Tier.FULL) -> dict[str, float]:
        """The tier's words (by default every word) with their Zipf frequency (0.0 when unknown), in
        word order: a new dict each call, for building tables; one word's is :meth:`zipf_of`."""
        return dict(self._rows(tier))

    def zipf_of(self, word: str) -> float | None:
        """The Zipf frequency of a word of the full tier (0.0 when unknown), None for any other word."""
        table = self._frequencies()
        at = table.index(word)
        return None if at is None else int(table.values[at]) / 100

    def reasons(self) -> dict[str, Reason]:
        """Why each word of the source that is out of a tier is out (a new dict; one word's is :meth:`reason_of`)."""
        table = _reason_table(self._reasons_file)
        return dict(zip(table.words(), map(REASONS.__getitem__, table.values.tolist()), strict=True))

    def every_word_of_length(self, length: int) -> list[str]:
        """Every word of the source with ``length`` letters, in a tier or set aside for any reason
        (5bukv's "is it a word at all?"), picked out by length: the other words are never made."""
        return [
            *self._frequencies().of_length(length),
            *_reason_table(self._reasons_file).of_length(length),
        ]

    def reason_of(self, word: str) -> Reason | None:
        """Why ``word`` is out of a tier, or None when the reasons file does not name it."""
        table = _reason_table(self._reasons_file)
        at = table.index(word)
        return None if at is None else REASONS[int(table.values[at])]

    def tier_of(self, word: str) -> Tier | None:
        """The smallest tier ``word`` is in, or None when it is in neither."""
        zipf = self.zipf_of(word)
        if zipf is None:
            return None
        common = zipf >= self.common_zipf and word not in _rare_words(self._reasons_file)
        return Tier.COMMON if common else Tier.FULL

    @property
    def _reasons_file(self) -> Path:
        return DATA_DIR / f"{self.name}_reasons.tsv"

    def _frequencies(self) -> WordTable:
        return _frequency_table(DATA_DIR / f"{self.name}.tsv")

    def _rows(self, tier: Tier | str) -> Iterator[tuple[str, float]]:
        if Tier(tier) is Tier.COMMON:
            common = _common_rows(DATA_DIR / f"{self.name}.tsv", self.common_zipf)
            if common is not None:
                rare = _rare_words(self._reasons_file)
                return ((word, zipf) for word, zipf in common if word not in rare)
        table = self._frequencies()
        rows = zip(table.words(), _zipf_values(table.values), strict=True)
        if Tier(tier) is Tier.FULL:
            return (row for row in rows)  # a step at a time: dict(zip(...)) would be one long call (PIECE)
        rare = _rare_words(self._reasons_file)
        return ((word, zipf) for word, zipf in rows if zipf >= self.common_zipf and word not in rare)


REASONS = tuple(Reason)


def _zipf_values(hundredths: NDArray[np.uint16] | NDArray[np.uint8]) -> Iterator[float]:
    """Each Zipf value (kept in hundredths) as a float, a piece at a time (``PIECE``), one float object
    per distinct value: a table's two hundred thousand words share a few hundred rather than hold a
    float each (5 MB of the whole English list's frequencies while its letter game is built at start)."""
    shared = [value / 100 for value in range(int(hundredths.max(initial=0)) + 1)]
    for at in range(0, len(hundredths), PIECE):
        yield from map(shared.__getitem__, hundredths[at : at + PIECE].tolist())


class WordTable:
    """Sorted distinct words, each with a small whole number, kept as one string and two arrays.

    The tables live as long as the bot (``/word`` reads them), so they are compact: a dict of
    the 270,000 words of both dictionaries cost 33 MB, this table 5 MB; a lookup is a binary
    search of a few microseconds.
    """

    def __init__(self, words: Sequence[str], values: NDArray[np.uint16] | NDArray[np.uint8]) -> None:
        if len(words) != len(values):
            raise ValueError("one value per word")
        if not all(
            all(map(lt, words[at : at + PIECE], words[at + 1 : at + PIECE + 1])) for at in range(0, len(words), PIECE)
        ):
            raise WordListError("the words are not sorted and distinct")
        self._text = "".join("\n".join(words[at : at + PIECE]) + "\n" for at in range(0, len(words), PIECE))
        lengths = _array(len, words, np.int64)
        self._starts = np.zeros(len(words) + 1, dtype=np.int32)
        np.cumsum(lengths + 1, out=self._starts[1:])
        self.values = values

    def __len__(self) -> int:
        return len(self._starts) - 1

    def word(self, at: int) -> str:
        return self._text[self._starts[at] : self._starts[at + 1] - 1]

    def index(self, word: str) -> int | None:
        """Where ``word`` is, or None when it is not in the table."""
        at = bisect_left(range(len(self)), word, key=self.word)
        return at if at < len(self) and self.word(at) == word else None

    def of_length(self, length: int) -> list[str]:
        """The words of ``length`` characters, in order."""
        return [self.word(at) for at in np.flatnonzero(np.diff(self._starts) == length + 1).tolist()]

    def words(self) -> list[str]:
        """Every word, in order (new strings each call)."""
        words: list[str] = []
        for piece in _line_pieces(self._text):
            words += piece.split("\n")[:-1]
        return words


@cache
def _frequency_table(path: Path) -> WordTable:
    """Read at start-up by every game, so read in bulk rather than line by line; Zipf values have two
    decimals (tested), so each is kept exactly as hundredths."""
    fields = _fields(read_text(path))
    if len(fields) % 2:
        raise WordListError(f"{path}: expected word<TAB>zipf on every line")
    try:
        zipf = _array(float, fields[1::2], np.float64)
    except ValueError as error:
        raise WordListError(f"{path}: a frequency that is not a number ({error})") from None
    hundredths = np.rint(zipf * 100)
    if not np.all((np.abs(zipf * 100 - hundredths) < 1e-6) & (hundredths >= 0) & (hundredths <= 65535)):
        raise WordListError(f"{path}: a frequency that is not a Zipf value with two decimals")
    return WordTable(fields[::2], hundredths.astype(np.uint16))


#: A line of a shipped frequency file as it is written: ``word<TAB>d.dd<LF>``.
_ZIPF_WIDTH = len("\t0.00\n")


def _common_rows(path: Path, least: float) -> list[tuple[str, float]] | None:
    """The words of a shipped ``word<TAB>zipf`` file whose Zipf value is at least ``least``, with it,
    in the file's order, picked out of the raw bytes with NumPy: the whole file is not parsed into a
    table first. The common tier's game is what a player right after a start waits for (/daily,
    a first letter), and parsing the whole English list took most of its build. None when a line
    is not written as ``word<TAB>d.dd`` (the caller then reads the whole table, which says what is wrong)."""
    try:
        raw = path.read_bytes()
    except OSError:
        return None
    data = np.frombuffer(raw, dtype=np.uint8)
    ends = np.flatnonzero(data == ord("\n"))
    if not len(ends) or ends[-1] != len(raw) - 1:
        return None
    starts = np.concatenate(([0], ends[:-1] + 1))
    tabs = ends - (_ZIPF_WIDTH - 1)
    digits = [data[np.maximum(ends - at, 0)] - ord("0") for at in (4, 2, 1)]
    if not (
        np.all(tabs > starts)
        and np.all(data[tabs] == ord("\t"))
        and np.all(data[ends - 3] == ord("."))
        and all(np.all(digit <= 9) for digit in digits)  # uint8: a byte below "0" wraps past 9
    ):
        return None
    hundredths = digits[0].astype(np.int64) * 100 + digits[1].astype(np.int64) * 10 + digits[2]
    shared = [value / 100 for value in range(int(hundredths.max(initial=0)) + 1)]
    picked = np.flatnonzero(hundredths / 100 >= least)
    return [
        (raw[start:tab].decode("utf-8"), shared[value])
        for start, tab, value in zip(
            starts[picked].tolist(), tabs[picked].tolist(), hundredths[picked].tolist(), strict=True
        )
    ]


@cache
def _rare_words(path: Path) -> frozenset[str]:
    """The words of the full tier kept out of the common one (:data:`NOT_COMMON`), found without
    parsing the whole (large) reasons file."""
    text, found = read_text(path), []
    for reason in sorted(NOT_COMMON):
        marker = f"\t{reason.value}\n"
        end = text.find(marker)
        while end >= 0:
            found.append(text[text.rfind("\n", 0, end) + 1 : end])
            end = text.find(marker, end + 1)
    return frozenset(found)


@cache
def _reason_table(path: Path) -> WordTable:
    """Over a hundred thousand lines: read in bulk, each reason looked up rather than parsed."""
    fields = _fields(read_text(path))
    codes = {reason.value: code for code, reason in enumerate(REASONS)}
    try:
        values = _array(codes.__getitem__, fields[1::2], np.uint8)
        return WordTable(fields[::2], values)
    except (KeyError, ValueError) as error:
        raise WordListError(f"{path}: expected word<TAB>reason on every line, not {error}") from None


RUSSIAN_ALPHABET = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"
ENGLISH_ALPHABET = "abcdefghijklmnopqrstuvwxyz"

LANGUAGES = {
    # The Russian article's game. Minimum length 2: no first move may end the game.
    # Common tier: Zipf >= 2.5 (about 0.3 uses per million words). Just above
    # it stand юла, трель, солод, койот, витраж, кольчуга, падчерица; just
    # below it тахта, скумбрия, махина, лилипут, but also дышло, аффикс,
    # рескрипт, холин, тяж. README shows the figures it gives.
    "ru": Language("ru", "russian_nouns", RUSSIAN_ALPHABET, "complete-wins", 2, 2.5),
    # The Ghost article's question: Ghost on the Unix word list, words of 4+ letters.
    # Common tier: Zipf >= 3.0. See README for the words on both sides.
    "en": Language("en", "english_words", ENGLISH_ALPHABET, "complete-loses", 4, 3.0),
}
