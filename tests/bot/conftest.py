"""Bot tests: the real Application against the Bot API stand-in on 127.0.0.1."""

from __future__ import annotations

import itertools
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from bot_harness import Bot, running_bot
from standin import BotApiStandin

from bot.core.solvers import Solvers, build_solvers
from bot.registry import SOLVER_TABLES


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


_databases = itertools.count()


@pytest.fixture(scope="session")
def postgres() -> Iterator[object]:
    """One throwaway PostgreSQL server on 127.0.0.1 for the whole run (per worker), started the
    first time a test asks; never skipped: a server that does not start fails the test."""
    sys.path.insert(0, str(Path(__file__).parent.parent))
    import pgserver

    with pgserver.running() as server:
        yield server


@pytest.fixture(params=["sqlite", "postgresql"])
def database_on_each_engine(request: pytest.FixtureRequest, tmp_path: Path) -> Path | str:
    """Where a store lives, for each engine: a SQLite file, or a fresh database on the test server
    (a module that runs on both says ``database = on_each_engine``; ``sqlite_only`` narrows a test)."""
    if request.param == "sqlite":
        return tmp_path / "state" / "bot.sqlite3"
    server = request.getfixturevalue("postgres")
    return server.fresh_database(f"test_{next(_databases)}")  # type: ignore[attr-defined, no-any-return]


@pytest.fixture
async def bot(standin: BotApiStandin, solvers: Solvers, database: Path) -> AsyncIterator[Bot]:
    async with running_bot(standin, solvers, database) as running:
        yield running
