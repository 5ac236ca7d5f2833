"""An update's body read into python-telegram-bot's objects, without the parts no handler reads.

A press carries the whole message it was made under, keyboard included: the board's 30 to 40
buttons became as many PTB objects on every tap, several times what the rest of the update costs
(docs/benchmarks.md, Reading an update). No handler reads a message the update only points at (the
pressed one, the one replied to, the one pinned) beyond who wrote it, where and its text, so those
keep their fields but their keyboard and formatting. The update's own message is read whole: its
entities say which command it is. What the store keeps is the body as Telegram sent it; only what is
handed to the handlers is trimmed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from telegram import Bot, Update

#: The kinds of update that carry a message of their own.
OWN_MESSAGES = ("message", "edited_message", "channel_post", "edited_channel_post", "business_message")
#: The messages a message only points at.
POINTED_AT = ("reply_to_message", "pinned_message")
#: What no handler reads of a message an update points at: objects PTB would build for nothing.
NOT_READ = frozenset({"reply_markup", "entities", "caption_entities", "link_preview_options"})


def read_update(body: Mapping[str, Any], bot: Bot | None) -> Update:
    """The update as its handlers read it (PTB's ``Update.de_json`` of :func:`what_handlers_read`);
    raises whatever PTB raises on a field it cannot read."""
    return Update.de_json(what_handlers_read(body), bot)


def what_handlers_read(body: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of the body without :data:`NOT_READ` in the messages it points at; ``body`` itself
    is left as it was (only the dictionaries on the way are copied)."""
    read = dict(body)
    query = read.get("callback_query")
    if isinstance(query, dict) and isinstance(query.get("message"), dict):
        read["callback_query"] = query | {"message": _pointed_at(query["message"])}
    for kind in OWN_MESSAGES:
        message = read.get(kind)
        if isinstance(message, dict) and any(isinstance(message.get(key), dict) for key in POINTED_AT):
            read[kind] = message | {
                key: _pointed_at(message[key]) for key in POINTED_AT if isinstance(message.get(key), dict)
            }
    return read


def _pointed_at(message: dict[str, Any]) -> dict[str, Any]:
    """A message an update points at, as its handlers read it."""
    kept = {key: value for key, value in message.items() if key not in NOT_READ}
    for key in POINTED_AT:
        if isinstance(kept.get(key), dict):
            kept[key] = _pointed_at(kept[key])
    return kept
