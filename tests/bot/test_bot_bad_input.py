"""Bad input in every state: random text, stickers, unknown commands, forged or stale buttons.

Each gets a helpful reply (messages) or a short notice (buttons), never a fault,
and the stored games stay exactly as they were. Hypothesis drives a bot that
runs in its own event loop thread, so the examples can be plain function calls.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from bot_harness import Bot, Player, Reply, new_letter_game, running_bot, stored_state
from hypothesis import given, settings
from hypothesis import strategies as st
from standin import BotApiStandin

from bot.core.solvers import Solvers
from solver.letters import InputError, normalise_letter
from solver.wordle import EntryError, parse_entry

T = TypeVar("T")
SOMETHING_WRONG = "Что-то пошло не так"
KNOWN_COMMANDS = {"start", "help", "rules", "play", "hint", "giveup", "stats", "whowins", "5bukv", "undo", "fingers"}
KNOWN_COMMANDS |= {"word", "l", "stop", "top"}
KNOWN_COMMANDS |= {f"rules_{game}" for game in ("letters", "5bukv", "fingers", "group")}
STATES = {
    501: "nothing started",
    502: "letter game set-up",
    503: "letter game in play",
    504: "letter game over",
    505: "5bukv with an entry",
    506: "5bukv with no candidate left",
}


class ThreadedBot:
    """The stand-in and the application, running in an event loop of their own thread."""

    def __init__(self, solvers: Solvers, database: Path) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.standin = BotApiStandin()
        self.database = database
        self.bot: Bot = self.run(self._start(solvers))

    def run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(60)

    async def _start(self, solvers: Solvers) -> Bot:
        await self.standin.start()
        self._running = running_bot(self.standin, solvers, self.database)
        return await self._running.__aenter__()

    async def _stop(self) -> None:
        await self._running.__aexit__(None, None, None)
        await self.standin.stop()

    def close(self) -> None:
        self.run(self._stop())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()


async def prepare(bot: Bot, user_id: int) -> None:
    player = Player(bot, user_id)
    if user_id in (502, 503, 504):
        await player.say("/play")
    if user_id in (503, 504):
        await new_letter_game(player, "выиграл", "Я начинаю")
        await player.say("к")
    if user_id == 504:
        await player.say("/giveup")
    if user_id in (505, 506):
        await player.say("/5bukv")
        await player.say("ggggg" if user_id == 505 else "yyyyw")


@pytest.fixture(scope="module")
def threaded(solvers: Solvers, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadedBot]:
    running = ThreadedBot(solvers, tmp_path_factory.mktemp("bad-input") / "bot.sqlite3")
    for user_id in STATES:
        running.run(prepare(running.bot, user_id))
    yield running
    running.close()


def snapshot(database: Path, user_id: int) -> tuple[object, object]:
    return stored_state(database, user_id, "letters"), stored_state(database, user_id, "5bukv")


def session_ids(database: Path, user_id: int) -> list[str]:
    ids = []
    for state in snapshot(database, user_id):
        if state is not None:
            ids.append(str(state[0]["id"]))  # type: ignore[index]
    return ids or ["abcdef"]


def harmless_text(text: str) -> bool:
    """Text that is neither a letter, a 5bukv entry nor a command."""
    return (
        bool(text.strip())
        and not text.lstrip().startswith("/")
        and isinstance(normalise_letter(text, "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"), InputError)
        and isinstance(parse_entry(text, "норка"), EntryError)
    )


unknown_commands = st.from_regex(r"/[a-z0-9_]{1,12}", fullmatch=True).filter(lambda c: c[1:] not in KNOWN_COMMANDS)
forged_templates = st.sampled_from(
    [
        "L:{id}:99:hint:0",
        "L:{id}:0:giveup",
        "L:{id}:0:level:perfect",
        "L:{id}:0:strict:1",  # set-up steps out of turn (the rule is asked first)
        "L:zzzzzz:2:hint:0",
        "W:{id}:9:tap:0",
        "W:{id}:0:tap:7",
        "W:{id}:7:done",
        "W:{id}:0:undo",
        "W:ffffff:1:done",
        "L:{id}:x:hint:0",
        "menu:nothing",
    ]
)
actions = st.one_of(
    st.tuples(st.just("text"), st.text(min_size=1, max_size=30).filter(harmless_text)),
    st.tuples(st.just("text"), unknown_commands),
    st.tuples(st.just("sticker"), st.just("")),
    st.tuples(st.just("button"), st.text(max_size=64)),
    st.tuples(st.just("forged"), forged_templates),
)


@pytest.mark.parametrize("user_id", sorted(STATES), ids=[STATES[u] for u in sorted(STATES)])
@settings(max_examples=20, deadline=None)
@given(action=actions)
def test_bad_input_changes_nothing(threaded: ThreadedBot, user_id: int, action: tuple[str, str]) -> None:
    kind, value = action
    before = snapshot(threaded.database, user_id)
    player = Player(threaded.bot, user_id)
    message_id = max([m for (chat, m) in threaded.standin.messages if chat == user_id] or [1])
    reply: Reply
    if kind == "text":
        reply = threaded.run(player.say(value))
    elif kind == "sticker":
        reply = threaded.run(player.sticker())
    else:
        data = value.replace("{id}", session_ids(threaded.database, user_id)[0]) if kind == "forged" else value
        reply = threaded.run(player.press_data(message_id, data))
    methods = [call.method for call in reply.calls]
    assert SOMETHING_WRONG not in reply.text
    if kind in ("text", "sticker"):
        assert methods == ["sendMessage"] and reply.text.strip()  # a helpful reply
    else:
        assert methods == ["answerCallbackQuery"]  # a short notice, nothing else
    assert snapshot(threaded.database, user_id) == before
