"""The real ``python -m bot`` serving a webhook on 127.0.0.1 to clients that misbehave: slow or
half-sent requests, a flood of them, bodies that are not updates, updates it cannot read."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

import aiohttp
import pytest
from bot_harness import ONE_GAME, Finished, bot_env, bot_process, until
from standin import BotApiStandin

from bot.registry import Settings

SECRET = "webhook-secret_42"
HEADER = "X-Telegram-Bot-Api-Secret-Token"
PRIVATE_TEXT = "my-private-words-5521"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Hook:
    """The bot's webhook: its port and URL."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.url = f"http://127.0.0.1:{port}/telegram/hook"

    async def post(self, body: bytes, secret: str | None = SECRET) -> int:
        headers = {"Content-Type": "application/json"} | ({HEADER: secret} if secret else {})
        async with aiohttp.ClientSession() as session, session.post(self.url, data=body, headers=headers) as answer:
            return answer.status

    async def half_sent(self, head: str = "POST /telegram/hook HTTP/1.1\r\nHost: x\r\n") -> asyncio.StreamReader:
        """A connection that sent part of a request and then nothing; its reader sees the server close it."""
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        writer.write(head.encode())
        await writer.drain()
        HELD.append(writer)
        return reader


HELD: list[asyncio.StreamWriter] = []


@asynccontextmanager
async def serving(standin: BotApiStandin, tmp_path: Path, **settings: str) -> AsyncIterator[tuple[Hook, Finished]]:
    hook = Hook(free_port())
    env = bot_env(
        standin,
        tmp_path / "bot.sqlite3",
        WEBHOOK_URL=hook.url,
        WEBHOOK_LISTEN="127.0.0.1",  # the default now; said here so no test ever listens wider
        WEBHOOK_PORT=str(hook.port),
        WEBHOOK_SECRET_TOKEN=SECRET,
        GAMES=ONE_GAME,
        **settings,
    )
    try:
        async with bot_process(env, tmp_path, standin, ready="setWebhook") as finished:
            await until(lambda: _listening(hook.port), seconds=30)
            yield hook, finished
    finally:
        for writer in HELD:
            writer.close()
        HELD.clear()


def _listening(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


async def closed_by_server(reader: asyncio.StreamReader, seconds: float) -> bool:
    """Whether the server closes the connection (or answers and closes) within ``seconds``."""
    try:
        await asyncio.wait_for(reader.read(), seconds)
    except TimeoutError:
        return False
    except ConnectionError:
        return True
    return True


def answered(standin: BotApiStandin, chat_id: int) -> Callable[[], bool]:
    return lambda: any(c.method == "sendMessage" and c.chat_id == chat_id for c in standin.calls)


def update(standin: BotApiStandin, update_id: int, chat_id: int, text: str) -> bytes:
    import json

    return json.dumps({"update_id": update_id, **standin.message_update(chat_id, text)}).encode()


def test_the_webhook_listens_on_this_machine_only_by_default() -> None:
    assert Settings(_env_file=None).webhook_listen == "127.0.0.1"  # type: ignore[call-arg]


@pytest.mark.process
async def test_slow_and_half_sent_requests_are_timed_out(standin: BotApiStandin, tmp_path: Path) -> None:
    """Half-sent headers, a body that never finishes, an idle open connection: each is closed
    after its timeout (tornado's own were an hour), and real updates are served meanwhile."""
    async with serving(standin, tmp_path, WEBHOOK_IDLE_SECONDS="1", WEBHOOK_BODY_SECONDS="1") as (hook, finished):
        head_only = [await hook.half_sent() for _ in range(10)]
        body_half = await hook.half_sent(
            f"POST /telegram/hook HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n{HEADER}: {SECRET}\r\n"
            "Content-Length: 500\r\n\r\n{"
        )
        idle = await hook.half_sent("")
        assert await hook.post(update(standin, 701, 91, "/start")) == 200
        for reader in [*head_only, body_half, idle]:
            assert await closed_by_server(reader, seconds=8)
        await until(answered(standin, 91), seconds=20)
    assert finished.status == 0, finished.log
    assert "Traceback" not in finished.log and " ERROR " not in finished.log, finished.log


@pytest.mark.process
async def test_a_flood_of_slow_clients_does_not_keep_updates_out(standin: BotApiStandin, tmp_path: Path) -> None:
    """300 half-sent requests against a bound of 20 held connections and a long timeout: the bot
    holds at most 20 of them, and an update posted after the flood is still answered."""
    async with serving(standin, tmp_path, WEBHOOK_IDLE_SECONDS="60", WEBHOOK_MAX_CONNECTIONS="20") as (hook, finished):
        flood = [await hook.half_sent() for _ in range(300)]
        assert await hook.post(update(standin, 702, 92, "/start")) == 200
        await until(answered(standin, 92), seconds=20)
        await asyncio.sleep(0.5)
        still_held = [r for r in flood if not r.at_eof() and r.exception() is None]  # neither closed nor reset
        assert len(still_held) <= 20
    assert finished.status == 0, finished.log
    held_lines = [line for line in finished.log.splitlines() if "connections held" in line]
    assert len(held_lines) == 1, finished.log  # the flood is one line, not one per connection
    assert "Traceback" not in finished.log, finished.log


@pytest.mark.process
async def test_malformed_bodies_are_answered_400_with_few_log_lines(standin: BotApiStandin, tmp_path: Path) -> None:
    """Telegram retries any 5xx; PTB answered 500 to a body that is not JSON. Now: 400, and
    a flood of them is one log line, not one per request."""
    bad = [b"{not json", b"\xff\xfe", b"[1, 2]", b'{"message": {}}', b'{"update_id": "7"}']
    async with serving(standin, tmp_path) as (hook, finished):
        statuses = [await hook.post(body) for body in bad * 10]
        assert await hook.post(update(standin, 703, 93, "/start")) == 200
        await until(answered(standin, 93), seconds=20)
    assert statuses == [400] * 50
    assert finished.status == 0, finished.log
    refused = [line for line in finished.log.splitlines() if "refused a body" in line]
    assert len(refused) == 1 and "WARNING" in refused[0], finished.log
    assert "Traceback" not in finished.log and " ERROR " not in finished.log, finished.log


@pytest.mark.process
async def test_a_flood_of_malformed_requests_is_a_few_log_lines(standin: BotApiStandin, tmp_path: Path) -> None:
    """Tornado logs each request it cannot parse; 200 of them are one line, not 200."""
    async with serving(standin, tmp_path, LOG_LEVEL="INFO") as (hook, finished):
        for _ in range(200):
            reader, writer = await asyncio.open_connection("127.0.0.1", hook.port)
            writer.write(b"NOT HTTP AT ALL\r\n\r\n")
            await asyncio.wait_for(reader.read(), 10)
            writer.close()
        assert await hook.post(update(standin, 708, 98, "/start")) == 200
        await until(answered(standin, 98), seconds=20)
    assert finished.status == 0, finished.log
    malformed = [line for line in finished.log.splitlines() if "Malformed HTTP" in line]
    assert len(malformed) == 1, finished.log


@pytest.mark.process
async def test_a_posted_update_it_cannot_read_is_skipped_with_one_warning(
    standin: BotApiStandin, tmp_path: Path
) -> None:
    """A message without a chat: answered 200 (so Telegram does not send it again), one WARNING
    line without the text, nothing handled. A lone UTF-16 surrogate in a text is read with U+FFFD
    in its place, and the player is answered."""
    surrogate = update(standin, 704, 94, "x").replace(b'"x"', f'"{PRIVATE_TEXT} \\ud800"'.encode())
    chatless = update(standin, 705, 95, PRIVATE_TEXT).replace(b'"chat"', b'"chat_was"')
    async with serving(standin, tmp_path, LOG_LEVEL="INFO") as (hook, finished):
        assert await hook.post(surrogate) == 200
        assert await hook.post(chatless) == 200
        assert await hook.post(update(standin, 706, 96, "/start")) == 200
        await until(answered(standin, 96), seconds=20)
        await until(answered(standin, 94), seconds=20)
        await asyncio.sleep(0.3)
    assert finished.status == 0, finished.log
    skipped = [line for line in finished.log.splitlines() if "skipped update" in line]
    assert len(skipped) == 1 and all("WARNING" in line for line in skipped), finished.log
    assert "skipped update 705 " in skipped[0]
    assert PRIVATE_TEXT not in finished.log and "Traceback" not in finished.log, finished.log
    assert not answered(standin, 95)()


@pytest.mark.process
async def test_a_short_webhook_secret_is_never_printed(standin: BotApiStandin, tmp_path: Path) -> None:
    """Telegram takes a secret of 1 to 256 characters; one under 8 was printed at DEBUG
    (PTB logs setWebhook's parameters, let into the log by LOG_USER_DATA)."""
    short = "Zq7x"
    hook = Hook(free_port())
    env = bot_env(
        standin,
        tmp_path / "bot.sqlite3",
        LOG_LEVEL="DEBUG",
        LOG_USER_DATA="true",
        WEBHOOK_URL=hook.url,
        WEBHOOK_LISTEN="127.0.0.1",
        WEBHOOK_PORT=str(hook.port),
        WEBHOOK_SECRET_TOKEN=short,
    )
    async with bot_process(env, tmp_path, standin, ready="setWebhook") as finished:
        await until(lambda: _listening(hook.port), seconds=30)
        assert await hook.post(update(standin, 707, 97, "/start"), secret=short) == 200
        await until(answered(standin, 97), seconds=20)
    assert finished.status == 0, finished.log
    assert standin.webhook["secret_token"] == short
    assert "secret_token" in finished.log  # the line that printed it is there, redacted
    assert short not in finished.log, [line for line in finished.log.splitlines() if short in line]
