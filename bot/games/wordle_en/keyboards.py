"""English Wordle's buttons: the suggested word's letters to colour, done, undo, hard mode, review."""

from __future__ import annotations

from dataclasses import dataclass

from telegram import InlineKeyboardMarkup

from bot.core.keyboards import GameButton, button
from bot.core.texts import Lang
from bot.games.wordle_common import keyboards as common
from bot.games.wordle_common.session import WORD_LENGTH
from bot.games.wordle_en import texts
from bot.games.wordle_en.session import WordleEnSession

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


def board(lang: Lang, session: WordleEnSession, remaining: int) -> InlineKeyboardMarkup:
    """The letters to colour, done, undo and hard mode; once over, undo, a new game and the review."""
    if session.over or not remaining:
        return common.finished(lang, session, BUTTONS, review=bool(session.entries))
    at = (session.id, len(session.entries))
    hard = [[button(texts.button_hard(lang, session.hard), Hard(*at))]]
    return common.letters(lang, session, remaining, BUTTONS, shown=session.suggestion, last=hard)


def new_game(lang: Lang, session: WordleEnSession) -> InlineKeyboardMarkup:
    return common.new_game(lang, session, BUTTONS)
