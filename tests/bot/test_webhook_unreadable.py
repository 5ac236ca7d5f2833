"""Which updates the bot cannot read, by polling or by webhook: each is skipped with one line."""

from __future__ import annotations

from typing import Any

import pytest
from standin import BotApiStandin

from bot.runtime.transport import unreadable


def message(text: str = "/start") -> dict[str, Any]:
    return {"update_id": 5, **BotApiStandin().message_update(9, text)}


def without(body: dict[str, Any], *path: str) -> dict[str, Any]:
    inner = body
    for key in path[:-1]:
        inner = inner[key]
    del inner[path[-1]]
    return body


def test_a_good_message_and_a_good_button_press_are_readable() -> None:
    press = {"id": "1", "from": {"id": 9, "is_bot": False, "first_name": "P"}, "chat_instance": "9", "data": "x"}
    assert unreadable(message()) is None
    assert unreadable({"update_id": 6, "callback_query": press}) is None  # under an inline message: no chat


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        (message("a \ud800 b"), "text that is not valid Unicode"),
        (without(message(), "message", "chat"), "a message without a chat"),
        ({"update_id": 7, "edited_message": {"message_id": 1, "date": 0}}, "a message without a chat"),
        ({"update_id": 8, "callback_query": {"id": "1", "chat_instance": "9", "data": "x"}}, "without its user"),
        ({"update_id": 9, "message": {"message_id": "x", "date": 0, "chat": {"type": "private"}}}, "cannot parse"),
        ([1, 2], "not an update"),
        ({"message": {}}, "not an update"),
    ],
)
def test_an_update_the_bot_cannot_read_says_why(body: object, problem: str) -> None:
    found = unreadable(body)
    assert found is not None and problem in found
