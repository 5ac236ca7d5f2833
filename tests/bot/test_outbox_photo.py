"""The outbox's calls as rows: a row is JSON (a picture's PNG as base64), read back as the very
call, and in the shape rows have always had, so rows an older process left are read alike."""

from __future__ import annotations

import json

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.delivery.outbox import answer_inline, command_menu, edit, edit_buttons, send, send_photo
from bot.storage.outgoing import Outgoing, Receipt, SendPhoto


def test_a_photo_row_survives_json() -> None:
    png = bytes(range(256)) * 3
    message = send_photo(42, png, "подпись", thread=7)
    row = json.loads(json.dumps(message.to_row()))
    again = Outgoing.from_row(42, row)
    assert again == message and isinstance(again.call, SendPhoto)
    assert again.call.caption == "подпись" and again.call.thread == 7 and again.call.png == png
    assert row["call"] == "photo" and set(row["params"]) == {"photo_png", "caption", "message_thread_id"}


def test_every_call_comes_back_from_its_row_as_it_went_in() -> None:
    markup = InlineKeyboardMarkup([[InlineKeyboardButton("да", callback_data="x")]])
    turn = send(
        -5, "ход", markup, html=True, thread=3, reply_to=9, receipt=Receipt("turn", "g1", 4), key="k", story="s"
    )
    calls = [
        turn,
        edit(-5, 10, "новый", markup),
        edit_buttons(-5, 10, None),
        command_menu(7, [("play", "играть")]),
        answer_inline(7, "q", [{"type": "article", "id": "1"}], {"text": "t", "start_parameter": "daily"}),
    ]
    for message in calls:
        assert Outgoing.from_row(message.chat_id, json.loads(json.dumps(message.to_row()))) == message


def test_a_row_written_before_typed_calls_reads_back() -> None:
    row = {
        "call": "send",
        "params": {"text": "ход", "parse_mode": "HTML", "reply_to": 9},
        "receipt": "turn:g1:4",
        "key": "turn:g1",
        "story": None,
    }
    message = Outgoing.from_row(-5, row)
    assert message.receipt == Receipt("turn", "g1", 4) and message.key == "turn:g1"
    assert message.to_row() == row
