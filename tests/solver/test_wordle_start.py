"""The 5bukv engine the bot starts with: built from what the tree file stores (the guessable
words and the broad guesses) and colouring rows only as it reads them, it guesses exactly as the
engine built the long way (the guessable words from the Russian dictionary, the broad guesses and
the whole colour table computed up front), on the tree and off it."""

from __future__ import annotations

import random

import numpy as np
import pytest

from solver.wordle import (
    TREE_FILE,
    Entry,
    Wordle,
    default_guessable,
    default_kinds,
    default_words,
    default_zipf,
    feedback,
    load_plan,
    read_tree,
)
from solver.wordle.review import prepare_first_guess, review_game
from solver.wordle.search import _broad_guesses


def the_long_way() -> Wordle:
    """The engine as it was built before the start was made quick: everything worked out at once."""
    engine = Wordle(default_words(), zipf=default_zipf(), guessable=default_guessable(), kinds=default_kinds())
    engine.colours.full()
    assert engine.broad_guesses is not None  # computed from the whole table
    engine.plan = load_plan(TREE_FILE, engine.digest())
    return engine


@pytest.fixture(scope="module")
def engines() -> tuple[Wordle, Wordle]:
    return Wordle.shipped(), the_long_way()


def play(engine: Wordle, secret: str, opening: list[str], refused: tuple[str, ...] = ()) -> list[Entry]:
    """The player types ``opening`` first (their own words), then follows the engine's guesses."""
    history: list[Entry] = []
    for word in opening:
        history.append(Entry(word, feedback(word, secret)))
    while history[-1:] == [] or history[-1].word != secret:
        guess = engine.next_guess(history, refused)
        history.append(Entry(guess, feedback(guess, secret)))
        assert len(history) <= 12
    return history


def test_the_stored_words_are_the_ones_worked_out_now(engines: tuple[Wordle, Wordle]) -> None:
    quick, slow = engines
    stored = read_tree(TREE_FILE)
    assert stored is not None
    assert stored.guessable == default_guessable() == quick.guessable_words
    assert quick.plan is not None and quick.plan == slow.plan
    assert quick.broad_guesses.tolist() == slow.broad_guesses.tolist()
    assert _broad_guesses(slow.colours, slow.guessable, slow.secret_indices).tolist() == [
        slow.index[w] for w in stored.broad_guesses
    ]
    assert not quick.colours._coloured.all()  # nothing read yet but what the broad guesses came from: lazy


def test_the_quick_engine_guesses_as_the_long_way_on_and_off_the_tree(engines: tuple[Wordle, Wordle]) -> None:
    quick, slow = engines
    rng = random.Random(22)
    words, guessable = quick.words, quick.guessable_words
    secrets = rng.sample(words, 40)
    for secret in secrets[:20]:  # on the tree: the engine's own guesses from the start
        assert play(quick, secret, []) == play(slow, secret, [])
    for secret in secrets[20:]:  # off it: a word of the player's own first, one or two
        opening = rng.sample(guessable, rng.choice((1, 2)))
        assert play(quick, secret, opening) == play(slow, secret, opening)
    off_list = "шмолг"  # a word not in the list, coloured on the spot
    assert off_list not in quick.index
    for secret in secrets[:5]:
        assert play(quick, secret, [off_list]) == play(slow, secret, [off_list])
    refused = (quick.first_guess(),)  # the game would not take the opening: off the tree from the start
    for secret in secrets[5:10]:
        assert play(quick, secret, [], refused) == play(slow, secret, [], refused)
    assert quick.candidates([Entry("шмель", feedback("шмель", secrets[0]))]) == slow.candidates(
        [Entry("шмель", feedback("шмель", secrets[0]))]
    )


def test_a_word_refused_for_everyone_before_the_broad_guesses_are_read_leaves_them() -> None:
    """The broad guesses stored with the tree, or worked out on first use after a refusal, are those
    of the engine that worked them out at start and then dropped the refused ones."""
    quick, slow = Wordle.shipped(), the_long_way()
    unstored = Wordle(default_words(), zipf=default_zipf(), guessable=default_guessable(), kinds=default_kinds())
    banned = [quick.words[int(i)] for i in slow.broad_guesses[:3]]
    for engine in (quick, slow, unstored):
        engine.refuse_for_everyone(banned)
    assert quick.broad_guesses.tolist() == slow.broad_guesses.tolist() == unstored.broad_guesses.tolist()
    assert not np.isin(quick.broad_guesses, [quick.index[w] for w in banned]).any()
    secret = quick.words[100]
    assert play(quick, secret, ["шмель"]) == play(slow, secret, ["шмель"]) == play(unstored, secret, ["шмель"])


def test_the_stored_openings_are_the_ones_worked_out_now_and_grade_alike(engines: tuple[Wordle, Wordle]) -> None:
    """The first positions' rivals and costs stored with the tree (nothing refused, and the first
    guess refused) are what the engine works out, and a review from them gives the very figures one
    that works them out gives: a game that follows the engine, one with the first guess refused, and
    one begun with a word of the player's own."""
    quick, slow = engines
    stored = read_tree(TREE_FILE)
    assert stored is not None
    first = quick.first_guess()
    assert [opening.refused for opening in stored.openings] == [[], [first]]
    assert slow.worked_out_openings() == list(stored.openings)
    for opening in stored.openings:
        assert quick.rivals((), opening.refused) == opening.rivals == slow.rivals((), opening.refused)
    secret = quick.guessable_words[len(quick.guessable_words) // 5]
    for own, refused in (([], ()), ([], (first,)), ([quick.guessable_words[7]], ())):
        history = play(quick, secret, own, refused)
        before_each = [list(refused)] * (len(history) + 1)
        fast = [guess.as_json() for guess in review_game(quick, history, before_each)]
        assert fast == [guess.as_json() for guess in review_game(slow, history, before_each)]


def test_a_first_review_plays_nothing_out_from_the_start_where_the_tree_file_did(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A fresh engine grades a game that follows it from the stored openings, with its first guess
    taken or refused: the engine's play after the first guess and after its rivals, over every colour
    the first guess may show, is never worked out again; only the position the game reached is."""
    engine = Wordle.shipped()
    secret = engine.guessable_words[len(engine.guessable_words) // 4]
    reached: set[tuple[Entry, ...]] = set()
    cost_after = engine._cost_after

    def counted(history: list[Entry], *args: object) -> tuple[float, int]:
        if len(history) == 1:
            reached.add(tuple(history))
        return cost_after(history, *args)  # type: ignore[arg-type]  # the engine's own arguments, passed on

    monkeypatch.setattr(engine, "_cost_after", counted)
    for refused in ((), (engine.first_guess(),)):
        history = play(engine, secret, [], refused)
        reached.clear()
        reviews = review_game(engine, history, [list(refused)] * (len(history) + 1))
        assert [review.entry for review in reviews] == history
        assert reached == {tuple(history[:1])}


def test_a_first_guess_prepared_ahead_is_not_weighed_again_by_the_review(monkeypatch: pytest.MonkeyPatch) -> None:
    engine = Wordle.shipped()
    secret = engine.guessable_words[len(engine.guessable_words) // 6]
    history = play(engine, secret, [engine.guessable_words[3]])
    prepare_first_guess(engine, history[0])
    weighed: list[int] = []
    weigh = engine.weigh

    def counted(history: list[Entry], *args: object, **kwargs: object) -> list[tuple[float, int]]:
        weighed.append(len(history))
        return weigh(history, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(engine, "weigh", counted)
    first = review_game(engine, history)[0]
    assert 0 not in weighed  # every guess compared at the first position was remembered
    assert first.entry == history[0] and first.expected == weigh((), [history[0].word])[0][0]
