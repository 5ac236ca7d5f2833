"""5bukv review: each guess of a game compared with the best one, like the NYT's WordleBot.

For each guess we count the words of the list that fitted the colours before
and after it, and score it against every guess the engine could have made:

* **words left to find** after a guess: the candidates that share the colours
  the secret would show, counted for each possible secret and averaged by how
  likely each secret is (the list's prior); a guess that *is* the secret
  leaves none. The smaller the average, the better the guess.
* **skill** (0-100): where the guess ranks among all the accepted guesses (and
  itself) by that average: 100 for the best, 0 for the worst,
  ``⌊100 × (1 − better / (guesses − 1))⌋`` where ``better`` counts the guesses
  with a strictly smaller average.
* **luck** (0-100): how the colours fell against that expectation: the chance,
  over the possible secrets, that the guess would have left more words than it
  did, plus half the chance of exactly as many. 50 is an average fall, 100 the
  best possible, 0 the worst.

Everything is exact: every candidate is coloured against every guess (the
colour table), nothing is sampled.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from solver.wordle import MAX_TRIES, SOLVED_CODE, Colour, Entry, Wordle, colour_table, encode_words, mask_code

PATTERNS = SOLVED_CODE + 1
SQUARES = {Colour.YELLOW: "🟨", Colour.WHITE: "⬜", Colour.GREY: "⬛"}  # 5bukv's colours, not Wordle's
SHOWN_BEST = 3
CHUNK_CELLS = 1 << 22  # guesses × candidates scored at once (memory)

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]


@dataclass(frozen=True)
class Choice:
    """A guess the engine could have made there and the words it would leave to find on average."""

    word: str
    expected: float


@dataclass(frozen=True)
class GuessReview:
    """One guess of the game, judged."""

    number: int  # 1-based
    entry: Entry
    before: int  # words that fitted before the guess
    after: int  # words that fit after it (1 when it was the answer)
    expected: float  # words this guess leaves to find, on average
    best: tuple[Choice, ...]  # the engine's best guesses there, best first
    skill: int
    luck: int

    @property
    def solved(self) -> bool:
        return bool(mask_code(self.entry.mask) == SOLVED_CODE)

    def as_json(self) -> dict[str, object]:
        return {
            "guess": self.entry.word,
            "mask": "".join(colour.value for colour in self.entry.mask),
            "before": self.before,
            "after": self.after,
            "expected_left": round(self.expected, 4),
            "best_guesses": [{"word": c.word, "expected_left": round(c.expected, 4)} for c in self.best],
            "skill": self.skill,
            "luck": self.luck,
        }


def review_game(engine: Wordle, history: Sequence[Entry], refused: Collection[str] = ()) -> list[GuessReview]:
    """Review every guess of ``history`` (each must leave a word of the list that fits); ``refused``
    are words the game would not take, so they were never its secret either."""
    candidates = np.arange(len(engine.words), dtype=np.int64)
    banned = [engine.index[word] for word in refused if word in engine.index]
    candidates = candidates[~np.isin(candidates, banned)]
    reviews = []
    for number, entry in enumerate(history, start=1):
        reviews.append(review_guess(engine, candidates, number, entry))
        candidates = candidates[_codes(engine, entry.word, candidates) == mask_code(entry.mask)]
        if not len(candidates):
            raise ValueError(f"no word of the list fits the colours after guess {number} ({entry})")
    return reviews


def review_guess(engine: Wordle, candidates: IntArray, number: int, entry: Entry) -> GuessReview:
    """Judge one guess among every accepted guess, against the candidates that fitted before it."""
    weights = engine.weights[candidates]
    pool = _choices(engine)
    expected = expected_left(engine.table[np.ix_(pool, candidates)], weights)
    own_codes = _codes(engine, entry.word, candidates)
    own = float(expected_left(own_codes[None, :], weights)[0])
    order = np.lexsort((engine.rank[pool], ~np.isin(pool, candidates), np.round(expected, 9)))
    best = tuple(Choice(engine.words[pool[i]], float(expected[i])) for i in order[:SHOWN_BEST])
    return GuessReview(
        number=number,
        entry=entry,
        before=len(candidates),
        after=int(np.count_nonzero(own_codes == mask_code(entry.mask))),
        expected=own,
        best=best,
        skill=skill_score(own, expected, engine.index.get(entry.word), pool),
        luck=luck_score(own_codes, weights, mask_code(entry.mask)),
    )


def expected_left(codes: npt.NDArray[np.uint8], weights: FloatArray) -> FloatArray:
    """For each row of colour codes (one guess against every candidate), the words left to find on
    average: each candidate's group size (0 for the all-yellow group), weighted by its prior."""
    total = float(weights.sum())
    result = np.empty(len(codes), dtype=np.float64)
    step = max(1, CHUNK_CELLS // max(codes.shape[1], 1))
    for start in range(0, len(codes), step):
        block = codes[start : start + step].astype(np.int64)
        slots = block + PATTERNS * np.arange(len(block), dtype=np.int64)[:, None]
        counts = np.bincount(slots.ravel(), minlength=len(block) * PATTERNS).reshape(len(block), PATTERNS)
        mass = np.bincount(slots.ravel(), np.tile(weights, len(block)), len(block) * PATTERNS)
        mass = mass.reshape(len(block), PATTERNS)
        counts[:, SOLVED_CODE] = 0
        result[start : start + len(block)] = (counts * mass).sum(axis=1) / total
    return result


def skill_score(own: float, expected: FloatArray, own_index: int | None, pool: IntArray) -> int:
    """100 × (1 − better / (guesses − 1)): the share of the other guesses the player's was not worse than."""
    others = expected if own_index is None else expected[pool != own_index]
    if not len(others):
        return 100
    better = int(np.count_nonzero(others < own - 1e-9))
    return math.floor(100 * (1 - better / len(others)) + 1e-9)  # floor: 100 only when nothing was better


def luck_score(codes: npt.NDArray[np.uint8], weights: FloatArray, shown: int) -> int:
    """The chance the colours would have left more words to find, plus half the chance of as many."""
    sizes = np.bincount(codes.astype(np.int64), minlength=PATTERNS)
    left = sizes[codes.astype(np.int64)]
    left[codes == SOLVED_CODE] = 0
    actual = 0 if shown == SOLVED_CODE else int(sizes[shown])
    total = float(weights.sum())
    more = float(weights[left > actual].sum()) / total
    same = float(weights[left == actual].sum()) / total
    return round(100 * (more + same / 2))


def _choices(engine: Wordle) -> IntArray:
    """The guesses the review compares with: the accepted guesses the bot may say."""
    pool: IntArray = engine.guessable[engine.sayable[engine.guessable]]
    return pool


def _codes(engine: Wordle, word: str, candidates: IntArray) -> npt.NDArray[np.uint8]:
    """The colours ``word`` shows against each candidate (a word off the list is coloured on the spot)."""
    if word in engine.index:
        row: npt.NDArray[np.uint8] = engine.table[engine.index[word], candidates]
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


def game_scores(reviews: Sequence[GuessReview]) -> tuple[int, int]:
    """Skill and luck for the game: the averages over the guesses that had a choice to make
    (a guess made with one word left is neither skill nor luck)."""
    scored = [review for review in reviews if review.before > 1] or list(reviews)
    if not scored:
        return 0, 0
    skill = round(sum(review.skill for review in scored) / len(scored))
    luck = round(sum(review.luck for review in scored) / len(scored))
    return skill, luck
