"""5bukv's session, pure: no Telegram, no HTTP, no database."""

from __future__ import annotations

import json

import pytest

from bot.games.wordle import session as wordle
from bot.games.wordle.session import WordleSession
from bot.games.wordle.solver import WordleSolver
from bot.games.wordle.texts import progress_text
from bot.games.wordle_common import session as common
from solver.wordle import Colour, Entry, Wordle, feedback

WORDS = ["норка", "калин", "тромп", "шарик", "кошка", "мышка", "банка", "ручка"]


@pytest.fixture(scope="module")
def solver() -> WordleSolver:
    return WordleSolver(Wordle(WORDS))


def test_entries_narrow_the_candidates_to_the_secret(solver: WordleSolver) -> None:
    session = wordle.start(solver.first_guess)
    secret = "мышка"
    for _ in range(6):
        progress = wordle.enter(solver, session, Entry(session.suggestion, feedback(session.suggestion, secret)))
        if progress.solved:
            break
    assert progress.solved and session.entries[-1][0] == secret


def test_undo_takes_back_the_last_entry_and_the_solve(solver: WordleSolver) -> None:
    session = wordle.start(solver.first_guess)
    wordle.enter(solver, session, Entry(session.suggestion, (Colour.YELLOW,) * 5))
    assert session.solved
    progress = wordle.undo(solver, session)
    assert progress is not None and not session.solved and session.entries == []
    assert wordle.undo(solver, session) is None


def test_a_refused_word_is_never_suggested_nor_the_secret(solver: WordleSolver) -> None:
    session = wordle.start(solver.first_guess)
    first = session.suggestion
    progress = wordle.refuse(solver, session)
    assert progress.suggestion != first and first in progress.refused
    assert first not in solver.candidates(session.history, session.refused)


def test_taps_cycle_the_colours_of_one_letter(solver: WordleSolver) -> None:
    session = wordle.start(solver.first_guess)
    seen = []
    for _ in range(3):
        common.tap(session, 2)
        seen.append(common.tapped_entry(session).mask[2])
    assert seen == [Colour.WHITE, Colour.YELLOW, Colour.GREY]


def test_a_session_survives_its_json_round_trip(solver: WordleSolver) -> None:
    session = wordle.start(solver.first_guess)
    wordle.enter(solver, session, Entry(session.suggestion, feedback(session.suggestion, "банка")))
    assert WordleSession.from_dict(json.loads(json.dumps(session.to_dict()))) == session


def test_an_answer_is_taken_only_when_nothing_fits_and_it_fits_the_colours() -> None:
    solver = WordleSolver(Wordle(WORDS))
    session = wordle.start(solver.first_guess)
    assert wordle.told_answer(solver, session, "кринж") is None  # words still fit: read as a mask
    progress = wordle.enter(solver, session, Entry("норка", feedback("норка", "кринж")))
    progress = wordle.enter(solver, session, Entry("шарик", feedback("шарик", "кринж")))
    assert progress.no_candidate and progress.known is not None
    assert progress.known.absent == sorted(set("норкашаи") - set("кринж"))
    assert wordle.told_answer(solver, session, "hello") is wordle.AnswerProblem.NOT_A_WORD
    assert wordle.told_answer(solver, session, "кошка") is wordle.AnswerProblem.DOES_NOT_FIT
    assert wordle.told_answer(solver, session, "КРИНЖ") == "кринж" == session.answer
    solver.add_answers(["кринж", "мышка"])
    assert solver.answers == {"кринж"}  # a word of the list is a candidate already
    assert wordle.progress(solver, session).suggestion == "кринж"
    assert WordleSession.from_dict(json.loads(json.dumps(session.to_dict()))).answer == "кринж"


ZIPF = {"кошка": 4.5, "ручка": 4.3, "банка": 4.2, "мышка": 4.0, "шарик": 3.8, "норка": 2.7, "калин": 1.0, "тромп": 0.5}


@pytest.fixture(scope="module")
def tiered() -> WordleSolver:
    """The same words with frequencies: калин and тромп are rare, outside the common tier (Zipf ≥ 2.5)."""
    return WordleSolver(Wordle(WORDS, zipf=ZIPF, guessable=[word for word in WORDS if ZIPF[word] >= 2.5]))


def test_few_words_left_are_listed_likeliest_first_and_rare_ones_only_counted(tiered: WordleSolver) -> None:
    progress = wordle.progress(tiered, wordle.start(tiered.first_guess))
    assert progress.remaining == len(WORDS)
    assert progress.listed == ["кошка", "ручка", "банка", "мышка", "шарик", "норка"]
    assert progress.rare == 2
    assert "КОШКА, РУЧКА, БАНКА, МЫШКА, ШАРИК, НОРКА; и ещё 2 слова" in progress_text("ru", progress)
    assert "НОРКА; and 2 more words" in progress_text("en", progress)
    assert "груб" not in progress_text("ru", progress) and "crude" not in progress_text("en", progress)
    assert "калин" not in progress_text("ru", progress) and "тромп" not in progress_text("ru", progress)


def test_rare_words_are_listed_when_they_are_all_that_is_left(tiered: WordleSolver) -> None:
    assert wordle.listed_words(tiered, ["тромп", "калин"]) == (["калин", "тромп"], 0)
    assert wordle.listed_words(tiered, ["тромп", "норка"]) == (["норка"], 1)


def test_a_player_who_gives_up_sees_the_likeliest_words_first(tiered: WordleSolver) -> None:
    session = WordleSession(entries=[("щюэжф", "ggggg")])
    assert wordle.possible_answers(tiered, session) == sorted(WORDS, key=lambda word: -ZIPF[word])


def entry(word: str, mask: str) -> Entry:
    return Entry(word, tuple(Colour(colour) for colour in mask))


@pytest.mark.parametrize(
    ("first", "second"),
    [
        (("катер", "ywggg"), ("катер", "ggggg")),  # the same word, other colours
        (("катер", "ygggg"), ("кошка", "ggggg")),  # к in place, then absent
        (("катер", "ygggg"), ("комар", "wgggg")),  # к in place, then elsewhere at that very place
        (("катер", "ygggg"), ("норка", "gggwy")),  # к in place, then а in that place
        (("катер", "ggggg"), ("норка", "gggwg")),  # к absent, then present
        (("катер", "wwwww"), ("норка", "wgggg")),  # six letters present in a five-letter word
    ],
)
def test_entries_that_contradict_each_other_are_named(
    solver: WordleSolver, first: tuple[str, str], second: tuple[str, str]
) -> None:
    session = WordleSession(entries=[("щюэжч", "ggggg"), first, second])
    progress = wordle.progress(solver, session)
    assert progress.no_candidate and progress.clashes == [(entry(*first), entry(*second))]
    text = progress_text("ru", progress)
    assert "противоречат друг другу" in text and "/undo" in text and "Известно" not in text
    assert f"{first[0].upper()} и " in text and text.count(second[0].upper()) >= 2
    assert "contradict each other" in progress_text("en", progress)


def test_entries_no_listed_word_fits_but_some_word_could_are_no_contradiction(solver: WordleSolver) -> None:
    secret = "норки"  # not in the list
    session = WordleSession(
        entries=[(guess, common.mask_letters(feedback(guess, secret))) for guess in ("норка", "тромп")]
    )
    progress = wordle.progress(solver, session)
    assert progress.no_candidate and not progress.clashes and progress.known is not None
