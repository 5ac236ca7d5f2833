"""What a player types for /word (and the word command's look-up), read as one word of one language."""

from __future__ import annotations

import pytest

from solver.lookup import TypedWord, TypedWordProblem, dictionary_form, look_up, read_typed_word


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
