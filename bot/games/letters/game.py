"""The letter game against the bot (and English Ghost), as the registry lists it."""

from __future__ import annotations

from bot.core import handlers as common
from bot.core.game import Game, MenuEntry, PrivatePlay, Rules
from bot.core.i18n import NP_, Language
from bot.games.letters import handlers, keyboards, texts
from bot.games.letters.session import LetterSession
from bot.games.letters.tables import LetterGames

GAME = Game(
    kind=LetterSession.KIND,
    solver_tables=(LetterGames,),
    name=texts.name,
    session_name=texts.session_name,
    rules=Rules("rules_letters", texts.rules, NP_("rules", "the letter game (and English Ghost)")),
    help=texts.help_lines,
    records={"letters": texts.letters_record, "ghost": texts.ghost_record},
    router=handlers.router,
    private=PrivatePlay(
        session=LetterSession,
        begins={
            keyboards.START: handlers.begin,
            keyboards.GHOST: handlers.begin_ghost,
            keyboards.RUSSIAN: handlers.begin_russian,
            keyboards.AGAIN: handlers.begin_again,
        },
        on_text=handlers.on_text,
        reminder=handlers.reminder,
        standing=handlers.where_it_stands,
        hint=handlers.hint,
        give_up=handlers.give_up,
        undo=common.no_undo,
        menu=MenuEntry(texts.menu_button, keyboards.RUSSIAN, lead=Language.RUSSIAN),
        more_menu=(MenuEntry(texts.ghost_menu_button, keyboards.GHOST, lead=Language.ENGLISH),),
        review=handlers.review,
    ),
)
