"""What moves with a chat when Telegram gives it a new id (a group upgraded to a supergroup): the
statements that re-address its rows, for the unit that handles the move to commit in one go.

Each statement in each engine's words. Rows the new chat has already (its own session of a kind, its
active game) give way to the old chat's: that is the game the players were in.
"""

from __future__ import annotations

from bot.storage.sql import Sql
from bot.storage.unit_of_work import Statement


def move_chat(old: int, new: int) -> list[Statement]:
    """Sessions, turn deadlines, the active game and the unsent messages of chat ``old`` become
    ``new``'s. Run twice, the second run finds nothing left under ``old`` and changes nothing."""
    return [(statement, (new, old)) for statement in _MOVE_CHAT]


#: Each statement takes the new chat id, then the old one.
_MOVE_CHAT = [
    Sql(
        "DELETE FROM sessions WHERE chat_id = ? AND kind IN (SELECT kind FROM sessions WHERE chat_id = ?)",
        "DELETE FROM sessions WHERE chat_id = $1 AND kind IN (SELECT kind FROM sessions WHERE chat_id = $2)",
    ),
    Sql("UPDATE sessions SET chat_id = ? WHERE chat_id = ?", "UPDATE sessions SET chat_id = $1 WHERE chat_id = $2"),
    Sql(
        "DELETE FROM turn_deadlines WHERE chat_id = ? AND kind IN (SELECT kind FROM turn_deadlines WHERE chat_id = ?)",
        "DELETE FROM turn_deadlines WHERE chat_id = $1 "
        "AND kind IN (SELECT kind FROM turn_deadlines WHERE chat_id = $2)",
    ),
    Sql(
        "UPDATE turn_deadlines SET chat_id = ? WHERE chat_id = ?",
        "UPDATE turn_deadlines SET chat_id = $1 WHERE chat_id = $2",
    ),
    Sql(
        "DELETE FROM chats WHERE chat_id = ? AND EXISTS (SELECT 1 FROM chats WHERE chat_id = ?)",
        "DELETE FROM chats WHERE chat_id = $1 AND EXISTS (SELECT 1 FROM chats WHERE chat_id = $2)",
    ),
    Sql("UPDATE chats SET chat_id = ? WHERE chat_id = ?", "UPDATE chats SET chat_id = $1 WHERE chat_id = $2"),
    Sql("UPDATE outbox SET chat_id = ? WHERE chat_id = ?", "UPDATE outbox SET chat_id = $1 WHERE chat_id = $2"),
]
