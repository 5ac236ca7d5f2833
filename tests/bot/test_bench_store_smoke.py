"""The store benchmark's replay, small and untimed: it drives the real SQLite store as the bot does."""

from __future__ import annotations

import importlib.util
import sqlite3
from contextlib import closing
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_store.py"


def load_benchmark() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_store", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


async def test_the_replay_applies_every_update_once_and_leaves_nothing_behind(tmp_path: Path) -> None:
    spent = await load_benchmark().run(tmp_path, 20, 3, 8)  # 20 chats, 3 updates each, batches of 8
    assert spent > 0
    with closing(sqlite3.connect(tmp_path / "bot.sqlite3")) as db:
        assert db.execute("SELECT COUNT(*) FROM ledger").fetchone() == (60,)
        assert db.execute("SELECT COUNT(*) FROM inbox").fetchone() == (0,)  # each left it with its commit
        assert db.execute("SELECT COUNT(*) FROM outbox").fetchone() == (0,)  # every reply marked sent
        assert db.execute("SELECT chat_id, version FROM sessions ORDER BY chat_id").fetchall() == [
            (10_000 + chat, 3) for chat in range(20)
        ]
