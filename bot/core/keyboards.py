"""What every game's buttons share: the callback data format, and the start menu.

Callback data names the game (a letter), the session (its random id) and the
step it was shown at, so a button from an older game or an earlier turn is
recognised as stale and never changes the game. Each game's ``keyboards``
module says which actions its buttons carry and gives the pattern its
``CallbackQueryHandler`` is routed by.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from telegram import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Update

from bot.core import texts
from bot.core.session import Session
from bot.core.texts import Lang
from solver.levels import Level

# A start button (the menu's, a finished game's, the question before resigning) names its
# target: what it begins, as each game's ``begins`` says (bot/core/game.py); any other is stale.
MENU = "menu"
_TARGET = re.compile(r"[a-z0-9-]{1,20}")
SWITCH = "N"  # the question "resign the running game and start another?"
RESIGN = "resign"
KEEP = "keep"
#: The set-up questions both games against the bot ask: who starts, how strong the bot plays.
COMMON_CHOICES: dict[str, list[str]] = {"first": ["1", "0"], "level": [level.value for level in Level]}


@dataclass(frozen=True)
class Press:
    """A parsed button press of one game."""

    kind: str
    session_id: str = ""
    step: int = 0
    action: str = ""
    argument: str = ""


@dataclass(frozen=True)
class Buttons:
    """One game's callback data: its ``kind`` letter, and which actions and arguments its
    buttons can carry (``valid``)."""

    kind: str
    valid: Callable[[str, str], bool]

    def press(self, data: object) -> Press | None:
        return parse(data, self.kind, self.valid)

    def is_press(self, data: object) -> bool:
        """The pattern of this game's ``CallbackQueryHandler``."""
        return self.press(data) is not None


def parse(data: object, kind: str, valid: Callable[[str, str], bool]) -> Press | None:
    """Read callback data of game ``kind``; None for anything this bot did not make
    (``valid`` says whether that game's buttons can carry an action and argument)."""
    parts = data.split(":") if isinstance(data, str) else []
    if len(parts) not in (4, 5) or parts[0] != kind or not is_number(parts[2]):
        return None
    session_id, step, action = parts[1:4]
    argument = parts[4] if len(parts) == 5 else ""
    return Press(kind, session_id, int(step), action, argument) if valid(action, argument) else None


#: Callback data is at most 64 bytes, so no number in it has more digits than this.
MAX_DIGITS = 6


def is_number(text: str) -> bool:
    """ASCII digits only, and not too many: ``"²".isdigit()`` is true, and ``int("²")`` raises."""
    return 0 < len(text) <= MAX_DIGITS and text.isascii() and text.isdigit()


def checked_press(
    query: CallbackQuery, update: Update, parse_data: Callable[[object], Press | None], *, private: bool = True
) -> Press | None:
    """The press a button carries, if it is one of this game's and comes from a user in the kind
    of chat the game is played in (a private chat, or a group: ``private=False``); else None."""
    press = parse_data(query.data)
    chat, user = update.effective_chat, update.effective_user
    if press is None or chat is None or user is None or (chat.type == chat.PRIVATE) != private:
        return None
    return press


def start_data(target: str) -> str:
    """The callback data of a button that starts ``target`` (or asks first)."""
    return f"{MENU}:{target}"


def is_target(text: str) -> bool:
    return _TARGET.fullmatch(text) is not None


def menu_target(data: object) -> str | None:
    """What a start button begins; None for anything else."""
    kind, _, target = data.partition(":") if isinstance(data, str) else ("", "", "")
    return target if kind == MENU and is_target(target) else None


def is_menu_press(data: object) -> bool:
    return menu_target(data) is not None


SWITCH_BUTTONS = Buttons(SWITCH, lambda action, target: action in (RESIGN, KEEP) and is_target(target))


def resign_or_keep(lang: Lang, running: Session, target: str) -> InlineKeyboardMarkup:
    """The question before a new game replaces one under way; tied to that game."""
    prefix = f"{SWITCH}:{running.id}:0"
    return InlineKeyboardMarkup(
        [
            [button(texts.button_resign_and_start(lang), f"{prefix}:{RESIGN}:{target}")],
            [button(texts.button_keep_playing(lang), f"{prefix}:{KEEP}:{target}")],
        ]
    )


#: /lang's buttons: ``lang:<code>``, one per language the bot speaks.
LANGUAGE = "lang"


def language_choice() -> InlineKeyboardMarkup:
    """/lang's buttons, each labelled in its own language, the same for everyone."""
    return InlineKeyboardMarkup(
        [[button(texts.language_button(code), f"{LANGUAGE}:{code}") for code in texts.languages()]]
    )


def chosen_language(data: object) -> Lang | None:
    """The language a /lang button chooses; None for any other data."""
    kind, _, code = data.partition(":") if isinstance(data, str) else ("", "", "")
    return texts.language_named(code) if kind == LANGUAGE and code.islower() else None


def is_language_press(data: object) -> bool:
    return chosen_language(data) is not None


def button(text: str, data: str) -> InlineKeyboardButton:
    return InlineKeyboardButton(text, callback_data=data)


def menu(entries: list[tuple[str, str]]) -> InlineKeyboardMarkup:
    """The start menu: a button (label, target) for each game that has one."""
    return InlineKeyboardMarkup([[button(label, start_data(target))] for label, target in entries])
