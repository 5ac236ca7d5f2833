"""The group letter game's session, pure: no Telegram, no HTTP, no database."""

from __future__ import annotations

from bot.group import session as group
from bot.group.session import GroupPhase, GroupSession, Outcome
from solver.letters import LetterGame, Rule

WORDS = ["кот", "кит", "коза", "рама"]


def three_players(rule: Rule) -> GroupSession:
    session = GroupSession(creator=1, rule=rule.value)
    for player in (1, 2, 3):
        assert group.join(session, player, f"P{player}")
    assert group.start(session)
    return session


def test_two_players_are_needed_and_no_one_joins_twice() -> None:
    session = GroupSession(creator=1)
    assert group.join(session, 1, "A") and not group.join(session, 1, "A")
    assert not group.start(session)
    assert group.join(session, 2, "B") and group.start(session)
    assert session.phase is GroupPhase.PLAYING and not group.join(session, 3, "C")


def test_completing_a_word_puts_the_completer_out_under_complete_loses() -> None:
    game = LetterGame(WORDS, Rule.COMPLETE_LOSES, min_length=2)
    session = three_players(Rule.COMPLETE_LOSES)
    events = [group.play_letter(game, session, letter) for letter in "кот"]
    assert events[-1].outcome is Outcome.WORD and events[-1].out == [3]
    assert session.board == "" and session.current == 1 and not session.over


def test_completing_a_word_wins_at_once_under_complete_wins() -> None:
    game = LetterGame(WORDS, Rule.COMPLETE_WINS, min_length=2)
    session = three_players(Rule.COMPLETE_WINS)
    events = [group.play_letter(game, session, letter) for letter in "кот"]
    assert events[-1].winner == 3 and session.over and sorted(session.out) == [1, 2]


def test_a_time_out_and_leaving_put_players_out_until_one_is_left() -> None:
    session = three_players(Rule.COMPLETE_WINS)
    assert group.time_out(session).out == [1]
    assert session.current == 2
    event = group.leave(session, 2)
    assert event is not None and event.winner == 3 and session.over
    assert group.leave(session, 2) is None


def test_a_session_survives_its_json_round_trip() -> None:
    session = three_players(Rule.COMPLETE_WINS)
    assert GroupSession.from_dict(session.to_dict()) == session
