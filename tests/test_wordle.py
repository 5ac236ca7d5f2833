"""5bukv: the colours, the ways a mask is written, the errors, and the guess engine."""

from __future__ import annotations

import time
from collections import Counter
from functools import cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.wordle import (
    Colour,
    Entry,
    EntryError,
    EntryProblem,
    Wordle,
    colour_table,
    default_words,
    encode_words,
    feedback,
    mask_code,
    mask_from_code,
    parse_entry,
    parse_mask,
    play_all,
)

Y, W, G = Colour.YELLOW, Colour.WHITE, Colour.GREY


def mask(text: str) -> tuple[Colour, ...]:
    return tuple(Colour(symbol) for symbol in text)


def seed_mask(russian: str) -> tuple[Colour, ...]:
    """The seed's tables write Ж (yellow), Б (white), С (grey)."""
    return tuple({"Ж": Y, "Б": W, "С": G}[letter] for letter in russian)


@cache
def small_words() -> tuple[str, ...]:
    """Every 12th noun plus the seed's examples: a few hundred words, quick to solve."""
    words = default_words()
    return tuple(sorted({*words[::12], "катер", "солка", "скула", "племя", "хмель", "шмель", "пурга", "канон"}))


@cache
def small_engine() -> Wordle:
    return Wordle.from_words(list(small_words()))


# --------------------------------------------------------------------------- the seed's worked examples

SEED_GAMES = [
    ("скула", [("катер", "ББССС"), ("солка", "ЖСББЖ"), ("скула", "ЖЖЖЖЖ")]),
    (
        "шмель",
        [("катер", "СССБС"), ("селин", "СББСС"), ("племя", "СБЖБС"), ("хмель", "СЖЖЖЖ"), ("шмель", "ЖЖЖЖЖ")],
    ),
    ("пурга", [("катер", "СБССБ"), ("пурга", "ЖЖЖЖЖ")]),
    ("канон", [("катер", "ЖЖССС"), ("калан", "ЖЖССЖ"), ("камин", "ЖЖССЖ"), ("канон", "ЖЖЖЖЖ")]),
]


@pytest.mark.parametrize(("secret", "game"), SEED_GAMES, ids=[secret for secret, _ in SEED_GAMES])
def test_seed_games_show_the_colours_the_seed_shows(secret: str, game: list[tuple[str, str]]) -> None:
    for guess, colours in game:
        assert feedback(guess, secret) == seed_mask(colours)


@pytest.mark.parametrize(("secret", "game"), SEED_GAMES[:3], ids=[secret for secret, _ in SEED_GAMES[:3]])
def test_each_seed_guess_fits_what_came_before(secret: str, game: list[tuple[str, str]]) -> None:
    engine = small_engine()
    history: list[Entry] = []
    for guess, colours in game:
        if guess in engine.words:
            assert guess in engine.candidates(history)
        assert engine.check(history, Entry(guess, seed_mask(colours))) is None
        history.append(Entry(guess, seed_mask(colours)))
    assert engine.candidates(history) == [secret]


def test_the_second_a_of_kalan_is_grey_against_kanon() -> None:
    assert feedback("КАЛАН", "КАНОН") == mask("yyggy")


def test_repeated_letters_take_exact_copies_first_then_left_to_right() -> None:
    assert feedback("ааbbb", "bbbаа") == mask("wwyww")
    assert feedback("ааааб", "баааа") == mask("wyyyw")
    assert feedback("ааааа", "аbbbb") == mask("ygggg")
    assert feedback("bаааа", "ааbbb") == mask("wywgg")


# --------------------------------------------------------------------------- properties

five_letters = st.text(alphabet="абекорт", min_size=5, max_size=5)


@given(five_letters, five_letters)
def test_the_secret_survives_its_own_colours(guess: str, secret: str) -> None:
    assert feedback(guess, secret) == feedback(guess, secret)
    engine_words = sorted({guess, secret})
    engine = Wordle.from_words(engine_words)
    assert secret in engine.candidates([Entry(guess, feedback(guess, secret))])


@given(five_letters)
def test_a_word_against_itself_is_all_yellow(word: str) -> None:
    assert feedback(word, word) == (Y,) * 5


@given(five_letters, five_letters)
def test_coloured_copies_never_outnumber_the_secrets_copies(guess: str, secret: str) -> None:
    colours = feedback(guess, secret)
    shown = Counter(letter for letter, colour in zip(guess, colours, strict=True) if colour is not G)
    assert all(count <= secret.count(letter) for letter, count in shown.items())


@settings(max_examples=30)
@given(st.lists(five_letters, min_size=1, max_size=12), st.lists(five_letters, min_size=1, max_size=12))
def test_the_vectorised_table_equals_the_plain_function(guesses: list[str], secrets: list[str]) -> None:
    table = colour_table(encode_words(guesses), encode_words(secrets))
    expected = [[mask_code(feedback(guess, secret)) for secret in secrets] for guess in guesses]
    assert table.tolist() == expected


def test_mask_codes_round_trip() -> None:
    assert all(mask_code(mask_from_code(code)) == code for code in range(243))
    assert mask_code((Y,) * 5) == 242


# --------------------------------------------------------------------------- how players write masks


@pytest.mark.parametrize(
    "text",
    [
        "yywgg",
        "Y Y W G G",
        "жжбсс",
        "ЖЖБСС",
        "ж ж б с с",
        "🟨🟨⬜⬛⬛",
        "🟨\ufe0f🟨\ufe0f⬜\ufe0f⬛\ufe0f⬛\ufe0f",
        "🟨 🟨 ◻ ◼ ▪",
        "🟨🟨🔳🔲⬛",
        "🟩🟩🟨⬛⬜",
        "🟧🟧🟦⬛⬛",
        "yyw cc",
    ],
)
def test_every_way_of_writing_a_mask(text: str) -> None:
    assert parse_mask(text) == mask("yywgg")


def test_a_mask_alone_applies_to_the_suggested_word() -> None:
    assert parse_entry("yywgg", "Катёр") == Entry("катер", mask("yywgg"))


@pytest.mark.parametrize("text", ["солка ywwgg", "СОЛКА:ywwgg", "солка: ж б б с с", "cолкa ywwgg", "солка 🟨⬜⬜⬛⬛"])
def test_a_word_typed_before_the_mask(text: str) -> None:
    assert parse_entry(text, "катер") == Entry("солка", mask("ywwgg"))


def test_a_word_made_of_mask_letters_alone_is_a_mask() -> None:
    assert parse_entry("жбссж", "катер") == Entry("катер", mask("ywggy"))


def test_a_word_outside_the_list_is_accepted_when_five_letters() -> None:
    assert parse_entry("ёжики ggggg", "катер") == Entry("ежики", mask("ggggg"))


@pytest.mark.parametrize(
    ("text", "problem", "named"),
    [
        ("yyww", EntryProblem.WRONG_LENGTH, "4"),
        ("yywwgg", EntryProblem.WRONG_LENGTH, "6"),
        ("yyxgg", EntryProblem.UNKNOWN_SYMBOL, "'x'"),
        ("🟨🟨🟥⬛⬛", EntryProblem.UNKNOWN_SYMBOL, "🟥"),
        ("кот yywgg", EntryProblem.WORD_NOT_FIVE_LETTERS, "3"),
        ("катер1:yywgg", EntryProblem.WORD_NOT_FIVE_LETTERS, "катер1"),
        ("", EntryProblem.EMPTY, "empty"),
    ],
)
def test_each_error_names_its_problem(text: str, problem: EntryProblem, named: str) -> None:
    error = parse_entry(text, "катер")
    assert isinstance(error, EntryError)
    assert error.problem is problem
    assert named in error.detail


def test_an_error_keeps_structured_fields() -> None:
    unknown = parse_mask("yyqgg")
    wrong = parse_mask("yy")
    assert isinstance(unknown, EntryError) and unknown.symbol == "q"
    assert isinstance(wrong, EntryError) and wrong.length == 2


def test_a_history_that_leaves_nothing_is_refused_and_the_state_is_kept() -> None:
    engine = small_engine()
    history = [Entry("катер", mask("yyggg"))]
    before = engine.candidates(history)
    impossible = Entry("катер", mask("yyyyw"))
    error = engine.check(history, impossible)
    assert isinstance(error, EntryError) and error.problem is EntryProblem.NO_CANDIDATE_LEFT
    assert "катер:yyyyw" in error.detail
    assert engine.candidates(history) == before
    assert engine.check(history, Entry("канон", mask("yyyyy"))) is None


# --------------------------------------------------------------------------- the engine


def test_the_engine_solves_every_word_of_a_small_list_within_five() -> None:
    engine = small_engine()
    stats = play_all(engine)
    assert stats.words == len(small_words())
    assert stats.worst <= 5
    assert not stats.failed
    assert stats.average < 3.6


@settings(max_examples=25, deadline=None)
@given(st.data())
def test_refused_words_are_never_suggested_nor_counted_as_the_secret(data: st.DataObject) -> None:
    """Whatever the game refuses, and wherever in the game, the engine keeps suggesting allowed words
    until the secret is found (the game does not take a word, so it cannot be the secret)."""
    engine = small_engine()
    secret = data.draw(st.sampled_from(small_words()))
    history: list[Entry] = []
    refused: list[str] = []
    for _ in range(20):
        guess = engine.next_guess(history, refused)
        assert guess not in refused
        assert secret in engine.candidates(history, refused)
        assert not set(refused) & set(engine.candidates(history, refused))
        if guess != secret and len(refused) < 3 and data.draw(st.booleans(), label=f"the game refuses {guess}"):
            refused.append(guess)
            continue
        history.append(Entry(guess, feedback(guess, secret)))
        if guess == secret:
            return
    raise AssertionError(f"not solved: {history}, refused {refused}")


def plain_replay(engine: Wordle, secret: str) -> int:
    """The same strategy with plain colouring and plain filtering: ask, colour, keep the words that fit."""
    history: list[Entry] = []
    left = list(engine.words)
    while True:
        guess = engine.next_guess(history)
        colours = feedback(guess, secret)
        history.append(Entry(guess, colours))
        left = [word for word in left if feedback(guess, word) == colours]
        assert sorted(left) == engine.candidates(history)
        if colours == (Y,) * 5:
            return len(history)


def test_stats_agree_with_a_plain_replay() -> None:
    engine = small_engine()
    stats = play_all(engine)
    assert {secret: plain_replay(engine, secret) for secret in engine.words} == stats.tries
    assert sum(stats.histogram.values()) == stats.words


def test_guesses_are_words_of_the_list() -> None:
    engine = small_engine()
    history = [Entry("ежики", mask("ggggg"))]
    assert engine.next_guess(history) in engine.words
    assert engine.first_guess() in engine.words


def test_the_default_engine_table_tree_and_speed() -> None:
    """The one test on the whole shipped list: its colour table, its stored tree, and answers under 50 ms."""
    engine = Wordle.default()
    started = time.perf_counter()
    table = colour_table(engine.codes, engine.codes)
    assert time.perf_counter() - started < 5  # about a second on an idle machine
    rng = np.random.default_rng(3)
    for guess, secret in rng.integers(0, len(engine.words), size=(300, 2)):
        assert table[guess, secret] == mask_code(feedback(engine.words[guess], engine.words[secret]))
    assert engine.plan is not None, "data/wordle_tree.json is missing or stale: run scripts/build_wordle_tree.py"
    stats = play_all(engine)
    assert stats.worst <= 5 and not stats.failed
    first = engine.first_guess()
    slowest = 0.0
    for secret in rng.choice(engine.words, size=40, replace=False):
        for opening in (first, "ежики", "шмель"):  # on the tree, then off it from the second try
            history = [Entry(opening, feedback(opening, str(secret)))]
            started = time.perf_counter()
            guess = engine.next_guess(history)
            slowest = max(slowest, time.perf_counter() - started)
            assert guess in engine.words
    assert slowest < 0.05
