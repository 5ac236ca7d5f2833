"""The one choice that makes the letter game one of two games, and how many may sit at a table."""

from __future__ import annotations

from enum import StrEnum


class Rule(StrEnum):
    """What completing a word does to the player who completed it."""

    COMPLETE_WINS = "complete-wins"
    COMPLETE_LOSES = "complete-loses"


#: The seats a table of the letter game may have (:class:`solver.letters.group.GroupTable`).
MIN_PLAYERS, MAX_PLAYERS = 2, 10
