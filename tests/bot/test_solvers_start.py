"""The solvers built in the background at start: the same tables as a build done
before the bot answers, parts read before they are built wait for them, reported 5bukv answers
are taken before the engine exists, and a failed build raises instead of leaving handlers waiting."""

from __future__ import annotations

import asyncio
import sys
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from bot.core import solvers as solvers_module
from bot.core.part import Part
from bot.core.solvers import (
    BUILD_SWITCH_INTERVAL,
    BuildingSolvers,
    BuildStoppedError,
    Solvers,
    SolverTables,
    Step,
    build_solvers,
    in_order,
    start_solvers,
)
from bot.games.fingers.tables import FingerTables
from bot.games.letters.group.tables import GroupSeats, group_games
from bot.games.letters.tables import LETTER_RULES, LetterGames
from bot.games.wordle import solver as wordle_module
from bot.games.wordle.solver import WordleSolver
from bot.registry import SOLVER_TABLES
from solver.letters import LetterGame, Rule
from solver.wordle import Wordle
from solver.words import LANGUAGES, Tier


def test_the_background_build_gives_what_the_blocking_one_gives(
    solvers: Solvers, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(solvers_module.gc, "freeze", lambda: None)  # the bot's, not this test process's
    switch_interval = sys.getswitchinterval()
    started = start_solvers([*(make for make in SOLVER_TABLES if make is not GroupSeats), lambda: GroupSeats((2,))])
    assert isinstance(started, BuildingSolvers)
    assert started.wait_until_built(timeout=120)
    assert sys.getswitchinterval() == switch_interval and sys.getprofile() is None  # set back; no profile hook
    assert started.of(WordleSolver).first_guess == solvers.of(WordleSolver).first_guess
    assert started.of(WordleSolver).words == solvers.of(WordleSolver).words
    letters, expected_letters = started.of(LetterGames), solvers.of(LetterGames)
    for dictionary in ("ru", "en"):
        for tier in Tier:
            game, expected = (
                letters.letter_game(dictionary, tier=tier),
                expected_letters.letter_game(dictionary, tier=tier),
            )
            assert game.rule is expected.rule and game.word_count == expected.word_count
    assert sorted(letters.every_key()) == sorted(expected_letters.every_key())
    assert {rule for language, _, rule in letters.every_key() if language == "ru"} == set(Rule)
    for language, tier, rule in letters.every_key():
        assert letters.language_of(letters[language, tier, rule]) == language
    assert started.of(FingerTables).game.states == solvers.of(FingerTables).game.states
    games = group_games(letters)
    assert [g.solved_seat_counts() for g in games] == [[2]] * len(games)


def test_the_build_runs_in_the_order_players_need_the_tables() -> None:
    """Every game's steps, by their order: the 5bukv engine first, English Wordle's opening, the session
    codecs every game's first save reads, English Wordle's engines, the
    everyday Russian letter game, 5bukv's check of its guessable words (which needs the Russian
    dictionary read), the rest of 5bukv's start, English Ghost, English Wordle's rows, the finger
    game, the word look-ups, the whole-dictionary games (English first), the dictionary's five-letter
    words for 5bukv, the group seats, and the CLDR data last."""
    made = [make() for make in dict.fromkeys(SOLVER_TABLES)]
    assert [step.name for step in in_order(made)] == [
        "5bukv engine",
        "wordle opening",
        "session codecs",
        "wordle engine",
        "wordle hard-mode engine",
        "Russian letter game",
        "5bukv guessable words",
        "5bukv rows",
        "English Ghost",
        "wordle rows",
        "finger game",
        "word look-ups",
        "whole-dictionary English Ghost",
        "whole-dictionary letter game",
        "5bukv dictionary words",
        "group seats",
        "CLDR data (en)",
        "CLDR data (ru)",
    ]


def test_the_games_playing_on_the_same_tables_share_one_build() -> None:
    """The letter game, the daily puzzle and the group game all list the letter games' tables:
    they are made and built once."""
    solvers = Solvers(make() for make in dict.fromkeys(SOLVER_TABLES))
    assert sum(isinstance(tables, LetterGames) for tables in solvers.every()) == 1


def test_tables_no_game_wired_are_asked_for_by_name() -> None:
    class Unwired(SolverTables):
        pass

    with pytest.raises(LookupError, match="no Unwired among the solver tables built"):
        Solvers([FingerTables()]).of(Unwired)


def test_a_step_may_read_tables_built_before_it() -> None:
    class Doubled(SolverTables):
        def __init__(self) -> None:
            self.value = Part[int]("doubled")

        def parts(self) -> list[Part[int]]:
            return [self.value]

        def steps(self) -> list[Step]:
            return [Step(2, "doubled", lambda solvers: self.value.set(2 * solvers.of(Base).value.get()))]

    class Base(SolverTables):
        def __init__(self) -> None:
            self.value = Part[int]("base")

        def steps(self) -> list[Step]:
            return [Step(1, "base", lambda _: self.value.set(21))]

    built = BuildingSolvers([Doubled, Base], background=False)
    assert built.of(Doubled).value.get() == 42


def test_the_start_engine_is_the_verified_one_and_a_stale_tree_file_is_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    """The start reads the guessable words stored with the tree instead of the Russian dictionary,
    then checks them: with the shipped files they are the dictionary's and the tree is kept; with
    a tree file left from other word files the engine is built again from the dictionary."""
    default = Wordle.default()
    solver = WordleSolver(Wordle.shipped())
    assert solver.wordle.guessable_words == default.guessable_words and solver.wordle.plan is not None
    solver.check_guessable()
    assert solver.wordle.plan is default.plan or solver.wordle.plan == default.plan
    stale = Wordle.shipped(default.guessable_words[1:])  # as if stored for another dictionary
    assert stale.plan is None  # its fingerprint is not the tree's
    monkeypatch.setattr(stale, "plan", default.plan)  # yet say it trusted the tree
    solver = WordleSolver(stale)
    assert solver.first_guess == default.first_guess()
    stale.refuse_for_everyone(["норка"])
    solver.check_guessable()
    assert solver.wordle is not stale and solver.wordle.guessable_words == default.guessable_words
    assert solver.wordle.refused_everywhere == {"норка"}


def test_a_part_read_before_it_is_built_waits_for_it() -> None:
    part: Part[int] = Part("test")
    read: list[int] = []
    reader = threading.Thread(target=lambda: read.append(part.get()))
    reader.start()
    reader.join(timeout=0.05)
    assert reader.is_alive() and not read and not part.ready()
    part.set(7)
    reader.join(timeout=10)
    assert read == [7] and part.ready()


def test_reported_answers_are_taken_before_the_engine_is_built() -> None:
    """The bot reads the answers players reported right at start, before any table is built:
    they are kept, and once the engine is there the ones its list lacks join the candidates."""
    engine: Part[Wordle] = Part("5bukv")
    solver = WordleSolver(engine)
    solver.add_answers(["шпрот", "кошка"])  # returns at once: nothing is built yet
    assert not engine.ready()
    engine.set(Wordle.from_words(["кошка", "мышка", "норка"]))
    assert solver.answers == {"шпрот"}
    solver.add_answers(["мышка", "жмых"])
    assert solver.answers == {"шпрот", "жмых"}


def test_a_failed_build_raises_where_a_table_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken() -> Wordle:
        raise OSError("data/words.txt is missing")

    monkeypatch.setattr(wordle_module.Wordle, "shipped", broken)
    started = start_solvers(SOLVER_TABLES)
    assert isinstance(started, BuildingSolvers)
    assert started.wait_until_built(timeout=60) is True  # done, though nothing was built
    with pytest.raises(RuntimeError, match="could not be built") as raised:
        started.of(WordleSolver).next_guess([])
    assert isinstance(raised.value.__cause__, OSError)
    with pytest.raises(RuntimeError):
        started.of(LetterGames).letter_game("ru")
    with pytest.raises(RuntimeError):
        started.of(FingerTables).game  # noqa: B018
    with pytest.raises(OSError):
        solvers_module.build_solvers(SOLVER_TABLES)  # built in the caller's thread: the caller sees the error itself


class Sliced(SolverTables):
    """A long step in slices, and a part built after it: the stop comes during the slices."""

    def __init__(self) -> None:
        self.slicing = threading.Event()
        self.go_on = threading.Event()
        self.slices = 0
        self.after: Part[int] = Part("after")

    def parts(self) -> list[Part[int]]:
        return [self.after]

    def steps(self) -> list[Step]:
        return [Step(1, "long", lambda _: self._long()), Step(2, "after", lambda _: self.after.set(1))]

    def _long(self) -> Iterator[None]:
        for _ in range(1000):
            self.slices += 1
            self.slicing.set()
            self.go_on.wait(5)
            yield


def test_a_stop_ends_the_build_at_its_next_slice_and_readers_are_told() -> None:
    """The bot's process must not exit while the build's thread runs: the stop ends the build at
    the next slice and waits for its thread, and a part it never built raises when read."""
    tables = Sliced()
    started = start_solvers([lambda: tables])
    assert tables.slicing.wait(30)
    tables.go_on.set()  # the step goes on slicing until the stop
    assert started.stop(timeout=30) is True
    assert tables.slices < 1000 and started.wait_until_built(0)
    with pytest.raises(RuntimeError, match="could not be built") as raised:
        tables.after.get()
    assert isinstance(raised.value.__cause__, BuildStoppedError)


def test_the_language_of_a_game_is_told_without_waiting_for_tables_not_built() -> None:
    """A handler holding a game got it from a table that is built; asking which language it is in
    must not wait for English Ghost or the whole-dictionary games."""
    games = LetterGames()  # no build: only the everyday Russian game is there
    game = LetterGame(["кот", "кит"], Rule.COMPLETE_LOSES, 3)
    games.part("ru", Tier.COMMON).set({Rule.COMPLETE_LOSES: game})
    assert games.game("ru", rule=Rule.COMPLETE_LOSES) is game
    assert games["ru", Tier.COMMON, Rule.COMPLETE_LOSES] is game
    assert games.language_of(game) == "ru"
    assert games.language_of(LetterGame(["cat"], Rule.COMPLETE_LOSES, 3)) is None
    assert [part.ready() for part in games.parts()] == [True, False, False, False]


def test_english_ghost_plays_its_own_rule_whatever_rule_is_asked(solvers: Solvers) -> None:
    letters = solvers.of(LetterGames)
    ghost = letters.game("en")
    assert [rule for language, _, rule in letters.every_key() if language == "en"] == [ghost.rule] * 2
    for rule in Rule:
        assert letters.game("en", rule=rule) is ghost
        assert letters.letter_game("en", rule) is ghost
    assert letters.game("ru", rule=Rule.COMPLETE_WINS).rule is Rule.COMPLETE_WINS
    assert letters.letter_game("ru") is letters.game("ru", Tier.COMMON, letters.default_rule)
    assert letters.letter_game("ru", tier=Tier.FULL) is letters["ru", Tier.FULL, letters.default_rule]


class IntervalSeen(SolverTables):
    """Tables whose one step notes the interpreter's switch interval while it runs (and fails
    after, when asked to)."""

    def __init__(self, fail: bool = False) -> None:
        self.seen: list[float] = []
        self.fail = fail

    def steps(self) -> list[Step]:
        return [Step(0, "note the interval", self._note)]

    def _note(self, solvers: Solvers) -> None:
        self.seen.append(sys.getswitchinterval())
        if self.fail:
            raise OSError("a word file is missing")


@pytest.mark.parametrize("fail", [False, True])
def test_the_background_build_shortens_the_switch_interval_only_while_it_runs(fail: bool) -> None:
    """The one interpreter setting the build touches: a millisecond's switch interval while it
    runs beside the bot (the event loop gets the GIL back sooner), set back when it ends, failed
    or not; a build in the caller's thread leaves it alone."""
    interval = sys.getswitchinterval()
    tables = IntervalSeen(fail)
    started = start_solvers([lambda: tables])
    assert started.wait_until_built(timeout=30)
    assert tables.seen == [BUILD_SWITCH_INTERVAL] != [interval]
    assert sys.getswitchinterval() == interval
    blocking = IntervalSeen()
    build_solvers([lambda: blocking])
    assert blocking.seen == [interval]


@pytest.mark.parametrize("code", ["ru", "en"])
def test_an_everyday_table_built_in_slices_is_the_one_built_at_once(code: str) -> None:
    """The everyday tables are built in slices (a table another player waits for is built between
    them), the rules sharing one fragment tree; each rule's game is the one solved on its own."""
    language = LANGUAGES[code]
    sliced = LetterGames()
    slices = list(sliced.build_in_slices(language, Tier.COMMON))
    assert len(slices) == len(LETTER_RULES[code])  # the words, then each further rule's game
    zipf = language.zipf(Tier.COMMON)
    at_once = {
        rule: LetterGame(list(zipf), rule, language.min_length, language.alphabet, zipf) for rule in LETTER_RULES[code]
    }
    built = sliced.rules(code, Tier.COMMON)
    assert built.keys() == at_once.keys()
    for rule, game in at_once.items():
        assert built[rule].rule is rule
        assert (built[rule].solution.value == game.solution.value).all()
        assert (built[rule].solution.distance == game.solution.distance).all()
        assert built[rule].strategy() == game.strategy()


def test_the_build_reads_every_languages_cldr_data(monkeypatch: pytest.MonkeyPatch) -> None:
    """Babel's data for each catalogue language is read by the build, not at a first /daily's date."""
    from babel import localedata

    from bot.core import i18n
    from bot.core.texts import LocaleData

    read: list[str] = []
    load = localedata.load

    def noting(name: str, *args: Any) -> Any:
        read.append(name)
        return load(name, *args)

    monkeypatch.setattr(localedata, "load", noting)
    solvers = solvers_module.build_solvers([LocaleData])
    assert set(i18n.languages()) <= set(read)
    asyncio.run(solvers.of(LocaleData).ready())  # read: a reply that awaits it does not wait


def test_a_first_daily_waits_for_its_own_languages_cldr_data_only() -> None:
    """One step a language: a player's date needs their language's data read, not every language's."""
    from bot.core import i18n
    from bot.core.texts import LocaleData

    data = LocaleData()
    steps = {step.name: step for step in data.steps()}
    assert set(steps) == {f"CLDR data ({lang})" for lang in i18n.languages()}
    steps["CLDR data (en)"].run(solvers_module.Solvers([data]))

    async def waits() -> None:
        await asyncio.wait_for(data.ready("en"), 1)
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(data.ready("ru"), 0.05)
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(data.ready(), 0.05)

    asyncio.run(waits())
