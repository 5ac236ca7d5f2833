"""Letter game: our solver against a plain memoised minimax, side by side.

Times load + solve of the shipped Russian dictionary and of the English list
with L = 4, each against the reference the seeds use (recursion over a set of
fragments with a cache, as in seed 004 and Norvig's Ghost notebook), then the
latency of a hint and of a computer move on random boards, and a cold start
of the command line. Figures are best-of-N wall times; ratios compare the two
in the same run, which is what survives a noisy shared machine.

    .venv/bin/python benchmarks/bench_letters.py [--repeat N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from functools import cache

from solver.engine import Value
from solver.letters import LetterGame, Rule
from solver.levels import Level
from solver.words import LANGUAGES


def reference_winner(words: list[str], rule: Rule, min_length: int) -> str:
    """Who wins from the empty board, the way the seeds compute it."""
    vocabulary = {w for w in words if len(w) >= min_length}
    fragments = {w[:i] for w in vocabulary for i in range(len(w) + 1)}
    alphabet = sorted(set("".join(vocabulary)))

    @cache
    def mover_wins(fragment: str) -> bool:
        if fragment in vocabulary:
            return rule is Rule.COMPLETE_LOSES
        return any(not mover_wins(fragment + c) for c in alphabet if fragment + c in fragments)

    return "first" if mover_wins("") else "second"


def best_time(work: Callable[[], object], repeat: int) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeat):
        started = time.perf_counter()
        result = work()
        times.append(time.perf_counter() - started)
    return min(times), result


def random_boards(game: LetterGame, count: int, rng: random.Random) -> list[str]:
    """Boards reached by random legal play, never at a finished word."""
    boards = []
    while len(boards) < count:
        board = ""
        while not game.is_word(board):
            boards.append(board)
            board += rng.choice(game.plays(board)).letter
    return boards[:count]


def per_call_microseconds(call: Callable[[str], object], boards: list[str]) -> float:
    started = time.perf_counter()
    for board in boards:
        call(board)
    return (time.perf_counter() - started) / len(boards) * 1e6


COLD_COMMAND = [sys.executable, "-m", "solver", "letters", "--lang", "ru", "--json"]


def cold_start_seconds(repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "solver", "letters", "--lang", "ru", "--json"], check=True, capture_output=True
        )
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=3)
    repeat = parser.parse_args().repeat

    print("letter game: load + solve, ours vs plain memoised minimax (best of", repeat, "runs)")
    print(f"{'dictionary':<28}{'ours s':>9}{'plain s':>10}{'ratio':>8}  winner (ours / plain)")
    games = {}
    for code in ("ru", "en"):
        language = LANGUAGES[code]
        rule = Rule(language.rule)

        def ours(language=language, rule=rule) -> LetterGame:  # type: ignore[no-untyped-def]
            return LetterGame(language.words(), rule, language.min_length, language.alphabet)

        def plain(language=language, rule=rule) -> str:  # type: ignore[no-untyped-def]
            return reference_winner(language.words(), rule, language.min_length)

        ours_s, game = best_time(ours, repeat)
        plain_s, plain_winner = best_time(plain, 1 if code == "en" else repeat)
        assert isinstance(game, LetterGame)
        games[code] = game
        label = f"{code} {rule.value} L={language.min_length}"
        print(f"{label:<28}{ours_s:>9.3f}{plain_s:>10.3f}{plain_s / ours_s:>7.1f}x  {game.winner('')} / {plain_winner}")
        if game.winner("") != plain_winner:
            raise SystemExit("the two solvers disagree")

    rng = random.Random(2026)
    print("\nlatency once the table is built (mean over 20,000 random boards)")
    for code, game in games.items():
        boards = random_boards(game, 20_000, rng)
        hint = per_call_microseconds(game.plays, boards)
        move = per_call_microseconds(lambda b, g=game: g.computer_letter(b, Level.PERFECT, rng), boards)
        wins = per_call_microseconds(game.winning_letters, boards)
        print(f"  {code}: hint (all plays judged) {hint:6.1f} µs", end="")
        print(f"   computer move {move:6.1f} µs   winning letters {wins:6.1f} µs")
        assert all(game.value(b) in (Value.WIN, Value.LOSS) for b in boards[:100])

    print(
        f"\ncold start, python -m solver letters --lang ru --json: {cold_start_seconds(max(repeat, 5)):.3f} s (median)"
    )


if __name__ == "__main__":
    main()
