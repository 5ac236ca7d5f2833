"""The expected-tries search for a game whose answers are equally likely and whose accepted guesses
are a long separate list (English Wordle: 2,315 answers, 12,972 guesses), in normal or hard mode.

It is the 5bukv search (``search.Search``) with the uniform prior's shortcuts, which make a list of
thirteen thousand guesses searchable in minutes: the colour table is kept answers × guesses, so
the colours of every guess against a set of candidates are a few contiguous rows; each guess's
lower bound (3n − groups − 1 if it is a candidate) is a count of distinct codes in a sorted
column, no loop over the candidates; a set of candidates is searched once per tries left (and
hard-mode hints) and remembered, with the bound it proved when a ceiling cut it off; and the
guesses are tried best bound first, stopping as soon as a bound reaches the best cost found.

Hard mode (Wordle's rule): a green letter stays in its place and every revealed letter is used,
as many times as it was revealed, in each later guess.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from solver.wordle.colours import MAX_TRIES, SOLVED_CODE, WORD_LENGTH, CodeArray, IntArray, colour_table, encode_words
from solver.wordle.plan import Plan

_INFINITY = float("inf")
#: Hard-mode hints: the letter fixed at each place (0: none) and the least count of each letter a guess must hold.
Hints = tuple[tuple[int, ...], tuple[tuple[int, int], ...]]
NO_HINTS: Hints = ((0,) * WORD_LENGTH, ())


@dataclass(frozen=True)
class UniformLimits:
    """How many guesses (best bound first) the search weighs at each level; from ``complete_up_to``
    candidates down every guess is weighed until the bounds pass the best cost."""

    widths: tuple[int, ...] = (8, 16, 8, 4, 3)
    complete_up_to: int = 8
    widest: int = 400  # how far past the shortlist to look while no guess keeps every answer within six

    def width(self, level: int, candidates: int) -> int:
        if candidates <= self.complete_up_to:
            return 1 << 30
        return self.widths[min(level, len(self.widths) - 1)]


UNIFORM_LIMITS = UniformLimits()


@dataclass
class UniformSearch:
    """The search over ``answers`` (equally likely) with ``guesses`` (every word the game accepts,
    the answers among them). A cost is the total number of tries over the candidates."""

    guesses: list[str]
    answers: list[str]
    hard: bool = False
    limits: UniformLimits = UNIFORM_LIMITS
    on_root_guess: Callable[[], None] | None = None
    memo: dict[tuple[bytes, int, Hints], tuple[int, int]] = field(default_factory=dict)
    floors: dict[tuple[bytes, int, Hints], int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.index = {word: i for i, word in enumerate(self.guesses)}
        self.answer_guess: IntArray = np.array([self.index[word] for word in self.answers], dtype=np.int64)
        letters = encode_words(self.guesses)
        # answers × guesses: the colours of every guess against a set of answers are its rows.
        self.table: CodeArray = np.ascontiguousarray(colour_table(letters, encode_words(self.answers)).T)
        self.letters = letters
        alphabet = np.unique(letters)
        self.counts: npt.NDArray[np.int8] = np.stack([(letters == a).sum(axis=1) for a in alphabet]).astype(np.int8)
        self.letter_row = {int(a): r for r, a in enumerate(alphabet)}
        self._allowed: dict[Hints, IntArray] = {NO_HINTS: np.arange(len(self.guesses), dtype=np.int64)}

    # ------------------------------------------------------------------ the search

    def best(
        self, candidates: IntArray, tries_left: int, hints: Hints = NO_HINTS, level: int = 0, ceiling: float = _INFINITY
    ) -> tuple[float, int]:
        """(total tries, guess) for ``candidates`` (answer indices, sorted); a cost not below ``ceiling``
        is only a lower bound. The guess is a guess index, -1 when none fits."""
        n = len(candidates)
        own = self.answer_guess[candidates]
        if n == 1:
            return 1, int(own[0])
        if tries_left <= 1:
            return _INFINITY, -1
        if n == 2:
            return 3, int(own[0])
        key = (candidates.tobytes(), tries_left, hints if self.hard else NO_HINTS)
        known = self.memo.get(key)
        if known is not None:
            return known
        floor = self.floors.get(key, 2 * n - 1)
        if floor >= ceiling:
            return floor, -1
        cost, guess = self._search(candidates, tries_left, hints, level, ceiling)
        if cost < ceiling:
            self.memo[key] = int(cost) if cost < _INFINITY else cost, guess  # type: ignore[assignment]
        else:
            self.floors[key] = int(max(floor, ceiling)) if ceiling < _INFINITY else floor
        return cost, guess

    def _search(
        self, candidates: IntArray, tries_left: int, hints: Hints, level: int, ceiling: float
    ) -> tuple[float, int]:
        n = len(candidates)
        pool = self.allowed(hints) if self.hard else self._allowed[NO_HINTS]
        block = self.table[candidates][:, pool]  # n × pool
        ordered = np.sort(block, axis=0)
        groups = 1 + np.count_nonzero(ordered[1:] != ordered[:-1], axis=0)
        is_candidate = np.zeros(len(self.guesses), dtype=bool)
        is_candidate[self.answer_guess[candidates]] = True
        own = is_candidate[pool]
        if tries_left == 2:  # the last guess must find the answer: every group a single word
            splits = np.flatnonzero(groups == n)
            if not len(splits):
                return _INFINITY, -1
            best = splits[np.argmax(own[splits])]
            return 2 * n - int(own[best]), int(pool[best])
        bounds = 3 * n - groups - own
        order = np.lexsort((~own, bounds))
        best_cost, best_guess = ceiling, -1
        width = self.limits.width(level, n)
        for rank, position in enumerate(order):
            if bounds[position] >= best_cost:
                break
            if rank >= width and (best_cost < _INFINITY or rank >= self.limits.widest):
                break  # past the shortlist only while no guess keeps every answer within six
            guess = int(pool[position])
            cost = self._cost_of(
                guess,
                candidates,
                block[:, position],
                tries_left=tries_left,
                hints=hints,
                level=level,
                ceiling=best_cost,
            )
            if cost < best_cost:
                best_cost, best_guess = cost, guess
            if level == 0 and self.on_root_guess is not None:
                self.on_root_guess()
        return (best_cost, best_guess) if best_guess >= 0 else (max(best_cost, ceiling), -1)

    def _cost_of(
        self,
        guess: int,
        candidates: IntArray,
        codes: CodeArray,
        *,
        tries_left: int,
        hints: Hints,
        level: int,
        ceiling: float,
    ) -> float:
        """The total tries when ``guess`` is made now, or a bound at or above ``ceiling`` once it cannot beat it."""
        groups = [(code, group) for code, group in _partition(codes, candidates) if code != SOLVED_CODE]
        groups.sort(key=lambda item: -len(item[1]))
        cost: float = len(candidates)
        remaining = sum(2 * len(group) - 1 for _, group in groups)
        for code, group in groups:
            remaining -= 2 * len(group) - 1
            after = self.hints_after(hints, guess, code) if self.hard else NO_HINTS
            sub, _ = self.best(group, tries_left - 1, after, level + 1, ceiling - cost - remaining)
            cost += sub
            if cost + remaining >= ceiling:
                return cost + remaining
        return cost

    # ------------------------------------------------------------------ hard mode

    def hints_after(self, hints: Hints, guess: int, code: int) -> Hints:
        """The hints a hard-mode guess must use after ``guess`` showed ``code``."""
        places, least = list(hints[0]), dict(hints[1])
        shown: dict[int, int] = {}
        for position in range(WORD_LENGTH):
            digit = (code // 3 ** (WORD_LENGTH - 1 - position)) % 3
            letter = int(self.letters[guess, position])
            if digit == 2:
                places[position] = letter
            if digit:
                shown[letter] = shown.get(letter, 0) + 1
        for letter, count in shown.items():
            least[letter] = max(least.get(letter, 0), count)
        return tuple(places), tuple(sorted(least.items()))

    def allowed(self, hints: Hints) -> IntArray:
        """The guesses that use every hint (remembered per set of hints)."""
        known = self._allowed.get(hints)
        if known is not None:
            return known
        fits = np.ones(len(self.guesses), dtype=bool)
        for position, letter in enumerate(hints[0]):
            if letter:
                fits &= self.letters[:, position] == letter
        for letter, count in hints[1]:
            row = self.letter_row.get(letter)
            fits &= (self.counts[row] >= count) if row is not None else False
        allowed = np.flatnonzero(fits).astype(np.int64)
        self._allowed[hints] = allowed
        return allowed

    # ------------------------------------------------------------------ the tree

    def build(self, opener: str | None = None) -> Plan:
        """The whole decision tree from the start (the opener searched, unless given)."""
        everyone = np.arange(len(self.answers), dtype=np.int64)
        if opener is None:
            cost, guess = self.best(everyone, MAX_TRIES)
        else:
            guess = self.index[opener]
            codes = self.table[:, guess]
            cost = self._cost_of(
                guess, everyone, codes, tries_left=MAX_TRIES, hints=NO_HINTS, level=0, ceiling=_INFINITY
            )
        if cost == _INFINITY:
            raise ValueError("no strategy finds every answer within six tries with these settings")
        return self._plan(everyone, MAX_TRIES, NO_HINTS, guess)

    def _plan(self, candidates: IntArray, tries_left: int, hints: Hints, guess: int | None = None) -> Plan:
        if guess is None:
            _, guess = self.best(candidates, tries_left, hints)
        codes = self.table[candidates, guess]
        branches = {
            str(code): self._plan(
                group, tries_left - 1, self.hints_after(hints, guess, code) if self.hard else NO_HINTS
            )
            for code, group in _partition(codes, candidates)
            if code != SOLVED_CODE
        }
        word = self.guesses[guess]
        return {"guess": word, "next": branches} if branches else {"guess": word}


def _partition(codes: CodeArray, candidates: IntArray) -> list[tuple[int, IntArray]]:
    """The candidates grouped by the code each shows, each group sorted."""
    order = np.argsort(codes, kind="stable")
    ordered = codes[order]
    bounds = np.flatnonzero(ordered[1:] != ordered[:-1]) + 1
    starts = np.concatenate([[0], bounds])
    return [
        (int(ordered[start]), np.sort(group))
        for start, group in zip(starts, np.split(candidates[order], bounds), strict=True)
    ]


def lists_digest(answers: Sequence[str], guesses: Sequence[str], hard: bool, limits: UniformLimits) -> str:
    """The fingerprint of a tree built for these lists, mode and settings."""
    text = "|".join(["\n".join(answers), "\n".join(guesses), "hard" if hard else "normal", repr(limits)])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
