"""The 5bukv review checked against a brute force that colours every pair with ``feedback``."""

from __future__ import annotations

import math
import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.wordle import Colour, Entry, Wordle, feedback, mask_code
from solver.wordle_review import game_scores, review_game, share_grid

SOLVED = (Colour.YELLOW,) * 5


def brute_expected(guess: str, candidates: list[str], weight: dict[str, float]) -> float:
    """Words left to find on average: each secret's group (none once solved), weighted by its prior."""
    groups: dict[tuple[Colour, ...], int] = {}
    for secret in candidates:
        groups[feedback(guess, secret)] = groups.get(feedback(guess, secret), 0) + 1
    total = sum(weight[s] for s in candidates)
    left = {m: (0 if m == SOLVED else n) for m, n in groups.items()}
    return sum(weight[s] * left[feedback(guess, s)] for s in candidates) / total


def brute_luck(guess: str, mask: tuple[Colour, ...], candidates: list[str], weight: dict[str, float]) -> int:
    groups: dict[tuple[Colour, ...], int] = {}
    for secret in candidates:
        groups[feedback(guess, secret)] = groups.get(feedback(guess, secret), 0) + 1

    def left(m: tuple[Colour, ...]) -> int:
        return 0 if m == SOLVED else groups[m]

    total = sum(weight[s] for s in candidates)
    more = sum(weight[s] for s in candidates if left(feedback(guess, s)) > left(mask)) / total
    same = sum(weight[s] for s in candidates if left(feedback(guess, s)) == left(mask)) / total
    return round(100 * (more + same / 2))


five_letter_lists = st.lists(st.text(alphabet="абвгд", min_size=5, max_size=5), min_size=2, max_size=30, unique=True)


@settings(max_examples=60, deadline=None)
@given(words=five_letter_lists, seed=st.integers(0, 2**32), weighted=st.booleans())
def test_each_guess_is_scored_as_brute_force_says(words: list[str], seed: int, weighted: bool) -> None:
    rng = random.Random(seed)
    zipf = {word: rng.uniform(0, 6) for word in words} if weighted else None
    engine = Wordle.from_words(words, zipf=zipf)
    weight = {word: float(w) for word, w in zip(engine.words, engine.weights, strict=True)}
    secret = rng.choice(engine.words)
    history = [Entry(g, feedback(g, secret)) for g in [*rng.sample(engine.words, min(3, len(words))), secret]]
    history = history[: next(i for i, e in enumerate(history) if e.word == secret) + 1]
    candidates = list(engine.words)
    for review, entry in zip(review_game(engine, history), history, strict=True):
        expected = {g: brute_expected(g, candidates, weight) for g in engine.words}
        after = [s for s in candidates if feedback(entry.word, s) == entry.mask]
        assert (review.before, review.after) == (len(candidates), len(after))
        assert math.isclose(review.expected, expected[entry.word], abs_tol=1e-9)
        assert math.isclose(review.best[0].expected, min(expected.values()), abs_tol=1e-9)
        assert all(math.isclose(c.expected, expected[c.word], abs_tol=1e-9) for c in review.best)
        better = sum(v < expected[entry.word] - 1e-9 for g, v in expected.items() if g != entry.word)
        assert review.skill == math.floor(100 * (1 - better / (len(words) - 1)) + 1e-9)
        assert review.luck == brute_luck(entry.word, entry.mask, candidates, weight)
        candidates = after


def test_a_word_off_the_list_is_reviewed_too() -> None:
    engine = Wordle.from_words(["абвгд", "бавгд", "вгдаб", "гдабв"])
    history = [Entry("еежже", feedback("еежже", "вгдаб")), Entry("вгдаб", feedback("вгдаб", "вгдаб"))]
    first, second = review_game(engine, history)
    assert first.before == 4 and first.after == 4  # no letter in common: all grey, nothing learnt
    assert first.expected == 4 and first.luck == 50
    assert first.skill == 0 and second.solved


def test_the_share_grid_shows_colours_and_tries_without_words() -> None:
    history = [Entry("тоска", feedback("тоска", "берег")), Entry("берег", feedback("берег", "берег"))]
    grid = share_grid(history)
    assert grid.splitlines() == ["5 букв 2/6", "⬛⬛⬛⬛⬛", "🟨🟨🟨🟨🟨"]
    assert "берег" not in grid and "тоска" not in grid


def test_the_game_scores_leave_out_a_guess_with_one_word_left() -> None:
    engine = Wordle.from_words(["абвгд", "бавгд", "вгдаб"])
    history = [Entry("абвгд", feedback("абвгд", "вгдаб")), Entry("вгдаб", feedback("вгдаб", "вгдаб"))]
    reviews = review_game(engine, history)
    assert reviews[1].before == 1
    assert game_scores(reviews) == (reviews[0].skill, reviews[0].luck)
    assert mask_code(history[-1].mask) == 242 and np.isfinite(reviews[0].expected)
