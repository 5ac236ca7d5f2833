"""The solver tables, built once at start (in the background, see ``start_solvers``) and shared by every chat."""

from __future__ import annotations

import contextlib
import ctypes
import gc
import logging
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from bot.core.part import Part, Waiting
from bot.games.wordle.solver import WordleSolver
from solver.fingers import FingerGame
from solver.letters import LetterGame, Rule
from solver.lookup import look_up
from solver.wordle import Wordle
from solver.words import LANGUAGES, Language, Tier

log = logging.getLogger(__name__)

#: Group games' tables solved at start (common words, both rules and English Ghost), so
#: no group's first bot move waits for one; more seats are solved on first use.
#: Measured with benchmarks/bench_solver_tables.py (README, Benchmarks).
GROUP_SEATS_AT_START = range(2, 5)

LANGUAGE = LANGUAGES["ru"]
ENGLISH = LANGUAGES["en"]  # English Ghost: seed 004, complete-loses, words of 4+ letters

#: The rules each language's letter game is played under: the Russian game under both, English
#: Ghost under its own only.
LETTER_RULES: dict[str, tuple[Rule, ...]] = {LANGUAGE.code: tuple(Rule), ENGLISH.code: (Rule(ENGLISH.rule),)}

#: A language's code and a tier: one fragment tree, which the language's rules share.
Table = tuple[str, Tier]


class LetterGames:
    """Every letter game the bot plays, by (language, tier, rule): the one place a handler finds a
    game and the one place that says which language a game is in. Each (language, tier) table is
    one part of the start-up build (its rules share one fragment tree); reading a game waits for
    its own table only."""

    def __init__(self, tables: Mapping[Table, Part[dict[Rule, LetterGame]]]) -> None:
        self._tables = dict(tables)

    def __getitem__(self, key: tuple[str, Tier, Rule]) -> LetterGame:
        language, tier, rule = key
        return self.rules(language, tier)[rule]

    def every_key(self) -> list[tuple[str, Tier, Rule]]:
        """Every (language, tier, rule) there is a game for (waits for every table)."""
        return [(language, tier, rule) for (language, tier) in self._tables for rule in self.rules(language, tier)]

    def rules(self, language: str, tier: Tier | str = Tier.COMMON) -> dict[Rule, LetterGame]:
        """``language``'s games on ``tier``, one for each rule it is played under."""
        return self._tables[(language, Tier(tier))].get()

    def game(self, language: str, tier: Tier | str = Tier.COMMON, rule: Rule | str | None = None) -> LetterGame:
        """The game in ``language`` on ``tier`` under ``rule`` (by default the language's own rule);
        a language played under one rule only (English Ghost) plays that one whatever ``rule`` says."""
        by_rule = self.rules(language, tier)
        if len(by_rule) == 1:
            return next(iter(by_rule.values()))
        return by_rule[Rule(rule or LANGUAGES[language].rule)]

    def language_of(self, game: LetterGame) -> str | None:
        """The language ``game`` is in (None for a game not from here), without waiting: a game a
        handler holds came from a table that is built, so a table not built yet is not the one."""
        for (language, _), part in self._tables.items():
            if part.ready() and any(game is own for own in part.get().values()):
                return language
        return None


@dataclass(frozen=True)
class Solvers:
    letters: LetterGames  # every letter game, by (language, tier, rule)
    wordle: WordleSolver
    fingers: FingerGame

    @property
    def alphabet(self) -> str:
        return LANGUAGE.alphabet

    @property
    def default_rule(self) -> Rule:
        return Rule(LANGUAGE.rule)

    @property
    def group_games(self) -> list[LetterGame]:
        """The games a group plays: everyday words, each rule, and English Ghost."""
        return [*self.letters.rules(LANGUAGE.code).values(), self.letters.game(ENGLISH.code)]

    def letter_game(
        self, dictionary: str, rule: Rule | str | None = None, tier: Tier | str = Tier.COMMON
    ) -> LetterGame:
        """English Ghost for ``dictionary`` "en" (its rule is fixed), else the Russian game under ``rule``;
        on the common words, or on every clean word for the full ``tier``."""
        language = ENGLISH.code if dictionary == ENGLISH.code else LANGUAGE.code
        return self.letters.game(language, tier, rule)


def build_solvers(group_seats: Iterable[int] = GROUP_SEATS_AT_START) -> Solvers:
    """The Russian letter game under both rules and English Ghost, each on both tiers,
    the group games' tables for ``group_seats`` players, the finger game and the 5bukv
    engine, all built before this returns (a second or two; tests, the console and the
    benchmarks; the bot itself starts with ``start_solvers``)."""
    building = BuildingSolvers(group_seats, background=False)
    return Solvers(building.letters, building.wordle, building.fingers)


def start_solvers(group_seats: Iterable[int] = GROUP_SEATS_AT_START) -> Solvers:
    """The bot's solvers, built in a background thread from now on, so the bot answers its first
    update (a /start needs no table) while they are built; a handler that needs a table not yet
    built waits for that one only. Launch to first reply and the first replies after it are
    measured by benchmarks/bench_startup.py (README, Benchmarks)."""
    return BuildingSolvers(group_seats, background=True)


class BuildingSolvers(Solvers):
    """The solvers while (and after) they are built, one part after another, in the order players
    need them: the 5bukv engine (its very first reply needs it), the everyday Russian letter game
    (needed only after ``/play``'s set-up buttons), English Ghost, the finger game, the word
    look-ups, the whole-dictionary games, then the group games' tables. Every table is built once,
    at start, as before; what changed is that the process answers meanwhile. Each field of
    ``Solvers`` is a property that waits for its part (the letter games' lookup is there at once,
    and each game read from it waits for its own table), so the interface the handlers use is
    unchanged; a handler that asks on the event loop for a part not built yet holds the loop
    until it is (only in the first second or two after a start; an ``await`` version would need
    the handlers to ask for it)."""

    _parts: _Parts
    _wordle: WordleSolver
    _letters: LetterGames
    _started: float
    _busy: Callable[[], bool]  # whether the bot has updates in hand (give_way_to; never, until wired)

    def __init__(self, group_seats: Iterable[int] = GROUP_SEATS_AT_START, background: bool = True) -> None:
        # Solvers is a frozen dataclass: its fields here are the properties below, fed by the build.
        parts = _Parts()
        object.__setattr__(self, "_parts", parts)
        object.__setattr__(self, "_wordle", WordleSolver(parts.wordle))
        object.__setattr__(self, "_letters", LetterGames(parts.letters))
        object.__setattr__(self, "_started", time.perf_counter())
        object.__setattr__(self, "_busy", _never)
        seats = tuple(group_seats)
        if not background:
            self._build(seats, background=False)
            return
        thread = threading.Thread(target=self._build, args=(seats, True), name="solver-tables", daemon=True)
        object.__setattr__(self, "_thread", thread)
        thread.start()

    @property
    def letters(self) -> LetterGames:
        """At once: each game read from it waits for its own table only."""
        return self._letters

    @property
    def wordle(self) -> WordleSolver:
        """At once: the solver itself takes reported answers before its engine is built (at start)."""
        return self._wordle

    @property
    def fingers(self) -> FingerGame:
        return self._parts.fingers.get()

    def steps_aside(self) -> bool:
        """Whether the build steps aside now: the bot has updates in hand (``give_way_to``) and no
        reader waits for a table (the build is what it waits for)."""
        return self._busy() and not self._parts.waiting.count  # read at each call: wired after the build began

    def give_way_to(self, busy: Callable[[], bool]) -> None:
        """While ``busy()`` (the bot has updates in hand), the build in the background steps aside,
        so a reply in the first second does not share the interpreter with it (see GiveWay); never
        while a handler waits for a table."""
        object.__setattr__(self, "_busy", busy)

    def wait_until_built(self, timeout: float | None = None) -> bool:
        """Whether the build is over (waiting up to ``timeout`` seconds): every part built, or the
        build failed and reading a part not built raises."""
        return self._parts.everything.wait(timeout)

    def _build(self, group_seats: tuple[int, ...], background: bool) -> None:
        give_way = GiveWay(self.steps_aside)
        try:
            with stepping_aside(give_way) if background else contextlib.nullcontext():
                self._build_parts(group_seats)
        except BaseException as error:
            log.exception("could not build the solver tables")
            self._parts.fail(error)
            if not background:  # built in the caller's thread: the caller sees it
                raise
            return
        release_scratch_memory()
        if background:
            # The tables are here to stay: a full collection that walked them paused the bot for 60+ ms.
            gc.freeze()
        log.info(
            "solver tables built in %.1f s (%.2f s of it stepped aside for replies)",
            time.perf_counter() - self._started,
            give_way.waited,
        )
        self._parts.everything.set()

    def _build_parts(self, group_seats: tuple[int, ...]) -> None:
        parts = self._parts
        # 5bukv first: its very first reply needs the engine; a letter game needs its tables
        # only after its set-up buttons. The engine comes with the guessable words stored with its
        # tree (milliseconds, not the Russian dictionary), checked once the dictionary is read.
        engine = Wordle.shipped()
        parts.wordle.set(engine)
        self._wordle.first_guess  # noqa: B018  (worked out now, so no chat waits for it)
        engine.prepare_off_tree(rows=False)  # what the first position off the tree cannot do without
        parts.build_letters(LANGUAGE, Tier.COMMON)
        self._wordle.check_guessable()  # the dictionary is read now (the letter game's)
        self._wordle.wordle.prepare_off_tree()  # the rest: the rows it reads most
        self._wordle.common  # noqa: B018
        parts.build_letters(ENGLISH, Tier.COMMON)
        parts.fingers.set(FingerGame())
        for language, word in ((LANGUAGE, "кот"), (ENGLISH, "cat")):
            look_up(word, language.code)
            language.reason_of("")  # reads the reasons file now, so no /word waits for it
        # English first: the Russian build then fits in the scratch the English one freed, while the
        # English build's scratch came on top of the Russian tables: the process peaks at 177 MB
        # instead of 186 (the bot's imports and every table; VmHWM, measured both ways).
        parts.build_letters(ENGLISH, Tier.FULL)
        parts.build_letters(LANGUAGE, Tier.FULL)
        for game in self.group_games:
            for players in group_seats:
                game.with_players(players)
        # Last, the rest of the 5bukv colour table (0.1 s, 10 MB): the first replies did without
        # it, and from now on every position reads its colours as fast as before the table was lazy.
        self._wordle.wordle.colours.full()


#: The interpreter's switch interval (seconds) while the solvers are built beside the running bot.
BUILD_SWITCH_INTERVAL = 0.001


@contextmanager
def stepping_aside(give_way: GiveWay) -> Iterator[None]:
    """The one place the start-up build bends the interpreter, on the build's thread, while inside:

    * ``sys.setprofile(give_way)``: the build is pure Python (and numpy) with no point where it
      could await, so a profile function is the only hook that runs inside it; profile functions
      are per thread, so the event loop's thread pays nothing. See :class:`GiveWay` for what it
      buys (tests/bot/test_solvers_start.py shows it sleeping while the bot is busy).
    * ``sys.setswitchinterval(BUILD_SWITCH_INTERVAL)`` (process-wide): while the build holds the
      GIL, the event loop gets it back within 1 ms instead of 5 whenever a reply is due: launch to
      first reply x1.43 of the echo bot's instead of x1.70 (median of 7 side-by-side rounds of
      benchmarks/bench_startup.py). The same work, so the build itself ends no later.

    Both are set back when the build ends, however it ends."""
    switch_interval = sys.getswitchinterval()
    sys.setprofile(give_way)
    sys.setswitchinterval(BUILD_SWITCH_INTERVAL)
    try:
        yield
    finally:
        sys.setswitchinterval(switch_interval)
        sys.setprofile(None)


def _never() -> bool:
    return False


class GiveWay:
    """A profile function for the build's thread: every ``EVERY`` calls it asks whether the bot
    has updates in hand, and while it has, sleeps (letting go of the interpreter), so a reply in
    the first second runs alone instead of taking turns with the build every millisecond. The
    build still gets at least a ``SHARE`` of the time, so a steady stream of updates cannot hold
    it off; and it never steps aside while a handler waits for a table it is building
    (``BuildingSolvers.steps_aside`` says so). Checking costs the build about a fifth of its time
    (2.9 million calls, 0.25 s of 1.2). Side by side in benchmarks/bench_startup.py (7 rounds, three players the instant
    after the first reply), a player's own 5bukv word off the tree is answered in 23.7 ms median,
    33.0 slowest, against 34.9 and 46.0 without it; set-up taps 17.4 / 32.0 against 25.0 / 59.0."""

    EVERY = 256
    SHARE = 0.5
    PAUSE = 0.0005

    def __init__(self, busy: Callable[[], bool]) -> None:
        self.busy = busy
        self.calls = 0
        self.waited = 0.0
        self.began = time.perf_counter()

    def __call__(self, frame: object, event: str, arg: object) -> None:
        self.calls += 1
        if self.calls % self.EVERY or not self.busy():
            return
        worked = time.perf_counter() - self.began - self.waited
        while self.busy() and self.waited < worked * (1 - self.SHARE) / self.SHARE:
            began = time.perf_counter()
            time.sleep(self.PAUSE)
            self.waited += time.perf_counter() - began


class _Parts:
    """The parts the start-up build fills in, each ready on its own."""

    def __init__(self) -> None:
        self.waiting = Waiting()  # readers waiting for any part: the build does not step aside then
        self.wordle: Part[Wordle] = Part("5bukv", self.waiting)
        self.letters: dict[Table, Part[dict[Rule, LetterGame]]] = {
            (LANGUAGE.code, Tier.COMMON): Part("Russian letter game", self.waiting),
            (ENGLISH.code, Tier.COMMON): Part("English Ghost", self.waiting),
            (LANGUAGE.code, Tier.FULL): Part("whole-dictionary letter game", self.waiting),
            (ENGLISH.code, Tier.FULL): Part("whole-dictionary English Ghost", self.waiting),
        }
        self.fingers: Part[FingerGame] = Part("finger game", self.waiting)
        self.everything = threading.Event()

    def build_letters(self, language: Language, tier: Tier) -> None:
        """``language``'s games on ``tier``, under each rule it is played under."""
        self.letters[(language.code, tier)].set(letter_games(language, tier, LETTER_RULES[language.code]))

    def fail(self, error: BaseException) -> None:
        every: list[Part[Any]] = [self.wordle, self.fingers, *self.letters.values()]
        for part in every:
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
