"""English Wordle's buttons: the suggested word's letters to colour, done, undo, hard mode, review."""

from __future__ import annotations

from telegram import InlineKeyboardMarkup

from bot.core.keyboards import Buttons, button, start_data
from bot.core.texts import Lang, button_review
from bot.games.wordle_en import texts
from bot.games.wordle_en.session import WordleEnSession
from solver.wordle import Colour

#: What English Wordle's start buttons begin.
START = "wordle"

KIND = "E"


def _valid(action: str, argument: str) -> bool:
    return (action == "tap" and argument in ("0", "1", "2", "3", "4")) or (
        action in ("done", "solved", "undo", "hard", "review") and not argument
    )


BUTTONS = Buttons(KIND, _valid)


def board(lang: Lang, session: WordleEnSession, remaining: int) -> InlineKeyboardMarkup:
    """The letters to colour, done, undo and hard mode; once over, undo, a new game and the review."""
    prefix = f"{KIND}:{session.id}:{len(session.entries)}"
    undo = [button(texts.button_undo(lang), f"{prefix}:undo")] if session.entries else []
    if session.over or not remaining:
        rows = [undo, [button(texts.button_new_word(lang), start_data(START))]]
        if session.entries:
            rows.append([button(button_review(lang), f"{prefix}:review")])
        return InlineKeyboardMarkup(rows)
    tiles = [
        button(texts.button_tile(letter, Colour(colour)), f"{prefix}:tap:{index}")
        for index, (letter, colour) in enumerate(zip(session.suggestion, session.taps, strict=True))
    ]
    solved = [[button(texts.button_solved(lang), f"{prefix}:solved")]] if remaining == 1 else []
    return InlineKeyboardMarkup(
        [
            tiles,
            *solved,
            [button(texts.button_done(lang), f"{prefix}:done"), *undo],
            [button(texts.button_hard(lang, session.hard), f"{prefix}:hard")],
        ]
    )


def new_game(lang: Lang, session: WordleEnSession) -> InlineKeyboardMarkup:
    rows = [[button(texts.button_new_word(lang), start_data(START))]]
    if session.entries:
        rows.append([button(button_review(lang), f"{KIND}:{session.id}:{len(session.entries)}:review")])
    return InlineKeyboardMarkup(rows)
