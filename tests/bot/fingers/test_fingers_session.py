"""The finger game's session, pure: no Telegram, no HTTP, no database."""

from __future__ import annotations

import json
import random

import pytest

from bot.fingers import session as fingers
from bot.fingers.session import FingerSession, Result
from solver.fingers import FingerGame
from solver.levels import Level


@pytest.fixture(scope="module")
def game() -> FingerGame:
    return FingerGame()


def test_the_bot_opens_when_the_player_goes_second(game: FingerGame) -> None:
    session = FingerSession()
    fingers.choose_level(session, Level.PERFECT)
    turn = fingers.begin(game, session, False, 100, random.Random(1))
    assert turn.bot_move is not None and session.moves == 1 and session.player_to_move


def test_a_move_number_out_of_range_changes_nothing(game: FingerGame) -> None:
    session = FingerSession(level=Level.EASY.value)
    fingers.begin(game, session, True, 100, random.Random(1))
    before = session.to_dict()
    assert fingers.play(game, session, 99, 100, random.Random(1)) is None
    assert session.to_dict() == before


def test_the_move_cap_ends_in_a_draw(game: FingerGame) -> None:
    session = FingerSession(level=Level.EASY.value)
    fingers.begin(game, session, True, 2, random.Random(1))
    turn = fingers.play(game, session, 0, 2, random.Random(1))
    assert turn is not None and turn.result is Result.DRAW_CAP and session.over  # no hand can die in two moves


def test_the_perfect_bot_beats_a_player_who_always_makes_the_first_move(game: FingerGame) -> None:
    session = FingerSession(level=Level.PERFECT.value)
    fingers.begin(game, session, True, 100, random.Random(1))
    while not session.over:
        fingers.play(game, session, 0, 100, random.Random(1))
    assert session.result in (Result.LOST.value, Result.DRAW_REPETITION.value)


def test_a_session_survives_its_json_round_trip(game: FingerGame) -> None:
    session = FingerSession(level=Level.STRONG.value)
    fingers.begin(game, session, False, 100, random.Random(2))
    assert FingerSession.from_dict(json.loads(json.dumps(session.to_dict()))) == session
