"""Sessions go to and from JSON through a real codec: an enum comes back as the enum, a tuple as a
tuple, and the rows the bot wrote before the sessions were typed (captured from that code in
fixtures/sessions_before_typed.json) still load, into the types."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.fingers.session import FingerSession
from bot.group.session import GroupSession
from bot.letters.session import LetterSession
from bot.session import Session
from bot.wordle.session import WordleSession
from solver.letters import Rule
from solver.levels import Level
from solver.words import Tier

ROWS = json.loads((Path(__file__).parent / "fixtures" / "sessions_before_typed.json").read_text(encoding="utf-8"))
KINDS: dict[str, type[Session]] = {
    "letters": LetterSession,
    "ghost": LetterSession,
    "group": GroupSession,
    "fingers": FingerSession,
    "5bukv": WordleSession,
}


@pytest.mark.parametrize("name", sorted(KINDS))
def test_a_row_written_before_the_types_loads_and_round_trips(name: str) -> None:
    row = ROWS[name]
    session = KINDS[name].from_dict(row)
    assert session.to_dict() == row  # the same JSON values back: nothing lost, nothing renamed
    assert KINDS[name].from_dict(json.loads(json.dumps(session.to_dict()))) == session


def test_the_letter_game_reads_its_choices_as_enums() -> None:
    session = LetterSession.from_dict(ROWS["letters"])
    assert session.rule is Rule.COMPLETE_LOSES and session.tier is Tier.COMMON and session.level is Level.STRONG
    assert GroupSession.from_dict(ROWS["group"]).rule is Rule.COMPLETE_LOSES
    assert FingerSession.from_dict(ROWS["fingers"]).level is Level.EASY


def test_5bukv_entries_come_back_as_tuples() -> None:
    session = WordleSession.from_dict(ROWS["5bukv"])
    assert session.entries == [("тоска", "ggggg"), ("норка", "-"), ("метро", "gygwg")]
    assert all(isinstance(entry, tuple) for entry in session.entries)


def test_a_row_that_does_not_fit_its_types_is_refused_not_guessed() -> None:
    with pytest.raises(ValidationError):
        LetterSession.from_dict({**ROWS["letters"], "rule": "whoever-shouts-loudest"})


def test_fields_a_row_lacks_take_their_defaults_and_unknown_ones_are_dropped() -> None:
    session = LetterSession.from_dict({"id": "x", "board": "к", "retired_field": 1})
    assert session.board == "к" and session.tier is Tier.FULL and session.rule is None
