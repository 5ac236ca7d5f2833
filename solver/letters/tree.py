"""The fragment tree: every beginning of a reachable word, numbered depth by depth and
alphabetically within a depth, so the children of a fragment are consecutive numbers and the
whole tree is a few NumPy arrays (after Norvig's Ghost notebook: a *fragment* is a beginning of a
reachable word, and every fragment but a word has at least one legal letter)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from solver.engine import Graph
from solver.letters.vocabulary import PackedWords

IntArray = NDArray[np.int64]
#: Fragment numbers (the bot keeps tables of over 300,000 fragments for the life of the process,
#: so they are kept in 32 bits, and letters and depths in 16).
NodeArray = NDArray[np.int32]
SmallArray = NDArray[np.int16]


@dataclass(frozen=True)
class FragmentTree:
    """Every fragment of the reachable words, numbered depth by depth.

    Fragment 0 is the empty board; the children of fragment ``f`` are the
    numbers ``first_child[f]`` up to ``first_child[f + 1]``, in code-point order.
    """

    words: PackedWords  # the reachable words, sorted (one string: no object per word, kept for the bot's life)
    alphabet: str
    parent: NodeArray
    letter: SmallArray  # index into alphabet of the last letter (-1 for the root)
    depth: SmallArray
    first_child: NodeArray  # CSR offsets, one longer than the tree
    word_index: NodeArray  # index into words for a leaf, -1 elsewhere

    @classmethod
    def build(cls, words: Sequence[str], alphabet: str | None = None) -> FragmentTree:
        """Build from reachable, sorted words. The alphabet defaults to the
        letters that occur; a given one must hold every letter that does."""
        codes, lengths, alphabet = _encode(words, alphabet)
        count, width = codes.shape
        previous_lcp = np.zeros(count, dtype=np.int64)
        previous_lcp[1:] = _common_prefix_lengths(codes)
        depths = np.arange(1, width + 1)[:, None]
        # Word i opens a new fragment at depth d if it is that long and differs
        # from the word before it within its first d letters. Fragments are
        # numbered in the order they open: depth by depth, then alphabetically.
        opens = (depths <= lengths) & (depths > previous_lcp)
        depth_start = np.concatenate([[1], 1 + np.cumsum(opens.sum(axis=1))])
        size = int(depth_start[-1])
        parent = np.full(size, -1, dtype=np.int32)
        letter = np.full(size, -1, dtype=np.int16)
        depth = np.zeros(size, dtype=np.int16)
        word_index = np.full(size, -1, dtype=np.int32)
        # Depth by depth, so the scratch is a few arrays of one entry per word: the fragment each
        # word passes through at every depth at once (a words × depths matrix) and the places of
        # every fragment were the whole English list's peak at start (27 MB beside a 5 MB tree).
        passed = np.zeros(count, dtype=np.int32)  # the fragment word i passes through at the depth before
        for column in range(width):
            opening = opens[column]
            # The fragment word i passes through at this depth: the last one opened at it by word i
            # or a word before it.
            through = np.cumsum(opening, dtype=np.int32)
            through += np.int32(depth_start[column] - 1)
            row = np.flatnonzero(opening)
            placed = slice(int(depth_start[column]), int(depth_start[column + 1]))
            parent[placed] = passed[row]
            letter[placed] = codes[row, column].astype(np.int16) - 1
            depth[placed] = column + 1
            ending = np.flatnonzero(lengths == column + 1)
            word_index[through[ending]] = ending.astype(np.int32)
            passed = through

        first_child = (np.searchsorted(parent[1:], np.arange(size + 1), side="left") + 1).astype(np.int32)
        return cls(PackedWords(words), alphabet, parent, letter, depth, first_child, word_index)

    @property
    def size(self) -> int:
        return len(self.parent)

    def depth_starts(self) -> IntArray:
        """Where each depth's fragments begin (one more entry than depths: the end): the tree is
        numbered breadth first, so its graph is in layers (:func:`solver.engine.solve_layered`)."""
        starts: IntArray = np.searchsorted(self.depth, np.arange(int(self.depth.max()) + 2))
        return starts

    def graph(self) -> Graph:
        """Every fragment but the root is the target of one edge, its letter, numbered as it is."""
        return Graph(self.first_child.astype(np.int64) - 1, np.arange(1, self.size, dtype=np.int64))

    def children(self, node: int) -> range:
        return range(int(self.first_child[node]), int(self.first_child[node + 1]))

    def child(self, node: int, letter: str) -> int | None:
        code = self.alphabet.find(letter)
        for child in self.children(node):
            if self.letter[child] == code:
                return child
        return None

    def find(self, fragment: str) -> int | None:
        node = 0
        for letter in fragment:
            found = self.child(node, letter)
            if found is None:
                return None
            node = found
        return node

    def node(self, fragment: str) -> int:
        """The number of ``fragment``; a KeyError when no reachable word starts with it."""
        node = self.find(fragment)
        if node is None:
            raise KeyError(f"not a fragment: {fragment!r}")
        return node

    def last_letter(self, node: int) -> str:
        """The letter that made fragment ``node`` (a child's letter is its move)."""
        return self.alphabet[int(self.letter[node])]

    def word(self, node: int) -> str:
        """The word leaf ``node`` spells."""
        return self.words[int(self.word_index[node])]

    def fragment(self, node: int) -> str:
        letters = []
        while node > 0:
            letters.append(self.alphabet[self.letter[node]])
            node = int(self.parent[node])
        return "".join(reversed(letters))

    def is_word(self, node: int) -> bool:
        return bool(self.word_index[node] >= 0)


def _encode(words: Sequence[str], alphabet: str | None) -> tuple[NDArray[np.uint8], IntArray, str]:
    """Words as a zero-padded matrix of letter codes 1..len(alphabet)."""
    lengths = np.fromiter(map(len, words), dtype=np.int64, count=len(words))
    points = np.frombuffer("".join(words).encode("utf-32-le"), dtype=np.uint32)
    present = np.flatnonzero(np.bincount(points))
    if alphabet is None:
        alphabet = "".join(map(chr, present))
    outside = set(map(chr, present)) - set(alphabet)
    if outside:
        raise ValueError(f"letters outside the alphabet: {''.join(sorted(outside))}")
    if len(alphabet) > 255:
        raise ValueError("an alphabet of more than 255 letters")
    code_of_point = np.zeros(int(present[-1]) + 1, dtype=np.uint8)
    for code, letter in enumerate(alphabet, start=1):
        if ord(letter) < len(code_of_point):
            code_of_point[ord(letter)] = code
    codes_flat = code_of_point[points]
    letter_count = len(points)
    del points  # the words' code points, four bytes a letter: not kept while the matrix is filled
    width = int(lengths.max())
    if width > np.iinfo(np.int16).max:
        raise ValueError("a word of more than 32,767 letters")
    codes = np.zeros((len(words), width), dtype=np.uint8)
    # Each letter's place in the flat matrix: its place in the joined words, shifted by its word's
    # padding so far. One index array, in 32 bits where it fits: the whole English list's letters
    # took 20 MB of int64 row and column indices, the bot's peak at start.
    index = np.int32 if codes.size < np.iinfo(np.int32).max else np.int64
    starts = np.cumsum(lengths) - lengths
    flat = np.repeat((np.arange(len(words)) * width - starts).astype(index), lengths)
    flat += np.arange(letter_count, dtype=index)
    codes.reshape(-1)[flat] = codes_flat
    return codes, lengths, alphabet


def _common_prefix_lengths(codes: NDArray[np.uint8]) -> IntArray:
    """Letters each word shares with the word before it (padding never matches
    a letter, and two distinct words never match all the way)."""
    differs = np.ones((len(codes) - 1, codes.shape[1] + 1), dtype=bool)
    differs[:, :-1] = (codes[1:] != codes[:-1]) | (codes[1:] == 0)
    lengths: IntArray = differs.argmax(axis=1).astype(np.int64)
    return lengths
