"""Building the 5bukv engine's decision tree, saving it with what a start needs, and the statistics
of the engine played against every secret of its list."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from solver.wordle.colours import MAX_TRIES, feedback, mask_code
from solver.wordle.plan import Plan
from solver.wordle.search import BUILD_LIMITS, SearchLimits, Wordle


def save_plan(
    path: Path, engine: Wordle, plan: Plan, limits: SearchLimits = BUILD_LIMITS, *, openings: bool = False
) -> None:
    """Write the tree with what a start needs, and with ``openings`` what a review asks of the first
    position (``Wordle.worked_out_openings``, seconds: the shipped tree's); no build time, so that a
    rebuild gives the same bytes."""
    document: dict[str, object] = {
        "digest": engine.digest(limits),
        "words": len(engine.words),
        "guessable": engine.guessable_words,
        "broad": [engine.words[i] for i in engine.broad_guesses],
    }
    if openings:
        document["openings"] = [opening.as_json() for opening in engine.worked_out_openings()]
    path.write_text(json.dumps(document | {"tree": plan}, ensure_ascii=False, separators=(",", ":")) + "\n", "utf-8")


def timed_build(
    engine: Wordle, limits: SearchLimits = BUILD_LIMITS, on_root_guess: Callable[[], None] | None = None
) -> tuple[Plan, float]:
    started = time.perf_counter()
    plan = engine.build_plan(limits, on_root_guess)
    return plan, time.perf_counter() - started


@dataclass(frozen=True)
class Stats:
    """How the engine does with every word of its list as the secret."""

    words: int
    first_guess: str
    tries: dict[str, int]  # secret → tries the engine needed
    weights: dict[str, float]  # secret → its prior weight

    @property
    def average(self) -> float:
        return sum(self.tries.values()) / len(self.tries)

    @property
    def weighted_average(self) -> float:
        """The expected number of tries when secrets come by the prior."""
        total = sum(self.weights[secret] for secret in self.tries)
        return sum(self.weights[secret] * tries for secret, tries in self.tries.items()) / total

    @property
    def worst(self) -> int:
        return max(self.tries.values())

    @property
    def failed(self) -> list[str]:
        return sorted(secret for secret, tries in self.tries.items() if tries > MAX_TRIES)

    @property
    def histogram(self) -> dict[int, int]:
        counts: dict[int, int] = {}
        for tries in self.tries.values():
            counts[tries] = counts.get(tries, 0) + 1
        return dict(sorted(counts.items()))


def play_all(engine: Wordle, secrets: Iterable[str] | None = None) -> Stats:
    """Play the engine against every secret (the whole list by default); pass a progress-wrapped iterable if wanted."""
    chosen = engine.secrets if secrets is None else secrets
    tries = {secret: len(engine.play(secret)) for secret in chosen}
    weights = {secret: float(engine.weights[engine.index[secret]]) for secret in tries}
    return Stats(len(engine.secrets), engine.first_guess(), tries, weights)


def tree_tries(plan: Plan, secret: str) -> int | None:
    """The tries the stored tree alone takes to reach ``secret`` (None: the tree leaves it before): the
    shipped tree is checked this way, not through play, which leaves a tree that falls short unseen."""
    node: Plan | None = plan
    tries = 0
    while node is not None:
        tries += 1
        guess = str(node["guess"])
        if guess == secret:
            return tries
        node = node.get("next", {}).get(str(mask_code(feedback(guess, secret))))
    return None


def past_the_last_try(plan: Plan, secrets: Iterable[str]) -> dict[str, int | None]:
    """The secrets the tree does not find within six tries, with the tries it takes (None: never)."""
    found = {secret: tree_tries(plan, secret) for secret in secrets}
    return {secret: tries for secret, tries in found.items() if tries is None or tries > MAX_TRIES}
