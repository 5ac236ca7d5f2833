"""The private letter game's session, pure: no Telegram, no HTTP, no database."""

from __future__ import annotations

import random

from bot.games.letters import session as letters
from bot.games.letters.session import LetterSession, Phase
from solver.letters import LetterGame, Rule
from solver.levels import Level
from solver.words import Tier

WORDS = ["кот", "кит", "коза", "рама"]


def playing(rule: Rule, *, strict: bool = False, player_first: bool = True) -> LetterSession:
    return LetterSession(rule=rule, player_first=player_first, level=Level.PERFECT, strict=strict)


def test_the_set_up_asks_each_question_in_turn_then_plays() -> None:
    session = LetterSession(tier=None)  # as a new game starts
    phases = [session.phase]
    answers = (("rule", Rule.COMPLETE_WINS.value), ("tier", "full"), ("player_first", True), ("level", "easy"))
    for name, value in answers:
        setattr(session, name, value)
        phases.append(session.phase)
    session.strict = False
    phases.append(session.phase)
    assert phases == [Phase.RULE, Phase.TIER, Phase.FIRST, Phase.LEVEL, Phase.STRICT, Phase.PLAYING]
    assert session.word_tier is Tier.FULL


def test_a_game_stored_before_the_tiers_plays_on_with_the_whole_list_it_started_on() -> None:
    stored = playing(Rule.COMPLETE_WINS).to_dict()
    del stored["tier"]
    session = LetterSession.from_dict(stored)
    assert session.phase is Phase.PLAYING and session.word_tier is Tier.FULL


def test_a_session_survives_its_json_round_trip() -> None:
    session = playing(Rule.COMPLETE_LOSES)
    session.board = "ко"
    assert LetterSession.from_dict(session.to_dict()) == session
    assert LetterSession.from_dict({"id": "abc", "unknown": 1}).id == "abc"  # old or newer rows still load


def test_gentle_mode_refuses_a_letter_no_word_starts_with() -> None:
    game = LetterGame(WORDS, Rule.COMPLETE_WINS, min_length=2)
    session = playing(Rule.COMPLETE_WINS)
    refusal = letters.play_letter(game, session, "ж", random.Random(1))
    assert isinstance(refusal, letters.Refusal)
    assert session.board == "" and not session.over
    assert {play.letter for play in refusal.possible} == {"к", "р"}


def test_strict_mode_loses_on_such_a_letter() -> None:
    game = LetterGame(WORDS, Rule.COMPLETE_WINS, min_length=2)
    session = playing(Rule.COMPLETE_WINS, strict=True)
    turn = letters.play_letter(game, session, "ж", random.Random(1))
    assert isinstance(turn, letters.Turn) and turn.ending is not None
    assert not turn.ending.player_won and session.over


def test_completing_a_word_wins_or_loses_by_the_rule() -> None:
    for rule, player_won in ((Rule.COMPLETE_WINS, True), (Rule.COMPLETE_LOSES, False)):
        game = LetterGame(WORDS, rule, min_length=2)
        session = playing(rule)
        session.board = "ко"
        turn = letters.play_letter(game, session, "т", random.Random(1))
        assert isinstance(turn, letters.Turn) and turn.ending is not None
        assert turn.ending.word == "кот" and turn.ending.player_won is player_won


def test_the_bot_answers_each_letter_while_the_game_goes_on() -> None:
    game = LetterGame(WORDS, Rule.COMPLETE_WINS, min_length=2)
    session = playing(Rule.COMPLETE_WINS)
    turn = letters.play_letter(game, session, "р", random.Random(1))
    assert isinstance(turn, letters.Turn) and turn.bot_letter == "а" and session.board == "ра"


def test_a_hint_first_lists_then_judges_the_letters() -> None:
    game = LetterGame(WORDS, Rule.COMPLETE_WINS, min_length=2)
    session = playing(Rule.COMPLETE_WINS)
    first, second = letters.hint(game, session), letters.hint(game, session)
    assert first.stage == 1 and {play.letter for play in first.plays} == {"к", "р"}
    assert second.stage == 2 and {play.letter for play in second.plays} == set(game.winning_letters(""))
    third = letters.hint(game, session)
    assert third.stage == 2 and third.plays == second.plays
    assert not first.repeated and not second.repeated and third.repeated


def test_giving_up_ends_the_game_and_shows_the_way() -> None:
    game = LetterGame(WORDS, Rule.COMPLETE_WINS, min_length=2)
    session = playing(Rule.COMPLETE_WINS)
    given = letters.give_up(game, session)
    assert session.over and given.strategy
    assert given.winning_letters == game.winning_letters("")


def test_a_refusal_never_suggests_a_letter_that_loses_at_once() -> None:
    game = LetterGame(["ка", "кот", "рама"], Rule.COMPLETE_LOSES, min_length=2)
    session = playing(Rule.COMPLETE_LOSES)
    session.board = "к"
    refusal = letters.play_letter(game, session, "ж", random.Random(1))
    assert isinstance(refusal, letters.Refusal)
    assert game.is_word("ка") and [play.letter for play in refusal.possible] == ["о"]
