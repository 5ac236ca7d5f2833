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
from bot.session import Session
from bot.texts import Lang
from solver.levels import Level

# What a start button begins (the menu's, a finished game's, the question before resigning).
START_LETTERS = "letters"
START_GHOST = "ghost"
AGAIN_LETTERS = "letters-again"  # the last set-up once more
START_WORDLE = "5bukv"
START_FINGERS = "fingers"
AGAIN_FINGERS = "fingers-again"
TARGETS = (START_LETTERS, START_GHOST, AGAIN_LETTERS, START_WORDLE, START_FINGERS, AGAIN_FINGERS)
MENU = "menu"
MENU_LETTERS = f"{MENU}:{START_LETTERS}"
MENU_WORDLE = f"{MENU}:{START_WORDLE}"
MENU_FINGERS = f"{MENU}:{START_FINGERS}"
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


def menu_target(data: object) -> str | None:
    """What a start button begins; None for anything else."""
    kind, _, target = data.partition(":") if isinstance(data, str) else ("", "", "")
    return target if kind == MENU and target in TARGETS else None


def is_menu_press(data: object) -> bool:
    return menu_target(data) is not None


SWITCH_BUTTONS = Buttons(SWITCH, lambda action, target: action in (RESIGN, KEEP) and target in TARGETS)


def resign_or_keep(lang: Lang, running: Session, target: str) -> InlineKeyboardMarkup:
    """The question before a new game replaces one under way; tied to that game."""
    prefix = f"{SWITCH}:{running.id}:0"
    return InlineKeyboardMarkup(
        [
            [button(texts.button_resign_and_start(lang), f"{prefix}:{RESIGN}:{target}")],
            [button(texts.button_keep_playing(lang), f"{prefix}:{KEEP}:{target}")],
        ]
    )


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
