"""A table a player waits for is built before its turn in the start-up build (on demand): in the
build alone, with steps held back so the order is certain, and through the real bot, whose first
``/daily`` right after its first reply is answered while the rest is still being built. A handler
awaits its table: other chats are answered meanwhile."""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from bot_harness import Player, running_bot
from bot_harness import until as until_async
from standin import BotApiStandin, Fault

from bot.core import solvers as solvers_module
from bot.core.part import Part
from bot.core.solvers import BuildingSolvers, Solvers, SolverTables, Step
from bot.core.texts import LocaleData
from bot.delivery.queue import InHand
from bot.games.letters.tables import LetterGames
from solver.letters import LetterGame, Rule
from solver.words import Tier

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_daily.py"


class HeldTables(SolverTables):
    """Three tables, each its own step; the first step waits for ``go_on`` once under way."""

    def __init__(self) -> None:
        self.under_way = threading.Event()
        self.go_on = threading.Event()
        self.built: list[str] = []
        self.first, self.middle, self.last = Part[int]("first"), Part[int]("middle"), Part[int]("last")

    def parts(self) -> Sequence[Part[Any]]:
        return (self.first, self.middle, self.last)

    def steps(self) -> Sequence[Step]:
        return (
            Step(1, "first", lambda _: self._build(self.first, held=True), (self.first,)),
            Step(2, "middle", lambda _: self._build(self.middle), (self.middle,)),
            Step(3, "last", lambda _: self._build(self.last), (self.last,)),
        )

    def _build(self, part: Part[int], held: bool = False) -> None:
        if held:
            self.under_way.set()
            assert self.go_on.wait(30)
        self.built.append(part.name)
        part.set(len(self.built))


def until(condition: Any, limit: float = 30.0) -> None:
    deadline = time.monotonic() + limit
    while not condition():
        assert time.monotonic() < deadline, "waited too long"
        time.sleep(0.001)


def test_a_table_a_reader_waits_for_is_built_next(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solvers_module.gc, "freeze", lambda: None)  # the bot's, not this test process's
    tables = HeldTables()
    building = BuildingSolvers([lambda: tables], background=True)
    assert tables.under_way.wait(30)
    read: list[int] = []
    reader = threading.Thread(target=lambda: read.append(tables.last.get()))
    reader.start()
    until(lambda: tables.last.wanted)
    tables.go_on.set()
    reader.join(30)
    assert building.wait_until_built(30)
    assert tables.built == ["first", "last", "middle"]  # the step under way ends, then the one waited for
    assert read == [2]


def test_without_a_reader_the_build_keeps_its_order(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solvers_module.gc, "freeze", lambda: None)
    tables = HeldTables()
    tables.go_on.set()
    assert BuildingSolvers([lambda: tables], background=True).wait_until_built(30)
    assert tables.built == ["first", "middle", "last"]


class SlicedTables(SolverTables):
    """A long step in three slices, the second held until ``go_on``, and a short step after it."""

    def __init__(self) -> None:
        self.under_way = threading.Event()
        self.go_on = threading.Event()
        self.built: list[str] = []
        self.short = Part[int]("short")

    def parts(self) -> Sequence[Part[Any]]:
        return (self.short,)

    def steps(self) -> Sequence[Step]:
        return (Step(1, "long", self._long), Step(2, "short", self._short, (self.short,)))

    def _long(self, _: Any) -> Iterator[None]:
        for number in range(3):
            if number == 1:
                self.under_way.set()
                assert self.go_on.wait(30)
            self.built.append(f"slice {number}")
            yield

    def _short(self, _: Any) -> None:
        self.built.append("short")
        self.short.set(1)


def test_a_table_a_reader_waits_for_is_built_between_slices_of_a_long_step(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solvers_module.gc, "freeze", lambda: None)
    tables = SlicedTables()
    building = BuildingSolvers([lambda: tables], background=True)
    assert tables.under_way.wait(30)
    reader = threading.Thread(target=tables.short.get)
    reader.start()
    until(lambda: tables.short.wanted)
    tables.go_on.set()
    reader.join(30)
    assert building.wait_until_built(30)
    assert tables.built == ["slice 0", "slice 1", "short", "slice 2"]  # not after the whole long step


def test_after_a_table_built_for_a_reader_the_next_slice_gives_way(monkeypatch: pytest.MonkeyPatch) -> None:
    """A table built between two slices for a player: the player's reply, still in hand, is
    finished before the long step's next slice starts."""
    monkeypatch.setattr(solvers_module.gc, "freeze", lambda: None)
    monkeypatch.setattr(solvers_module, "GIVE_WAY_SECONDS", 600.0)
    in_hand, tables = InHand(), SlicedTables()
    building = BuildingSolvers([lambda: tables], background=True, players=in_hand)
    assert tables.under_way.wait(30)
    in_hand.enter()  # the reply that waits for the short table
    reader = threading.Thread(target=tables.short.get)
    reader.start()
    until(lambda: tables.short.wanted)
    tables.go_on.set()
    reader.join(30)
    time.sleep(0.3)
    assert tables.built == ["slice 0", "slice 1", "short"]
    in_hand.leave()
    assert building.wait_until_built(30)
    assert tables.built == ["slice 0", "slice 1", "short", "slice 2"]


class Steps(SolverTables):
    """Three one-part steps that note when each ran."""

    def __init__(self) -> None:
        self.built: list[str] = []
        self.own = [Part[int](name) for name in ("first", "second", "third")]

    def parts(self) -> Sequence[Part[Any]]:
        return self.own

    def steps(self) -> Sequence[Step]:
        return [Step(order, part.name, self._builder(part), (part,)) for order, part in enumerate(self.own)]

    def _builder(self, part: Part[int]) -> Any:
        def build(_: Any) -> None:
            self.built.append(part.name)
            part.set(len(self.built))

        return build


def test_the_build_gives_way_while_players_items_are_in_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    """No step starts while a player's item is in hand (up to the bound, here far off), and the
    build goes on once none is."""
    monkeypatch.setattr(solvers_module.gc, "freeze", lambda: None)
    monkeypatch.setattr(solvers_module, "GIVE_WAY_SECONDS", 600.0)
    in_hand, tables = InHand(), Steps()
    in_hand.enter()
    building = BuildingSolvers([lambda: tables], background=True, players=in_hand)
    time.sleep(0.3)
    assert tables.built == []
    in_hand.leave()
    assert building.wait_until_built(30)
    assert tables.built == ["first", "second", "third"]


def test_a_part_a_player_waits_for_is_built_though_items_are_in_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    """Giving way never keeps a player waiting for a part: the one waited for is built at once
    (the others still give way)."""
    monkeypatch.setattr(solvers_module.gc, "freeze", lambda: None)
    monkeypatch.setattr(solvers_module, "GIVE_WAY_SECONDS", 600.0)
    in_hand, tables = InHand(), Steps()
    in_hand.enter()
    building = BuildingSolvers([lambda: tables], background=True, players=in_hand)
    assert tables.own[2].get() == 1  # waited for (in this thread), so built first
    time.sleep(0.3)
    assert tables.built == ["third"]
    in_hand.leave()
    assert building.wait_until_built(30)
    assert tables.built == ["third", "first", "second"]


def test_a_steady_stream_of_players_slows_the_build_but_does_not_stop_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solvers_module.gc, "freeze", lambda: None)
    monkeypatch.setattr(solvers_module, "GIVE_WAY_SECONDS", 0.01)
    in_hand, tables = InHand(), Steps()
    in_hand.enter()  # never leaves
    assert BuildingSolvers([lambda: tables], background=True, players=in_hand).wait_until_built(30)
    assert tables.built == ["first", "second", "third"]


async def test_the_chats_lines_count_the_items_in_hand(
    standin: BotApiStandin, solvers: Solvers, database: Path
) -> None:
    """The real bot's lines: an item whose reply Telegram holds is in hand until it is sent."""
    standin.inject("sendMessage", Fault.HANG)
    async with running_bot(standin, solvers, database) as bot:
        in_hand = bot.delivery.lines.in_hand
        assert in_hand.wait_for_none(0)
        standin.push_message(81, "/start")
        await until_async(lambda: not in_hand.wait_for_none(0), 10)
        standin.end_hangs()
        await until_async(lambda: in_hand.wait_for_none(0), 10)


@dataclass
class HeldEnglish:
    """The bot's letter tables with English Ghost's everyday one held back until ``release``."""

    tables: LetterGames
    part: Part[dict[Rule, LetterGame]]
    release: Callable[[], None]


@contextlib.contextmanager
def english_ghost_held(solvers: Solvers) -> Iterator[HeldEnglish]:
    """Should a handler hold the event loop, a timer still releases the table after 30 s, so the
    test fails rather than hangs."""
    built = solvers.of(LetterGames)
    english: Part[dict[Rule, LetterGame]] = Part("English Ghost")
    held = {
        (language, tier): english if (language, tier) == ("en", Tier.COMMON) else built.part(language, tier)
        for language in ("ru", "en")
        for tier in Tier
    }

    def release() -> None:
        if not english.ready():
            english.set(built.rules("en"))

    fallback = threading.Timer(30, release)
    fallback.start()
    try:
        yield HeldEnglish(LetterGames(held), english, release)
    finally:
        fallback.cancel()


async def test_a_chat_awaiting_a_table_holds_no_other_chat(
    standin: BotApiStandin, solvers: Solvers, database: Path
) -> None:
    """English Ghost's table held back: an English player's ``/daily`` awaits it, and meanwhile
    another chat's ``/start`` is answered; once the table is there, the ``/daily`` is answered."""
    with english_ghost_held(solvers) as english:
        async with running_bot(standin, solvers.replacing(english.tables), database) as bot:
            waiting = Player(bot, 1301, "en")
            first = len(standin.calls)
            daily = asyncio.create_task(bot.wait(standin.push_message(1301, "/daily", "en")))
            await until_async(lambda: english.part.wanted, 20)  # its handler awaits the table
            other = await Player(bot, 1302).say("/start")
            assert other.texts and not english.part.ready()  # answered while the table is still held
            assert not daily.done() and not waiting.collect(first).texts
            english.release()
            await daily
            assert "Daily puzzle #" in waiting.collect(first).text


async def test_a_first_daily_asks_for_its_table_and_its_day_names_at_once(
    standin: BotApiStandin, solvers: Solvers, database: Path
) -> None:
    """Right after a start, ``/daily`` waits for English Ghost's table and the player's CLDR data
    (the date's day name) together, so the build makes both next, not the second a slice later."""
    locale = LocaleData()
    day_names = {part.name: part for part in locale.parts()}["CLDR data (en)"]
    with english_ghost_held(solvers) as english:
        own = solvers.replacing(english.tables).replacing(locale)
        async with running_bot(standin, own, database) as bot:
            waiting = Player(bot, 1303, "en")
            first = len(standin.calls)
            daily = asyncio.create_task(bot.wait(standin.push_message(1303, "/daily", "en")))
            await until_async(lambda: english.part.wanted and day_names.wanted, 20)
            assert not english.part.ready() and not day_names.ready()
            english.release()
            for step in locale.steps():
                step.run(own)
            await daily
            assert "Daily puzzle #" in waiting.collect(first).text


def load_benchmark() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_daily", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look themselves up there
    spec.loader.exec_module(module)
    return module


@pytest.mark.process
async def test_the_first_daily_after_a_start_does_not_wait_for_the_whole_build(tmp_path: Path) -> None:
    """The bot's first reply comes while the build is at its first steps; the English player's
    ``/daily`` then has English Ghost's table built before its turn, and is answered before the
    build is over (the whole-dictionary tables and the group seats come after it)."""
    bench = load_benchmark()
    board, line = bench.todays_line()
    done = await bench.one_round(0, board, line, tmp_path / "bot.log")
    assert done.restart > 0
    assert "building the English Ghost tables before their turn" in done.log_at_restart
    assert "solver tables built" not in done.log_at_restart
