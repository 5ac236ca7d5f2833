"""The outbox's picture kind: a row is JSON, so the PNG travels as base64 and comes back byte for byte."""

from __future__ import annotations

import json

from bot.delivery.outbox import Outgoing, send_photo


def test_a_photo_row_survives_json() -> None:
    png = bytes(range(256)) * 3
    message = send_photo(42, png, "подпись", thread=7)
    row = json.loads(json.dumps(message.to_row()))
    again = Outgoing.from_row(42, row)
    assert again == message and again.call == "photo"
    assert again.params["caption"] == "подпись" and again.params["message_thread_id"] == 7
    import base64

    assert base64.b64decode(again.params["photo_png"]) == png
