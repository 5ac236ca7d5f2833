"""The two-player letter game on one dictionary and rule, solved for every fragment: judging
boards, the value and best play at each, the computer's letter at each level, and the winner's
strategy written as a tree."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from itertools import repeat
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from solver.engine import Solution, Value, solve_tree
from solver.letters.rule import Rule
from solver.letters.tree import FragmentTree, IntArray, NodeArray
from solver.letters.vocabulary import WordMatrix, in_pieces
from solver.levels import MISTAKE_RATE, Level

if TYPE_CHECKING:
    import random

    from solver.letters.group import GroupTable


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
    ties go alphabetically and slips follow word counts, as the source articles' solvers play.
    """

    def __init__(
        self,
        words: Iterable[str] | WordMatrix,
        rule: Rule | str = Rule.COMPLETE_WINS,
        min_length: int = 1,
        alphabet: str | None = None,
        commonness: Mapping[str, float] | None = None,
    ) -> None:
        # A matrix comes read already (WordMatrix.of_lines, with this minimum length).
        kept = words if isinstance(words, WordMatrix) else WordMatrix.of(words, min_length)
        if not len(kept):
            raise ValueError("the dictionary has no words of the minimum length")
        self.min_length = min_length
        self.word_count = len(kept)
        reachable = kept.reachable()
        self._passed_words = kept.packed(~reachable)
        reachable_words = kept.subset(reachable)
        del kept  # before the tree is built: the build's peak
        self.tree = FragmentTree.of(reachable_words, alphabet)
        self.alphabet = self.tree.alphabet
        self._word_zipf = self._word_commonness(reachable_words, commonness)  # 0 for every word when unknown
        del reachable_words
        self._slip_mass = self._cumulative_slip_mass()
        self._tables_by_seats: dict[int, GroupTable] = {}  # solved on first use (with_players)
        self._solve(Rule(rule))

    def with_rule(self, rule: Rule | str) -> LetterGame:
        """The same words under ``rule``. The fragment tree and the words' commonness do not
        depend on the rule, so the two games share them (memory); only the solution is new."""
        import copy  # modules only some callers need are imported there: a cold start pays for each

        game = copy.copy(self)
        game._tables_by_seats = {}  # group tables belong to one rule
        game._solve(Rule(rule))
        return game

    def _solve(self, rule: Rule) -> None:
        self.rule = rule
        word_value = Value.LOSS if rule is Rule.COMPLETE_WINS else Value.WIN
        depth_starts = self.tree.depth_starts()
        self.solution: Solution = solve_tree(self.tree.first_child, depth_starts, word_value)
        self._best_child, self._line_end = self._choose_best_lines(depth_starts)

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
        a board spelling it reaches first (the game ends there: «пол» before «поляна»)."""
        return WordInPlay(self.has_word(word), self.word_on_the_way(word))

    def is_fragment(self, board: str) -> bool:
        return self.tree.find(board) is not None

    def is_word(self, board: str) -> bool:
        node = self.tree.find(board)
        return node is not None and self.tree.is_word(node)

    # -- the solved table -------------------------------------------------

    def value(self, board: str) -> Value:
        """The value of ``board`` for the player to move."""
        return self.solution.value_of(self.tree.node(board))

    def distance(self, board: str) -> int:
        return int(self.solution.distance[self.tree.node(board)])

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
        return [self._play(child) for child in self.tree.children(self.tree.node(board))]

    def winning_letters(self, board: str) -> list[str]:
        return sorted(play.letter for play in self.plays(board) if play.outcome is Value.WIN)

    def example_word(self, board: str) -> str:
        """The word that best play from ``board`` ends at."""
        return self.tree.word(int(self._line_end[self.tree.node(board)]))

    # -- the computer's move ----------------------------------------------

    def best_letter(self, board: str) -> str:
        """Perfect play: win fastest; when lost, hold out longest and leave
        the opponent the most ways to go wrong."""
        return self.tree.last_letter(int(self._best_child[self.tree.node(board)]))

    def computer_letter(self, board: str, level: Level | str = Level.PERFECT, rng: random.Random | None = None) -> str:
        """The computer's letter at ``level``: perfect, or now and then a
        human-like slip (a letter chosen as a person might think of it)."""
        if rng is None:
            import random

            rng = random.Random()
        node = self.tree.node(board)
        if rng.random() >= MISTAKE_RATE[Level(level)]:
            return self.best_letter(board)
        return self.tree.last_letter(self._plausible_child(node, rng))

    # -- the winning strategy -------------------------------------------

    def strategy(self, board: str = "", max_branches: int = 40) -> str:
        """The winner's strategy from ``board`` as a compact tree, like the Russian article's
        answer on its nouns: «й → йо → йог / йод; йе → йем → йеменец / йеменка».

        ``→`` is a move, ``/`` separates equally good final moves of the
        winner, ``;`` separates the loser's replies (nested ones in
        brackets); a line whose every ending is known is shown by its words.
        At most ``max_branches`` replies are written out; ``…`` marks the cut.
        """
        node = self.tree.node(board)
        if self.tree.is_word(node):
            return self.tree.word(node)
        budget = [max_branches]
        if self.solution.value[node] == Value.WIN:
            return self._winner_moves(node, budget, top=True)
        return self._replies(node, budget, top=True)

    # -- internals ------------------------------------------------------

    def _play(self, child: int) -> Play:
        value = Value(-int(self.solution.value[child]))  # the opponent's loss is our win
        return Play(
            letter=self.tree.last_letter(child),
            outcome=value,
            plies=int(self.solution.distance[child]),
            example=self.tree.word(int(self._line_end[child])),
            completes_word=self.tree.is_word(child),
        )

    def _mistakes_available(self) -> NodeArray:
        """For each fragment, how many legal letters lose for the player to move."""
        tree, value = self.tree, self.solution.value
        sums = np.zeros(tree.size, dtype=np.int32)  # letters won for the next mover, up to each fragment
        np.cumsum(value[1:] == Value.WIN, dtype=np.int32, out=sums[1:])
        mistakes: NodeArray = sums[tree.first_child[1:] - 1] - sums[tree.first_child[:-1] - 1]
        return mistakes

    @staticmethod
    def _word_commonness(words: WordMatrix, commonness: Mapping[str, float] | None) -> NDArray[np.float64]:
        if not commonness:
            return np.zeros(len(words))
        known = commonness.get
        return in_pieces(
            lambda piece: np.fromiter(map(known, piece, repeat(0.0)), np.float64), words.words(), np.float64
        )

    def _cumulative_slip_mass(self) -> NDArray[np.float64]:
        """Running totals, in word order, of how likely a person is to think of each word:
        its frequency (10 ** Zipf; 1 for every word when commonness is unknown)."""
        return np.concatenate([[0.0], np.cumsum(10.0**self._word_zipf)])

    def _choose_best_lines(self, depth_starts: IntArray) -> tuple[NodeArray, NodeArray]:
        """The perfect move at every fragment and the leaf its line ends at.

        A perfect move leaves the opponent lost in the fewest plies, or, when every move loses,
        lasts longest. Among perfect moves: the line that ends on the most common word, then the
        one that leaves the most ways to go wrong (for a lost player: those first, then the word),
        then the first letter. Each preference is a whole number, smallest best, packed into one
        key per move with the letter's place last: the smallest key among a fragment's moves is
        its choice.
        """
        tree, value, distance = self.tree, self.solution.value, self.solution.distance
        mistakes = self._mistakes_available()
        most_mistakes = int(mistakes.max(initial=0))
        # A word's commonness counts by its rank (ties as the numbers compare); without commonness
        # every word has the one rank.
        word_rank = np.zeros(len(self._word_zipf), dtype=np.int64)
        if self._word_zipf.any():
            word_rank = np.unique(-self._word_zipf, return_inverse=True)[1].reshape(-1)
        ranks = int(word_rank.max(initial=0)) + 1
        deciding = np.flatnonzero(tree.first_child[1:] > tree.first_child[:-1])
        decided_at = np.searchsorted(deciding, depth_starts)
        best = np.full(tree.size, -1, dtype=np.int32)
        line_end = np.arange(tree.size, dtype=np.int32)
        if ranks == 1:  # no word more common than another: every choice at once, then the lines
            parents = tree.parent[1:]
            places = tree.size.bit_length()  # the move's number in the low bits: a mask reads it back
            key = most_mistakes - mistakes[1:].astype(np.int64)
            key <<= places
            key += np.arange(1, tree.size)
            key[(value[1:] != -value[parents]) | (distance[1:] != distance[parents] - 1)] = np.iinfo(np.int64).max
            best[deciding] = np.minimum.reduceat(key, tree.first_child[deciding] - 1) & ((1 << places) - 1)
            for depth in range(len(depth_starts) - 3, -1, -1):
                parents_here = deciding[decided_at[depth] : decided_at[depth + 1]]
                line_end[parents_here] = line_end[best[parents_here]]
            return best, line_end
        # Else depth by depth from the deepest, since a line's word comes from below (and the
        # scratch is one depth's); a move's place is counted within its depth.
        rank_of_leaf = np.zeros(tree.size, dtype=np.int32)
        leaves = np.flatnonzero(tree.word_index >= 0)
        rank_of_leaf[leaves] = word_rank[tree.word_index[leaves]]
        places = int(np.diff(depth_starts).max())
        for depth in range(len(depth_starts) - 3, -1, -1):
            first, end = int(depth_starts[depth + 1]), int(depth_starts[depth + 2])  # the moves into depth + 1
            parents = tree.parent[first:end]
            perfect = (value[first:end] == -value[parents]) & (distance[first:end] == distance[parents] - 1)
            fewer_slips = most_mistakes - mistakes[first:end].astype(np.int64)
            rank = rank_of_leaf[line_end[first:end]].astype(np.int64)
            key = np.where(
                value[parents] == Value.WIN, rank * (most_mistakes + 1) + fewer_slips, fewer_slips * ranks + rank
            )
            key *= places
            key += np.arange(end - first)
            key[~perfect] = np.iinfo(np.int64).max
            parents_here = deciding[decided_at[depth] : decided_at[depth + 1]]
            chosen = np.minimum.reduceat(key, tree.first_child[parents_here] - first) % places + first
            best[parents_here] = chosen
            line_end[parents_here] = line_end[chosen]
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
            return " / ".join(self.tree.word(c) for c in self._finishing_moves(node))
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
                branches.append(self.tree.word(reply))
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
                found.append(self.tree.word(current))
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
        if players not in self._tables_by_seats:
            from solver.letters.group import GroupTable

            self._tables_by_seats[players] = GroupTable(self, players)
        return self._tables_by_seats[players]

    def solved_seat_counts(self) -> list[int]:
        """The numbers of players whose tables are solved already (kept since first use)."""
        return sorted(self._tables_by_seats)
