"""The solver tables, built once at start (in the background, see ``start_solvers``) and shared by every chat."""

from __future__ import annotations

import ctypes
import gc
import logging
import sys
import threading
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Generic, TypeVar

from solver import policy
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
    when no stored tree is shipped), so no chat waits for it.

    ``wordle`` may be a part still being built (``start_solvers``): the answers players
    reported, which the bot reads at start before any table is built, are kept until it is."""

    def __init__(self, wordle: Wordle | Part[Wordle]) -> None:
        self._engine = wordle if isinstance(wordle, Part) else Part.built("5bukv", wordle)
        self._answers: set[str] = set()  # answers players reported that the list lacks (this deployment's)
        self._reported: list[str] = []  # reported before the engine was built: sorted out once it is
        self._lock = threading.Lock()

    @property
    def wordle(self) -> Wordle:
        return self._engine.get()

    @cached_property
    def first_guess(self) -> str:
        return self.wordle.first_guess()

    def refuse_for_everyone(self, words: Sequence[str]) -> None:
        """Words enough players reported the game refuses: never guessed again, the first guess
        included (it is worked out anew)."""
        self.wordle.refuse_for_everyone(words)
        self.__dict__.pop("first_guess", None)

    @cached_property
    def common(self) -> set[str]:
        """The words a player knows: the common tier."""
        return {self.wordle.words[i] for i in self.wordle.guessable}

    @property
    def answers(self) -> set[str]:
        """Answers players reported that the list lacks (this deployment's)."""
        if self._reported:
            with self._lock:
                reported, self._reported = self._reported, []
            self._answers.update(word for word in reported if word not in self.wordle.index)
        return self._answers

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
        if not self._engine.ready():  # at start: kept without waiting for the engine
            with self._lock:
                self._reported.extend(words)
            return
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
        """Reported answers that fit, but none the policy questions: a player may have told the
        bot a crude word, and the bot never writes one."""
        return sorted(
            word
            for word in self.answers
            if word not in refused and fits(word, history) and policy.question(word, "ru") is None
        )


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
    engine, all built before this returns (a second or two; tests, the console and the
    benchmarks; the bot itself starts with ``start_solvers``)."""
    building = BuildingSolvers(group_seats, background=False)
    return Solvers(
        building.games,
        building.wordle,
        building.english,
        building.fingers,
        building.full_games,
        building.english_full,
    )


def start_solvers(group_seats: Iterable[int] = GROUP_SEATS_AT_START) -> Solvers:
    """The bot's solvers, built in a background thread from now on, so the bot answers its first
    update (a /start needs no table) while they are built; a handler that needs a table not yet
    built waits for that one only. Launch to first reply and the first replies after it are
    measured by benchmarks/bench_startup.py (README, Benchmarks)."""
    return BuildingSolvers(group_seats, background=True)


T = TypeVar("T")


class Part(Generic[T]):
    """One of the solvers, built once by the start-up build; reading it before it is built
    waits until it is (and raises if the build failed, rather than waiting for ever)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._done = threading.Event()
        self._value: T | None = None
        self._error: BaseException | None = None

    @classmethod
    def built(cls, name: str, value: T) -> Part[T]:
        part: Part[T] = cls(name)
        part.set(value)
        return part

    def set(self, value: T) -> None:
        self._value = value
        self._done.set()

    def fail(self, error: BaseException) -> None:
        self._error = error
        self._done.set()

    def ready(self) -> bool:
        """Whether it is built (or its build failed): reading it now does not wait."""
        return self._done.is_set()

    def get(self) -> T:
        if not self._done.is_set():
            started = time.perf_counter()
            self._done.wait()
            log.info("waited %.0f ms for the %s tables", 1000 * (time.perf_counter() - started), self.name)
        if self._error is not None or self._value is None:
            raise RuntimeError(f"the {self.name} tables could not be built") from self._error
        return self._value


class BuildingSolvers(Solvers):
    """The solvers while (and after) they are built, one part after another, in the order players
    need them: the 5bukv engine (its very first reply needs it), the everyday Russian letter game
    (needed only after ``/play``'s set-up buttons), English Ghost, the finger game, the word
    look-ups, the whole-dictionary games, then the group games' tables. Every table is built once,
    at start, as before; what changed is that the process answers meanwhile. Each field of
    ``Solvers`` is a property that waits for its part, so the interface the handlers use is
    unchanged; a handler that asks on the event loop for a part not built yet holds the loop
    until it is (only in the first second or two after a start; an ``await`` version would need
    the handlers to ask for it)."""

    _parts: _Parts
    _wordle: WordleSolver
    _started: float

    def __init__(self, group_seats: Iterable[int] = GROUP_SEATS_AT_START, background: bool = True) -> None:
        # Solvers is a frozen dataclass: its fields here are the properties below, fed by the build.
        parts = _Parts()
        object.__setattr__(self, "_parts", parts)
        object.__setattr__(self, "_wordle", WordleSolver(parts.wordle))
        object.__setattr__(self, "_started", time.perf_counter())
        seats = tuple(group_seats)
        if not background:
            self._build(seats, background=False)
            return
        thread = threading.Thread(target=self._build, args=(seats, True), name="solver-tables", daemon=True)
        object.__setattr__(self, "_thread", thread)
        thread.start()

    @property
    def games(self) -> dict[Rule, LetterGame]:
        return self._parts.games.get()

    @property
    def wordle(self) -> WordleSolver:
        """At once: the solver itself takes reported answers before its engine is built (at start)."""
        return self._wordle

    @property
    def english(self) -> LetterGame:
        return self._parts.english.get()

    @property
    def fingers(self) -> FingerGame:
        return self._parts.fingers.get()

    @property
    def full_games(self) -> dict[Rule, LetterGame]:
        return self._parts.full.get()[0]

    @property
    def english_full(self) -> LetterGame:
        return self._parts.full.get()[1]

    def is_english(self, game: LetterGame) -> bool:
        """As ``Solvers.is_english``, without waiting: a game a handler holds came from a part
        that is built, so a part not built yet cannot be the one it came from."""
        english, full = self._parts.english, self._parts.full
        return (english.ready() and game is english.get()) or (full.ready() and game is full.get()[1])

    def wait_until_built(self, timeout: float | None = None) -> bool:
        """Whether the build is over (waiting up to ``timeout`` seconds): every part built, or the
        build failed and reading a part not built raises."""
        return self._parts.everything.wait(timeout)

    def _build(self, group_seats: tuple[int, ...], background: bool) -> None:
        switch_interval = sys.getswitchinterval()
        if background:
            # While the build holds the GIL, the event loop gets it back within 1 ms instead of 5
            # whenever a reply is due: launch to first reply x1.43 of the echo bot's instead of x1.70
            # (median of 7 side-by-side rounds of benchmarks/bench_startup.py). The same work, so
            # the build itself ends no later; the interval is set back once the build is over.
            sys.setswitchinterval(BUILD_SWITCH_INTERVAL)
        try:
            self._build_parts(group_seats)
        except BaseException as error:
            log.exception("could not build the solver tables")
            self._parts.fail(error)
            if not background:  # built in the caller's thread: the caller sees it
                raise
            return
        finally:
            sys.setswitchinterval(switch_interval)
        release_scratch_memory()
        if background:
            # The tables are here to stay: a full collection that walked them paused the bot for 60+ ms.
            gc.freeze()
        log.info("solver tables built in %.1f s", time.perf_counter() - self._started)
        self._parts.everything.set()

    def _build_parts(self, group_seats: tuple[int, ...]) -> None:
        parts = self._parts
        # 5bukv first: its very first reply needs the engine; a letter game needs its tables
        # only after its set-up buttons.
        parts.wordle.set(Wordle.default())
        self._wordle.first_guess  # noqa: B018  (worked out now, so no chat waits for it)
        self._wordle.common  # noqa: B018
        parts.games.set(letter_games(LANGUAGE, Tier.COMMON, list(Rule)))
        ghost = Rule(ENGLISH.rule)
        parts.english.set(letter_games(ENGLISH, Tier.COMMON, [ghost])[ghost])
        parts.fingers.set(FingerGame())
        for language, word in ((LANGUAGE, "кот"), (ENGLISH, "cat")):
            look_up(word, language.code)
            language.reason_of("")  # reads the reasons file now, so no /word waits for it
        # English first: the Russian build then fits in the scratch the English one freed, while the
        # English build's scratch came on top of the Russian tables: the process peaks at 177 MB
        # instead of 186 (the bot's imports and every table; VmHWM, measured both ways).
        english_full = letter_games(ENGLISH, Tier.FULL, [ghost])[ghost]
        parts.full.set((letter_games(LANGUAGE, Tier.FULL, list(Rule)), english_full))
        for game in self.group_games:
            for players in group_seats:
                game.with_players(players)


#: The interpreter's switch interval (seconds) while the solvers are built beside the running bot.
BUILD_SWITCH_INTERVAL = 0.001


class _Parts:
    """The parts the start-up build fills in, each ready on its own."""

    def __init__(self) -> None:
        self.games: Part[dict[Rule, LetterGame]] = Part("Russian letter game")
        self.wordle: Part[Wordle] = Part("5bukv")
        self.english: Part[LetterGame] = Part("English Ghost")
        self.fingers: Part[FingerGame] = Part("finger game")
        self.full: Part[tuple[dict[Rule, LetterGame], LetterGame]] = Part("whole-dictionary letter game")
        self.everything = threading.Event()

    def fail(self, error: BaseException) -> None:
        for part in (self.games, self.wordle, self.english, self.fingers, self.full):
            if not part.ready():
                part.fail(error)
        self.everything.set()


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
