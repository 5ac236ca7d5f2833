"""Inline keyboards and the callback data behind their buttons.

Callback data names the session (its random id) and the step it was shown at,
so a button from an older game or an earlier turn is recognised as stale and
never changes the game.
"""

from __future__ import annotations

from dataclasses import dataclass

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot import texts
from bot.fingers_session import FingerSession
from bot.group_session import GroupSession
from bot.letter_session import LetterSession
from bot.texts import Lang
from bot.wordle_session import HelperSession
from solver.fingers import Move
from solver.letters import Rule
from solver.levels import Level
from solver.wordle import Colour

MENU_LETTERS = "menu:letters"
MENU_5BUKV = "menu:5bukv"
MENU_FINGERS = "menu:fingers"
SETUP_FIELDS = ("rule", "first", "level", "strict")
LETTER_ACTIONS = ("hint", "giveup")
HELPER_ACTIONS = ("tap", "done", "undo")
LOBBY_ACTIONS = ("join", "bot", "start")
ENGLISH_GHOST = "en"  # the set-up's rule button for English Ghost


@dataclass(frozen=True)
class Press:
    """A parsed button press: ``kind`` "menu", "L" (letter game), "W" (5bukv),
    "G" (a group's lobby) or "F" (the finger game)."""

    kind: str
    session_id: str = ""
    step: int = 0
    action: str = ""
    argument: str = ""


def parse(data: str | None) -> Press | None:
    """Read callback data; None for anything this bot did not make."""
    if data in (MENU_LETTERS, MENU_5BUKV, MENU_FINGERS):
        return Press("menu", action=data.partition(":")[2])
    parts = (data or "").split(":")
    if len(parts) not in (4, 5) or parts[0] not in ("L", "W", "G", "F") or not parts[2].isdigit():
        return None
    kind, session_id, step, action = parts[:4]
    argument = parts[4] if len(parts) == 5 else ""
    return Press(kind, session_id, int(step), action, argument) if _valid(kind, action, argument) else None


def _valid(kind: str, action: str, argument: str) -> bool:
    """Whether a button of ``kind`` can carry this action and argument."""
    if kind == "L":
        return _valid_setup(action, argument) or (action in LETTER_ACTIONS and not argument)
    if kind == "W":
        return (action == "tap" and argument in ("0", "1", "2", "3", "4")) or (
            action in ("done", "undo", "refused") and not argument
        )
    if kind == "G":
        return (action in LOBBY_ACTIONS and not argument) or (action == "rule" and argument in [r.value for r in Rule])
    return (action in ("level", "first") and _valid_setup(action, argument)) or (
        action == "move" and argument.isdigit() and len(argument) <= 2
    )


def _valid_setup(action: str, argument: str) -> bool:
    choices = {
        "rule": [*(r.value for r in Rule), ENGLISH_GHOST],
        "first": ["1", "0"],
        "level": [lv.value for lv in Level],
        "strict": ["1", "0"],
    }
    return argument in choices.get(action, [])


def _button(text: str, data: str) -> InlineKeyboardButton:
    return InlineKeyboardButton(text, callback_data=data)


def menu(lang: Lang) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(
        [
            [_button(texts.button_letters(lang), MENU_LETTERS)],
            [_button(texts.button_finger_game(lang), MENU_FINGERS)],
            [_button(texts.button_5bukv(lang), MENU_5BUKV)],
        ]
    )


def letter_setup(lang: Lang, session: LetterSession, field: str) -> InlineKeyboardMarkup:
    prefix = f"L:{session.id}:0:{field}"
    if field == "rule":
        rows = [[_button(texts.button_rule(lang, rule), f"{prefix}:{rule.value}")] for rule in Rule]
        if lang == "en":  # English Ghost is offered to English speakers (anyone may ask with /play en)
            rows.append([_button(texts.button_english_ghost(lang), f"{prefix}:{ENGLISH_GHOST}")])
    elif field == "first":
        rows = [[_button(texts.button_first(lang, first), f"{prefix}:{int(first)}")] for first in (True, False)]
    elif field == "level":
        rows = [[_button(texts.button_level(lang, level), f"{prefix}:{level.value}") for level in Level]]
    else:
        rows = [[_button(texts.button_strict(lang, strict), f"{prefix}:{int(strict)}")] for strict in (False, True)]
    return InlineKeyboardMarkup(rows)


def letter_play(lang: Lang, session: LetterSession) -> InlineKeyboardMarkup:
    prefix = f"L:{session.id}:{len(session.board)}"
    if session.over:
        return InlineKeyboardMarkup([[_button(texts.button_again(lang), MENU_LETTERS)]])
    return InlineKeyboardMarkup(
        [
            [
                _button(texts.button_hint(lang, min(session.hint_stage, 1)), f"{prefix}:hint"),
                _button(texts.button_giveup(lang), f"{prefix}:giveup"),
            ]
        ]
    )


def helper(lang: Lang, session: HelperSession, no_candidate: bool = False) -> InlineKeyboardMarkup:
    prefix = f"W:{session.id}:{len(session.entries)}"
    undo = [_button(texts.button_undo(lang), f"{prefix}:undo")] if session.entries else []
    if session.solved or no_candidate:
        return InlineKeyboardMarkup([undo, [_button(texts.button_5bukv(lang), MENU_5BUKV)]])
    tiles = [
        _button(texts.button_tile(letter, Colour(colour)), f"{prefix}:tap:{index}")
        for index, (letter, colour) in enumerate(zip(session.suggestion, session.taps, strict=True))
    ]
    return InlineKeyboardMarkup(
        [
            tiles,
            [_button(texts.button_done(lang), f"{prefix}:done"), *undo],
            [_button(texts.button_refused(lang), f"{prefix}:refused")],
        ]
    )


def lobby(lang: Lang, session: GroupSession) -> InlineKeyboardMarkup:
    """Join, the bot as a player, the rule (Russian list only) and Start."""
    prefix = f"G:{session.id}:{session.step}"
    rows = [[_button(texts.button_join(lang), f"{prefix}:join"), _button(texts.button_add_bot(lang), f"{prefix}:bot")]]
    if session.dictionary == "ru":
        rows += [
            [
                _button(
                    ("✅ " if rule.value == session.rule else "") + texts.button_rule(lang, rule),
                    f"{prefix}:rule:{rule.value}",
                )
            ]
            for rule in Rule
        ]
    rows.append([_button(texts.button_start(lang), f"{prefix}:start")])
    return InlineKeyboardMarkup(rows)


def fingers_level(lang: Lang, session: FingerSession) -> InlineKeyboardMarkup:
    prefix = f"F:{session.id}:0:level"
    return InlineKeyboardMarkup(
        [[_button(texts.button_level(lang, level), f"{prefix}:{level.value}") for level in Level]]
    )


def fingers_first(lang: Lang, session: FingerSession) -> InlineKeyboardMarkup:
    prefix = f"F:{session.id}:0:first"
    return InlineKeyboardMarkup(
        [[_button(texts.button_first(lang, first), f"{prefix}:{int(first)}")] for first in (True, False)]
    )


def fingers_moves(lang: Lang, session: FingerSession, moves: list[Move]) -> InlineKeyboardMarkup:
    """One button per legal move, numbered in the solver's order and tied to this turn."""
    if session.over:
        return InlineKeyboardMarkup([[_button(texts.button_fingers(lang), MENU_FINGERS)]])
    prefix = f"F:{session.id}:{session.moves}:move"
    return InlineKeyboardMarkup(
        [[_button(texts.finger_move(lang, move), f"{prefix}:{index}")] for index, move in enumerate(moves)]
    )
