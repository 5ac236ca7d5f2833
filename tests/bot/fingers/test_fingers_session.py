"""The finger game's session, pure: no Telegram, no HTTP, no database."""

from __future__ import annotations

import json
import random

import pytest

from bot.games.fingers import session as fingers
from bot.games.fingers.session import LEFT, RIGHT, FingerSession, Result
from bot.games.fingers.texts import finger_move, fingers_board, review_text
from solver.engine import Value
from solver.fingers import Ending, FingerGame, Kind
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
    session = FingerSession(level=Level.EASY)
    fingers.begin(game, session, True, 100, random.Random(1))
    before = session.to_dict()
    assert fingers.play(game, session, 99, 100, random.Random(1)) is None
    assert session.to_dict() == before


def test_the_move_cap_ends_in_a_draw(game: FingerGame) -> None:
    session = FingerSession(level=Level.EASY)
    fingers.begin(game, session, True, 2, random.Random(1))
    turn = fingers.play(game, session, 0, 2, random.Random(1))
    assert turn is not None and turn.result is Result.DRAW_CAP and session.over  # no hand can die in two moves


def test_the_perfect_bot_beats_a_player_who_always_makes_the_first_move(game: FingerGame) -> None:
    session = FingerSession(level=Level.PERFECT)
    fingers.begin(game, session, True, 100, random.Random(1))
    while not session.over:
        fingers.play(game, session, 0, 100, random.Random(1))
    assert session.result in (Result.LOST.value, Result.DRAW_REPETITION.value)


def test_a_session_survives_its_json_round_trip(game: FingerGame) -> None:
    session = FingerSession(level=Level.STRONG)
    fingers.begin(game, session, False, 100, random.Random(2))
    assert FingerSession.from_dict(json.loads(json.dumps(session.to_dict()))) == session


def test_hands_keep_their_places_in_what_the_player_sees(game: FingerGame) -> None:
    """The solver sorts hands; the player's left hand stays the left one, in labels and on the board."""
    session = FingerSession(level=Level.EASY, player_first=True, player=[1, 2], bot=[3, 1])
    labels = {finger_move("ru", seen): seen for seen in fingers.player_moves(game, session)}
    assert "левая 1 бьёт правую 1" in labels and "правая 2 бьёт левую 3" in labels
    kill = labels["правая 2 бьёт левую 3"]
    assert (kill.tapper, kill.tapped, kill.before, kill.after) == (RIGHT, LEFT, (3, 1), (0, 1))
    turn = fingers.play(game, session, list(labels.values()).index(kill), 100, random.Random(3))
    assert turn is not None and turn.player_move == kill
    assert session.bot == [0, 1]  # the dead hand stays on the left: one finger has no split
    assert "✋3  ✋1" in fingers_board("ru", FingerSession(bot=[3, 1]))  # shown as placed, not sorted


def test_a_split_keeps_the_bigger_hand_on_its_side(game: FingerGame) -> None:
    session = FingerSession(level=Level.EASY, player_first=True, player=[3, 1], bot=[1, 1])
    splits = [seen for seen in fingers.player_moves(game, session) if seen.move.kind is Kind.SPLIT]
    assert {(seen.before, seen.after) for seen in splits} == {((3, 1), (2, 2)), ((3, 1), (4, 0))}
    assert "перераспределить 3+1 → 4+0" in [finger_move("ru", seen) for seen in splits]


def test_a_win_pushed_past_the_move_cap_is_named_in_the_review(game: FingerGame) -> None:
    """Going second under a cap of 30 moves: best play wins at move 26, but the first move that
    keeps the bare table's win only beyond the cap lets it slip (the game then ends drawn, by
    whichever draw rule comes first), and the review names the cap at that move."""
    cap = 30
    session = FingerSession(level=Level.PERFECT)
    fingers.begin(game, session, False, cap, random.Random(1))
    slipped = 0
    while not session.over:
        state, move = session.state, game.best_move(session.course(cap))
        if not slipped:
            beyond = [
                m
                for m in game.moves(state)
                if game.value(game.play(state, m)) is Value.LOSS
                and session.moves + 1 + game.distance(game.play(state, m)) > cap
            ]
            if beyond:
                move, slipped = beyond[0], session.moves + 1
        fingers.play(game, session, game.moves(state).index(move), cap, random.Random(1))
    assert slipped and session.result in (Result.DRAW_CAP.value, Result.DRAW_REPETITION.value)
    review = fingers.review(game, session, cap)
    assert review is not None and review.slips == {slipped: Ending.CAP}
    ru, en = review_text("ru", review).splitlines(), review_text("en", review).splitlines()
    assert ru[0].startswith("🔍 Разбор: ничья ") and ru[0].endswith(", хотя выигрыш с начала был ваш.")
    assert ru[1].startswith(f"❌ Ход {slipped} (у вас ") and ", вы: " in ru[1]
    assert "— выигрыш уже не успевал до предела ходов; выигрывало «" in ru[1]
    assert en[0].startswith("🔍 Review: a draw ") and en[0].endswith(", though the win was yours from the start.")
    assert en[1].startswith(f"❌ Move {slipped} (you ")
    assert "— the win could no longer come before the move limit; “" in en[1]


def test_the_review_of_a_resigned_game_says_so(game: FingerGame) -> None:
    session = FingerSession(level=Level.PERFECT)
    fingers.begin(game, session, False, 100, random.Random(1))
    fingers.play(game, session, 0, 100, random.Random(1))
    session.resign()
    review = fingers.review(game, session, 100)
    assert review is not None and review.resigned
    assert review_text("ru", review).startswith("🔍 Разбор: вы сдались, хотя выигрыш с начала был ваш.\n")
    assert review_text("en", review).startswith("🔍 Review: you resigned, though the win was yours from the start.\n")
