"""The 5bukv helper, as the registry lists it."""

from __future__ import annotations

from bot.core.game import Game, MenuEntry, PrivatePlay, Rules
from bot.core.i18n import NP_
from bot.games.wordle import handlers, keyboards, store, texts
from bot.games.wordle.session import WordleSession
from bot.games.wordle.settings import WordleSettings
from bot.games.wordle.solver import WordleSolver

GAME = Game(
    tables=store.TABLES,
    settings=WordleSettings,
    solver_tables=(WordleSolver,),
    kind=WordleSession.KIND,
    name=texts.name,
    rules=Rules("rules_5bukv", texts.rules, NP_("rules", "5bukv")),
    help=texts.help_lines,
    records={WordleSession.KIND: texts.record_line},
    router=handlers.router,
    private=PrivatePlay(
        session=WordleSession,
        begins={keyboards.START: handlers.begin},
        on_text=handlers.on_text,
        reminder=handlers.reminder,
        standing=handlers.where_it_stands,
        hint=handlers.hint,
        give_up=handlers.give_up,
        undo=handlers.undo,
        menu=MenuEntry(texts.menu_button, keyboards.START),
        review=handlers.review,
    ),
    on_start=handlers.restore_answers,
)
