"""Finger game: how long the table takes to build and solve as hands grow,
the latency of the computer's move, and of the bot's move under the draw rules
once positions have come up twice (the judge solves the table again then).

    .venv/bin/python benchmarks/bench_fingers.py [--repeat N]
"""

from __future__ import annotations

import argparse
import random
import time

from solver.engine import Value
from solver.fingers import Course, FingerGame, FingerRules, after_move, move_code
from solver.levels import Level

#: A game the player keeps winning without hurrying it, until positions repeat (the bot opens).
SLOW_GAME = "1x1 0+3 1x3 1+3 1x3 2+3 1x2 2+4 1x4 1+1 1x1 0+3 1x3 1+3 1x3 2+3 1x2 2+4"


def best_of(repeat: int, rules: FingerRules) -> tuple[float, FingerGame]:
    times, game = [], FingerGame(rules)
    for _ in range(repeat):
        started = time.perf_counter()
        game = FingerGame(rules)
        times.append(time.perf_counter() - started)
    return min(times), game


def move_latency(game: FingerGame, samples: int = 300) -> float:
    rng = random.Random(0)
    live = [s for s in game.states if not game.is_over(s)]
    chosen = [rng.choice(live) for _ in range(samples)]
    started = time.perf_counter()
    for state in chosen:
        game.computer_move(state, Level.STRONG, rng)
    return (time.perf_counter() - started) / samples


def judged_latency(game: FingerGame, rounds: int = 20) -> tuple[float, float, int]:
    """Median and slowest milliseconds of the perfect bot's move under the draw rules at every
    position of :data:`SLOW_GAME`, each time with the judge's solved tables forgotten (a new
    history), and how many of those positions had a position seen twice behind them."""
    courses = [Course.begin(game.start, 100)]
    for code in SLOW_GAME.split():
        course = courses[-1]
        move = next(m for m in game.moves(course.state) if move_code(m) == code)
        courses.append(course.then(after_move(course.state, move)))
    times = []
    for _ in range(rounds):
        for course in courses:
            game._with_draws.clear()
            started = time.perf_counter()
            game.computer_move(course, Level.PERFECT)
            times.append(time.perf_counter() - started)
    times.sort()
    repeated = sum(bool(course.seen_before_the_draw()) for course in courses)
    return 1000 * times[len(times) // 2], 1000 * times[-1], repeated


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    repeat = parser.parse_args().repeat
    print(f"{'rules':<28} {'states':>7} {'won':>6} {'lost':>6} {'drawn':>6} {'start':>7} {'solve s':>8} {'move ms':>8}")
    for fingers in (4, 5, 6, 10, 20):
        for overflow in ("cutoff", "modulo"):
            rules = FingerRules(fingers, overflow)
            seconds, game = best_of(repeat, rules)
            won, lost, drawn = (game.counts()[v] for v in (Value.WIN, Value.LOSS, Value.DRAW))
            label = f"{fingers} fingers, {overflow}"
            print(
                f"{label:<28} {game.positions:>7} {won:>6} {lost:>6} {drawn:>6} "
                f"{game.winner_from_start():>7} {seconds:>8.3f} {1000 * move_latency(game):>8.3f}"
            )
    median, slowest, repeated = judged_latency(FingerGame())
    print(
        f"the bot's move under the draw rules, {len(SLOW_GAME.split()) + 1} positions of a slow game "
        f"({repeated} with a position seen twice): median {median:.2f} ms, slowest {slowest:.2f} ms"
    )


if __name__ == "__main__":
    main()
