"""A game plugs in at one place: a tiny private game, registered only here, gets its command,
its menu button, its typed text, /hint, /giveup, /rules, /help and /stats, the one-game-per-chat
question, its own setting, its own database table and its own solver table, without a line
changed anywhere else; and each of its commands and buttons is registered where it is written
(its router), so a new command is one function with one decorator."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

from bot_harness import Player, record, running_bot, stored_state
from pydantic_settings import BaseSettings
from standin import BotApiStandin
from telegram import InlineKeyboardMarkup, Update

from bot.core import active, texts
from bot.core.context import BotContext, Deps
from bot.core.game import Game, MenuEntry, PrivatePlay, Rules, help_text, solver_tables
from bot.core.handlers import reply_with
from bot.core.keyboards import GameButton, button, start_data
from bot.core.part import Part
from bot.core.router import Answer, Router, Tap
from bot.core.session import Session, new_id
from bot.core.settings import SOURCES, of
from bot.core.solvers import Solvers, SolverTables, Step, build_solvers
from bot.core.texts import Lang
from bot.registry import GAMES
from bot.storage import Record, Tally
from bot.storage.sql import Sql

KIND = "coin"
START = "coin"


@dataclass(frozen=True)
class CoinButton(GameButton, prefix="C"):
    """The coin's buttons."""


@dataclass(frozen=True)
class Flip(CoinButton, action="flip"):
    """Toss the coin."""


class CoinSettings(BaseSettings):
    """The coin's own setting, read with the bot's others (COIN_GUESSES)."""

    model_config = SOURCES
    coin_guesses: int = 3


#: The coin's own table: every guess, as a game keeps whatever it likes beside its session.
COIN_TABLES = Sql(
    "CREATE TABLE IF NOT EXISTS coin_guesses (chat_id INTEGER NOT NULL, guess TEXT NOT NULL);",
    "CREATE TABLE IF NOT EXISTS coin_guesses (chat_id BIGINT NOT NULL, guess TEXT NOT NULL);",
)
COIN_GUESS = Sql(
    "INSERT INTO coin_guesses (chat_id, guess) VALUES (?, ?)",
    "INSERT INTO coin_guesses (chat_id, guess) VALUES ($1, $2)",
)


class CoinOdds(SolverTables):
    """The coin's own solver table, worked out at start: for each number of tosses, in how many
    ways they fall (one of them is the player's guess)."""

    def __init__(self) -> None:
        self.ways = Part[dict[int, int]]("coin odds")

    def parts(self) -> list[Part[dict[int, int]]]:
        return [self.ways]

    def steps(self) -> list[Step]:
        return [Step(0, "coin odds", lambda _: self.ways.set({tosses: 2**tosses for tosses in range(1, 11)}))]


@dataclass
class CoinSession(Session):
    """Guess heads or tails, three times; two right wins."""

    KIND: ClassVar[str] = KIND
    id: str = field(default_factory=new_id)
    guesses: list[str] = field(default_factory=list)
    over: bool = False

    @property
    def running(self) -> bool:
        return bool(self.guesses) and not self.over

    def resign(self) -> None:
        self.over = True


router = Router()


async def begin(context: BotContext, chat_id: int, user_id: int, lang: Lang) -> None:
    session = CoinSession()
    await context.deps.save(chat_id, session, None, user_id=user_id, tally=Tally(played=1), activate=True)
    context.deps.say(chat_id, "Орёл или решка?", _flip_button(session))


def _flip_button(session: CoinSession) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup([[button("🪙", Flip(session.id, len(session.guesses)))]])


@router.command("coin", "toss a coin")
async def start(update: Update, context: BotContext) -> None:
    await active.start_or_ask(context, START, begin)


async def on_text(update: Update, context: BotContext) -> None:
    deps = context.deps
    loaded = await deps.load(context.chat_id, CoinSession)
    if loaded is None or loaded.session.over:
        deps.reply(context.message, "Монетка отдыхает.")
        return
    session = loaded.session
    session.guesses.append(context.message.text or "")
    session.over = len(session.guesses) >= of(deps.settings, CoinSettings).coin_guesses
    deps.stage((COIN_GUESS, (context.chat_id, session.guesses[-1])))
    tally = Tally(won=1) if session.over else None
    await deps.save(context.chat_id, session, loaded, user_id=context.user.id, tally=tally)
    deps.reply(context.message, f"Принято: {len(session.guesses)}")


async def reminder(deps: Deps, chat_id: int, lang: Lang) -> str:
    return "Пришлите «орёл» или «решка»."


async def standing(deps: Deps, chat_id: int, lang: Lang) -> Answer | None:
    loaded = await deps.load(chat_id, CoinSession)
    return None if loaded is None else (f"Бросков: {len(loaded.session.guesses)}", None)


@router.press(CoinButton)
async def on_button(tap: Tap[CoinButton], context: BotContext) -> None:
    loaded = await tap.load(CoinSession)
    if loaded is not None:
        tap.reply(("🪙 Подброшено", None))


@router.command("coinodds")
async def odds(update: Update, context: BotContext) -> None:
    tosses = of(context.deps.settings, CoinSettings).coin_guesses
    ways = context.deps.solvers.of(CoinOdds).ways.get()[tosses]
    context.deps.reply(context.message, f"Угадать все {tosses}: 1 из {ways}")


async def give_up(update: Update, context: BotContext) -> None:
    resigned = await active.resign_running(context, CoinSession)
    context.deps.reply(context.message, "Сдались." if resigned else "Сдаваться нечего.")


def coin_record(lang: Lang, record: Record) -> str:
    return f"Монетка: бросков {record.played}, побед {record.won}"


COIN = Game(
    kind=KIND,
    name=lambda lang: "монетка",
    rules=Rules("rules_coin", lambda lang: "Угадайте три броска.", "the coin"),
    help=lambda lang: "/coin — монетка",
    records={KIND: coin_record},
    router=router,
    settings=CoinSettings,
    tables=COIN_TABLES,
    solver_tables=(CoinOdds,),
    private=PrivatePlay(
        session=CoinSession,
        begins={START: begin},
        on_text=on_text,
        reminder=reminder,
        standing=standing,
        hint=reply_with(lambda lang: "Монетке подсказки не нужны."),
        give_up=give_up,
        undo=reply_with(texts.nothing_running),
        menu=MenuEntry(lambda lang: "🪙 Монетка", START),
    ),
)


def with_the_coin_s_tables(solvers: Solvers) -> Solvers:
    """The registry's games' tables (built once for the whole run) and the ones only the coin's
    record brings, built the way the bot builds every game's: from the records."""
    own = [make for make in solver_tables((*GAMES, COIN)) if make not in solver_tables(GAMES)]
    return Solvers([*solvers.every(), *build_solvers(own).every()])


async def test_a_game_registered_in_one_place_is_wired_everywhere(
    standin: BotApiStandin, solvers: Solvers, database: Path
) -> None:
    games = (*GAMES, COIN)
    async with running_bot(standin, with_the_coin_s_tables(solvers), database, games=games) as bot:
        player = Player(bot, 950)
        menu = await player.say("/start")
        assert any(b["text"] == "🪙 Монетка" and b["callback_data"] == start_data(START) for b in player.buttons())
        assert menu.texts
        assert "Орёл или решка?" in (await player.tap("Монетка")).text
        assert (await player.say("орёл")).text == "Принято: 1"
        assert (await player.say("/hint")).text == "Монетке подсказки не нужны."
        assert "/coin — монетка" in (await player.say("/help")).text
        assert "Угадайте три броска." in (await player.say("/rules")).text  # the chat's game's rules
        assert (await player.tap("🪙")).text == "🪙 Подброшено"
        asked = await player.say("/5bukv")  # another game while this one is under way: asked first
        assert texts.ask_to_resign("ru", "монетка") in asked.text
        assert (await player.say("/giveup")).text == "Сдались."
        await player.say("/coin")
        for guess in ("решка", "орёл", "решка"):
            await player.say(guess)
        assert "Монетка: бросков 2, побед 1" in (await player.say("/stats")).text
    assert record(database, 950, KIND) == (2, 1, 1, 0)
    state = stored_state(database, 950, KIND)
    assert state is not None and state[0]["guesses"] == ["решка", "орёл", "решка"]


def test_help_lists_each_registered_game_in_order() -> None:
    listed = help_text("ru", (*GAMES, COIN))
    assert listed.index("/play") < listed.index("/fingers") < listed.index("/5bukv") < listed.index("/coin")


async def test_a_game_s_own_setting_and_table_come_with_its_record(
    standin: BotApiStandin, solvers: Solvers, database: Path
) -> None:
    async with running_bot(
        standin, with_the_coin_s_tables(solvers), database, games=(*GAMES, COIN), coin_guesses=2
    ) as bot:
        player = Player(bot, 951)
        assert (await player.say("/coinodds")).text == "Угадать все 2: 1 из 4"  # its solver table, its setting
        await player.say("/coin")
        for guess in ("решка", "орёл"):
            await player.say(guess)
        assert "побед 1" in (await player.say("/stats")).text  # two guesses end the game when the setting says so
    with sqlite3.connect(database) as db:
        assert db.execute("SELECT guess FROM coin_guesses WHERE chat_id = 951").fetchall() == [("решка",), ("орёл",)]


def test_the_coin_s_solver_table_is_built_from_its_record_alone() -> None:
    """What the coin builds comes from its record: the registry's games do not list it, and the
    build makes and fills it like any game's."""
    assert CoinOdds not in solver_tables(GAMES)
    assert solver_tables((COIN,)) == [CoinOdds]
    built = build_solvers(solver_tables((COIN,)))
    assert built.of(CoinOdds).ways.get()[3] == 8
