"""English Wordle's buttons: the suggested word's letters to colour, done, undo, hard mode, review."""

from __future__ import annotations

from dataclasses import dataclass

from telegram import InlineKeyboardMarkup

from bot.core.keyboards import GameButton, Start, button
from bot.core.texts import Lang, button_review
from bot.games.wordle_en import texts
from bot.games.wordle_en.session import WORD_LENGTH, WordleEnSession
from solver.wordle import Colour

#: What English Wordle's start buttons begin.
START = "wordle"


@dataclass(frozen=True)
class WordleEnButton(GameButton, prefix="E"):
    """A button of English Wordle, tied to the game and its number of entries."""


@dataclass(frozen=True)
class Tile(WordleEnButton, action="tap"):
    """A tap on one letter of the suggested word: its next colour."""

    index: int

    def valid(self) -> bool:
        return 0 <= self.index < WORD_LENGTH


@dataclass(frozen=True)
class Done(WordleEnButton, action="done"):
    """The colours are set: enter them."""


@dataclass(frozen=True)
class Solved(WordleEnButton, action="solved"):
    """The one word left is the answer."""


@dataclass(frozen=True)
class Undo(WordleEnButton, action="undo"):
    pass


@dataclass(frozen=True)
class Hard(WordleEnButton, action="hard"):
    """Hard mode on or off."""


@dataclass(frozen=True)
class Review(WordleEnButton, action="review"):
    """The engine's review of the game's guesses."""


def board(lang: Lang, session: WordleEnSession, remaining: int) -> InlineKeyboardMarkup:
    """The letters to colour, done, undo and hard mode; once over, undo, a new game and the review."""
    at = (session.id, len(session.entries))
    undo = [button(texts.button_undo(lang), Undo(*at))] if session.entries else []
    if session.over or not remaining:
        rows = [undo, [button(texts.button_new_word(lang), Start(START))]]
        if session.entries:
            rows.append([button(button_review(lang), Review(*at))])
        return InlineKeyboardMarkup(rows)
    tiles = [
        button(texts.button_tile(letter, Colour(colour)), Tile(*at, index))
        for index, (letter, colour) in enumerate(zip(session.suggestion, session.taps, strict=True))
    ]
    solved = [[button(texts.button_solved(lang), Solved(*at))]] if remaining == 1 else []
    return InlineKeyboardMarkup(
        [
            tiles,
            *solved,
            [button(texts.button_done(lang), Done(*at)), *undo],
            [button(texts.button_hard(lang, session.hard), Hard(*at))],
        ]
    )


def new_game(lang: Lang, session: WordleEnSession) -> InlineKeyboardMarkup:
    rows = [[button(texts.button_new_word(lang), Start(START))]]
    if session.entries:
        rows.append([button(button_review(lang), Review(session.id, len(session.entries)))])
    return InlineKeyboardMarkup(rows)
