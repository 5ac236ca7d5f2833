"""What every game's buttons share: the callback data format, and the start menu.

Callback data names the game (a letter), the session (its random id) and the
step it was shown at, so a button from an older game or an earlier turn is
recognised as stale and never changes the game. Each game's ``keyboards``
module says which actions its buttons carry and gives the pattern its
``CallbackQueryHandler`` is routed by.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update

from bot import texts
from bot.texts import Lang
from solver.levels import Level

MENU_LETTERS = "menu:letters"
MENU_WORDLE = "menu:5bukv"
MENU_FINGERS = "menu:fingers"
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


def parse(data: object, kind: str, valid: Callable[[str, str], bool]) -> Press | None:
    """Read callback data of game ``kind``; None for anything this bot did not make
    (``valid`` says whether that game's buttons can carry an action and argument)."""
    parts = data.split(":") if isinstance(data, str) else []
    if len(parts) not in (4, 5) or parts[0] != kind or not parts[2].isdigit():
        return None
    session_id, step, action = parts[1:4]
    argument = parts[4] if len(parts) == 5 else ""
    return Press(kind, session_id, int(step), action, argument) if valid(action, argument) else None


async def checked_press(
    update: Update, parse_data: Callable[[object], Press | None], *, private: bool = True
) -> Press | None:
    """The press an update carries, if it is one of this game's and comes from the kind of
    chat the game is played in; else None, once the player has been told the button is stale."""
    assert update.callback_query is not None
    press = parse_data(update.callback_query.data)
    return press if press is not None and await from_chat_kind(update, private=private) else None


async def from_chat_kind(update: Update, *, private: bool = True) -> bool:
    """Whether a press comes from a user in a private chat (or a group, ``private=False``);
    if not, the player is told the button no longer works."""
    query, chat, user = update.callback_query, update.effective_chat, update.effective_user
    assert query is not None
    if chat is not None and user is not None and (chat.type == chat.PRIVATE) == private:
        return True
    await query.answer(texts.stale_button(texts.language(user.language_code if user else None)))
    return False


def exactly(data: str) -> str:
    """The pattern of a button whose data never varies (the menu's)."""
    return f"^{data}$"


def button(text: str, data: str) -> InlineKeyboardButton:
    return InlineKeyboardButton(text, callback_data=data)


def menu(lang: Lang) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(
        [
            [button(texts.button_letters(lang), MENU_LETTERS)],
            [button(texts.button_finger_game(lang), MENU_FINGERS)],
            [button(texts.button_5bukv(lang), MENU_WORDLE)],
        ]
    )
