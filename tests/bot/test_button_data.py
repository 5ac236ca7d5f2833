"""Button data are small typed records with one encoding (``bot.core.keyboards.CallbackData``): each
packs within Telegram's 64 bytes and reads back as itself; data the bot did not make reads as
nothing; and the data buttons already sent in chats carry (the same encoding) still read."""

from __future__ import annotations

import pytest

from bot.core.i18n import Language
from bot.core.keyboards import LIMIT, CallbackData, ChooseLanguage, Keep, Resign, Start, Switch
from bot.games.fingers import keyboards as fingers
from bot.games.letters import keyboards as letters
from bot.games.letters.daily import keyboards as daily
from bot.games.letters.group import keyboards as group
from bot.games.wordle import keyboards as wordle
from solver.letters import Rule
from solver.levels import Level
from solver.words import Tier

SESSION = "a1b2c3"
#: Data as the bot's buttons have carried it, and the record each reads as.
SENT_BEFORE: list[tuple[str, CallbackData]] = [
    ("menu:letters-again", Start("letters-again")),
    ("lang:en", ChooseLanguage("en")),
    ("N:a1b2c3:0:resign:5bukv", Resign(SESSION, 0, "5bukv")),
    ("N:a1b2c3:0:keep:fingers", Keep(SESSION, 0, "fingers")),
    ("G:a1b2c3:4:join", group.Join(SESSION, 4)),
    ("G:a1b2c3:4:start", group.Begin(SESSION, 4)),
    ("G:a1b2c3:9:again", group.Rematch(SESSION, 9)),
    ("G:a1b2c3:4:bot:1", group.SeatBot(SESSION, 4, True)),
    ("G:a1b2c3:4:gentle:0", group.Gentle(SESSION, 4, False)),
    ("G:a1b2c3:4:rule:complete-loses", group.ChooseRule(SESSION, 4, Rule.COMPLETE_LOSES)),
    ("G:a1b2c3:4:dict:en", group.ChooseWords(SESSION, 4, Language.ENGLISH)),
    ("G:a1b2c3:4:level:easy", group.ChooseLevel(SESSION, 4, Level.EASY)),
    ("L:a1b2c3:0:rule:en", letters.ChooseGame(SESSION, 0, letters.Opening.ENGLISH_GHOST)),
    ("L:a1b2c3:0:rule:complete-wins", letters.ChooseGame(SESSION, 0, letters.Opening.COMPLETE_WINS)),
    ("L:a1b2c3:0:tier:full", letters.ChooseTier(SESSION, 0, Tier.FULL)),
    ("L:a1b2c3:0:first:0", letters.ChooseFirst(SESSION, 0, False)),
    ("L:a1b2c3:0:level:strong", letters.ChooseLevel(SESSION, 0, Level.STRONG)),
    ("L:a1b2c3:0:strict:1", letters.ChooseStrict(SESSION, 0, True)),
    ("L:a1b2c3:3:hint:1", letters.Hint(SESSION, 3, 1)),
    ("L:a1b2c3:3:giveup", letters.GiveUp(SESSION, 3)),
    ("L:a1b2c3:7:review", letters.Review(SESSION, 7)),
    ("L:a1b2c3:7:picture", letters.Picture(SESSION, 7)),
    ("F:a1b2c3:0:level:perfect", fingers.ChooseLevel(SESSION, 0, Level.PERFECT)),
    ("F:a1b2c3:0:first:1", fingers.ChooseFirst(SESSION, 0, True)),
    ("F:a1b2c3:12:move:3", fingers.Move(SESSION, 12, 3)),
    ("F:a1b2c3:30:review", fingers.Review(SESSION, 30)),
    ("W:a1b2c3:2:tap:4", wordle.Tile(SESSION, 2, 4)),
    ("W:a1b2c3:2:done", wordle.Done(SESSION, 2)),
    ("W:a1b2c3:2:solved", wordle.Solved(SESSION, 2)),
    ("W:a1b2c3:2:undo", wordle.Undo(SESSION, 2)),
    ("W:a1b2c3:2:refused", wordle.Refused(SESSION, 2)),
    ("W:a1b2c3:6:review", wordle.Review(SESSION, 6)),
    ("W:a1b2c3:6:picture", wordle.Picture(SESSION, 6)),
    ("D:a1b2c3:10:review", daily.Review(SESSION, 10)),
]
FAMILIES: list[type[CallbackData]] = [
    Start,
    ChooseLanguage,
    Switch,
    group.LobbyButton,
    letters.LetterButton,
    fingers.FingerButton,
    wordle.WordleButton,
    daily.DailyButton,
]


@pytest.mark.parametrize(("data", "record"), SENT_BEFORE)
def test_data_already_in_chats_reads_as_its_record_and_packs_back_the_same(data: str, record: CallbackData) -> None:
    family = next(family for family in FAMILIES if isinstance(record, family))
    assert family.unpack(data) == record
    assert record.pack() == data
    assert [other for other in FAMILIES if other is not family and other.unpack(data) is not None] == []


@pytest.mark.parametrize(
    "data",
    [
        "",
        "G",
        "G:a1b2c3:4",
        "G:a1b2c3:4:jump",  # no such button
        "G:a1b2c3:4:join:1",  # a field too many
        "G:a1b2c3:x:join",  # a step that is no number
        "G:a1b2c3:²:join",  # a digit Python's int() refuses
        "G:a1b2c3:1234567:join",  # more digits than 64 bytes allow
        "G:a1b2c3:4:bot:2",  # a switch is 1 or 0
        "G:a1b2c3:4:level:strong",  # a level the lobby does not offer
        "G:a1b2c3:4:dict:de",
        "L:a1b2c3:3:hint:2",  # a hint stage past the two
        "L:a1b2c3:3:hint",
        "F:a1b2c3:3:move:100",
        "W:a1b2c3:2:tap:5",
        "W::2:done",  # no session
        "menu:Chess",
        "menu:",
        "lang:xx",
        "N:a1b2c3:0:resign",
        "X:a1b2c3:0:review",
    ],
)
def test_data_the_bot_did_not_make_reads_as_nothing(data: str) -> None:
    assert [family for family in FAMILIES if family.unpack(data) is not None] == []


def test_packed_data_stays_within_telegram_s_limit() -> None:
    with pytest.raises(ValueError, match="64 bytes"):
        Start("x" * LIMIT).pack()
    assert len(Resign("f" * 6, 999_999, "x" * 20).pack().encode()) <= LIMIT


def test_a_non_string_never_reads() -> None:
    assert Start.unpack(None) is None and group.LobbyButton.unpack(42) is None
