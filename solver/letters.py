"""The letter game, solved exactly: «Кто первым закончит слово?» and Ghost.

Players append letters to a shared board. After every move the board is
judged: no word starts with it, and the mover loses; it is a word, and the
mover wins (rule *complete-wins*) or loses (*complete-loses*, Ghost);
otherwise play goes on.

The concepts, after Norvig's Ghost notebook:

* the **vocabulary**: the words long enough to count;
* a **fragment**: a beginning of a *reachable* word. A word that starts with
  a shorter word can never be reached (the game ends at «пол» before
  «поляна»), so the reachable words are exactly the leaves of the fragment
  tree and every other fragment has at least one legal letter;
* the **legal plays** at a fragment: the letters that keep it a fragment;
* the **strategy**: the solved table of the generic engine, read as moves.

Fragments are numbered depth by depth and alphabetically within a depth, so
the children of a fragment are consecutive numbers and the whole tree is a
few NumPy arrays: building and solving 60,000 Russian nouns takes tens of
milliseconds, and every question a player asks is a walk of a few steps.
"""

from __future__ import annotations

import bisect
import copy
import random
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum, StrEnum

import numpy as np
from numpy.typing import NDArray

from solver.engine import Graph, Solution, Value, solve, solve_layered
from solver.levels import MISTAKE_RATE, Level

IntArray = NDArray[np.int64]
#: Fragment numbers (the bot keeps tables of over 300,000 fragments for the life of the process,
#: so they are kept in 32 bits, and letters and depths in 16).
NodeArray = NDArray[np.int32]
SmallArray = NDArray[np.int16]


class Rule(StrEnum):
    """What completing a word does to the player who completed it."""

    COMPLETE_WINS = "complete-wins"
    COMPLETE_LOSES = "complete-loses"


#: Latin letters that look like Cyrillic ones, read as those in a Russian game
#: (seed 000 types a Latin C for С). Upper and lower case look alike differently.
CYRILLIC_LOOKALIKES = str.maketrans(
    "ABCEHKMOPTXYaceopxykËë",
    "АВСЕНКМОРТХУасеорхукЁё",
)


# ---------------------------------------------------------------- vocabulary


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


def _left_out(sorted_words: Sequence[str], subsequence: Sequence[str]) -> list[str]:
    """The words of ``sorted_words`` not in ``subsequence`` (which keeps their order): one pass."""
    left: list[str] = []
    at = 0
    for word in sorted_words:
        if at < len(subsequence) and subsequence[at] == word:
            at += 1
        else:
            left.append(word)
    return left


# ---------------------------------------------------------------- input


class InputProblem(Enum):
    """Why a player's text is not a letter of the game."""

    EMPTY = "empty"
    NOT_ONE_LETTER = "not-one-letter"
    NOT_IN_ALPHABET = "not-in-alphabet"


@dataclass(frozen=True)
class InputError:
    """A player's text that is not a letter; returned, never raised."""

    problem: InputProblem
    text: str


def normalise_letters(text: str, alphabet: str) -> str | InputError:
    """Read what a player typed as letters of ``alphabet``, or say why not.

    Case is folded; when the alphabet is Cyrillic, Latin look-alikes count
    as the Cyrillic letters they look like. «й» and «ё» sent as a base letter
    and a combining mark (some keyboards, pasted text) are one letter.
    """
    stripped = unicodedata.normalize("NFC", text).strip()
    if not stripped:
        return InputError(InputProblem.EMPTY, text)
    if _is_cyrillic(alphabet):
        stripped = stripped.translate(CYRILLIC_LOOKALIKES)
    letters = stripped.lower()
    if any(letter not in alphabet for letter in letters):
        return InputError(InputProblem.NOT_IN_ALPHABET, text)
    return letters


def normalise_letter(text: str, alphabet: str) -> str | InputError:
    """Like :func:`normalise_letters`, for exactly one letter."""
    letters = normalise_letters(text, alphabet)
    if isinstance(letters, str) and len(letters) != 1:
        return InputError(InputProblem.NOT_ONE_LETTER, text)
    return letters


def _is_cyrillic(alphabet: str) -> bool:
    return any("\u0400" <= letter <= "\u04ff" for letter in alphabet)


# ---------------------------------------------------------------- the tree


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


# ---------------------------------------------------------------- the game


class Verdict(Enum):
    """What the board says after a move."""

    GOES_ON = "goes-on"
    COMPLETED_WORD = "completed-word"
    NO_WORD = "no-word"  # no word starts with the board
    UNREACHABLE = "unreachable"  # the board passes through a shorter word


@dataclass(frozen=True)
class WordInPlay:
    """One word as a game sees it: whether it counts, and the game's shorter word that ends
    every board spelling it first (None when the board can reach it whole, or reaches no word)."""

    counts: bool
    ends_at: str | None

    @property
    def playable(self) -> bool:
        """Whether a game can end on this very word."""
        return self.counts and self.ends_at is None


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


@dataclass(frozen=True)
class Play:
    """A legal letter at a board, judged for the player who plays it."""

    letter: str
    outcome: Value  # for the player who plays the letter
    plies: int  # plies after this one until the game ends under best play
    example: str  # the word this line of best play ends at
    completes_word: bool


class LetterGame:
    """A dictionary and a rule, solved for every fragment.

    Boards are plain strings of letters of ``alphabet``; every method that
    takes one expects a fragment (see :meth:`verdict` for judging any board).

    ``commonness`` (word → Zipf frequency, missing words 0) is what players
    know: among equally good moves the computer and its examples prefer lines
    that end on common words, and its slips lean toward them. Without it,
    ties go alphabetically and slips follow word counts, as in the seeds.
    """

    def __init__(
        self,
        words: Iterable[str],
        rule: Rule | str = Rule.COMPLETE_WINS,
        min_length: int = 1,
        alphabet: str | None = None,
        commonness: Mapping[str, float] | None = None,
    ) -> None:
        kept = vocabulary(words, min_length)
        if not kept:
            raise ValueError("the dictionary has no words of the minimum length")
        self.min_length = min_length
        self.word_count = len(kept)
        reachable = reachable_words(kept)
        self.tree = FragmentTree.build(reachable, alphabet)
        self._passed_words = PackedWords(_left_out(kept, reachable))
        self.alphabet = self.tree.alphabet
        self._word_zipf = self._word_commonness(commonness)  # 0 for every word when unknown
        self._slip_mass = self._cumulative_slip_mass()
        self._solve(Rule(rule))

    def with_rule(self, rule: Rule | str) -> LetterGame:
        """The same words under ``rule``. The fragment tree and the words' commonness do not
        depend on the rule, so the two games share them (memory); only the solution is new."""
        game = copy.copy(self)
        game.__dict__.pop("_tables_by_seats", None)  # group tables belong to one rule
        game._solve(Rule(rule))
        return game

    def _solve(self, rule: Rule) -> None:
        self.rule = rule
        word_value = Value.LOSS if rule is Rule.COMPLETE_WINS else Value.WIN
        self.solution: Solution = solve_layered(self.tree.graph(), self.tree.depth_starts(), word_value)
        self._best_child, self._line_end = self._choose_best_lines()

    # -- sizes ----------------------------------------------------------

    @property
    def reachable_word_count(self) -> int:
        return len(self.tree.words)

    @property
    def positions(self) -> int:
        return self.tree.size

    # -- judging boards -------------------------------------------------

    def verdict(self, board: str) -> Verdict:
        """Judge any board of alphabet letters, as the rules do after a move."""
        node = self.tree.find(board)
        if node is not None:
            return Verdict.COMPLETED_WORD if self.tree.is_word(node) else Verdict.GOES_ON
        if self.word_on_the_way(board) is not None:
            return Verdict.UNREACHABLE
        return Verdict.NO_WORD

    def word_on_the_way(self, board: str) -> str | None:
        """The reachable word that ends the game before ``board`` can be written."""
        node = 0
        for length, letter in enumerate(board, start=1):
            found = self.tree.child(node, letter)
            if found is None:
                return None
            node = found
            if self.tree.is_word(node) and length < len(board):
                return self.tree.words[int(self.tree.word_index[node])]
        return None

    def has_word(self, word: str) -> bool:
        """Whether ``word`` is one of the game's words: reachable (a leaf of the tree), or one the
        board can never spell whole because a shorter word of the game ends it first."""
        return self.is_word(word) or word in self._passed_words

    def word_in_play(self, word: str) -> WordInPlay:
        """What the game says of ``word``: among its words or not, and the shorter word of its own
        a board spelling it reaches first (the game ends there: seed 000's «пол» before «поляна»)."""
        return WordInPlay(self.has_word(word), self.word_on_the_way(word))

    def is_fragment(self, board: str) -> bool:
        return self.tree.find(board) is not None

    def is_word(self, board: str) -> bool:
        node = self.tree.find(board)
        return node is not None and self.tree.is_word(node)

    # -- the solved table -------------------------------------------------

    def value(self, board: str) -> Value:
        """The value of ``board`` for the player to move."""
        return self.solution.value_of(self._node(board))

    def distance(self, board: str) -> int:
        return int(self.solution.distance[self._node(board)])

    @staticmethod
    def to_move(board: str) -> str:
        """``"first"`` or ``"second"``: whose turn it is at ``board``."""
        return "first" if len(board) % 2 == 0 else "second"

    def winner(self, board: str) -> str:
        """Who wins from ``board`` with perfect play: ``"first"`` or ``"second"``."""
        mover = self.to_move(board)
        if self.value(board) is Value.WIN:
            return mover
        return "second" if mover == "first" else "first"

    def plays(self, board: str) -> list[Play]:
        """Every legal letter at ``board``, judged for the player who plays it."""
        return [self._play(child) for child in self.tree.children(self._node(board))]

    def winning_letters(self, board: str) -> list[str]:
        return sorted(play.letter for play in self.plays(board) if play.outcome is Value.WIN)

    def example_word(self, board: str) -> str:
        """The word that best play from ``board`` ends at."""
        return self._word(int(self._line_end[self._node(board)]))

    # -- the computer's move ----------------------------------------------

    def best_letter(self, board: str) -> str:
        """Perfect play: win fastest; when lost, hold out longest and leave
        the opponent the most ways to go wrong."""
        return self._letter(int(self._best_child[self._node(board)]))

    def computer_letter(self, board: str, level: Level | str = Level.PERFECT, rng: random.Random | None = None) -> str:
        """The computer's letter at ``level``: perfect, or now and then a
        human-like slip (a letter chosen as a person might think of it)."""
        rng = rng or random.Random()
        node = self._node(board)
        if rng.random() >= MISTAKE_RATE[Level(level)]:
            return self.best_letter(board)
        return self._letter(self._plausible_child(node, rng))

    # -- the winning strategy -------------------------------------------

    def strategy(self, board: str = "", max_branches: int = 40) -> str:
        """The winner's strategy from ``board`` as a compact tree, like seed
        000's «й → йо → йог / йод; йе → йем → йеменец / йеменка».

        ``→`` is a move, ``/`` separates equally good final moves of the
        winner, ``;`` separates the loser's replies (nested ones in
        brackets); a line whose every ending is known is shown by its words.
        At most ``max_branches`` replies are written out; ``…`` marks the cut.
        """
        node = self._node(board)
        if self.tree.is_word(node):
            return self._word(node)
        budget = [max_branches]
        if self.solution.value[node] == Value.WIN:
            return self._winner_moves(node, budget, top=True)
        return self._replies(node, budget, top=True)

    # -- internals ------------------------------------------------------

    def _node(self, board: str) -> int:
        node = self.tree.find(board)
        if node is None:
            raise KeyError(f"not a fragment: {board!r}")
        return node

    def _letter(self, node: int) -> str:
        return self.alphabet[int(self.tree.letter[node])]

    def _word(self, node: int) -> str:
        return self.tree.words[int(self.tree.word_index[node])]

    def _play(self, child: int) -> Play:
        value = Value(-int(self.solution.value[child]))  # the opponent's loss is our win
        return Play(
            letter=self._letter(child),
            outcome=value,
            plies=int(self.solution.distance[child]),
            example=self._word(int(self._line_end[child])),
            completes_word=self.tree.is_word(child),
        )

    def _mistakes_available(self) -> IntArray:
        """For each fragment, how many legal letters lose for the player to move."""
        tree, value = self.tree, self.solution.value
        child_wins = (value[1:] == Value.WIN).astype(np.int64)  # won for the next mover
        sums = np.concatenate([[0], np.cumsum(child_wins)])
        mistakes: IntArray = sums[tree.first_child[1:] - 1] - sums[tree.first_child[:-1] - 1]
        return mistakes

    def _leaf_commonness(self) -> NDArray[np.float64]:
        """Each fragment's commonness as a word (0 for inner fragments and unknown words)."""
        result = np.zeros(self.tree.size, dtype=np.float64)
        leaves = np.flatnonzero(self.tree.word_index >= 0)
        result[leaves] = self._word_zipf[self.tree.word_index[leaves]]
        return result

    def _word_commonness(self, commonness: Mapping[str, float] | None) -> NDArray[np.float64]:
        words = self.tree.words
        if not commonness:
            return np.zeros(len(words))
        return np.fromiter(
            (commonness.get(words[at], 0.0) for at in range(len(words))), dtype=np.float64, count=len(words)
        )

    def _cumulative_slip_mass(self) -> NDArray[np.float64]:
        """Running totals, in word order, of how likely a person is to think of each word:
        its frequency (10 ** Zipf; 1 for every word when commonness is unknown)."""
        return np.concatenate([[0.0], np.cumsum(10.0**self._word_zipf)])

    def _choose_best_lines(self) -> tuple[NodeArray, NodeArray]:
        """The perfect move at every fragment and the leaf its line ends at.

        Chosen depth by depth from the deepest, so that a tie between equally
        good moves can go to the one whose line ends on the most common word.
        """
        tree, value, distance = self.tree, self.solution.value, self.solution.distance
        best = np.full(tree.size, -1, dtype=np.int32)
        line_end = np.arange(tree.size, dtype=np.int32)
        mistakes, commonness = self._mistakes_available(), self._leaf_commonness()
        depth_starts = np.searchsorted(tree.depth, np.arange(int(tree.depth.max()) + 2))
        for depth in range(int(tree.depth.max()), 0, -1):
            children = np.arange(depth_starts[depth], depth_starts[depth + 1])
            parents = tree.parent[children]
            parent_wins = value[parents] == Value.WIN
            good = value[children] == Value.LOSS  # lost for the opponent
            # Sort key, smallest first: good moves first; the fastest win (then
            # the most common word), or the longest defence that leaves the most
            # mistakes (then the most common word); then alphabetical.
            speed = np.where(parent_wins, distance[children], -distance[children])
            common = commonness[line_end[children]]
            slips = mistakes[children].astype(np.float64)
            second = np.where(parent_wins, -common, -slips)
            third = np.where(parent_wins, -slips, -common)
            order = np.lexsort((children, third, second, speed, ~good, parents))
            sorted_parents = parents[order]
            first_of_parent = np.flatnonzero(np.r_[True, sorted_parents[1:] != sorted_parents[:-1]])
            chosen_parents = sorted_parents[first_of_parent]
            best[chosen_parents] = children[order][first_of_parent]
            line_end[chosen_parents] = line_end[best[chosen_parents]]
        return best, line_end

    def _plausible_child(self, node: int, rng: random.Random) -> int:
        """A letter a person might play: one that does not lose on the spot,
        picked in proportion to the words it keeps in play (each counted by
        how common it is, when that is known)."""
        children = list(self.tree.children(node))
        safe = [c for c in children if not (self.tree.is_word(c) and self.solution.value[c] == Value.WIN)]
        candidates = safe or children
        weights = [self._slip_weight(c) for c in candidates]
        return rng.choices(candidates, weights=weights)[0]

    def _slip_weight(self, node: int) -> float:
        """The slip mass of the words below ``node`` (a contiguous run in word order)."""
        first = last = node
        while not self.tree.is_word(last):
            last = int(self.tree.first_child[last + 1]) - 1
        while not self.tree.is_word(first):
            first = int(self.tree.first_child[first])
        start, stop = int(self.tree.word_index[first]), int(self.tree.word_index[last]) + 1
        return float(self._slip_mass[stop] - self._slip_mass[start])

    def _winner_moves(self, node: int, budget: list[int], top: bool = False) -> str:
        """The winner to move at ``node``: the best move and what follows it,
        or every immediately winning letter when the game ends at once."""
        best = int(self._best_child[node])
        if self.tree.is_word(best):
            return " / ".join(self._word(c) for c in self._finishing_moves(node))
        return f"{self.tree.fragment(best)} → {self._after_winner_move(best, budget, top)}"

    def _after_winner_move(self, node: int, budget: list[int], top: bool) -> str:
        endings = self._strategy_words(node, limit=3)
        if endings is not None:
            return " / ".join(endings)
        return self._replies(node, budget, top)

    def _replies(self, node: int, budget: list[int], top: bool) -> str:
        branches = []
        for reply in self.tree.children(node):
            if budget[0] <= 0:
                branches.append("…")
                break
            budget[0] -= 1
            if self.tree.is_word(reply):
                branches.append(self._word(reply))
            else:
                branches.append(f"{self.tree.fragment(reply)} → {self._winner_moves(reply, budget)}")
        text = "; ".join(branches)
        return text if top or len(branches) == 1 else f"({text})"

    def _finishing_moves(self, node: int) -> list[int]:
        """The letters at ``node`` that complete a word and win at once."""
        children = self.tree.children(node)
        return [c for c in children if self.tree.is_word(c) and self.solution.value[c] == Value.LOSS]

    def _strategy_words(self, node: int, limit: int) -> list[str] | None:
        """The words the winner's strategy can end at below ``node`` (the
        loser to move), or None when there are more than ``limit``."""
        found: list[str] = []
        stack = [(node, False)]
        while stack:
            current, winner_to_move = stack.pop()
            if self.tree.is_word(current):
                found.append(self._word(current))
                if len(found) > limit:
                    return None
            elif winner_to_move:
                best = int(self._best_child[current])
                if self.tree.is_word(best):
                    stack.extend((c, False) for c in self._finishing_moves(current))
                else:
                    stack.append((best, False))
            else:
                stack.extend((c, True) for c in self.tree.children(current))
        return sorted(found)

    # -- more than two players --------------------------------------------

    def with_players(self, players: int) -> GroupTable:
        """The game with ``players`` seats, solved on first use and kept."""
        tables = self._group_tables()
        if players not in tables:
            tables[players] = GroupTable(self, players)
        return tables[players]

    def solved_seat_counts(self) -> list[int]:
        """The numbers of players whose tables are solved already (kept since first use)."""
        return sorted(self._group_tables())

    def _group_tables(self) -> dict[int, GroupTable]:
        tables: dict[int, GroupTable] = self.__dict__.setdefault("_tables_by_seats", {})
        return tables


# ---------------------------------------------------------------- many players

MIN_PLAYERS, MAX_PLAYERS = 2, 10


class GroupTable:
    """The letter game with N seats in a fixed order, each seat solved as one
    player against all the others together.

    A position is a fragment and how many plies remain until the seat we are
    asking about (the *protagonist*) moves: 0 when it moves itself. That is
    one graph of N × fragments positions, and the shared engine solves it
    with the protagonist as one side and the coalition of everyone else as
    the other, who may move several times in a row. For N = 2 it is the
    two-player game.

    Where no forced line exists the table also holds each seat's chances of
    a good end against *careful* players, who each pick at random among the
    letters a careful player would: under complete-loses never completing a
    word or playing a dead letter when they can avoid it, under
    complete-wins completing a word whenever they can.
    """

    def __init__(self, game: LetterGame, players: int) -> None:
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"players must be {MIN_PLAYERS} to {MAX_PLAYERS}, not {players}")
        self.game, self.players = game, players
        tree, size = game.tree, game.tree.size
        graph, terminal, side = _coalition_graph(tree, players, game.rule)
        solution = solve(graph, terminal, side)
        value = solution.value.reshape(players, size)
        #: forces[r, f]: the seat that moves r plies after fragment f's mover forces a good end
        self.forces: NDArray[np.bool_] = np.vstack([value[:1] == Value.WIN, value[1:] == Value.LOSS])
        # Kept small (a game is at most a few dozen plies; chances need no more than
        # float32): a bot keeps a table per number of players it has seen.
        self.distance: NDArray[np.int16] = solution.distance.reshape(players, size).astype(np.int16)
        #: chances[r, f]: that seat's chance of a good end, playing its best against careful players
        self.chances: NDArray[np.float32] = _careful_chances(tree, players, game.rule).astype(np.float32)

    def seat_to_move(self, board: str) -> int:
        """Whose turn it is at ``board``: seat 1 wrote the first letter."""
        return len(board) % self.players + 1

    def can_force(self, board: str, seat: int) -> bool:
        """Whether ``seat`` forces a good end from ``board``."""
        return bool(self.forces[(seat - self.seat_to_move(board)) % self.players, self.game._node(board)])

    def forcing_seats(self, board: str) -> list[int]:
        return [seat for seat in range(1, self.players + 1) if self.can_force(board, seat)]

    def winning_letters(self, board: str) -> list[str]:
        """The letters with which the seat to move forces a good end."""
        return sorted(self.game._letter(c) for c in self._forcing_children(self.game._node(board)))

    def letter_chances(self, board: str) -> dict[str, float]:
        """Each legal letter's chance of a good end for the seat that plays it."""
        children = self.game.tree.children(self.game._node(board))
        return {self.game._letter(c): float(self.chances[self.players - 1, c]) for c in children}

    def best_letter(self, board: str) -> str:
        """The seat to move's letter: the fastest forced good end when it has
        one, otherwise the best chances against careful players, holding out
        longest when those are equal."""
        return self.game._letter(self._best_child(self.game._node(board)))

    def forced_line(self, board: str, max_branches: int = 40) -> str | None:
        """The seat to move's forcing strategy from ``board`` as a tree, written
        like :meth:`LetterGame.strategy` (``→`` a move, ``;`` the others'
        replies), or None when it has none."""
        node = self.game._node(board)
        if self.game.tree.is_word(node) or not self.forces[0, node]:
            return None
        return self._forcing_moves(node, [max_branches])

    # -- internals --------------------------------------------------------

    def _forcing_children(self, node: int) -> list[int]:
        return [c for c in self.game.tree.children(node) if self.forces[self.players - 1, c]]

    def _best_child(self, node: int) -> int:
        forcing = self._forcing_children(node)
        if forcing:
            return min(forcing, key=lambda c: int(self.distance[self.players - 1, c]))
        # Without a forced line: the best chances, and among equal chances the
        # longest line against everyone together, which leaves people the most
        # ways to go wrong.
        later = self.players - 1
        return max(
            self.game.tree.children(node), key=lambda c: (float(self.chances[later, c]), int(self.distance[later, c]))
        )

    def _forcing_moves(self, node: int, budget: list[int]) -> str:
        best = self._best_child(node)
        if self.game.tree.is_word(best):
            return self.game._word(best)
        return f"{self.game.tree.fragment(best)} → {self._replies(best, self.players - 1, budget)}"

    def _replies(self, node: int, plies_to_us: int, budget: list[int]) -> str:
        tree, branches = self.game.tree, []
        for reply in tree.children(node):
            if budget[0] <= 0:
                branches.append("…")
                break
            budget[0] -= 1
            if tree.is_word(reply):
                branches.append(self.game._word(reply))
            elif plies_to_us == 1:
                branches.append(f"{tree.fragment(reply)} → {self._forcing_moves(reply, budget)}")
            else:
                branches.append(f"{tree.fragment(reply)} → {self._replies(reply, plies_to_us - 1, budget)}")
        text = "; ".join(branches)
        return text if len(branches) == 1 else f"({text})"


def _coalition_graph(tree: FragmentTree, players: int, rule: Rule) -> tuple[Graph, NDArray[np.int8], NDArray[np.int8]]:
    """Position ``r * size + f``: fragment ``f``, the protagonist to move in
    ``r`` plies. Returns the graph, the terminal values for the side to move
    and the side to move (0 the protagonist, 1 everyone else)."""
    size = tree.size
    degree = np.diff(tree.first_child)
    offsets = np.zeros(players * size + 1, dtype=np.int64)
    np.cumsum(np.tile(degree, players), out=offsets[1:])
    below = np.arange(1, size, dtype=np.int64)
    targets = np.concatenate([below + ((r - 1) % players) * size for r in range(players)])
    side = np.repeat((np.arange(players) != 0).astype(np.int8), size)
    good = _good_ends(players, rule)
    # A finished word is judged for the side to move there: good for the
    # protagonist is a win when it moves, a loss for the others.
    terminal = np.repeat(np.where(good == (np.arange(players) == 0), Value.WIN, Value.LOSS).astype(np.int8), size)
    return Graph(offsets, targets), terminal, side


def _good_ends(players: int, rule: Rule) -> NDArray[np.bool_]:
    """For each ``r``, whether a word completed just before the protagonist
    is ``r`` plies from moving is a good end for it (``r = N - 1``: it
    completed the word itself)."""
    completed_it: NDArray[np.bool_] = np.arange(players) == players - 1
    return completed_it if rule is Rule.COMPLETE_WINS else np.logical_not(completed_it)


def _careful_weights(tree: FragmentTree, rule: Rule) -> NDArray[np.float64]:
    """For every fragment but the root, the chance that a careful player at
    its parent picks it: uniform over the letters a careful player would play."""
    is_word = tree.word_index[1:] >= 0
    parents = tree.parent[1:]
    word_children = np.bincount(parents, weights=is_word, minlength=tree.size)
    other_children = np.diff(tree.first_child) - word_children
    if rule is Rule.COMPLETE_WINS:
        careful = is_word | (word_children[parents] == 0)
    else:
        careful = ~is_word | (other_children[parents] == 0)
    chosen = careful.astype(np.float64)
    totals = np.bincount(parents, weights=chosen, minlength=tree.size)
    weights: NDArray[np.float64] = chosen / totals[parents]
    return weights


def _careful_chances(tree: FragmentTree, players: int, rule: Rule) -> NDArray[np.float64]:
    """``chances[r, f]``, by backward induction depth by depth: the
    protagonist takes its best letter, the others average over theirs."""
    size = tree.size
    chances = np.zeros((players, size))
    words = tree.word_index >= 0
    chances[:, words] = _good_ends(players, rule)[:, None]
    weights = np.concatenate([[0.0], _careful_weights(tree, rule)])
    depth_start = np.searchsorted(tree.depth, np.arange(int(tree.depth.max()) + 2))
    for depth in range(int(tree.depth.max()) - 1, -1, -1):
        nodes = np.arange(depth_start[depth], depth_start[depth + 1])
        inner = nodes[~words[nodes]]
        if not inner.size:
            continue
        kids = slice(int(tree.first_child[inner[0]]), int(tree.first_child[inner[-1] + 1]))
        starts = tree.first_child[inner] - kids.start
        after = np.roll(chances[:, kids], 1, axis=0)  # row r: the children seen r - 1 plies before us
        chances[0, inner] = np.maximum.reduceat(after[0], starts)
        chances[1:, inner] = np.add.reduceat(after[1:] * weights[kids], starts, axis=1)
    return chances
