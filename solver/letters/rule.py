"""The one choice that makes the letter game one of two games."""

from __future__ import annotations

from enum import StrEnum


class Rule(StrEnum):
    """What completing a word does to the player who completed it."""

    COMPLETE_WINS = "complete-wins"
    COMPLETE_LOSES = "complete-loses"
