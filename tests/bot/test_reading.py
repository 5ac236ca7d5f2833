"""An update is parsed without what no handler reads, and the body the store keeps is untouched."""

from __future__ import annotations

import copy
import importlib.util
import json
from pathlib import Path
from typing import Any

from telegram import Update

from bot.delivery.reading import read_update, what_handlers_read
from bot.runtime.transport import UpdatesRequest, unreadable

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_reading.py"
BOARD = {
    "inline_keyboard": [
        [{"text": "⬜ К", "callback_data": "w:t:1:0:0"}, {"text": "Готово", "callback_data": "w:d:1:0"}]
    ]
}
BOT_USER = {"id": 7, "is_bot": True, "first_name": "Bukvoed", "username": "bukvoed_bot"}
CHAT = {"id": 501, "type": "private"}


def boards_message(**extra: Any) -> dict[str, Any]:
    return {
        "message_id": 10,
        "from": BOT_USER,
        "chat": CHAT,
        "date": 1,
        "text": "Попробуйте: КАТЕР",
        "entities": [{"type": "bold", "offset": 12, "length": 5}],
        "reply_markup": BOARD,
        **extra,
    }


def press() -> dict[str, Any]:
    query = {"id": "9", "from": {"id": 501, "is_bot": False, "first_name": "A"}, "chat_instance": "1"}
    return {"update_id": 3, "callback_query": query | {"data": "w:t:1:0:0", "message": boards_message()}}


def test_a_press_is_read_with_its_message_but_not_its_keyboard_or_formatting() -> None:
    body = press()
    sent = copy.deepcopy(body)
    update = read_update(body, None)
    query = update.callback_query
    assert query is not None and query.data == "w:t:1:0:0" and query.from_user.id == 501
    message = query.message
    assert message is not None and message.message_id == 10 and message.chat.id == 501
    assert getattr(message, "text", None) == "Попробуйте: КАТЕР"
    assert getattr(message, "reply_markup", "gone") is None and getattr(message, "entities", ()) == ()
    assert body == sent  # what the store keeps is the body as Telegram sent it


def test_a_reply_keeps_its_own_command_and_loses_the_replied_boards_keyboard() -> None:
    own = {
        "message_id": 11,
        "chat": CHAT,
        "date": 2,
        "text": "/word",
        "from": {"id": 501, "is_bot": False, "first_name": "A"},
    }
    own |= {"entities": [{"type": "bot_command", "offset": 0, "length": 5}]}
    replied_body = boards_message(pinned_message=boards_message())
    body = {"update_id": 4, "message": own | {"reply_to_message": replied_body}}
    message = read_update(body, None).message
    assert message is not None and message.entities[0].type == "bot_command"
    replied = message.reply_to_message
    assert replied is not None and replied.from_user is not None and replied.from_user.id == 7
    assert replied.reply_markup is None and replied.entities == ()
    assert "reply_markup" in replied_body  # untouched


def test_polling_hands_ptb_the_read_body_and_keeps_the_whole_one() -> None:
    request = UpdatesRequest(1.0)
    payload = json.dumps({"ok": True, "result": [press()]}).encode()
    handed = request.parse_json_payload(payload)["result"][0]
    assert "reply_markup" not in handed["callback_query"]["message"]
    assert request.fetched[0] == press()


def test_what_cannot_be_parsed_is_still_found_before_handlers_see_it() -> None:
    assert unreadable(press()) is None
    broken = press()
    del broken["callback_query"]["from"]["first_name"]  # a user PTB cannot build
    assert unreadable(broken) == "python-telegram-bot cannot parse it (TypeError)"
    assert what_handlers_read({"update_id": 5}) == {"update_id": 5}


def test_the_reading_benchmark_parses_the_same_update_both_ways() -> None:
    """benchmarks/bench_reading.py's bodies are read to the same press and command as whole."""
    spec = importlib.util.spec_from_file_location("bench_reading", BENCH)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    for body in bench.BODIES.values():
        whole, read = Update.de_json(copy.deepcopy(body), None), read_update(body, None)
        assert whole.effective_chat == read.effective_chat and whole.effective_user == read.effective_user
        if whole.callback_query is not None:
            assert read.callback_query is not None and read.callback_query.data == whole.callback_query.data
        else:
            assert read.message == whole.message and read.message is not None and read.message.entities
    assert all(seconds > 0 for seconds in bench.best_per_parse(bench.BODIES["typed /play"], 5, 1))
