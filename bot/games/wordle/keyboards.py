"""5bukv's buttons: the suggested word's letters to colour, done, undo, "not taken"."""

from __future__ import annotations

from telegram import InlineKeyboardMarkup

from bot.core.keyboards import Buttons, button, start_data
from bot.core.texts import Lang, button_picture, button_review
from bot.games.wordle import texts
from bot.games.wordle.session import WordleSession
from solver.wordle import Colour

#: What 5bukv's start buttons begin.
START = "5bukv"

KIND = "W"


def _valid(action: str, argument: str) -> bool:
    return (action == "tap" and argument in ("0", "1", "2", "3", "4")) or (
        action in ("done", "solved", "undo", "refused", "review", "picture") and not argument
    )


BUTTONS = Buttons(KIND, _valid)


def wordle(lang: Lang, session: WordleSession, remaining: int, *, masked: bool = False) -> InlineKeyboardMarkup:
    """The suggested word's letters to colour, with done, undo and "not taken"; with one
    word left, a one-tap "solved"; once solved, or when no word fits, undo and a new word.
    ``masked``: the suggestion is a word the bot never writes, so its tiles show its pattern."""
    prefix = f"{KIND}:{session.id}:{len(session.entries)}"
    undo = [button(texts.button_undo(lang), f"{prefix}:undo")] if session.entries else []
    if session.solved or not remaining:
        rows = [undo, [button(texts.button_new_word(lang), start_data(START))]]
        if session.solved or session.lost:  # a finished game: the engine's review of its guesses
            rows.append([button(button_review(lang), f"{prefix}:review")])
        return InlineKeyboardMarkup(rows)
    tiles = [
        button(texts.button_tile(letter, Colour(colour)), f"{prefix}:tap:{index}")
        for index, (letter, colour) in enumerate(zip(_shown_letters(session, masked), session.taps, strict=True))
    ]
    solved = [[button(texts.button_solved(lang), f"{prefix}:solved")]] if remaining == 1 else []
    return InlineKeyboardMarkup(
        [
            tiles,
            *solved,
            [button(texts.button_done(lang), f"{prefix}:done"), *undo],
            [button(texts.button_refused(lang), f"{prefix}:refused")],
        ]
    )


def _shown_letters(session: WordleSession, masked: bool) -> str:
    return texts.pattern(session.suggestion) if masked else session.suggestion


def new_game(lang: Lang, session: WordleSession | None = None) -> InlineKeyboardMarkup:
    """A new word; after a game with guesses (given up), its review too."""
    rows = [[button(texts.button_new_word(lang), start_data(START))]]
    if session is not None and session.history:
        rows.append([button(button_review(lang), f"{KIND}:{session.id}:{len(session.entries)}:review")])
    return InlineKeyboardMarkup(rows)


def review_picture(lang: Lang, session: WordleSession) -> InlineKeyboardMarkup:
    """Under the review: the same review as a picture."""
    return InlineKeyboardMarkup([[button(button_picture(lang), f"{KIND}:{session.id}:{len(session.entries)}:picture")]])
