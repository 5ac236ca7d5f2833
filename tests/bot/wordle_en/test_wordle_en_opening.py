"""A first /wordle right after a start: answered from the opening (the answers and the stored trees'
first guesses, read in milliseconds) without waiting for the engines, which are built after it."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

from bot.core.solvers import Solvers
from bot.games.wordle_en.solver import OPENING_ORDER, EnglishWordleSolver
from solver.wordle.english import english_engine


def test_the_first_reply_needs_only_the_opening() -> None:
    """Asked before any step of the start-up build has run: answered, and no engine built or waited for."""
    solver = EnglishWordleSolver()
    for hard in (False, True):
        assert solver.first_guess(hard) == english_engine(hard).first_guess()
        assert solver.next_guess([], hard) == solver.first_guess(hard)
        assert solver.candidates([], hard) == english_engine(hard).secrets
    assert not any(part.ready() or part.wanted for part in solver.parts())


def test_the_start_up_build_reads_the_opening_early() -> None:
    solver = EnglishWordleSolver()
    orders = {step.name: step.order for step in solver.steps()}
    assert orders["wordle opening"] == OPENING_ORDER < orders["wordle engine"]


async def test_a_first_wordle_after_the_opening_step_needs_no_worker_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """Once the build has read the opening, a first /wordle is answered on the event loop: a worker
    thread's start would wait for the busy build; before that, the opening is read in one."""
    threads: list[object] = []
    to_thread = asyncio.to_thread

    async def counted(function: Callable[[], object]) -> object:
        threads.append(function)
        return await to_thread(function)

    monkeypatch.setattr(asyncio, "to_thread", counted)
    early = EnglishWordleSolver()
    assert (await early.opening_ready()).first_guess(False) == english_engine(False).first_guess()
    assert len(threads) == 1
    built = EnglishWordleSolver()
    next(step for step in built.steps() if step.name == "wordle opening").run(Solvers([built]))
    assert (await built.opening_ready()).first_guess(True) == english_engine(True).first_guess()
    assert len(threads) == 1
