"""The Bot API calls a unit makes once it is committed, as typed records, and their one encoding
as an outbox row (JSON: the call's name and its Bot API parameters, as the row has always held
them, so rows an older process left are read back alike).

:mod:`bot.delivery.outbox` makes and sends them; the stores keep them (:class:`Outgoing`).
"""

from __future__ import annotations

import base64
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class SendText:
    """A new message (in forum topic ``thread``, quoting message ``reply_to``); ``markup``: its
    buttons as the Bot API takes them."""

    text: str
    markup: dict[str, Any] | None = None
    html: bool = False
    thread: int | None = None
    reply_to: int | None = None


@dataclass(frozen=True)
class SendPhoto:
    """A picture (PNG bytes) with an optional caption. A row is JSON, so the bytes are kept as
    base64: a picture lives only until Telegram has it, and a row that carries its own bytes
    needs no game's drawing code to send it after a restart."""

    png: bytes
    caption: str | None = None
    thread: int | None = None
    reply_to: int | None = None


@dataclass(frozen=True)
class EditText:
    """A message of the bot's, shown anew (its buttons go unless ``markup`` gives new ones)."""

    message_id: int
    text: str
    markup: dict[str, Any] | None = None


@dataclass(frozen=True)
class EditButtons:
    """Only a message's buttons change (None: they go)."""

    message_id: int
    markup: dict[str, Any] | None = None


@dataclass(frozen=True)
class SetMenu:
    """The command menu of one private chat: (command, description) pairs."""

    commands: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class AnswerInline:
    """The answer to an inline query: personal and not cached (each player sees their own)."""

    query_id: str
    results: tuple[dict[str, Any], ...]
    button: dict[str, Any] | None = None


Call = SendText | SendPhoto | EditText | EditButtons | SetMenu | AnswerInline


@dataclass(frozen=True)
class Receipt:
    """What a message reports back into its chat's line once it is out (with Telegram's id for
    it): ``what`` a game named it, for the game's ``game`` (an id of its own), at ``version``
    when the game cares which save it announced."""

    what: str
    game: str
    version: int | None = None

    def encode(self) -> str:
        version = "" if self.version is None else f":{self.version}"
        return f"{self.what}:{self.game}{version}"

    @classmethod
    def decode(cls, text: str) -> Receipt:
        what, _, rest = text.partition(":")
        game, _, version = rest.partition(":")
        return cls(what, game, int(version) if version else None)


@dataclass(frozen=True)
class Outgoing:
    """One Bot API call to make in ``chat_id`` once the change that caused it is committed.

    ``receipt``: reported back into the chat's line once the message is out, or None. ``key``: a
    newer message with the same key replaces this one while it waits unsent, and then tells its
    ``story`` too (the part of its text the chat must not miss, HTML like the text), before its
    own text."""

    chat_id: int
    call: Call
    receipt: Receipt | None = None
    key: str | None = None
    story: str | None = None

    def to_row(self) -> dict[str, Any]:
        name, params = encode_call(self.call)
        row: dict[str, Any] = {"call": name, "params": params}
        row["receipt"] = None if self.receipt is None else self.receipt.encode()
        if self.key is not None:
            row |= {"key": self.key, "story": self.story}
        return row

    @classmethod
    def from_row(cls, chat_id: int, row: dict[str, Any]) -> Outgoing:
        receipt = row.get("receipt")
        call = decode_call(str(row["call"]), dict(row["params"]))
        return cls(chat_id, call, Receipt.decode(receipt) if receipt else None, row.get("key"), row.get("story"))


def _optional(**params: Any) -> dict[str, Any]:
    return {name: value for name, value in params.items() if value is not None}


def encode_call(call: Call) -> tuple[str, dict[str, Any]]:
    """The row's name of the call and its parameters (the Bot API's names; ``reply_to`` ours)."""
    if isinstance(call, SendText):
        mode = "HTML" if call.html else None
        return "send", {"text": call.text} | _optional(
            reply_markup=call.markup, parse_mode=mode, message_thread_id=call.thread, reply_to=call.reply_to
        )
    if isinstance(call, SendPhoto):
        png = base64.b64encode(call.png).decode("ascii")
        return "photo", {"photo_png": png} | _optional(
            caption=call.caption, message_thread_id=call.thread, reply_to=call.reply_to
        )
    if isinstance(call, EditText):
        return "edit", {"message_id": call.message_id, "text": call.text} | _optional(reply_markup=call.markup)
    if isinstance(call, EditButtons):
        return "edit_buttons", {"message_id": call.message_id} | _optional(reply_markup=call.markup)
    if isinstance(call, SetMenu):
        return "menu", {"commands": [{"command": name, "description": text} for name, text in call.commands]}
    params = {"inline_query_id": call.query_id, "results": list(call.results), "cache_time": 0, "is_personal": True}
    return "inline", params | _optional(button=call.button)


def decode_call(name: str, params: dict[str, Any]) -> Call:
    """The call a row holds; ``ValueError`` for a kind no code makes."""
    if name == "send":
        html = params.get("parse_mode") == "HTML"
        thread, reply_to = params.get("message_thread_id"), params.get("reply_to")
        return SendText(str(params["text"]), params.get("reply_markup"), html, thread, reply_to)
    if name == "photo":
        png = base64.b64decode(params["photo_png"])
        return SendPhoto(png, params.get("caption"), params.get("message_thread_id"), params.get("reply_to"))
    if name == "edit":
        return EditText(int(params["message_id"]), str(params["text"]), params.get("reply_markup"))
    if name == "edit_buttons":
        return EditButtons(int(params["message_id"]), params.get("reply_markup"))
    if name == "menu":
        return SetMenu(tuple((str(line["command"]), str(line["description"])) for line in params["commands"]))
    if name == "inline":
        return AnswerInline(str(params["inline_query_id"]), tuple(params["results"]), params.get("button"))
    raise ValueError(f"no such outgoing call: {name}")
