"""The start-up benchmark's machinery, small and untimed: the bot and the echo bot each launched
once against the stand-in, every reply the benchmark asks for arrives, memory is read."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

#: Every test here starts the real ``python -m bot`` as its own process.
pytestmark = pytest.mark.process

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_startup.py"


def load_benchmark() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_startup", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look themselves up there
    spec.loader.exec_module(module)
    return module


async def test_the_bot_and_the_echo_bot_answer_from_launch() -> None:
    bench = load_benchmark()
    secret = bench.default_words()[0]
    echo = await bench.launch("echo", bench.ROOT, secret)
    bot = await bench.launch("bot", bench.ROOT, secret)
    assert echo.first_reply > 0 and not echo.steps
    assert bot.first_reply > 0 and set(bot.steps) == set(bench.STEPS)
    assert all(seconds > 0 for seconds in bot.steps.values())
    for launched in (echo, bot):
        assert 0 < launched.resident_mb <= launched.peak_mb
    bench.report({"bot": [bot], "echo": [echo]}, 1, 0.0)
