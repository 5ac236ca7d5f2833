"""The group game's own tables: each game's winner (the group's leaderboard, ``/top``)."""

from __future__ import annotations

from bot.storage import Store
from bot.storage.sql import Sql
from bot.storage.unit_of_work import Statement

#: The group game's own tables: each game's winner, for the group's leaderboard (/top).
TABLES = Sql(
    """
CREATE TABLE IF NOT EXISTS group_wins (
    chat_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    won_at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS group_wins_by_chat ON group_wins (chat_id, won_at);
""",
    """
CREATE TABLE IF NOT EXISTS group_wins (
    chat_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    won_at DOUBLE PRECISION NOT NULL
);
CREATE INDEX IF NOT EXISTS group_wins_by_chat ON group_wins (chat_id, won_at);
""",
)

_WINNER = Sql(
    "INSERT INTO group_wins (chat_id, user_id, name, won_at) VALUES (?, ?, ?, ?)",
    "INSERT INTO group_wins (chat_id, user_id, name, won_at) VALUES ($1, $2, $3, $4)",
)
_MOVE_WINS = Sql(
    "UPDATE group_wins SET chat_id = ? WHERE chat_id = ?", "UPDATE group_wins SET chat_id = $1 WHERE chat_id = $2"
)
_TOP = Sql(
    "SELECT (SELECT name FROM group_wins AS latest WHERE latest.chat_id = w.chat_id "
    "AND latest.user_id = w.user_id ORDER BY won_at DESC LIMIT 1), count(*) AS wins, max(won_at) AS last "
    "FROM group_wins AS w WHERE chat_id = ? AND won_at >= ? GROUP BY chat_id, user_id "
    "ORDER BY wins DESC, last ASC LIMIT ?",
    "SELECT (SELECT name FROM group_wins AS latest WHERE latest.chat_id = w.chat_id "
    "AND latest.user_id = w.user_id ORDER BY won_at DESC LIMIT 1), count(*) AS wins, max(won_at) AS last "
    "FROM group_wins AS w WHERE chat_id = $1 AND won_at >= $2 GROUP BY chat_id, user_id "
    "ORDER BY wins DESC, last ASC LIMIT $3",
)


def winner(chat_id: int, user_id: int, name: str, won_at: float) -> Statement:
    """One group game won by ``user_id`` (called ``name`` then), at epoch seconds ``won_at``: for
    the unit that ends the game to commit with it."""
    return _WINNER, (chat_id, user_id, name, won_at)


def move_wins(old: int, new: int) -> Statement:
    """The winners of a group that became a supergroup: its leaderboard goes with it."""
    return _MOVE_WINS, (new, old)


async def top(store: Store, chat_id: int, since: float = 0.0, limit: int = 10) -> list[tuple[str, int]]:
    """The group's best players by games won since ``since``: (latest name, wins), most first (a
    tie goes to whoever got there first)."""
    rows = await store.read(_TOP, (chat_id, since, limit))
    return [(str(name), int(wins)) for name, wins, _ in rows]
