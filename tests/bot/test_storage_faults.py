"""Disks that misbehave other than by filling up, through the real ``python -m bot``: the database
file deleted, cut short or damaged while the bot runs, and its lock held by another process
when the bot is killed. Nothing is answered as saved that was not, and nothing fetched is lost."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import shutil
import sqlite3
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

import asyncpg
import forkserver
import pytest
from bot_harness import ONE_GAME, bot_env, bot_process, until, until_polling
from standin import BotApiStandin
from test_webhook_server import answered as answered_in
from test_webhook_server import serving, update

from bot.core import texts
from bot.runtime.cli import STORE_LOST_STATUS

#: Every test here runs ``python -m bot`` as a process of its own (forked: tests/forkserver.py).
pytestmark = pytest.mark.process


@asynccontextmanager
async def bot_running(standin: BotApiStandin, database: Path, log: Path) -> AsyncIterator[forkserver.Forked]:
    """``python -m bot`` once it polls, its log in ``log``; killed at the end if it still runs."""
    since = len(standin.calls)
    env = bot_env(standin, database, LOG_LEVEL="INFO", GAMES=ONE_GAME)
    with log.open("ab") as out:
        process = await forkserver.start("bot", env=env, stderr=out)
    try:
        await until_polling(standin, since)
        yield process
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()


async def answered(standin: BotApiStandin, user_id: int, since: int, seconds: float = 30) -> None:
    await until(lambda: any(c.chat_id == user_id and c.method == "sendMessage" for c in standin.calls[since:]), seconds)


#: Longer than two of the store's checkpoint rounds (2 s each): the second, with no save, truncates the log.
QUIET_SPELL = 5


async def players_until_it_stops(
    standin: BotApiStandin, process: forkserver.Forked, first_user: int, seconds: float
) -> dict[int, int]:
    """A new player's /start every few seconds, as players keep coming, until the bot stops (it
    must within ``seconds``). SQLite meets a damaged page only when it reads one: its cached pages
    serve the saves until a quiet spell's checkpoint empties the log, and the save after that
    reads the file. Each player's update id."""
    update_ids: dict[int, int] = {}
    for user in itertools.count(first_user):
        update_ids[user] = standin.push_message(user, "/start")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(process.wait()), QUIET_SPELL)
        if process.returncode is not None:
            return update_ids
        assert len(update_ids) < seconds / QUIET_SPELL, "the bot runs on"
    raise AssertionError("unreachable")


def kept_by_telegram(standin: BotApiStandin, update_id: int) -> bool:
    """Telegram still holds the update: the bot never confirmed it."""
    return any(update["update_id"] == update_id for update in standin._updates)


def cut_short(database: Path) -> None:
    with database.open("r+b") as file:
        file.truncate(database.stat().st_size // 2)


def scribbled(database: Path) -> None:
    """Every page after the first overwritten with noise, the file's size unchanged."""
    size = database.stat().st_size
    with database.open("r+b") as file:
        file.seek(4096)
        file.write(b"\xa5" * (size - 4096))


@pytest.mark.parametrize(
    ("what", "damage"),
    [("deleted", Path.unlink), ("cut short", cut_short), ("damaged", scribbled)],
)
async def test_a_database_file_gone_from_under_the_bot_stops_it_and_loses_nothing(
    standin: BotApiStandin, tmp_path: Path, what: str, damage: Callable[[Path], None]
) -> None:
    database, log = tmp_path / "bot.sqlite3", tmp_path / "bot.log"
    async with bot_running(standin, database, log) as process:
        for user in range(501, 521):  # some games on file, so the file has pages to lose
            since = len(standin.calls)
            standin.push_message(user, "/start")
            await answered(standin, user, since)
        await asyncio.sleep(3)  # the checkpoint copies the log into the file
        damage(database)
        since = len(standin.calls)
        update_ids = await players_until_it_stops(standin, process, first_user=600, seconds=60)
    assert process.returncode == STORE_LOST_STATUS
    lines = log.read_text().splitlines()
    critical = [line for line in lines if "CRITICAL" in line]
    assert len(critical) == 1 and "Restore the file" in critical[0], critical
    assert not [line for line in lines if " ERROR " in line]
    # Telegram keeps it for the next start; or, SQLite noticing damaged pages only when it reads
    # one, it was committed into the log before that (the greeting), or the player is told truly
    # that it was not saved
    for user, update_id in update_ids.items():
        told = [c.text for c in standin.calls[since:] if c.chat_id == user]
        if what != "damaged":
            assert kept_by_telegram(standin, update_id) and told == [], (user, told)
        else:
            true_answers = ([texts.store_lost("ru")], [texts.greeting("ru", "Player")])
            assert kept_by_telegram(standin, update_id) or told in true_answers, (user, told)


async def test_a_batch_the_store_cannot_keep_under_a_lock_is_not_confirmed_and_survives_a_kill(
    standin: BotApiStandin, tmp_path: Path
) -> None:
    database, log = tmp_path / "bot.sqlite3", tmp_path / "bot.log"
    async with bot_running(standin, database, log) as process:
        since = len(standin.calls)
        standin.push_message(501, "/start")
        await answered(standin, 501, since)
        holder = sqlite3.connect(database, timeout=30, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")  # another process holds the write lock
        update_id = standin.push_message(502, "/start")
        await until(lambda: len(standin.polls) > 2 and "waited" in log.read_text(), 60)
        await until(lambda: "writes are failing" in log.read_text(), 60)  # past the busy timeout: not kept
        process.kill()
        await process.wait()
        holder.execute("ROLLBACK")
        holder.close()
    assert kept_by_telegram(standin, update_id)
    async with bot_running(standin, database, log):
        since = len(standin.calls)
        await answered(standin, 502, since - 50, seconds=60)


async def test_a_posted_update_the_store_cannot_keep_is_refused_for_telegram_to_post_again(
    standin: BotApiStandin, tmp_path: Path
) -> None:
    database = tmp_path / "bot.sqlite3"
    async with serving(standin, tmp_path) as (hook, finished):
        assert await hook.post(update(standin, 801, 91, "/start")) == 200
        await until(answered_in(standin, 91), seconds=30)
        holder = sqlite3.connect(database, timeout=30, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")  # another process holds the write lock past the busy timeout
        try:
            status = await hook.post(update(standin, 802, 92, "/start"))
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        assert status == 503  # not kept: not acknowledged
        assert await hook.post(update(standin, 802, 92, "/start")) == 200  # Telegram's next try
        await until(answered_in(standin, 92), seconds=30)
    assert finished.status == 0, finished.log
    assert "Traceback" not in finished.log, finished.log


async def refused_start(env: dict[str, str], cwd: Path, *flags: str) -> tuple[int, list[str]]:
    """``python -m bot`` run to its end (it must stop by itself): its status and stderr's lines."""
    process = await forkserver.start(
        "bot", *flags, cwd=cwd, env=env | {"LOG_LEVEL": "WARNING"}, stderr=asyncio.subprocess.PIPE
    )
    try:
        _, err = await asyncio.wait_for(process.communicate(), 90)
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    assert process.returncode is not None
    return process.returncode, err.decode().splitlines()


async def played_and_stopped(standin: BotApiStandin, env: dict[str, str], cwd: Path, *flags: str) -> None:
    """A start that works: a player's /start answered, then a stop with Ctrl-C (status 0)."""
    since = len(standin.calls)
    async with bot_process(env | {"LOG_LEVEL": "WARNING"}, cwd, standin, *flags) as finished:
        standin.push_message(501, "/start")
        await answered(standin, 501, since)
    assert finished.status == 0, finished.log


async def test_a_deleted_sqlite_file_is_refused_at_the_next_start_until_restored_or_started_afresh(
    standin: BotApiStandin, tmp_path: Path
) -> None:
    database = tmp_path / "data" / "bot.sqlite3"
    env = bot_env(standin, database, GAMES=ONE_GAME)
    await played_and_stopped(standin, env, tmp_path)  # a new install starts with no set-up
    backup = tmp_path / "backup.sqlite3"
    shutil.copy(database, backup)
    database.unlink()
    status, lines = await refused_start(env, tmp_path)
    assert status == 2 and len(lines) == 1, lines
    assert str(database) in lines[0] and "--fresh-store" in lines[0] and "restore" in lines[0], lines
    assert not database.exists()  # nothing made in its place
    database.write_bytes(b"")  # an empty file in its place is refused as well
    assert (await refused_start(env, tmp_path))[0] == 2
    shutil.copy(backup, database)  # restored: the bot starts on it
    await played_and_stopped(standin, env, tmp_path)
    database.unlink()
    await played_and_stopped(standin, env, tmp_path, "--fresh-store")  # afresh, when asked
    await played_and_stopped(standin, env, tmp_path)  # and that store is the one expected from now on


async def test_an_emptied_postgresql_database_is_refused_at_the_next_start_until_started_afresh(
    standin: BotApiStandin, postgres: object, tmp_path: Path
) -> None:
    url = postgres.fresh_database("store_marker")  # type: ignore[attr-defined]
    env = bot_env(standin, url, DATABASE_PATH=str(tmp_path / "data" / "bot.sqlite3"), GAMES=ONE_GAME)
    await played_and_stopped(standin, env, tmp_path)
    connection = await asyncpg.connect(url)
    try:
        await connection.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public")  # the database made anew
    finally:
        await connection.close()
    status, lines = await refused_start(env, tmp_path)
    assert status == 2 and len(lines) == 1, lines
    assert "store_marker" in lines[0] and "--fresh-store" in lines[0] and "postgres@" not in lines[0], lines
    await played_and_stopped(standin, env, tmp_path, "--fresh-store")
    await played_and_stopped(standin, env, tmp_path)


def test_the_help_says_how_to_start_afresh(bot_help: str) -> None:
    """``bot_help``: what ``python -m bot --help`` printed (it exited 0)."""
    assert "--fresh-store" in " ".join(bot_help.split()) and "missing" in bot_help
