"""A first /wordle right after a start: answered from the opening (the answers and the stored trees'
first guesses, read in milliseconds) without waiting for the engines, which are built after it."""

from __future__ import annotations

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
