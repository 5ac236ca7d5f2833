"""The first-review benchmark's machinery, small and untimed: its games are the kinds it names, and a
fresh process of the code reviews one and reports its time, peak memory and review."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from solver.wordle import MAX_TRIES, Wordle
from solver.wordle.review import review_game

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_wordle_review.py"


def load_benchmark() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_wordle_review", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look themselves up there
    spec.loader.exec_module(module)
    return module


def test_the_first_review_benchmark_plays_its_four_kinds_of_game_and_reviews_one_afresh() -> None:
    bench = load_benchmark()
    engine = Wordle.default()
    followed, own, lost, refused = bench.first_games(engine)
    secret = followed.history[-1].word
    assert followed.history[0].word == engine.first_guess() and not followed.refused
    assert own.history[0].word != engine.first_guess() and own.history[-1].word == secret
    assert len(lost.history) == MAX_TRIES and secret not in [entry.word for entry in lost.history]
    assert refused.refused == [engine.first_guess()] and refused.history[0].word != engine.first_guess()
    assert refused.history[-1].word == secret
    for game in (followed, refused):  # graded from the tree file's openings: milliseconds
        assert len(review_game(engine, game.history, [game.refused] * (len(game.history) + 1))) == len(game.history)
    found = bench.first_review(bench.ROOT, followed, prepare=False)
    assert found["seconds"] > 0 and found["peak_mb"] > 0 and found["prepared"] == 0
    assert found["review"] == bench.first_review(bench.ROOT, followed, prepare=True)["review"]
