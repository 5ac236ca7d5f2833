"""Players' texts and names stay out of the log of the real ``python -m bot`` at every level,
DEBUG too, unless LOG_USER_DATA asks for them."""

from __future__ import annotations

import asyncio
from pathlib import Path

import forkserver
import pytest
from bot_harness import ONE_GAME, bot_env, until, until_polling
from standin import BotApiStandin

pytestmark = pytest.mark.process

SECRET_WORDS = "my-very-own-words-8812"
SECRET_NAME = "Zebediah-4471"


async def debug_log(standin: BotApiStandin, tmp_path: Path, **settings: str) -> str:
    """The log of a bot at DEBUG that was sent a message with a text and a name of its own."""
    env = bot_env(standin, tmp_path / "bot.sqlite3", LOG_LEVEL="DEBUG", GAMES=ONE_GAME, **settings)
    log = tmp_path / "bot.log"
    with log.open("wb") as out:
        process = await forkserver.start("bot", env=env, stderr=out)
    try:
        await until_polling(standin)
        body = standin.message_update(41, SECRET_WORDS)
        body["message"]["from"]["first_name"] = SECRET_NAME
        standin.push_raw(body)
        await until(lambda: any(c.chat_id == 41 and c.method == "sendMessage" for c in standin.calls), 60)
        await asyncio.sleep(0.5)
    finally:
        process.terminate()
        await process.wait()
    return log.read_text()


async def test_no_texts_or_names_in_the_log_at_debug(standin: BotApiStandin, tmp_path: Path) -> None:
    log = await debug_log(standin, tmp_path)
    assert " DEBUG bot.delivery" in log  # the level is on for the bot's own lines (each item done)
    assert SECRET_WORDS not in log and SECRET_NAME not in log


async def test_log_user_data_lets_them_in(standin: BotApiStandin, tmp_path: Path) -> None:
    log = await debug_log(standin, tmp_path, LOG_USER_DATA="true")
    assert SECRET_WORDS in log and SECRET_NAME in log
