"""The board 5bukv and English Wordle share: the suggested word's letters to tap, a one-tap
"solved" when one word is left, done and undo, and the game's own last row; once over, undo, a new
game and the review. Each game has its own buttons (its prefix ties a press to the game) and its
own squares; the layout is this one."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.core.keyboards import GameButton, Start, button
from bot.core.texts import Lang, button_review
from bot.games.wordle_common import texts
from solver.wordle import Colour, Entry

Row = list[InlineKeyboardButton]


class Board(Protocol):
    """What the board reads of a game's session."""

    id: str
    taps: str

    @property
    def entries(self) -> Sequence[object]: ...

    @property
    def history(self) -> list[Entry]: ...


@dataclass(frozen=True)
class Buttons:
    """A game's buttons and texts for the board: each makes the game's own button for a session
    and step (``Tile`` also the letter's index)."""

    tile: Callable[[str, int, int], GameButton]
    done: Callable[[str, int], GameButton]
    solved: Callable[[str, int], GameButton]
    undo: Callable[[str, int], GameButton]
    review: Callable[[str, int], GameButton]
    start: str  # what the game's start button begins
    tile_text: Callable[[str, Colour], str]  # a letter with its colour, in the game's squares
    new_game_text: Callable[[Lang], str]


def letters(
    lang: Lang, session: Board, remaining: int, buttons: Buttons, *, shown: str, last: Sequence[Row] = ()
) -> InlineKeyboardMarkup:
    """The letters of ``shown`` (the suggestion as the board writes it) to colour, "solved" with one
    word left, done and undo, then the game's ``last`` rows."""
    at = (session.id, len(session.entries))
    tiles = [
        button(buttons.tile_text(letter, Colour(colour)), buttons.tile(*at, index))
        for index, (letter, colour) in enumerate(zip(shown, session.taps, strict=True))
    ]
    solved = [[button(texts.button_solved(lang), buttons.solved(*at))]] if remaining == 1 else []
    return InlineKeyboardMarkup(
        [tiles, *solved, [button(texts.button_done(lang), buttons.done(*at)), *undo(lang, session, buttons)], *last]
    )


def finished(lang: Lang, session: Board, buttons: Buttons, *, review: bool) -> InlineKeyboardMarkup:
    """Over, or no word fits: undo, a new game, and with ``review`` the engine's review."""
    rows = [undo(lang, session, buttons), [button(buttons.new_game_text(lang), Start(buttons.start))]]
    if review:
        rows.append([button(button_review(lang), buttons.review(session.id, len(session.entries)))])
    return InlineKeyboardMarkup(rows)


def new_game(lang: Lang, session: Board | None, buttons: Buttons) -> InlineKeyboardMarkup:
    """A new game; after a game with guesses, its review too."""
    rows = [[button(buttons.new_game_text(lang), Start(buttons.start))]]
    if session is not None and session.history:
        rows.append([button(button_review(lang), buttons.review(session.id, len(session.entries)))])
    return InlineKeyboardMarkup(rows)


def undo(lang: Lang, session: Board, buttons: Buttons) -> Row:
    """Undo, while there is an entry to take back."""
    return [button(texts.button_undo(lang), buttons.undo(session.id, len(session.entries)))] if session.entries else []
