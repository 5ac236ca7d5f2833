"""5bukv ("wordle" in the code) as a chat session: pure logic, no Telegram, no storage.

Some of these calls search for a guess (up to a second or so off the stored
tree), so the handlers run them in a worker thread.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from enum import Enum
from typing import Annotated, Any

from pydantic import BeforeValidator

from bot.core.i18n import Language
from bot.games.wordle.solver import WordleSolver
from bot.games.wordle_common import session as common
from bot.games.wordle_common.session import MAX_LISTED, WORD_LENGTH, ColoursSession, Played
from solver.wordle import (
    Colour,
    Entry,
    EntryError,
    Known,
    clashing_entries,
    fits,
    normalise_word,
    parse_mask,
    what_is_known,
)
from solver.wordle.review import GameScores, GuessReview, game_scores, review_game, share_grid
from solver.words import LANGUAGES

KIND = "5bukv"  # the stored kind (sessions and records), kept from before the rename
LANGUAGE = LANGUAGES[Language.RUSSIAN]  # 5bukv is played in Russian


def _read_played(value: Any) -> Any:
    """Rows written before entries were typed marked a refused word with the mask "-"."""
    if isinstance(value, list | tuple) and len(value) == 2 and value[1] == "-":
        return (value[0], None)
    return value


@dataclass
class WordleSession(ColoursSession):
    """The entries so far, the word the bot suggests, and the colours tapped on its buttons.

    A word the game refused is an entry too (its mask is None), so /undo takes back
    whichever came last and every button made before it goes stale."""

    KIND = KIND
    entries: list[Annotated[Played, BeforeValidator(_read_played)]] = field(default_factory=list)
    answer: str = ""  # the game's word as the player told it, when no word of the list fitted

    @property
    def refused(self) -> list[str]:
        return [word for word, mask in self.entries if mask is None]

    @property
    def told(self) -> bool:
        """The player told the game's answer (no word of the list fitted): the game is over."""
        return bool(self.answer)

    @property
    def over(self) -> bool:
        """Nothing more to enter: solved, given up, six tries used, or its answer told."""
        return self.solved or self.given_up or self.lost or self.told


@dataclass(frozen=True)
class Progress:
    """Where the game stands after a change."""

    entries: list[Entry]
    suggestion: str | None  # None when solved or nothing fits
    remaining: int
    listed: list[str]  # the remaining words when few, the likeliest first; rare ones only when all are rare
    solved: bool
    no_candidate: bool
    refused: list[str] = field(default_factory=list)  # words the game did not accept
    first_entry: bool = False  # this change is the game's first entry: a game played, to count once
    first_solve: bool = False  # this change solved the word for the first time in the session: a win to count
    first_loss: bool = False  # this change used the sixth try without the answer: a loss to count, once
    known: Known | None = None  # when nothing fits: what the colours say about the word
    clashes: list[tuple[Entry, Entry]] = field(default_factory=list)  # entries no word could both give
    rejected: Entry | None = None  # an entry not taken: it contradicts the earlier entries ``rejected_by``
    rejected_by: list[Entry] = field(default_factory=list)
    steps: list[Entry | str] = field(default_factory=list)  # entries and refused words (str), in order
    rare: int = 0  # remaining rare words left out of the list
    lost: bool = False  # six tries used without the answer: the game is over
    possible: list[str] = field(default_factory=list)  # when lost: the sayable words that still fitted, likeliest first
    hidden: int = 0  # words that fit but the bot never says (crude words): counted in ``remaining`` only
    masked: bool = False  # the suggestion is such a word (only such words are left): shown as a pattern only
    unsaid: frozenset[str] = frozenset()  # words of the entries the bot never writes (a crude answer the player typed)
    beyond: bool = False  # no candidate fits: the words and the guess come from the broader list


class WordProblem(Enum):
    """A typed word the game cannot have shown: 5bukv's words are five Russian letters."""

    NOT_RUSSIAN = "not-russian"


def word_problem(entry: Entry, session: WordleSession) -> WordProblem | None:
    """Whether the word typed beside a mask is five letters of the Russian alphabet, as the entry
    read it: Latin look-alikes count as the Cyrillic letters they look like (``katep ggggg`` is
    КАТЕР), while ``hello ggggg`` and ``ggggg ggggg`` are no Russian word."""
    if entry.word == session.suggestion:
        return None
    if len(entry.word) == WORD_LENGTH and all(letter in LANGUAGE.alphabet for letter in entry.word):
        return None
    return WordProblem.NOT_RUSSIAN


def colours_without_a_word(wordle: WordleSolver, session: WordleSession, typed: str) -> bool:
    """Colours alone while no word fits: no word was suggested for them (the last suggestion has
    its colours already), so they would only repeat it; the player must say which word they colour."""
    return not isinstance(parse_mask(typed), EntryError) and not wordle.candidates(session.history, session.refused)


def start(first_guess: str) -> WordleSession:
    return WordleSession(suggestion=first_guess)


def progress(wordle: WordleSolver, session: WordleSession) -> Progress:
    """Recompute the candidates and the next guess (and store the guess in the session)."""
    history, refused, steps = session.history, session.refused, steps_in_order(session)
    unsaid = frozenset(entry.word for entry in history if not can_say(wordle, entry.word))
    if session.solved:
        return Progress(history, None, 1, [], True, False, refused, steps=steps, unsaid=unsaid)
    candidates = wordle.candidates(history, refused)
    if session.lost:
        possible, hidden = sayable_only(wordle, likeliest_first(wordle, candidates))
        lost = Progress(history, None, 0, [], False, False, refused, lost=True, possible=possible, hidden=hidden)
        return replace(lost, steps=steps, unsaid=unsaid)
    if not candidates:
        clashes = every_clash(history)
        known = None if clashes else what_is_known(history)
        return Progress(
            history, None, 0, [], False, True, refused, known=known, clashes=clashes, steps=steps, unsaid=unsaid
        )
    session.suggestion = wordle.next_guess(history, refused)
    listed, rare = listed_words(wordle, candidates)
    hidden = sayable_only(wordle, candidates)[1] if len(candidates) <= MAX_LISTED else 0
    masked = not can_say(wordle, session.suggestion)
    beyond = wordle.from_broader(history, refused)
    return Progress(
        history,
        session.suggestion,
        len(candidates),
        listed,
        False,
        False,
        refused,
        rare=rare,
        hidden=hidden,
        masked=masked,
        steps=steps,
        unsaid=unsaid,
        beyond=beyond,
    )


def steps_in_order(session: WordleSession) -> list[Entry | str]:
    """The entries and the words the game refused (as text), in the order they were made."""
    return [word if mask is None else Entry(word, tuple(Colour(c) for c in mask)) for word, mask in session.entries]


def every_clash(history: list[Entry]) -> list[tuple[Entry, Entry]]:
    """Every pair of entries no five letters could both show, in the order they were made."""
    return [pair for later, entry in enumerate(history) for pair in clashes_with(history[:later], entry)]


def clashes_with(history: list[Entry], entry: Entry) -> list[tuple[Entry, Entry]]:
    """The earlier entries ``entry`` contradicts, each paired with it."""
    return [(earlier, entry) for earlier in history if clashing_entries([earlier, entry]) is not None]


def can_say(wordle: WordleSolver, word: str) -> bool:
    """Whether the bot may show ``word``: a possible answer it never says (a crude word) is only counted."""
    return wordle.can_say(word)


def sayable_only(wordle: WordleSolver, words: list[str]) -> tuple[list[str], int]:
    """The words the bot may show, in order, and how many others it only counts."""
    shown = [word for word in words if can_say(wordle, word)]
    return shown, len(words) - len(shown)


def listed_words(wordle: WordleSolver, candidates: list[str]) -> tuple[list[str], int]:
    """The words to list when few are left, the likeliest first, and how many rare ones are only
    counted: a player should not read words they would need a dictionary for. When only rare words
    are left they are what fits (the next guess is one of them), so they are listed. Words the bot
    never says are neither listed nor counted here (``Progress.hidden`` counts them)."""
    if len(candidates) > MAX_LISTED:
        return [], 0
    ordered, _ = sayable_only(wordle, likeliest_first(wordle, candidates))
    known = [word for word in ordered if not wordle.is_rare(word)]
    return (known, len(ordered) - len(known)) if known else (ordered, 0)


def likeliest_first(wordle: WordleSolver, words: list[str]) -> list[str]:
    """By the engine's prior weight, then frequency; ties in alphabetical order."""
    return sorted(sorted(words), key=wordle.likelihood, reverse=True)


def possible_answers(wordle: WordleSolver, session: WordleSession) -> list[str]:
    """The words that still fitted, likeliest first, without those the bot never says: what a
    player who gave up is shown."""
    words, _ = sayable_only(wordle, likeliest_first(wordle, wordle.candidates(session.history, session.refused)))
    return words


def enter(wordle: WordleSolver, session: WordleSession, entry: Entry) -> Progress:
    """Add what the game showed for a guess and move on; after six tries the game is over and an
    entry is not taken (a seventh try does not exist, so it cannot solve the word), nor is one
    that contradicts an earlier entry (no word could show both)."""
    if session.lost:
        return progress(wordle, session)
    clashes = clashes_with(session.history, entry)
    if clashes:  # not taken: it or an earlier entry is wrong, and the player says which (/undo)
        return replace(progress(wordle, session), rejected=entry, rejected_by=[earlier for earlier, _ in clashes])
    counted = common.record(session, entry)
    return replace(progress(wordle, session), **asdict(counted))


class AnswerProblem(Enum):
    """Why a word the player says was the game's answer is not taken."""

    NOT_A_WORD = "not-a-word"  # not five Russian letters
    DOES_NOT_FIT = "does-not-fit"  # the colours entered could not have come from it


@dataclass(frozen=True)
class ToldAnswer:
    """An answer kept: how many different players have told it, and how many make it one of the words."""

    word: str
    players: int
    needed: int


Told = ToldAnswer | AnswerProblem


def told_answer(wordle: WordleSolver, session: WordleSession, typed: str) -> str | AnswerProblem | None:
    """The word typed alone while no word fits, as the game's answer; None when the game is not stuck
    (then the text is read as a mask as usual)."""
    if session.solved or wordle.candidates(session.history, session.refused):
        return None
    word = word_alone(typed)
    if word is None:
        return AnswerProblem.NOT_A_WORD
    if not fits(word, session.history):
        return AnswerProblem.DOES_NOT_FIT
    session.answer = word
    return word


def word_alone(typed: str) -> str | None:
    """The word, when the text is five Russian letters and nothing else (a guess, or the game's answer)."""
    word = normalise_word(typed)
    return word if len(word) == WORD_LENGTH and all(letter in LANGUAGE.alphabet for letter in word) else None


def refuse(wordle: WordleSolver, session: WordleSession) -> Progress:
    """The game did not accept the suggested word: never suggest it again, nor count it as the secret."""
    if session.lost:
        return progress(wordle, session)
    session.entries.append(Played(session.suggestion, None))
    common.clear_taps(session)
    return progress(wordle, session)


def undo(wordle: WordleSolver, session: WordleSession) -> Progress | None:
    """Take back the last entry (or refusal); None when there is nothing to take back."""
    return progress(wordle, session) if common.take_back(session) else None


@dataclass(frozen=True)
class Review:
    """Every guess graded (see solver.wordle.review), the game's scores in tries, and the grid to share."""

    guesses: list[GuessReview]
    scores: GameScores
    grid: str
    tries: int  # the game's tries so far
    solved: bool
    over: bool  # nothing more to enter (solved, given up, six tries, its answer told)
    answer: str = ""  # the game's answer the player told, off the list: graded up to the guess that left no word


def review(wordle: WordleSolver, session: WordleSession) -> Review | None:
    """The game's review so far (5bukv's bot is a helper: its review is no more a hint than its
    suggestions), each guess against the words the player was shown then; None before the first guess."""
    history = session.history
    refused = refused_before_each_guess(session)
    guesses = review_game(wordle.wordle, history, refused, broader=wordle.more) if history else []
    if not guesses:
        return None
    scores = game_scores(guesses)
    return Review(guesses, scores, share_grid(history), len(history), session.solved, session.over, session.answer)


def refused_before_each_guess(session: WordleSession) -> list[list[str]]:
    """For each guess, the words the game had refused before it; then those refused by now."""
    refused: list[str] = []
    before: list[list[str]] = []
    for word, mask in session.entries:
        if mask is None:
            refused.append(word)
        else:
            before.append(list(refused))
    return [*before, refused]
