"""Every text a player reads is in a script the player reads: Russian or English, never Japanese."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

import pytest

from bot.core import game as games
from bot.core import texts
from bot.core.texts import Lang
from bot.games.fingers import texts as fingers_texts
from bot.games.letters import texts as letters_texts
from bot.games.wordle import texts as wordle_texts
from bot.registry import GAMES

FOREIGN_SCRIPTS = ("CJK", "HIRAGANA", "KATAKANA")


def help_text(lang: Lang) -> str:
    """/help as the registry's games make it."""
    return games.help_text(lang, GAMES)


PLAYER_TEXTS: list[Callable[[Lang], str]] = [
    help_text,
    texts.nothing_running,
    fingers_texts.fingers_intro,
    fingers_texts.rules,
    letters_texts.rules,
    wordle_texts.rules,
]


def _foreign(text: str) -> list[str]:
    return [char for char in text if unicodedata.name(char, "").startswith(FOREIGN_SCRIPTS)]


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("words", PLAYER_TEXTS, ids=lambda words: f"{words.__module__}.{words.__name__}")
def test_no_text_needs_a_script_the_player_cannot_read(words: Callable[[Lang], str], lang: Lang) -> None:
    assert _foreign(words(lang)) == []


def test_the_check_would_see_japanese() -> None:
    assert _foreign("игра (割り箸)") == ["割", "り", "箸"]
