"""What moves with a chat when Telegram gives it a new id (a group upgraded to a supergroup): the
statements that re-address its rows, for the unit that handles the move to commit in one go.

Plain SQL that any engine runs. Rows the new chat has already (its own session of a kind, its
active game) give way to the old chat's: that is the game the players were in.
"""

from __future__ import annotations

from bot.storage.unit_of_work import Statement

#: The shared tables keyed by chat, with the key column of rows a chat holds one of per kind.
_PER_KIND = (("sessions", "kind"), ("turn_deadlines", "kind"))


def move_chat(old: int, new: int) -> list[Statement]:
    """Sessions, turn deadlines, the active game and the unsent messages of chat ``old`` become
    ``new``'s. Run twice, the second run finds nothing left under ``old`` and changes nothing."""
    statements: list[Statement] = []
    for table, kind in _PER_KIND:
        statements += [
            (
                f"DELETE FROM {table} WHERE chat_id = ? AND {kind} IN (SELECT {kind} FROM {table} WHERE chat_id = ?)",
                (new, old),
            ),
            (f"UPDATE {table} SET chat_id = ? WHERE chat_id = ?", (new, old)),
        ]
    statements += [
        ("DELETE FROM chats WHERE chat_id = ? AND EXISTS (SELECT 1 FROM chats WHERE chat_id = ?)", (new, old)),
        ("UPDATE chats SET chat_id = ? WHERE chat_id = ?", (new, old)),
        ("UPDATE outbox SET chat_id = ? WHERE chat_id = ?", (new, old)),
    ]
    return statements
