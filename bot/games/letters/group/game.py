"""The letter game in a group, as the registry lists it."""

from __future__ import annotations

from bot.core.game import Game, Rules
from bot.core.i18n import NP_
from bot.games.letters.group import handlers, store, texts
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
    router=handlers.router,
    group_menu=texts.group_commands,
    on_start=handlers.ask_for_nudges,
    on_moved=handlers.on_moved,
    on_left=handlers.on_left,
)
