"""The load benchmark's machinery, small and untimed: a real bot process, five chats, no answer lost;
then the two echo anchors with the same players, and the ratios pair by pair."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from bot.core.solvers import Solvers
from bot.games.letters.tables import LetterGames
from solver.letters import Rule

#: Every test here starts the real ``python -m bot`` as its own process.
pytestmark = pytest.mark.process

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_bot_load.py"


def load_benchmark() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_bot_load", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look themselves up there
    spec.loader.exec_module(module)
    return module


async def test_five_chats_play_through_a_bot_process_and_its_anchors(
    solvers: Solvers, capsys: pytest.CaptureFixture[str]
) -> None:
    bench = load_benchmark()
    result = await bench.run_load(
        5, 12, solvers.of(LetterGames).game("ru", rule=Rule.COMPLETE_LOSES), rate=0.0, patience=20.0
    )
    assert result.updates == 5 * 12 and result.lost == 0
    assert len(result.latencies) == result.updates and all(lat > 0 for lat in result.latencies)
    assert 0 < result.rss_started_mb <= result.rss_after_mb * 1.5 and result.bot_cpu_seconds > 0
    assert result.rss_started_mb <= result.peak_started_mb <= result.peak_after_mb  # VmHWM: the peak so far
    assert result.mix == "games" and result.games >= 5 and result.letters > result.games  # set up once a chat
    anchors = [
        await bench.run_load(5, 12, bench.game_of(bench.ROOT), rate=0.0, patience=20.0, code=(anchor, bench.ROOT))
        for anchor in bench.ANCHORS
    ]
    for anchor in anchors:
        assert anchor.updates == 5 * 12 and anchor.lost == 0 and anchor.bot_cpu_seconds > 0
        assert anchor.games >= 5 and anchor.letters > anchor.games  # the same kind of games, on the players' boards
    bench.report([result, *anchors])
    bench.report_pairs([result, *anchors])
    out = capsys.readouterr().out
    assert "this vs echo: CPU per update x" in out and "this vs ptb: CPU per update x" in out
