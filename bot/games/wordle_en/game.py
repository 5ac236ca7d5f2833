"""English Wordle's helper, as the registry lists it: the 5bukv engine in its English configuration."""

from __future__ import annotations

from bot.core.game import Game, MenuEntry, PrivatePlay, Rules
from bot.core.i18n import NP_, Language
from bot.games.wordle_en import handlers, keyboards, texts
from bot.games.wordle_en.session import WordleEnSession
from bot.games.wordle_en.solver import EnglishWordleSolver

GAME = Game(
    solver_tables=(EnglishWordleSolver,),
    kind=WordleEnSession.KIND,
    name=texts.name,
    rules=Rules("rules_wordle", texts.rules, NP_("rules", "Wordle")),
    help=texts.help_lines,
    records={WordleEnSession.KIND: texts.record_line},
    router=handlers.router,
    private=PrivatePlay(
        session=WordleEnSession,
        begins={keyboards.START: handlers.begin},
        on_text=handlers.on_text,
        reminder=handlers.reminder,
        standing=handlers.where_it_stands,
        hint=handlers.hint,
        give_up=handlers.give_up,
        undo=handlers.undo,
        menu=MenuEntry(texts.menu_button, keyboards.START, lead=Language.ENGLISH),
        review=handlers.review,
    ),
)
