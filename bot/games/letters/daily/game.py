"""The daily puzzle, as the registry lists it."""

from __future__ import annotations

from bot.core.game import Game, MenuEntry, PrivatePlay, Rules
from bot.core.i18n import NP_
from bot.games.letters.daily import handlers, keyboards, store, texts
from bot.games.letters.daily.session import DailySession
from bot.games.letters.daily.settings import DailySettings
from bot.games.letters.tables import LetterGames

GAME = Game(
    kind=DailySession.KIND,
    name=texts.name,
    rules=Rules("rules_daily", texts.rules, NP_("rules", "the daily puzzle")),
    help=texts.help_lines,
    records={
        DailySession.KIND: lambda lang, record: texts.record_text(lang, record, english_ghost=False),
        f"{DailySession.KIND}_en": lambda lang, record: texts.record_text(lang, record, english_ghost=True),
    },
    router=handlers.router,
    settings=DailySettings,
    solver_tables=(LetterGames,),  # the daily puzzle is a letter game: it plays on its tables
    tables=store.TABLES,
    more_stats=handlers.more_stats,
    private=PrivatePlay(
        session=DailySession,
        begins={
            keyboards.START: handlers.begin_own,
            keyboards.START_RU: handlers.begin_russian,
            keyboards.START_EN: handlers.begin_english,
        },
        on_text=handlers.on_text,
        reminder=handlers.reminder,
        standing=handlers.where_it_stands,
        hint=handlers.hint,
        give_up=handlers.give_up,
        undo=handlers.undo,
        menu=MenuEntry(texts.menu_button, keyboards.START),
        review=handlers.review,
        secret=True,
    ),
)
