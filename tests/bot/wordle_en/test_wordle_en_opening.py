"""A first /wordle right after a start: answered from the opening (the answers and the stored trees'
first guesses, read in milliseconds) without waiting for the engines, which are built after it."""

from __future__ import annotations

from bot.games.wordle_en.solver import OPENING_ORDER, EnglishWordleSolver
from solver.wordle.english import english_engine


def test_the_first_reply_needs_only_the_opening() -> None:
    solver = EnglishWordleSolver()
    opening = next(step for step in solver.steps() if step.order == OPENING_ORDER)
    opening.run(None)  # type: ignore[arg-type]  (reads no other game's tables)
    for hard in (False, True):
        assert solver.first_guess(hard) == english_engine(hard).first_guess()
        assert solver.next_guess([], hard) == solver.first_guess(hard)
        assert solver.candidates([], hard) == english_engine(hard).secrets
    assert not any(part.ready() for part in solver.parts()[1:])  # the engines: not built, not waited for


def test_a_reader_of_the_opening_has_it_built_before_its_turn() -> None:
    solver = EnglishWordleSolver()
    opening = next(step for step in solver.steps() if step.order == OPENING_ORDER)
    assert opening.builds == (solver.parts()[0],)
