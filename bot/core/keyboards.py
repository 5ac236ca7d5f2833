"""What every game's buttons share: their data as small typed records with one encoding, and the
start menu.

A button's data is a frozen dataclass (:class:`CallbackData`, as aiogram's): its family names a
prefix, its fields are packed after it, ``:``-separated, within Telegram's 64 bytes, and read back
in one place (:meth:`CallbackData.unpack`), checked: anything this bot did not make reads as None,
and the press is answered as stale. A game's buttons are one family (``GameButton``): the game's
letter, the session (its random id) and the step it was shown at, then the button's own name and
fields, so a button from an older game or an earlier turn is recognised as stale and never changes
the game (``L:1a2b3c:4:hint:0``). The encoding is the one the bot's buttons have always carried, so
buttons already in chats keep working.
"""

from __future__ import annotations

import dataclasses
import re
import typing
from enum import Enum
from typing import Any, ClassVar, Self, TypeVar

from telegram import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Update

from bot.core import texts
from bot.core.session import Session
from bot.core.texts import Lang
from solver.levels import Level

#: Between the prefix and the fields of a button's data.
SEP = ":"
#: Telegram's limit on a button's data, in bytes.
LIMIT = 64
#: Callback data is at most 64 bytes, so no number in it has more digits than this.
MAX_DIGITS = 6


def is_number(text: str) -> bool:
    """ASCII digits only, and not too many: ``"²".isdigit()`` is true, and ``int("²")`` raises."""
    return 0 < len(text) <= MAX_DIGITS and text.isascii() and text.isdigit()


class CallbackData:
    """A button's data. A subclass given ``prefix=`` starts a family: its own fields are packed
    right after the prefix. A family's subclass given ``action=`` is one kind of its buttons: the
    action's name follows the family's fields, then the subclass's own fields. Fields are ``str``
    (no ``:``), ``int``, ``bool`` (``1``/``0``) or an ``Enum`` (its value); :meth:`valid` may check
    more. Subclasses are frozen dataclasses."""

    _prefix: ClassVar[str]
    _family: ClassVar[type[CallbackData]]
    _actions: ClassVar[dict[str, type[CallbackData]]]
    _action: ClassVar[str | None] = None

    def __init_subclass__(cls, prefix: str | None = None, action: str | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if prefix is not None:
            assert SEP not in prefix, prefix
            cls._prefix, cls._family, cls._actions = prefix, cls, {}
        if action is not None:
            assert action not in cls._family._actions, f"two buttons named {action!r} in {cls._family.__name__}"
            cls._action = action
            cls._family._actions[action] = cls

    def valid(self) -> bool:
        """Whether the fields make sense beyond their types (a target's spelling, a number's range)."""
        return True

    def pack(self) -> str:
        """The data a button carries."""
        head, own = _split_fields(type(self))
        parts = [self._prefix, *(_encode(getattr(self, name)) for name in head)]
        parts += [self._action] if self._action is not None else []
        parts += [_encode(getattr(self, name)) for name in own]
        data = SEP.join(parts)
        if len(data.encode()) > LIMIT:
            raise ValueError(f"button data over Telegram's {LIMIT} bytes: {data!r}")
        return data

    @classmethod
    def unpack(cls, data: object) -> Self | None:
        """The record ``data`` packs, if it is one of this class's; None for anything else
        (another family's, another game's, forged, or from a version of the bot that is gone)."""
        family = cls._family
        parts = data.split(SEP) if isinstance(data, str) else []
        head = _split_fields(family)[0]
        if len(parts) <= len(head) or parts[0] != family._prefix:
            return None
        record: type[CallbackData] | None = family
        rest = parts[1 + len(head) :]
        if family._actions:
            record = family._actions.get(rest[0]) if rest else None
            rest = rest[1:]
        if record is None or not issubclass(record, cls):
            return None
        own = _split_fields(record)[1]
        if len(rest) != len(own):
            return None
        values = dict(zip(head, parts[1 : 1 + len(head)], strict=True)) | dict(zip(own, rest, strict=True))
        hints = _hints(record)
        decoded = {name: _decode(hints[name], text) for name, text in values.items()}
        if any(value is None for value in decoded.values()):
            return None
        made = record(**decoded)
        return made if made.valid() else None

    @classmethod
    def matches(cls, data: object) -> bool:
        """The pattern of this class's ``CallbackQueryHandler``."""
        return cls.unpack(data) is not None


_FIELDS: dict[type[CallbackData], tuple[tuple[str, ...], tuple[str, ...]]] = {}
_HINTS: dict[type[CallbackData], dict[str, Any]] = {}


def _split_fields(record: type[CallbackData]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The names packed before the action (the family's fields) and after it (the record's own)."""
    if record not in _FIELDS:
        names = tuple(f.name for f in dataclasses.fields(record))  # type: ignore[arg-type]
        head = len(dataclasses.fields(record._family))  # type: ignore[arg-type]
        _FIELDS[record] = names[:head], names[head:]
    return _FIELDS[record]


def _hints(record: type[CallbackData]) -> dict[str, Any]:
    """The fields' types (read once per record: ``get_type_hints`` resolves the annotations' text)."""
    if record not in _HINTS:
        _HINTS[record] = typing.get_type_hints(record)
    return _HINTS[record]


def _encode(value: object) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, Enum):
        value = value.value
    text = str(value)
    assert SEP not in text, text
    return text


def _decode(kind: Any, text: str) -> object | None:
    """``text`` read as a field of type ``kind``; None when it is not one."""
    if kind is bool:
        return {"1": True, "0": False}.get(text)
    if kind is int:
        return int(text) if is_number(text) else None
    if isinstance(kind, type) and issubclass(kind, Enum):
        return next((member for member in kind if str(member.value) == text), None)
    return text if kind is str and text else None


@dataclasses.dataclass(frozen=True)
class GameButton(CallbackData):
    """A game's button: its family (a subclass with ``prefix=``, the game's letter) says which game
    it belongs to, ``session_id`` which game of it, ``step`` at which move it was shown."""

    session_id: str
    step: int


#: A start target's spelling: what a start button begins, as each game's ``begins`` says
#: (bot/core/game.py); a target no game begins is stale.
_TARGET = re.compile(r"[a-z0-9-]{1,20}")


def is_target(text: str) -> bool:
    return _TARGET.fullmatch(text) is not None


@dataclasses.dataclass(frozen=True)
class Start(CallbackData, prefix="menu"):
    """A start button (the menu's, a finished game's, the question before resigning): what it begins."""

    target: str

    def valid(self) -> bool:
        return is_target(self.target)


@dataclasses.dataclass(frozen=True)
class Switch(GameButton, prefix="N"):
    """The question "resign the running game and start another?", tied to the running game."""


@dataclasses.dataclass(frozen=True)
class Resign(Switch, action="resign"):
    """Resign the running game and begin ``target``."""

    target: str

    def valid(self) -> bool:
        return is_target(self.target)


@dataclasses.dataclass(frozen=True)
class Keep(Switch, action="keep"):
    """Keep playing the running game (``target``: what the question offered instead)."""

    target: str

    def valid(self) -> bool:
        return is_target(self.target)


@dataclasses.dataclass(frozen=True)
class ChooseLanguage(CallbackData, prefix="lang"):
    """A /lang button: the language it chooses."""

    code: str

    def valid(self) -> bool:
        return self.code.islower() and texts.language_named(self.code) is not None

    @property
    def lang(self) -> Lang:
        chosen = texts.language_named(self.code)
        assert chosen is not None, "checked when read"
        return chosen


#: The set-up questions both games against the bot ask: who starts, how strong the bot plays.
COMMON_CHOICES: dict[str, list[str]] = {"first": ["1", "0"], "level": [level.value for level in Level]}


D = TypeVar("D", bound=CallbackData)


def checked_press(query: CallbackQuery, update: Update, kind: type[D], *, private: bool = True) -> D | None:
    """The press a button carries, if it is one of ``kind`` and comes from a user in the kind
    of chat the game is played in (a private chat, or a group: ``private=False``); else None."""
    press = kind.unpack(query.data)
    chat, user = update.effective_chat, update.effective_user
    if press is None or chat is None or user is None or (chat.type == chat.PRIVATE) != private:
        return None
    return press


def start_data(target: str) -> str:
    """The callback data of a button that starts ``target`` (or asks first)."""
    return Start(target).pack()


def resign_or_keep(lang: Lang, running: Session, target: str) -> InlineKeyboardMarkup:
    """The question before a new game replaces one under way; tied to that game."""
    return InlineKeyboardMarkup(
        [
            [button(texts.button_resign_and_start(lang), Resign(running.id, 0, target))],
            [button(texts.button_keep_playing(lang), Keep(running.id, 0, target))],
        ]
    )


def language_choice() -> InlineKeyboardMarkup:
    """/lang's buttons, each labelled in its own language, the same for everyone."""
    return InlineKeyboardMarkup(
        [[button(texts.language_button(code), ChooseLanguage(code)) for code in texts.languages()]]
    )


def button(text: str, data: CallbackData) -> InlineKeyboardButton:
    return InlineKeyboardButton(text, callback_data=data.pack())


def menu(entries: list[tuple[str, str]]) -> InlineKeyboardMarkup:
    """The start menu: a button (label, target) for each game that has one."""
    return InlineKeyboardMarkup([[button(label, Start(target))] for label, target in entries])
