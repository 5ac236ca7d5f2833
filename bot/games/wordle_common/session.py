"""The part of a colours game's chat session that 5bukv and English Wordle share: the entries so
far, the suggested word, the colours tapped on its letters, and what an entry counts in /stats.
Pure logic, no Telegram, no storage.

Colours are kept in the engine's letters (``Colour``): YELLOW the right place (Wordle's green),
WHITE elsewhere (Wordle's yellow), GREY not in the word; each game names and paints them its way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from bot.core.session import Session, new_id
from solver.wordle import MAX_TRIES, Colour, Entry, Mask

WORD_LENGTH = 5
#: Words left up to which a reply lists them.
MAX_LISTED = 10
#: Entries one session takes (the game itself allows six tries): every reply lists them, and from
#: entry 335 on a reply outgrew Telegram's 4,096 characters.
MAX_ENTRIES = 30
#: A tap on a letter button moves its colour on: not in the word → elsewhere → right place → not in the word.
NEXT_COLOUR = {Colour.GREY: Colour.WHITE, Colour.WHITE: Colour.YELLOW, Colour.YELLOW: Colour.GREY}


class Played(NamedTuple):
    """One entry: the word tried and the colours the game showed for it, as the engine's letters
    (y right place, w elsewhere, g absent); ``mask`` is None when the game refused the word (5bukv:
    then it is no try)."""

    word: str
    mask: str | None


@dataclass
class ColoursSession(Session):
    """The entries so far, the word the bot suggests, the colours tapped on its buttons, and what
    has been counted in /stats (once each, however often an entry is undone and made again)."""

    id: str = field(default_factory=new_id)
    entries: list[Played] = field(default_factory=list)
    suggestion: str = ""
    taps: str = Colour.GREY * WORD_LENGTH
    solved: bool = False
    given_up: bool = False
    won_counted: bool = False  # a solve is counted once, however often it is undone and redone
    loss_counted: bool = False  # six tries without the answer: counted lost once, however often undone
    played_counted: bool = False  # a game counts as played from its first entry, once

    @property
    def history(self) -> list[Entry]:
        """The tries, with their colours (a word the game refused is none)."""
        return [Entry(word, tuple(Colour(c) for c in mask)) for word, mask in self.entries if mask is not None]

    @property
    def tries(self) -> int:
        """The guesses the game took."""
        return len(self.history)

    @property
    def lost(self) -> bool:
        """Six tries without the answer: the real game is over, so no further entry is taken."""
        return not self.solved and self.tries >= MAX_TRIES

    @property
    def counted(self) -> bool:
        return self.won_counted or self.loss_counted

    @property
    def over(self) -> bool:
        """Nothing more to enter: solved, given up or six tries used."""
        return self.solved or self.given_up or self.lost

    @property
    def running(self) -> bool:
        """Under way: at least one try, and not over; only such a game counts as played, so only
        such a game is resigned (and lost) or asked about."""
        return bool(self.history) and not self.over

    @property
    def full(self) -> bool:
        """No room for another entry (``MAX_ENTRIES``): /undo or a new game."""
        return len(self.entries) >= MAX_ENTRIES

    def resign(self) -> None:
        self.given_up = True


@dataclass(frozen=True)
class Counted:
    """What an entry counts in /stats: the game's first entry (a game played), its first solve (a
    win), its sixth try without the answer (a loss); each once per game. Its fields are those of
    each game's ``Progress`` that say so."""

    first_entry: bool = False
    first_solve: bool = False
    first_loss: bool = False


def mask_letters(mask: Mask) -> str:
    return "".join(colour.value for colour in mask)


def record(session: ColoursSession, entry: Entry) -> Counted:
    """Add what the game showed for a guess, clear the taps, and say what it counts."""
    session.entries.append(Played(entry.word, mask_letters(entry.mask)))
    clear_taps(session)
    session.solved = all(colour is Colour.YELLOW for colour in entry.mask)
    first_solve = session.solved and not session.won_counted
    session.won_counted = session.won_counted or session.solved
    first_loss = session.lost and not session.counted
    session.loss_counted = session.loss_counted or first_loss
    first_entry = not session.played_counted
    session.played_counted = True
    return Counted(first_entry, first_solve, first_loss)


def take_back(session: ColoursSession) -> bool:
    """Take back the last entry; False when there is none."""
    if not session.entries:
        return False
    session.entries.pop()
    session.solved = False
    clear_taps(session)
    return True


def clear_taps(session: ColoursSession) -> None:
    """The suggested word's letters back to grey: a new word to colour (or the last one again)."""
    session.taps = Colour.GREY * WORD_LENGTH


def tap(session: ColoursSession, index: int) -> None:
    """A tap on the suggested word's letter ``index``: its next colour."""
    taps = list(session.taps)
    taps[index] = NEXT_COLOUR[Colour(taps[index])].value
    session.taps = "".join(taps)


def tapped_entry(session: ColoursSession) -> Entry:
    """The suggested word with the colours tapped on its letters."""
    return Entry(session.suggestion, tuple(Colour(c) for c in session.taps))


def solved_entry(session: ColoursSession) -> Entry:
    """The suggested word, all in place: what the one-tap "solved" enters."""
    return Entry(session.suggestion, (Colour.YELLOW,) * WORD_LENGTH)
