"""The letter game with more than two players: each seat solved as one player against all the
others together, and its chances against careful players where no forced line exists."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from solver.engine import Graph, Value, solve
from solver.letters.rule import MAX_PLAYERS, MIN_PLAYERS, Rule
from solver.letters.tree import FragmentTree

if TYPE_CHECKING:
    from solver.letters.game import LetterGame


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
        return bool(self.forces[(seat - self.seat_to_move(board)) % self.players, self.game.tree.node(board)])

    def forcing_seats(self, board: str) -> list[int]:
        return [seat for seat in range(1, self.players + 1) if self.can_force(board, seat)]

    def winning_letters(self, board: str) -> list[str]:
        """The letters with which the seat to move forces a good end."""
        return sorted(self.game.tree.last_letter(c) for c in self._forcing_children(self.game.tree.node(board)))

    def letter_chances(self, board: str) -> dict[str, float]:
        """Each legal letter's chance of a good end for the seat that plays it."""
        children = self.game.tree.children(self.game.tree.node(board))
        return {self.game.tree.last_letter(c): float(self.chances[self.players - 1, c]) for c in children}

    def best_letter(self, board: str) -> str:
        """The seat to move's letter: the fastest forced good end when it has
        one, otherwise the best chances against careful players, holding out
        longest when those are equal."""
        return self.game.tree.last_letter(self._best_child(self.game.tree.node(board)))

    def forced_line(self, board: str, max_branches: int = 40) -> str | None:
        """The seat to move's forcing strategy from ``board`` as a tree, written
        like :meth:`LetterGame.strategy` (``→`` a move, ``;`` the others'
        replies), or None when it has none."""
        node = self.game.tree.node(board)
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
            return self.game.tree.word(best)
        return f"{self.game.tree.fragment(best)} → {self._replies(best, self.players - 1, budget)}"

    def _replies(self, node: int, plies_to_us: int, budget: list[int]) -> str:
        tree, branches = self.game.tree, []
        for reply in tree.children(node):
            if budget[0] <= 0:
                branches.append("…")
                break
            budget[0] -= 1
            if tree.is_word(reply):
                branches.append(self.game.tree.word(reply))
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
