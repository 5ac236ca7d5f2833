"""5bukv's buttons: the suggested word's letters to colour, done, undo, "not taken"."""

from __future__ import annotations

from dataclasses import dataclass

from telegram import InlineKeyboardMarkup

from bot.core.keyboards import GameButton, Start, button
from bot.core.texts import Lang, button_picture, button_review
from bot.games.wordle import texts
from bot.games.wordle.session import WordleSession
from solver.wordle import Colour

#: What 5bukv's start buttons begin.
START = "5bukv"


@dataclass(frozen=True)
class WordleButton(GameButton, prefix="W"):
    """A button of 5bukv, tied to the game and its number of entries."""


@dataclass(frozen=True)
class Tile(WordleButton, action="tap"):
    """A tap on one letter of the suggested word: its next colour."""

    index: int

    def valid(self) -> bool:
        return 0 <= self.index < WORD_LENGTH


@dataclass(frozen=True)
class Done(WordleButton, action="done"):
    """The colours are set: enter them."""


@dataclass(frozen=True)
class Solved(WordleButton, action="solved"):
    """The one word left is the answer."""


@dataclass(frozen=True)
class Undo(WordleButton, action="undo"):
    pass


@dataclass(frozen=True)
class Refused(WordleButton, action="refused"):
    """The game did not take the suggested word."""


@dataclass(frozen=True)
class Review(WordleButton, action="review"):
    """The engine's review of a finished game's guesses."""


@dataclass(frozen=True)
class Picture(WordleButton, action="picture"):
    """The review, as a picture."""


#: Letters in a 5bukv word: one tile each.
WORD_LENGTH = 5


def wordle(lang: Lang, session: WordleSession, remaining: int, *, masked: bool = False) -> InlineKeyboardMarkup:
    """The suggested word's letters to colour, with done, undo and "not taken"; with one
    word left, a one-tap "solved"; once solved, or when no word fits, undo and a new word.
    ``masked``: the suggestion is a word the bot never writes, so its tiles show its pattern."""
    at = (session.id, len(session.entries))
    undo = [button(texts.button_undo(lang), Undo(*at))] if session.entries else []
    if session.solved or not remaining:
        rows = [undo, [button(texts.button_new_word(lang), Start(START))]]
        if session.solved or session.lost:  # a finished game: the engine's review of its guesses
            rows.append([button(button_review(lang), Review(*at))])
        return InlineKeyboardMarkup(rows)
    tiles = [
        button(texts.button_tile(letter, Colour(colour)), Tile(*at, index))
        for index, (letter, colour) in enumerate(zip(_shown_letters(session, masked), session.taps, strict=True))
    ]
    solved = [[button(texts.button_solved(lang), Solved(*at))]] if remaining == 1 else []
    return InlineKeyboardMarkup(
        [
            tiles,
            *solved,
            [button(texts.button_done(lang), Done(*at)), *undo],
            [button(texts.button_refused(lang), Refused(*at))],
        ]
    )


def _shown_letters(session: WordleSession, masked: bool) -> str:
    return texts.pattern(session.suggestion) if masked else session.suggestion


def new_game(lang: Lang, session: WordleSession | None = None) -> InlineKeyboardMarkup:
    """A new word; after a game with guesses (given up), its review too."""
    rows = [[button(texts.button_new_word(lang), Start(START))]]
    if session is not None and session.history:
        rows.append([button(button_review(lang), Review(session.id, len(session.entries)))])
    return InlineKeyboardMarkup(rows)


def review_picture(lang: Lang, session: WordleSession) -> InlineKeyboardMarkup:
    """Under the review: the same review as a picture."""
    return InlineKeyboardMarkup([[button(button_picture(lang), Picture(session.id, len(session.entries)))]])
