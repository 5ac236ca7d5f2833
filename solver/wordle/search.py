"""The 5bukv guess engine: the prior over secrets, the exact prior-weighted expected-tries search
and ``Wordle``, which holds a word list with its colour table and answers every position."""

from __future__ import annotations

import contextlib
import hashlib
import threading
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from solver.wordle.answers import (
    CRUDE,
    NOUN,
    OTHER,
    RARE,
    default_guessable,
    default_kinds,
    default_words,
    default_zipf,
)
from solver.wordle.colours import (
    MAX_TRIES,
    PATTERNS,
    SOLVED_CODE,
    WORD_LENGTH,
    BoolArray,
    CodeArray,
    Colour,
    ColourTable,
    FloatArray,
    IntArray,
    colour_table,
    encode_words,
    feedback,
    mask_code,
    mask_from_code,
    normalise_word,
    prepare_words,
)
from solver.wordle.entries import Entry, EntryError, EntryProblem
from solver.wordle.plan import TREE_FILE, Opening, Plan, read_tree

# --------------------------------------------------------------------------- the prior


@dataclass(frozen=True)
class Prior:
    """How likely a word is to be the game's secret, from its Zipf frequency: one weight per band.

    The game picks words people know. A word everyone knows (Zipf ≥ ``known``) weighs 1, one of
    the common tier (≥ ``common``) ``middle``, a rarer one ``rare``, and a term few people know
    (below ``uncommon``: most of them only one dictionary has) ``faint`` (never 0: every word of the
    list stays solvable within six). With a weight constant in each band, the prior-weighted expected
    number of tries the search minimises is exactly a weighted sum of the average tries over those
    sets of secrets; the weights choose the trade-off between them (data/README.md).
    """

    known: float = 3.0
    common: float = 2.5
    uncommon: float = 1.5  # below this (or unknown to wordfreq) a word is a term few people know
    middle: float = 0.9  # fitted to the independent stand-in (data/README.md: the prior)
    rare: float = 0.10
    faint: float = 0.02  # never 0: such a word is still found, a try or two later, never lost
    crude_factor: float = 0.5  # a crude word or insult (the game picks some; fewer than nouns)
    other_factor: float = 0.1  # another part of speech (нищий, никто, вчера: about 3 % of the game's answers)

    def weight(self, zipf: float, kind: str = NOUN) -> float:
        """The weight of a word of this frequency and kind (see ``WORD_KINDS``); a rare noun weighs as
        a word below the common tier, whatever the frequency of its spelling."""
        if zipf >= self.known:
            band = 1.0
        elif zipf >= self.common:
            band = self.middle
        else:
            band = self.rare if zipf >= self.uncommon else self.faint
        if kind == RARE:
            return self.rare
        return band * {NOUN: 1.0, CRUDE: self.crude_factor, OTHER: self.other_factor}[kind]


PRIOR = Prior()


def prior_weight(zipf: float) -> float:
    """The shipped prior's weight for a word of this Zipf frequency."""
    return PRIOR.weight(zipf)


# --------------------------------------------------------------------------- the search


@dataclass(frozen=True, repr=False)
class SearchLimits:
    """How many guesses the search tries at each level (best lower bound first); below
    ``complete_up_to`` candidates every guess is tried (cut off by the bounds). Also what
    it may guess, what a sixth try costs and whether guesses of equal cost are weighed to say
    the preferred one (a candidate, then the more common word): 5bukv's bot names its guesses,
    a benchmark over equally likely answers only counts tries and is faster without."""

    widths: tuple[int, ...] = (6, 4, 3, 2)
    complete_up_to: int = 12
    widest: int = 64  # at levels >= 1, how far to look when the shortlist leaves a secret past six tries
    sixth_try: float = 0.05  # extra cost per unit of weight solved only at the sixth try: five where it costs little
    rare_chance: float = 0.25  # a candidate outside the guessable words is guessed from this chance of being the answer
    #: Also try, at every position, the guesses a review compares the stored tree's with (``Wordle.rivals``),
    #: so that a player who follows the tree is never shown a better guess there.
    with_rivals: bool = False
    ties: bool = True

    def __repr__(self) -> str:
        """The settings, as a stored tree's fingerprint names them; ``with_rivals`` only when on and
        ``ties`` only when off, so a tree built before either setting existed still fits."""
        names = ["widths", "complete_up_to", "widest", "sixth_try", "rare_chance"]
        names += (["with_rivals"] if self.with_rivals else []) + ([] if self.ties else ["ties"])
        return f"SearchLimits({', '.join(f'{name}={getattr(self, name)!r}' for name in names)})"

    def width(self, level: int, candidates: int) -> int:
        if level > 0 and candidates <= self.complete_up_to:
            return _UNLIMITED
        return self.widths[min(level, len(self.widths) - 1)]

    def penalty(self, tries_left: int, weight: float) -> float:
        """The extra cost of a secret of this weight found by the guess made with ``tries_left`` tries
        left (six at the start): a sixth try costs in proportion to how likely the secret is, so it is
        avoided where that costs little; a seventh is never acceptable, whatever the weight."""
        if tries_left >= 2:
            return 0.0
        return self.sixth_try * weight if tries_left == 1 else _OVER_BUDGET


#: The search with no complete look at small sets, which bench_wordle.py times beside the shipped one.
PRESENT_LIMITS = SearchLimits(widths=(10, 6, 4, 3, 2), complete_up_to=0, widest=24)
BUILD_LIMITS = SearchLimits(with_rivals=True)
#: The search for another version's lists (``python -m solver wordle stats --answers/--guesses``): four
#: times the openers and twice the second guesses, where most of the expected tries are decided (86 s
#: instead of 33 on the stand-ins): 3.4259 tries instead of 3.4439 there (data/README.md);
#: wider still, or deeper, gained nothing there. Not the shipped tree's: on its list it gained a
#: thousandth of a try (prior-weighted 3.4571 against 3.4574) for ten times the build.
LISTS_LIMITS = SearchLimits(widths=(24, 8, 4, 2))
ONLINE_LIMITS = SearchLimits(widths=(3, 2, 2, 1), complete_up_to=0, widest=3)
BROAD_GUESSES = 600
ONLINE_HELPERS = 60  # of those, how many the on-the-spot exact search may guess besides the candidates
ONLINE_EXACT_UP_TO = 40  # off the stored tree, larger candidate sets get the one-step choice (time limit)
#: Rivals of a suggestion: the guesses the bot may say that split the candidates best in one step.
RIVALS = 2
#: Off the stored tree, up to this many candidates the suggestion is weighed against its rivals by
#: expected tries, the measure the review grades by (beyond it, playing every secret out made a
#: player's own-word reply miss 50 ms in benchmarks/bench_startup.py); the review compares the same.
WEIGHED_UP_TO = 40
#: Searches kept for games with refused words (a few games at once report a refusal).
REFUSED_SEARCHES = 8
#: Costs of the engine's own play from a position (``Wordle.expected_tries``), remembered across
#: replies: a game's next suggestion, and its review, ask for the positions the last one played out.
REMEMBERED_COSTS = 20_000
#: A position played out: the game so far, the word guessed next, the words refused.
CostKey = tuple[tuple[Entry, ...], str, frozenset[str]]
CHUNK_CELLS = 1 << 20  # guesses × candidates scored at once: the rivals from the start (1,605 × 4,402) in ~30 MB
_UNLIMITED = 1 << 30
_INFINITY = float("inf")
_OVER_BUDGET = 1e6  # per secret the plan cannot solve within six tries
_TIE = 1e-9  # costs closer than this are equal; then the preferred guess wins


#: Hard-mode hints (Wordle's rule): the letter fixed at each place (0: none, else its code point)
#: and the least count of each letter a guess must hold, as (letter, count) pairs.
Hints = tuple[tuple[int, ...], tuple[tuple[int, int], ...]]
NO_HINTS: Hints = ((0,) * WORD_LENGTH, ())
SearchKey = tuple[bytes, int, Hints]


@dataclass
class Search:
    """Prior-weighted expected-tries search; a cost is the sum over the candidates of weight × tries (plus penalties).

    Guesses are tried in the order of their lower bound (each group of the split
    costs at least twice its weight less its heaviest word: one is guessed next,
    the others need two more); a guess stops as soon as its bound passes the best
    so far, and a candidate set whose search was cut off keeps the bound it proved.

    One search for every game: the configuration says what differs. ``hard`` keeps each guess to
    the hints revealed so far (English Wordle's hard mode). Where every candidate weighs one (a
    uniform prior, the benchmark's) the bound of each guess is 3n − groups − 1 (less 1 if it is a
    candidate): a count of distinct codes in a sorted column, no loop over the candidates.
    ``secret_rows`` (the colours as secrets × guesses, contiguous) serves a list whose guesses
    far outnumber its secrets, where the whole tree reads nearly every guess against the few
    secrets (English Wordle: 2,315 × 12,972 bytes, where the guesses × guesses table is 168 MB).
    """

    table: ColourTable
    limits: SearchLimits
    weights: FloatArray
    guessable: IntArray  # the words that may be guessed besides the candidates
    rank: IntArray  # per word, lower is preferred when costs tie (the more common word)
    sayable: BoolArray  # per word, whether the bot may show it as a guess (a crude answer is only typed)
    splitting: BoolArray  # per word, whether it may be guessed while other candidates remain (a clean noun)
    memo: dict[SearchKey, tuple[float, int]] = field(default_factory=dict)
    floors: dict[SearchKey, float] = field(default_factory=dict)
    on_root_guess: Callable[[], None] | None = None
    hard: bool = False
    secret_rows: CodeArray | None = None  # secrets × words, row i the secret ``secrets[i]``
    secrets: IntArray | None = None  # the word of each row of ``secret_rows``

    def __post_init__(self) -> None:
        live = self.weights[self.weights > 0]
        self.uniform = bool(len(live)) and bool((live == 1.0).all())
        self._row_of: IntArray | None = None
        if self.secret_rows is not None and self.secrets is not None:
            self._row_of = np.full(len(self.table), -1, dtype=np.int64)
            self._row_of[self.secrets] = np.arange(len(self.secrets), dtype=np.int64)
        self._every_word = len(self.guessable) == len(self.table)
        self._is_guessable = _marked(len(self.table), self.guessable)
        self._allowed: dict[Hints, IntArray] = {}

    def best(
        self, candidates: IntArray, tries_left: int, level: int = 0, ceiling: float = _INFINITY, hints: Hints = NO_HINTS
    ) -> tuple[float, int]:
        """(cost, guess) for ``candidates``; when the cost is not below ``ceiling`` it is only a lower bound."""
        n = len(candidates)
        weights = self.weights[candidates]
        if n <= 2 or tries_left <= 1:
            return self._few(candidates, weights, tries_left)
        key = (candidates.tobytes(), tries_left, hints)
        known = self.memo.get(key)
        if known is not None:
            return known
        floor = self.floors.get(key)
        if floor is None:
            floor = 2.0 * n - 1 if self.uniform else 2 * float(weights.sum()) - float(weights.max())
        if floor >= ceiling:
            return floor, -1
        cost, guess = self._search(candidates, weights, tries_left, level, ceiling, hints=hints)
        if cost < ceiling:
            self.memo[key] = cost, guess
        else:
            self.floors[key] = max(floor, ceiling)
        return cost, guess

    def _few(self, candidates: IntArray, weights: FloatArray, tries_left: int) -> tuple[float, int]:
        """One or two candidates, or the last try: guess the heaviest noun (ties: the preferred), then the
        other; a candidate of another kind comes after the nouns, and one the bot never says last (the
        player types it): the game may refuse a word that is not its answer unless it is a noun."""
        if len(candidates) == 1:
            weight = float(weights[0])
            return weight + self.limits.penalty(tries_left, weight), int(candidates[0])
        order: Sequence[int] | IntArray
        if len(candidates) == 2:  # most calls: the same order as below, without an array sort
            second_first = self._preference(candidates, weights, 1) < self._preference(candidates, weights, 0)
            order = (1, 0) if second_first else (0, 1)
        else:
            keys = (self.rank[candidates], -weights, ~self.sayable[candidates], ~self.splitting[candidates])
            order = np.lexsort(keys)
        first = order[0]
        cost = float(weights.sum()) + self.limits.penalty(tries_left, float(weights[first]))
        for other in order[1:]:
            cost += float(weights[other]) + self.limits.penalty(tries_left - 1, float(weights[other]))
        return cost, int(candidates[first])

    def _preference(self, candidates: IntArray, weights: FloatArray, at: int) -> tuple[bool, bool, float, int]:
        """The sort key ``_few`` orders candidates by, for the one at ``at`` (lower goes first)."""
        word = int(candidates[at])
        return not self.splitting[word], not self.sayable[word], -float(weights[at]), int(self.rank[word])

    def _search(
        self, candidates: IntArray, weights: FloatArray, tries_left: int, level: int, ceiling: float, *, hints: Hints
    ) -> tuple[float, int]:
        """The best guess from the guessable words and the likely candidates; every candidate may be
        guessed only where that alone keeps each secret within six tries."""
        if self._every_word:
            pool = self.guessable
        else:
            likely = _likely_candidates(candidates, weights, self._is_guessable, self.limits.rare_chance)
            likely = likely[self.splitting[likely]]
            pool = self._with_guessable(likely)
        pool = self._hinted(pool, hints)
        cost, guess = self._search_pool(candidates, weights, tries_left, level, ceiling, pool=pool, hints=hints)
        if cost >= _OVER_BUDGET and not self._every_word and len(likely) < len(candidates):
            pool = self._hinted(self._with_guessable(candidates[self.sayable[candidates]]), hints)
            return self._search_pool(candidates, weights, tries_left, level, ceiling, pool=pool, hints=hints)
        return cost, guess

    def _search_pool(
        self,
        candidates: IntArray,
        weights: FloatArray,
        tries_left: int,
        level: int,
        ceiling: float,
        *,
        pool: IntArray,
        hints: Hints,
    ) -> tuple[float, int]:
        codes = self._codes(pool, candidates)
        among = np.zeros(len(self.table), dtype=bool)
        among[candidates] = True
        is_candidate = among[pool]
        if self.uniform:
            bounds = _uniform_bounds(codes, is_candidate)
        else:
            bounds = _guess_bounds(codes, pool, candidates, weights)
        if tries_left == 2 and self._none_within_six(bounds, pool, is_candidate, weights, ceiling):
            return ceiling, -1
        by_bound = np.lexsort((self.rank[pool], ~is_candidate, bounds))
        shortlist = by_bound[: self.limits.width(level, len(candidates))]
        if self.limits.with_rivals and len(candidates) > 2:
            listed = _marked(len(self.table), self._rivals(candidates, weights, among))[pool]
            listed[shortlist] = True
            shortlist = by_bound[listed[by_bound]]  # the shortlist and the rivals, still best bound first
        ties = self.limits.ties
        best_cost, best_guess, best_key = ceiling, -1, (True, 0)
        tried: set[int] = set()
        for rounds, positions in enumerate((shortlist, by_bound[: self.limits.widest])):
            if rounds and (best_cost < _OVER_BUDGET or level == 0):
                break  # look further only where the shortlist leaves a secret past six tries
            for position in positions:
                if bounds[position] > best_cost + _TIE if ties else bounds[position] >= best_cost:
                    break
                guess = int(pool[position])
                if guess in tried:
                    continue
                tried.add(guess)
                cost = self._cost_of(
                    guess,
                    candidates,
                    codes[:, position],
                    tries_left=tries_left,
                    level=level,
                    ceiling=best_cost + _TIE if ties else best_cost,
                    hints=hints,
                )
                key = (not bool(is_candidate[position]), int(self.rank[guess]))
                if _better(cost, key, best_cost, best_key, found=best_guess >= 0) if ties else cost < best_cost:
                    best_cost, best_guess, best_key = cost, guess, key
                if level == 0 and self.on_root_guess is not None:
                    self.on_root_guess()
        return (best_cost, best_guess) if best_guess >= 0 else (max(best_cost, ceiling), -1)

    def _rivals(self, candidates: IntArray, weights: FloatArray, among: BoolArray) -> IntArray:
        """The guesses ``Wordle.rivals`` names for these candidates (the same choice, from the same words);
        ``among`` marks the candidates."""
        pool = self.guessable[self.sayable[self.guessable]]
        left = expected_left(self.table.block(pool, candidates), weights)
        order = np.lexsort((self.rank[pool], ~among[pool], np.round(left, 9)))
        return pool[order[:RIVALS]]

    def _none_within_six(
        self, bounds: FloatArray, pool: IntArray, is_candidate: BoolArray, weights: FloatArray, ceiling: float
    ) -> bool:
        """With two tries left, whether no guess can come under ``ceiling``: only a guess that tells
        every candidate apart keeps them all within six (its bound is then 2W less its own weight, the
        least a bound can be); any other leaves one for a seventh try, which costs ``_OVER_BUDGET``."""
        total = float(weights.sum())
        if ceiling > total + _OVER_BUDGET:
            return False  # the least bad guess is still wanted
        own = np.where(is_candidate, self.weights[pool], 0.0)
        return not bool((bounds <= 2 * total - own + _TIE).any())

    def _cost_of(
        self,
        guess: int,
        candidates: IntArray,
        codes: CodeArray,
        *,
        tries_left: int,
        level: int,
        ceiling: float,
        hints: Hints = NO_HINTS,
    ) -> float:
        """The cost of guessing ``guess`` now (``codes``: its colours against each candidate), or a lower
        bound above ``ceiling`` once it cannot come under it."""
        groups = _groups(codes, candidates)
        if self.uniform:
            floors = [2.0 * len(group) - 1 for _, group in groups]
        else:
            floors = [self._floor(group) for _, group in groups]
        order = sorted(range(len(groups)), key=lambda g: -floors[g])
        own = self.limits.penalty(tries_left, float(self.weights[guess])) if guess in candidates else 0.0
        cost = float(self.weights[candidates].sum()) + own
        remaining = sum(floors)
        for g in order:
            remaining -= floors[g]
            code, group = groups[g]
            after = self.hints_after(hints, guess, code) if len(group) > 2 and tries_left > 2 else NO_HINTS
            sub_cost, sub_guess = self.best(group, tries_left - 1, level + 1, ceiling - cost - remaining, after)
            cost += sub_cost
            # A child cut off (no guess) gave only a bound. Summed back, rounding may bring it a hair under
            # the ceiling, where a tie would let this guess win with a subtree it never searched.
            if sub_guess < 0 or cost + remaining >= ceiling:
                return max(cost + remaining, ceiling)
        return cost

    def _floor(self, group: IntArray) -> float:
        """The least a group can cost: twice its weight less its heaviest word's (one is guessed next,
        the others need two more). One or two words (most groups) are summed as Python floats: the
        same sum NumPy gives, without an array made for it."""
        if len(group) == 1:
            weight = float(self.weights[group[0]])
            return 2 * weight - weight
        if len(group) == 2:
            first, second = float(self.weights[group[0]]), float(self.weights[group[1]])
            return 2 * (first + second) - max(first, second)
        weights = self.weights[group]
        return 2 * float(weights.sum()) - float(weights.max())

    def _with_guessable(self, words: IntArray) -> IntArray:
        """``words`` and the guessable words, sorted, each once (``np.union1d``'s answer, without its sort)."""
        marked = self._is_guessable.copy()
        marked[words] = True
        return np.flatnonzero(marked)

    def _codes(self, guesses: IntArray, candidates: IntArray) -> CodeArray:
        """The colours of ``guesses`` against ``candidates``: candidates × guesses."""
        if self._row_of is not None and self.secret_rows is not None:
            rows = self.secret_rows[self._row_of[candidates]]
            block: CodeArray = rows if self._every_word and len(guesses) == len(self.table) else rows[:, guesses]
            return block
        return self.table.block(guesses, candidates).T

    def codes_of(self, guess: int, candidates: IntArray) -> CodeArray:
        """The colours ``guess`` shows against each of ``candidates``."""
        if self._row_of is not None and self.secret_rows is not None:
            codes: CodeArray = self.secret_rows[self._row_of[candidates], guess]
            return codes
        row: CodeArray = self.table.row(guess)[candidates]
        return row

    # ------------------------------------------------------------------ hard mode

    def hints_after(self, hints: Hints, guess: int, code: int) -> Hints:
        """The hints a hard-mode guess must use after ``guess`` showed ``code``: a right-place letter
        stays in its place, and each letter revealed is used as many times as it was revealed (none
        outside hard mode)."""
        if not self.hard:
            return NO_HINTS
        places, least = list(hints[0]), dict(hints[1])
        shown: dict[int, int] = {}
        for position in range(WORD_LENGTH):
            digit = (code // 3 ** (WORD_LENGTH - 1 - position)) % 3
            letter = int(self.table.codes[guess, position])
            if digit == 2:
                places[position] = letter
            if digit:
                shown[letter] = shown.get(letter, 0) + 1
        for letter, count in shown.items():
            least[letter] = max(least.get(letter, 0), count)
        return tuple(places), tuple(sorted(least.items()))

    def allowed(self, hints: Hints) -> IntArray:
        """Every word that uses the hints (remembered per set of hints)."""
        allowed = self._allowed.get(hints)
        if allowed is None:
            allowed = self._allowed[hints] = _using(self.table.codes, hints)
        return allowed

    def _hinted(self, pool: IntArray, hints: Hints) -> IntArray:
        """The words of ``pool`` that use every hint (all of them outside hard mode)."""
        if not self.hard or hints == NO_HINTS:
            return pool
        if pool is self.guessable and self._every_word:
            return self.allowed(hints)
        return np.intersect1d(pool, self.allowed(hints), assume_unique=True)


def _using(codes: IntArray, hints: Hints) -> IntArray:
    """The words (rows of ``codes``, their letters' code points) that use every hint."""
    fits = np.ones(len(codes), dtype=bool)
    for position, letter in enumerate(hints[0]):
        if letter:
            fits &= codes[:, position] == letter
    for letter, count in hints[1]:
        fits &= (codes == letter).sum(axis=1) >= count
    return np.flatnonzero(fits).astype(np.int64)


def _uniform_bounds(codes: CodeArray, is_candidate: BoolArray) -> FloatArray:
    """``_guess_bounds`` where every candidate weighs one: 3n − (the groups) − (1 if a candidate),
    the groups counted as the runs of each sorted column of ``codes`` (candidates × guesses)."""
    n = len(codes)
    ordered = np.sort(codes, axis=0)
    groups = 1 + np.count_nonzero(ordered[1:] != ordered[:-1], axis=0)
    bounds: FloatArray = (3 * n - groups - is_candidate).astype(np.float64)
    return bounds


def _marked(size: int, words: IntArray) -> BoolArray:
    """Per word of a list of ``size``, whether it is one of ``words``: a lookup where ``np.isin`` sorts each time."""
    marked = np.zeros(size, dtype=bool)
    marked[words] = True
    return marked


def _likely_candidates(candidates: IntArray, weights: FloatArray, guessable: BoolArray, chance: float) -> IntArray:
    """The candidates a player would guess: the guessable (common) ones (``guessable`` marks them), and
    a rare one only when it is likely to be the answer (at least ``chance`` of the candidates' weight)."""
    likely = guessable[candidates] | (weights >= chance * float(weights.sum()))
    return candidates[likely]


def _better(cost: float, key: tuple[bool, int], best_cost: float, best_key: tuple[bool, int], found: bool) -> bool:
    """A lower cost wins; within ``_TIE`` the preferred guess (a candidate, then the more common word) wins.

    Before any guess is found ``best_cost`` is the ceiling, which only a lower cost passes; a guess
    cut off returns the ceiling it was given (``best_cost + _TIE``) or more, so it never wins.
    """
    if not found:
        return cost < best_cost
    return cost < best_cost - _TIE or (cost < best_cost + _TIE and key < best_key)


def _guess_bounds(codes: CodeArray, pool: IntArray, candidates: IntArray, weights: FloatArray) -> FloatArray:
    """For each guess (``codes``: candidates × guesses), a lower bound on its cost: 3W − (each group's
    heaviest word) − (its own weight, if a candidate).

    The guess costs W; each group G costs at least 2·W(G) − max(G); the group of
    the guess itself (all yellow) costs nothing more. With equal weights it is 3n − k − 1.
    """
    heaviest_first = np.argsort(-weights, kind="stable")
    block = codes[heaviest_first].T.astype(np.int64)
    keys = block + np.arange(len(pool), dtype=np.int64)[:, None] * PATTERNS
    heaviest = np.zeros(len(pool) * PATTERNS)
    sorted_weights = weights[heaviest_first]
    for column in range(len(candidates) - 1, -1, -1):  # the heaviest word writes last
        heaviest[keys[:, column]] = sorted_weights[column]
    own = _weight_of(pool, candidates, weights)
    bounds: FloatArray = 3 * float(weights.sum()) - heaviest.reshape(len(pool), PATTERNS).sum(axis=1) - own
    return bounds


def _weight_of(words: IntArray, candidates: IntArray, weights: FloatArray) -> FloatArray:
    """Each word's weight as a candidate (0 when it is not one)."""
    found = np.zeros(len(words))
    position = np.searchsorted(candidates, words)
    inside = position < len(candidates)
    hit = inside.copy()
    hit[inside] = candidates[position[inside]] == words[inside]
    found[hit] = weights[position[hit]]
    return found


def _groups(codes: CodeArray, candidates: IntArray) -> list[tuple[int, IntArray]]:
    """The candidates grouped by the code each shows (``codes``, one per candidate), without the
    solved one, each group sorted, in the order of their codes."""
    order = np.argsort(codes, kind="stable")
    ordered = codes[order]
    members = candidates[order]
    edges = [0, *(np.flatnonzero(ordered[1:] != ordered[:-1]) + 1).tolist(), len(ordered)]
    return [
        (code, np.sort(members[start:end]))
        for code, start, end in zip(ordered[edges[:-1]].tolist(), edges, edges[1:], strict=False)
        if code != SOLVED_CODE
    ]


def _partition(codes: CodeArray, candidates: IntArray) -> Iterator[IntArray]:
    """The candidates grouped by the mask they would show, without the solved one."""
    keys = codes[candidates]
    order = np.argsort(keys, kind="stable")
    sorted_keys = keys[order]
    members = candidates[order]
    edges = [0, *(np.flatnonzero(np.diff(sorted_keys)) + 1).tolist(), len(sorted_keys)]
    for key, start, end in zip(sorted_keys[edges[:-1]].tolist(), edges, edges[1:], strict=False):
        if key != SOLVED_CODE:
            yield np.sort(members[start:end])


@dataclass(frozen=True)
class OneStep:
    """One-step scores of every guess: sum of squared group sizes (n × expected number left), number of groups,
    and n × log n − n × entropy (the sum of c log c over group sizes c; lower is more informative)."""

    squares: npt.NDArray[np.int64]
    groups: npt.NDArray[np.int64]
    information_loss: npt.NDArray[np.float64]


def _one_step_scores(table: ColourTable, guesses: IntArray, candidates: IntArray) -> OneStep:
    block = table.block(guesses, candidates)
    if len(candidates) <= 16:
        same = block[:, :, None] == block[:, None, :]
        sizes = same.sum(axis=2)  # the size of each candidate's group
        groups = (1.0 / sizes).sum(axis=1).round()
        return OneStep(sizes.sum(axis=1).astype(np.int64), groups.astype(np.int64), np.log(sizes).sum(axis=1))
    return _scores_from_sorted_rows(np.sort(block, axis=1, kind="stable"))  # a radix sort: one-byte codes


def _scores_from_sorted_rows(rows: CodeArray) -> OneStep:
    """Group sizes are the runs of equal codes in each sorted row; no 243-wide histogram needed."""
    guesses, n = rows.shape
    starts = np.ones(rows.shape, dtype=bool)
    starts[:, 1:] = rows[:, 1:] != rows[:, :-1]
    first = np.flatnonzero(starts.ravel())
    sizes = np.diff(np.append(first, rows.size)).astype(np.float64)
    row_of_group = first // n
    squares = np.bincount(row_of_group, sizes**2, minlength=guesses).round().astype(np.int64)
    groups = np.bincount(row_of_group, minlength=guesses).astype(np.int64)
    loss = np.bincount(row_of_group, sizes * np.log(sizes), minlength=guesses).astype(np.float64)
    return OneStep(squares, groups, loss)


def _broad_guesses(table: ColourTable, guessable: IntArray, secrets: IntArray) -> IntArray:
    """The guessable words that split the possible secrets best, best first: worth scoring for a large set."""
    scores = _one_step_scores(table, guessable, secrets[:: max(len(secrets) // 400, 1)])
    return guessable[np.argsort(scores.information_loss, kind="stable")[:BROAD_GUESSES]]


def _most_informative(
    table: ColourTable, guesses: IntArray, candidates: IntArray, likely: IntArray, sample: int = 160
) -> int:
    """The one-step choice among ``guesses``: the most information, then the smaller expected size, then a candidate.

    Scored against an evenly spread sample of the candidates (the ``likely`` ones may be guessed too), in milliseconds.
    """
    spread = candidates[:: max(len(candidates) // sample, 1)]
    guesses = np.union1d(guesses, np.intersect1d(spread, likely))
    scores = _one_step_scores(table, guesses, spread)
    is_candidate = np.isin(guesses, candidates)
    return int(guesses[np.lexsort((~is_candidate, scores.squares, np.round(scores.information_loss, 9)))[0]])


# --------------------------------------------------------------------------- the plan (precomputed tree)


def build_plan(
    search: Search,
    words: Sequence[str],
    candidates: IntArray,
    tries_left: int,
    level: int = 0,
    *,
    hints: Hints = NO_HINTS,
) -> Plan:
    """The decision tree the search chooses, from ``candidates`` down to every secret."""
    _, guess = search.best(candidates, tries_left, level, hints=hints)
    if guess < 0:
        raise ValueError("no strategy finds every answer within six tries with these settings")
    branches = {
        str(code): build_plan(
            search, words, group, tries_left - 1, level + 1, hints=search.hints_after(hints, guess, code)
        )
        for code, group in _groups(search.codes_of(guess, candidates), candidates)
    }
    return {"guess": words[guess], "next": branches} if branches else {"guess": words[guess]}


# --------------------------------------------------------------------------- the engine


class Wordle:
    """A word list with its prior and guessable words, the colour table and the guess engine.

    Errors the player can cause are returned values. ``zipf`` gives each word's
    frequency: the prior weight of a secret, and the preference among guesses
    that cost the same; without it every word is equally likely. ``guessable``
    are the words the engine may guess to split the candidates (default: all);
    ``prior`` turns a frequency and a kind into a weight. ``kinds`` marks each word
    noun, rare, crude or other (default: noun); with kinds given only the guessable
    words are guessed while other candidates remain, and a crude word is never said.
    ``guess_only`` are words of the list the engine may guess but the game never picks (another
    version's accepted words): never a candidate.
    """

    def __init__(
        self,
        words: Sequence[str],
        plan: Plan | None = None,
        zipf: Mapping[str, float] | None = None,
        guessable: Collection[str] | None = None,
        prior: Prior = PRIOR,
        *,
        kinds: Mapping[str, str] | None = None,
        guess_only: Collection[str] = (),
    ) -> None:
        self.words: list[str] = list(words)
        self.index = dict(zip(self.words, range(len(self.words)), strict=True))
        known = {word: zipf.get(word, 0.0) for word in self.words} if zipf is not None else None
        self.zipf = known
        every = np.arange(len(self.words), dtype=np.int64)
        # Without frequencies or kinds (English Wordle's 12,972 words) the per-word loops are skipped:
        # they took a tenth of a second of the first /wordle reply.
        self.kinds = dict.fromkeys(self.words, NOUN) if kinds is None else {w: kinds.get(w, NOUN) for w in self.words}
        self.weights: FloatArray = (
            np.array([prior.weight(known[word], self.kinds[word]) for word in self.words])
            if known
            else np.ones(len(self.words))
        )
        if kinds is None:
            self.sayable: BoolArray = np.ones(len(self.words), dtype=bool)
            self.splitting: BoolArray = np.ones(len(self.words), dtype=bool)
        else:
            self.sayable = np.array([self.kinds[word] != CRUDE for word in self.words], dtype=bool)
            self.splitting = np.array([self.kinds[word] == NOUN for word in self.words], dtype=bool)
        # Ties go to the more common word, else to the first in alphabetical order.
        common_first = sorted(self.words, key=lambda word: (-known[word], word)) if known else sorted(self.words)
        self.rank: IntArray = np.empty(len(self.words), dtype=np.int64)
        self.rank[[self.index[word] for word in common_first]] = every
        if guessable is None:
            self.guessable: IntArray = every
        else:
            allowed = set(guessable)
            self.guessable = np.array([i for i, word in enumerate(self.words) if word in allowed], dtype=np.int64)
        if kinds is not None:  # a list of the game's answers: only the guesses (its nouns) split the others
            self.splitting &= np.isin(np.arange(len(self.words)), self.guessable)
        self.is_secret: BoolArray = np.ones(len(self.words), dtype=bool)
        self.is_secret[[self.index[word] for word in guess_only if word in self.index]] = False
        self.secret_indices: IntArray = np.flatnonzero(self.is_secret).astype(np.int64)
        self.weights[~self.is_secret] = 0.0
        self.codes = encode_words(self.words)
        # Coloured row by row as the games need them, not whole up front (see ColourTable); only
        # against the secrets where they come first and the rest are words only guessed.
        secrets = len(self.secret_indices)
        first = secrets < len(self.words) and bool((self.secret_indices == np.arange(secrets)).all())
        self.colours = ColourTable(self.codes, secrets if first else None)
        self.plan = plan
        self.refused_everywhere: set[str] = set()
        self._every_guessable = self.guessable  # before any word is refused for everyone
        self._broad: IntArray | None = None
        self._online: Search | None = None
        self._refused_searches: dict[frozenset[str], Search] = {}  # with words refused in a game: _search_for
        self._allowed: dict[frozenset[str], IntArray] = {}  # _allowed_guesses
        self._costs: dict[CostKey, tuple[float, int]] = {}  # _cost_after, oldest first
        #: Stored with the tree, by the words refused before the first guess: what a review asks there.
        self._openings: dict[frozenset[str], Opening] = {}
        self._lock = threading.Lock()  # the guesses worked out on first use, beside a refusal
        #: Hard mode (English Wordle's): each guess off the tree uses every hint revealed so far.
        self.hard = False
        #: Whether a position on the stored tree with many candidates has rivals too (5bukv's); with
        #: 12,972 guesses (English Wordle) playing each rival out from the start took half a minute.
        self.rivals_on_the_whole_tree = True
        #: Whether the rivals come from every word it may guess (5bukv's) or only from the broad guesses
        #: and the candidates: scoring English Wordle's 12,972 words against the candidates took most of
        #: an off-tree reply.
        self.rivals_from_every_guess = True

    def __getstate__(self) -> dict[str, Any]:
        """A copy (or a pickle) gets a lock of its own."""
        state = self.__dict__.copy()
        del state["_lock"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._lock = threading.Lock()

    @property
    def table(self) -> CodeArray:
        """The colour table of every word against every word (coloured whole the first time)."""
        return self.colours.full()

    @property
    def broad_guesses(self) -> IntArray:
        """The guessable words that split the whole list best (``BROAD_GUESSES`` of them, best first),
        without the words refused for everyone: worked out once, on first use (milliseconds)."""
        with self._lock:
            if self._broad is None:
                broad = _broad_guesses(self.colours, self._every_guessable, self.secret_indices)
                banned = [self.index[word] for word in self.refused_everywhere]
                self._broad = broad[~np.isin(broad, banned)]
            return self._broad

    @property
    def online(self) -> Search:
        """The search off the stored tree, shared by every game (it remembers what it found)."""
        broad = self.broad_guesses
        with self._lock:
            if self._online is None:
                self._online = self.search(ONLINE_LIMITS, broad[:ONLINE_HELPERS])
            return self._online

    @classmethod
    @cache
    def default(cls) -> Wordle:
        """The shipped list of the game's possible answers with its prior, common guesses and precomputed
        tree (built once per process)."""
        engine = cls.shipped()
        guessable = default_guessable()
        return engine if engine.guessable_words == guessable else cls.shipped(guessable)

    @classmethod
    def shipped(cls, guessable: Sequence[str] | None = None) -> Wordle:
        """The shipped list with its prior and, where its fingerprint fits, its precomputed tree, in
        milliseconds: the guessable words are ``guessable`` or else those stored with the tree (finding
        them in the Russian dictionary takes most of a start's 5bukv build). Whether the stored ones
        are still the list's is for the caller to check (``default`` does, ``bot.core.solvers`` right after
        the first replies): only a tree file left from other word files can make them differ."""
        stored = read_tree(TREE_FILE)
        if guessable is None:
            guessable = stored.guessable if stored is not None and stored.guessable else default_guessable()
        engine = cls(default_words(), zipf=default_zipf(), guessable=guessable, kinds=default_kinds())
        if stored is not None and stored.digest == engine.digest():
            engine.plan = stored.tree
            engine._adopt_broad_guesses(stored.broad_guesses)
            engine._adopt_openings(stored.openings)
        return engine

    def prepare_off_tree(self, rows: bool = True) -> None:
        """Work out now what a position off the tree needs, so no player waits for it: the part of
        NumPy the search's set operations load on first use (``numpy.ma``, 15 ms), the shared search
        and, with ``rows``, the rows of the broad guesses, which the one-step choice and the search
        read (600 rows, 2 MB, 30 ms; else each position colours the few columns it reads)."""
        import numpy.ma  # noqa: F401  (np.unique loads it on first use)

        self.online  # noqa: B018  (made now)
        if rows:
            self.colours.colour(self.broad_guesses)

    @property
    def secrets(self) -> list[str]:
        """The words that may be the game's secret (the list less the words only guessed), in list order."""
        return [self.words[i] for i in self.secret_indices]

    @property
    def guessable_words(self) -> list[str]:
        """The words it may guess to split the candidates (before any was refused for everyone), in list order."""
        return [self.words[i] for i in self._every_guessable]

    def _adopt_broad_guesses(self, words: Sequence[str]) -> None:
        """The broad guesses stored with the tree (worked out for this very list and guessable words)."""
        if len(words) == min(BROAD_GUESSES, len(self._every_guessable)) and all(word in self.index for word in words):
            with self._lock:
                self._broad = np.array([self.index[word] for word in words], dtype=np.int64)

    def _adopt_openings(self, openings: Iterable[Opening]) -> None:
        """The first positions' rivals and costs stored with the tree (worked out by this very engine),
        each kept where it names the tree's first guess and words of the list."""
        first = None if self.plan is None else self.plan["guess"]
        for opening in openings:
            words = [*opening.refused, *opening.rivals, *opening.costs]
            if first in [*opening.refused, *opening.costs] and all(word in self.index for word in words):
                self._openings[frozenset(opening.refused)] = opening

    def worked_out_openings(self) -> list[Opening]:
        """What a review asks of the first position, worked out now (seconds each): with nothing refused
        and with the first guess refused, the rivals of the engine's guess there, and the cost of its
        play after that guess and after each rival. Stored with the tree (``solver.wordle.tree.save_plan``)
        so that no process works them out again."""
        return [self._worked_out_opening(()), self._worked_out_opening((self.first_guess(),))]

    def _worked_out_opening(self, refused: tuple[str, ...]) -> Opening:
        rivals = self.rivals((), refused)
        candidates, banned = self._candidate_indices((), refused), frozenset(refused)
        words = dict.fromkeys([self.next_guess((), refused), *rivals])
        return Opening(list(refused), rivals, {word: self._cost_after([], word, candidates, banned) for word in words})

    @classmethod
    def from_words(cls, words: list[str], zipf: Mapping[str, float] | None = None) -> Wordle:
        """Any list: five-letter words only, ё as е, without repeats; no precomputed tree."""
        return cls(prepare_words(words), zipf=zipf)

    def search(
        self, limits: SearchLimits = BUILD_LIMITS, guessable: IntArray | None = None, *, whole: bool = False
    ) -> Search:
        """A search over this list with this prior; ``guessable`` narrows the words it may guess. A
        ``whole`` one (the tree's) keeps hard mode's hints down the tree, and where the list's
        secrets are a small part of it, their colours against every word at once (``Search.secret_rows``)."""
        pool = self.guessable if guessable is None else guessable
        if not whole:
            return Search(self.colours, limits, self.weights, pool, self.rank, self.sayable, self.splitting)
        secrets = None if self.is_secret.all() else self.secret_indices
        rows = None if secrets is None else np.ascontiguousarray(colour_table(self.codes, self.codes[secrets]).T)
        return Search(
            self.colours,
            limits,
            self.weights,
            pool,
            self.rank,
            self.sayable,
            self.splitting,
            hard=self.hard,
            secret_rows=rows,
            secrets=secrets,
        )

    def digest(self, limits: SearchLimits = BUILD_LIMITS) -> str:
        """A fingerprint of the list, its prior, its guessable words and the search settings, so a stored
        tree is used only where it is the tree this engine would build now."""
        parts = [
            "\n".join(self.words),
            np.round(self.weights, 6).tobytes().hex(),
            self.guessable.tobytes().hex(),
            repr(limits),
        ]
        if not self.splitting.all():
            parts += [np.flatnonzero(~self.sayable).tobytes().hex(), np.flatnonzero(~self.splitting).tobytes().hex()]
        if not self.is_secret.all():
            parts.append(np.flatnonzero(~self.is_secret).tobytes().hex())
        return hashlib.sha256("|".join(parts).encode("utf-8")).hexdigest()[:16]

    def first_guess(self) -> str:
        return self.next_guess(())

    def refuse_for_everyone(self, words: Iterable[str]) -> None:
        """Words the game refuses, as several players reported (🚫): never guessed again, in any session,
        while other candidates remain. They stay possible answers (the issue asks only that they leave
        the guesses); the stored tree is left where it would guess one."""
        banned = np.array(sorted({self.index[word] for word in words if word in self.index}), dtype=np.int64)
        if not len(banned):
            return
        with self._lock:
            self.refused_everywhere |= {self.words[i] for i in banned}
            self.splitting[banned] = False
            self.guessable = self.guessable[~np.isin(self.guessable, banned)]
            if self._broad is not None:
                self._broad = self._broad[~np.isin(self._broad, banned)]
            self._online = None  # a new search: what the old one found may guess a refused word
            self._refused_searches.clear()
            self._allowed.clear()
            self._costs.clear()
            self._openings = {}  # worked out for the play before

    def can_say(self, word: str) -> bool:
        """Whether the bot may show ``word``: a possible answer of kind crude is only counted or typed
        by the player (a word off the list is the player's own, so it may be shown back)."""
        return word not in self.index or bool(self.sayable[self.index[word]])

    def candidates(self, history: Sequence[Entry], refused: Collection[str] = ()) -> list[str]:
        """The words that fit every entry; ``refused`` are words the game would not take
        as a guess, so they are not its secret either."""
        return [self.words[i] for i in self._candidate_indices(history, refused)]

    def check(self, history: Sequence[Entry], entry: Entry, refused: Collection[str] = ()) -> EntryError | None:
        """``NO_CANDIDATE_LEFT`` when no word of the list (but the refused) fits the history with ``entry`` added."""
        if len(self._candidate_indices([*history, entry], refused)):
            return None
        return EntryError(EntryProblem.NO_CANDIDATE_LEFT, f"no word of the list fits the colours after {entry}")

    def next_guess(self, history: Sequence[Entry], refused: Collection[str] = ()) -> str:
        """The word to type next: from the stored tree while the game follows it, else chosen now
        (< 50 ms). Words in ``refused`` (the game would not take them) are never suggested."""
        return self._guess_for(history, refused)

    def _guess_for(self, history: Sequence[Entry], refused: Collection[str], candidates: IntArray | None = None) -> str:
        """``next_guess``, given the candidates when the caller has them already (a played-out game)."""
        planned = self._planned_guess(history)
        if planned is not None and planned not in refused and planned not in self.refused_everywhere:
            return planned
        if candidates is None:
            candidates = self._candidate_indices(history, refused)
        if len(candidates) == 0:
            raise ValueError("no candidate fits this history; check entries with Wordle.check first")
        allowed = self._allowed_guesses(refused)
        hinted = self.hard and bool(history)
        if hinted:
            allowed = _using_hints(self.codes, history, allowed)
        if len(candidates) > ONLINE_EXACT_UP_TO:
            chance = self.online.limits.rare_chance
            is_guessable = _marked(len(self.words), self.guessable)
            likely = _likely_candidates(candidates, self.weights[candidates], is_guessable, chance)
            return self.words[_most_informative(self.colours, allowed, candidates, likely[self.splitting[likely]])]
        tries_left = max(MAX_TRIES - len(history), 2)
        # The shared search remembers answers for the whole list; with words refused it needs its own.
        search = self.search(ONLINE_LIMITS, allowed[:ONLINE_HELPERS]) if hinted else self._search_for(refused)
        self.colours.colour(np.concatenate((candidates, search.guessable)))  # coloured at once, not one by one
        _, guess = search.best(candidates, tries_left, level=len(history))
        return self.words[guess]

    def suggest(self, history: Sequence[Entry], refused: Collection[str] = ()) -> str:
        """The guess the bot suggests: ``next_guess``, except off the stored tree where one of its
        :meth:`rivals` has fewer expected tries, the review's measure (a guess that finds every candidate
        within six first); so the review never grades a followed suggestion beaten. On the tree its
        guess is the tree's, which minimises them within six tries."""
        plain = self.next_guess(history, refused)
        if self._planned_guess(history) == plain:
            return plain
        words = [plain, *(word for word in self.rivals(history, refused) if word != plain)]
        if len(words) == 1:
            return plain
        weighed = self.weigh(history, words, refused)
        tries_left = MAX_TRIES - len(history)
        return words[min(range(len(words)), key=lambda i: (weighed[i][1] > tries_left, round(weighed[i][0], 9), i))]

    def rivals(self, history: Sequence[Entry], refused: Collection[str] = ()) -> list[str]:
        """The guesses a suggestion is weighed against: the ``RIVALS`` the bot may say that leave the
        fewest words on average after one step; none off the tree past ``WEIGHED_UP_TO`` candidates."""
        opening = None if history else self._openings.get(frozenset(refused))
        if opening is not None:
            return list(opening.rivals)
        candidates = self._candidate_indices(history, refused)
        off_tree = self._planned_guess(history) is None or not self.rivals_on_the_whole_tree
        if len(candidates) <= 2 or (len(candidates) > WEIGHED_UP_TO and off_tree):
            return []
        if self.rivals_from_every_guess:
            pool = self.guessable[self.sayable[self.guessable]]
        else:
            pool = np.union1d(self.broad_guesses, candidates)
            pool = pool[self.sayable[pool]]
        if self.hard and history:
            pool = _using_hints(self.codes, history, pool)
        pool = pool[~np.isin(pool, [self.index[word] for word in refused if word in self.index])]
        if not len(pool):
            return []
        left = expected_left(self.colours.block(pool, candidates), self.weights[candidates])
        order = np.lexsort((self.rank[pool], ~np.isin(pool, candidates), np.round(left, 9)))
        return [self.words[pool[i]] for i in order[:RIVALS]]

    def expected_tries(
        self, history: Sequence[Entry], guesses: Sequence[str], refused: Collection[str] = ()
    ) -> list[float]:
        """For each guess, the expected number of tries from now to the answer, this guess included,
        when the secret comes by the prior and every later guess is the engine's own (``next_guess``:
        the stored tree while the game follows it, else the search, or the one-step choice for a large
        set), so a review grades a guess by the engine's own yardstick. A guess may be any five-letter
        word, in the list or not. Exact for the engine's play: the stored tree is what ``next_guess``
        minimises at its positions; off it the quick search compares only its shortlist, so another
        word may score lower there."""
        return [tries for tries, _ in self.weigh(history, guesses, refused)]

    def weigh(
        self, history: Sequence[Entry], guesses: Sequence[str], refused: Collection[str] = ()
    ) -> list[tuple[float, int]]:
        """For each guess, its ``expected_tries`` and the most tries any candidate then takes (this guess
        included): the game is lost where that passes the tries left, however few the expected tries."""
        candidates = self._candidate_indices(history, refused)
        if len(candidates) == 0:
            raise ValueError("no candidate fits this history; check entries with Wordle.check first")
        total = float(self.weights[candidates].sum())
        banned = frozenset(refused)  # one object, shared by every position remembered
        outlooks = [self._cost_after(list(history), normalise_word(word), candidates, banned) for word in guesses]
        return [(cost / total, deepest) for cost, deepest in outlooks]

    def _cost_after(
        self, history: list[Entry], word: str, candidates: IntArray, refused: frozenset[str]
    ) -> tuple[float, int]:
        """(Σ weight × tries, the most tries) over ``candidates`` (those ``history`` leaves) when ``word``
        is guessed now and the engine plays on; remembered, as the game's next reply and its review ask again."""
        if len(history) > 2 * MAX_TRIES:
            raise RuntimeError(f"the engine loops after {history}")
        key = (tuple(history), word, refused)
        known = self._costs.get(key)
        if known is None and not history and refused in self._openings:
            known = self._openings[refused].costs.get(word)
        if known is not None:
            return known
        codes = self._codes_against_all(word)
        cost, deepest = float(self.weights[candidates].sum()), 1
        for group in _partition(codes, candidates):
            if len(group) == 1:  # the one word left is the next guess (``Search._few``): one try more
                cost, deepest = cost + float(self.weights[group[0]]), max(deepest, 2)
                continue
            played = [*history, Entry(word, mask_from_code(int(codes[group[0]])))]
            sub_cost, sub_deepest = self._cost_after(played, self._guess_for(played, refused, group), group, refused)
            cost, deepest = cost + sub_cost, max(deepest, 1 + sub_deepest)
        self._remember_cost(key, (cost, deepest))
        return cost, deepest

    def _remember_cost(self, key: CostKey, cost: tuple[float, int]) -> None:
        self._costs[key] = cost
        while len(self._costs) > REMEMBERED_COSTS:
            with contextlib.suppress(KeyError, StopIteration):  # another thread's reply evicted it first
                del self._costs[next(iter(self._costs))]

    def _search_for(self, refused: Collection[str]) -> Search:
        """The search ``next_guess`` uses off the tree: the shared one, or with words refused one of
        their own, kept for the next guess of the same game (a search remembers what it found: made
        anew for each guess, playing every secret out for a review took seconds)."""
        if not refused:
            return self.online
        key = frozenset(refused)
        with self._lock:
            search = self._refused_searches.pop(key, None)
        if search is None:  # made outside the lock: the broad guesses take it
            search = self.search(ONLINE_LIMITS, self._allowed_guesses(refused)[:ONLINE_HELPERS])
        with self._lock:
            self._refused_searches[key] = search  # the newest last
            while len(self._refused_searches) > REFUSED_SEARCHES:
                self._refused_searches.pop(next(iter(self._refused_searches)))
        return search

    def _allowed_guesses(self, refused: Collection[str]) -> IntArray:
        """The broad guesses without the refused words (worked out once for each refused set)."""
        if not refused:
            return self.broad_guesses
        key = frozenset(refused)
        allowed = self._allowed.get(key)
        if allowed is None:
            banned = [self.index[word] for word in refused if word in self.index]
            allowed = self._allowed[key] = self.broad_guesses[~np.isin(self.broad_guesses, banned)]
        return allowed

    def _planned_guess(self, history: Sequence[Entry]) -> str | None:
        node = self.plan
        for entry in history:
            if node is None or entry.word != node["guess"]:
                return None
            node = node.get("next", {}).get(str(mask_code(entry.mask)))
        return None if node is None else str(node["guess"])

    def _candidate_indices(self, history: Sequence[Entry], refused: Collection[str] = ()) -> IntArray:
        candidates = self.secret_indices
        for entry in history:
            candidates = candidates[self._codes_against_all(entry.word)[candidates] == mask_code(entry.mask)]
        if refused:
            candidates = candidates[~np.isin(candidates, [self.index[w] for w in refused if w in self.index])]
        return candidates

    def _codes_against_all(self, word: str) -> CodeArray:
        if word in self.index:
            return self.colours.row(self.index[word])
        row: CodeArray = self.colours.against(encode_words([word]))[0]
        return row

    def build_plan(self, limits: SearchLimits = BUILD_LIMITS, on_root_guess: Callable[[], None] | None = None) -> Plan:
        """Search the whole tree (minutes for ~4,000 words) and keep it as this engine's plan;
        ``on_root_guess`` is called after each opener tried (for a progress bar)."""
        search = self.search(limits, whole=True)
        if search.secret_rows is None:
            self.colours.full()  # the whole tree reads nearly every row: coloured at once
        search.on_root_guess = on_root_guess
        self.plan = build_plan(search, self.words, self.secret_indices, MAX_TRIES)
        self._costs.clear()  # the engine plays by the new plan
        self._openings = {}
        return self.plan

    def play(self, secret: str) -> list[Entry]:
        """The engine's game against ``secret``: every guess with its colours, ending all yellow."""
        history: list[Entry] = []
        while not history or history[-1].word != secret:
            guess = self.next_guess(history)
            history.append(Entry(guess, feedback(guess, secret)))
            if len(history) > 2 * MAX_TRIES:
                raise RuntimeError(f"the engine loops on {secret!r}")
        return history


def _using_hints(codes: IntArray, history: Sequence[Entry], guesses: IntArray) -> IntArray:
    """The ``guesses`` that hard mode accepts after ``history``: each right-place letter kept in its
    place, and every letter revealed used at least as many times as one entry revealed it."""
    letters = codes[guesses]
    fits = np.ones(len(guesses), dtype=bool)
    for entry in history:
        shown: dict[int, int] = {}
        for position, (letter, colour) in enumerate(zip(entry.word, entry.mask, strict=True)):
            if colour is Colour.YELLOW:
                fits &= letters[:, position] == ord(letter)
            if colour is not Colour.GREY:
                shown[ord(letter)] = shown.get(ord(letter), 0) + 1
        for point, count in shown.items():
            fits &= (letters == point).sum(axis=1) >= count
    return guesses[fits]


def expected_left(codes: npt.NDArray[np.uint8], weights: FloatArray) -> FloatArray:
    """For each row of colour codes (one guess against every candidate), the words left to find on
    average: each candidate's group size (0 for the all-yellow group), weighted by its prior."""
    total = float(weights.sum())
    result = np.empty(len(codes), dtype=np.float64)
    step = max(1, CHUNK_CELLS // max(codes.shape[1], 1))
    for start in range(0, len(codes), step):
        block = codes[start : start + step].astype(np.int64)
        slots = block + PATTERNS * np.arange(len(block), dtype=np.int64)[:, None]
        counts = np.bincount(slots.ravel(), minlength=len(block) * PATTERNS).reshape(len(block), PATTERNS)
        mass = np.bincount(slots.ravel(), np.tile(weights, len(block)), len(block) * PATTERNS)
        mass = mass.reshape(len(block), PATTERNS)
        counts[:, SOLVED_CODE] = 0
        result[start : start + len(block)] = (counts * mass).sum(axis=1) / total
    return result


def five_letter_zipf(zipf: Mapping[str, float]) -> dict[str, float]:
    """Zipf frequencies in the game's spelling (ё as е; two spellings keep the higher)."""
    folded: dict[str, float] = {}
    for word, value in zipf.items():
        spelled = normalise_word(word)
        if len(spelled) == WORD_LENGTH:
            folded[spelled] = max(folded.get(spelled, 0.0), value)
    return folded
