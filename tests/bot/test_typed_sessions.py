"""Sessions go to and from JSON through a real codec: an enum comes back as the enum, a tuple as a
tuple, and the rows the bot wrote before the sessions were typed (captured from that code in
fixtures/sessions_before_typed.json) still load, into the types."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from threading import Event

import pytest
from pydantic import PydanticSchemaGenerationError, ValidationError

from bot.core import session as session_module
from bot.core.game import Codecs
from bot.core.i18n import Language
from bot.core.session import Session
from bot.core.solvers import build_solvers
from bot.games.fingers.session import FingerSession
from bot.games.letters.daily.session import DailySession
from bot.games.letters.group.session import Exit, GroupSession, Move, Outcome
from bot.games.letters.session import LetterSession
from bot.games.wordle.session import WordleSession
from bot.games.wordle_common.session import Played
from bot.games.wordle_en.session import WordleEnSession
from solver.letters import Rule
from solver.levels import Level
from solver.words import Tier

ROWS = json.loads((Path(__file__).parent / "fixtures" / "sessions_before_typed.json").read_text(encoding="utf-8"))
KINDS: dict[str, type[Session]] = {
    "letters": LetterSession,
    "ghost": LetterSession,
    "group": GroupSession,
    "group_finished": GroupSession,
    "fingers": FingerSession,
    "5bukv": WordleSession,
}


@pytest.mark.parametrize("name", sorted(KINDS))
def test_a_row_written_before_the_types_loads_and_round_trips(name: str) -> None:
    row = ROWS[name]
    session = KINDS[name].from_dict(row)
    written = session.to_dict()
    if name == "5bukv":  # a refused word's mask was the string "-"; it is null now
        assert written["entries"][1] == ["норка", None]
        written["entries"][1] = ["норка", "-"]
    written = {key: value for key, value in written.items() if key in row}  # fields added since: their defaults
    assert written == row  # the same JSON values back: nothing lost, nothing renamed
    assert KINDS[name].from_dict(json.loads(json.dumps(session.to_dict()))) == session


def test_the_letter_game_reads_its_choices_as_enums() -> None:
    session = LetterSession.from_dict(ROWS["letters"])
    assert session.rule is Rule.COMPLETE_LOSES and session.tier is Tier.COMMON and session.level is Level.STRONG
    assert GroupSession.from_dict(ROWS["group"]).rule is Rule.COMPLETE_LOSES
    assert FingerSession.from_dict(ROWS["fingers"]).level is Level.EASY


def test_the_group_game_reads_moves_and_exits_as_records_and_players_by_their_ids() -> None:
    session = GroupSession.from_dict(ROWS["group_finished"])
    assert session.moves == [Move(301, "", "л", 3), Move(303, "л", "е", 2), Move(301, "ле", "с", 2)]
    assert session.exits == [Exit(302, Outcome.TIMEOUT, 1), Exit(303, Outcome.BEATEN, 3)]
    assert session.names == {301: "Аня Ким", 302: "Аня (@anya)", 303: "Вера"} and session.forms[303] == ["Вера"]
    assert session.dictionary is Language.RUSSIAN
    assert session.to_dict()["moves"] == ROWS["group_finished"]["moves"]  # still written as compact lists


def test_5bukv_entries_come_back_typed_and_a_refused_word_has_no_mask() -> None:
    session = WordleSession.from_dict(ROWS["5bukv"])
    assert session.entries == [Played("тоска", "ggggg"), Played("норка", None), Played("метро", "gygwg")]
    assert all(isinstance(entry, Played) for entry in session.entries)
    assert session.refused == ["норка"] and [entry.word for entry in session.history] == ["тоска", "метро"]


def test_a_row_that_does_not_fit_its_types_is_refused_not_guessed() -> None:
    with pytest.raises(ValidationError):
        LetterSession.from_dict({**ROWS["letters"], "rule": "whoever-shouts-loudest"})


def test_fields_a_row_lacks_take_their_defaults_and_unknown_ones_are_dropped() -> None:
    session = LetterSession.from_dict({"id": "x", "board": "к", "retired_field": 1})
    assert session.board == "к" and session.tier is Tier.FULL and session.rule is None


def test_the_start_up_build_makes_every_session_kinds_codec() -> None:
    """Every kind a game stores has its codec made by the build (its step ``session codecs``), so no
    game's first save makes it on the event loop."""
    session_module._CODECS.clear()
    build_solvers([Codecs])
    assert {WordleEnSession, *KINDS.values(), DailySession} <= set(session_module._CODECS)


def test_a_kind_whose_codec_cannot_be_made_leaves_the_build_going(caplog: pytest.LogCaptureFixture) -> None:
    """Made in the background for every kind defined: one that cannot be made is logged and raises
    where it is used, and the other kinds' codecs are made."""

    @dataclass
    class Unreadable(Session):
        KIND = "unreadable"
        id: str = ""
        odd: Event | None = None  # no codec stores a threading.Event

    session_module._CODECS.clear()
    try:
        build_solvers([Codecs])
        assert "no codec for the session kind Unreadable" in caplog.text
        assert WordleSession in session_module._CODECS
        with pytest.raises(PydanticSchemaGenerationError):
            Unreadable().to_dict()
    finally:
        session_module._KINDS.remove(Unreadable)
