"""A table a player waits for is built before its turn in the start-up build (on demand): in the
build alone, with steps held back so the order is certain, and through the real bot, whose first
``/daily`` right after its first reply is answered while the rest is still being built."""

from __future__ import annotations

import importlib.util
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from bot.core import solvers as solvers_module
from bot.core.part import Part
from bot.core.solvers import BuildingSolvers, SolverTables, Step

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_daily.py"


class HeldTables(SolverTables):
    """Three tables, each its own step; the first step waits for ``go_on`` once under way."""

    def __init__(self) -> None:
        self.under_way = threading.Event()
        self.go_on = threading.Event()
        self.built: list[str] = []
        self.first, self.middle, self.last = Part[int]("first"), Part[int]("middle"), Part[int]("last")

    def parts(self) -> Sequence[Part[Any]]:
        return (self.first, self.middle, self.last)

    def steps(self) -> Sequence[Step]:
        return (
            Step(1, "first", lambda _: self._build(self.first, held=True), (self.first,)),
            Step(2, "middle", lambda _: self._build(self.middle), (self.middle,)),
            Step(3, "last", lambda _: self._build(self.last), (self.last,)),
        )

    def _build(self, part: Part[int], held: bool = False) -> None:
        if held:
            self.under_way.set()
            assert self.go_on.wait(30)
        self.built.append(part.name)
        part.set(len(self.built))


def until(condition: Any, limit: float = 30.0) -> None:
    deadline = time.monotonic() + limit
    while not condition():
        assert time.monotonic() < deadline, "waited too long"
        time.sleep(0.001)


def test_a_table_a_reader_waits_for_is_built_next(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solvers_module.gc, "freeze", lambda: None)  # the bot's, not this test process's
    tables = HeldTables()
    building = BuildingSolvers([lambda: tables], background=True)
    assert tables.under_way.wait(30)
    read: list[int] = []
    reader = threading.Thread(target=lambda: read.append(tables.last.get()))
    reader.start()
    until(lambda: tables.last.wanted)
    tables.go_on.set()
    reader.join(30)
    assert building.wait_until_built(30)
    assert tables.built == ["first", "last", "middle"]  # the step under way ends, then the one waited for
    assert read == [2]


def test_without_a_reader_the_build_keeps_its_order(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solvers_module.gc, "freeze", lambda: None)
    tables = HeldTables()
    tables.go_on.set()
    assert BuildingSolvers([lambda: tables], background=True).wait_until_built(30)
    assert tables.built == ["first", "middle", "last"]


def load_benchmark() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_daily", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look themselves up there
    spec.loader.exec_module(module)
    return module


@pytest.mark.process
async def test_the_first_daily_after_a_start_does_not_wait_for_the_whole_build(tmp_path: Path) -> None:
    """The bot's first reply comes while the build is at its first steps; the English player's
    ``/daily`` then has English Ghost's table built before its turn, and is answered before the
    build is over (the whole-dictionary tables and the group seats come after it)."""
    bench = load_benchmark()
    board, line = bench.todays_line()
    done = await bench.one_round(0, board, line, tmp_path / "bot.log")
    assert done.restart > 0
    assert "building the English Ghost tables before their turn" in done.log_at_restart
    assert "solver tables built" not in done.log_at_restart
