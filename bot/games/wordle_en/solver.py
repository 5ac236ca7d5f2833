"""English Wordle's engines in the bot, shared by every chat: normal and hard mode on the original
lists, each with its stored tree, built once at start and sharing one colour table."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator, Sequence

from bot.core.part import Part
from bot.core.solvers import Solvers, SolverTables, Step
from solver.wordle import Entry, Wordle
from solver.wordle.english import Opening, english_engine, english_opening

#: Where English Wordle's steps sit among every game's (bot.core.solvers.Step): its engine right after
#: 5bukv's, the hard-mode twin (milliseconds: the same lists and colour table) and the rows a position
#: off the tree reads after every game's engines. A first /wordle has its engine built next, before
#: its turn (each step names the part it builds).
ENGINE_ORDER = 15
HARD_ORDER = 16
PREPARE_ORDER = 45
#: The opening (a few milliseconds) read right after 5bukv's engine, unless a player asked first.
OPENING_ORDER = 11
#: With engines given (tests), they answer from the start.
NO_OPENING = Opening([], {})

#: The broad guesses' rows coloured in one slice of the rows step (about 15 ms).
ROWS_A_SLICE = 50


class EnglishWordleSolver(SolverTables):
    """The normal and hard-mode engines (two configurations of one engine, one colour table), and
    what a game's first reply needs without them (``Opening``: read in milliseconds)."""

    def __init__(self, normal: Wordle | None = None, hard: Wordle | None = None) -> None:
        self._normal: Part[Wordle] = Part("wordle") if normal is None else Part.built("wordle", normal)
        self._hard: Part[Wordle] = Part("wordle hard") if hard is None else Part.built("wordle hard", hard)
        given = normal is not None or hard is not None
        #: Read where first asked, not waited for as a part: a first /wordle right after a start would
        #: wait for the step under way (5bukv's engine, a tenth of a second) before its own.
        self._opening_read: Opening | None = NO_OPENING if given else None

    def parts(self) -> Sequence[Part[Wordle]]:
        return (self._normal, self._hard)

    def steps(self) -> Sequence[Step]:
        return (
            Step(OPENING_ORDER, "wordle opening", self._read_opening),
            Step(ENGINE_ORDER, "wordle engine", lambda _: self._normal.set(english_engine(False)), (self._normal,)),
            Step(HARD_ORDER, "wordle hard-mode engine", lambda _: self._hard.set(english_engine(True)), (self._hard,)),
            Step(PREPARE_ORDER, "wordle rows", self._prepare),
        )

    def _read_opening(self, _: Solvers) -> None:
        """Read now (milliseconds), so the first /wordle finds it read."""
        self._opening()

    def _opening(self) -> Opening:
        if self._opening_read is None:
            self._opening_read = english_opening()
        return self._opening_read

    async def opening_ready(self) -> EnglishWordleSolver:
        """This solver once its opening is read, awaited: at once when the start-up build has read it
        (a first reply then needs no worker thread, whose start waits for the busy build), else read
        in a worker thread (milliseconds), so the event loop is not held."""
        if self._opening_read is None:
            await asyncio.to_thread(self._opening)
        return self

    def _prepare(self, _: Solvers) -> Iterator[None]:
        """What a position off the tree needs (the broad guesses and their rows), so no player waits;
        in slices (each engine's search, then its rows a few at a time), as a table another player
        waits for is built between them (bot.core.solvers.Step)."""
        for hard in (False, True):
            engine = self.engine(hard)
            engine.prepare_off_tree(rows=False)
            yield
            broad = engine.broad_guesses
            for start in range(0, len(broad), ROWS_A_SLICE):
                engine.colours.colour(broad[start : start + ROWS_A_SLICE])
                yield

    async def ready(self) -> EnglishWordleSolver:
        """This solver once both engines are built (milliseconds apart), awaited: a handler never
        holds the event loop for them."""
        await self._normal.wait()
        await self._hard.wait()
        return self

    def engine(self, hard: bool) -> Wordle:
        return (self._hard if hard else self._normal).get()

    def first_guess(self, hard: bool) -> str:
        opening = self._opening().guesses.get(hard)
        return opening if opening is not None else self.engine(hard).first_guess()

    def next_guess(self, history: Sequence[Entry], hard: bool) -> str:
        """The engine's suggestion (weighed against its rivals off the tree, as the review weighs it)."""
        return self.engine(hard).suggest(history) if history else self.first_guess(hard)

    def candidates(self, history: Sequence[Entry], hard: bool = False) -> list[str]:
        answers = self._opening().answers
        return self.engine(hard).candidates(history) if history or not answers else list(answers)
