"""Finger game: how long the table takes to build and solve as hands grow,
and the latency of the computer's move.

    .venv/bin/python benchmarks/bench_fingers.py [--repeat N]
"""

from __future__ import annotations

import argparse
import random
import time

from solver.engine import Value
from solver.fingers import FingerGame, FingerRules
from solver.levels import Level


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


if __name__ == "__main__":
    main()
