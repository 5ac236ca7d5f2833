"""The letter game in a group, as the registry lists it."""

from __future__ import annotations

from bot.core.game import Command, Game, Rules
from bot.core.i18n import NP_
from bot.delivery.events import Delivered, TimerFired
from bot.games.letters.group import handlers, keyboards, store, texts
from bot.games.letters.group.session import GroupSession
from bot.games.letters.group.settings import GroupSettings
from bot.games.letters.group.tables import GroupSeats
from bot.games.letters.tables import LetterGames

GAME = Game(
    tables=store.TABLES,
    settings=GroupSettings,
    solver_tables=(LetterGames, GroupSeats),  # a group plays the letter games, on their tables
    kind=GroupSession.KIND,
    name=texts.name,
    rules=Rules("rules_group", texts.rules, NP_("rules", "the letter game in a group")),
    help=lambda lang: "",
    records={GroupSession.KIND: texts.record_line},
    commands=tuple(Command(name, handlers.group_only) for name in ("l", "stop", "top")),
    group_commands=(
        Command("play", handlers.play),
        Command("l", handlers.letter_command),
        Command("giveup", handlers.give_up),
        Command("stop", handlers.stop),
        Command("top", handlers.top),
        Command("help", handlers.show_help),
        Command("start", handlers.start_in_group),
        Command("hint", handlers.hint_in_group),
        Command("review", handlers.review),
        Command("whowins", handlers.who_wins),
    ),
    group_text=handlers.on_text,
    group_menu=texts.group_commands,
    buttons=((keyboards.LobbyButton.matches, handlers.on_lobby_button),),
    events={TimerFired: handlers.on_timer, Delivered: handlers.on_delivered},
    on_start=handlers.ask_for_nudges,
    on_moved=handlers.on_moved,
    on_left=handlers.on_left,
)
