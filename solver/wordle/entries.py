"""What 5bukv players type (a word, a mask in any of the ways players write one) and what a
history of entries says: the letters known, which words fit, and which two entries contradict."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from solver.wordle.colours import WORD_LENGTH, Colour, Mask, composed, feedback, mask_text, normalise_word

# --------------------------------------------------------------------------- reading what players type


class EntryProblem(Enum):
    """Why a typed entry cannot be used."""

    EMPTY = "empty"
    WRONG_LENGTH = "wrong length"
    UNKNOWN_SYMBOL = "unknown symbol"
    WORD_NOT_FIVE_LETTERS = "word not five letters"
    NO_CANDIDATE_LEFT = "no candidate left"


@dataclass(frozen=True)
class EntryError:
    """A typed entry that was refused; ``detail`` is short English naming the problem."""

    problem: EntryProblem
    detail: str
    symbol: str | None = None
    length: int | None = None


@dataclass(frozen=True)
class Entry:
    """One guess and the colours the game gave it (word lower-case, ё as е)."""

    word: str
    mask: Mask

    def __str__(self) -> str:
        return f"{self.word}:{mask_text(self.mask)}"


# 5bukv paints right-place yellow, elsewhere white, absent grey (dark).
_LETTER_SYMBOLS = {
    "y": Colour.YELLOW,
    "ж": Colour.YELLOW,
    "w": Colour.WHITE,
    "б": Colour.WHITE,
    "g": Colour.GREY,
    "с": Colour.GREY,
    "c": Colour.GREY,  # a Latin c typed for the Russian с
}
_YELLOW_SQUARES = "🟨🟡"
_LIGHT_SQUARES = "⬜◻◽▫□🔳⚪○"
_DARK_SQUARES = "⬛◼◾▪■🔲⚫●"
_5BUKV_SYMBOLS = (
    _LETTER_SYMBOLS
    | dict.fromkeys(_YELLOW_SQUARES, Colour.YELLOW)
    | dict.fromkeys(_LIGHT_SQUARES, Colour.WHITE)
    | dict.fromkeys(_DARK_SQUARES, Colour.GREY)
)
# A share-card from Wordle (🟩 right place, 🟨 elsewhere) or its high-contrast theme (🟧, 🟦).
_WORDLE_SYMBOLS = (
    dict.fromkeys("🟩🟧", Colour.YELLOW)
    | dict.fromkeys("🟨🟦", Colour.WHITE)
    | dict.fromkeys(_LIGHT_SQUARES + _DARK_SQUARES, Colour.GREY)
)
_WORDLE_MARKERS = "🟩🟧"
_INVISIBLE = re.compile("[\\s\ufe0e\ufe0f\u200d\u200b,;|]+")
_LATIN_LOOKALIKES = str.maketrans("aekmhopctyxb", "аекмнорстухв")


def parse_mask(text: str) -> Mask | EntryError:
    """Five colours in any way players write them: ``ywg``, ``жбс``, 5bukv's or Wordle's squares."""
    symbols = _INVISIBLE.sub("", composed(text).lower())
    if not symbols:
        return EntryError(EntryProblem.EMPTY, "the mask is empty", length=0)
    table = _WORDLE_SYMBOLS if any(marker in symbols for marker in _WORDLE_MARKERS) else _5BUKV_SYMBOLS
    for symbol in symbols:
        if symbol not in table:
            return EntryError(EntryProblem.UNKNOWN_SYMBOL, f"unknown symbol {symbol!r} in the mask", symbol=symbol)
    if len(symbols) != WORD_LENGTH:
        detail = f"the mask has {len(symbols)} colours, not {WORD_LENGTH}"
        return EntryError(EntryProblem.WRONG_LENGTH, detail, length=len(symbols))
    return tuple(table[symbol] for symbol in symbols)


def parse_word(text: str) -> str | EntryError:
    """A typed guess in the game's spelling; Latin look-alike letters are read as Cyrillic."""
    word = normalise_word(text).translate(_LATIN_LOOKALIKES)
    if len(word) != WORD_LENGTH or not word.isalpha():
        detail = f"the word {text.strip()!r} has {len(word)} letters, not {WORD_LENGTH}"
        if word and not word.isalpha():
            detail = f"the word {text.strip()!r} is not five letters"
        return EntryError(EntryProblem.WORD_NOT_FIVE_LETTERS, detail, length=len(word))
    return word


def parse_entry(text: str, suggested: str) -> Entry | EntryError:
    """``MASK`` (for the suggested word), ``WORD MASK`` or ``WORD:MASK`` (for a word the player chose),
    or the same the other way round (``MASK WORD``, ``MASK:WORD``) when only that order reads."""
    word_text, mask_part = _split_entry(composed(text))
    mask = parse_mask(mask_part)
    if isinstance(mask, EntryError):
        return mask
    word = parse_word(word_text if word_text is not None else suggested)
    if isinstance(word, EntryError):
        return word
    return Entry(word, mask)


def _split_entry(text: str) -> tuple[str | None, str]:
    """Find the word, if any, beside the mask; a text that reads as a mask is a mask alone. The word
    comes first, unless only the other order reads: the first part a mask and the second not
    (``ywggg катер``; ``ссссс ggggg`` stays the word ССССС with its mask)."""
    if ":" in text:
        word, _, mask = text.partition(":")
    else:
        parts = text.split(maxsplit=1)
        if len(parts) != 2 or _reads_as_mask(text) or not (parts[0].isalpha() or _reads_as_mask(parts[0])):
            return None, text
        word, mask = parts
    if _reads_as_mask(word) and not _reads_as_mask(mask) and normalise_word(mask).isalpha():
        return mask, word
    return word, mask


def _reads_as_mask(text: str) -> bool:
    return not isinstance(parse_mask(text), EntryError)


# --------------------------------------------------------------------------- what the colours say


@dataclass(frozen=True)
class Known:
    """What a history of colours tells about the secret, for a player whose word is not in the list."""

    in_place: dict[int, str]  # position (0-4) → the letter there
    elsewhere: list[str]  # letters in the word, place unknown (not already in place)
    absent: list[str]  # letters not in the word at all


def what_is_known(history: Sequence[Entry]) -> Known:
    """Yellow letters are in place; white ones are in the word; a grey letter is absent only when
    no entry shows a copy of it (a grey repeat means no *further* copy)."""
    in_place: dict[int, str] = {}
    present: set[str] = set()
    grey: set[str] = set()
    for entry in history:
        for position, (letter, colour) in enumerate(zip(entry.word, entry.mask, strict=True)):
            if colour is Colour.YELLOW:
                in_place[position] = letter
            if colour is Colour.GREY:
                grey.add(letter)
            else:
                present.add(letter)
    elsewhere = sorted(present - set(in_place.values()))
    return Known(dict(sorted(in_place.items())), elsewhere, sorted(grey - present))


def fits(word: str, history: Sequence[Entry]) -> bool:
    """Whether ``word`` as the secret would have shown every entry's colours."""
    return all(feedback(entry.word, word) == entry.mask for entry in history)


def clashing_entries(history: Sequence[Entry]) -> tuple[Entry, Entry] | None:
    """Two entries that contradict each other (no five letters at all could show both), the
    first such pair in the order they were made; None when every pair could come from one word
    (all of them together may still fit no word: then the list may lack the answer)."""
    for later, second in enumerate(history):
        for first in history[:later]:
            if _clash(first, second):
                return first, second
    return None


def _clash(first: Entry, second: Entry) -> bool:
    if first.word == second.word:
        return first.mask != second.mask
    return _places_clash(first, second) or _places_clash(second, first) or _counts_clash(first, second)


def _places_clash(first: Entry, second: Entry) -> bool:
    """A yellow letter of ``first`` is the answer's letter there: ``second`` must show that letter
    there yellow and any other letter there not yellow."""
    for position, (letter, colour) in enumerate(zip(first.word, first.mask, strict=True)):
        if colour is Colour.YELLOW and (second.word[position] == letter) != (second.mask[position] is Colour.YELLOW):
            return True
    return False


def _counts_clash(first: Entry, second: Entry) -> bool:
    """No count of copies agrees with both: a letter the one shows is absent in the other (grey
    with no coloured copy), say, or more letters present between them than five."""
    bounds = [_copies(first), _copies(second)]
    least: dict[str, int] = {}
    for letter in {*bounds[0], *bounds[1]}:
        low = max(entry[letter][0] for entry in bounds if letter in entry)
        high = min(entry[letter][1] for entry in bounds if letter in entry)
        if low > high:
            return True
        least[letter] = low
    return sum(least.values()) > WORD_LENGTH


def _copies(entry: Entry) -> dict[str, tuple[int, int]]:
    """How many copies of each of its letters the answer has, as one entry tells: at least as
    many as it shows coloured, and no more when one of its copies is grey."""
    copies: dict[str, tuple[int, int]] = {}
    for letter in set(entry.word):
        colours = [colour for own, colour in zip(entry.word, entry.mask, strict=True) if own == letter]
        shown = sum(colour is not Colour.GREY for colour in colours)
        copies[letter] = (shown, shown if Colour.GREY in colours else WORD_LENGTH)
    return copies
