"""Several real ``python -m bot`` processes on one PostgreSQL database: one polls, all of them
work off the inbox, and a SIGKILL of any of them loses nothing and applies nothing twice."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest
from bot_harness import bot_env, rows, until

from bot.games.wordle.session import KIND as WORDLE
from bot.runtime.standin import BotApiStandin

#: Every test here starts real bot processes.
pytestmark = pytest.mark.process

CHATS = range(7_000, 7_012)


async def start(standin: BotApiStandin, url: str, cwd: Path) -> asyncio.subprocess.Process:
    """A bot process on the shared database, once it is up (it deletes any webhook first)."""
    since = sum(1 for c in standin.calls if c.method == "deleteWebhook")
    env = bot_env(standin, url, LOG_LEVEL="WARNING", THROTTLE_MESSAGES="0", TELEGRAM_MAX_RATE="0")
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=cwd, env=env, stderr=asyncio.subprocess.DEVNULL
    )
    await until(lambda: sum(1 for c in standin.calls if c.method == "deleteWebhook") > since, seconds=60)
    return process


def games(url: str) -> dict[int, int]:
    """Each chat's 5bukv games on file: one per ``/5bukv`` applied."""
    found = rows(url, "SELECT user_id, played FROM records WHERE kind = ?", WORDLE)
    return {int(user): int(played) for user, played in found}


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
