"""Stopping the real ``python -m bot`` (SIGTERM, as ``docker stop`` does) while Telegram hangs
or keeps saying "retry after 30 s": it ends within SHUTDOWN_SECONDS (and so, with the default,
within Docker's 10 s), the database closed and its lock free.

Before, each call under way at the stop (the replies in flight, PTB's last getUpdates that
confirms the offset) waited its full timeout, times the retries: 41.6 s, and Docker kills
the process after 10.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sqlite3
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import forkserver
import pytest
from bot_harness import ONE_GAME, bot_env, until
from standin import BotApiStandin, Fault

from bot.registry import Settings

#: ``docker stop``'s grace period: with the default SHUTDOWN_SECONDS the bot must be gone by then.
DOCKER_GRACE = 10.0
#: What a stop may take beyond SHUTDOWN_SECONDS: the process's own exit.
SLACK = 2.0
#: A shorter budget, for the tests that show any budget is kept (each second of it is the suite's).
SHORT = 3.0


@dataclass
class Running:
    """A bot process and its log so far (read as it is written, so a test can wait for a line)."""

    process: forkserver.Forked
    lines: list[str] = field(default_factory=list)
    reading: asyncio.Task[None] | None = None

    async def read(self) -> None:
        assert self.process.stderr is not None
        async for line in self.process.stderr:
            self.lines.append(line.decode())

    def said(self, words: str) -> bool:
        return any(words in line for line in self.lines)


async def start(standin: BotApiStandin, tmp_path: Path, ready: str, **settings: str) -> Running:
    """The bot, once it has made the ``ready`` call (its log read as it comes)."""
    env = bot_env(standin, tmp_path / "db" / "bot.sqlite3", LOG_LEVEL="INFO", GAMES=ONE_GAME, **settings)
    process = await forkserver.start("bot", cwd=tmp_path, env=env, stderr=asyncio.subprocess.PIPE)
    running = Running(process)
    running.reading = asyncio.create_task(running.read())
    await until(lambda: any(c.method == ready for c in standin.calls), seconds=90)
    return running


async def stopped(running: Running) -> tuple[float, int, str]:
    """SIGTERM; the seconds until the process was gone, its status and its log."""
    began = time.monotonic()
    running.process.send_signal(signal.SIGTERM)
    status = await asyncio.wait_for(running.process.wait(), 120)
    seconds = time.monotonic() - began
    assert running.reading is not None
    await asyncio.wait_for(running.reading, 10)
    return seconds, status, "".join(running.lines)


async def lock_is_free(tmp_path: Path) -> bool:
    released = await asyncio.create_subprocess_exec(
        *(sys.executable, "-c", "import fcntl,sys; fcntl.flock(open(sys.argv[1],'ab'), fcntl.LOCK_EX|fcntl.LOCK_NB)"),
        str(tmp_path / "db" / "bot.sqlite3.lock"),
    )
    return await released.wait() == 0


def unsent_chats(database: Path) -> set[int]:
    """The chats with replies committed and not yet sent (the bot's outbox, read beside it)."""
    if not database.exists():
        return set()
    with contextlib.closing(sqlite3.connect(database, timeout=5)) as db:
        return {chat for (chat,) in db.execute("SELECT chat_id FROM outbox")}


async def replies_under_way(standin: BotApiStandin, fault: Fault, chats: range, database: Path) -> None:
    """One update per chat, each reply committed and meeting ``fault`` (after a 429, PTB's limiter
    holds the others back before they reach Telegram: they are under way all the same); then
    every further poll meets it too (from the next one: the poll under way brings the updates)."""
    standin.inject("sendMessage", fault, times=1000, retry_after=30)
    for chat in chats:
        standin.push_message(chat, "/start")

    def under_way() -> bool:
        tried = {call.chat_id for call, _ in standin.refused if call.method == "sendMessage"}
        # A hanging Telegram is reached by every reply (waiting for only the first let the stop
        # come before the last one was sent, and it was never cut off); after a 429 the limiter
        # holds the rest back before they reach it.
        reached = set(chats) <= tried if fault is Fault.HANG else bool(tried)
        return reached and set(chats) <= unsent_chats(database)

    await until(under_way, 20)
    standin.inject("getUpdates", fault, times=1000, retry_after=30)


@pytest.mark.parametrize(("fault", "budget"), [(Fault.HANG, None), (Fault.RETRY_AFTER, SHORT)])
@pytest.mark.process
async def test_sigterm_while_telegram_fails_ends_within_its_budget_and_docker_grace(
    standin: BotApiStandin, tmp_path: Path, fault: Fault, budget: float | None
) -> None:
    """With the default SHUTDOWN_SECONDS (Telegram hanging) within ``docker stop``'s grace; with
    a shorter one (Telegram saying "retry after 30 s") within that."""
    settings = {} if budget is None else {"SHUTDOWN_SECONDS": str(budget)}
    bot = await start(standin, tmp_path, "deleteWebhook", **settings)  # polling: the first poll brings them
    await replies_under_way(standin, fault, range(300, 305), tmp_path / "db" / "bot.sqlite3")
    seconds, status, log = await stopped(bot)
    limit = DOCKER_GRACE if budget is None else budget + SLACK
    assert Settings(_env_file=None).shutdown_seconds + SLACK <= DOCKER_GRACE  # type: ignore[call-arg]
    assert seconds < limit, (seconds, log)
    assert status == 0, log
    assert await lock_is_free(tmp_path)
    assert "Traceback" not in log and "could not close the database" not in log, log
    assert unsent_chats(tmp_path / "db" / "bot.sqlite3") == set(range(300, 305))  # kept to send after a restart
    cut_off = log.count("the bot is stopping")  # each reply cut off said so once (the game is saved)
    if fault is Fault.HANG:
        assert cut_off == 5, log  # every reply had reached Telegram
    else:  # after the 429 the others wait in python-telegram-bot's limiter, or had not reached it yet
        assert 1 <= cut_off <= 5, log


@pytest.mark.process
async def test_sigterm_in_webhook_mode_with_held_connections_and_a_hanging_telegram(
    standin: BotApiStandin, tmp_path: Path
) -> None:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"http://127.0.0.1:{port}/hook"
    settings = {
        "WEBHOOK_URL": url,
        "WEBHOOK_LISTEN": "127.0.0.1",
        "WEBHOOK_PORT": str(port),
        "WEBHOOK_SECRET_TOKEN": "s3cret-token",
        "WEBHOOK_IDLE_SECONDS": "60",
        "SHUTDOWN_SECONDS": str(SHORT),
    }
    bot = await start(standin, tmp_path, "setWebhook", **settings)
    held = []
    for _ in range(20):
        for _attempt in range(100):  # the server may still be starting to listen
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
                break
            except OSError:
                await asyncio.sleep(0.1)
        writer.write(b"POST /hook HTTP/1.1\r\nHost: x\r\n")
        held.append((reader, writer))
    standin.inject("sendMessage", Fault.HANG, times=1000)
    import aiohttp

    body = {"update_id": 900, **standin.message_update(310, "/start")}
    headers = {"X-Telegram-Bot-Api-Secret-Token": "s3cret-token"}
    async with aiohttp.ClientSession() as session, session.post(url, json=body, headers=headers) as answer:
        assert answer.status == 200
    await until(lambda: any(call.method == "sendMessage" for call, _ in standin.refused), seconds=20)
    seconds, status, log = await stopped(bot)
    for _, writer in held:
        writer.close()
    assert seconds < SHORT + SLACK, (seconds, log)
    assert status == 0, log
    assert await lock_is_free(tmp_path)
    assert "Traceback" not in log, log


async def test_a_retry_after_met_while_stopping_ends_the_poll_at_once(standin: BotApiStandin) -> None:
    """A poll that meets "retry after 30 s" once the stop has begun returns nothing at once. Raised,
    python-telegram-bot's polling loop slept the 30 s out where the stop could not cut it short,
    and the stop took 30.6 s against a budget of 3 whenever the signal came just before that answer."""
    from bot.runtime.transport import make_bot

    settings = Settings(_env_file=None, bot_token="1:x", telegram_api_base_url=standin.base_url)  # type: ignore[call-arg, arg-type]
    bot = make_bot(settings, "1:x")
    await bot.initialize()
    try:
        bot.end_calls_within(SHORT)
        standin.inject("getUpdates", Fault.RETRY_AFTER, retry_after=30)
        began = time.monotonic()
        assert await bot.get_updates(timeout=0) == ()
        assert time.monotonic() - began < SHORT
        assert any(call.method == "getUpdates" for call, _ in standin.refused)  # Telegram did say it
    finally:
        await bot.shutdown()
