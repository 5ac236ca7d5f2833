"""5bukv's buttons: the suggested word's letters to colour, done, undo, "not taken"."""

from __future__ import annotations

from dataclasses import dataclass

from telegram import InlineKeyboardMarkup

from bot.core.keyboards import GameButton, button
from bot.core.texts import Lang, button_picture
from bot.games.wordle import texts
from bot.games.wordle.session import WordleSession
from bot.games.wordle_common import keyboards as common
from bot.games.wordle_common.session import WORD_LENGTH

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


BUTTONS = common.Buttons(
    tile=Tile,
    done=Done,
    solved=Solved,
    undo=Undo,
    review=Review,
    start=START,
    tile_text=texts.button_tile,
    new_game_text=texts.button_new_word,
)


def wordle(lang: Lang, session: WordleSession, remaining: int, *, masked: bool = False) -> InlineKeyboardMarkup:
    """The suggested word's letters to colour, with done, undo and "not taken"; with one
    word left, a one-tap "solved"; once solved, or when no word fits, undo and a new word.
    ``masked``: the suggestion is a word the bot never writes, so its tiles show its pattern."""
    if session.solved or not remaining:  # a finished game: the engine's review of its guesses
        return common.finished(lang, session, BUTTONS, review=session.solved or session.lost)
    refused = [[button(texts.button_refused(lang), Refused(session.id, len(session.entries)))]]
    shown = texts.pattern(session.suggestion) if masked else session.suggestion
    return common.letters(lang, session, remaining, BUTTONS, shown=shown, last=refused)


def new_game(lang: Lang, session: WordleSession | None = None) -> InlineKeyboardMarkup:
    """A new word; after a game with guesses (given up), its review too."""
    return common.new_game(lang, session, BUTTONS)


def review_picture(lang: Lang, session: WordleSession) -> InlineKeyboardMarkup:
    """Under the review: the same review as a picture."""
    return InlineKeyboardMarkup([[button(button_picture(lang), Picture(session.id, len(session.entries)))]])
