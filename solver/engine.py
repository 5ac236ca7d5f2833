"""Retrograde analysis of finite two-player games given as a graph.

A game is a directed graph of positions; an edge is a legal move. A position
with no moves is *terminal* and its value for the player to move is given by
the game (in the letter game a completed word can be either a win or a loss).
The engine works back from the terminal positions, one ply at a time, the way
endgame tables are built:

* a position with a move to a position lost for the opponent is **won**;
* a position all of whose moves lead to positions won for the opponent is
  **lost**, and it is found when the counter of its undecided moves reaches 0;
* whatever is never decided can be held by both sides for ever: a **draw**.

Processing the positions in rounds of equal distance gives every position the
distance to the end under best play (the winner hurries, the loser holds out)
for free, and every round is a handful of NumPy operations, so deep graphs
(English fragments run 30 letters deep) and cyclic ones (the finger game) cost
no recursion at all.

Usually the sides alternate, but a game may give a position's move to the
same side again (the letter game with N players, read as one player against
all the others together): a ``side`` per position says who moves there, and a
move between positions of the same side keeps the value instead of turning it.

Games with a draw rule on top of the graph (the finger game's third repetition
of a position, a cap on moves) ask two more things. ``draws`` marks positions
that end the game drawn as soon as they are entered, so a side can run for
them. And the distance is a horizon: a position decided in ``d`` plies is
decided within any ``k >= d`` plies and drawn within fewer
(:func:`within`), because the winner hurries and the loser holds out.
:func:`preference` is the one order of moves by what they leave: a win
sooner, then a draw, then a loss later. A move that keeps a win without
bringing it closer is not the best one, and a game that keeps making such
moves can run into a draw rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

import numpy as np
from numpy.typing import NDArray

IntArray = NDArray[np.int64]


class Value(IntEnum):
    """The value of a position for the player to move."""

    LOSS = -1
    DRAW = 0
    WIN = 1


#: The distance recorded for drawn positions: the game never ends.
NO_END = -1


@dataclass(frozen=True)
class Graph:
    """Moves in compressed sparse row form: position ``p`` moves to
    ``targets[offsets[p]:offsets[p + 1]]``.
    """

    offsets: IntArray
    targets: IntArray

    @classmethod
    def from_lists(cls, successors: list[list[int]]) -> Graph:
        """Build from one list of successors per position (handy for small games)."""
        counts = np.fromiter((len(s) for s in successors), dtype=np.int64, count=len(successors))
        offsets = np.zeros(len(successors) + 1, dtype=np.int64)
        np.cumsum(counts, out=offsets[1:])
        flat = [t for s in successors for t in s]
        return cls(offsets, np.asarray(flat, dtype=np.int64))

    @property
    def size(self) -> int:
        return len(self.offsets) - 1

    def out_degree(self) -> IntArray:
        return np.diff(self.offsets)

    def sources(self) -> IntArray:
        """The position each edge leaves from, aligned with ``targets``."""
        return np.repeat(np.arange(self.size, dtype=np.int64), self.out_degree())

    def successors(self, position: int) -> IntArray:
        return self.targets[self.offsets[position] : self.offsets[position + 1]]


@dataclass(frozen=True)
class Solution:
    """Per position: its value for the player to move and the plies to the end
    (``NO_END`` for draws)."""

    value: NDArray[np.int8]
    distance: NDArray[np.int32]  # 32 bits: the bot keeps the letter games' for the life of the process

    def value_of(self, position: int) -> Value:
        return Value(int(self.value[position]))

    def by_moves(self, graph: Graph, position: int) -> tuple[Value, int]:
        """The value and distance of ``position`` for its mover from the values of its moves (sides
        alternating): for a position marked a draw on entry, once it has been entered and is to be
        played from. Without moves it keeps its own value."""
        targets = graph.successors(position)
        if not targets.size:
            return self.value_of(position), int(self.distance[position])
        options = [(Value(-int(self.value[t])), int(self.distance[t])) for t in targets]
        value, plies = min(options, key=lambda option: preference(*option))
        return value, plies if value is Value.DRAW else plies + 1

    def counts(self) -> dict[Value, int]:
        found = np.bincount(self.value.astype(np.int64) + 1, minlength=3)
        return {v: int(found[v + 1]) for v in Value}


def preference(value: Value, plies: int) -> tuple[int, int]:
    """Sort key of a move by what it leaves for the player who makes it (``value`` for them, ``plies``
    to the end after it), smallest best: the fastest win, then a draw, then the longest defence."""
    if value is Value.WIN:
        return (0, plies)
    if value is Value.DRAW:
        return (1, 0)
    return (2, -plies)


def within(value: Value, plies: int, horizon: int | None) -> tuple[Value, int]:
    """The value and distance when the game is drawn after ``horizon`` more plies (None: never):
    a result further away than that cannot be forced, so it is a draw."""
    if value is Value.DRAW or horizon is None or plies <= horizon:
        return value, plies
    return Value.DRAW, NO_END


def solve(
    graph: Graph,
    terminal_value: NDArray[np.int8] | Value = Value.LOSS,
    side: NDArray[np.int8] | None = None,
    draws: NDArray[np.bool_] | None = None,
) -> Solution:
    """Solve every position of ``graph``.

    ``terminal_value`` is the value of a position without moves, either one
    value for all of them or an array over all positions (read only where the
    out-degree is 0). A terminal value may not be ``DRAW``. ``side`` labels the
    side to move at each position (any two labels); without it the sides
    alternate on every move. Values are always for the side to move.
    ``draws`` marks positions that are a draw once entered, whatever their
    moves (their value is ``DRAW`` and their distance ``NO_END``); a move
    into one is neither a win nor a loss for the side that makes it. A
    position without moves ends the game by its own value, marked or not.
    """
    n = graph.size
    undecided_moves = graph.out_degree().copy()
    terminal = np.flatnonzero(undecided_moves == 0)
    values = np.broadcast_to(np.asarray(terminal_value, dtype=np.int8), (n,))[terminal]
    if np.any(values == Value.DRAW):
        raise ValueError("a terminal position must be won or lost")

    value = np.zeros(n, dtype=np.int8)
    distance = np.full(n, NO_END, dtype=np.int32)
    decided = np.zeros(n, dtype=bool)
    value[terminal], distance[terminal], decided[terminal] = values, 0, True
    if draws is not None:
        draws = draws & (undecided_moves > 0)  # a position without moves ends the game as it is
        value[draws], distance[draws] = Value.DRAW, NO_END
        decided |= draws
        terminal = terminal[~draws[terminal]]

    predecessors, order = _reverse(graph)
    same_side = None if side is None else (side[predecessors.targets] == side[graph.targets[order]])
    frontier = terminal
    ply = 0
    while frontier.size:
        ply += 1
        edges, heads = _edges_into(predecessors, frontier)
        parents = predecessors.targets[edges]
        # The value of each move's target for the side that makes the move.
        for_parent = -value[heads] if same_side is None else np.where(same_side[edges], value[heads], -value[heads])

        new_wins = _undecided(parents[for_parent == Value.WIN], decided)
        value[new_wins], distance[new_wins], decided[new_wins] = Value.WIN, ply, True

        losing = parents[for_parent == Value.LOSS]
        np.subtract.at(undecided_moves, losing, 1)
        new_losses = _undecided(losing[undecided_moves[losing] == 0], decided)
        value[new_losses], distance[new_losses], decided[new_losses] = Value.LOSS, ply, True

        frontier = np.concatenate([new_wins, new_losses])
    return Solution(value, distance)


def solve_layered(graph: Graph, layers: IntArray, terminal_value: NDArray[np.int8] | Value = Value.LOSS) -> Solution:
    """What :func:`solve` gives for a graph in layers: positions numbered layer by layer
    (``layers`` holds where each layer begins, then the end) with every move from one layer into
    the next, as a tree numbered breadth first is; the sides alternate. Such a game has no draws,
    and it is solved in one sweep from the deepest layer up, with scratch the size of one layer
    rather than the reversed graph (on the whole English dictionary: 4 MB instead of 23, the
    bot's peak at start): a position wins when a move leaves the opponent lost (one ply more
    than the fastest such), and else loses (one ply more than the slowest move)."""
    value = np.broadcast_to(np.asarray(terminal_value, dtype=np.int8), (graph.size,)).copy()
    distance = np.zeros(graph.size, dtype=np.int32)
    for first, end in zip(layers[-2::-1], layers[:0:-1], strict=True):  # the deepest layer first
        offsets = graph.offsets[first : end + 1]
        _back_up_layer(value, distance, int(first), offsets, graph.targets[offsets[0] : offsets[-1]])
    return Solution(value, distance)


def solve_tree(first_child: NDArray[np.int32], layers: IntArray, terminal_value: Value = Value.LOSS) -> Solution:
    """What :func:`solve_layered` gives for a tree numbered breadth first: the moves of position
    ``p`` are the positions ``first_child[p]`` up to ``first_child[p + 1]`` (one more entry than
    positions), all in the next layer, so each layer's moves are one slice of the next layer and
    no move needs looking up."""
    size = len(first_child) - 1
    value = np.full(size, terminal_value, dtype=np.int8)
    distance = np.zeros(size, dtype=np.int32)
    for first, end in zip(
        layers[-3::-1].tolist(), layers[-2:0:-1].tolist(), strict=True
    ):  # the deepest moving layer first
        moves = first_child[first : end + 1]
        _back_up_layer(value, distance, first, moves, slice(int(moves[0]), int(moves[-1])))
    return Solution(value, distance)


def _back_up_layer(
    value: NDArray[np.int8],
    distance: NDArray[np.int32],
    first: int,
    moves: NDArray[np.int64] | NDArray[np.int32],
    heads: IntArray | slice,
) -> None:
    """One layer's positions valued from the next layer's (in place): position ``first + i`` moves
    to ``heads[moves[i] - moves[0] : moves[i + 1] - moves[0]]``. It wins when a move leaves the
    opponent lost (one ply more than the fastest such), else loses (one ply more than the slowest
    move); a position with no move keeps its own value."""
    moving = np.flatnonzero(moves[1:] > moves[:-1])
    if not moving.size:
        return
    unreached = np.iinfo(np.int32).max
    segments = moves[moving] - moves[0]
    lost = value[heads] == Value.LOSS
    fastest = np.minimum.reduceat(np.where(lost, distance[heads], unreached), segments)
    slowest = np.maximum.reduceat(distance[heads], segments)
    wins = fastest < unreached
    positions = moving + first
    value[positions] = np.where(wins, np.int8(Value.WIN), np.int8(Value.LOSS))
    distance[positions] = np.where(wins, fastest, slowest) + 1


def _reverse(graph: Graph) -> tuple[Graph, IntArray]:
    """The same graph with every edge turned around, and for each reversed
    edge the index of the original one."""
    order = np.argsort(graph.targets, kind="stable")
    sources = graph.sources()[order]
    counts = np.bincount(graph.targets, minlength=graph.size)
    offsets = np.zeros(graph.size + 1, dtype=np.int64)
    np.cumsum(counts, out=offsets[1:])
    return Graph(offsets, sources), order


def _edges_into(predecessors: Graph, positions: IntArray) -> tuple[IntArray, IntArray]:
    """Every edge into ``positions`` (its index in ``predecessors``), once per
    edge so counts stay exact, with the position it enters."""
    starts = predecessors.offsets[positions]
    lengths = predecessors.offsets[positions + 1] - starts
    total = int(lengths.sum())
    edges = np.repeat(starts - np.cumsum(lengths) + lengths, lengths) + np.arange(total)
    return edges, np.repeat(positions, lengths)


def _undecided(positions: IntArray, decided: NDArray[np.bool_]) -> IntArray:
    """The distinct undecided ones among ``positions``, sorted."""
    marked = np.zeros(len(decided), dtype=bool)
    marked[positions] = True
    return np.flatnonzero(marked & ~decided)
