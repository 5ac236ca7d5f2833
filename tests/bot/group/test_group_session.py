"""The group letter game's session, pure: no Telegram, no HTTP, no database."""

from __future__ import annotations

import random

from bot.games.letters.group import session as group
from bot.games.letters.group.session import GroupPhase, GroupSession, Outcome
from solver.letters import LetterGame, Rule
from solver.levels import Level

WORDS = ["кот", "кит", "коза", "рама"]


def three_players(rule: Rule) -> GroupSession:
    session = GroupSession(creator=1, rule=rule)
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


def test_a_lobby_seats_as_many_as_the_solver_has_tables_for() -> None:
    session = GroupSession(creator=1)
    for player in range(1, group.SEATS + 1):
        assert group.join(session, player, f"P{player}")
    assert not group.join(session, group.SEATS + 1, "one too many")
    assert not group.seat_bot(session, True) and group.BOT not in session.players  # no seat for the bot either
    LetterGame(["кот", "кит"], Rule.COMPLETE_LOSES, min_length=2).with_players(len(session.players))  # a table exists
    assert group.leave(session, 2) is not None and group.seat_bot(session, True) and group.BOT in session.players


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


def test_the_bot_plays_from_the_table_for_the_players_still_in_and_tells_its_line() -> None:
    game = LetterGame(["дэв", "дом", "дыра", "кот"], Rule.COMPLETE_LOSES)
    session = GroupSession(creator=1, rule=Rule.COMPLETE_LOSES)
    for player in (1, group.BOT, 3):
        assert group.join(session, player, f"P{player}")
    assert group.start(session)
    group.play_letter(game, session, "д")
    move = group.bot_letter(game, session)
    assert move.letter in game.with_players(3).winning_letters("д")
    assert (session.sure_from, session.sure_line) == ("д", "до → дом")
    end = group.play_letter(game, session, "м")
    assert (end.outcome, end.out, end.sure_from, end.sure_line) == (Outcome.WORD, [3], "д", "до → дом")
    assert session.sure_line is None  # a new round


def test_a_player_out_of_time_makes_the_bot_forget_its_line() -> None:
    game = LetterGame(["дэв", "дом", "дыра", "кот"], Rule.COMPLETE_LOSES)
    session = GroupSession(creator=1, rule=Rule.COMPLETE_LOSES)
    for player in (1, group.BOT, 3, 4):
        assert group.join(session, player, f"P{player}")
    assert group.start(session)
    group.play_letter(game, session, "д")
    group.bot_letter(game, session)
    assert session.sure_line is not None
    group.time_out(session)
    assert session.sure_line is None and session.board != ""


def test_namesakes_are_all_named_fully_the_first_renamed_too() -> None:
    session = GroupSession(creator=1)
    group.join(session, 1, "Аня")
    group.join(session, 4, "Боря")
    group.join(session, 2, "Аня", ["Аня", "Аня Котова"])
    assert [session.name(p) for p in (1, 4, 2)] == ["Аня 1", "Боря", "Аня Котова"]
    group.join(session, 3, "Аня", ["Аня", "Аня (@anya)"])
    assert [session.name(p) for p in (1, 2, 3)] == ["Аня 1", "Аня Котова", "Аня (@anya)"]
    group.leave(session, 2)
    group.leave(session, 3)
    assert session.name(1) == "Аня"  # nobody shares the name any more


def test_gentle_mode_refuses_one_dead_letter_a_turn() -> None:
    game = LetterGame(WORDS, Rule.COMPLETE_LOSES, min_length=2)
    session = three_players(Rule.COMPLETE_LOSES)
    session.gentle = True
    refused = group.play_letter(game, session, "я")
    assert refused.outcome is Outcome.REFUSED and [p.letter for p in refused.possible] == ["к", "р"]
    assert session.current == 1 and session.out == []
    assert group.play_letter(game, session, "к").outcome is Outcome.GOES_ON
    assert group.play_letter(game, session, "я").outcome is Outcome.REFUSED  # player 2's own refusal
    assert group.play_letter(game, session, "я").out == [2]


def test_the_lobby_passes_to_the_next_person_when_its_creator_leaves() -> None:
    session = GroupSession(creator=1)
    for player in (1, group.BOT, 2):
        group.join(session, player, f"P{player}")
    group.seat_bot(session, False)
    assert group.BOT not in session.players
    group.leave(session, 1)
    assert session.creator == 2 and session.phase is GroupPhase.LOBBY
    group.leave(session, 2)
    assert session.phase is GroupPhase.OVER


class _AlwaysSlips(random.Random):
    """A die that always comes up "make a mistake"."""

    def random(self) -> float:
        return 0.0


def test_the_gentler_bot_plays_a_lower_ranked_letter_the_perfect_one_never() -> None:
    game = LetterGame(WORDS, Rule.COMPLETE_LOSES, min_length=2)
    letters = set()
    for level in group.LEVELS:
        session = GroupSession(creator=1, rule=Rule.COMPLETE_LOSES, level=level)
        group.join(session, group.BOT, "")
        group.join(session, 1, "Аня")
        assert group.start(session)
        event = group.bot_letter(game, session, rng=_AlwaysSlips())
        letters.add(event.letter)
        table = game.with_players(2)
        best = table.best_letter("")
        if level is Level.PERFECT:
            assert event.letter == best
        else:
            chances = table.letter_chances("")
            assert event.letter != best and event.letter in chances
            assert event.letter == max((c for c in chances if c != best), key=lambda c: chances[c])
    assert len(letters) == 2


def test_exits_are_kept_in_order_with_how_and_when() -> None:
    game = LetterGame(WORDS, Rule.COMPLETE_LOSES, min_length=2)
    session = three_players(Rule.COMPLETE_LOSES)
    group.play_letter(game, session, "к")
    group.time_out(session)  # P2 runs out of time after one letter
    group.leave(session, 3)  # P3 gives up: P1 wins
    assert session.exits == [group.Exit(2, Outcome.TIMEOUT, 1), group.Exit(3, Outcome.LEFT, 1)]
    assert session.winner == 1
