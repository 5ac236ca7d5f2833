"""5bukv («5 букв», seed 003): exact colours, every way players write a mask, and a guess engine.

5bukv paints a letter yellow when it is in the right place, white when it is
elsewhere in the secret and grey when the secret has no further copy of it;
repeated letters are coloured the Wordle way (GAMES.md §2). A mask is stored
as an integer 0..242 (grey 0, white 1, yellow 2, first letter most
significant), so the colours of every guess against every secret fit in one
``uint8`` matrix and a partition of the candidates is one ``np.bincount``.

The engine picks the guess with the lowest expected number of tries still
needed (an exact recursive search over the most promising guesses, bounded to
five tries in all). For the shipped list the whole decision tree is built
ahead of time by ``scripts/build_wordle_tree.py`` and read from
``data/wordle_tree.json``; any position off that tree is answered on the spot
by a fast, shallower version of the same search.
"""

from __future__ import annotations

import hashlib
import json
import re
import time
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from solver.words import DATA_DIR, LANGUAGES, Tier

WORD_LENGTH = 5
MAX_TRIES = 6
SOLVED_CODE = 3**WORD_LENGTH - 1  # 242: every letter yellow
PATTERNS = 3**WORD_LENGTH
TREE_FILE = DATA_DIR / "wordle_tree.json"

IntArray = npt.NDArray[np.int64]
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


def normalise_word(word: str) -> str:
    """The game's spelling: lower case, ё as е."""
    return word.strip().lower().replace("ё", "е")


def feedback(guess: str, secret: str) -> Mask:
    """The colours 5bukv shows for ``guess`` when the answer is ``secret``.

    Exact matches are yellow first; then, left to right, a letter is white
    while the secret still has an unmatched copy of it, else grey.
    """
    guess, secret = normalise_word(guess), normalise_word(secret)
    colours = [Colour.YELLOW if g == s else Colour.GREY for g, s in zip(guess, secret, strict=True)]
    unmatched: dict[str, int] = {}
    for g, s in zip(guess, secret, strict=True):
        if g != s:
            unmatched[s] = unmatched.get(s, 0) + 1
    for position, letter in enumerate(guess):
        if colours[position] is Colour.GREY and unmatched.get(letter, 0) > 0:
            colours[position] = Colour.WHITE
            unmatched[letter] -= 1
    return tuple(colours)


def mask_code(mask: Mask) -> int:
    """A mask as an integer 0..242 (grey 0, white 1, yellow 2; first letter most significant)."""
    return sum(_DIGIT[colour] * 3 ** (WORD_LENGTH - 1 - position) for position, colour in enumerate(mask))


def mask_from_code(code: int) -> Mask:
    digits = [(code // 3 ** (WORD_LENGTH - 1 - position)) % 3 for position in range(WORD_LENGTH)]
    return tuple(_COLOUR_OF_DIGIT[digit] for digit in digits)


def mask_text(mask: Mask) -> str:
    return "".join(colour.value for colour in mask)


def encode_words(words: Sequence[str]) -> IntArray:
    """Words as an (n, 5) array of code points, for the vectorised colouring."""
    return np.array([[ord(letter) for letter in word] for word in words], dtype=np.int64).reshape(-1, WORD_LENGTH)


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
        table[rows] = _colour_group(guess_letters[rows], secret_letters, counts, repeats)
    return table


def _group_by_repeats(guess_letters: IntArray) -> dict[tuple[tuple[int, ...], ...], IntArray]:
    """Guesses keyed by, for each position, the positions holding the same letter."""
    same = guess_letters[:, :, None] == guess_letters[:, None, :]
    keys = [tuple(tuple(int(q) for q in np.flatnonzero(row)) for row in matrix) for matrix in same]
    groups: dict[tuple[tuple[int, ...], ...], list[int]] = {}
    for row, key in enumerate(keys):
        groups.setdefault(key, []).append(row)
    return {key: np.array(rows, dtype=np.int64) for key, rows in groups.items()}


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
    symbols = _INVISIBLE.sub("", text.lower())
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
    """``MASK`` (for the suggested word), ``WORD MASK`` or ``WORD:MASK`` (for a word the player chose)."""
    word_text, mask_part = _split_entry(text)
    mask = parse_mask(mask_part)
    if isinstance(mask, EntryError):
        return mask
    word = parse_word(word_text if word_text is not None else suggested)
    if isinstance(word, EntryError):
        return word
    return Entry(word, mask)


def _split_entry(text: str) -> tuple[str | None, str]:
    """Find the word, if any, in front of the mask; a text that reads as a mask is a mask alone."""
    if ":" in text:
        word, _, mask = text.partition(":")
        return word, mask
    parts = text.split(maxsplit=1)
    if len(parts) == 2 and parts[0].isalpha() and isinstance(parse_mask(text), EntryError):
        return parts[0], parts[1]
    return None, text


# --------------------------------------------------------------------------- the search


@dataclass(frozen=True)
class SearchLimits:
    """How many guesses the exact search tries at each level (by one-step score), and the try budget."""

    widths: tuple[int, ...] = (10, 6, 4, 3, 2)
    max_tries: int = 5
    widest: int = 24  # how far the shortlist may widen where the narrow one leaves a secret unsolved in time
    widen_levels: int = 1  # ... at these first levels only (deeper, widening costs far more than it finds)
    candidates_only: bool = False  # guess only the candidates and the ``helpers`` (fast, a little worse)

    def width(self, level: int) -> int:
        return self.widths[min(level, len(self.widths) - 1)]


BUILD_LIMITS = SearchLimits()
ONLINE_LIMITS = SearchLimits(widths=(3, 2, 2, 1), widest=3, widen_levels=0, candidates_only=True)
BROAD_GUESSES = 600
ONLINE_HELPERS = 60  # of those, how many the on-the-spot exact search may guess besides the candidates
ONLINE_EXACT_UP_TO = 40  # off the stored tree, larger candidate sets get the one-step choice (time limit)
_INFINITY = 10**12
_OVER_BUDGET = 10_000  # added per secret the plan cannot solve within the try budget


@dataclass
class Search:
    """Exact expected-tries search over the top guesses; costs are total tries summed over the secrets."""

    table: CodeArray
    limits: SearchLimits
    helpers: IntArray = field(default_factory=lambda: np.empty(0, dtype=np.int64))
    memo: dict[tuple[bytes, int], tuple[int, int]] = field(default_factory=dict)

    def best(self, candidates: IntArray, tries_left: int, level: int = 0) -> tuple[int, int]:
        """(total tries over ``candidates``, the guess); each secret not solved in ``tries_left`` costs a penalty."""
        n = len(candidates)
        if n == 1:
            return 1, int(candidates[0])
        if tries_left <= 1:
            return _OVER_BUDGET * n + 2 * n - 1, int(candidates[0])  # a soft limit, so a plan always exists
        if n == 2:
            return 3, int(candidates[0])
        key = (candidates.tobytes(), tries_left)
        if key not in self.memo:
            self.memo[key] = self._search(candidates, tries_left, level)
        return self.memo[key]

    def _search(self, candidates: IntArray, tries_left: int, level: int) -> tuple[int, int]:
        n = len(candidates)
        perfect = _perfect_candidate(self.table, candidates)
        if perfect is not None:
            return 2 * n - 1, perfect  # the lower bound: one solved now, every other next time
        everyone = np.arange(self.table.shape[0], dtype=np.int64)
        pool = np.union1d(candidates, self.helpers) if self.limits.candidates_only else everyone
        scores = _one_step_scores(self.table, pool, candidates)
        splitters = np.flatnonzero(scores.groups == n)
        if len(splitters):
            return 2 * n, int(pool[splitters[0]])  # the best any non-candidate can do
        best_cost, best_guess = _INFINITY, int(candidates[0])
        tried: set[int] = set()
        width = self.limits.width(level)
        while True:
            for guess in self._shortlist(pool, candidates, scores, width):
                if guess not in tried:
                    tried.add(guess)
                    cost = self._cost_of(guess, candidates, tries_left, level, best_cost)
                    if cost < best_cost:
                        best_cost, best_guess = cost, guess
            if best_cost < _OVER_BUDGET or width >= self.limits.widest or level > self.limits.widen_levels:
                return best_cost, best_guess
            width *= 4  # some secret would need too many tries: look further down the list

    def _shortlist(self, pool: IntArray, candidates: IntArray, scores: OneStep, width: int) -> list[int]:
        """The guesses worth an exact look: the best by expected size, information, number of groups; candidates."""
        is_candidate = np.isin(pool, candidates)
        by_size = np.lexsort((~is_candidate, scores.squares))[:width]
        by_information = np.lexsort((~is_candidate, scores.information_loss))[:width]
        by_groups = np.lexsort((~is_candidate, scores.squares, -scores.groups))[: max(width // 2, 2)]
        best_candidates = np.lexsort((~is_candidate, scores.squares))[: max(width // 2, 1)]
        chosen = [*by_size, *by_information, *by_groups, *best_candidates]
        return list(dict.fromkeys(int(pool[g]) for g in chosen))

    def _cost_of(self, guess: int, candidates: IntArray, tries_left: int, level: int, bound: int) -> int:
        """Total tries when guessing ``guess`` now; stops early once it cannot beat ``bound``."""
        groups = sorted(_partition(self.table[guess], candidates), key=len, reverse=True)
        remaining_lower_bound = sum(2 * len(group) - 1 for group in groups)
        cost = len(candidates)
        for group in groups:
            remaining_lower_bound -= 2 * len(group) - 1
            sub_cost, _ = self.best(group, tries_left - 1, level + 1)
            cost += sub_cost
            if cost + remaining_lower_bound >= bound:
                return _INFINITY
        return cost


def _partition(codes: CodeArray, candidates: IntArray) -> Iterator[IntArray]:
    """The candidates grouped by the mask they would show, without the solved one."""
    keys = codes[candidates]
    order = np.argsort(keys, kind="stable")
    sorted_keys = keys[order]
    bounds = np.flatnonzero(np.diff(sorted_keys)) + 1
    for group_keys, group in zip(np.split(sorted_keys, bounds), np.split(candidates[order], bounds), strict=True):
        if group_keys[0] != SOLVED_CODE:
            yield np.sort(group)


def _perfect_candidate(table: CodeArray, candidates: IntArray) -> int | None:
    """A candidate that tells all the others apart, if there is one."""
    block = np.sort(table[np.ix_(candidates, candidates)], axis=1)
    distinct = (np.diff(block, axis=1) != 0).sum(axis=1) + 1
    hits = np.flatnonzero(distinct == len(candidates))
    return int(candidates[hits[0]]) if len(hits) else None


@dataclass(frozen=True)
class OneStep:
    """One-step scores of every guess: sum of squared group sizes (n × expected number left), number of groups,
    and n × log n − n × entropy (the sum of c log c over group sizes c; lower is more informative)."""

    squares: npt.NDArray[np.int64]
    groups: npt.NDArray[np.int64]
    information_loss: npt.NDArray[np.float64]


def _one_step_scores(table: CodeArray, guesses: IntArray, candidates: IntArray) -> OneStep:
    block = table[np.ix_(guesses, candidates)]
    if len(candidates) <= 16:
        same = block[:, :, None] == block[:, None, :]
        sizes = same.sum(axis=2)  # the size of each candidate's group
        groups = (1.0 / sizes).sum(axis=1).round()
        return OneStep(sizes.sum(axis=1).astype(np.int64), groups.astype(np.int64), np.log(sizes).sum(axis=1))
    return _scores_from_sorted_rows(np.sort(block, axis=1))


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


def _broad_guesses(table: CodeArray) -> IntArray:
    """The words that split the whole list best, best first: the guesses worth scoring for a large candidate set."""
    everyone = np.arange(table.shape[0], dtype=np.int64)
    scores = _one_step_scores(table, everyone, everyone[:: max(len(everyone) // 400, 1)])
    return np.argsort(scores.information_loss, kind="stable")[:BROAD_GUESSES]


def _most_informative(table: CodeArray, guesses: IntArray, candidates: IntArray, sample: int = 160) -> int:
    """The one-step choice among ``guesses``: the most information, then the smaller expected size, then a candidate.

    Scored against an evenly spread sample of the candidates (which may be guessed too), in milliseconds.
    """
    spread = candidates[:: max(len(candidates) // sample, 1)]
    guesses = np.union1d(guesses, spread)
    scores = _one_step_scores(table, guesses, spread)
    is_candidate = np.isin(guesses, candidates)
    return int(guesses[np.lexsort((~is_candidate, scores.squares, np.round(scores.information_loss, 9)))[0]])


# --------------------------------------------------------------------------- the plan (precomputed tree)

Plan = dict[str, Any]  # {"guess": word, "next": {mask code as text: Plan}}


def build_plan(search: Search, words: Sequence[str], candidates: IntArray, tries_left: int, level: int = 0) -> Plan:
    """The decision tree the search chooses, from ``candidates`` down to every secret."""
    _, guess = search.best(candidates, tries_left, level)
    branches = {
        str(int(search.table[guess, group[0]])): build_plan(search, words, group, tries_left - 1, level + 1)
        for group in _partition(search.table[guess], candidates)
    }
    return {"guess": words[guess], "next": branches} if branches else {"guess": words[guess]}


def words_digest(words: Sequence[str]) -> str:
    """A fingerprint of a word list, so a stored tree is never used with another list."""
    return hashlib.sha256("\n".join(words).encode("utf-8")).hexdigest()[:16]


# --------------------------------------------------------------------------- the engine


class Wordle:
    """A word list, its colour table and the guess engine; errors the player can cause are returned values."""

    def __init__(self, words: Sequence[str], plan: Plan | None = None) -> None:
        self.words: list[str] = list(words)
        self.index = {word: i for i, word in enumerate(self.words)}
        self.codes = encode_words(self.words)
        self.table = colour_table(self.codes, self.codes)
        self.plan = plan
        self.broad_guesses = _broad_guesses(self.table)  # now, so no player's move pays for it
        self.online = Search(self.table, ONLINE_LIMITS, helpers=self.broad_guesses[:ONLINE_HELPERS])

    @classmethod
    @cache
    def default(cls) -> Wordle:
        """The shipped noun list with its precomputed tree (built once per process)."""
        words = default_words()
        return cls(words, load_plan(TREE_FILE, words))

    @classmethod
    def from_words(cls, words: list[str]) -> Wordle:
        """Any list: five-letter words only, ё as е, without repeats; no precomputed tree."""
        return cls(prepare_words(words))

    def first_guess(self) -> str:
        return self.next_guess(())

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
        planned = self._planned_guess(history)
        if planned is not None and planned not in refused:
            return planned
        candidates = self._candidate_indices(history, refused)
        if len(candidates) == 0:
            raise ValueError("no candidate fits this history; check entries with Wordle.check first")
        allowed = self._allowed_guesses(refused)
        if len(candidates) > ONLINE_EXACT_UP_TO:
            return self.words[_most_informative(self.table, allowed, candidates)]
        tries_left = max(MAX_TRIES - len(history), 2)
        # The shared search remembers answers for the whole list; with words refused it needs its own.
        search = self.online if not refused else Search(self.table, ONLINE_LIMITS, helpers=allowed[:ONLINE_HELPERS])
        _, guess = search.best(candidates, tries_left, level=len(history))
        return self.words[guess]

    def _allowed_guesses(self, refused: Collection[str]) -> IntArray:
        """The broad guesses without the refused words."""
        if not refused:
            return self.broad_guesses
        banned = [self.index[word] for word in refused if word in self.index]
        return self.broad_guesses[~np.isin(self.broad_guesses, banned)]

    def _planned_guess(self, history: Sequence[Entry]) -> str | None:
        node = self.plan
        for entry in history:
            if node is None or entry.word != node["guess"]:
                return None
            node = node.get("next", {}).get(str(mask_code(entry.mask)))
        return None if node is None else str(node["guess"])

    def _candidate_indices(self, history: Sequence[Entry], refused: Collection[str] = ()) -> IntArray:
        candidates = np.arange(len(self.words), dtype=np.int64)
        for entry in history:
            candidates = candidates[self._codes_against_all(entry.word)[candidates] == mask_code(entry.mask)]
        if refused:
            candidates = candidates[~np.isin(candidates, [self.index[w] for w in refused if w in self.index])]
        return candidates

    def _codes_against_all(self, word: str) -> CodeArray:
        row: CodeArray = (
            self.table[self.index[word]] if word in self.index else colour_table(encode_words([word]), self.codes)[0]
        )
        return row

    def build_plan(self, limits: SearchLimits = BUILD_LIMITS) -> Plan:
        """Search the whole tree (minutes for ~4,000 words) and keep it as this engine's plan."""
        search = Search(self.table, limits)
        everyone = np.arange(len(self.words), dtype=np.int64)
        self.plan = build_plan(search, self.words, everyone, limits.max_tries)
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


def prepare_words(words: Sequence[str]) -> list[str]:
    """Five-letter words in the game's spelling, sorted, without repeats."""
    return sorted({word for raw in words if len(word := normalise_word(raw)) == WORD_LENGTH and word.isalpha()})


def default_words() -> list[str]:
    """The clean Russian nouns, every tier (the game's own list is larger than any tier)."""
    return prepare_words(LANGUAGES["ru"].words(Tier.FULL))


def load_plan(path: Path, words: Sequence[str]) -> Plan | None:
    """The stored tree, or None when it is missing or was built for another list."""
    try:
        stored = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if stored.get("words_digest") != words_digest(words):
        return None
    plan: Plan = stored["tree"]
    return plan


def save_plan(path: Path, words: Sequence[str], plan: Plan, seconds: float) -> None:
    document = {"words_digest": words_digest(words), "words": len(words), "build_seconds": round(seconds, 1)}
    path.write_text(json.dumps(document | {"tree": plan}, ensure_ascii=False, separators=(",", ":")) + "\n", "utf-8")


def timed_build(engine: Wordle, limits: SearchLimits = BUILD_LIMITS) -> tuple[Plan, float]:
    started = time.perf_counter()
    plan = engine.build_plan(limits)
    return plan, time.perf_counter() - started


@dataclass(frozen=True)
class Stats:
    """How the engine does with every word of its list as the secret."""

    words: int
    first_guess: str
    tries: dict[str, int]  # secret → tries the engine needed

    @property
    def average(self) -> float:
        return sum(self.tries.values()) / len(self.tries)

    @property
    def worst(self) -> int:
        return max(self.tries.values())

    @property
    def failed(self) -> list[str]:
        return sorted(secret for secret, tries in self.tries.items() if tries > MAX_TRIES)

    @property
    def histogram(self) -> dict[int, int]:
        counts: dict[int, int] = {}
        for tries in self.tries.values():
            counts[tries] = counts.get(tries, 0) + 1
        return dict(sorted(counts.items()))


def play_all(engine: Wordle, secrets: Iterator[str] | Sequence[str] | None = None) -> Stats:
    """Play the engine against every secret (the whole list by default); pass a progress-wrapped iterable if wanted."""
    chosen = engine.words if secrets is None else secrets
    tries = {secret: len(engine.play(secret)) for secret in chosen}
    return Stats(len(engine.words), engine.first_guess(), tries)
