"""One item of a chat's line and everything it causes, committed as one transaction.

Handlers do not write or send anything themselves: they stage session saves, record changes,
winners, deadlines and messages here, and the line commits them all at once, with the update's
id in the delivery ledger (:mod:`bot.delivery.runtime`). Loads see what the unit has staged, so a
handler that saves one game and starts another reads its own writes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.storage.outgoing import Outgoing
from bot.storage.sql import Sql

__all__ = ["Outgoing", "StagedSession", "Statement", "UnitOfWork"]


#: A statement (in each engine's words) and its parameters.
Statement = tuple[Sql, tuple[Any, ...]]


@dataclass
class StagedSession:
    """A session save: its statement (checked against the version it was loaded at) and what the
    store's memory will hold once it commits."""

    key: tuple[int, str]
    text: str
    version: int
    statement: Statement


@dataclass
class UnitOfWork:
    """What one item (a Telegram update, a timer, a receipt) changes and sends in one chat.

    ``update_id``: the Telegram update applied (None for the bot's own events), entered in the
    ledger in the same transaction, so a duplicate commits nothing."""

    chat_id: int
    update_id: int | None = None
    received_at: float = 0.0
    lang: str | None = None  # the sender's language code, for a reply when the commit fails
    sessions: list[StagedSession] = field(default_factory=list)
    statements: list[Statement] = field(default_factory=list)
    active: dict[int, str] = field(default_factory=dict)
    messages: list[Outgoing] = field(default_factory=list)
    answers: list[tuple[str, str | None, bool]] = field(default_factory=list)
    after_commit: list[Callable[[], None]] = field(default_factory=list)

    def staged_session(self, chat_id: int, kind: str) -> StagedSession | None:
        """The last save of this session staged in the unit, if any."""
        for staged in reversed(self.sessions):
            if staged.key == (chat_id, kind):
                return staged
        return None

    @property
    def changes_anything(self) -> bool:
        """Whether there is anything to commit: a unit that neither changes nor says anything
        (table talk in a group) needs no transaction, and running it again changes nothing."""
        return bool(self.sessions or self.statements or self.active or self.messages)

    def discard(self) -> None:
        """Forget every change and message (a handler failed half-way): what is staged after
        this, say an apology, is all that commits."""
        self.sessions.clear()
        self.statements.clear()
        self.active.clear()
        self.messages.clear()
        self.after_commit.clear()
