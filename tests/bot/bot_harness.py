"""Drive the real Application over HTTP through the Bot API stand-in, as a player would."""

from __future__ import annotations

import asyncio
import re
import signal
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

from telegram.ext import Application

from bot.app import build_application, running
from bot.console import UpdateTracker
from bot.settings import Settings
from bot.solvers import Solvers
from bot.standin import FAKE_TOKEN, BotApiStandin, Call

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


@asynccontextmanager
async def running_bot(
    standin: BotApiStandin, solvers: Solvers, database: Path, **overrides: object
) -> AsyncIterator[Bot]:
    """``overrides``: settings for one test; flood control is off unless a test turns it on."""
    settings = Settings(
        _env_file=None,  # type: ignore[call-arg]
        bot_token=FAKE_TOKEN,
        database_path=database,
        telegram_api_base_url=standin.base_url,
        telegram_api_base_file_url=standin.base_url.replace("/bot", "/file/bot"),
        **({"throttle_messages": 0} | overrides),
    )
    application = build_application(settings, solvers)
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
        boards = re.findall(r"(?:Доска|Board): «([^»]*)»", self.text)
        assert boards, self.text
        return boards[-1].lower()

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


def stored_state(database: Path, chat_id: int, kind: str) -> tuple[dict[str, object], int] | None:
    """A session as committed to the SQLite file (read with the standard library)."""
    import json
    import sqlite3

    with sqlite3.connect(database) as db:
        row = db.execute(
            "SELECT state, version FROM sessions WHERE chat_id = ? AND kind = ?", (chat_id, kind)
        ).fetchone()
    return None if row is None else (json.loads(row[0]), int(row[1]))


def record(database: Path, user_id: int, kind: str) -> tuple[int, int, int, int] | None:
    import sqlite3

    with sqlite3.connect(database) as db:
        row = db.execute(
            "SELECT played, won, lost, hints FROM records WHERE user_id = ? AND kind = ?", (user_id, kind)
        ).fetchone()
    return None if row is None else tuple(row)  # type: ignore[return-value]


async def new_letter_game(
    player: Player, rule: str, first: str, level: str = "Безупречный", strict: str = "Мягко"
) -> Reply:
    """/play and the four set-up buttons, chosen by part of their labels."""
    await player.say("/play")
    await player.tap(rule)
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


ROOT = Path(__file__).resolve().parents[2]


def bot_env(standin: BotApiStandin, database: Path, **settings: str) -> dict[str, str]:
    """The environment of a ``python -m bot`` process on the stand-in: nothing else from ours."""
    return {
        "PATH": "/usr/bin:/bin",
        "PYTHONPATH": str(ROOT),
        "BOT_TOKEN": FAKE_TOKEN,
        "TELEGRAM_API_BASE_URL": standin.base_url,
        "DATABASE_PATH": str(database),
        **settings,
    }


@dataclass
class Finished:
    """What a bot process left behind once it stopped."""

    log: str = ""
    status: int | None = None


@asynccontextmanager
async def bot_process(
    env: dict[str, str], cwd: Path, standin: BotApiStandin, ready: str = "deleteWebhook"
) -> AsyncIterator[Finished]:
    """The real ``python -m bot`` as its own process, ready once it has made the ``ready`` call
    (polling deletes any webhook; webhook mode sets one); stopped with Ctrl-C (SIGINT) as a
    person would, its stderr and exit status kept."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=cwd, env=env, stderr=asyncio.subprocess.PIPE
    )
    finished = Finished()
    try:
        await until(lambda: any(c.method == ready for c in standin.calls), seconds=90)
        yield finished
    finally:
        process.send_signal(signal.SIGINT)
        assert process.stderr is not None
        finished.log = (await process.stderr.read()).decode()
        finished.status = await process.wait()
