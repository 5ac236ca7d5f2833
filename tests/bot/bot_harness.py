"""Drive the real Application over HTTP through the Bot API stand-in, as a player would."""

from __future__ import annotations

import asyncio
import concurrent.futures
import itertools
import json
import os
import re
import signal
import sqlite3
import tempfile
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg
import forkserver
import pytest
from standin import BOT_USER, FAKE_TOKEN, BotApiStandin, Call
from telegram.ext import Application

from bot.core.context import Services
from bot.core.game import Game, start_lines
from bot.core.settings import for_games
from bot.core.solvers import Solvers
from bot.core.texts import Lang, nothing_running
from bot.delivery.queue import ChatQueues
from bot.delivery.runtime import ChatRuntime
from bot.registry import GAMES
from bot.runtime.app import build_application, running
from bot.runtime.console import UpdateTracker
from bot.runtime.throttle import Throttle
from bot.storage.postgres import PostgresStore
from bot.storage.sql import Sql

TIMEOUT = 20
DONE_GROUP = 1000  # after every group the bot uses


class Bot:
    """An application on a stand-in; knows when it has finished with each update."""

    def __init__(self, standin: BotApiStandin, application: Application) -> None:  # type: ignore[type-arg]
        self.standin = standin
        self.application = application
        self.tracker = UpdateTracker(application)

    async def wait(self, *update_ids: int) -> None:
        await self.tracker.wait(*update_ids, timeout=TIMEOUT)

    @property
    def delivery(self) -> ChatRuntime:
        """The bot's delivery (its lines, outbox and timers), built with the application."""
        services: Services = self.application.bot_data.services
        assert services.delivery is not None
        return services.delivery

    @property
    def throttle(self) -> Throttle:
        """The flood control at the door of the chats' lines."""
        lines = self.application.update_processor
        assert isinstance(lines, ChatQueues) and isinstance(lines.admission, Throttle)
        return lines.admission


#: Where this run's bots on PostgreSQL keep their store markers (DATABASE_PATH's folder), apart
#: from any other run's: a database name and port seen again in a later run is a new store.
_MARKERS = tempfile.TemporaryDirectory(prefix="bukvoed-markers-")


def beside(url: str) -> Path:
    """The DATABASE_PATH of a bot on the PostgreSQL database ``url``: its marker sits beside it."""
    return Path(_MARKERS.name) / (re.sub(r"\W", "_", url) + ".sqlite3")


def where_the_store_is(database: Path | str) -> dict[str, Any]:
    """The settings of a store: a SQLite file, or a PostgreSQL URL with its marker's folder."""
    if isinstance(database, str):
        return {"database_url": database, "database_path": beside(database)}
    return {"database_path": database}


@asynccontextmanager
async def running_bot(
    standin: BotApiStandin,
    solvers: Solvers,
    database: Path | str,
    *,
    games: tuple[Game, ...] = GAMES,
    **overrides: object,
) -> AsyncIterator[Bot]:
    """``overrides``: settings for one test; flood control, and the pace of a group's messages
    (a test's game goes faster than 20 messages a minute), are off unless a test turns them on;
    ``games``: the registry's, unless a test plugs in its own."""
    settings = for_games(game.settings for game in games)(
        _env_file=None,  # type: ignore[call-arg]
        bot_token=FAKE_TOKEN,
        **where_the_store_is(database),
        telegram_api_base_url=standin.base_url,
        telegram_api_base_file_url=standin.base_url.replace("/bot", "/file/bot"),
        **({"throttle_messages": 0, "group_messages_per_minute": 0} | overrides),
    )
    application = build_application(settings, solvers, games=games)
    bot = Bot(standin, application)
    async with running(application):
        try:
            yield bot
        finally:
            standin.release_pollers()
    standin.hurry = False


@dataclass
class Reply:
    """Everything the bot did for one update, to one chat."""

    calls: list[Call]

    @property
    def texts(self) -> list[str]:
        return [c.text for c in self.calls if c.method in ("sendMessage", "editMessageText")]

    @property
    def text(self) -> str:
        return "\n".join(self.texts)

    def last_board(self) -> str:
        boards = re.findall(r"(?:Доска|Board): [«“]([^»”]*)[»”]|Доска пуста|The board is empty", self.text)
        assert boards, self.text
        return boards[-1].lower()  # "" for an empty board, said in words

    def suggestion(self) -> str:
        found = re.findall(r"(?:Попробуйте|Try): (\w+)", self.text)
        assert found, self.text
        return found[-1].lower()


class Player:
    """One person in a private chat with the bot."""

    def __init__(self, bot: Bot, user_id: int, language_code: str = "ru") -> None:
        self.bot = bot
        self.user_id = user_id
        self.language_code = language_code
        self.keyboards: list[tuple[int, list[list[dict[str, str]]]]] = []  # (message id, buttons), newest last

    async def say(self, text: str) -> Reply:
        return await self._do(self.bot.standin.push_message, text, self.language_code)

    async def sticker(self) -> Reply:
        return await self._do(lambda user, *_: self.bot.standin.push_message(user, sticker=True))

    async def press_data(self, message_id: int, data: str) -> Reply:
        return await self._do(self.bot.standin.push_callback, message_id, data, self.language_code)

    async def tap(self, label: str) -> Reply:
        """Tap the newest button whose label contains ``label``."""
        for message_id, rows in reversed(self.keyboards):
            for row in rows:
                for button in row:
                    if label in button["text"]:
                        return await self.press_data(message_id, button["callback_data"])
        raise AssertionError(f"no button {label!r} in {self.keyboards}")

    def buttons(self) -> list[dict[str, str]]:
        """The newest keyboard's buttons."""
        assert self.keyboards, "no keyboard shown"
        return [button for row in self.keyboards[-1][1] for button in row]

    async def _do(self, push, *args) -> Reply:  # type: ignore[no-untyped-def]
        first = len(self.bot.standin.calls)
        update_id = push(self.user_id, *args)
        await self.bot.wait(update_id)
        return self.collect(first)

    def collect(self, first: int) -> Reply:
        calls = [c for c in self.bot.standin.calls[first:] if c.chat_id in (self.user_id, None)]
        for call in calls:
            if call.method in ("sendMessage", "editMessageText", "editMessageReplyMarkup") and call.message_id:
                self.keyboards = [k for k in self.keyboards if k[0] != call.message_id]
                if call.buttons:
                    self.keyboards.append((call.message_id, call.buttons))
        return Reply(calls)


#: For a test of what only a SQLite file has, in a module whose tests run on both engines.
sqlite_only = pytest.mark.parametrize("database_on_each_engine", ["sqlite"], indirect=True)


@pytest.fixture
def on_each_engine(database_on_each_engine: Path | str) -> Path | str:
    """``database = on_each_engine`` in a module runs its tests on a SQLite file and on PostgreSQL."""
    return database_on_each_engine


def numbered(sql: str) -> str:
    """A test's query, written with ``?`` as for SQLite, with PostgreSQL's ``$1``, ``$2``, … (the
    tests read both engines' tables with the same query; the bot writes each engine's words)."""
    parts = sql.split("?")
    return "".join(part + (f"${i}" if i < len(parts) else "") for i, part in enumerate(parts, start=1))


#: A table of the PostgreSQL unit tests' own, to see each kind of parameter come back as it went.
KINDS = Sql("", "CREATE TABLE IF NOT EXISTS kinds (n BIGINT, x DOUBLE PRECISION, t TEXT, b BOOLEAN, gone BIGINT)")
INSERT_KINDS = Sql("", "INSERT INTO kinds (n, x, t, b, gone) VALUES ($1, $2, $3, $4, $5)")
_store_databases = itertools.count()


@asynccontextmanager
async def store_with_kinds(postgres: Any, prefix: str) -> AsyncIterator[tuple[PostgresStore, str]]:
    """A PostgreSQL store on a fresh database of the test server's, with :data:`KINDS`, and its URL."""
    url = postgres.fresh_database(f"{prefix}_{next(_store_databases)}")
    store = await PostgresStore.connect(url, connections=4, tables=[KINDS])
    try:
        yield store, url
    finally:
        await store.close()


def lock_is_free(url: str, chat_id: int) -> bool:
    """Whether another connection can take the chat's PostgreSQL lock now (and lets it go again:
    the connection closes, and with it the lock it took)."""
    return bool(rows(url, "SELECT pg_try_advisory_lock(?)", chat_id)[0][0])


def rows(database: Path | str, sql: str, *parameters: object) -> list[tuple[Any, ...]]:
    """What another reader of the database sees (committed rows only): the SQLite file through
    the standard library, a PostgreSQL database through its own connection and event loop."""
    if isinstance(database, Path):
        with sqlite3.connect(database) as db:
            return db.execute(sql, parameters).fetchall()

    async def fetch() -> list[tuple[Any, ...]]:
        connection = await asyncpg.connect(database)
        try:
            return [tuple(row) for row in await connection.fetch(numbered(sql), *parameters)]
        finally:
            await connection.close()

    with concurrent.futures.ThreadPoolExecutor(1) as thread:  # beside the test's own event loop
        return thread.submit(asyncio.run, fetch()).result()


def stored_state(database: Path | str, chat_id: int, kind: str) -> tuple[dict[str, object], int] | None:
    """A session as committed to the database."""
    found = rows(database, "SELECT state, version FROM sessions WHERE chat_id = ? AND kind = ?", chat_id, kind)
    return None if not found else (json.loads(found[0][0]), int(found[0][1]))


def record(database: Path | str, user_id: int, kind: str) -> tuple[int, int, int, int] | None:
    sql = "SELECT played, won, lost, hints FROM records WHERE user_id = ? AND kind = ?"
    found = rows(database, sql, user_id, kind)
    return None if not found else tuple(found[0])  # type: ignore[return-value]


async def new_letter_game(
    player: Player,
    rule: str,
    first: str,
    level: str = "Безупречный",
    strict: str = "Мягко",
    *,
    tier: str = "Обычные слова",
) -> Reply:
    """/play and the five set-up buttons, chosen by part of their labels."""
    await player.say("/play")
    await player.tap(rule)
    await player.tap(tier)
    await player.tap(first)
    await player.tap(level)
    return await player.tap(strict)


async def until(condition: Callable[[], bool], seconds: float) -> None:
    """Wait until ``condition`` holds, polling every 50 ms; fail after ``seconds``."""
    for _ in range(int(seconds * 20)):
        if condition():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("timed out")


async def until_polling(standin: BotApiStandin, since: int = 0, seconds: float = 90) -> None:
    """Until a bot process has made its last call before long polling (``deleteWebhook``; among
    ``standin.calls[since:]``): an update pushed from then on is handed to its first getUpdates.
    Waiting for ``standin.polls`` instead waits out a whole empty long poll (10 s), as a poll is
    kept only once it is answered."""
    await until(lambda: any(c.method == "deleteWebhook" for c in standin.calls[since:]), seconds)


ROOT = Path(__file__).resolve().parents[2]


#: GAMES for a bot process in a test whose claim holds whatever games the bot plays (its store, its
#: delivery, its stop): the finger game alone, which builds no table worth the name, so the process
#: spends no CPU on tables the test never reads (the whole registry's start has tests of its own). A
#: test that plays 5bukv names it instead: its tables take a second.
ONE_GAME = "fingers"


def bot_env(standin: BotApiStandin, database: Path | str, **settings: str) -> dict[str, str]:
    """The environment of a ``python -m bot`` process on the stand-in: nothing else from ours but
    where compiled modules are kept (``make test`` keeps them once for every process it starts)."""
    cache = os.environ.get("PYTHONPYCACHEPREFIX")
    return {
        "PATH": "/usr/bin:/bin",
        "PYTHONPATH": str(ROOT),
        **({"PYTHONPYCACHEPREFIX": cache} if cache else {}),
        "BOT_TOKEN": FAKE_TOKEN,
        "TELEGRAM_API_BASE_URL": standin.base_url,
        **({"DATABASE_URL": database} if isinstance(database, str) else {"DATABASE_PATH": str(database)}),
        **settings,
    }


@dataclass
class Finished:
    """What a bot process left behind once it stopped."""

    log: str = ""
    status: int | None = None


@asynccontextmanager
async def bot_process(
    env: dict[str, str], cwd: Path, standin: BotApiStandin, *flags: str, ready: str = "deleteWebhook"
) -> AsyncIterator[Finished]:
    """``python -m bot`` as its own process (forked: tests/forkserver.py), ready once it has made
    the ``ready`` call (polling deletes any webhook; webhook mode sets one); stopped with Ctrl-C
    (SIGINT) as a person would, its stderr and exit status kept."""
    process = await forkserver.start("bot", *flags, cwd=cwd, env=env, stderr=asyncio.subprocess.PIPE)
    finished = Finished()
    try:
        await until(lambda: any(c.method == ready for c in standin.calls), seconds=90)
        yield finished
    finally:
        process.send_signal(signal.SIGINT)
        assert process.stderr is not None
        finished.log = (await process.stderr.read()).decode()
        finished.status = await process.wait()


# ------------------------------------------------------------------ a group chat

GROUP = -1001234
NAMES = {301: "Аня", 302: "Боря", 303: "Вера", 399: "Чужой"}
_message_ids = itertools.count(900_000)


class Group:
    """People in one supergroup with the bot; each push waits until the bot is done with it."""

    def __init__(self, bot: Bot, chat_id: int = GROUP, topic: int | None = None, language: str = "ru") -> None:
        self.bot = bot
        self.language = language  # every member's Telegram language
        self.chat_id = chat_id
        self.chat = {"id": chat_id, "type": "supergroup", "title": "Буквоеды", "is_forum": topic is not None}
        self.topic = topic  # a forum topic every message of the people is written in

    def _user(self, user_id: int) -> dict[str, Any]:
        return {
            "id": user_id,
            "is_bot": False,
            "first_name": NAMES.get(user_id, "Кто-то"),
            "language_code": self.language,
        }

    async def say(self, user_id: int, text: str, reply_to: int | None = None) -> Reply:
        message: dict[str, Any] = {
            "message_id": next(_message_ids),
            "date": int(time.time()),
            "chat": self.chat,
            "from": self._user(user_id),
            "text": text,
        }
        if text.startswith("/"):
            message["entities"] = [{"type": "bot_command", "offset": 0, "length": len(text.split(maxsplit=1)[0])}]
        if reply_to is not None:
            replied = dict(self.bot.standin.messages[(self.chat_id, reply_to)])
            message["reply_to_message"] = replied | {"chat": self.chat}
        if self.topic is not None:
            message |= {"message_thread_id": self.topic, "is_topic_message": True}
        return await self._push({"message": message})

    async def press(self, user_id: int, message_id: int, data: str) -> Reply:
        shown = self.bot.standin.messages.get((self.chat_id, message_id), {"message_id": message_id, "text": "?"})
        query = {
            "id": str(next(_message_ids)),
            "from": self._user(user_id),
            "chat_instance": str(self.chat_id),
            "message": {"date": int(time.time()), "from": BOT_USER} | shown | {"chat": self.chat},
            "data": data,
        }
        return await self._push({"callback_query": query})

    async def _push(self, body: dict[str, Any]) -> Reply:
        first = len(self.bot.standin.calls)
        await self.bot.wait(self.bot.standin._push(body))
        return Reply([c for c in self.bot.standin.calls[first:] if c.chat_id in (self.chat_id, None)])


def lobby_buttons(reply: Reply) -> tuple[int, dict[str, str]]:
    """The lobby message's id and its buttons by label."""
    call = next(c for c in reversed(reply.calls) if c.buttons)
    assert call.message_id is not None
    return call.message_id, {b["text"]: b["callback_data"] for row in call.buttons for b in row}


def button(buttons: dict[str, str], label: str) -> str:
    return next(data for text, data in buttons.items() if label in text)


async def open_lobby(group: Group, creator: int, *joining: int, rule: str | None = None) -> tuple[int, dict[str, str]]:
    lobby, buttons = lobby_buttons(await group.say(creator, "/play"))
    for user in joining:
        reply = await group.press(user, lobby, button(buttons, "Играю"))
        lobby, buttons = lobby_buttons(reply)
    if rule is not None:  # the rule already chosen edits nothing: the lobby's buttons as shown
        await group.press(creator, lobby, button(buttons, rule))
        buttons = shown_buttons(group, lobby)
    return lobby, buttons


def shown_buttons(group: Group, message_id: int) -> dict[str, str]:
    """A group message's buttons by label, as the chat shows them now."""
    shown = group.bot.standin.messages[(group.chat_id, message_id)]["reply_markup"]["inline_keyboard"]
    return {b["text"]: b["callback_data"] for row in shown for b in row}


def no_game_now(lang: Lang) -> str:
    """What the bot says when no game is under way: how to start each registered game."""
    return nothing_running(lang, start_lines(lang, GAMES))


def scripted(lines: list[str]) -> Callable[[str], str]:
    """The console's input (``bot.runtime.console.chat``'s ``read_line``): these lines, then end of
    input, as Ctrl-D gives it."""
    given = iter(lines)

    def read_line(prompt: str) -> str:
        try:
            return next(given)
        except StopIteration:
            raise EOFError from None

    return read_line
