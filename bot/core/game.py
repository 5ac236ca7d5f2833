"""What a game is to the bot: one record per game, exported by its folder (``bot/<game>/game.py``)
and listed once in :mod:`bot.registry`. Each game's handlers register themselves on its router
(:mod:`bot.core.router`), which ``bot/runtime/app.py`` wires; the menu, ``/help``, ``/rules``,
``/stats`` and the one-game-per-chat rule read the records; nothing outside a game's folder names
one game.

Imports no game, so every game can import it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic_settings import BaseSettings

from bot.core import texts
from bot.core.context import App, BotContext, Deps, Services
from bot.core.i18n import pgettext
from bot.core.router import Answer, Handler, Router
from bot.core.session import Session, prepare_codecs
from bot.core.solvers import MakeTables, SolverTables, Step
from bot.core.texts import Lang
from bot.storage import Record
from bot.storage.sql import Sql

#: What a game expects next in the chat, for a message that is not text.
Reminder = Callable[[Deps, int, Lang], Awaitable[str]]
#: Where a game stands (its message and buttons), or None when the chat has none under way.
Standing = Callable[[Deps, int, Lang], Awaitable[Answer | None]]
#: Begins a game in a chat (context, chat id, user id, language).
Begin = Callable[[BotContext, int, int, Lang], Awaitable[None]]
#: A line of ``/stats`` for one record kind.
StatsLine = Callable[[Lang, Record], str]


@dataclass(frozen=True)
class Rules:
    """A game's ``/rules_<game>`` command, its rules, and its name in the list of the others
    (``name``: an English msgid marked ``NP_("rules", …)``)."""

    command: str
    words: Callable[[Lang], str]
    name: str

    def title(self, lang: Lang) -> str:
        return pgettext(lang, "rules", self.name)


@dataclass(frozen=True)
class MenuEntry:
    """A start-menu button: its label, the start target it begins, and the word language of its
    game (``lead``: "ru", "en"): a player who speaks it sees it before the others."""

    label: Callable[[Lang], str]
    target: str
    lead: str | None = None


@dataclass(frozen=True)
class PrivatePlay:
    """How a game is played in a private chat, where one game at a time is the chat's.

    ``begins``: the start targets (menu and "play again" buttons) this game begins;
    ``hint``/``give_up``/``undo``/``review``: its answer to those commands while it is the chat's game."""

    session: type[Session]
    begins: Mapping[str, Begin]
    on_text: Handler  # typed text while the chat plays it
    reminder: Reminder
    standing: Standing
    hint: Handler
    give_up: Handler
    undo: Handler
    menu: MenuEntry | None = None
    more_menu: Sequence[MenuEntry] = ()  # further start-menu buttons (English Ghost beside the Russian game)
    review: Handler | None = None  # /review: the last game graded by the solver (None: this game has none)
    # While a game of it is under way, other games' analysis (/whowins, /word) says nothing: a puzzle
    # to solve alone, as a group's game is.
    secret: bool = False


@dataclass(frozen=True)
class Game:
    """One game, as the bot wires it."""

    kind: str
    name: Callable[[Lang], str]
    rules: Rules
    help: Callable[[Lang], str]  # its lines in /help
    records: Mapping[str, StatsLine]  # its /stats line by record kind
    router: Router  # its handlers: commands, buttons, text in groups, events (each registered beside itself)
    group_menu: Callable[[Lang], Sequence[tuple[str, str]]] | None = None  # its commands in a group's menu
    private: PrivatePlay | None = None
    on_start: Callable[[App], Awaitable[None]] | None = None  # once the store is open (restore timers, answers)
    # the name of one game of it, when that depends on the game (English Ghost beside the Russian game)
    session_name: Callable[[Lang, Any], str] | None = None
    # its own settings (a class in its folder), read from the same environment as the bot's others
    settings: type[BaseSettings] | None = None
    tables: Sql | None = None  # its own tables: CREATE … IF NOT EXISTS, in each engine's words, run on every open
    # the solver tables it plays on, built at start (``bot.core.solvers``; its handlers read them with
    # ``deps.solvers.of``): its own, and those of a game it plays on (made once however many list them)
    solver_tables: Sequence[MakeTables] = ()
    # more /stats lines, from its own tables (the player, the language)
    more_stats: Callable[[Deps, int, Lang], Awaitable[list[str]]] | None = None
    # a group moved to a new id (context, old, new): stage the move of its own rows, move its timers
    on_moved: Callable[[BotContext, int, int], Awaitable[None]] | None = None
    # the bot was removed from a group: stop its game there, counted for nobody; whether one was under way
    on_left: Callable[[BotContext, int], Awaitable[bool]] | None = None

    def name_of(self, lang: Lang, session: Session) -> str:
        """What the player calls ``session``'s game: its own name, or the game's."""
        return self.session_name(lang, session) if self.session_name is not None else self.name(lang)


def wired(services: Services) -> tuple[Game, ...]:
    """The games the bot was built with, as the registry lists them."""
    return services.games


def solver_tables(games: Sequence[Game]) -> list[MakeTables]:
    """What the games build at start, in their order, each maker once (several games may play on
    the same tables): what ``bot.core.solvers`` builds them from."""
    return list(dict.fromkeys(make for game in games for make in game.solver_tables))


#: Where the codecs' step sits among every game's (bot.core.solvers.Step): right after what the first
#: replies read (5bukv's engine, English Wordle's opening), before the other games' tables.
CODECS_ORDER = 12


class Codecs(SolverTables):
    """Each session kind's codec, made at start by the build: made at a game's first save, it cost
    the event loop up to 17 ms a kind right after the start, while every player's reply waited."""

    def steps(self) -> Sequence[Step]:
        return (Step(CODECS_ORDER, "session codecs", lambda _: prepare_codecs()),)


def help_text(lang: Lang, games: Sequence[Game]) -> str:
    """/help in a private chat: each game's lines, then the commands every game shares."""
    return "\n".join([*(text for game in games if (text := game.help(lang))), texts.help_tail(lang)])


def command_menu(lang: Lang, games: Sequence[Game]) -> list[tuple[str, str]]:
    """Telegram's command menu in a private chat: each game's commands, then the shared ones."""
    own = [command.menu_line(lang) for game in games for command in game.router.commands if command.about]
    return own + [(name, pgettext(lang, "menu", about)) for name, about in texts.COMMON_COMMANDS]


def group_menu(lang: Lang, games: Sequence[Game]) -> list[tuple[str, str]]:
    """Telegram's command menu in groups."""
    return [line for game in games if game.group_menu is not None for line in game.group_menu(lang)]


def by_kind(games: Sequence[Game]) -> dict[str, Game]:
    """The games played in a private chat, by their session kind."""
    return {game.kind: game for game in games if game.private is not None}


def begins(games: Sequence[Game]) -> dict[str, Begin]:
    """What each start target begins, over every game."""
    return {
        target: begin for game in games if game.private is not None for target, begin in game.private.begins.items()
    }


def start_lines(lang: Lang, games: Sequence[Game]) -> list[tuple[str, str]]:
    """How each game played in a private chat starts: its first command and what it starts."""
    return [
        game.router.commands[0].menu_line(lang)
        for game in games
        if game.private is not None and game.router.commands and game.router.commands[0].about
    ]


def offer_games(deps: Deps, lang: Lang) -> str:
    """What to say when no game is under way: how to start each one."""
    return texts.nothing_running(lang, start_lines(lang, wired(deps.services)))


def stats_text(
    lang: Lang, records: Mapping[str, Record], games: Sequence[Game], more: Sequence[Sequence[str]] = ()
) -> str:
    """/stats: game by game, in the order they are wired, its line for each record kind the player
    has (by its own wording), then its ``more`` lines (``more[i]`` is ``games[i]``'s), so one
    game's lines stand together; a record kind no game words comes last. A record of no game yet
    (a game set up, not begun) says nothing."""
    records = {kind: record for kind, record in records.items() if record.played or record.won or record.lost}
    owned = {kind for game in games for kind in game.records}
    lines = [
        line
        for at, game in enumerate(games)
        for line in [
            *(game.records[kind](lang, records[kind]) for kind in game.records if kind in records),
            *(more[at] if at < len(more) else ()),
        ]
    ]
    lines += [texts.games_record(lang, kind, record) for kind, record in sorted(records.items()) if kind not in owned]
    return "\n".join(lines) if lines else texts.no_records(lang)
