"""Bot tests: the real Application against the Bot API stand-in on 127.0.0.1."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from bot_harness import Bot, running_bot

from bot.core.solvers import Solvers, build_solvers
from bot.registry import SOLVER_TABLES
from bot.runtime.standin import BotApiStandin


@pytest.fixture(scope="session")
def solvers() -> Solvers:
    """The solver tables, built once for the whole run, as the bot builds them once at start."""
    return build_solvers(SOLVER_TABLES)


@pytest.fixture
async def standin() -> AsyncIterator[BotApiStandin]:
    server = BotApiStandin()
    await server.start()
    yield server
    await server.stop()


@pytest.fixture
def database(tmp_path: Path) -> Path:
    return tmp_path / "state" / "bot.sqlite3"


@pytest.fixture
async def bot(standin: BotApiStandin, solvers: Solvers, database: Path) -> AsyncIterator[Bot]:
    async with running_bot(standin, solvers, database) as running:
        yield running
