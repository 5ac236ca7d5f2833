"""English Wordle as a chat session: pure logic, no Telegram, no storage.

Colours are kept in the engine's letters (``Colour``): its YELLOW is Wordle's green (right
place), its WHITE Wordle's yellow (elsewhere); what the player reads is Wordle's squares.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace

from bot.games.wordle_common import session as common
from bot.games.wordle_common.session import MAX_LISTED, ColoursSession
from bot.games.wordle_en.solver import EnglishWordleSolver
from solver.wordle import MAX_TRIES, Entry, clashing_entries
from solver.wordle.english import english_squares
from solver.wordle.review import GameScores, GuessReview, game_scores, review_game

KIND = "wordle"


@dataclass
class WordleEnSession(ColoursSession):
    """The tries so far, the word the bot suggests, the colours tapped, and whether it is hard mode."""

    KIND = KIND
    hard: bool = False


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
    counted = common.record(session, entry)
    return replace(progress(solver, session), **asdict(counted))


def undo(solver: EnglishWordleSolver, session: WordleEnSession) -> Progress | None:
    return progress(solver, session) if common.take_back(session) else None


def switch_mode(solver: EnglishWordleSolver, session: WordleEnSession) -> Progress:
    """Hard mode on or off: the next guess from the other configuration of the engine."""
    session.hard = not session.hard
    return progress(solver, session)


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
