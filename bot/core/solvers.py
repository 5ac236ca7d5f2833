"""Every game's solver tables, built once at start (in the background, see ``start_solvers``) and
shared by every chat. Names no game: each game declares what it builds in its own folder (a
:class:`SolverTables` with its parts and its build steps, listed as its record's ``solver_tables``),
and handlers read a game's own with ``deps.solvers.of(ItsTables)``."""

from __future__ import annotations

import contextlib
import gc
import logging
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from bot.core.part import Part

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Step:
    """One step of the start-up build. ``order`` places it among every game's steps (the build runs
    them lowest first, as players need them; a tie keeps the registry's order), so a game's steps
    can sit between another game's: each game's ``tables.py`` says where its own go and why.
    ``builds``: the parts it builds when it reads no other part; a reader waiting for one of them
    has this step run next, whatever its order (built on demand). A long step runs in slices: its
    ``run`` yields between them, and a step a reader waits for runs at each yield, so a player never
    waits for the whole of a long step."""

    order: int
    name: str
    # the tables being built: a step may read another game's (built before it)
    run: Callable[[Solvers], Iterator[None] | None]
    builds: tuple[Part[Any], ...] = ()


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

    def stop(self, timeout: float) -> bool:
        """Whether nothing is built any more after ``timeout`` seconds: these were built whole."""
        return True


def make_every(makers: Iterable[MakeTables]) -> list[SolverTables]:
    """Each game's tables, made once even when several games play on the same ones (a maker listed
    twice makes one)."""
    return [make() for make in dict.fromkeys(makers)]


def build_solvers(makers: Iterable[MakeTables]) -> Solvers:
    """The tables ``makers`` make, all built before this returns (a second or two; tests, the
    console and the benchmarks; the bot itself starts with ``start_solvers``)."""
    building = BuildingSolvers(makers, background=False)
    return Solvers(building.every())


class Players(Protocol):
    """The players' items in hand (``bot.delivery.queue.InHand``), as the build sees them."""

    def wait_for_none(self, timeout: float) -> bool:
        """Whether no item was in hand within ``timeout`` seconds."""
        ...


#: The longest the build waits, before one step or slice, for the players' items in hand (seconds).
#: Beside a build step a reply took several times its own time (the two threads take the interpreter
#: in turns); a bound, so that a steady stream of players slows the build rather than stops it.
GIVE_WAY_SECONDS = 0.05
#: How often the build, while it gives way, looks whether a player now waits for one of its parts.
GIVE_WAY_CHECK = 0.002


def start_solvers(makers: Iterable[MakeTables], players: Players | None = None) -> BuildingSolvers:
    """The bot's solvers, built in a background thread from now on, so the bot answers its first
    update (a /start needs no table) while they are built; a handler that needs a table not yet
    built awaits that one only, and other chats are answered meanwhile. With ``players``, the build
    gives way to the players' items in hand before each of its steps and slices. Launch to first
    reply and the first replies after it are measured by benchmarks/bench_startup.py (README,
    Benchmarks)."""
    return BuildingSolvers(makers, background=True, players=players)


class BuildingSolvers(Solvers):
    """The solvers while (and after) they are built, one step after another, in the order players
    need them (every game's steps by their order). Every table is built once, at start; what this
    adds is that the process answers meanwhile. Each game's tables are there at once and each part
    read from them waits for its own build; a handler awaits the parts it reads (each game's
    tables say how: ``await deps.solvers.of(LetterGames).ready(language)``), so the event loop
    answers other chats while one waits."""

    def __init__(self, makers: Iterable[MakeTables], background: bool = True, players: Players | None = None) -> None:
        super().__init__(make_every(makers))
        self._players = players
        self._started = time.perf_counter()
        log.debug("building the solver tables")
        self._everything = threading.Event()
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None  # the build's, when it runs in the background
        if not background:
            self._build(background=False)
            return
        self._thread = threading.Thread(target=self._build, args=(True,), name="solver-tables", daemon=True)
        self._thread.start()

    def wait_until_built(self, timeout: float | None = None) -> bool:
        """Whether the build is over (waiting up to ``timeout`` seconds): every part built, or the
        build failed and reading a part not built raises."""
        return self._everything.wait(timeout)

    def stop(self, timeout: float) -> bool:
        """Ends the build at its next step or slice and waits up to ``timeout`` seconds for it;
        whether it ended. The process must not exit while the build runs: the interpreter ends a
        daemon thread that is inside NumPy's C++ code by unwinding it, which aborts the process
        ("terminate called without an active exception", status -6) on a stop right after start."""
        self._stopping.set()
        if self._thread is None:
            return True
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def _build(self, background: bool) -> None:
        try:
            with shorter_switches() if background else contextlib.nullcontext():
                self._build_parts()
        except BuildStoppedError as stopped:
            self._fail(stopped)  # a reader still waiting hears why rather than waiting for ever
            return
        except BaseException as error:
            log.exception("could not build the solver tables")
            self._fail(error)
            if not background:  # built in the caller's thread: the caller sees it
                raise
            return
        if background:
            # The tables are here to stay: a full collection that walked them paused the bot for 60+ ms.
            gc.freeze()
        log.info("solver tables built in %.1f s", time.perf_counter() - self._started)
        self._everything.set()

    def _build_parts(self) -> None:
        """Every game's steps, lowest order first (a tie keeps the games' order), but a step whose
        part a reader waits for next, or between two slices of a long step: a ``/daily`` right
        after the start waits for the slice under way and its own table, not for every step
        ordered before it."""
        pending = in_order(self.every())
        while pending and not self._stopping.is_set():
            self._give_way()
            step = next_step(pending)
            pending.remove(step)
            began = time.perf_counter()
            slices = step.run(self)
            for _ in slices or ():
                if self._stopping.is_set():
                    break
                self._give_way()
                if self._build_wanted(pending):
                    self._give_way()  # the reader it was built for finishes its reply before the next slice
            log.debug("built the %s tables in %.0f ms", step.name, (time.perf_counter() - began) * 1000)
        if self._stopping.is_set():
            raise BuildStoppedError("the bot stopped before its tables were built")

    def _give_way(self) -> None:
        """Before the next step or slice: while players' items are in hand, wait for them to be
        answered (up to ``GIVE_WAY_SECONDS``), unless a player waits for a part not built yet."""
        if self._players is None:
            return
        waited = 0.0
        while waited < GIVE_WAY_SECONDS and not self._awaited() and not self._stopping.is_set():
            if self._players.wait_for_none(GIVE_WAY_CHECK):
                return
            waited += GIVE_WAY_CHECK

    def _awaited(self) -> bool:
        """Whether a reader waits for a part not built yet."""
        return any(part.wanted and not part.ready() for tables in self.every() for part in tables.parts())

    def _build_wanted(self, pending: list[Step]) -> bool:
        """Between two slices of a long step: every pending step a reader waits for, whole; whether
        there was one."""
        built = False
        while (wanted := wanted_step(pending)) is not None:
            built = True
            pending.remove(wanted)
            began = time.perf_counter()
            for _ in wanted.run(self) or ():
                pass
            log.debug("built the %s tables in %.0f ms", wanted.name, (time.perf_counter() - began) * 1000)
        return built

    def _fail(self, error: BaseException) -> None:
        """Every part not built fails with ``error``: its readers raise rather than wait for ever."""
        for tables in self.every():
            for part in tables.parts():
                if not part.ready():
                    part.fail(error)
        self._everything.set()


class BuildStoppedError(Exception):
    """The bot stopped while its tables were built: a part not built is never read."""


def in_order(every: Sequence[SolverTables]) -> list[Step]:
    """Every game's steps in the order the build runs them: by order, a tie in the games' order."""
    return sorted((step for tables in every for step in tables.steps()), key=lambda step: step.order)


def next_step(pending: list[Step]) -> Step:
    """The first pending step that builds a part a reader waits for, else the first in order."""
    return wanted_step(pending) or pending[0]


def wanted_step(pending: list[Step]) -> Step | None:
    """The first pending step that builds a part a reader waits for, if any."""
    wanted = next((step for step in pending if any(part.wanted for part in step.builds)), None)
    if wanted is not None and wanted is not pending[0]:
        log.info("building the %s tables before their turn: a player waits for them", wanted.name)
    return wanted


#: The interpreter's switch interval (seconds) while the solvers are built beside the running bot.
BUILD_SWITCH_INTERVAL = 0.001


@contextlib.contextmanager
def shorter_switches() -> Iterator[None]:
    """While inside, the interpreter hands the GIL on every millisecond instead of every five
    (``sys.setswitchinterval``, process-wide): the build is pure Python and NumPy with no point
    where it could await, and while it holds the GIL the event loop gets it back sooner when a
    reply is due. Launch to first reply, side by side in benchmarks/bench_startup.py: see
    docs/benchmarks.md (Start-up). The interval is set back however the build ends."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(BUILD_SWITCH_INTERVAL)
    try:
        yield
    finally:
        sys.setswitchinterval(interval)
