"""The finger game against the bot, as the registry lists it."""

from __future__ import annotations

from bot.core import handlers as common
from bot.core.game import Game, MenuEntry, PrivatePlay, Rules
from bot.core.i18n import NP_
from bot.games.fingers import handlers, keyboards, texts
from bot.games.fingers.session import FingerSession
from bot.games.fingers.settings import FingersSettings
from bot.games.fingers.tables import FingerTables

GAME = Game(
    settings=FingersSettings,
    solver_tables=(FingerTables,),
    kind=FingerSession.KIND,
    name=texts.name,
    rules=Rules("rules_fingers", texts.rules, NP_("rules", "the finger game")),
    help=texts.help_lines,
    records={FingerSession.KIND: texts.record_line},
    router=handlers.router,
    private=PrivatePlay(
        session=FingerSession,
        begins={keyboards.START: handlers.begin, keyboards.AGAIN: handlers.begin_again},
        on_text=handlers.on_text,
        reminder=handlers.reminder,
        standing=handlers.where_it_stands,
        hint=handlers.hint,
        give_up=handlers.give_up,
        undo=common.no_undo,
        menu=MenuEntry(texts.menu_button, keyboards.START),
        review=handlers.review,
    ),
)
