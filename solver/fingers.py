"""The finger game (Chopsticks, 割り箸), solved exactly with its draws.

The rules are those of the Japanese article's program. Each player has two hands showing
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
  state; the Japanese article's ``(player, A's hands, B's hands)`` is a *seat* of a state;
* a **move**: a tap or a split, a small dataclass; :func:`describe` words it
  for the command line (the bot words moves itself, in its languages);
* the **table**: every state numbered, its moves as a graph, solved by the
  shared engine (:mod:`solver.engine`). The game is over when either side has
  no live hand: a terminal position, lost for the mover when the mover's
  hands are dead (the only kind play can reach) and won when the waiting
  player's are (kept, as in the Japanese article, so the table covers every pair).
* the **draw rules** of play (the bot's, not the Japanese article's): a position (the
  hands and who is to move) coming up the third time, or a cap on moves, ends
  the game drawn. A :class:`Course` is a game as played so far under them, and
  :meth:`FingerGame.judge` is the one judge of the moves there: the computer's
  move, the hint and the review all ask it. It is exact: a side that can win
  only by passing a position already seen twice, or only after the cap, cannot
  win, so the judge solves the table again with those positions as draws and
  the cap as a horizon (:mod:`solver.engine`). A winner who takes the fastest
  win never meets a draw rule, since every move brings the end closer.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Literal, NamedTuple

import numpy as np
from numpy.typing import NDArray

from solver.engine import NO_END, Graph, Solution, Value, preference, solve, within
from solver.levels import MISTAKE_RATE, Level

__all__ = [
    "Course",
    "Ending",
    "FingerGame",
    "FingerRules",
    "Hand",
    "Hands",
    "Judged",
    "Kind",
    "Move",
    "Side",
    "State",
    "describe",
    "legal_moves",
    "move_code",
]

Hands = tuple[int, int]
Overflow = Literal["cutoff", "modulo"]


# ---------------------------------------------------------------- rules and states


@dataclass(frozen=True)
class FingerRules:
    """A variant of the game; the defaults are the Japanese article's rules."""

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


def move_code(move: Move) -> str:
    """A move in the review's notation: ``1x2`` my 1 taps your 2, ``1xx3`` my 1 taps my own 3,
    ``1+3`` split into 1 and 3. Counts name hands unambiguously (equal hands are one choice)."""
    if move.kind is Kind.SPLIT:
        return f"{move.after[0]}+{move.after[1]}"
    assert move.tapper is not None and move.tapped is not None
    arrow = "xx" if move.kind is Kind.SELF_TAP else "x"
    return f"{move.tapper.fingers}{arrow}{move.tapped.fingers}"


# ---------------------------------------------------------------- the draw rules of play

#: The time a position comes up that ends the game in a draw.
REPEATS = 3


class Ending(StrEnum):
    """How a game ends."""

    OVER = "over"  # a player has no live hand
    REPETITION = "repetition"  # a position came up the ``repeats``-th time
    CAP = "cap"  # the cap on moves was reached


Position = tuple[State, int]  # a state and who is to move there (a seat, 0 or 1)


@dataclass(frozen=True)
class Course:
    """A game as played so far, as much as the draw rules need: the state, who is to move (seat 0
    or 1, whichever the caller calls which), the moves made, how often each position has come up
    (this one included), the cap on moves (None: none) and the time a position comes up that
    draws (None: repetition never ends a game, as in the Japanese article)."""

    state: State
    seat: int = 0
    moves: int = 0
    seen: Mapping[Position, int] = field(default_factory=dict)
    cap: int | None = None
    repeats: int | None = REPEATS

    @classmethod
    def begin(cls, state: State, cap: int | None = None, repeats: int | None = REPEATS) -> Course:
        state = State.of(*state)
        return cls(state, 0, 0, {(state, 0): 1}, cap, repeats)

    def then(self, after: State) -> Course:
        """The course after a move to ``after``."""
        position = (State.of(*after), 1 - self.seat)
        seen = dict(self.seen)
        seen[position] = seen.get(position, 0) + 1
        return replace(self, state=position[0], seat=position[1], moves=self.moves + 1, seen=seen)

    def ending(self) -> Ending | None:
        """Whether the last move ended the game, and how; a move that ends it counts before a draw rule."""
        state = self.state
        if is_dead(state.mover) or is_dead(state.waiting):
            return Ending.OVER
        if self.repeats is not None and self.seen.get((state, self.seat), 0) >= self.repeats:
            return Ending.REPETITION
        if self.cap is not None and self.moves >= self.cap:
            return Ending.CAP
        return None

    def seen_before_the_draw(self) -> set[Position]:
        """The positions that would draw by coming up once more."""
        if self.repeats is None:
            return set()
        return {position for position, times in self.seen.items() if times >= self.repeats - 1}


@dataclass(frozen=True)
class Judged:
    """A move of a :class:`Course` as the judge sees it, for the player who makes it.

    ``plies`` counts the plies after the move to the end under best play (0: the move ends the
    game; ``NO_END``: a draw). ``ending`` says how the move ends the game at once, if it does.
    ``slip`` marks a move that keeps a win on the bare table but not under the draw rules: the
    win can no longer be forced before a repetition or the cap."""

    move: Move
    after: State
    value: Value
    plies: int
    ending: Ending | None = None
    slip: Ending | None = None

    @property
    def rank(self) -> tuple[int, int]:
        return preference(self.value, self.plies)


# ---------------------------------------------------------------- the solved game


class FingerGame:
    """One variant of the rules, solved for every state at construction.

    The engine's positions are the indices of ``states``: every pair of
    sorted hands, by the mover's and then the waiting player's, leaving out
    the pair of dead players (no game reaches it, and the Japanese article skips it).
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
        self.graph = self._graph()
        self.solution: Solution = solve(self.graph, self._terminal_values())
        self._seated = _seated(self.graph)
        self._seated_terminal = np.tile(self._terminal_values(), 2)
        self._with_draws: dict[frozenset[int], Solution] = {}

    # -- the table --------------------------------------------------------

    def _graph(self) -> Graph:
        """Moves as edges, one per distinct next state (as in the Japanese article's sets)."""
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

    # -- the judge ----------------------------------------------------------

    def judge(self, course: Course | State) -> list[Judged]:
        """Every legal move at the course's state, best first (ties in the order of
        :func:`legal_moves`), judged under the draw rules as the game has gone so far."""
        course = course if isinstance(course, Course) else Course.begin(course)
        state = course.state
        if course.ending() is not None:
            raise ValueError(f"the game is over at {state}")
        verdicts: dict[State, Judged] = {}
        judged = []
        for move in legal_moves(self.rules, state):
            after = after_move(state, move)
            if after not in verdicts:
                verdicts[after] = self._verdict(course, move, after)
            judged.append(replace(verdicts[after], move=move))
        return sorted(judged, key=lambda verdict: verdict.rank)

    def best_move(self, course: Course | State) -> Move:
        """Win fastest; when lost, hold out longest; in a draw, stay in the draw: the judge's
        first. Ties go to the move leaving the opponent most losing replies."""
        judged = self.judge(course)
        best = [verdict for verdict in judged if verdict.rank == judged[0].rank]
        return min(best, key=lambda verdict: -self._losing_replies(verdict.after)).move

    def computer_move(
        self, course: Course | State, level: Level | str = Level.PERFECT, rng: random.Random | None = None
    ) -> Move:
        """The best move, or at the level's mistake rate a move a person
        might make: any one that does not let the opponent win at once."""
        rng = rng or random.Random()
        if rng.random() >= MISTAKE_RATE[Level(level)]:
            return self.best_move(course)
        state = course.state if isinstance(course, Course) else State.of(*course)
        moves = legal_moves(self.rules, state)
        safe = [move for move in moves if not self._wins_at_once(after_move(state, move))]
        return rng.choice(safe or moves)

    def _verdict(self, course: Course, move: Move, after: State) -> Judged:
        """One move's value and distance for its mover, under the draw rules."""
        if self.is_over(after):
            return Judged(move, after, Value.WIN, 0, Ending.OVER)
        then = course.then(after)
        ending = then.ending()
        if ending is not None:
            return Judged(move, after, Value.DRAW, NO_END, ending)
        bare = Value(-int(self.value(after)))
        twice = then.seen_before_the_draw()
        if twice and bare is not Value.DRAW:  # draw rules only ever turn a result into a draw
            seated = self._solved_with_draws(twice)
            value, plies = seated.by_moves(self._seated, self._seat(after, then.seat))
            value = Value(-int(value))
        else:
            value, plies = bare, self.distance(after)
        repeated = value is not bare
        horizon = None if course.cap is None else course.cap - then.moves
        value, plies = within(value, plies, horizon)
        slip = None
        if bare is Value.WIN and value is not Value.WIN:
            slip = Ending.REPETITION if repeated else Ending.CAP
        return Judged(move, after, value, plies, slip=slip)

    def _seat(self, state: State, seat: int) -> int:
        """The position of ``state`` with ``seat`` to move in the seated table."""
        return self._index(state) + seat * self.positions

    def _solved_with_draws(self, positions: set[Position]) -> Solution:
        """The seated table solved with ``positions`` drawn once entered (kept for reuse)."""
        key = frozenset(self._seat(state, seat) for state, seat in positions)
        found = self._with_draws.get(key)
        if found is None:
            if len(self._with_draws) >= 256:
                self._with_draws.clear()
            draws = np.zeros(2 * self.positions, dtype=bool)
            draws[list(key)] = True
            found = self._with_draws[key] = solve(self._seated, self._seated_terminal, draws=draws)
        return found

    def _losing_replies(self, state: State) -> int:
        """How many of the mover's moves hand the game to the other player."""
        nexts = (after_move(state, move) for move in legal_moves(self.rules, state))
        return sum(self.value(after) is Value.WIN for after in nexts)

    def _wins_at_once(self, state: State) -> bool:
        return self.value(state) is Value.WIN and self.distance(state) == 1

    def replay(self, codes: list[str], cap: int | None = None, repeats: int | None = REPEATS) -> list[Course]:
        """The course before each move of a game from the start given in :func:`move_code`'s
        notation, then the course after the last; ValueError names a move that is not legal."""
        courses = [Course.begin(self.start, cap, repeats)]
        for ply, code in enumerate(codes, start=1):
            course = courses[-1]
            if course.ending() is not None:
                raise ValueError(f"move {ply} ({code}): the game was over")
            moves = {move_code(move): move for move in legal_moves(self.rules, course.state)}
            if code not in moves:
                legal = " ".join(moves)
                raise ValueError(f"move {ply}: {code!r} is not a legal move at {_state_text(course.state)} ({legal})")
            courses.append(course.then(after_move(course.state, moves[code])))
        return courses

    def _index(self, state: State) -> int:
        try:
            return self._number[State.of(*state)]
        except (KeyError, ValueError):
            raise KeyError(f"not a state of this game: {state}") from None


def _seated(graph: Graph) -> Graph:
    """The table twice, once per seat to move, each move crossing to the other: a position under
    the repetition rule is a state and who is to move."""
    size = graph.size
    offsets = np.concatenate([graph.offsets, graph.offsets[1:] + graph.offsets[-1]])
    targets = np.concatenate([graph.targets + size, graph.targets])
    return Graph(offsets, targets)


def _state_text(state: State) -> str:
    return f"{state.mover[0]},{state.mover[1]} against {state.waiting[0]},{state.waiting[1]}"
