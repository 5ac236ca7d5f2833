"""5bukv's colours: the exact colouring of a guess against a secret, masks as integers 0..242
and the colour table of every guess against every secret (see the package docstring)."""

from __future__ import annotations

import mmap
import unicodedata
from collections.abc import Iterator, Sequence
from enum import StrEnum

import numpy as np
import numpy.typing as npt

WORD_LENGTH = 5
MAX_TRIES = 6
SOLVED_CODE = 3**WORD_LENGTH - 1  # 242: every letter yellow
PATTERNS = 3**WORD_LENGTH

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]
CodeArray = npt.NDArray[np.uint8]


class Colour(StrEnum):
    """A letter's colour as 5bukv paints it."""

    YELLOW = "y"  # right letter, right place
    WHITE = "w"  # in the word, elsewhere
    GREY = "g"  # no (further) such letter


Mask = tuple[Colour, ...]

_DIGIT = {Colour.GREY: 0, Colour.WHITE: 1, Colour.YELLOW: 2}
_COLOUR_OF_DIGIT = {digit: colour for colour, digit in _DIGIT.items()}
_PLACE_VALUES = np.array([3 ** (WORD_LENGTH - 1 - p) for p in range(WORD_LENGTH)], dtype=np.int64)


# --------------------------------------------------------------------------- colours


def composed(text: str) -> str:
    """Some keyboards and pasted text send «й» and «ё» as a base letter and a combining mark;
    the player meant one letter (Unicode NFC)."""
    return unicodedata.normalize("NFC", text)


def normalise_word(word: str) -> str:
    """The game's spelling: composed, lower case, ё as е."""
    return composed(word).strip().lower().replace("ё", "е")


def feedback(guess: str, secret: str) -> Mask:
    """The colours 5bukv shows for ``guess`` when the answer is ``secret``.

    Exact matches are yellow first; then, left to right, a letter is white
    while the secret still has an unmatched copy of it, else grey.
    """
    pairs = list(zip(normalise_word(guess), normalise_word(secret), strict=True))
    unmatched: dict[str, int] = {}
    for g, s in pairs:
        if g != s:
            unmatched[s] = unmatched.get(s, 0) + 1
    colours: list[Colour] = []
    for g, s in pairs:
        if g == s:
            colours.append(_YELLOW)
        elif unmatched.get(g, 0) > 0:
            colours.append(_WHITE)
            unmatched[g] -= 1
        else:
            colours.append(_GREY)
    return tuple(colours)


#: The colours as plain names: ``feedback`` runs for every guess against every word a test or a
#: review plays out, and an enum member read through its class costs a lookup each time.
_YELLOW, _WHITE, _GREY = Colour.YELLOW, Colour.WHITE, Colour.GREY


def mask_code(mask: Mask) -> int:
    """A mask as an integer 0..242 (grey 0, white 1, yellow 2; first letter most significant)."""
    return sum(_DIGIT[colour] * 3 ** (WORD_LENGTH - 1 - position) for position, colour in enumerate(mask))


def mask_from_code(code: int) -> Mask:
    digits = [(code // 3 ** (WORD_LENGTH - 1 - position)) % 3 for position in range(WORD_LENGTH)]
    return tuple(_COLOUR_OF_DIGIT[digit] for digit in digits)


def mask_text(mask: Mask) -> str:
    return "".join(colour.value for colour in mask)


def encode_words(words: Sequence[str]) -> IntArray:
    """Words as an (n, 5) array of code points, for the vectorised colouring (decoded whole, as UTF-32:
    a list of code points per word took 0.1 s of a start for English Wordle's 12,972 words)."""
    text = "".join(words)
    if len(text) != WORD_LENGTH * len(words):
        return np.array([[ord(letter) for letter in word] for word in words], dtype=np.int64).reshape(-1, WORD_LENGTH)
    points = np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32)
    return points.astype(np.int64).reshape(-1, WORD_LENGTH)


def colour_table(guesses: IntArray, secrets: IntArray) -> CodeArray:
    """The mask code of every guess against every secret, as a (guesses, secrets) ``uint8`` matrix.

    Guesses are grouped by where they repeat a letter, so within a group the
    Wordle rule for repeats is a fixed sum of a few whole-row operations.
    """
    letters, coded = np.unique(np.concatenate([guesses, secrets]), return_inverse=True)
    coded = coded.reshape(-1, WORD_LENGTH)
    guess_letters, secret_letters = coded[: len(guesses)], coded[len(guesses) :]
    counts = np.zeros((len(letters), len(secrets)), dtype=np.int8)
    for position in range(WORD_LENGTH):
        np.add.at(counts, (secret_letters[:, position], np.arange(len(secrets))), 1)
    table = np.empty((len(guesses), len(secrets)), dtype=np.uint8)
    for repeats, rows in _group_by_repeats(guess_letters).items():
        for chunk in _row_chunks(rows, len(secrets)):
            table[chunk] = _colour_group(guess_letters[chunk], secret_letters, counts, repeats)
    return table


class ColourTable:
    """The colours of guesses against the words of a list, worked out only where asked for.

    The whole table of a list against itself (3,183 × 3,183 bytes for the shipped list) took 0.1 s
    of CPU to colour, on the path of the bot's first 5bukv replies, and most of it is
    never read: a game on the stored tree reads one row a guess, a search off the tree the rows of
    a few dozen guesses. So a row is coloured the first time it is read and kept (its place is
    reserved at once, but the memory pages of rows never coloured are never touched), and a block
    of a few columns is coloured on the spot. The letters of the list and how many times each word
    holds each are counted once, so one row takes a fraction of a millisecond. Every cell is the
    exact code ``colour_table`` gives.

    Threads may read it at once: a row is marked coloured only after it is written, and two threads
    colouring the same row write the same bytes.

    ``width``: the columns are the first ``width`` words only, where only they can be the secret
    (English Wordle's 2,315 answers, listed before the other 10,657 words it accepts): a row is
    then 2,315 bytes to colour, not 12,972.
    """

    def __init__(self, codes: IntArray, width: int | None = None) -> None:
        self.codes = codes
        self.width = len(codes) if width is None else width
        self._letters, self._coded = _letter_numbers(codes)
        words = len(codes)
        # A last row of zeros: the count of a letter no word of the list has.
        self._counts = np.zeros((len(self._letters) + 1, words), dtype=np.int8)
        every = np.arange(words)
        for position in range(WORD_LENGTH):  # one cell per word at a position: no repeats, no np.add.at
            self._counts[self._coded[:, position], every] += 1
        self._table = _reserved_table(words, self.width)
        self._coloured = np.zeros(words, dtype=bool)

    def __len__(self) -> int:
        return len(self.codes)

    def row(self, guess: int) -> CodeArray:
        """The colours word ``guess`` of the list shows against every word of it."""
        if not self._coloured[guess]:
            self._colour_rows(np.array([guess], dtype=np.int64))
        row: CodeArray = self._table[guess]
        return row

    def rows(self, guesses: IntArray) -> CodeArray:
        """The rows of ``guesses`` (words of the list), each coloured once and kept (a copy)."""
        self.colour(guesses)
        rows: CodeArray = self._table[guesses]
        return rows

    def colour(self, guesses: IntArray) -> None:
        """Colour the rows of ``guesses`` (words of the list) not coloured yet, and keep them."""
        missing = guesses[~self._coloured[guesses]]
        if len(missing):
            self._colour_rows(np.unique(missing))

    def block(self, guesses: IntArray, secrets: IntArray) -> CodeArray:
        """The colours of ``guesses`` against ``secrets`` (both words of the list, by index). A block
        of a few columns is coloured on the spot; a wide one colours and keeps its rows."""
        coloured = self._coloured[guesses]
        if coloured.all():  # only the cells asked for: whole rows of a long list copied 168 MB a call
            kept: CodeArray = self._table[guesses[:, None], secrets]
            return kept
        if WIDE_BLOCK * len(secrets) >= self.width:
            block: CodeArray = self.rows(guesses)[:, secrets]
            return block
        block = np.empty((len(guesses), len(secrets)), dtype=np.uint8)
        block[coloured] = self._table[guesses[coloured][:, None], secrets]
        block[~coloured] = self._colour(self._coded[guesses[~coloured]], secrets)
        return block

    def against(self, words: IntArray, secrets: IntArray | None = None) -> CodeArray:
        """The colours of any words (an (n, 5) array of code points, as ``encode_words`` gives, in
        the list or not) against ``secrets`` (every column by default)."""
        at = np.searchsorted(self._letters, words).clip(max=len(self._letters) - 1)
        letters = np.where(self._letters[at] == words, at, len(self._letters))  # a letter off the list: its own
        return self._colour(letters, np.arange(self.width) if secrets is None else secrets)

    def full(self) -> CodeArray:
        """The whole table (every row coloured)."""
        self.colour(np.flatnonzero(~self._coloured))
        return self._table

    def _colour_rows(self, guesses: IntArray) -> None:
        """Colour whole rows into the table itself, a chunk at a time: no copy of them on the side
        (the rest of the table, coloured at once, would have been a 10 MB peak)."""
        for repeats, rows in _group_by_repeats(self._coded[guesses]).items():
            for chunk in _row_chunks(guesses[rows], self.width):
                columns, counts = self._coded[: self.width], self._counts[:, : self.width]
                self._table[chunk] = _colour_group(self._coded[chunk], columns, counts, repeats)
                self._coloured[chunk] = True

    def _colour(self, guess_letters: IntArray, secrets: IntArray) -> CodeArray:
        secret_letters, counts = self._coded[secrets], self._counts[:, secrets]
        if len(guess_letters) * len(secrets) <= SMALL_BLOCK:
            return _colour_block(guess_letters, secret_letters, counts)
        table = np.empty((len(guess_letters), len(secret_letters)), dtype=np.uint8)
        for repeats, rows in _group_by_repeats(guess_letters).items():
            for chunk in _row_chunks(rows, len(secret_letters)):
                table[chunk] = _colour_group(guess_letters[chunk], secret_letters, counts, repeats)
        return table


def _letter_numbers(codes: IntArray) -> tuple[IntArray, IntArray]:
    """The letters the words hold (sorted code points) and each letter as its number among them:
    ``np.unique(codes, return_inverse=True)``, but by a look-up table where code points are small
    (any alphabet of the Basic Multilingual Plane), with no sort of every letter of the list."""
    if not codes.size or int(codes.max()) >= 1 << 16 or int(codes.min()) < 0:
        letters, coded = np.unique(codes, return_inverse=True)
        return letters, coded.reshape(-1, WORD_LENGTH)
    present = np.bincount(codes.ravel())
    letters = np.flatnonzero(present).astype(codes.dtype)
    number = np.zeros(len(present), dtype=np.int64)
    number[letters] = np.arange(len(letters))
    return letters, number[codes].reshape(-1, WORD_LENGTH)


def _reserved_table(words: int, width: int) -> CodeArray:
    """A words × width table whose memory is taken only where rows are written, a 4 KB page at a time.

    NumPy asks the kernel for huge pages (2 MB) for an array this large, so a few hundred rows
    coloured here and there made the whole 19 MB of the shipped list's table resident: the rows
    the bot reads are a small part of it. An anonymous map of our own, advised against huge pages,
    keeps the pages of rows never coloured untouched."""
    if not words or not width:
        return np.empty((words, width), dtype=np.uint8)
    memory = mmap.mmap(-1, words * width)
    if hasattr(mmap, "MADV_NOHUGEPAGE"):  # Linux
        memory.madvise(mmap.MADV_NOHUGEPAGE)
    return np.frombuffer(memory, dtype=np.uint8).reshape(words, width)


#: A block at least 1/WIDE_BLOCK of the list wide is read from kept rows (coloured whole if need be):
#: colouring the rest of each row costs at most that many times more, once.
WIDE_BLOCK = 4


#: Cells (guesses times secrets) coloured at once. Colouring takes about a dozen scratch bytes a
#: cell: a whole group at once (thousands of guesses against every secret) took 147 MB above the
#: table itself and made the bot's peak memory; a quarter of a megacell at a time takes
#: under 4 MB and, measured side by side on the 5bukv list, no longer (its scratch stays in cache).
COLOUR_CELLS = 1 << 18


def _row_chunks(rows: IntArray, secrets: int) -> Iterator[IntArray]:
    """``rows`` in slices of at most ``COLOUR_CELLS`` cells against ``secrets`` secrets (one row at least)."""
    step = max(1, COLOUR_CELLS // max(secrets, 1))
    for start in range(0, len(rows), step):
        yield rows[start : start + step]


def _group_by_repeats(guess_letters: IntArray) -> dict[tuple[tuple[int, ...], ...], IntArray]:
    """Guesses keyed by, for each position, the positions holding the same letter.

    The pattern of each guess is packed into one integer and grouped whole-array: a key built
    word by word in Python took 0.11 s of the 5bukv list's 0.24, all of it holding the GIL
    while the bot answers its first updates beside the build."""
    same = guess_letters[:, :, None] == guess_letters[:, None, :]
    bits = same.reshape(len(guess_letters), WORD_LENGTH * WORD_LENGTH).astype(np.int64)
    packed = bits @ (np.int64(1) << np.arange(WORD_LENGTH * WORD_LENGTH, dtype=np.int64))
    patterns, first, group_of = np.unique(packed, return_index=True, return_inverse=True)
    order = np.argsort(group_of.ravel(), kind="stable")
    bounds = np.searchsorted(group_of.ravel()[order], np.arange(1, len(patterns)))
    groups = {}
    for row, rows in zip(first.tolist(), np.split(order.astype(np.int64), bounds), strict=True):
        key = tuple(tuple(int(q) for q in np.flatnonzero(position)) for position in same[row])
        groups[key] = rows
    return groups


#: Cells up to which a block coloured on the spot is coloured whole (``_colour_block``), not one
#: group of guesses at a time: a few hundred guesses against the candidates of a position off the
#: tree fall in a dozen groups, each costing its own round of array operations.
SMALL_BLOCK = 1 << 17


def _colour_block(guess_letters: IntArray, secret_letters: IntArray, counts: npt.NDArray[np.int8]) -> CodeArray:
    """``_colour_group``'s rule for guesses of any repeats at once: letter p is white when it is not
    exact and the secret holds more copies of it than the guess uses up before it (its copies matched
    exactly anywhere, and its earlier copies not matched exactly)."""
    same = guess_letters[:, :, None] == guess_letters[:, None, :]
    exact = [guess_letters[:, None, p] == secret_letters[None, :, p] for p in range(WORD_LENGTH)]
    code = np.zeros((len(guess_letters), len(secret_letters)), dtype=np.uint8)
    for p in range(WORD_LENGTH):
        used = exact[p].astype(np.int8)
        for q in range(WORD_LENGTH):
            if q != p:
                used += same[:, p, q, None] & (exact[q] | (q < p))
        white = ~exact[p] & (counts[guess_letters[:, p]] > used)
        code += (exact[p].astype(np.uint8) * 2 + white) * np.uint8(3 ** (WORD_LENGTH - 1 - p))
    return code


def _colour_group(
    guess_letters: IntArray,
    secret_letters: IntArray,
    counts: npt.NDArray[np.int8],
    repeats: tuple[tuple[int, ...], ...],
) -> CodeArray:
    """Colours for guesses that repeat letters in the same places.

    Letter p is white when it is not exact and the secret's copies of it not
    matched exactly outnumber the earlier non-exact copies in the guess.
    """
    exact = [guess_letters[:, None, p] == secret_letters[None, :, p] for p in range(WORD_LENGTH)]
    code = np.zeros((len(guess_letters), len(secret_letters)), dtype=np.uint8)
    for p in range(WORD_LENGTH):
        copies_in_secret = counts[guess_letters[:, p]]
        taken_exactly = sum((exact[r].astype(np.int8) for r in repeats[p]), np.zeros_like(copies_in_secret))
        taken_earlier = sum(((~exact[q]).astype(np.int8) for q in repeats[p] if q < p), np.zeros_like(copies_in_secret))
        white = ~exact[p] & (copies_in_secret - taken_exactly > taken_earlier)
        digit = exact[p].astype(np.uint8) * 2 + white
        code += digit * np.uint8(3 ** (WORD_LENGTH - 1 - p))
    return code


def prepare_words(words: Sequence[str]) -> list[str]:
    """Five-letter words in the game's spelling, sorted, without repeats."""
    return sorted({word for raw in words if len(word := normalise_word(raw)) == WORD_LENGTH and word.isalpha()})
