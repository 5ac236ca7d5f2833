"""A player told «try again» was told the truth: the update they sent is gone from the inbox
before the words go out, so no restart applies it later; when even that cannot be written, they
are told nothing yet and the update is applied once the store takes writes again. On each engine.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from bot_harness import Bot, Player, on_each_engine, rows, running_bot, stored_state, until
from standin import BotApiStandin

from bot.core import texts
from bot.core.solvers import Solvers
from bot.delivery import runtime
from bot.games.wordle.session import KIND as WORDLE
from bot.storage import StoreWriteError
from bot.storage.unit_of_work import UnitOfWork

database = on_each_engine


@contextmanager
def commits_refused(bot: Bot, *, and_drops: bool = False) -> Iterator[list[int]]:
    """The store refuses each commit of a unit (its update already kept in the inbox), as a full
    disk or a server going away does; ``and_drops``: the transaction that would drop the update
    from the inbox is refused too. Yields the ids of the updates refused."""
    store = bot.application.bot_data.services.db
    refused: list[int] = []

    async def refuse(unit: UnitOfWork) -> object:
        if unit.update_id is not None:
            refused.append(unit.update_id)
        raise StoreWriteError("the disk is full")

    keep_fetched = store.keep_fetched

    async def keep_or_refuse(updates: list[dict[str, object]]) -> None:
        if not updates:
            raise StoreWriteError("the disk is full")
        await keep_fetched(updates)

    store.commit = refuse
    if and_drops:
        store.keep_fetched = keep_or_refuse
    try:
        yield refused
    finally:
        del store.commit
        if and_drops:
            del store.keep_fetched


def inbox_ids(database: Path | str) -> list[int]:
    return [int(row[0]) for row in rows(database, "SELECT update_id FROM inbox")]


def killed_now(database: Path | str, copy: Path) -> Path | str:
    """What a SIGKILL would leave of the database at this instant: a SQLite file's committed
    pages (a copy of them: the running bot keeps its own); a server keeps them anyway."""
    if isinstance(database, str):
        return database
    with sqlite3.connect(database) as source, sqlite3.connect(copy) as target:
        source.backup(target)
    return copy


async def test_an_update_answered_try_again_is_never_applied_after_a_kill(
    standin: BotApiStandin, solvers: Solvers, database: Path | str, tmp_path: Path
) -> None:
    async with running_bot(standin, solvers, database) as bot:
        player = Player(bot, 4101)
        with commits_refused(bot) as refused:
            reply = await player.say("/5bukv")
        assert reply.texts == [texts.try_again_soon("ru")]
        left = killed_now(database, tmp_path / "killed.sqlite3")
    assert refused and refused[0] not in inbox_ids(left)  # gone before the words went out
    first = len(standin.calls)
    async with running_bot(standin, solvers, left) as bot:  # the next start replays the inbox
        assert (await Player(bot, 4102).say("/start")).texts
        await asyncio.sleep(0.5)
    assert stored_state(left, 4101, WORDLE) is None
    assert not [c for c in standin.calls[first:] if c.chat_id == 4101]


async def test_an_update_that_could_not_be_dropped_is_applied_later_and_never_apologised_for(
    standin: BotApiStandin, solvers: Solvers, database: Path | str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(runtime, "RETRY_SECONDS", 0.3)
    async with running_bot(standin, solvers, database) as bot:
        player = Player(bot, 4103)
        first = len(standin.calls)
        with commits_refused(bot, and_drops=True) as refused:
            update_id = standin.push_message(4103, "/5bukv")
            await until(lambda: bool(refused), seconds=10)
        await until(lambda: stored_state(database, 4103, WORDLE) is not None, seconds=10)
        await bot.wait(update_id)

        def told() -> list[str]:
            return [c.text for c in standin.calls[first:] if c.chat_id == 4103 and c.method == "sendMessage"]

        await until(lambda: bool(told()), seconds=10)  # the reply goes out after the commit
        assert texts.try_again_soon("ru") not in told()  # applied, and only its own reply
        assert (await player.say("/start")).texts
    assert update_id not in inbox_ids(database)
