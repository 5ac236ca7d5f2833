"""How well a computer player uses a solved table: shared by every game the engine solves."""

from __future__ import annotations

from enum import StrEnum


class Level(StrEnum):
    """How well the computer plays."""

    PERFECT = "perfect"
    STRONG = "strong"
    EASY = "easy"


#: How often each level makes a human-like mistake instead of the best move.
MISTAKE_RATE = {Level.PERFECT: 0.0, Level.STRONG: 0.15, Level.EASY: 0.45}
