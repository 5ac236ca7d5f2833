"""The 5bukv review checked against a brute force that plays every secret out with ``feedback``."""

from __future__ import annotations

import itertools
import math
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.wordle import Colour, Entry, Wordle, feedback
from solver.wordle.review import Choice, GuessReview, game_scores, review_game, share_grid

SOLVED = (Colour.YELLOW,) * 5


def brute_tries(engine: Wordle, history: list[Entry], guess: str, secret: str) -> int:
    """The tries to find ``secret`` when ``guess`` is made now and the engine plays on."""
    played = [*history, Entry(guess, feedback(guess, secret))]
    while played[-1].word != secret:
        word = engine.next_guess(played)
        played.append(Entry(word, feedback(word, secret)))
    return len(played) - len(history)


def brute_expected(engine: Wordle, history: list[Entry], guess: str) -> float:
    candidates = engine.candidates(history)
    weight = {word: float(w) for word, w in zip(engine.words, engine.weights, strict=True)}
    total = sum(weight[s] for s in candidates)
    return sum(weight[s] * brute_tries(engine, history, guess, s) for s in candidates) / total


five_letter_lists = st.lists(st.text(alphabet="абвгд", min_size=5, max_size=5), min_size=2, max_size=24, unique=True)


@settings(max_examples=40, deadline=None)
@given(words=five_letter_lists, seed=st.integers(0, 2**32), weighted=st.booleans())
def test_each_guess_is_graded_as_playing_every_secret_out_says(words: list[str], seed: int, weighted: bool) -> None:
    rng = random.Random(seed)
    zipf = {word: rng.uniform(0, 6) for word in words} if weighted else None
    engine = Wordle.from_words(words, zipf=zipf)
    secret = rng.choice(engine.words)
    guesses = [*rng.sample(engine.words, min(3, len(engine.words))), secret]
    history = [Entry(g, feedback(g, secret)) for g in guesses[: guesses.index(secret) + 1]]
    reviews = review_game(engine, history)
    for review in reviews:
        before = history[: review.number - 1]
        assert review.before == len(engine.candidates(before))
        assert review.after == len(engine.candidates(history[: review.number]))
        assert math.isclose(review.expected, brute_expected(engine, before, review.entry.word), abs_tol=1e-9)
        assert review.suggested.word == engine.suggest(before)
        assert math.isclose(
            review.skill, brute_expected(engine, before, review.suggested.word) - review.expected, abs_tol=1e-9
        )
        assert all(math.isclose(c.tries, brute_expected(engine, before, c.word), abs_tol=1e-9) for c in review.compared)
        tries = [c.tries for c in review.compared]
        assert all(better <= worse + 1e-9 for better, worse in itertools.pairwise(tries))
    scores = game_scores(reviews)
    assert math.isclose(len(history), scores.expected - scores.skill - scores.luck, abs_tol=1e-9)


def test_a_game_that_follows_the_engine_is_never_bettered() -> None:
    """The engine's guess is graded best, or level with the best, all the way, for many secrets."""
    engine = Wordle.default()
    secrets = random.Random(5).sample(engine.words, 40)
    for secret in secrets:
        for review in review_game(engine, engine.play(secret)):
            assert not review.bettered, (secret, review)
            assert review.suggested.word == review.entry.word and review.skill == 0


def test_a_word_off_the_list_is_reviewed_too() -> None:
    engine = Wordle.from_words(["абвгд", "бавгд", "вгдаб", "гдабв"])
    history = [Entry("еежже", feedback("еежже", "вгдаб")), Entry("вгдаб", feedback("вгдаб", "вгдаб"))]
    first, second = review_game(engine, history)
    assert first.before == 4 and first.after == 4  # no letter in common: all grey, nothing learnt
    assert first.luck is not None and math.isclose(first.luck, 0)  # the colours could not have said more
    assert first.skill < 0 and first.bettered and second.solved


def test_an_answer_off_every_list_keeps_its_try_as_a_row_without_grades() -> None:
    engine = Wordle.from_words(["абвгд", "бавгд", "вгдаб", "гдабв"])
    history = [Entry("абвгд", feedback("абвгд", "жжжжж")), Entry("жжжжж", SOLVED)]
    first, second = review_game(engine, history)
    assert first.graded and first.after == 0 and first.luck is None  # the guess that left no word
    assert second.entry.word == "жжжжж" and not second.graded and second.solved


def test_a_refused_word_counts_from_when_it_was_refused() -> None:
    engine = Wordle.from_words(["абвгд", "бавгд", "вгдаб", "гдабв", "двгба"])
    history = [Entry("вгдаб", feedback("вгдаб", "абвгд")), Entry("абвгд", SOLVED)]
    first, second = review_game(engine, history, [(), ["бавгд"], ["бавгд"]])
    assert first.before == 5 and second.before == len(engine.candidates(history[:1], ["бавгд"]))


def test_the_share_grid_shows_colours_and_tries_without_words() -> None:
    history = [Entry("тоска", feedback("тоска", "берег")), Entry("берег", feedback("берег", "берег"))]
    grid = share_grid(history)
    assert grid.splitlines() == ["5 букв 2/6", "⬛⬛⬛⬛⬛", "🟨🟨🟨🟨🟨"]
    assert "берег" not in grid and "тоска" not in grid


def test_a_game_that_follows_the_bot_off_its_tree_is_never_bettered() -> None:
    """After an opener of the player's own (off the stored tree), every suggestion the bot makes
    is graded best, or level with the best, by the same measure: the suggestion is weighed
    against the very rivals the review compares it with."""
    engine = Wordle.default()
    rng = random.Random(8)
    sayable = [word for word in engine.words if engine.can_say(word)]
    for secret in rng.sample(sayable, 6):
        own = rng.choice(sayable)
        history = [Entry(own, feedback(own, secret))]
        while history[-1].word != secret:
            guess = engine.suggest(history)
            history.append(Entry(guess, feedback(guess, secret)))
        for review in review_game(engine, history)[1:]:
            assert not review.bettered, (own, secret, review)


def test_a_guess_that_may_lose_ranks_after_one_that_cannot() -> None:
    """A guess after which some word needs a seventh try is bettered by one that finds every word
    within six, even with fewer expected tries; among guesses equally safe the fewer tries win."""
    entry = Entry("давка", feedback("давка", "фаска"))
    risky, safe = Choice("давка", 1.38, safe=False), Choice("слово", 2.0)
    compared = tuple(sorted([risky, safe], key=lambda choice: choice.rank))
    assert compared == (safe, risky)
    played_risky = GuessReview(5, entry, 5, 2, 1.38, safe, compared, -0.62, None, None)
    assert played_risky.bettered and played_risky.best == safe
    followed = GuessReview(5, Entry("слово", feedback("слово", "фаска")), 5, 5, 2.0, safe, compared, 0.0, None, None)
    assert not followed.bettered
