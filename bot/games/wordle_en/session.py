"""English Wordle as a chat session: pure logic, no Telegram, no storage.

Colours are kept in the engine's letters (``Colour``): its YELLOW is Wordle's green (right
place), its WHITE Wordle's yellow (elsewhere); what the player reads is Wordle's squares.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import NamedTuple

from bot.core.session import Session, new_id
from bot.games.wordle_en.solver import EnglishWordleSolver
from solver.wordle import MAX_TRIES, Colour, Entry, clashing_entries
from solver.wordle.english import english_squares
from solver.wordle.review import GameScores, GuessReview, game_scores, review_game

KIND = "wordle"
WORD_LENGTH = 5
MAX_LISTED = 10
#: A tap on a letter button moves its colour on: grey → yellow → green → grey.
NEXT_COLOUR = {Colour.GREY: Colour.WHITE, Colour.WHITE: Colour.YELLOW, Colour.YELLOW: Colour.GREY}
#: Entries one session takes (the game allows six tries; a mistaken entry is undone).
MAX_ENTRIES = 30


class Played(NamedTuple):
    """One try: the word and its colours as the engine's letters (y right place, w elsewhere, g absent)."""

    word: str
    mask: str


@dataclass
class WordleEnSession(Session):
    """The tries so far, the word the bot suggests, the colours tapped, and whether it is hard mode."""

    KIND = KIND
    id: str = field(default_factory=new_id)
    entries: list[Played] = field(default_factory=list)
    suggestion: str = ""
    taps: str = Colour.GREY * WORD_LENGTH
    hard: bool = False
    solved: bool = False
    given_up: bool = False
    won_counted: bool = False
    loss_counted: bool = False
    played_counted: bool = False

    @property
    def history(self) -> list[Entry]:
        return [Entry(word, tuple(Colour(c) for c in mask)) for word, mask in self.entries]

    @property
    def lost(self) -> bool:
        return not self.solved and len(self.entries) >= MAX_TRIES

    @property
    def counted(self) -> bool:
        return self.won_counted or self.loss_counted

    @property
    def over(self) -> bool:
        return self.solved or self.given_up or self.lost

    @property
    def running(self) -> bool:
        return bool(self.entries) and not self.over

    @property
    def full(self) -> bool:
        return len(self.entries) >= MAX_ENTRIES

    def resign(self) -> None:
        self.given_up = True


@dataclass(frozen=True)
class Progress:
    """Where the game stands after a change."""

    entries: list[Entry]
    suggestion: str | None  # None when solved, lost or nothing fits
    remaining: int
    listed: list[str]  # the words left, when few
    solved: bool = False
    lost: bool = False
    hard: bool = False
    rejected: Entry | None = None  # an entry not taken: it contradicts an earlier one
    first_entry: bool = False
    first_solve: bool = False
    first_loss: bool = False


def start(solver: EnglishWordleSolver, hard: bool = False) -> WordleEnSession:
    return WordleEnSession(suggestion=solver.first_guess(hard), hard=hard)


def progress(solver: EnglishWordleSolver, session: WordleEnSession) -> Progress:
    """The words left and the next guess (stored in the session)."""
    history = session.history
    if session.solved:
        return Progress(history, None, 1, [], solved=True, hard=session.hard)
    candidates = solver.candidates(history, session.hard)
    listed = candidates if len(candidates) <= MAX_LISTED else []
    if session.lost or not candidates:
        return Progress(history, None, len(candidates), listed, lost=session.lost, hard=session.hard)
    session.suggestion = solver.next_guess(history, session.hard)
    return Progress(history, session.suggestion, len(candidates), listed, hard=session.hard)


def enter(solver: EnglishWordleSolver, session: WordleEnSession, entry: Entry) -> Progress:
    """Add the colours the game showed for a guess; one that contradicts an earlier entry is not taken."""
    if session.lost or session.solved:
        return progress(solver, session)
    if any(clashing_entries([earlier, entry]) is not None for earlier in session.history):
        return replace(progress(solver, session), rejected=entry)
    session.entries.append(Played(entry.word, "".join(colour.value for colour in entry.mask)))
    session.taps = Colour.GREY * WORD_LENGTH
    session.solved = all(colour is Colour.YELLOW for colour in entry.mask)
    first_solve = session.solved and not session.won_counted
    session.won_counted = session.won_counted or session.solved
    first_loss = session.lost and not session.counted
    session.loss_counted = session.loss_counted or first_loss
    first_entry = not session.played_counted
    session.played_counted = True
    return replace(progress(solver, session), first_entry=first_entry, first_solve=first_solve, first_loss=first_loss)


def undo(solver: EnglishWordleSolver, session: WordleEnSession) -> Progress | None:
    if not session.entries:
        return None
    session.entries.pop()
    session.solved = False
    session.taps = Colour.GREY * WORD_LENGTH
    return progress(solver, session)


def switch_mode(solver: EnglishWordleSolver, session: WordleEnSession) -> Progress:
    """Hard mode on or off: the next guess from the other configuration of the engine."""
    session.hard = not session.hard
    return progress(solver, session)


def tap(session: WordleEnSession, index: int) -> None:
    taps = list(session.taps)
    taps[index] = NEXT_COLOUR[Colour(taps[index])].value
    session.taps = "".join(taps)


def tapped_entry(session: WordleEnSession) -> Entry:
    return Entry(session.suggestion, tuple(Colour(c) for c in session.taps))


def solved_entry(session: WordleEnSession) -> Entry:
    return Entry(session.suggestion, (Colour.YELLOW,) * WORD_LENGTH)


def share_card(session: WordleEnSession) -> str:
    """Wordle's own share card: tries out of six (X when not found, * in hard mode), then the squares."""
    tries = str(len(session.entries)) if session.solved else "X"
    rows = "\n".join(english_squares(entry.mask) for entry in session.history)
    return f"Wordle {tries}/{MAX_TRIES}{'*' if session.hard else ''}\n\n{rows}"


@dataclass(frozen=True)
class Review:
    guesses: list[GuessReview]
    scores: GameScores
    card: str


def review(solver: EnglishWordleSolver, session: WordleEnSession) -> Review | None:
    """Each guess graded by the engine's measure (expected tries; skill and luck); None before the first."""
    if not session.entries:
        return None
    guesses = review_game(solver.engine(session.hard), session.history)
    return Review(guesses, game_scores(guesses), share_card(session))
