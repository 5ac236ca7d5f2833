"""A game's words: the vocabulary, the words a board can reach whole, and a compact sorted list.

The plain functions say what each set is, one word at a time; :class:`WordMatrix` computes the same
sets for a game with NumPy, a word list of tens of thousands of words in a few milliseconds (a cold
start of the command line, and the tables the bot builds at start, pay for every step).
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cached_property
from typing import Any, TypeVar

import numpy as np
from numpy.typing import NDArray

from solver.words import PIECE

IntArray = NDArray[np.int64]
#: Letter codes: one byte each while at most 255 letters occur, else two (big-endian).
Codes = NDArray[np.unsignedinteger[Any]]
Item = TypeVar("Item", bound=np.generic)


def vocabulary(words: Iterable[str], min_length: int = 1) -> list[str]:
    """The distinct words of at least ``min_length`` letters, sorted.

    Sorting a list is much faster than sorting a set when the word file is
    already sorted, as the shipped ones are.
    """
    kept = [word for word in words if len(word) >= min_length] if min_length > 1 else [w for w in words if w]
    kept.sort()
    # Not dict.fromkeys: over a whole word list that is one long call into C, which holds up every
    # other thread (solver.words.PIECE); sorted, a word's duplicate is next to it.
    return [word for at, word in enumerate(kept) if at == 0 or word != kept[at - 1]]


def reachable_words(sorted_words: Iterable[str]) -> list[str]:
    """The words that no shorter word begins: only these can end a game.

    In sorted order a word's prefixes come before it and everything between
    a prefix word and the word starts with that prefix, so comparing with the
    last reachable word is enough.
    """
    reachable: list[str] = []
    for word in sorted_words:
        if not (reachable and word.startswith(reachable[-1])):
            reachable.append(word)
    return reachable


def left_out(sorted_words: Sequence[str], subsequence: Sequence[str]) -> list[str]:
    """The words of ``sorted_words`` not in ``subsequence`` (which keeps their order): one pass."""
    left: list[str] = []
    at = 0
    for word in sorted_words:
        if at < len(subsequence) and subsequence[at] == word:
            at += 1
        else:
            left.append(word)
    return left


class PackedWords:
    """A sorted list of words kept as one string and offsets: a game keeps the words no board can
    spell whole (over 100,000 in the whole English list) in a fraction of a list's memory."""

    def __init__(self, sorted_words: Sequence[str]) -> None:
        lengths = np.fromiter(map(len, sorted_words), dtype=np.int64, count=len(sorted_words))
        self._set("".join(sorted_words), lengths)

    @classmethod
    def joined(cls, text: str, lengths: IntArray) -> PackedWords:
        """The words that ``text`` holds one after another, ``lengths`` letters each."""
        words = cls.__new__(cls)
        words._set(text, lengths)
        return words

    def _set(self, text: str, lengths: IntArray) -> None:
        self._text = text
        self._starts = np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64)

    def __len__(self) -> int:
        return len(self._starts) - 1

    def __getitem__(self, at: int) -> str:
        return self._text[int(self._starts[at]) : int(self._starts[at + 1])]

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str):
            return False
        at = bisect.bisect_left(self, word)
        return at < len(self) and self[at] == word


class WordMatrix:
    """Distinct words in the order Python sorts strings, as a matrix of letter codes: one row a
    word, zero-padded, a letter's code its rank among the letters that occur (by code point, so
    rows sort as the words do). What :func:`vocabulary`, :func:`reachable_words` and
    :func:`left_out` give, in a few NumPy steps over every word at once."""

    def __init__(
        self, source: list[str] | None, rows: IntArray, letters: NDArray[np.uint32], codes: Codes, lengths: IntArray
    ) -> None:
        self._source = source  # the words as given, row i is source[rows[i]]; None: read from the codes
        self._rows = rows
        self.letters = letters  # the code point of each code (code c is letters[c - 1])
        self.codes = codes
        self.lengths = lengths

    @cached_property
    def shared(self) -> IntArray:
        """The letters each word shares with the one before it (0 for the first)."""
        return _shared_prefixes(self.codes)

    @classmethod
    def of(cls, words: Iterable[str], min_length: int = 1) -> WordMatrix:
        """The distinct words of at least ``min_length`` letters (and at least one), sorted."""
        source = words if isinstance(words, list) else list(words)
        least = max(min_length, 1)
        # A piece of words at a time (:data:`solver.words.PIECE`): their letters' code points, kept
        # in two bytes each where they fit, are the only scratch beside the matrix.
        pieces = [_code_points(source[at : at + PIECE], least) for at in range(0, len(source), PIECE)]
        lengths = np.concatenate([piece_lengths for _, piece_lengths in pieces] or [np.zeros(0, np.int64)])
        rows = np.flatnonzero(lengths >= least)
        lengths = lengths[rows]
        if not len(rows):
            return cls(source, rows, np.zeros(0, np.uint32), np.zeros((0, 0), np.uint8), lengths)
        letters = _letters_used(points for points, _ in pieces)
        code_of_point = np.zeros(int(letters[-1]) + 1, dtype=np.uint8 if len(letters) < 256 else np.uint16)
        code_of_point[letters] = np.arange(1, len(letters) + 1)
        # Big-endian codes, so that a row read as bytes compares as the word does.
        codes: Codes = np.zeros((len(lengths), int(lengths.max())), dtype=np.uint8 if len(letters) < 256 else ">u2")
        row, columns = 0, np.arange(codes.shape[1])
        for points, piece_lengths in pieces:
            kept_lengths = piece_lengths[piece_lengths >= least]
            block = codes[row : row + len(kept_lengths)]
            block[columns < kept_lengths[:, None]] = code_of_point[points]  # row by row, as the letters come
            row += len(kept_lengths)
        del pieces, code_of_point
        return cls._sorted_distinct(source, rows, letters, codes, lengths)

    @classmethod
    def of_lines(cls, text: str, min_length: int = 1) -> WordMatrix | None:
        """What :meth:`of` gives for the words of a word file's ``text`` as
        :func:`solver.words.read_words` reads them (one a line, lower-cased, blank lines and a
        first line that is only a number skipped), read in a few NumPy steps over the whole text
        instead of a string a word: the command line's cold start reads its file so. Each step is
        one long call into C, so this is for a process that runs nothing beside it (``PIECE``).

        None when the plain reading is needed: a line holds more than its word (white space, a
        line break other than LF), a letter lower-cases to several or as its neighbours say (Σ),
        or a character lies beyond the first 65,536 code points.
        """
        if not text.endswith("\n"):
            text += "\n"
        points = np.frombuffer(text.encode("utf-16-le", "surrogatepass"), np.uint16)
        present = np.flatnonzero(np.bincount(points))
        lowered = []
        for point in present.tolist():
            lower = chr(point).lower()
            if point != _LF and (
                chr(point).isspace() or len(lower) != 1 or 0xD800 <= point < 0xE000 or point == _SIGMA
            ):
                return None
            lowered.append(ord(lower))
        ends = np.flatnonzero(points == _LF)
        lengths = np.diff(ends, prepend=-1) - 1
        keep = lengths >= max(min_length, 1)
        written = np.flatnonzero(lengths)
        if len(written):  # a first word that is only a number is the count of Bokstavslek's bokstav.dat
            first = int(written[0])
            if text[ends[first] - lengths[first] : ends[first]].lower().isdigit():
                keep[first] = False
        every_word_kept = bool(np.all(keep | (lengths == 0)))
        if not every_word_kept:
            letter_points = points[np.repeat(keep, lengths + 1) & (points != _LF)]
            present = np.flatnonzero(np.bincount(letter_points))
            lowered = [ord(chr(point).lower()) for point in present.tolist()]
        rows = np.flatnonzero(keep)
        lengths = lengths[rows]
        if not len(rows):
            return cls(None, rows, np.zeros(0, np.uint32), np.zeros((0, 0), np.uint8), lengths)
        # Each letter as written (a row of ``present``) is coded as its lower case is.
        present, lowered_points = present[present != _LF], np.array(lowered, dtype=np.uint32)[present != _LF]
        letters = np.array(sorted(set(lowered_points.tolist())), dtype=np.uint32)
        code_of_point = np.zeros(max(int(present[-1]), _LF) + 1, dtype=np.uint8 if len(letters) < 256 else np.uint16)
        code_of_point[present] = np.searchsorted(letters, lowered_points) + 1
        # Coded first, then the line ends dropped, where every line's letters count: fewer bytes to move.
        letter_codes = code_of_point[points][points != _LF] if every_word_kept else code_of_point[letter_points]
        codes: Codes = np.zeros((len(lengths), int(lengths.max())), dtype=np.uint8 if len(letters) < 256 else ">u2")
        codes[np.arange(codes.shape[1], dtype=np.int32) < lengths.astype(np.int32)[:, None]] = letter_codes
        return cls._sorted_distinct(None, rows, letters, codes, lengths)

    @classmethod
    def _sorted_distinct(
        cls, source: list[str] | None, rows: IntArray, letters: NDArray[np.uint32], codes: Codes, lengths: IntArray
    ) -> WordMatrix:
        """The matrix of these rows sorted, each word once."""
        as_bytes = _as_bytes(codes)
        if not all(np.all(piece[1:] >= piece[:-1]) for piece in _overlapping_pieces(as_bytes)):
            order = _sorting_order(codes)
            rows, codes, lengths = rows[order], np.take(codes, order, axis=0), lengths[order]
        matrix = cls(source, rows, letters, codes, lengths)
        repeated = matrix.shared == lengths  # a word sharing all its letters with the one before is that word again
        return matrix.subset(~repeated) if repeated.any() else matrix

    def __len__(self) -> int:
        return len(self.lengths)

    def reachable(self) -> NDArray[np.bool_]:
        """For each word, whether no shorter word begins it (:func:`reachable_words`).

        The words that begin with a word come right after it, in one run: a word is behind a
        shorter one when it falls in the run of a word that the next word begins with.
        """
        begins_next = np.flatnonzero(self.shared[1:] == self.lengths[:-1])
        if not len(begins_next):
            return np.ones(len(self), dtype=bool)
        # Where each such run ends: the first word past the word padded with the highest code.
        highest = np.full((len(begins_next), self.codes.shape[1]), np.iinfo(self.codes.dtype).max, self.codes.dtype)
        columns = np.arange(self.codes.shape[1])
        own = columns < self.lengths[begins_next][:, None]
        highest[own] = np.take(self.codes, begins_next, axis=0)[own]
        run_ends = np.searchsorted(_as_bytes(self.codes), _as_bytes(highest), side="right")
        runs = np.bincount(begins_next + 1, minlength=len(self) + 1) - np.bincount(run_ends, minlength=len(self) + 1)
        reachable: NDArray[np.bool_] = np.cumsum(runs[:-1]) == 0
        return reachable

    def subset(self, keep: NDArray[np.bool_]) -> WordMatrix:
        """The words where ``keep`` is true, in order."""
        codes = np.compress(keep, self.codes, axis=0)
        subset = WordMatrix(self._source, self._rows[keep], self.letters, codes, self.lengths[keep])
        if "shared" in self.__dict__ and len(subset):
            # Two words share what every pair of neighbours between them shares.
            kept = np.flatnonzero(keep)
            shared = np.zeros(len(kept), dtype=np.int64)
            shared[1:] = np.minimum.reduceat(self.shared[: kept[-1] + 1], kept[:-1] + 1)
            subset.__dict__["shared"] = shared
        return subset

    def words(self) -> list[str]:
        """The words, in order, as given."""
        if self._source is None:
            packed = self.packed()
            return [packed[at] for at in range(len(packed))]
        source = self._source
        words: list[str] = []
        for at in range(0, len(self), PIECE):
            words += map(source.__getitem__, self._rows[at : at + PIECE].tolist())
        return words

    def packed(self, keep: NDArray[np.bool_] | None = None) -> PackedWords:
        """The words (those where ``keep`` is true) as :class:`PackedWords`, their text made from the
        codes a piece of rows at a time."""
        # Two bytes a letter when every letter is one UTF-16 unit (half the bytes to write and decode).
        narrow = not len(self.letters) or int(self.letters[-1]) < 0xD800
        point_of_code = np.zeros(len(self.letters) + 1, dtype=np.uint16 if narrow else np.uint32)
        point_of_code[1:] = self.letters
        encoding = "utf-16-le" if narrow else "utf-32-le"
        text = []
        for at in range(0, len(self), PIECE):
            rows = self.codes[at : at + PIECE]
            if keep is not None:
                rows = np.compress(keep[at : at + PIECE], rows, axis=0)
            text.append(point_of_code[rows[rows != 0]].tobytes().decode(encoding, "surrogatepass"))
        lengths = self.lengths if keep is None else self.lengths[keep]
        return PackedWords.joined("".join(text), lengths)


def _code_points(words: list[str], least: int) -> tuple[NDArray[np.unsignedinteger[Any]], IntArray]:
    """The code points of the letters of ``words`` of at least ``least`` letters, one after another
    (in two bytes each when every one fits), and every word's length."""
    lengths = np.fromiter(map(len, words), np.int64, len(words))
    text = "".join(words if least == 1 else [word for word in words if len(word) >= least])
    narrow = text.encode("utf-16-le", "surrogatepass")
    if len(narrow) == 2 * len(text):  # no letter beyond the first 65,536 code points
        return np.frombuffer(narrow, np.uint16), lengths
    return np.frombuffer(text.encode("utf-32-le", "surrogatepass"), np.uint32), lengths


def _letters_used(pieces: Iterable[NDArray[np.unsignedinteger[Any]]]) -> NDArray[np.uint32]:
    """The code points that occur in any of ``pieces``, in order."""
    counts = np.zeros(0, dtype=np.int64)
    for points in pieces:
        found = np.bincount(points)
        if len(found) > len(counts):
            found[: len(counts)] += counts
            counts = found
        else:
            counts[: len(found)] += found
    letters: NDArray[np.uint32] = np.flatnonzero(counts).astype(np.uint32)
    return letters


def _sorting_order(codes: Codes) -> IntArray:
    """The order that sorts the rows of ``codes`` as their words sort (equal rows in any order).

    By each row's first eight bytes as one number first, which NumPy sorts several times faster
    than strings; then the rows that share those with another, by the whole row.
    """
    as_bytes = _as_bytes(codes)
    if as_bytes.itemsize < 8:
        order: IntArray = np.argsort(as_bytes)
        return order
    heads = _heads(codes)
    order = np.argsort(heads)
    heads = heads[order]
    same_head = heads[1:] == heads[:-1]
    tied = np.flatnonzero(np.r_[same_head, False] | np.r_[False, same_head])
    if len(tied):
        rows = order[tied]
        order[tied] = rows[np.argsort(as_bytes[rows], kind="stable")]
    return order


def _heads(codes: Codes) -> NDArray[np.uint64]:
    """The first eight bytes of each row (at least eight wide) as one number, which compares as they do."""
    row_bytes = codes.shape[1] * codes.dtype.itemsize
    return np.ndarray((len(codes),), dtype=">u8", buffer=codes, strides=(row_bytes,)).astype(np.uint64)


def _as_bytes(codes: Codes) -> NDArray[np.bytes_]:
    """Each row of ``codes`` as one byte string, which compares as the row's word does."""
    as_bytes: NDArray[np.bytes_] = codes.view(f"S{codes.shape[1] * codes.dtype.itemsize}").reshape(-1)
    return as_bytes


def in_pieces(step: Callable[[list[str]], NDArray[Item]], items: list[str], dtype: type[Item]) -> NDArray[Item]:
    """``step`` over ``items`` a piece at a time (:data:`solver.words.PIECE`: no one long call into
    C holds up the bot's other threads), the results joined."""
    pieces = [step(items[at : at + PIECE]) for at in range(0, len(items), PIECE)]
    return np.concatenate(pieces) if pieces else np.zeros(0, dtype=dtype)


def _overlapping_pieces(rows: NDArray[np.bytes_]) -> Iterator[NDArray[np.bytes_]]:
    """``rows`` in pieces that overlap by one row, so every neighbouring pair is in one of them."""
    for at in range(0, max(len(rows) - 1, 1), PIECE):
        yield rows[at : at + PIECE + 1]


def _shared_prefixes(codes: Codes) -> IntArray:
    """The letters each row shares with the row before it (0 for the first).

    Where rows of one-byte codes differ within their first eight letters (most neighbours), the
    leading zero bytes of the two heads' difference, as numbers, count them; the others letter by
    letter (:func:`_shared_letters`).
    """
    shared = np.zeros(len(codes), dtype=np.int64)
    if codes.dtype != np.uint8 or codes.shape[1] < 8:
        shared[1:] = _shared_letters(codes, np.arange(1, len(codes)))
        return shared
    heads = _heads(codes)
    difference = heads[1:] ^ heads[:-1]
    differ = np.flatnonzero(difference)
    # A difference of at least 256 ** k has at most 7 - k leading zero bytes.
    differing, leading = difference[differ], np.full(len(differ), 7, dtype=np.int64)
    for step in _BYTE_STEPS:
        leading -= differing >= step
    shared[differ + 1] = leading
    alike = np.flatnonzero(difference == 0) + 1
    shared[alike] = _shared_letters(codes, alike)
    return shared


_LF, _SIGMA = ord("\n"), ord("Σ")  # Σ lower-cases to σ or, ending a word, ς
_BYTE_STEPS = np.array([256**k for k in range(1, 8)], dtype=np.uint64)


def _shared_letters(codes: Codes, rows: IntArray) -> IntArray:
    """The letters each of ``rows`` shares with the row before it, compared letter by letter (padding
    never matches a letter, so two equal words share all their letters), a piece at a time."""
    shared = np.zeros(len(rows), dtype=np.int64)
    for at in range(0, len(rows), PIECE):
        these = rows[at : at + PIECE]
        current = np.take(codes, these, axis=0)
        differs = np.ones((len(these), codes.shape[1] + 1), dtype=bool)
        np.not_equal(current, np.take(codes, these - 1, axis=0), out=differs[:, :-1])
        differs[:, :-1] |= current == 0
        shared[at : at + len(these)] = differs.argmax(axis=1)
    return shared
