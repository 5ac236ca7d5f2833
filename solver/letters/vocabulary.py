"""A game's words: the vocabulary, the words a board can reach whole, and a compact sorted list."""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Sequence

import numpy as np


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
        self._text = "".join(sorted_words)
        lengths = np.fromiter(map(len, sorted_words), dtype=np.int64, count=len(sorted_words))
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
