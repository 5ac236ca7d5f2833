"""The outbox through a SIGKILL of the real ``python -m bot``, on each engine: what was committed
is announced after the restart."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import forkserver
import pytest
from bot_harness import (
    GROUP,
    Group,
    Reply,
    bot_env,
    button,
    on_each_engine,
    open_lobby,
    stored_state,
    until,
    until_polling,
)
from standin import BotApiStandin, Fault

#: Every test here runs ``python -m bot`` as a process of its own (forked: tests/forkserver.py).
pytestmark = pytest.mark.process

database = on_each_engine


class ProcessGroup(Group):
    """The group's people, talking to a bot that runs as its own process: each push waits for
    the bot's first call to the group after it."""

    def __init__(self, standin: BotApiStandin) -> None:
        super().__init__(SimpleNamespace(standin=standin))  # type: ignore[arg-type]
        self.standin = standin

    async def _push(self, body: dict[str, Any]) -> Reply:
        first = len(self.standin.calls)
        self.standin._push(body)
        await until(lambda: any(c.chat_id == GROUP for c in self.standin.calls[first:]), seconds=30)
        await asyncio.sleep(0.3)  # the rest of what it sends for the update
        return Reply([c for c in self.standin.calls[first:] if c.chat_id in (GROUP, None)])


async def start(standin: BotApiStandin, database: Path | str, cwd: Path) -> forkserver.Forked:
    """``python -m bot`` on the stand-in, once it polls (its replies may hang 30 s)."""
    since = len(standin.calls)
    # Not paced: the lobby, joins and turns would come 3 s apart at a group's 20 a minute.
    # The group game, and the one game of a private chat with the fewest tables: the test plays nothing else.
    settings = {"TELEGRAM_TIMEOUT_SECONDS": "30", "GROUP_MESSAGES_PER_MINUTE": "0", "GAMES": "group,fingers"}
    env = bot_env(standin, database, LOG_LEVEL="INFO", **settings)
    process = await forkserver.start("bot", cwd=cwd, env=env, stderr=asyncio.subprocess.DEVNULL)
    await until_polling(standin, since)
    return process


async def test_a_turn_message_in_flight_when_the_bot_is_killed_goes_out_after_the_restart(
    standin: BotApiStandin, database: Path | str, tmp_path: Path
) -> None:
    """A letter is committed; its turn message (mentioning the next player) hangs; SIGKILL. The
    next process sends that very message from the outbox, so the next player is told it is their
    turn before their clock can put them out."""
    process = await start(standin, database, tmp_path)
    group = ProcessGroup(standin)
    lobby, buttons = await open_lobby(group, 301, 302)  # completing a word wins: the lobby's own rule
    await group.press(301, lobby, button(buttons, "Начать"))
    standin.inject("sendMessage", Fault.HANG)
    hung = len(standin.refused)
    standin._push(group_letter(group, 301, "к"))
    await until(lambda: len(standin.refused) > hung, seconds=30)  # the turn message is in flight
    state = stored_state(database, GROUP, "group")
    assert state is not None and state[0]["board"] == "к"  # the letter is committed
    process.kill()
    await process.wait()
    standin.end_hangs()
    first = len(standin.calls)
    restarted = await start(standin, database, tmp_path)
    try:
        mention = 'href="tg://user?id=302"'
        await until(lambda: any(mention in c.text for c in standin.calls[first:] if c.chat_id == GROUP), seconds=30)
    finally:
        restarted.kill()
        await restarted.wait()
    turns = [c for c in standin.calls[first:] if c.chat_id == GROUP and c.method == "sendMessage"]
    assert len(turns) == 1 and "«К»" in turns[0].text  # the board after the letter, once


def group_letter(group: Group, user_id: int, letter: str) -> dict[str, Any]:
    """A bare letter in the group, pushed without waiting for an answer."""
    return {
        "message": {
            "message_id": 990_000 + user_id,
            "date": int(time.time()),
            "chat": group.chat,
            "from": {"id": user_id, "is_bot": False, "first_name": "Аня", "language_code": "ru"},
            "text": letter,
        }
    }
