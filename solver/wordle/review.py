"""5bukv review: each guess of a game graded by the engine's own measure, expected tries.

For each guess, ``Wordle.expected_tries`` gives the number of tries it should take from there to
find the word, this guess included, when the engine makes every later guess (under its prior):

* **skill** of a guess: the expected tries of the guess the engine suggested there less its own,
  in tries; 0 when it is the engine's guess (or as good), below 0 when it costs tries, above 0
  when it does better than the engine's.
* **luck** of a guess: its expected tries less what the colours that came leave (one for the
  guess itself, plus the engine's expected tries from the position they left; nothing more when
  it was the answer), in tries: above 0 when the colours were kinder than expected.

So a game's tries are exactly the engine's expected tries at the start, less the skill summed,
less the luck summed: both are tries saved, and higher is better. A guess is compared with the
engine's own, and the few that split the words best in one step (``COMPARED``): each is played
out exactly, so a guess that costs tries is named with a better one.
"""

from __future__ import annotations

import threading
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from weakref import WeakKeyDictionary

import numpy as np
import numpy.typing as npt

from solver.wordle.answers import CRUDE, NOUN, more_words
from solver.wordle.colours import MAX_TRIES, SOLVED_CODE, Colour, colour_table, encode_words, mask_code
from solver.wordle.entries import Entry
from solver.wordle.search import Wordle

SQUARES = {Colour.YELLOW: "🟨", Colour.WHITE: "⬜", Colour.GREY: "⬛"}  # 5bukv's colours, not Wordle's
TIE = 1e-9  # expected tries closer than this are level
MEMO_SIZE = 4096  # guesses' expected tries remembered per engine

_MEMO_LOCK = threading.Lock()  # reviews run in worker threads
_MEMOS: WeakKeyDictionary[Wordle, dict[object, Choice]] = WeakKeyDictionary()
#: The guesses being weighed now, per engine: another thread that needs one waits for it.
_WEIGHING: WeakKeyDictionary[Wordle, dict[object, threading.Event]] = WeakKeyDictionary()

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]


@dataclass(frozen=True)
class Choice:
    """A guess that could have been made there and its expected tries from there."""

    word: str
    tries: float
    safe: bool = True  # the engine's play after it finds every candidate within six tries

    @property
    def rank(self) -> tuple[bool, float]:
        """How choices are ordered: one that may lose the game after any that cannot, then by tries."""
        return not self.safe, round(self.tries, 9)


@dataclass(frozen=True)
class GuessReview:
    """One guess of the game, graded in tries."""

    number: int  # 1-based
    entry: Entry
    before: int  # words that fitted before the guess
    after: int  # words that fit after it (1 when it was the answer)
    expected: float  # this guess's expected tries from there
    suggested: Choice  # the engine's guess there
    compared: tuple[Choice, ...]  # every guess compared (the played one too), best first
    skill: float  # tries this guess saves against the engine's (negative: it costs some)
    left: float | None  # the engine's expected tries from where the colours left (0 once solved); None: no word fits
    luck: float | None  # expected less what the colours left, in tries; None when no word of the list fits
    broader: bool = False  # graded against the broader list (no candidate fitted before it)
    graded: bool = True  # False: no word of any list fitted before it (shown, not graded)

    @property
    def solved(self) -> bool:
        return bool(mask_code(self.entry.mask) == SOLVED_CODE)

    @property
    def best(self) -> Choice:
        """The guess with the fewest expected tries there (the engine's when level)."""
        return self.compared[0]

    @property
    def bettered(self) -> bool:
        """Whether another guess compared was better than the one played: safe where it was not, or as
        safe with fewer tries."""
        played = next((choice for choice in self.compared if choice.word == self.entry.word), None)
        safe = played.safe if played is not None else True
        if self.best.safe != safe:
            return self.best.safe
        return self.best.tries < self.expected - TIE

    def as_json(self) -> dict[str, object]:
        return {
            "guess": self.entry.word,
            "mask": "".join(colour.value for colour in self.entry.mask),
            "before": self.before,
            "after": self.after,
            "expected_tries": round(self.expected, 4),
            "suggested": {"word": self.suggested.word, "expected_tries": round(self.suggested.tries, 4)},
            "compared": [
                {"word": c.word, "expected_tries": round(c.tries, 4), "within_six": c.safe} for c in self.compared
            ],
            "skill_tries": round(self.skill, 4),
            "expected_tries_after": None if self.left is None else round(self.left, 4),
            "luck_tries": None if self.luck is None else round(self.luck, 4),
            "graded_against": "broader" if self.broader else "candidates" if self.graded else None,
        }


@dataclass(frozen=True)
class GameScores:
    """The game in tries: the engine's expectation at the start, the skill and the luck summed."""

    expected: float
    skill: float
    luck: float

    def as_json(self) -> dict[str, float]:
        return {
            "expected_tries": round(self.expected, 4),
            "skill_tries": round(self.skill, 4),
            "luck_tries": round(self.luck, 4),
        }


def review_game(
    engine: Wordle,
    history: Sequence[Entry],
    refused: Sequence[Collection[str]] | None = None,
    broader: Wordle | None = None,
) -> list[GuessReview]:
    """Review every guess of ``history``: against the engine's candidates while one fits before it,
    then against ``broader`` (the list a game falls back on when no candidate fits), so that every try
    the player entered has its row; a guess no word of either list fits before is a row without grades.
    ``refused[i]``: the words the game had refused before guess ``i`` (0-based; so they were never its
    secret), as the player was shown then; one item more: the words refused after the last guess."""
    reviews: list[GuessReview] = []
    judges: list[Wordle | None] = []
    for number, entry in enumerate(history, start=1):
        before = list(history[: number - 1])
        words_refused = refused[number - 1] if refused is not None else ()
        judge = _judge(engine, broader, before, words_refused)
        judges.append(judge)
        if judge is None:
            reviews.append(_ungraded(entry, number))
        else:
            reviews.append(review_guess(judge, before, entry, words_refused, number, broader=judge is not engine))
    after = list(history)
    judges.append(
        _judge(engine, broader, after, refused[len(history)] if refused and len(refused) > len(history) else ())
    )
    return _with_what_was_left(judges, history, reviews, refused)


def _judge(engine: Wordle, broader: Wordle | None, history: Sequence[Entry], refused: Collection[str]) -> Wordle | None:
    """The list a position is graded against: the engine's while a candidate fits, else the broader list's."""
    if len(engine.candidates(history, refused)):
        return engine
    if broader is not None and len(broader.candidates(history, refused)):
        return broader
    return None


def _ungraded(entry: Entry, number: int) -> GuessReview:
    """A try made where no word of any list fits: shown in its place, with no grade."""
    played = Choice(entry.word, 0.0)
    return GuessReview(number, entry, 0, 0, 0.0, played, (played,), 0.0, None, None, graded=False)


def review_guess(
    engine: Wordle,
    history: Sequence[Entry],
    entry: Entry,
    refused: Collection[str],
    number: int,
    *,
    broader: bool = False,
) -> GuessReview:
    """Grade ``entry`` made after ``history``: the engine's guess, the played one and the best one-step
    splitters, each by its expected tries (``left`` and ``luck`` are filled in by the caller)."""
    candidates = np.array([engine.index[word] for word in engine.candidates(history, refused)], dtype=np.int64)
    suggestion = engine.suggest(history, refused)
    words = list(dict.fromkeys([suggestion, entry.word, *engine.rivals(history, refused)]))
    choices = [_choice(engine, tuple(history), word, frozenset(refused)) for word in words]
    compared = tuple(sorted(choices, key=lambda c: (*c.rank, c.word != suggestion)))
    expected = choices[words.index(entry.word)].tries
    codes = _codes(engine, entry.word, candidates)
    return GuessReview(
        number=number,
        entry=entry,
        before=len(candidates),
        after=int(np.count_nonzero(codes == mask_code(entry.mask))),
        expected=expected,
        suggested=choices[0],
        compared=compared,
        skill=choices[0].tries - expected,
        left=None,
        luck=None,
        broader=broader,
    )


def _with_what_was_left(
    judges: Sequence[Wordle | None],
    history: Sequence[Entry],
    reviews: list[GuessReview],
    refused: Sequence[Collection[str]] | None,
) -> list[GuessReview]:
    """Each guess's luck: what the next guess's review says was expected from there, or for the last
    guess, the expectation where the game stopped (None when no word fits). ``judges[i]``: the list
    the position before guess ``i`` was graded against (one more: after the last guess)."""
    done: list[GuessReview] = []
    for index, review in enumerate(reviews):
        left: float | None
        if not review.graded:
            left = None
        elif review.solved:
            left = 0.0
        elif index + 1 < len(reviews):
            following = reviews[index + 1]
            left = following.suggested.tries if following.graded else None
        else:
            after = list(history[: review.number])
            words_refused = refused[min(review.number, len(refused) - 1)] if refused else ()
            judge = judges[review.number]
            left = None if judge is None else _engine_tries(judge, after, words_refused)
        luck = None if left is None else review.expected - 1 - left
        done.append(GuessReview(**{**review.__dict__, "left": left, "luck": luck}))
    return done


def prepare_first_guess(engine: Wordle, entry: Entry, refused: Collection[str] = ()) -> None:
    """Work out now what grading a game's first guess needs, so that its review finds it remembered:
    seconds where the guess is a word of the player's own (it is played out over every secret), or
    words were refused before it; nothing where it is the stored tree's first guess (the tree file
    carries its rivals and their costs)."""
    review_guess(engine, [], entry, refused, 1)


def broader_engine() -> Wordle:
    """The broader list (``data/wordle_more.tsv``) as an engine: what a game falls back on when no
    candidate fits, so its guesses are graded against the words then suggested (a crude one only
    counted). Tens of milliseconds: built on first use."""
    table = more_words()
    zipf = {word: value for word, (value, _) in table.items()}
    kinds = {word: NOUN if sayable else CRUDE for word, (_, sayable) in table.items()}
    return Wordle(sorted(table), zipf=zipf, guessable=(), kinds=kinds)


def _engine_tries(engine: Wordle, history: Sequence[Entry], refused: Collection[str]) -> float:
    """The engine's expected tries from a position: those of the guess it suggests there."""
    return _expected_tries(engine, tuple(history), engine.suggest(history, refused), frozenset(refused))


def _expected_tries(engine: Wordle, history: tuple[Entry, ...], guess: str, refused: frozenset[str]) -> float:
    return _choice(engine, history, guess, refused).tries


def _choice(engine: Wordle, history: tuple[Entry, ...], guess: str, refused: frozenset[str]) -> Choice:
    """``Wordle.weigh`` of one guess, remembered: a review shown again (as a picture, say) and the
    openers every game starts with are not played out again."""
    key = (history, guess, refused, frozenset(engine.refused_everywhere))
    while True:
        with _MEMO_LOCK:
            memo: dict[object, Choice] = _MEMOS.setdefault(engine, {})
            weighing = _WEIGHING.setdefault(engine, {})
            known = memo.get(key)
            if known is not None:
                return known
            other = weighing.get(key)
            if other is None:
                mine = weighing[key] = threading.Event()
                break
        other.wait()  # the same guess weighed in another thread (a first guess prepared ahead): its result
    try:
        tries, deepest = engine.weigh(history, [guess], refused)[0]
        choice = Choice(guess, tries, safe=len(history) + deepest <= MAX_TRIES)
        with _MEMO_LOCK:
            if len(memo) >= MEMO_SIZE:
                memo.pop(next(iter(memo)))
            memo[key] = choice
    finally:
        with _MEMO_LOCK:
            del weighing[key]
        mine.set()
    return choice


def _codes(engine: Wordle, word: str, candidates: IntArray) -> npt.NDArray[np.uint8]:
    """The colours ``word`` shows against each candidate (a word off the list is coloured on the spot)."""
    if word in engine.index:
        row: npt.NDArray[np.uint8] = engine.colours.row(engine.index[word])[candidates]
        return row
    found: npt.NDArray[np.uint8] = colour_table(encode_words([word]), engine.codes[candidates])[0]
    return found


# ---------------------------------------------------------------- summary and sharing


def share_grid(history: Sequence[Entry]) -> str:
    """The result to share: the colours as squares, with the tries, and no word."""
    solved = bool(history) and mask_code(history[-1].mask) == SOLVED_CODE
    tries = str(len(history)) if solved else "X"
    rows = ["".join(SQUARES[colour] for colour in entry.mask) for entry in history]
    return "\n".join([f"5 букв {tries}/{MAX_TRIES}", *rows])


def game_scores(reviews: Sequence[GuessReview]) -> GameScores:
    """The game's skill and luck: each summed over its guesses (tries the choices saved, and the colours)."""
    if not reviews:
        return GameScores(0.0, 0.0, 0.0)
    luck = sum(review.luck for review in reviews if review.luck is not None)
    return GameScores(reviews[0].suggested.tries, sum(review.skill for review in reviews), luck)
