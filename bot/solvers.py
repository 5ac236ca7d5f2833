"""The solver tables, built once at start and shared by every chat."""

from __future__ import annotations

import ctypes
import logging
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from solver.fingers import FingerGame
from solver.letters import LetterGame, Rule
from solver.lookup import look_up
from solver.wordle import Entry, Wordle, fits
from solver.words import LANGUAGES, Language, Tier

log = logging.getLogger(__name__)

#: Group games' tables solved at start (common words, both rules and English Ghost), so
#: no group's first bot move waits for one; more seats are solved on first use.
#: Measured with benchmarks/bench_solver_tables.py (README, Benchmarks).
GROUP_SEATS_AT_START = range(2, 5)

LANGUAGE = LANGUAGES["ru"]
ENGLISH = LANGUAGES["en"]  # English Ghost: seed 004, complete-loses, words of 4+ letters


class WordleSolver:
    """The 5bukv engine with its opening guess worked out once (it costs a search
    when no stored tree is shipped), so no chat waits for it."""

    def __init__(self, wordle: Wordle) -> None:
        self.wordle = wordle
        self.first_guess = wordle.first_guess()
        self.answers: set[str] = set()  # answers players reported that the list lacks (this deployment's)
        self.common = {wordle.words[i] for i in wordle.guessable}  # the words a player knows: the common tier

    def is_rare(self, word: str) -> bool:
        """A word of the list outside the common tier: one a player may not know (an answer
        players reported is known to them)."""
        return word in self.wordle.index and word not in self.common

    def likelihood(self, word: str) -> tuple[float, float]:
        """How likely ``word`` is the answer, for ordering: the prior's weight, then the word's
        frequency (a reported answer counts as a known word)."""
        if word not in self.wordle.index:
            return 1.0, 0.0
        zipf = self.wordle.zipf[word] if self.wordle.zipf is not None else 0.0
        return float(self.wordle.weights[self.wordle.index[word]]), zipf

    @property
    def words(self) -> list[str]:
        return self.wordle.words

    def add_answers(self, words: Sequence[str]) -> None:
        """Reported answers join the candidates (the list's own words already are)."""
        self.answers.update(word for word in words if word not in self.wordle.index)

    def next_guess(self, history: Sequence[Entry], refused: Sequence[str] = ()) -> str:
        """The engine's guess; when only reported answers fit, the first of them."""
        if not history and not refused:
            return self.first_guess
        if self.wordle.candidates(history, refused):
            return self.wordle.next_guess(history, refused)
        return self._fitting_answers(history, refused)[0]

    def candidates(self, history: Sequence[Entry], refused: Sequence[str] = ()) -> list[str]:
        return self.wordle.candidates(history, refused) + self._fitting_answers(history, refused)

    def _fitting_answers(self, history: Sequence[Entry], refused: Sequence[str]) -> list[str]:
        return sorted(word for word in self.answers if word not in refused and fits(word, history))


@dataclass(frozen=True)
class Solvers:
    games: dict[Rule, LetterGame]  # the Russian game on the common tier, the default
    wordle: WordleSolver
    english: LetterGame  # English Ghost on the common tier, the default
    fingers: FingerGame
    full_games: dict[Rule, LetterGame]  # the Russian game on every clean noun
    english_full: LetterGame

    @property
    def alphabet(self) -> str:
        return LANGUAGE.alphabet

    @property
    def default_rule(self) -> Rule:
        return Rule(LANGUAGE.rule)

    @property
    def group_games(self) -> list[LetterGame]:
        """The games a group plays: everyday words, each rule, and English Ghost."""
        return [*self.games.values(), self.english]

    def is_english(self, game: LetterGame) -> bool:
        """Whether ``game`` is English Ghost (on either tier), whose texts speak of words, not nouns."""
        return game is self.english or game is self.english_full

    def letter_game(
        self, dictionary: str, rule: Rule | str | None = None, tier: Tier | str = Tier.COMMON
    ) -> LetterGame:
        """English Ghost for ``dictionary`` "en" (its rule is fixed), else the Russian game under ``rule``;
        on the common words, or on every clean word for the full ``tier``."""
        full = Tier(tier) is Tier.FULL
        if dictionary == ENGLISH.code:
            return self.english_full if full else self.english
        return (self.full_games if full else self.games)[Rule(rule or self.default_rule)]


def build_solvers(group_seats: Iterable[int] = GROUP_SEATS_AT_START) -> Solvers:
    """The Russian letter game under both rules and English Ghost, each on both tiers,
    the group games' tables for ``group_seats`` players, the finger game and the 5bukv
    engine (a few seconds)."""
    started = time.perf_counter()
    games = {tier: letter_games(LANGUAGE, tier, list(Rule)) for tier in Tier}
    ghost = Rule(ENGLISH.rule)
    english = {tier: letter_games(ENGLISH, tier, [ghost])[ghost] for tier in Tier}
    wordle = WordleSolver(Wordle.default())
    for language, word in ((LANGUAGE, "кот"), (ENGLISH, "cat")):
        look_up(word, language.code)
        language.reason_of("")  # reads the reasons file now, so no /word waits for it
    solvers = Solvers(
        games[Tier.COMMON], wordle, english[Tier.COMMON], FingerGame(), games[Tier.FULL], english[Tier.FULL]
    )
    for game in solvers.group_games:
        for players in group_seats:
            game.with_players(players)
    release_scratch_memory()
    log.info("solver tables built in %.1f s", time.perf_counter() - started)
    return solvers


def release_scratch_memory() -> None:
    """Hand the memory the build freed back to the system. glibc keeps freed heap for reuse, and
    the build's scratch arrays and parsed word files leave about 18 MB of it that the bot never
    needs again. Where there is no glibc this does nothing."""
    if not sys.platform.startswith("linux"):
        return
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):  # another C library (musl)
        return


def letter_games(language: Language, tier: Tier, rules: Sequence[Rule]) -> dict[Rule, LetterGame]:
    """A shipped dictionary's game under each rule, its ties and slips led by how common words are;
    the rules share one fragment tree."""
    zipf = language.zipf(tier)
    first = LetterGame(list(zipf), rules[0], language.min_length, language.alphabet, zipf)
    return {rule: first if rule is first.rule else first.with_rule(rule) for rule in rules}
