"""The solvers built in the background at start: the same tables as a build done
before the bot answers, parts read before they are built wait for them, reported 5bukv answers
are taken before the engine exists, and a failed build raises instead of leaving handlers waiting."""

from __future__ import annotations

import sys
import threading
import time

import pytest

from bot.core import solvers as solvers_module
from bot.core.part import Part, Waiting
from bot.core.solvers import (
    BUILD_SWITCH_INTERVAL,
    BuildingSolvers,
    GiveWay,
    Solvers,
    SolverTables,
    Step,
    in_order,
    start_solvers,
    stepping_aside,
)
from bot.games.fingers.tables import FingerTables
from bot.games.letters.group.tables import GroupSeats, group_games
from bot.games.letters.tables import LetterGames
from bot.games.wordle import solver as wordle_module
from bot.games.wordle.solver import WordleSolver
from bot.registry import SOLVER_TABLES
from solver.letters import LetterGame, Rule
from solver.wordle import Wordle
from solver.words import Tier


def test_the_background_build_gives_what_the_blocking_one_gives(
    solvers: Solvers, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(solvers_module.gc, "freeze", lambda: None)  # the bot's, not this test process's
    switch_interval = sys.getswitchinterval()
    started = start_solvers([*(make for make in SOLVER_TABLES if make is not GroupSeats), lambda: GroupSeats((2,))])
    assert isinstance(started, BuildingSolvers)
    assert started.wait_until_built(timeout=120)
    assert sys.getswitchinterval() == switch_interval  # the build's shorter interval is set back
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
    """Every game's steps, by their order: the 5bukv engine first, the everyday Russian letter
    game, 5bukv's check of its guessable words (which needs the Russian dictionary read), the rest
    of 5bukv's start, English Ghost, the finger game, the word look-ups, the whole-dictionary
    games (English first), and the group seats last."""
    made = [make() for make in dict.fromkeys(SOLVER_TABLES)]
    assert [step.name for step in in_order(made)] == [
        "5bukv engine",
        "Russian letter game",
        "5bukv guessable words",
        "5bukv rows",
        "English Ghost",
        "finger game",
        "word look-ups",
        "whole-dictionary English Ghost",
        "whole-dictionary letter game",
        "group seats",
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


def test_the_build_steps_aside_only_while_the_bot_is_busy() -> None:
    """The build's profile function sleeps (letting the bot's thread run) while the bot has updates
    in hand, and not at all otherwise."""
    idle = GiveWay(lambda: False)
    for _ in range(GiveWay.EVERY * 4):
        idle(None, "call", None)
    assert idle.waited == 0.0
    asked = iter([True, True, True, False])  # busy for the first check and two more looks, then done
    busy = GiveWay(lambda: next(asked, False))
    time.sleep(0.01)  # work done before: the build's share allows it to step aside
    for _ in range(GiveWay.EVERY):
        busy(None, "call", None)
    assert busy.waited > 0.0
    assert next(asked, None) is None  # it asked until the bot was no longer busy, then went on


def test_a_stream_of_updates_that_never_ends_does_not_hold_the_build_off() -> None:
    """Busy for ever: the build steps aside for a while (up to its share), then goes on."""
    busy = GiveWay(lambda: True)
    time.sleep(0.01)
    for _ in range(GiveWay.EVERY * 3):
        busy(None, "call", None)  # returns: the build is not held off for ever
    assert 0.0 < busy.waited < 1.0


def test_a_reader_waiting_for_a_table_is_counted_so_the_build_does_not_step_aside() -> None:
    """The parts of one build share a count of waiting readers (changed by the readers' threads
    under a lock, read by the build's); a part of another build keeps its own."""
    waiting = Waiting()
    table: Part[str] = Part("test", waiting)
    other: Part[str] = Part("other")
    reader = threading.Thread(target=table.get)
    reader.start()
    for _ in range(200):
        if waiting.count:
            break
        time.sleep(0.005)
    assert waiting.count == 1 and other.waiting.count == 0
    table.set("built")
    reader.join(5)
    assert waiting.count == 0


def test_the_profile_hook_is_set_on_the_builds_thread_only_and_only_while_it_builds() -> None:
    """Why the build is profiled at all: its work has no point where it could await, and the hook
    is the only code that runs inside it; so the hook, on the build's thread, is what lets a busy
    bot's thread have the interpreter (here: the work sleeps while ``busy``). Outside the build,
    and on every other thread, nothing is left set."""
    switch_interval = sys.getswitchinterval()
    seen: dict[str, object] = {}
    give_way = GiveWay(lambda: True)

    def build() -> None:
        time.sleep(0.01)  # work done before: the build's share allows it to step aside
        with stepping_aside(give_way):
            seen["hook"] = sys.getprofile()
            seen["interval"] = sys.getswitchinterval()
            sum(abs(n) for n in range(GiveWay.EVERY * 8))  # pure Python: calls the hook sees
        seen["after"] = sys.getprofile()

    builder = threading.Thread(target=build)
    builder.start()
    builder.join(10)
    assert seen["hook"] is give_way and seen["interval"] == BUILD_SWITCH_INTERVAL
    assert give_way.waited > 0.0  # it stepped aside while the bot was busy
    assert seen["after"] is None and sys.getswitchinterval() == switch_interval
    assert sys.getprofile() is None  # this thread never had it
