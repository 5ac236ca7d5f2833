"""Every game's solver tables, built once at start (in the background, see ``start_solvers``) and
shared by every chat. Names no game: each game declares what it builds in its own folder (a
:class:`SolverTables` with its parts and its build steps, listed as its record's ``solver_tables``),
and handlers read a game's own with ``deps.solvers.of(ItsTables)``."""

from __future__ import annotations

import contextlib
import ctypes
import gc
import logging
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from bot.core.part import Part, Waiting

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Step:
    """One step of the start-up build. ``order`` places it among every game's steps (the build runs
    them lowest first, as players need them; a tie keeps the registry's order), so a game's steps
    can sit between another game's: each game's ``tables.py`` says where its own go and why."""

    order: int
    name: str
    run: Callable[[Solvers], None]  # the tables being built: a step may read another game's (built before it)


class SolverTables:
    """What one game builds at start: its parts (each read waits for it) and the steps that build
    them. A game subclasses it in its own folder; the class is how handlers find it
    (``deps.solvers.of``)."""

    def parts(self) -> Sequence[Part[Any]]:
        """Its parts: a failed build fails those not built, so a reader raises instead of waiting."""
        return ()

    def steps(self) -> Sequence[Step]:
        """How its parts are built, each placed by its order among every game's steps."""
        return ()


#: Makes one game's tables, not built yet (the class itself, usually).
MakeTables = Callable[[], SolverTables]

T = TypeVar("T", bound=SolverTables)


class Solvers:
    """Every wired game's solver tables, by their class: a handler reads its game's own with
    :meth:`of`, typed, and nothing here names a game."""

    def __init__(self, tables: Iterable[SolverTables]) -> None:
        self._tables = {type(own): own for own in tables}

    def of(self, kind: type[T]) -> T:
        """The tables of ``kind`` (a game's :class:`SolverTables` class); a game's handlers read
        only tables that game, or one it plays on, lists as its ``solver_tables``."""
        own = self._tables.get(kind)
        if own is None:
            own = next((tables for tables in self._tables.values() if isinstance(tables, kind)), None)
        if not isinstance(own, kind):
            raise LookupError(
                f"no {kind.__name__} among the solver tables built: list it in its game's ``solver_tables``"
                " and build the solvers from the games wired"
            )
        return own

    def replacing(self, own: SolverTables) -> Solvers:
        """These solvers with ``own`` in place of the tables of its class (a test's own engine,
        say), the others shared."""
        return Solvers([own if type(tables) is type(own) else tables for tables in self.every()])

    def every(self) -> list[SolverTables]:
        """Every game's tables, in the order they were given."""
        return list(self._tables.values())


def make_every(makers: Iterable[MakeTables]) -> list[SolverTables]:
    """Each game's tables, made once even when several games play on the same ones (a maker listed
    twice makes one)."""
    return [make() for make in dict.fromkeys(makers)]


def build_solvers(makers: Iterable[MakeTables]) -> Solvers:
    """The tables ``makers`` make, all built before this returns (a second or two; tests, the
    console and the benchmarks; the bot itself starts with ``start_solvers``)."""
    building = BuildingSolvers(makers, background=False)
    return Solvers(building.every())


def start_solvers(makers: Iterable[MakeTables]) -> BuildingSolvers:
    """The bot's solvers, built in a background thread from now on, so the bot answers its first
    update (a /start needs no table) while they are built; a handler that needs a table not yet
    built waits for that one only. Launch to first reply and the first replies after it are
    measured by benchmarks/bench_startup.py (README, Benchmarks)."""
    return BuildingSolvers(makers, background=True)


class BuildingSolvers(Solvers):
    """The solvers while (and after) they are built, one step after another, in the order players
    need them (every game's steps by their order). Every table is built once, at start; what this
    adds is that the process answers meanwhile. Each game's tables are there at once and each part
    read from them waits for its own build; a handler that asks on the event loop for a part not
    built yet holds the loop until it is (only in the first second or two after a start; an
    ``await`` version would need the handlers to ask for it)."""

    def __init__(self, makers: Iterable[MakeTables], background: bool = True) -> None:
        super().__init__(make_every(makers))
        self._started = time.perf_counter()
        self._busy: Callable[[], bool] = _never  # whether the bot has updates in hand (give_way_to)
        self._everything = threading.Event()
        self._waiting = Waiting()  # readers waiting for any part: the build does not step aside then
        for tables in self.every():
            for part in tables.parts():
                part.waiting = self._waiting
        if not background:
            self._build(background=False)
            return
        self._thread = threading.Thread(target=self._build, args=(True,), name="solver-tables", daemon=True)
        self._thread.start()

    def steps_aside(self) -> bool:
        """Whether the build steps aside now: the bot has updates in hand (``give_way_to``) and no
        reader waits for a table (the build is what it waits for)."""
        return self._busy() and not self._waiting.count  # read at each call: wired after the build began

    def give_way_to(self, busy: Callable[[], bool]) -> None:
        """While ``busy()`` (the bot has updates in hand), the build in the background steps aside,
        so a reply in the first second does not share the interpreter with it (see GiveWay); never
        while a handler waits for a table."""
        self._busy = busy

    def wait_until_built(self, timeout: float | None = None) -> bool:
        """Whether the build is over (waiting up to ``timeout`` seconds): every part built, or the
        build failed and reading a part not built raises."""
        return self._everything.wait(timeout)

    def _build(self, background: bool) -> None:
        give_way = GiveWay(self.steps_aside)
        try:
            with stepping_aside(give_way) if background else contextlib.nullcontext():
                self._build_parts()
        except BaseException as error:
            log.exception("could not build the solver tables")
            self._fail(error)
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
        self._everything.set()

    def _build_parts(self) -> None:
        """Every game's steps, lowest order first (a tie keeps the games' order)."""
        for step in in_order(self.every()):
            step.run(self)

    def _fail(self, error: BaseException) -> None:
        """Every part not built fails with ``error``: its readers raise rather than wait for ever."""
        for tables in self.every():
            for part in tables.parts():
                if not part.ready():
                    part.fail(error)
        self._everything.set()


def in_order(every: Sequence[SolverTables]) -> list[Step]:
    """Every game's steps in the order the build runs them: by order, a tie in the games' order."""
    return sorted((step for tables in every for step in tables.steps()), key=lambda step: step.order)


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
