"""What a player types for /word (and the word command's look-up), read as one word of one language."""

from __future__ import annotations

import pytest

from solver.lookup import (
    TypedWord,
    TypedWordProblem,
    dictionary_form,
    look_up,
    offensive,
    read_typed_word,
    shipped_games,
)
from solver.words import Reason, Tier


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("кот!", TypedWord("кот", "ru")),
        ("«Кот»,", TypedWord("кот", "ru")),
        ("кoт", TypedWord("кот", "ru")),  # a Latin o in a Russian word
        ("сat", TypedWord("cat", "en")),  # a Cyrillic с in a Latin word
        ("hеllo", TypedWord("hello", "en")),
        ("агар-агар", TypedWord("агар-агар", "ru")),
        ("и\u0306од", TypedWord("йод", "ru")),
        ("123", TypedWordProblem.DIGITS),
        ("к0т", TypedWordProblem.DIGITS),
        ("кот.рыба", TypedWordProblem.NOT_LETTERS),
        ("!!!", TypedWordProblem.EMPTY),
        ("жlд", TypedWordProblem.MIXED_SCRIPTS),  # a Latin l looks like no Cyrillic letter
    ],
)
def test_a_typed_word_is_read_in_one_script(typed: str, read: TypedWord | TypedWordProblem) -> None:
    assert read_typed_word(typed) == read


def test_a_form_not_in_the_lists_names_its_dictionary_form() -> None:
    assert look_up("слоны").form_of == "слон"
    assert dictionary_form("котята", "ru") == "котёнок"
    assert look_up("коты").form_of == ""  # a noun of its own in the lists
    assert look_up("кринжи").form_of == ""  # nothing of the lists ends so
    assert dictionary_form("cats", "en") is None  # no guesses for English


def test_a_word_is_judged_by_each_game_that_has_it() -> None:
    """йогурт is an everyday word and the everyday game has no йог: only the whole dictionary's game
    ends there first. The games say so themselves (the tables that play), not the word lists."""
    games = shipped_games("ru")
    report = look_up("йогурт", "ru", games)
    assert report.tier is Tier.COMMON and report.reachable
    assert report.ends_first == {Tier.FULL: "йог"}
    assert look_up("поляна", "ru", games).ends_first == {Tier.COMMON: "пол", Tier.FULL: "пол"}
    assert look_up("йогурт", "ru").ends_first == {}  # no game asked, none answers


def test_swear_words_no_source_lists_are_offensive() -> None:
    for word in ("fuck", "motherfucker", "cunt", "bitch"):
        assert offensive(word, "en") and look_up(word, "en").why_not_common is Reason.OFFENSIVE
    for word in ("cat", "analysis", "cockpit", "scunthorpe"):
        assert not offensive(word, "en")
    assert offensive("хуй", "ru") and offensive("дурак", "ru") and not offensive("хурма", "ru")
