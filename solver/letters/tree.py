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
from solver.letters.vocabulary import Codes, PackedWords, WordMatrix

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
        """Build from reachable words. The alphabet defaults to the
        letters that occur; a given one must hold every letter that does."""
        return cls.of(WordMatrix.of(words), alphabet)

    @classmethod
    def of(cls, words: WordMatrix, alphabet: str | None = None) -> FragmentTree:
        """Build from reachable words as a matrix (:meth:`WordMatrix.reachable`)."""
        width = int(words.lengths.max(initial=0))
        if width > np.iinfo(np.int16).max:
            raise ValueError("a word of more than 32,767 letters")
        parent, code, depth, word_index = _fragments(words)
        # The letters used are those of the fragments (every letter of a word is one's last).
        used_codes = np.flatnonzero(np.bincount(code, minlength=len(words.letters) + 1)[1:]) + 1
        used = "".join(map(chr, words.letters[used_codes - 1].tolist()))
        if alphabet is None:
            alphabet = used
        outside = set(used) - set(alphabet)
        if outside:
            raise ValueError(f"letters outside the alphabet: {''.join(sorted(outside))}")
        if len(alphabet) > 255:
            raise ValueError("an alphabet of more than 255 letters")
        letter_of_code = np.full(len(words.letters) + 1, -1, dtype=np.int16)
        letter_of_code[used_codes] = [alphabet.rfind(letter) for letter in used]
        letter = letter_of_code[code]  # the root's code 0 is no letter: -1
        size = len(parent)
        first_child = np.ones(size + 1, dtype=np.int32)
        first_child[1:] += np.cumsum(np.bincount(parent[1:], minlength=size), dtype=np.int32)
        return cls(words.packed(), alphabet, parent, letter, depth, first_child, word_index)

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


def _fragments(words: WordMatrix) -> tuple[NodeArray, Codes, SmallArray, NodeArray]:
    """The tree's parent, last letter's code (0 for the root), depth and word index of every
    fragment, numbered breadth first.

    Word ``i`` opens the fragments below the letters it shares with the word before it, one a
    depth down to its own length: listed word by word they are the fragments in depth-first
    order, and a stable sort by depth numbers them breadth first (depth by depth, then in word
    order: alphabetically). Each opened fragment hangs from the one before it in that list,
    except a word's first, which hangs from the last fragment listed before it one depth up.
    """
    lengths, shared = words.lengths, words.shared
    opened = lengths - shared
    first_opened = np.cumsum(opened) - opened  # each word's first fragment's place in depth-first order
    count = int(first_opened[-1] + opened[-1])
    # 32-bit scratch (fragment numbers fit: NodeArray), freed step by step: this is the build's peak.
    depth_of = np.arange(1, count + 1, dtype=np.int32)
    depth_of -= np.repeat((first_opened - shared).astype(np.int32), opened)
    depth_of_16 = depth_of.astype(np.int16)
    del depth_of
    breadth_first = np.argsort(depth_of_16, kind="stable").astype(np.int32)
    number = np.empty(count + 1, dtype=np.int32)  # by place in depth-first order; place -1 is the root
    number[breadth_first] = np.arange(1, count + 1, dtype=np.int32)
    number[count] = 0
    depth = np.zeros(count + 1, dtype=np.int16)
    depth[1:] = depth_of_16[breadth_first]
    del depth_of_16
    above = np.concatenate(([0], number[: count - 1]))  # the fragment above each but a word's first
    # Breadth first, the fragments are in order of (depth, place): the last one one depth up
    # from a word's first fragment and listed before it is a binary search away.
    key = depth[1:].astype(np.int64)
    key *= count + 1
    key += breadth_first
    branch = np.searchsorted(key, shared * (count + 1) + first_opened)  # its number (the root at depth 0)
    del key
    above[first_opened] = np.where(shared > 0, branch, 0)
    parent = np.full(count + 1, -1, dtype=np.int32)
    parent[1:] = above[breadth_first]
    del above
    width = words.codes.shape[1]
    index = np.int32 if len(words) * width < np.iinfo(np.int32).max else np.int64
    row_starts = np.arange(0, len(words) * width, width, dtype=index)
    places = np.repeat(row_starts, opened)[breadth_first]  # each fragment's letter in the codes, flat
    del breadth_first
    places += depth[1:]
    places -= 1
    code: Codes = np.zeros(count + 1, dtype=words.codes.dtype)
    code[1:] = words.codes.reshape(-1)[places]
    del places
    word_index = np.full(count + 1, -1, dtype=np.int32)
    word_index[number[first_opened + opened - 1]] = np.arange(len(words), dtype=np.int32)
    return parent, code, depth, word_index
