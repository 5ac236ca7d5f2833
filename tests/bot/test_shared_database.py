"""Several real ``python -m bot`` processes on one PostgreSQL database: behind a load balancer
any of them may receive any update, with long polling one polls; all of them work off the inbox,
and a SIGKILL of any of them loses nothing and applies nothing twice."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import aiohttp
import forkserver
import pytest
from bot_harness import bot_env, rows, until
from standin import BotApiStandin

from bot.games.wordle.session import KIND as WORDLE

#: Every test here starts real bot processes.
pytestmark = pytest.mark.process

CHATS = range(7_000, 7_012)


async def start(standin: BotApiStandin, url: str, cwd: Path) -> forkserver.Forked:
    """A bot process on the shared database, once it is up (it deletes any webhook first)."""
    since = sum(1 for c in standin.calls if c.method == "deleteWebhook")
    env = bot_env(standin, url, LOG_LEVEL="WARNING", THROTTLE_MESSAGES="0", TELEGRAM_MAX_RATE="0", GAMES=WORDLE)
    process = await forkserver.start("bot", cwd=cwd, env=env, stderr=asyncio.subprocess.DEVNULL)
    await until(lambda: sum(1 for c in standin.calls if c.method == "deleteWebhook") > since, seconds=60)
    return process


def games(url: str) -> dict[int, int]:
    """Each chat's 5bukv games begun on file: its session's version, which each ``/5bukv``
    applied moves on by one (a new game saved over the last), so one applied twice shows."""
    found = rows(url, "SELECT chat_id, version FROM sessions WHERE kind = ?", WORDLE)
    return {int(chat): int(version) for chat, version in found}


async def test_three_processes_through_a_kill_apply_every_update_once(
    standin: BotApiStandin, postgres: object, tmp_path: Path
) -> None:
    """Twelve chats send ``/5bukv`` (each applied adds one game) while three processes share the
    database, and the one that polls is killed mid-way: its claims lapse, another process polls,
    and every update is applied once (the benchmark kills again and again: bench_shared.py)."""
    url = postgres.fresh_database("shared_kills")  # type: ignore[attr-defined]
    processes = [await start(standin, url, tmp_path)]  # the first polls
    processes += await asyncio.gather(start(standin, url, tmp_path), start(standin, url, tmp_path))
    sent = dict.fromkeys(CHATS, 0)
    try:
        for round_ in range(4):
            for chat in CHATS:
                standin.push_message(chat, "/5bukv")
                sent[chat] += 1
            await asyncio.sleep(0.3)
            if round_ == 1:
                processes[0].kill()
                await processes[0].wait()
        await until(lambda: games(url) == sent, seconds=60)
        await asyncio.sleep(1.0)  # anything applied twice would show by now
        assert games(url) == sent
        assert rows(url, "SELECT COUNT(*) FROM inbox WHERE claimed_by IS NULL")[0][0] == 0
    finally:
        for process in processes:
            if process.returncode is None:
                process.kill()
                await process.wait()


SECRET = "shared-webhook-secret"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def start_webhook(
    standin: BotApiStandin, url: str, cwd: Path, port: int, log: Path | None = None
) -> forkserver.Forked:
    """A bot process serving the webhook on ``port`` of 127.0.0.1, once it has set the webhook
    (its stderr into ``log``, when given)."""
    since = sum(1 for c in standin.calls if c.method == "setWebhook")
    settings = {
        "WEBHOOK_URL": f"http://127.0.0.1:{port}/hook",
        "WEBHOOK_LISTEN": "127.0.0.1",
        "WEBHOOK_PORT": str(port),
        "WEBHOOK_SECRET_TOKEN": SECRET,
    }
    env = bot_env(
        standin, url, LOG_LEVEL="WARNING", THROTTLE_MESSAGES="0", TELEGRAM_MAX_RATE="0", GAMES=WORDLE, **settings
    )
    with log.open("ab") if log is not None else open(os.devnull, "wb") as err:
        process = await forkserver.start("bot", cwd=cwd, env=env, stderr=err)
    await until(lambda: sum(1 for c in standin.calls if c.method == "setWebhook") > since, seconds=60)
    await until(lambda: listening(port), seconds=30)
    return process


def listening(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


async def post(session: aiohttp.ClientSession, port: int, body: dict[str, object]) -> int:
    headers = {"Content-Type": "application/json", "X-Telegram-Bot-Api-Secret-Token": SECRET}
    async with session.post(f"http://127.0.0.1:{port}/hook", data=json.dumps(body), headers=headers) as answer:
        return answer.status


async def test_the_same_update_posted_to_two_webhook_processes_at_once_applies_once(
    standin: BotApiStandin, postgres: object, tmp_path: Path
) -> None:
    """Behind a load balancer, as a retrying Telegram or proxy may: each round's ``/5bukv`` is POSTed
    five times to each of two processes at once; each round applies once and is answered once."""
    url = postgres.fresh_database("shared_webhooks")  # type: ignore[attr-defined]
    ports = [free_port(), free_port()]
    processes = list(await asyncio.gather(*(start_webhook(standin, url, tmp_path, port) for port in ports)))
    chat, rounds = 7_100, 3
    try:
        async with aiohttp.ClientSession() as session:
            for round_ in range(rounds):
                body = {"update_id": 50_000 + round_, **standin.message_update(chat, "/5bukv")}
                statuses = await asyncio.gather(*(post(session, port, body) for port in ports * 5))
                assert statuses == [200] * 10
                await until(lambda: games(url).get(chat) == round_ + 1, seconds=30)  # noqa: B023

        def answers() -> int:
            return sum(1 for c in standin.calls if c.chat_id == chat and c.method == "sendMessage")

        await until(lambda: answers() >= rounds, seconds=30)  # each sent once its game is saved
        await asyncio.sleep(1.0)  # a second application, or a second answer, would show by now
        assert games(url) == {chat: rounds}
        assert answers() == rounds
    finally:
        for process in processes:
            process.kill()
            await process.wait()


@pytest.fixture
def crash_safe_postgres() -> Iterator[Any]:
    """A server of its own that loses nothing committed when it crashes (``synchronous_commit=on``)."""
    sys.path.insert(0, str(Path(__file__).parent.parent))
    import pgserver

    with pgserver.running(crash_safe=True) as server:
        yield server


async def post_until_taken(session: aiohttp.ClientSession, ports: list[int], body: dict[str, object]) -> None:
    """POST an update as Telegram does: again, to the next process, until one answers 200."""
    for attempt in range(600):
        try:
            if await post(session, ports[attempt % len(ports)], body) == 200:
                return
        except aiohttp.ClientError:
            pass
        await asyncio.sleep(0.2)
    raise AssertionError(f"update {body['update_id']} was never taken")


def applied_in_order(url: str) -> dict[int, list[int]]:
    """Each chat's updates in the order they were applied: each one's ledger row was written by
    its own transaction, whose id (``xmin``) the server hands out in the order transactions write,
    and a chat's items run one after the other under its lock."""
    found = rows(url, "SELECT chat_id, update_id FROM ledger ORDER BY xmin::text::bigint")
    applied: dict[int, list[int]] = {}
    for chat, update_id in found:
        applied.setdefault(int(chat), []).append(int(update_id))
    return applied


async def test_a_postgresql_crash_under_load_loses_nothing_applies_nothing_twice_and_keeps_order(
    standin: BotApiStandin, crash_safe_postgres: Any, tmp_path: Path
) -> None:
    """Two webhook processes; eight chats each POST ``/5bukv`` after ``/5bukv``, each update to the
    next process, while the server is stopped at once (``-m immediate``) and started again 3 s
    later. Every update answered 200 is applied once, in its chat's order, and the inbox empties:
    no claim is left renewed by a process that no longer works on it."""
    server = crash_safe_postgres
    url = server.fresh_database("restarts")
    ports = [free_port(), free_port()]
    logs = [tmp_path / "first.log", tmp_path / "second.log"]
    processes = list(
        await asyncio.gather(
            *(start_webhook(standin, url, tmp_path, port, log) for port, log in zip(ports, logs, strict=True))
        )
    )
    chats, per_chat = range(7_200, 7_208), 24
    posted: dict[int, list[int]] = {chat: [] for chat in chats}
    next_id = iter(range(60_000, 70_000))

    async def chat_posts(session: aiohttp.ClientSession, chat: int) -> None:
        for turn in range(per_chat):
            update_id = next(next_id)
            body = {"update_id": update_id, **standin.message_update(chat, "/5bukv")}
            await post_until_taken(session, ports[turn % 2 :] + ports[: turn % 2], body)
            posted[chat].append(update_id)
            await asyncio.sleep(0.15)

    try:
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=15)) as session:
            streams = asyncio.gather(*(chat_posts(session, chat) for chat in chats))
            await asyncio.sleep(1.5)
            await asyncio.to_thread(server.crash)
            crashed_at = time.monotonic()
            await asyncio.sleep(3.0)
            await asyncio.to_thread(server.start_again)
            assert time.monotonic() - crashed_at < 30
            await streams
        sent = {chat: len(ids) for chat, ids in posted.items()}
        try:
            await until(lambda: games(url) == sent, seconds=90)  # none lost
        except AssertionError:
            left = rows(url, "SELECT update_id, chat_id, claimed_by, claimed_at FROM inbox ORDER BY update_id")
            raise AssertionError(f"applied {games(url)} of {sent}; in the inbox: {left}") from None
        await until(lambda: rows(url, "SELECT COUNT(*) FROM inbox") == [(0,)], seconds=30)  # none stuck
        await until(lambda: rows(url, "SELECT COUNT(*) FROM outbox") == [(0,)], seconds=30)  # every reply out
        await asyncio.sleep(1.0)
        assert games(url) == sent  # none twice
        assert applied_in_order(url) == posted  # order kept, each once
        for chat in chats:  # each reply once at least, in the order the updates were applied
            replies = [c for c in standin.calls if c.chat_id == chat and c.method == "sendMessage"]
            assert len(replies) >= sent[chat]
    finally:
        for process in processes:
            process.kill()
            await process.wait()
    text = "\n".join(log.read_text() for log in logs)
    assert "released back to the pool" not in text and "Failed to restore" not in text, text[-3000:]
    assert "Traceback" not in text, text[-3000:]
