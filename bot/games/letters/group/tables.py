"""The group game's solver tables: the letter games' tables for a group's seats, solved at start
for the usual counts (``bot.core.solvers``). A group plays the letter games (everyday words, each
rule, and English Ghost), so it builds on the letter game's tables rather than its own."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.core.solvers import Solvers, SolverTables, Step
from bot.games.letters.tables import ENGLISH, LANGUAGE, LetterGames
from solver.letters import LetterGame

#: Group games' tables solved at start (common words, both rules and English Ghost), so
#: no group's first bot move waits for one; more seats are solved on first use.
#: Measured with benchmarks/bench_solver_tables.py (README, Benchmarks).
GROUP_SEATS_AT_START = range(2, 5)

#: Where its step sits among every game's (bot.core.solvers.Step): last, after the
#: whole-dictionary letter games.
ORDER = 100


def group_games(letters: LetterGames) -> list[LetterGame]:
    """The games a group plays: everyday words, each rule, and English Ghost."""
    return [*letters.rules(LANGUAGE.code).values(), letters.game(ENGLISH.code)]


class GroupSeats(SolverTables):
    """The seats solved at start: each group game's tables for ``seats`` players. They live in the
    letter games themselves (``LetterGame.with_players``), so this holds no part of its own."""

    def __init__(self, seats: Iterable[int] = GROUP_SEATS_AT_START) -> None:
        self.seats = tuple(seats)

    def steps(self) -> Sequence[Step]:
        return (Step(ORDER, "group seats", self._solve),)

    def _solve(self, solvers: Solvers) -> None:
        for game in group_games(solvers.of(LetterGames)):
            for players in self.seats:
                game.with_players(players)
