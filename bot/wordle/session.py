"""5bukv ("wordle" in the code) as a chat session: pure logic, no Telegram, no storage.

Some of these calls search for a guess (up to a second or so off the stored
tree), so the handlers run them in a worker thread.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.session import Session, new_id
from bot.solvers import WordleSolver
from solver.wordle import Colour, Entry, Mask

KIND = "5bukv"  # the stored kind (sessions and records), kept from before the rename
WORD_LENGTH = 5
MAX_LISTED = 10
#: A tap on a letter button moves its colour on: grey → white → yellow → grey.
NEXT_COLOUR = {Colour.GREY: Colour.WHITE, Colour.WHITE: Colour.YELLOW, Colour.YELLOW: Colour.GREY}
#: In place of a mask: the game did not accept the word (it knows fewer words than our list).
REFUSED = "-"


@dataclass
class WordleSession(Session):
    """The entries so far, the word the bot suggests, and the colours tapped on its buttons.

    A word the game refused is an entry too (its mask is ``REFUSED``), so /undo takes back
    whichever came last and every button made before it goes stale."""

    KIND = KIND
    id: str = field(default_factory=new_id)
    entries: list[tuple[str, str]] = field(default_factory=list)  # (word, mask as y/w/g, or REFUSED)
    suggestion: str = ""
    taps: str = Colour.GREY * WORD_LENGTH
    solved: bool = False

    def __post_init__(self) -> None:
        self.entries = [(str(word), str(mask)) for word, mask in self.entries]  # JSON gives lists

    @property
    def history(self) -> list[Entry]:
        return [Entry(word, tuple(Colour(c) for c in mask)) for word, mask in self.entries if mask != REFUSED]

    @property
    def refused(self) -> list[str]:
        return [word for word, mask in self.entries if mask == REFUSED]


@dataclass(frozen=True)
class Progress:
    """Where the game stands after a change."""

    entries: list[Entry]
    suggestion: str | None  # None when solved or nothing fits
    remaining: int
    listed: list[str]  # the remaining words when few
    solved: bool
    no_candidate: bool
    refused: list[str] = field(default_factory=list)  # words the game did not accept


def mask_text(mask: Mask) -> str:
    return "".join(colour.value for colour in mask)


def start(first_guess: str) -> WordleSession:
    return WordleSession(suggestion=first_guess)


def progress(wordle: WordleSolver, session: WordleSession) -> Progress:
    """Recompute the candidates and the next guess (and store the guess in the session)."""
    history, refused = session.history, session.refused
    if session.solved:
        return Progress(history, None, 1, [], True, False, refused)
    candidates = wordle.candidates(history, refused)
    if not candidates:
        return Progress(history, None, 0, [], False, True, refused)
    session.suggestion = wordle.next_guess(history, refused)
    listed = candidates if len(candidates) <= MAX_LISTED else []
    return Progress(history, session.suggestion, len(candidates), listed, False, False, refused)


def enter(wordle: WordleSolver, session: WordleSession, entry: Entry) -> Progress:
    """Add what the game showed for a guess and move on."""
    session.entries.append((entry.word, mask_text(entry.mask)))
    session.taps = Colour.GREY * WORD_LENGTH
    session.solved = all(colour is Colour.YELLOW for colour in entry.mask)
    return progress(wordle, session)


def refuse(wordle: WordleSolver, session: WordleSession) -> Progress:
    """The game did not accept the suggested word: never suggest it again, nor count it as the secret."""
    session.entries.append((session.suggestion, REFUSED))
    session.taps = Colour.GREY * WORD_LENGTH
    return progress(wordle, session)


def undo(wordle: WordleSolver, session: WordleSession) -> Progress | None:
    """Take back the last entry (or refusal); None when there is nothing to take back."""
    if not session.entries:
        return None
    session.entries.pop()
    session.solved = False
    session.taps = Colour.GREY * WORD_LENGTH
    return progress(wordle, session)


def tap(session: WordleSession, index: int) -> None:
    taps = list(session.taps)
    taps[index] = NEXT_COLOUR[Colour(taps[index])].value
    session.taps = "".join(taps)


def tapped_entry(session: WordleSession) -> Entry:
    return Entry(session.suggestion, tuple(Colour(c) for c in session.taps))
