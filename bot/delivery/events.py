"""The bot's own events, handled in a chat's serial line like Telegram's updates.

python-telegram-bot hands any object put on its update queue to the handlers whose type
matches (``TypeHandler``), so a turn's timer, a message's delivery receipt and a retry of
the outbox go through the same line, one at a time with the chat's updates.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.storage.outgoing import Receipt


@dataclass(frozen=True)
class ChatEvent:
    """An event of one chat's."""

    chat_id: int


@dataclass(frozen=True)
class TimerFired(ChatEvent):
    """The deadline a game of ``kind`` set in the chat went off (:mod:`bot.delivery.timers`);
    ``nudge``: the reminder the game asked for a few seconds before it."""

    kind: str
    nudge: bool = False


@dataclass(frozen=True)
class Delivered(ChatEvent):
    """A message that asked for a receipt is out: ``receipt`` says which, ``message_id`` is
    Telegram's id for it, ``sent_at`` when it went (epoch seconds)."""

    receipt: Receipt
    message_id: int
    sent_at: float


@dataclass(frozen=True)
class Resend(ChatEvent):
    """The chat has committed messages that could not go out yet: try them again."""


@dataclass(frozen=True)
class ChatMoved(ChatEvent):
    """Telegram answered a send with "the group became a supergroup": ``chat_id`` is the chat's
    new id, ``old`` the one the message went to. Handled in the new chat's line."""

    old: int


@dataclass(frozen=True)
class LeftChat(ChatEvent):
    """Telegram refused a send to a group for good (the bot was removed from it)."""
