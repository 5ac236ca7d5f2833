"""The finger game (Chopsticks, 割り箸), solved exactly with its draws.

The rules are those of seed 002's program. Each player has two hands showing
0 to ``fingers - 1`` fingers; 0 is a dead hand. On a turn the mover either

* **taps**: a live hand of theirs adds its count to a live hand of the
  opponent's (or, with ``self_attack``, to their own other hand); a hand that
  reaches ``fingers`` dies (overflow ``cutoff``) or keeps the sum modulo
  ``fingers`` (overflow ``modulo``, where exactly ``fingers`` still dies);
* or **splits**: redistributes their own total into two hands of 0 to
  ``fingers - 1``, any pair but the one they have and its mere swap; a dead
  hand may be revived and a live one emptied.

A player with both hands dead has lost.

The concepts:

* **hands**: a player's two counts as a sorted pair, because which hand is
  which does not matter ((1, 2) and (2, 1) are one state); shown to a player
  as *left* (the smaller) and *right* (the larger);
* a **state**: the mover's hands and the waiting player's hands. The game is
  the same for both players, so whose turn it is (A or B) is not part of the
  state; seed 002's ``(player, A's hands, B's hands)`` is a *seat* of a state;
* a **move**: a tap or a split, a small dataclass; :func:`describe` words it
  for the command line (the bot words moves itself, in its languages);
* the **table**: every state numbered, its moves as a graph, solved by the
  shared engine (:mod:`solver.engine`). The game is over when either side has
  no live hand: a terminal position, lost for the mover when the mover's
  hands are dead (the only kind play can reach) and won when the waiting
  player's are (kept, as in seed 002, so the table covers every pair).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import Literal, NamedTuple

import numpy as np
from numpy.typing import NDArray

from solver.engine import Graph, Solution, Value, solve
from solver.levels import MISTAKE_RATE, Level

__all__ = [
    "FingerGame",
    "FingerRules",
    "Hand",
    "Hands",
    "Kind",
    "Move",
    "Side",
    "State",
    "describe",
    "legal_moves",
]

Hands = tuple[int, int]
Overflow = Literal["cutoff", "modulo"]


# ---------------------------------------------------------------- rules and states


@dataclass(frozen=True)
class FingerRules:
    """A variant of the game; the defaults are seed 002's rules."""

    fingers: int = 5
    overflow: Overflow = "cutoff"
    self_attack: bool = False

    def __post_init__(self) -> None:
        if self.fingers < 2:
            raise ValueError("a hand needs at least 2 fingers for the game to have moves")
        if self.overflow not in ("cutoff", "modulo"):
            raise ValueError(f"overflow must be 'cutoff' or 'modulo', not {self.overflow!r}")

    def add(self, count: int, tapped: int) -> int:
        """What a tapped hand shows afterwards (0: it died)."""
        total = count + tapped
        if total < self.fingers:
            return total
        return 0 if self.overflow == "cutoff" else total % self.fingers

    def all_hands(self) -> list[Hands]:
        """Every sorted pair of counts, dead pair first."""
        return [(low, high) for high in range(self.fingers) for low in range(high + 1)]


class State(NamedTuple):
    """The mover's hands and the waiting player's hands, each sorted."""

    mover: Hands
    waiting: Hands

    @classmethod
    def of(cls, mover: tuple[int, int], waiting: tuple[int, int]) -> State:
        """The canonical state for hands given in any order."""
        return cls(_sorted(mover), _sorted(waiting))


def _sorted(hands: tuple[int, int]) -> Hands:
    low, high = sorted(hands)
    return (low, high)


def is_dead(hands: Hands) -> bool:
    return hands == (0, 0)


# ---------------------------------------------------------------- moves


class Kind(StrEnum):
    TAP = "tap"  # a hand taps one of the opponent's
    SELF_TAP = "self-tap"  # a hand taps its owner's other hand
    SPLIT = "split"


class Side(StrEnum):
    """Where a hand is shown: the smaller count on the left."""

    LEFT = "left"
    RIGHT = "right"


class Hand(NamedTuple):
    side: Side
    fingers: int


@dataclass(frozen=True)
class Move:
    """A move, with what a player needs to say it in words.

    ``before`` and ``after`` are the hands the move changes: the opponent's
    for a tap, the mover's own for a self-tap or a split. ``tapper`` and
    ``tapped`` are the hands involved in a tap (None for a split).
    """

    kind: Kind
    before: Hands
    after: Hands
    tapper: Hand | None = None
    tapped: Hand | None = None


def _sides(hands: Hands) -> list[Hand]:
    """A player's hands with their sides; of two equal hands only the left."""
    left, right = Hand(Side.LEFT, hands[0]), Hand(Side.RIGHT, hands[1])
    return [left] if hands[0] == hands[1] else [left, right]


def _tapped(rules: FingerRules, hands: Hands, tapper: Hand, tapped: Hand) -> Hands:
    other = hands[1] if tapped.side is Side.LEFT else hands[0]
    return _sorted((rules.add(tapper.fingers, tapped.fingers), other))


def taps(rules: FingerRules, state: State) -> Iterator[Move]:
    """Every live hand of the mover on every live hand of the opponent."""
    for tapper in _sides(state.mover):
        if tapper.fingers == 0:
            continue
        for tapped in _sides(state.waiting):
            if tapped.fingers:
                after = _tapped(rules, state.waiting, tapper, tapped)
                yield Move(Kind.TAP, state.waiting, after, tapper, tapped)


def self_taps(rules: FingerRules, hands: Hands) -> Iterator[Move]:
    """Each live hand on the owner's other live hand."""
    if 0 in hands:
        return
    left, right = Hand(Side.LEFT, hands[0]), Hand(Side.RIGHT, hands[1])
    pairs = [(left, right)] if hands[0] == hands[1] else [(left, right), (right, left)]
    for tapper, tapped in pairs:
        yield Move(Kind.SELF_TAP, hands, _tapped(rules, hands, tapper, tapped), tapper, tapped)


def splits(rules: FingerRules, hands: Hands) -> Iterator[Move]:
    """Every other sorted pair with the same total (a swap is not a move)."""
    total = hands[0] + hands[1]
    for low in range(max(0, total - rules.fingers + 1), total // 2 + 1):
        after = (low, total - low)
        if after != hands:
            yield Move(Kind.SPLIT, hands, after)


def legal_moves(rules: FingerRules, state: State) -> list[Move]:
    """Taps, then self-taps, then splits; none once the game is over.

    Two taps may leave the same state (a 2 and a 3 both kill a 3); they stay
    two moves here, as a player sees them, and one edge in the table.
    """
    if is_dead(state.mover) or is_dead(state.waiting):
        return []
    moves = list(taps(rules, state))
    if rules.self_attack:
        moves += self_taps(rules, state.mover)
    moves += splits(rules, state.mover)
    return moves


def after_move(state: State, move: Move) -> State:
    """The next state: the players swap roles."""
    if move.kind is Kind.TAP:
        return State(move.after, state.mover)
    return State(state.waiting, move.after)


# ---------------------------------------------------------------- words


def describe(move: Move) -> str:
    """The move in the command line's words: ``left 3 taps right 2``, ``split 2+2 → 1+3``.
    (The bot words moves for players itself, in its languages.)"""
    if move.kind is Kind.SPLIT:
        return f"split {move.before[0]}+{move.before[1]} → {move.after[0]}+{move.after[1]}"
    assert move.tapper is not None and move.tapped is not None
    own = "own " if move.kind is Kind.SELF_TAP else ""
    return f"{move.tapper.side} {move.tapper.fingers} taps {own}{move.tapped.side} {move.tapped.fingers}"


# ---------------------------------------------------------------- the solved game


class FingerGame:
    """One variant of the rules, solved for every state at construction.

    The engine's positions are the indices of ``states``: every pair of
    sorted hands, by the mover's and then the waiting player's, leaving out
    the pair of dead players (no game reaches it, and seed 002 skips it).
    """

    def __init__(self, rules: FingerRules | None = None) -> None:
        self.rules = rules or FingerRules()
        self.states = [
            State(mover, waiting)
            for mover in self.rules.all_hands()
            for waiting in self.rules.all_hands()
            if not (is_dead(mover) and is_dead(waiting))
        ]
        self._number = {state: number for number, state in enumerate(self.states)}
        self.start = State((1, 1), (1, 1))
        self.solution: Solution = solve(self._graph(), self._terminal_values())

    # -- the table --------------------------------------------------------

    def _graph(self) -> Graph:
        """Moves as edges, one per distinct next state (as in seed 002's sets)."""
        successors = []
        for state in self.states:
            targets = {self._number[after_move(state, move)] for move in legal_moves(self.rules, state)}
            successors.append(sorted(targets))
        return Graph.from_lists(successors)

    def _terminal_values(self) -> NDArray[np.int8]:
        """Lost for a mover with no live hand; won when the opponent has none."""
        lost = np.array([is_dead(state.mover) for state in self.states])
        return np.where(lost, Value.LOSS, Value.WIN).astype(np.int8)

    @property
    def positions(self) -> int:
        return len(self.states)

    def counts(self) -> dict[Value, int]:
        """How many states are won, lost and drawn for the player to move."""
        return self.solution.counts()

    # -- questions about one state ------------------------------------------

    def moves(self, state: State) -> list[Move]:
        return legal_moves(self.rules, State.of(*state))

    def play(self, state: State, move: Move) -> State:
        """The state after ``move``, seen from the next mover."""
        state = State.of(*state)
        if move not in legal_moves(self.rules, state):
            raise ValueError(f"not a legal move at {state}: {describe(move)}")
        return after_move(state, move)

    def is_over(self, state: State) -> bool:
        state = State.of(*state)
        return is_dead(state.mover) or is_dead(state.waiting)

    def value(self, state: State) -> Value:
        """The value for the player to move."""
        return self.solution.value_of(self._index(state))

    def distance(self, state: State) -> int:
        """Plies to the end under best play; ``NO_END`` for a draw."""
        return int(self.solution.distance[self._index(state)])

    def winner_from_start(self) -> Literal["first", "second", "draw"]:
        value = self.value(self.start)
        return "first" if value is Value.WIN else "second" if value is Value.LOSS else "draw"

    # -- the computer's move ------------------------------------------------

    def best_move(self, state: State) -> Move:
        """Win fastest; when lost, hold out longest; in a draw, stay in the
        draw. Ties go to the move leaving the opponent most losing replies."""
        state = State.of(*state)
        moves = legal_moves(self.rules, state)
        if not moves:
            raise ValueError(f"the game is over at {state}")
        return min(moves, key=lambda move: self._preference(after_move(state, move)))

    def computer_move(self, state: State, level: Level | str = Level.PERFECT, rng: random.Random | None = None) -> Move:
        """The best move, or at the level's mistake rate a move a person
        might make: any one that does not let the opponent win at once."""
        rng = rng or random.Random()
        if rng.random() >= MISTAKE_RATE[Level(level)]:
            return self.best_move(state)
        state = State.of(*state)
        moves = legal_moves(self.rules, state)
        safe = [move for move in moves if not self._wins_at_once(after_move(state, move))]
        return rng.choice(safe or moves)

    def _preference(self, after: State) -> tuple[int, int, int]:
        """Sort key of a move by the state it leaves, smallest best."""
        opponent_value = self.value(after)
        plies = self.distance(after)
        speed = plies if opponent_value is Value.LOSS else -plies
        return (int(opponent_value), speed, -self._losing_replies(after))

    def _losing_replies(self, state: State) -> int:
        """How many of the mover's moves hand the game to the other player."""
        nexts = (after_move(state, move) for move in legal_moves(self.rules, state))
        return sum(self.value(after) is Value.WIN for after in nexts)

    def _wins_at_once(self, state: State) -> bool:
        return self.value(state) is Value.WIN and self.distance(state) == 1

    def _index(self, state: State) -> int:
        try:
            return self._number[State.of(*state)]
        except (KeyError, ValueError):
            raise KeyError(f"not a state of this game: {state}") from None
