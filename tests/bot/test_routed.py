"""The Application's handlers as one (bot/runtime/app.py, ``Routed``): an item goes to the handler
python-telegram-bot itself would give it, the first of the group, in order, that takes it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot_harness import running_bot, sqlite_only
from standin import BotApiStandin
from telegram import Update

from bot.core.solvers import Solvers
from bot.delivery.events import Delivered, LeftChat, TimerFired
from bot.runtime.app import Routed
from bot.storage.outgoing import Receipt

database = sqlite_only

PRIVATE = {"id": 5, "type": "private", "first_name": "A"}
GROUP = {"id": -100, "type": "supergroup", "title": "G"}
USER = {"id": 5, "is_bot": False, "first_name": "A", "language_code": "en"}


def message(chat: dict[str, Any], text: str, *, command: int = 0, **more: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"message_id": 1, "date": 0, "chat": chat, "from": USER, "text": text, **more}
    if command:
        body["entities"] = [{"type": "bot_command", "offset": 0, "length": command}]
    return {"message": body}


def press(data: str | None, *, inline: bool = False) -> dict[str, Any]:
    query: dict[str, Any] = {"id": "q", "from": USER, "chat_instance": "c"}
    if data is not None:
        query["data"] = data
    if inline:
        query["inline_message_id"] = "m"
    else:
        query["message"] = {"message_id": 1, "date": 0, "chat": PRIVATE, "text": "board"}
    return {"callback_query": query}


BODIES: list[dict[str, Any]] = [
    message(PRIVATE, "/daily", command=6),
    message(PRIVATE, "/daily en", command=6),
    message(GROUP, "/daily", command=6),
    message(PRIVATE, "/START", command=6),
    message(PRIVATE, "/start@someone_else", command=19),
    message(PRIVATE, "/nosuchcommand", command=14),
    message(GROUP, "/nosuchcommand", command=14),
    message(PRIVATE, "/hint", command=5),
    message(PRIVATE, "/rules_letters", command=14),
    message(GROUP, "/stats", command=6),
    message(GROUP, "/lang", command=5),
    message(PRIVATE, "/play", command=5),
    message(GROUP, "/play", command=5),
    message(PRIVATE, "а"),
    message(PRIVATE, "hello /daily"),
    message(GROUP, "а"),
    message(GROUP, "", migrate_to_chat_id=-200),
    press("S:letters"),
    press(""),
    press(None),
    press("G:1a2b3c:4:bot:1"),
    press("zzz"),
    press("S:letters", inline=True),
    {"inline_query": {"id": "i", "from": USER, "query": "", "offset": ""}},
    {
        "my_chat_member": {
            "chat": GROUP,
            "from": USER,
            "date": 0,
            "old_chat_member": {"status": "member", "user": {"id": 1, "is_bot": True, "first_name": "B"}},
            "new_chat_member": {"status": "left", "user": {"id": 1, "is_bot": True, "first_name": "B"}},
        }
    },
]


async def test_every_kind_of_item_goes_where_the_handlers_in_order_send_it(
    standin: BotApiStandin, solvers: Solvers, database: Path
) -> None:
    async with running_bot(standin, solvers, database) as bot:
        application = bot.application
        (routed,) = application.handlers[0]
        assert isinstance(routed, Routed)
        assert len(routed.handlers) > 40
        items: list[object] = [
            Update.de_json({"update_id": n, **body}, application.bot) for n, body in enumerate(BODIES)
        ]
        items += [TimerFired(-100, "group"), LeftChat(-100), Delivered(5, Receipt("turn", "group", 1), 7, 0.0)]
        taken = 0
        for item in items:
            in_order = next((h for h in routed.handlers if h.check_update(item) not in (None, False)), None)
            chosen = routed.check_update(item)
            assert (chosen[0] if chosen else None) is in_order, item
            taken += in_order is not None
        assert taken >= len(items) - 2  # nearly every kind is some handler's
