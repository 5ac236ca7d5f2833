"""``python -m bot migrate-to URL``: a SQLite file's sessions, records, boards, reports, ledger,
inbox and outbox, moved into PostgreSQL, read back by a PostgreSQL store as the file's store read them."""

from __future__ import annotations

import subprocess
from pathlib import Path

import forkserver
import pytest

from bot.delivery.outbox import send
from bot.games.letters.group import store as group_store
from bot.games.wordle import store as wordle_store
from bot.storage import Record, Tally, open_store
from bot.storage.outgoing import SendText
from bot.storage.unit_of_work import UnitOfWork

#: The games' own tables the file and the server hold, as the bot makes them.
GAME_TABLES = [group_store.TABLES, wordle_store.TABLES]


async def fill(database: Path) -> None:
    store = await open_store(database, tables=GAME_TABLES)
    try:
        await store.save(1, "letters", {"board": "ко"}, None, user_id=7, tally=Tally(played=1, won=1), update_id=50)
        unit = UnitOfWork(-100, update_id=51, received_at=1_800_000_000)
        unit.statements += [group_store.winner(-100, 7, "Аня", 1_800_000_000), wordle_store.answer_report("кринж", 7)]
        unit.messages.append(send(-100, "unsent"))
        await store.commit(unit)
        await store.keep_fetched([{"update_id": 52, "message": {"chat": {"id": 1}, "text": "/help"}}])
    finally:
        await store.close()


def migrate(database: Path, url: str) -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin", "DATABASE_PATH": str(database)}  # a forked child imports nothing anew
    return forkserver.run("bot", "migrate-to", url, cwd=database.parent, env=env, timeout=60)


@pytest.mark.process
async def test_a_file_moves_into_an_empty_database_and_not_into_a_used_one(postgres: object, tmp_path: Path) -> None:
    database = tmp_path / "bot.sqlite3"
    await fill(database)
    url = postgres.fresh_database("moved")  # type: ignore[attr-defined]
    moved = migrate(database, url)
    assert moved.returncode == 0, moved.stderr
    assert "sessions 1" in moved.stdout and "outbox 1" in moved.stdout
    store = await open_store(url, tables=GAME_TABLES)
    try:
        loaded = await store.load(1, "letters")
        assert loaded is not None and (loaded.state, loaded.version) == ({"board": "ко"}, 1)
        assert await store.records(7) == {"letters": Record(played=1, won=1, lost=0, hints=0)}
        assert await group_store.top(store, -100) == [("Аня", 1)]
        assert await wordle_store.answer_reporters(store, "кринж") == {7}
        assert await store.save(1, "letters", {"board": "кот"}, 1, update_id=50) is None  # the ledger came along
        assert [m.call.text for _, m in await store.pending_messages() if isinstance(m.call, SendText)] == ["unsent"]
        assert [body["update_id"] for body in await store.inbox()] == [52]
        unit = UnitOfWork(-100)
        unit.messages.append(send(-100, "next"))
        rows = await store.commit(unit)
        assert rows is not None and rows[0][0] > (await store.pending_messages())[0][0]  # numbered on
    finally:
        await store.close()
    again = migrate(database, url)
    assert again.returncode == 2 and "already has rows" in again.stderr
