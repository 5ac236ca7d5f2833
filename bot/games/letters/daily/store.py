"""The daily puzzle's own tables: each player's counted attempt of each day (the first of the day;
its outcome once it ends), and who has asked for the daily in which group, for the group's board."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from bot.storage import Store
from bot.storage.sql import Sql
from bot.storage.unit_of_work import Statement

TABLES = Sql(
    """
CREATE TABLE IF NOT EXISTS daily_results (
    user_id INTEGER NOT NULL,
    lang TEXT NOT NULL,
    day TEXT NOT NULL,
    won INTEGER,
    moves INTEGER NOT NULL DEFAULT 0,
    squares TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (user_id, lang, day)
);
CREATE TABLE IF NOT EXISTS daily_groups (
    chat_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (chat_id, user_id)
);
""",
    """
CREATE TABLE IF NOT EXISTS daily_results (
    user_id BIGINT NOT NULL,
    lang TEXT NOT NULL,
    day TEXT NOT NULL,
    won BIGINT,
    moves BIGINT NOT NULL DEFAULT 0,
    squares TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (user_id, lang, day)
);
CREATE TABLE IF NOT EXISTS daily_groups (
    chat_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (chat_id, user_id)
);
""",
)

_ATTEMPT = Sql(
    "INSERT INTO daily_results (user_id, lang, day) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
    "INSERT INTO daily_results (user_id, lang, day) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
)
_OUTCOME = Sql(
    "UPDATE daily_results SET won = ?, moves = ?, squares = ? WHERE user_id = ? AND lang = ? AND day = ?",
    "UPDATE daily_results SET won = $1, moves = $2, squares = $3 WHERE user_id = $4 AND lang = $5 AND day = $6",
)
_MEMBER = Sql(
    "INSERT INTO daily_groups (chat_id, user_id, name) VALUES (?, ?, ?) "
    "ON CONFLICT (chat_id, user_id) DO UPDATE SET name = excluded.name",
    "INSERT INTO daily_groups (chat_id, user_id, name) VALUES ($1, $2, $3) "
    "ON CONFLICT (chat_id, user_id) DO UPDATE SET name = excluded.name",
)
_RESULTS = Sql(
    "SELECT day, won, moves, squares FROM daily_results WHERE user_id = ? AND lang = ? ORDER BY day",
    "SELECT day, won, moves, squares FROM daily_results WHERE user_id = $1 AND lang = $2 ORDER BY day",
)
_RESULT_OF = Sql(
    "SELECT day, won, moves, squares FROM daily_results WHERE user_id = ? AND lang = ? AND day = ?",
    "SELECT day, won, moves, squares FROM daily_results WHERE user_id = $1 AND lang = $2 AND day = $3",
)
_GROUP_BOARD = Sql(
    "SELECT g.name, r.won, COALESCE(r.moves, 0) FROM daily_groups AS g LEFT JOIN daily_results AS r "
    "ON r.user_id = g.user_id AND r.lang = ? AND r.day = ? WHERE g.chat_id = ?",
    "SELECT g.name, r.won, COALESCE(r.moves, 0) FROM daily_groups AS g LEFT JOIN daily_results AS r "
    "ON r.user_id = g.user_id AND r.lang = $1 AND r.day = $2 WHERE g.chat_id = $3",
)


@dataclass(frozen=True)
class Result:
    """A counted attempt: ``won`` is None while it is under way (or was left unfinished)."""

    day: date
    won: bool | None
    moves: int
    squares: str


def attempt(user_id: int, lang: str, day: date) -> Statement:
    """The day's first attempt has begun: only it counts (a row already there stays as it is)."""
    return _ATTEMPT, (user_id, lang, day.isoformat())


def outcome(user_id: int, lang: str, day: date, *, won: bool, moves: int, squares: str) -> Statement:
    return _OUTCOME, (int(won), moves, squares, user_id, lang, day.isoformat())


def member(chat_id: int, user_id: int, name: str) -> Statement:
    """``user_id`` asked for the daily in the group: they are on its board (under their latest name)."""
    return _MEMBER, (chat_id, user_id, name)


async def results(store: Store, user_id: int, lang: str) -> list[Result]:
    """Every counted attempt of the player in ``lang``, oldest first."""
    rows = await store.read(_RESULTS, (user_id, lang))
    return [
        Result(date.fromisoformat(str(day)), None if won is None else bool(won), int(moves), str(squares))
        for day, won, moves, squares in rows
    ]


async def result_of(store: Store, user_id: int, lang: str, day: date) -> Result | None:
    rows = await store.read(_RESULT_OF, (user_id, lang, day.isoformat()))
    return next((Result(day, None if won is None else bool(won), int(m), str(s)) for _, won, m, s in rows), None)


async def group_board(store: Store, chat_id: int, lang: str, day: date) -> list[tuple[str, bool | None, int]]:
    """The group's members who asked for the daily here, with their attempt of ``day`` if any:
    (name, won or None, moves); solvers first, fewest moves first."""
    rows = await store.read(_GROUP_BOARD, (lang, day.isoformat(), chat_id))
    board = [(str(name), None if won is None else bool(won), int(moves)) for name, won, moves in rows]
    return sorted(board, key=lambda row: (row[1] is not True, row[1] is None, row[2], row[0]))
