"""A damaged session row costs one game, not the chat: on either engine, a row that is not JSON
or not of its game's types is moved to the quarantine table, the chat is told its game was ended,
and it plays on at once; the operator reads one ERROR line naming the chat and the kind."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from bot_harness import (
    GROUP,
    Group,
    Player,
    button,
    new_letter_game,
    on_each_engine,
    open_lobby,
    rows,
    running_bot,
    stored_state,
)
from standin import BotApiStandin

from bot.core import texts
from bot.core.context import Services
from bot.core.solvers import Solvers

database = on_each_engine  # a SQLite file and a PostgreSQL server alike

UNREADABLE = texts.game_unreadable("ru")
SOMETHING_WRONG = "Что-то пошло не так"


def not_json(state: dict[str, object]) -> str:
    return '{"board": "ко'  # cut off mid-write


def wrong_types(state: dict[str, object]) -> str:
    return json.dumps({key: {"not": ["what", "it", "was"]} for key in state})


def damage(database: Path | str, chat_id: int, kind: str, how: Callable[[dict[str, object]], str]) -> str:
    """Overwrite the chat's stored session of ``kind`` as another writer (or a bad disk) might; the text written."""
    state = stored_state(database, chat_id, kind)
    assert state is not None
    text = how(state[0])
    rows(database, "UPDATE sessions SET state = ? WHERE chat_id = ? AND kind = ?", text, chat_id, kind)
    return text


def quarantined(database: Path | str) -> list[tuple[int, str, str, str]]:
    return [
        (int(chat), str(kind), str(state), str(error))
        for chat, kind, state, error in rows(database, "SELECT chat_id, kind, state, error FROM quarantine ORDER BY id")
    ]


def damaged_lines(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.levelno >= logging.ERROR]


@pytest.mark.parametrize("how", [not_json, wrong_types])
async def test_a_damaged_game_is_ended_and_the_chat_plays_on(
    standin: BotApiStandin,
    solvers: Solvers,
    database: Path | str,
    how: Callable[[dict[str, object]], str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    async with running_bot(standin, solvers, database) as bot:
        await new_letter_game(Player(bot, 451), "выиграл", "Я начинаю")
        await Player(bot, 451).say("к")
    text = damage(database, 451, "letters", how)
    caplog.clear()
    async with running_bot(standin, solvers, database) as bot:
        player = Player(bot, 451)
        reply = await player.say("о")
        assert reply.texts[0] == UNREADABLE and SOMETHING_WRONG not in reply.text, reply.texts
        errors = damaged_lines(caplog)
        assert len(errors) == 1 and "451" in errors[0].getMessage() and "letters" in errors[0].getMessage()
        assert errors[0].exc_info is None  # one line, no traceback
        assert stored_state(database, 451, "letters") is None
        [(chat, kind, kept, error)] = quarantined(database)
        assert (chat, kind, kept) == (451, "letters", text) and error
        reply = await player.say("/5bukv")  # the chat plays on at once
        assert SOMETHING_WRONG not in reply.text and UNREADABLE not in reply.text
        assert stored_state(database, 451, "5bukv") is not None
        reply = await new_letter_game(player, "выиграл", "Я начинаю")
        assert SOMETHING_WRONG not in reply.text and stored_state(database, 451, "letters") is not None
        assert len(damaged_lines(caplog)) == 1


async def test_a_group_turn_timer_on_a_damaged_game_ends_it_and_the_group_plays_on(
    standin: BotApiStandin, solvers: Solvers, database: Path | str, caplog: pytest.LogCaptureFixture
) -> None:
    async with running_bot(standin, solvers, database) as bot:
        services: Services = bot.application.bot_data.services
        services.settings.group_turn_seconds = 1.5
        group = Group(bot)
        lobby, buttons = await open_lobby(group, 301, 302)
        await group.press(301, lobby, button(buttons, "Начать"))
    damage(database, GROUP, "group", not_json)
    assert rows(database, "SELECT COUNT(*) FROM turn_deadlines WHERE chat_id = ?", GROUP) == [(1,)]
    caplog.clear()
    first = len(standin.calls)
    async with running_bot(standin, solvers, database) as bot:
        group = Group(bot)
        deadline = time.monotonic() + 20  # the stored deadline fires after the restart
        while not any(c.chat_id == GROUP and c.text == UNREADABLE for c in standin.calls[first:]):
            assert time.monotonic() < deadline, [c.text for c in standin.calls[first:]]
            await bot.wait(standin.push_message(999_001, "/start"))  # the bot goes on meanwhile
        assert not any(SOMETHING_WRONG in (c.text or "") for c in standin.calls[first:])
        assert rows(database, "SELECT COUNT(*) FROM turn_deadlines WHERE chat_id = ?", GROUP) == [(0,)]
        assert [(chat, kind) for chat, kind, _, _ in quarantined(database)] == [(GROUP, "group")]
        assert len(damaged_lines(caplog)) == 1
        reply = await group.say(301, "/play")  # a new lobby at once
        assert "Игроки" in reply.text and SOMETHING_WRONG not in reply.text
