"""Webhook mode against the stand-in: updates POSTed to the bot's own server on 127.0.0.1,
accepted only with the secret token Telegram would send back."""

from __future__ import annotations

import asyncio
import json
import socket
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from bot_harness import ONE_GAME, bot_env, bot_process, until
from standin import FAKE_TOKEN, BotApiStandin, Fault

from bot.core.solvers import Solvers
from bot.registry import Settings
from bot.runtime.app import build_application, running
from bot.runtime.console import UpdateTracker
from bot.runtime.webhook import Hook

SECRET = "webhook-secret_42"
HEADER = "X-Telegram-Bot-Api-Secret-Token"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture
async def webhook(standin: BotApiStandin, solvers: Solvers, database: Path) -> AsyncIterator[tuple[str, UpdateTracker]]:
    """The bot serving a webhook on an ephemeral local port; yields its URL and an update tracker."""
    settings = Settings(  # type: ignore[call-arg]
        _env_file=None, bot_token=FAKE_TOKEN, database_path=database, telegram_api_base_url=standin.base_url
    )
    application = build_application(settings, solvers)
    tracker = UpdateTracker(application)
    port = free_port()
    url = f"http://127.0.0.1:{port}/telegram/hook"
    hook = Hook(listen="127.0.0.1", port=port, url_path="telegram/hook", url=url, secret_token=SECRET)
    async with running(application, webhook=hook):
        yield url, tracker


async def post(url: str, body: dict[str, object], secret: str | None) -> int:
    headers = {HEADER: secret} if secret is not None else {}
    async with aiohttp.ClientSession() as session, session.post(url, json=body, headers=headers) as response:
        return response.status


async def test_the_bot_registers_its_webhook_with_the_secret(
    webhook: tuple[str, UpdateTracker], standin: BotApiStandin
) -> None:
    url, _ = webhook
    assert standin.webhook["url"] == url and standin.webhook["secret_token"] == SECRET


async def test_an_update_with_the_secret_is_answered(
    webhook: tuple[str, UpdateTracker], standin: BotApiStandin
) -> None:
    url, tracker = webhook
    assert await post(url, {"update_id": 501, **standin.message_update(71, "/start")}, SECRET) == 200
    await tracker.wait(501, timeout=10)
    assert [c.chat_id for c in standin.calls if c.method == "sendMessage"] == [71]


async def test_a_posted_update_is_kept_before_telegram_is_told_it_arrived(
    webhook: tuple[str, UpdateTracker], standin: BotApiStandin, database: Path
) -> None:
    """Telegram does not post an update again once answered 200, and PTB answers before
    handling it: so the update is on file by then, in the inbox (to be replayed after a crash)
    or already applied, its reply in the outbox."""
    url, tracker = webhook
    standin.inject("sendMessage", Fault.HANG)  # the reply does not go out: the update is not done yet
    try:
        assert await post(url, {"update_id": 503, **standin.message_update(73, "/start")}, SECRET) == 200
        with sqlite3.connect(database) as db:
            kept = db.execute("SELECT update_id FROM inbox UNION SELECT update_id FROM ledger").fetchall()
    finally:
        standin.end_hangs()
    await tracker.wait(503, timeout=10)
    assert kept == [(503,)]


async def test_a_posted_update_is_kept_as_telegram_posted_it(
    webhook: tuple[str, UpdateTracker], standin: BotApiStandin, database: Path
) -> None:
    """The handlers read a message the update points at without its keyboard (bot/delivery/reading.py);
    the inbox keeps the body as Telegram posted it, keyboard and all, not the parse written back."""
    url, tracker = webhook
    body: dict[str, Any] = {"update_id": 505, **standin.message_update(74, "/help")}
    keyboard = {"inline_keyboard": [[{"text": "к", "callback_data": "x"}]]}
    body["message"]["reply_to_message"] = {
        "message_id": 1,
        "date": body["message"]["date"],
        "chat": body["message"]["chat"],
        "text": "a board",
        "reply_markup": keyboard,
    }
    standin.inject("sendMessage", Fault.HANG)  # the chat's first reply hangs: its next update waits, kept
    try:
        assert await post(url, {"update_id": 504, **standin.message_update(74, "/start")}, SECRET) == 200
        assert await post(url, body, SECRET) == 200
        with sqlite3.connect(database) as db:
            (kept,) = db.execute("SELECT body FROM inbox WHERE update_id = 505").fetchone()
    finally:
        standin.end_hangs()
    await tracker.wait(505, timeout=10)
    assert json.loads(kept) == body


@pytest.mark.parametrize("secret", ["wrong-secret", None])
async def test_a_wrong_or_missing_secret_is_refused_and_not_processed(
    webhook: tuple[str, UpdateTracker], standin: BotApiStandin, secret: str | None
) -> None:
    url, tracker = webhook
    assert await post(url, {"update_id": 502, **standin.message_update(72, "/start")}, secret) == 403
    await asyncio.sleep(0.3)  # time the bot would have needed to answer
    assert not tracker.done[502].is_set()
    assert not [c for c in standin.calls if c.method == "sendMessage"]


async def test_only_a_json_post_to_the_hooks_path_is_taken(
    webhook: tuple[str, UpdateTracker], standin: BotApiStandin
) -> None:
    """As PTB's own server answered: another content type 403, another method 405, another path 404."""
    url, tracker = webhook
    body = json.dumps({"update_id": 504, **standin.message_update(74, "/start")})
    async with aiohttp.ClientSession() as session:
        plain = {HEADER: SECRET, "Content-Type": "text/plain"}
        async with session.post(url, data=body, headers=plain) as response:
            assert response.status == 403
        async with session.get(url, headers={HEADER: SECRET}) as response:
            assert response.status == 405
        async with session.post(url + "/elsewhere", json=json.loads(body), headers={HEADER: SECRET}) as response:
            assert response.status == 404
    assert await post(url + "/", json.loads(body), SECRET) == 200  # the path with a trailing slash is the hook
    await tracker.wait(504, timeout=10)
    assert [c.chat_id for c in standin.calls if c.method == "sendMessage"] == [74]


@pytest.mark.process
async def test_python_m_bot_serves_a_webhook(standin: BotApiStandin, tmp_path: Path) -> None:
    """The real entry point in webhook mode (on uvloop, as deployed): it registers the hook,
    answers an update carrying the secret, refuses one without, and stops cleanly."""
    port, url, env = webhook_process(standin, tmp_path)
    async with bot_process(env, tmp_path, standin, ready="setWebhook") as finished:
        assert standin.webhook["url"] == url
        await until(lambda: _listening(port), seconds=30)
        assert await post(url, {"update_id": 601, **standin.message_update(81, "/start")}, "wrong") == 403
        assert await post(url, {"update_id": 602, **standin.message_update(82, "/start")}, SECRET) == 200
        await until(lambda: any(c.method == "sendMessage" and c.chat_id == 82 for c in standin.calls), seconds=20)
    assert finished.status == 0, finished.log
    assert not any(c.method == "sendMessage" and c.chat_id == 81 for c in standin.calls)


def webhook_process(standin: BotApiStandin, tmp_path: Path) -> tuple[int, str, dict[str, str]]:
    """A free local port, the webhook URL on it, and a ``python -m bot`` environment serving it."""
    port = free_port()
    url = f"http://127.0.0.1:{port}/telegram/hook"
    env = bot_env(
        standin,
        tmp_path / "bot.sqlite3",
        WEBHOOK_URL=url,
        WEBHOOK_LISTEN="127.0.0.1",
        WEBHOOK_PORT=str(port),
        WEBHOOK_SECRET_TOKEN=SECRET,
        GAMES=ONE_GAME,
    )
    return port, url, env


def _listening(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


@pytest.mark.process
async def test_python_m_bot_refuses_a_huge_webhook_body_before_reading_it(
    standin: BotApiStandin, tmp_path: Path
) -> None:
    """A post announcing 60 MB is answered at once from its headers: the bot does not wait for
    (or keep) a body it would refuse; tornado's own limit was 100 MB, read before the secret check."""
    port, url, env = webhook_process(standin, tmp_path)
    async with bot_process(env, tmp_path, standin, ready="setWebhook") as finished:
        await until(lambda: _listening(port), seconds=30)
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        head = f"POST /telegram/hook HTTP/1.1\r\nHost: x\r\nContent-Length: {60 * 2**20}\r\n{HEADER}: {SECRET}\r\n\r\n"
        writer.write(head.encode() + b"{" * 1000)  # a start of the body, never the rest
        status_line = await asyncio.wait_for(reader.readline(), 10)
        writer.close()
        assert status_line.split()[1] in (b"400", b"413"), status_line
        assert await post(url, {"update_id": 603, **standin.message_update(83, "/start")}, SECRET) == 200
        await until(lambda: any(c.method == "sendMessage" and c.chat_id == 83 for c in standin.calls), seconds=20)
    assert finished.status == 0, finished.log
