"""The 5bukv engine's stored decision tree (``TREE_FILE``) and how it is read: only where its
fingerprint (``Wordle.digest``) is this engine's. Written by ``solver.wordle.tree.save_plan``."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from solver.words import DATA_DIR

TREE_FILE = DATA_DIR / "wordle_tree.json"

Plan = dict[str, Any]  # {"guess": word, "next": {mask code as text: Plan}}


@dataclass(frozen=True)
class Opening:
    """What a review asks of a game's first position (``Wordle.rivals`` and ``Wordle.weigh`` from the
    start, seconds of work), and a suggestion off the tree there: with ``refused`` refused before the
    first guess (none, or the tree's first guess), the rivals of the engine's guess, and for it and
    each of them the engine's play after it over every secret, as Σ weight × tries and the most
    tries any secret takes."""

    refused: list[str]
    rivals: list[str]
    costs: dict[str, tuple[float, int]]

    def as_json(self) -> dict[str, object]:
        costs = {word: [cost, deepest] for word, (cost, deepest) in self.costs.items()}
        return {"refused": self.refused, "rivals": self.rivals, "costs": costs}

    @classmethod
    def from_json(cls, stored: dict[str, Any]) -> Opening:
        costs = {str(word): (float(cost), int(deepest)) for word, (cost, deepest) in stored["costs"].items()}
        return cls([str(word) for word in stored["refused"]], [str(word) for word in stored["rivals"]], costs)


@dataclass(frozen=True)
class StoredTree:
    """The tree file: the tree, the fingerprint of the engine it was built for, and what that engine
    had worked out before the tree, stored so a start need not work it out again: its guessable
    words (which take the whole Russian dictionary to find) and its broad guesses (every guessable
    word scored against the list); and what the review asks of the first position (``openings``).
    A file written before these were stored has them empty."""

    digest: str
    tree: Plan
    guessable: list[str]
    broad_guesses: list[str]
    openings: tuple[Opening, ...] = ()


def read_tree(path: Path) -> StoredTree | None:
    """The tree file as it is, or None when it is missing or unreadable (which engine it fits is
    for the caller to check against ``digest``)."""
    try:
        stored = json.loads(path.read_text(encoding="utf-8"))
        openings = tuple(Opening.from_json(opening) for opening in stored.get("openings", []))
        return StoredTree(
            str(stored["digest"]),
            stored["tree"],
            list(stored.get("guessable", [])),
            list(stored.get("broad", [])),
            openings,
        )
    except (OSError, ValueError, KeyError, TypeError):
        return None


def load_plan(path: Path, digest: str) -> Plan | None:
    """The stored tree, or None when it is missing or was built for another list or prior."""
    stored = read_tree(path)
    return stored.tree if stored is not None and stored.digest == digest else None
