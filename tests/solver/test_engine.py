"""The generic retrograde engine on small graphs whose values are known by hand."""

from __future__ import annotations

import random
import sys

import numpy as np
import pytest

from solver.engine import NO_END, Graph, Value, preference, solve, within


def solved(successors: list[list[int]], terminal: Value | list[int] = Value.LOSS) -> list[tuple[Value, int]]:
    terminal_value = np.asarray(terminal, dtype=np.int8) if isinstance(terminal, list) else terminal
    solution = solve(Graph.from_lists(successors), terminal_value)
    return [(Value(int(v)), int(d)) for v, d in zip(solution.value, solution.distance, strict=True)]


def test_a_chain_alternates_wins_and_losses_with_growing_distance() -> None:
    # 0 → 1 → 2 → 3, and 3 has no move: lost for its player to move.
    assert solved([[1], [2], [3], []]) == [
        (Value.WIN, 3),
        (Value.LOSS, 2),
        (Value.WIN, 1),
        (Value.LOSS, 0),
    ]


def test_the_winner_takes_the_fastest_win_and_the_loser_the_longest_defence() -> None:
    # 0 can win at once (→ 3) or later (→ 1 → 2 → 3 is no good for it anyway).
    # 4 is lost: its moves reach wins for the opponent in 1 ply (5) or 3 plies (0).
    graph = [[1, 3], [2], [3], [], [5, 0], [3]]
    values = solved(graph)
    assert values[0] == (Value.WIN, 1)
    assert values[4] == (Value.LOSS, 2)  # 1 + the longer of its moves (0 wins in 1)


def test_a_cycle_nobody_needs_to_leave_is_a_draw() -> None:
    # 0 ⇄ 1, and 1 may also step to 2, which is a loss for its player to move.
    # 1 wins by moving to 2; so 0 must not move to 1... but it has no other move.
    values = solved([[1], [0, 2], []])
    assert values == [(Value.LOSS, 2), (Value.WIN, 1), (Value.LOSS, 0)]
    # Without the exit, the players go round for ever.
    assert solved([[1], [0]]) == [(Value.DRAW, NO_END), (Value.DRAW, NO_END)]


def test_a_player_in_a_draw_avoids_a_losing_exit() -> None:
    # 0 can loop with 1 or step into 2, which wins for the opponent: it loops.
    values = solved([[1, 2], [0], [3], []])
    assert values[2] == (Value.WIN, 1)
    assert values[0] == (Value.DRAW, NO_END)
    assert values[1] == (Value.DRAW, NO_END)


def test_terminal_values_may_differ_per_position() -> None:
    # 0 chooses between a terminal position won for its player to move (1)
    # and one lost for its player to move (2): it picks 2.
    assert solved([[1, 2], [], []], terminal=[0, 1, -1]) == [
        (Value.WIN, 1),
        (Value.WIN, 0),
        (Value.LOSS, 0),
    ]


def test_repeated_edges_count_once_each() -> None:
    # Two edges to the same won position still leave the position lost, not stuck.
    assert solved([[1, 1], []], terminal=[0, 1])[0] == (Value.LOSS, 1)


def test_a_deep_graph_needs_no_recursion() -> None:
    depth = 5 * sys.getrecursionlimit()  # a recursive solver would overflow long before the end
    chain = [[i + 1] for i in range(depth)] + [[]]
    values = solved(chain)
    assert values[0] == (Value.LOSS if depth % 2 == 0 else Value.WIN, depth)


def test_a_terminal_draw_is_refused() -> None:
    with pytest.raises(ValueError, match="won or lost"):
        solved([[]], terminal=[0])


def test_counts_sum_to_the_graph_size() -> None:
    solution = solve(Graph.from_lists([[1], [0, 2], [], [4], [3]]))
    assert solution.counts() == {Value.WIN: 1, Value.LOSS: 2, Value.DRAW: 2}


def test_a_side_that_moves_twice_keeps_its_values() -> None:
    # Side 0 moves at 0, side 1 at 1 and 2 (twice in a row), then 3 and 4 end
    # the game: 3 is lost for side 0 to move there, 4 is lost for side 1.
    successors = [[1], [2], [3, 4], [], []]
    side = np.array([0, 1, 1, 0, 1], dtype=np.int8)
    solution = solve(Graph.from_lists(successors), Value.LOSS, side)
    values = [(Value(int(v)), int(d)) for v, d in zip(solution.value, solution.distance, strict=True)]
    # At 2, side 1 picks 3 (a loss for side 0): won for side 1 in 1 ply; 1 passes
    # that on to its own side, and 0 has nothing better than moving into it.
    assert values == [(Value.LOSS, 3), (Value.WIN, 2), (Value.WIN, 1), (Value.LOSS, 0), (Value.LOSS, 0)]


def test_alternating_sides_given_explicitly_change_nothing() -> None:
    successors = [[1, 3], [2], [3], [], [5, 0], [3]]
    graph = Graph.from_lists(successors)
    plain = solve(graph)
    sided = solve(graph, Value.LOSS, np.array([0, 1, 0, 1, 1, 0], dtype=np.int8))
    # Every edge of this graph joins two different sides, as the default assumes.
    assert sided.value.tolist() == plain.value.tolist()
    assert sided.distance.tolist() == plain.distance.tolist()


def test_a_position_drawn_once_entered_is_a_refuge_for_the_loser() -> None:
    # 0 is lost (both its moves reach a win for the opponent) unless 2 is a draw once entered.
    successors = [[1, 2], [3], [3], []]
    graph = Graph.from_lists(successors)
    assert solve(graph).value_of(0) is Value.LOSS
    draws = np.array([False, False, True, False])
    solution = solve(graph, draws=draws)
    assert (solution.value_of(0), int(solution.distance[0])) == (Value.DRAW, NO_END)
    assert (solution.value_of(2), int(solution.distance[2])) == (Value.DRAW, NO_END)
    assert (solution.value_of(1), int(solution.distance[1])) == (Value.WIN, 1)
    # Once 2 has been entered and is played from, its moves decide it again.
    assert solution.by_moves(graph, 2) == (Value.WIN, 1)


def test_a_win_that_must_pass_a_drawn_position_is_no_win() -> None:
    graph = Graph.from_lists([[1], [2], [3], []])
    assert solve(graph).value_of(0) is Value.WIN
    assert solve(graph, draws=np.array([False, True, False, False])).value_of(0) is Value.DRAW


@pytest.mark.parametrize(
    ("value", "plies", "horizon", "expected"),
    [
        (Value.WIN, 5, None, (Value.WIN, 5)),
        (Value.WIN, 5, 5, (Value.WIN, 5)),
        (Value.WIN, 5, 4, (Value.DRAW, NO_END)),
        (Value.LOSS, 6, 5, (Value.DRAW, NO_END)),
        (Value.DRAW, NO_END, 3, (Value.DRAW, NO_END)),
    ],
)
def test_a_result_beyond_the_horizon_is_a_draw(
    value: Value, plies: int, horizon: int | None, expected: tuple[Value, int]
) -> None:
    assert within(value, plies, horizon) == expected


def test_the_preference_is_the_fastest_win_then_a_draw_then_the_longest_defence() -> None:
    options = [(Value.LOSS, 2), (Value.WIN, 7), (Value.DRAW, NO_END), (Value.LOSS, 8), (Value.WIN, 3)]
    assert sorted(options, key=lambda option: preference(*option)) == [
        (Value.WIN, 3),
        (Value.WIN, 7),
        (Value.DRAW, NO_END),
        (Value.LOSS, 8),
        (Value.LOSS, 2),
    ]


def limited(successors: list[list[int]], draws: set[int], position: int, plies: int) -> Value:
    """Plain minimax with ``plies`` to go: a position without moves is lost for its mover,
    entering a position of ``draws`` that has moves or running out of plies is a draw."""
    if not successors[position]:
        return Value.LOSS
    if plies == 0:
        return Value.DRAW
    results = [
        Value.DRAW if t in draws and successors[t] else Value(-int(limited(successors, draws, t, plies - 1)))
        for t in successors[position]
    ]
    return max(results)


@pytest.mark.parametrize("seed", range(40))
def test_the_distance_is_the_horizon_of_plain_minimax_on_random_cyclic_graphs(seed: int) -> None:
    # Within k plies a position is decided exactly when its distance is at most k, with
    # positions drawn once entered too: the draw rules of play rest on this.
    rng = random.Random(seed)
    size = 7
    successors = [rng.sample(range(size), rng.randint(0, 3)) for _ in range(size)]
    draws = {p for p in range(size) if rng.random() < 0.2}
    mask = np.array([p in draws for p in range(size)])
    graph = Graph.from_lists(successors)
    solution = solve(graph, draws=mask)
    for position in range(size):
        played = solution.by_moves(graph, position)
        for horizon in range(9):
            assert within(*played, horizon)[0] is limited(successors, draws, position, horizon), (position, horizon)
