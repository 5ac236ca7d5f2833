"""What 5bukv's own lists say of one word, for ``python -m solver word`` and the bot's ``/word``.

The answer comes from the lists the helper plays with, never from the letter game's: a word is a
possible answer the helper also guesses with, a possible answer it only names when it fits, a word of
the broader list it suggests only when none of its candidates fits, or not a word the game takes.
"""

from __future__ import annotations

from enum import StrEnum
from functools import cache

from solver.policy import question
from solver.wordle.answers import CRUDE, NOUN, default_guessable, default_kinds, more_words
from solver.wordle.colours import WORD_LENGTH, normalise_word


class WordleVerdict(StrEnum):
    """Where a word stands in 5bukv's lists."""

    GUESS = "guess"  # a possible answer, and a word the helper guesses with
    CANDIDATE = "candidate"  # a possible answer the helper names only when it fits (rarer, or not a noun)
    BROADER = "broader"  # in the broader list: suggested only when none of the candidates fits
    NOT_FIVE_LETTERS = "not-five-letters"
    OFFENSIVE = "offensive"  # a crude word: the game may choose it, the helper never writes it
    NOT_TAKEN = "not-taken"  # in neither list: not a word the game takes, as far as the helper knows

    @property
    def counts(self) -> bool:
        """Whether the game may choose the word (as far as the helper knows)."""
        return self in (WordleVerdict.GUESS, WordleVerdict.CANDIDATE)


def wordle_verdict(word: str) -> WordleVerdict:
    """What the shipped lists say of ``word`` (any case, ё or е). A crude word, one the lists mark so or
    the exclusion policy questions, is only said to be offensive: the helper never writes it."""
    spelled = normalise_word(word)
    if len(spelled) != WORD_LENGTH:
        return WordleVerdict.NOT_FIVE_LETTERS
    kind = default_kinds().get(spelled)
    broader = more_words().get(spelled)
    if kind == CRUDE or (broader is not None and not broader[1]) or question(spelled, "ru") is not None:
        return WordleVerdict.OFFENSIVE
    if kind is not None:
        return WordleVerdict.GUESS if kind == NOUN and spelled in _guessable() else WordleVerdict.CANDIDATE
    return WordleVerdict.BROADER if broader is not None else WordleVerdict.NOT_TAKEN


def wordle_answer(word: str) -> tuple[bool, WordleVerdict]:
    """``wordle_verdict`` with whether it counts: the form :func:`solver.lookup.look_up` takes."""
    verdict = wordle_verdict(word)
    return verdict.counts, verdict


@cache
def _guessable() -> frozenset[str]:
    return frozenset(default_guessable())
