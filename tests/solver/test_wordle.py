"""5bukv: the colours, the ways a mask is written, the errors, and the guess engine."""

from __future__ import annotations

import math
import unicodedata
from collections import Counter
from dataclasses import replace
from functools import cache
from pathlib import Path
from random import Random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.wordle import (
    BUILD_LIMITS,
    PRIOR,
    Colour,
    Entry,
    EntryError,
    EntryProblem,
    SearchLimits,
    Wordle,
    clashing_entries,
    colour_table,
    default_words,
    encode_words,
    feedback,
    fits,
    load_plan,
    mask_code,
    mask_from_code,
    parse_entry,
    parse_mask,
    parse_word,
    past_the_last_try,
    play_all,
    prepare_words,
    prior_weight,
    save_plan,
    timed_build,
    what_is_known,
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


@pytest.mark.parametrize("text", ["ywwgg солка", "ywwgg:солка", "🟨⬜⬜⬛⬛ солка", "ywwgg cолкa"])
def test_a_mask_typed_before_the_word(text: str) -> None:
    assert parse_entry(text, "катер") == Entry("солка", mask("ywwgg"))


def test_a_word_that_reads_as_a_mask_too_stays_the_word_in_front() -> None:
    assert parse_entry("ссссс ggggg", "катер") == Entry("ссссс", mask("ggggg"))


def test_a_word_made_of_mask_letters_alone_is_a_mask() -> None:
    assert parse_entry("жбссж", "катер") == Entry("катер", mask("ywggy"))


def test_a_word_outside_the_list_is_accepted_when_five_letters() -> None:
    assert parse_entry("ёжики ggggg", "катер") == Entry("ежики", mask("ggggg"))


@pytest.mark.parametrize(
    ("text", "word"),
    [("чаи\u0306ка ywwgg", "чайка"), ("е\u0308жики:ywwgg", "ежики"), ("Е\u0308ЖИКИ ywwgg", "ежики")],
)
def test_a_letter_typed_with_a_combining_mark_is_one_letter(text: str, word: str) -> None:
    """«й» as «и» + U+0306 and «ё» as «е» + U+0308, as some keyboards send them."""
    assert unicodedata.normalize("NFC", text) != text  # really typed as two code points
    assert parse_entry(text, "катер") == Entry(word, mask("ywwgg"))
    assert parse_word(text.partition(" ")[0].partition(":")[0]) == word


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


def test_a_tree_that_falls_short_of_a_secret_is_caught() -> None:
    engine = Wordle.from_words(list(small_words()))  # its own: building sets the engine's plan
    plan = engine.build_plan(SearchLimits(widths=(4, 3, 2)))
    assert past_the_last_try(plan, engine.secrets) == {}
    first = str(plan["guess"])
    cut = {"guess": first}  # the tree stops after its opener: every other secret is never reached
    assert past_the_last_try(cut, engine.secrets) == {secret: None for secret in engine.secrets if secret != first}


def test_the_default_engine_table_and_tree() -> None:
    """The one test on the whole shipped list: its colour table, its stored tree (every word within six,
    guesses common or still possible), and answers off the tree. Speed is measured in benchmarks/."""
    engine = Wordle.default()
    table = colour_table(engine.codes, engine.codes)
    rng = np.random.default_rng(3)
    for guess, secret in rng.integers(0, len(engine.words), size=(300, 2)):
        assert table[guess, secret] == mask_code(feedback(engine.words[guess], engine.words[secret]))
    assert engine.plan is not None, "data/wordle_tree.json is missing or stale: run scripts/build_wordle_tree.py"
    assert past_the_last_try(engine.plan, engine.secrets) == {}, "the stored tree leaves a candidate past six tries"
    stats = play_all(engine)
    assert stats.worst <= 6 and not stats.failed
    guessable = {engine.words[i] for i in engine.guessable}
    for secret in rng.choice(engine.words, size=200, replace=False):
        history = engine.play(str(secret))
        for number, entry in enumerate(history):
            last_two = len(engine.candidates(history[:number])) <= 2  # a candidate of another kind is named there
            assert entry.word in guessable or last_two or likely_answer(engine, entry.word, history[:number])
    for secret in rng.choice(engine.words, size=20, replace=False):
        for opening in ("ежики", "шмель"):  # off the tree from the second try
            history = [Entry(opening, feedback(opening, str(secret)))]
            assert engine.next_guess(history) in engine.candidates(history) or engine.next_guess(history) in guessable


# --------------------------------------------------------------------------- the prior and the weighted search


def test_the_prior_rises_with_frequency_by_band_and_never_reaches_zero() -> None:
    weights = [prior_weight(zipf) for zipf in (0.0, 1.0, 2.0, 2.49, 2.5, 2.99, 3.0, 4.0, 6.0)]
    assert weights == sorted(weights)
    assert weights[0] == PRIOR.faint > 0
    assert prior_weight(PRIOR.uncommon) == prior_weight(PRIOR.common - 0.01) == PRIOR.rare
    assert prior_weight(PRIOR.common) == prior_weight(PRIOR.known - 0.01) == PRIOR.middle
    assert prior_weight(PRIOR.known) == prior_weight(7.0) == 1.0


def weighted_cost(engine: Wordle) -> float:
    """The plan's cost replayed: weight × tries summed over every secret."""
    stats = play_all(engine)
    return sum(float(engine.weights[engine.index[secret]]) * tries for secret, tries in stats.tries.items())


def exhaustive_cost(engine: Wordle, candidates: tuple[int, ...], tries_left: int) -> float:
    """The least weighted cost by trying every guess at every node: the plain definition, no bounds."""
    weights = engine.weights
    if len(candidates) == 1:
        return float(weights[candidates[0]])
    if tries_left == 1:
        return math.inf
    best = math.inf
    for guess in range(len(engine.words)):
        groups: dict[int, list[int]] = {}
        for secret in candidates:
            groups.setdefault(int(engine.table[guess, secret]), []).append(secret)
        if len(groups) == 1 and guess not in candidates:
            continue
        cost = sum(float(weights[s]) for s in candidates)
        for code, group in groups.items():
            if code != mask_code((Y,) * 5):
                cost += exhaustive_cost(engine, tuple(group), tries_left - 1)
        best = min(best, cost)
    return best


@settings(max_examples=15, deadline=None)
@given(st.lists(st.sampled_from(small_words()), min_size=3, max_size=9, unique=True), st.randoms())
def test_the_complete_search_finds_the_exhaustive_optimum(words: list[str], random: Random) -> None:
    zipf = {word: random.choice([0.0, 1.5, 2.5, 3.0, 4.5]) for word in words}
    engine = Wordle.from_words(words, zipf=zipf)
    everyone = np.arange(len(engine.words), dtype=np.int64)
    cost, _ = engine.search(SearchLimits(widths=(1000,), complete_up_to=1000)).best(everyone, 6)
    assert cost == pytest.approx(exhaustive_cost(engine, tuple(everyone), 6))
    engine.build_plan(SearchLimits(widths=(1000,), complete_up_to=1000))
    assert weighted_cost(engine) == pytest.approx(cost)


def test_likely_secrets_are_guessed_first() -> None:
    """The issue's example: with кианг, книга and кница left, the well-known книга is the guess."""
    zipf = {"книга": 5.0, "кница": 0.0, "кианг": 0.0}
    engine = Wordle.from_words(list(zipf), zipf=zipf)
    assert engine.first_guess() == "книга"
    assert Wordle.from_words(list(zipf), zipf={**zipf, "кианг": 6.0}).first_guess() == "кианг"


def test_ties_go_to_the_more_common_word_and_to_a_candidate() -> None:
    """Two secrets of equal weight: either may go first at the same cost; the more common word is chosen."""
    words = ["кошка", "мошка"]
    assert Wordle.from_words(words, zipf={"кошка": 4.0, "мошка": 4.0}).first_guess() == "кошка"
    engine = Wordle(["кошка", "мошка", "плеер"], zipf={"кошка": 3.0, "мошка": 3.0, "плеер": 5.0})
    candidates = np.array([0, 1], dtype=np.int64)
    _, guess = engine.search(SearchLimits(widths=(10,), complete_up_to=10)).best(candidates, 6)
    assert engine.words[guess] == "кошка"  # not плеер, which is more common but not a candidate


def likely_answer(engine: Wordle, word: str, history: list[Entry]) -> bool:
    """Whether ``word`` is a candidate with at least the policy's chance of being the answer."""
    candidates = engine.candidates(history)
    weights = {candidate: float(engine.weights[engine.index[candidate]]) for candidate in candidates}
    return word in weights and weights[word] >= BUILD_LIMITS.rare_chance * sum(weights.values())


def test_guesses_are_common_words_or_likely_answers() -> None:
    """A rare word is guessed only when it has a fair chance of being the answer, never just to split."""
    words = list(small_words())
    zipf = {word: 3.0 if i % 3 == 0 else 0.5 for i, word in enumerate(words)}
    common = [word for word in words if zipf[word] >= 3.0]
    engine = Wordle(prepare_words(words), zipf=zipf, guessable=common)
    engine.build_plan(SearchLimits(widths=(3, 2), complete_up_to=4))
    rare_guesses = 0
    for secret in engine.words:
        history = engine.play(secret)
        for number, entry in enumerate(history):
            assert entry.word in common or likely_answer(engine, entry.word, history[:number])
            rare_guesses += entry.word not in common
        assert len(history) <= 6
    assert rare_guesses > 0  # the rule lets likely rare answers be guessed, not none at all


# --------------------------------------------------------------------------- when no word fits


def test_what_is_known_reads_places_elsewhere_and_absent_letters() -> None:
    history = [Entry("катер", feedback("катер", "кринж")), Entry("ковка", feedback("ковка", "кринж"))]
    known = what_is_known(history)
    assert known.in_place == {0: "к"}
    assert known.elsewhere == ["р"]
    assert known.absent == ["а", "в", "е", "о", "т"]
    assert fits("кринж", history) and not fits("катер", history)


def test_a_grey_repeat_is_not_an_absent_letter() -> None:
    """Калан against канон: the second а is grey, but а is in the word."""
    known = what_is_known([Entry("калан", feedback("калан", "канон"))])
    assert known.in_place == {0: "к", 1: "а", 4: "н"}
    assert "а" not in known.absent and known.absent == ["л"]


def test_a_stored_tree_is_read_only_by_the_engine_and_search_settings_that_built_it(tmp_path: Path) -> None:
    words = list(small_words())[:60]
    engine = Wordle.from_words(words)
    plan, _ = timed_build(engine)
    tree = tmp_path / "tree.json"
    save_plan(tree, engine, plan)
    assert load_plan(tree, engine.digest()) == plan
    assert load_plan(tree, engine.digest(replace(BUILD_LIMITS, widths=(2, 1)))) is None
    assert load_plan(tree, engine.digest(replace(BUILD_LIMITS, sixth_try=0.0))) is None
    other_prior = Wordle.from_words(words, zipf={word: 4.0 for word in words[:10]})
    assert load_plan(tree, other_prior.digest()) is None


@given(st.lists(st.text(alphabet="абвгк", min_size=5, max_size=5), min_size=3, max_size=3))
def test_colours_one_word_gave_never_contradict(words: list[str]) -> None:
    """The check is sound: entries a real answer produced are never called contradictory."""
    secret, *guesses = words
    history = [Entry(guess, feedback(guess, secret)) for guess in guesses]
    assert clashing_entries(history) is None


# --------------------------------------------------------------------------- the engine's own measure


def tries_from(engine: Wordle, history: list[Entry], secret: str) -> int:
    """How many more guesses the engine makes from ``history`` until it names ``secret``."""
    played = list(history)
    while not played or played[-1].word != secret:
        guess = engine.next_guess(played)
        played.append(Entry(guess, feedback(guess, secret)))
    return len(played) - len(history)


def test_expected_tries_is_the_prior_weighted_mean_of_the_engines_own_games() -> None:
    """At the start, the engine's first guess is worth exactly the tree's prior-weighted average; off
    the tree, any guess is worth the weighted mean of the games the engine then plays."""
    engine = Wordle.default()
    stats = play_all(engine)
    assert engine.expected_tries([], [engine.first_guess()]) == pytest.approx([stats.weighted_average], abs=1e-9)
    history = [Entry(word, feedback(word, "кочан")) for word in ("шмель", "кадка")]  # off the tree
    candidates = engine.candidates(history)
    assert len(candidates) == 16
    for guess in ("кочан", "тесак", "кринж"):  # a candidate, another word of the list, a word off it
        by_secret = {
            secret: 1 + tries_from(engine, [*history, Entry(guess, feedback(guess, secret))], secret)
            if secret != guess
            else 1
            for secret in candidates
        }
        weights = {secret: float(engine.weights[engine.index[secret]]) for secret in candidates}
        mean = sum(weights[s] * by_secret[s] for s in candidates) / sum(weights.values())
        assert engine.expected_tries(history, [guess]) == pytest.approx([mean], abs=1e-9)


def test_expected_tries_with_one_word_left() -> None:
    engine = small_engine()
    secret = engine.words[0]
    history: list[Entry] = []
    for word in engine.words:
        if word != secret:
            history = [Entry(word, feedback(word, secret))]
            if engine.candidates(history) == [secret]:
                break
    assert engine.candidates(history) == [secret]
    other = next(word for word in engine.words if word != secret)
    assert engine.expected_tries(history, [secret, other]) == [1.0, 2.0]
    with pytest.raises(ValueError):
        engine.expected_tries([Entry(secret, feedback(secret, secret)), Entry(other, feedback(other, other))], [other])


def test_remembered_costs_are_those_worked_out_afresh() -> None:
    """``expected_tries`` remembers the positions it played out (a game's next reply asks for them
    again): what it remembers is what a fresh engine works out, with words refused in the game or
    not, and a word refused for everyone (the engine then plays otherwise) makes it forget."""
    history = [Entry("катер", feedback("катер", "шмель"))]
    warm, fresh = Wordle.from_words(list(small_words())), Wordle.from_words(list(small_words()))
    guesses = warm.candidates(history)[:4]
    refused = [warm.next_guess(history)]
    first = warm.expected_tries(history, guesses, refused)
    assert warm.expected_tries(history, guesses, refused) == first == fresh.expected_tries(history, guesses, refused)
    before = warm.expected_tries(history, guesses)
    assert before == fresh.expected_tries(history, guesses)
    later = [*history, Entry("вещун", feedback("вещун", "шмель"))]  # a position those games pass
    probe, everyone = Wordle.from_words(list(small_words())), list[str]()
    while probe.expected_tries(history, guesses) == before and len(everyone) < 5:
        everyone.append(probe.next_guess(later))  # refused until the engine plays otherwise (a guess may tie)
        probe.refuse_for_everyone(everyone[-1:])
    warm.refuse_for_everyone(everyone)
    fresh = Wordle.from_words(list(small_words()))
    fresh.refuse_for_everyone(everyone)
    assert fresh.expected_tries(history, guesses) != before  # the engine plays otherwise there
    assert warm.expected_tries(history, guesses) == fresh.expected_tries(history, guesses)
