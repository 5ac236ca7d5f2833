"""Words the player reads, checked without HTTP: plural forms, neutral phrasing, no jargon."""

from __future__ import annotations

import pytest

from bot.core.i18n import ngettext
from bot.core.texts import Lang
from bot.games.fingers.session import FingerSession, FingerTurn
from bot.games.fingers.session import Result as FingerResult
from bot.games.fingers.texts import fingers_text
from bot.games.letters.group.session import Event, GroupSession, Outcome
from bot.games.letters.group.texts import group_turn_text
from bot.games.letters.session import GiveUp
from bot.games.letters.texts import button_strict, gave_up_text
from bot.games.wordle.session import Progress
from bot.games.wordle.texts import progress_text
from solver.levels import Level
from solver.wordle import Colour, Entry


@pytest.mark.parametrize(
    ("number", "russian", "english"),
    [
        (1, "1 попытку", "1 try"),
        (2, "2 попытки", "2 tries"),
        (5, "5 попыток", "5 tries"),
        (11, "11 попыток", "11 tries"),
        (21, "21 попытку", "21 tries"),
        (22, "22 попытки", "22 tries"),
        (100, "100 попыток", "100 tries"),
        (101, "101 попытку", "101 tries"),
    ],
)
def test_counts_take_cldr_plural_forms(number: int, russian: str, english: str) -> None:
    assert ngettext("ru", "{n} try", "{n} tries", number) == russian
    assert ngettext("en", "{n} try", "{n} tries", number) == english


def test_solved_in_one_try() -> None:
    entry = Entry("канон", (Colour.YELLOW,) * 5)
    solved = Progress([entry], None, 1, [], True, False)
    assert "Solved in 1 try!" in progress_text("en", solved)
    assert "Отгадано за 1 попытку!" in progress_text("ru", solved)


@pytest.mark.parametrize(("cap", "moves"), [(21, "21 ход"), (22, "22 хода"), (25, "25 ходов"), (100, "100 ходов")])
def test_the_move_cap_draw_agrees_with_any_cap(cap: int, moves: str) -> None:
    session = FingerSession(level=Level.EASY, player_first=True, result=FingerResult.DRAW_CAP.value)
    text = fingers_text("ru", session, FingerTurn(None, None, FingerResult.DRAW_CAP), cap)
    assert f"предел в {moves}." in text


def test_a_time_out_does_not_guess_the_players_gender() -> None:
    session = GroupSession(creator=1, players=[1, 2, 3], names={1: "Аня", 2: "Боря", 3: "Вера"}, started=True)
    session.out = [1]
    session.turn = 1
    text = group_turn_text("ru", session, [Event(1, Outcome.TIMEOUT, out=[1])], 60)
    assert "Аня: время на ход вышло — выбывает." in text and "успел" not in text


def test_giving_up_on_the_empty_board_names_no_empty_board() -> None:
    text = gave_up_text("ru", GiveUp("", True, [], "а → ад"))
    assert "«»" not in text and "до первой буквы" in text


def test_the_gentle_mode_has_no_chess_jargon() -> None:
    assert "переходить" not in button_strict("ru", False)


@pytest.mark.parametrize(("lang", "said"), [("ru", "Доска пуста"), ("en", "The board is empty")])
def test_a_group_turn_on_the_empty_board_says_it_is_empty(lang: Lang, said: str) -> None:
    session = GroupSession(creator=1, players=[1, 2], names={1: "Аня", 2: "Боря"}, started=True)
    text = group_turn_text(lang, session, [], 60)
    assert said in text and "«»" not in text and "“”" not in text
    session.board = "к"
    assert ("«К»" if lang == "ru" else "“К”") in group_turn_text(lang, session, [], 60)
