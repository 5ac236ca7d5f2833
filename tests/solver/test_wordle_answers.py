"""5bukv's lists: the candidates are the game's possible answers, the guesses clean common nouns;
a crude answer is never shown; six tries, no seventh."""

from __future__ import annotations

import json

import pytest

from bot.games.wordle import session as wordle
from bot.games.wordle.session import WordleSession
from bot.games.wordle.solver import WordleSolver
from bot.games.wordle.texts import progress_text
from solver import policy
from solver.cli import main
from solver.wordle import (
    CRUDE,
    MAX_TRIES,
    NOUN,
    OTHER,
    PRIOR,
    Colour,
    Entry,
    Wordle,
    default_kinds,
    default_words,
    feedback,
    more_words,
)
from solver.words import LANGUAGES, Reason, Tier

WORDS = ["норка", "калин", "тромп", "шарик", "кошка", "мышка", "банка", "ручка", "дурак", "вчера"]
ZIPF = dict.fromkeys(WORDS, 4.0)
KINDS = {"дурак": CRUDE, "вчера": OTHER}


@pytest.fixture(scope="module")
def engine() -> Wordle:
    guessable = [word for word in WORDS if word not in KINDS]
    return Wordle(WORDS, zipf=ZIPF, guessable=guessable, kinds=KINDS)


def test_a_crude_answer_is_a_candidate_the_engine_never_says(engine: Wordle) -> None:
    assert "дурак" in engine.words and not engine.can_say("дурак")
    assert engine.can_say("кошка") and engine.can_say("вчера") and engine.can_say("слово")


def test_the_prior_weighs_other_kinds_less(engine: Wordle) -> None:
    weight = dict(zip(engine.words, engine.weights.tolist(), strict=True))
    assert weight["кошка"] == PRIOR.weight(4.0, NOUN) == 1.0
    assert weight["дурак"] == PRIOR.crude_factor
    assert weight["вчера"] == PRIOR.other_factor


@pytest.mark.parametrize("secret", WORDS)
def test_every_answer_is_found_within_six_and_only_the_answer_itself_may_be_crude(engine: Wordle, secret: str) -> None:
    game = engine.play(secret)
    assert len(game) <= MAX_TRIES
    assert all(engine.can_say(entry.word) for entry in game[:-1])


def test_the_shipped_candidates_hold_every_kind_and_guess_only_common_nouns() -> None:
    kinds = default_kinds()
    assert {kinds["дурак"], kinds["никто"], kinds["вчера"], kinds["катер"]} == {CRUDE, OTHER, NOUN}
    engine = Wordle.default()
    assert all(engine.kinds[engine.words[i]] == NOUN for i in engine.guessable)


def test_the_shipped_engine_finds_crude_and_other_answers_and_never_says_the_crude_ones() -> None:
    engine = Wordle.default()
    for secret in ("дурак", "тварь", "никто", "вчера", "сорок", "нищий"):
        game = engine.play(secret)
        assert len(game) <= MAX_TRIES
        assert all(engine.can_say(entry.word) for entry in game[:-1])


@pytest.fixture(scope="module")
def solver(engine: Wordle) -> WordleSolver:
    return WordleSolver(engine)


def test_a_crude_word_left_is_only_counted_and_the_suggestion_masked(solver: WordleSolver) -> None:
    session = WordleSession(entries=[("шарик", mask("шарик", "дурак"))], suggestion="шарик")
    progress = wordle.progress(solver, session)
    assert progress.remaining == 1 and progress.masked and progress.hidden == 1
    text = progress_text("ru", progress)
    assert "дурак" not in text.lower() and "Д•••К" in text


def test_a_player_who_gives_up_is_not_shown_a_crude_word(solver: WordleSolver) -> None:
    session = WordleSession(entries=[("шарик", mask("шарик", "дурак"))])
    assert wordle.possible_answers(solver, session) == []


def mask(guess: str, secret: str) -> str:
    return "".join(colour.value for colour in feedback(guess, secret))


def test_after_six_tries_the_game_is_lost_and_a_seventh_entry_is_not_a_solve(solver: WordleSolver) -> None:
    session = WordleSession(suggestion="кошка")
    misses = ["норка", "калин", "тромп", "шарик", "кошка", "мышка"]
    for word in misses[:-1]:
        assert not wordle.enter(solver, session, Entry(word, feedback(word, "банка"))).lost
    progress = wordle.enter(solver, session, Entry(misses[-1], feedback(misses[-1], "банка")))
    assert progress.lost and session.lost and not session.running
    assert "банка" in progress.possible
    assert "Шесть попыток" in progress_text("ru", progress)
    seventh = wordle.enter(solver, session, Entry("банка", (Colour.YELLOW,) * 5))
    assert seventh.lost and not seventh.solved and not seventh.first_solve
    assert len(session.entries) == MAX_TRIES and not session.solved


def test_a_refused_word_is_not_a_try(solver: WordleSolver) -> None:
    session = WordleSession(suggestion="кошка")
    for word in ["норка", "калин", "тромп", "шарик", "кошка"]:
        wordle.enter(solver, session, Entry(word, feedback(word, "банка")))
    session.suggestion = "мышка"
    wordle.refuse(solver, session)
    assert session.tries == 5 and not session.lost
    assert wordle.enter(solver, session, Entry("банка", (Colour.YELLOW,) * 5)).solved


def test_the_sixth_try_may_still_solve(solver: WordleSolver) -> None:
    session = WordleSession(suggestion="кошка")
    for word in ["норка", "калин", "тромп", "шарик", "кошка"]:
        wordle.enter(solver, session, Entry(word, feedback(word, "банка")))
    progress = wordle.enter(solver, session, Entry("банка", (Colour.YELLOW,) * 5))
    assert progress.solved and progress.first_solve and not session.lost


def test_stats_on_a_secrets_file_gives_each_games_guesses(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    secrets = Path(str(tmp_path)) / "secrets.txt"
    secrets.write_text("катер\nкошка\nщщщщщ\n", encoding="utf-8")
    assert main(["wordle", "stats", "--secrets", str(secrets), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report["games"]) == {"катер", "кошка"}
    for secret, guesses in report["games"].items():
        assert guesses[-1] == secret and len(guesses) <= MAX_TRIES
    assert report["not_found_words"] == ["щщщщщ"]


def test_a_word_refused_for_everyone_is_never_guessed_again_but_stays_a_possible_answer() -> None:
    words = ["норка", "калин", "тромп", "шарик", "кошка", "мышка", "банка", "ручка"]
    engine = Wordle(words, zipf=dict.fromkeys(words, 4.0), guessable=words, kinds={})
    engine.build_plan()
    first = engine.first_guess()
    engine.refuse_for_everyone([first, "слово"])  # a word off the list changes nothing
    assert engine.first_guess() != first
    assert first in engine.candidates([])
    for secret in words:
        game = engine.play(secret)
        assert len(game) <= MAX_TRIES
        assert first not in [entry.word for entry in game[:-2]]  # only ever one of the last two left


def test_modern_plural_only_and_slang_words_are_candidates_but_not_everyday_words() -> None:
    """An old spelling dictionary lacking a word keeps it out of the letter game's everyday tier,
    never out of the full tier or 5bukv's candidates."""
    russian, kinds = LANGUAGES["ru"], default_kinds()
    for word in ("тренд", "стейк", "медиа", "лейбл", "телек", "лузер", "чипсы"):
        assert kinds[word] == NOUN and russian.tier_of(word) is Tier.FULL, word
        assert russian.reason_of(word) is Reason.UNCONFIRMED, word
    for word in ("шорты", "дрова", "брюки", "бабло", "армяк"):
        assert kinds[word] == NOUN, word


def test_the_broader_list_holds_only_real_words_and_marks_the_crude_ones() -> None:
    more, candidates = more_words(), set(default_words())
    assert not candidates & set(more) and more["трусы"][1] and more["вширь"][1]
    for word in ("аален", "аарау", "кхань", "рудар", "дудар", "судар", "логан", "уокер", "оскар", "ленин", "попов"):
        assert word not in more, word  # place names, surnames, names and scraps: in no list
    for word in ("нахер", "педик", "ебала"):
        assert more[word][1] is False, word  # crude: only counted
    said = [word for word, (_, sayable) in more.items() if sayable]
    assert all(policy.question(word, "ru") is None for word in said)
