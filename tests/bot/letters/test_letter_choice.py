"""Which letter game typed letters are about when the chat plays none (bot/games/letters/choice.py):
by their script, so «ace» is English Ghost's and «кот» the Russian game's."""

from __future__ import annotations

import pytest

from bot.core.solvers import Solvers
from bot.games.letters.choice import game_by_script, game_for_letters, language_by_script
from bot.games.letters.tables import LetterGames
from solver.letters import InputError


@pytest.mark.parametrize(
    ("typed", "fallback", "language"),
    [
        ("кот", "en", "ru"),
        ("ace", "ru", "en"),
        ("асе", "en", "ru"),
        ("", "en", "en"),
        ("123", "ru", "ru"),
        ("", "ru", "ru"),
    ],
)
def test_the_script_of_the_letters_names_the_language(typed: str, fallback: str, language: str) -> None:
    assert language_by_script(typed, fallback) == language


def test_the_game_by_script_is_the_everyday_game_of_that_language(solvers: Solvers) -> None:
    assert game_by_script(solvers.of(LetterGames), "ace", "ru") is solvers.of(LetterGames).game("en")
    assert game_by_script(solvers.of(LetterGames), "кот", "en") is solvers.of(LetterGames).game("ru")
    assert game_by_script(solvers.of(LetterGames), "", "en") is solvers.of(LetterGames).game("en")
    assert game_by_script(solvers.of(LetterGames), "", "ru") is solvers.of(LetterGames).game("ru")


def test_letters_outside_the_games_alphabet_are_read_in_the_other_language(solvers: Solvers) -> None:
    russian, english = solvers.of(LetterGames).game("ru"), solvers.of(LetterGames).game("en")
    assert game_for_letters(solvers.of(LetterGames), russian, "ко") == (russian, "ко")
    assert game_for_letters(solvers.of(LetterGames), russian, "qu") == (english, "qu")
    assert game_for_letters(solvers.of(LetterGames), english, "ко") == (russian, "ко")
    game, board = game_for_letters(solvers.of(LetterGames), english, "1")
    assert game is english and isinstance(board, InputError)
