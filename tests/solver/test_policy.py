"""The exclusion policy is enforced in the built lists, and the words it names are gone."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from solver.policy import question, unresolved
from solver.wordle import Wordle
from solver.words import LANGUAGES, Tier

#: Words the issue saw the bot show or count as everyday words: sexual and toilet vocabulary, names,
#: and words no player accepts.
QUOTED = {
    "ru": [
        "понос",
        "моча",
        "какашка",
        "попа",
        "фаллос",
        "презерватив",
        "фюрер",
        "каф",
        "казимир",
        "мцыри",
        "лагер",
        "арден",
        "пойнт",
    ],
    "en": ["jeff", "sumatra", "amman"],
}


@pytest.mark.parametrize("word", ["понос", "моча", "какашка", "попа", "фаллос", "презерватив", "сперма", "эротика"])
def test_the_roots_question_russian_sexual_anatomical_and_toilet_words(word: str) -> None:
    assert question(word, "ru") is not None


@pytest.mark.parametrize(
    "word", ["мочалка", "совокупность", "секстант", "кондоминиум", "попугай", "калина", "поносить"]
)
def test_the_roots_leave_harmless_russian_words_alone(word: str) -> None:
    assert question(word, "ru") is None


@pytest.mark.parametrize(
    ("word", "questioned"), [("poop", True), ("urine", True), ("arsenal", False), ("farther", False)]
)
def test_the_english_roots_tell_the_word_from_its_lookalikes(word: str, questioned: bool) -> None:
    assert (question(word, "en") is not None) is questioned


@pytest.mark.parametrize("code", ["ru", "en"])
def test_no_tier_holds_a_word_the_policy_questions(code: str) -> None:
    for tier in Tier:
        assert unresolved(LANGUAGES[code].words(tier), code) == []


#: Quoted words that only the second dictionary lacks: frequent, so the letter game's everyday tier
#: leaves them out, but a spelling dictionary lacking a word is no evidence against it: the full tier keeps them.
NOT_EVERYDAY = {"ru": {"лагер", "пойнт"}, "en": set[str]()}


@pytest.mark.parametrize("code", ["ru", "en"])
def test_no_tier_holds_a_word_the_issue_quoted(code: str) -> None:
    full, common = set(LANGUAGES[code].words(Tier.FULL)), set(LANGUAGES[code].words(Tier.COMMON))
    assert full & set(QUOTED[code]) == NOT_EVERYDAY[code]
    assert not common & set(QUOTED[code])


def test_5bukv_neither_guesses_nor_shows_a_questioned_word() -> None:
    engine = Wordle.default()
    guesses = [engine.words[i] for i in engine.guessable]
    shown = [word for word in engine.words if engine.can_say(word)]
    assert unresolved(guesses, "ru") == []
    assert unresolved(shown, "ru") == []
    assert "фюрер" not in shown


def test_the_audit_prints_every_list_and_finds_nothing(solver_output: Callable[..., str]) -> None:
    """``python -m solver words --audit`` exits 0; its run is shared with tests/test_docs.py's check of
    what docs/words.md quotes of it."""
    out = solver_output("words", "--audit")
    for name in ("ru common", "ru full", "en common", "en full", "5bukv guesses", "5bukv answers shown"):
        assert f"{name}: " in out
    assert out.rstrip().endswith("questioned in all: 0")


@pytest.mark.parametrize("code", ["ru", "en"])
def test_the_common_tier_is_large_and_common(code: str) -> None:
    language = LANGUAGES[code]
    zipf = language.zipf(Tier.COMMON)
    playable = [word for word in zipf if len(word) >= language.min_length]
    assert len(playable) >= 5000
    assert sum(zipf[word] >= 2.0 for word in playable) >= 0.9 * len(playable)
