"""The finger game's solver table: every position solved once at start (``bot.core.solvers``)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.core.part import Part
from bot.core.solvers import SolverTables, Step
from solver.fingers import FingerGame

#: Where its step sits among every game's (bot.core.solvers.Step): after 5bukv's start and both
#: everyday letter games, before the word look-ups and the whole-dictionary games.
ORDER = 60


class FingerTables(SolverTables):
    """The finger game, solved: one part, read by ``game``."""

    def __init__(self, game: FingerGame | None = None) -> None:
        self._game: Part[FingerGame] = Part("finger game") if game is None else Part.built("finger game", game)

    @property
    def game(self) -> FingerGame:
        """The solved game (waits for it while the start builds it)."""
        return self._game.get()

    async def ready(self) -> FingerTables:
        """These tables once the game is solved, awaited: a handler never holds the event loop for it."""
        await self._game.wait()
        return self

    def parts(self) -> Sequence[Part[FingerGame]]:
        return (self._game,)

    def steps(self) -> Sequence[Step]:
        return (Step(ORDER, "finger game", lambda _: self._game.set(FingerGame())),)
