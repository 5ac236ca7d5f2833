"""The one place that builds the Application and wires every handler; nothing imports back from here.

Each game's handlers, buttons and words live in its folder (``bot/letters``,
``bot/group``, ``bot/fingers``, ``bot/wordle``); what no game owns is in
:mod:`bot.common`, the shared dependencies in :mod:`bot.deps`.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from typing import Any

from telegram import Bot, BotCommand, BotCommandScope, BotCommandScopeAllGroupChats
from telegram.ext import (
    Application,
    ApplicationBuilder,
    CallbackQueryHandler,
    CommandHandler,
    ContextTypes,
    MessageHandler,
    TypeHandler,
    filters,
)

from bot import active, common, keyboards, texts
from bot.common import Handler, Standing
from bot.delivery.events import Delivered, TimerFired
from bot.delivery.gate import open_delivery
from bot.delivery.inbox import KeepingQueue
from bot.delivery.lines import SerialLines
from bot.deps import GROUPS, PRIVATE, BotContext, Services
from bot.fingers import handlers as fingers
from bot.fingers import keyboards as fingers_keyboards
from bot.fingers import texts as fingers_texts
from bot.fingers.session import FingerSession
from bot.group import handlers as group
from bot.group import keyboards as group_keyboards
from bot.group import texts as group_texts
from bot.group.session import GroupSession
from bot.group.texts import GROUP_COMMANDS
from bot.letters import handlers as letters
from bot.letters import keyboards as letters_keyboards
from bot.letters import texts as letters_texts
from bot.letters.session import LetterSession
from bot.settings import Settings
from bot.solvers import Solvers
from bot.storage import Store
from bot.texts import Lang
from bot.throttle import add_throttle
from bot.transport import make_bot
from bot.wordle import handlers as wordle
from bot.wordle import keyboards as wordle_keyboards
from bot.wordle import texts as wordle_texts
from bot.wordle.session import WordleSession

LETTERS, WORDLE, FINGERS, GROUP = LetterSession.KIND, WordleSession.KIND, FingerSession.KIND, GroupSession.KIND
#: Each game's /rules_<game> command and rules, by the game's session kind.
RULES: dict[str, common.Rules] = {
    LETTERS: ("rules_letters", letters_texts.rules),
    WORDLE: ("rules_5bukv", wordle_texts.rules),
    FINGERS: ("rules_fingers", fingers_texts.rules),
    GROUP: ("rules_group", group_texts.rules),
}
#: Chats handled at once, as python-telegram-bot's ``concurrent_updates(True)`` (each chat's own
#: items one at a time: ``bot/delivery/lines.py``).
CONCURRENT_CHATS = 256


def build_application(settings: Settings, solvers: Solvers, token: str | None = None) -> Application:  # type: ignore[type-arg]
    use_timedelta_periods()
    application = (
        ApplicationBuilder()
        .bot(make_bot(settings, token or settings.token()))  # its pools, rate limits and retries: bot/transport.py
        # a serial line per chat, chats in parallel; each item commits as one unit (bot/delivery/)
        .concurrent_updates(SerialLines(CONCURRENT_CHATS))
        .update_queue(KeepingQueue())  # a webhook's update is kept before its POST is answered
        .context_types(ContextTypes(context=BotContext))
        .post_init(post_init)
        .post_shutdown(post_shutdown)
        .build()
    )
    application.bot_data["services"] = Services(settings, solvers)
    add_throttle(application, settings.throttle_messages, settings.throttle_seconds)
    standing = {LETTERS: letters.where_it_stands, WORDLE: wordle.where_it_stands, FINGERS: fingers.where_it_stands}
    add_rules(application)
    add_private_handlers(application)
    add_group_handlers(application)
    add_buttons(application, standing)
    application.add_error_handler(common.on_error)
    return application


def use_timedelta_periods() -> None:
    """Opt in to python-telegram-bot's time periods as ``timedelta`` (its coming default, v22.2+):
    without it, each 429 warns of the change, since PTB's own ``RetryAfter`` reads its deprecated
    int form. Our code reads no such period (a 429's wait is AIORateLimiter's: ``bot/resilience.py``)."""
    os.environ["PTB_TIMEDELTA"] = "true"


def add_private_handlers(application: Application) -> None:  # type: ignore[type-arg]
    commands = {
        "start": common.start,
        "help": common.show_help,
        "rules": common.route_rules(RULES, RULES[LETTERS]),
        "stats": common.stats,
        "play": letters.play,
        "whowins": letters.who_wins,
        "word": letters.word,
        "5bukv": wordle.start,
        "fingers": fingers.start,
        "hint": common.route_command({LETTERS: letters.hint, WORDLE: wordle.hint, FINGERS: fingers.hint}, letters.hint),
        "giveup": common.route_command(
            {LETTERS: letters.give_up, WORDLE: wordle.give_up, FINGERS: fingers.give_up},
            letters.give_up,
        ),
        "undo": common.route_command({LETTERS: common.no_undo, FINGERS: common.no_undo}, wordle.undo),
        **dict.fromkeys(("l", "stop", "top"), group.group_only),
    }
    for name, callback in commands.items():
        application.add_handler(CommandHandler(name, callback, filters=PRIVATE))
    application.add_handler(MessageHandler(PRIVATE & filters.COMMAND, common.unknown_command))
    text_by_game = {LETTERS: letters.on_text, WORDLE: wordle.on_text, FINGERS: fingers.on_text}
    application.add_handler(MessageHandler(PRIVATE & filters.TEXT, common.route_text(text_by_game)))
    reminders = {
        LETTERS: letters.reminder,
        WORDLE: wordle.reminder,
        FINGERS: fingers.reminder,
    }
    application.add_handler(MessageHandler(PRIVATE, common.route_other_message(reminders)))


def add_group_handlers(application: Application) -> None:  # type: ignore[type-arg]
    commands = {
        "play": group.play,
        "l": group.letter_command,
        "giveup": group.give_up,
        "stop": group.stop,
        "help": group.show_help,
        "rules": common.show_rules(RULES[GROUP]),
        "stats": common.stats,
        "start": group.start_in_group,
        "5bukv": group.private_game,
        "fingers": group.private_game,
        "hint": group.hint_in_group,
        "top": group.top,
    }
    for name, callback in commands.items():
        application.add_handler(CommandHandler(name, callback, filters=GROUPS))
    application.add_handler(MessageHandler(GROUPS & filters.TEXT & ~filters.COMMAND, group.on_text))
    application.add_handler(TypeHandler(TimerFired, group.on_timer))
    application.add_handler(TypeHandler(Delivered, group.on_delivered))


def add_rules(application: Application) -> None:  # type: ignore[type-arg]
    """/rules_<game> for each game, in private chats and groups alike."""
    for rules in RULES.values():
        application.add_handler(CommandHandler(rules[0], common.show_rules(rules), filters=PRIVATE | GROUPS))


def add_buttons(application: Application, standing: Mapping[str, Standing]) -> None:  # type: ignore[type-arg]
    """Each game's buttons by their pattern (``standing``: where each game stands, by kind, re-sent
    after "keep playing"); anything else is answered as stale."""
    begins: dict[str, active.Begin] = {
        keyboards.START_LETTERS: letters.begin,
        keyboards.START_GHOST: letters.begin_ghost,
        keyboards.AGAIN_LETTERS: letters.begin_again,
        keyboards.START_WORDLE: wordle.begin,
        keyboards.START_FINGERS: fingers.begin,
        keyboards.AGAIN_FINGERS: fingers.begin_again,
    }
    routes: list[tuple[str | Callable[[object], bool], Handler]] = [
        ("^$", common.on_stale_button),  # no data: PTB would hand such a press to every pattern
        (keyboards.is_menu_press, active.on_start_button(begins)),
        (keyboards.SWITCH_BUTTONS.is_press, active.on_switch_button(begins, standing)),
        (letters_keyboards.BUTTONS.is_press, letters.on_button),
        (wordle_keyboards.BUTTONS.is_press, wordle.on_button),
        (fingers_keyboards.BUTTONS.is_press, fingers.on_button),
        (group_keyboards.BUTTONS.is_press, group.on_lobby_button),
    ]
    for pattern, callback in routes:
        application.add_handler(CallbackQueryHandler(callback, pattern=pattern))
    application.add_handler(CallbackQueryHandler(common.on_stale_button))


async def post_init(application: Application) -> None:  # type: ignore[type-arg]
    services: Services = application.bot_data["services"]
    services.store = await Store.open(services.settings.database_path)
    await open_delivery(application, services.store)
    await group.restore_timers(application)
    await wordle.restore_answers(services)
    await set_commands(application.bot, texts.COMMANDS)
    await set_commands(application.bot, GROUP_COMMANDS, BotCommandScopeAllGroupChats())


async def set_commands(
    bot: Bot, by_language: Mapping[Lang, Sequence[tuple[str, str]]], scope: BotCommandScope | None = None
) -> None:
    """The command menu in each language, and the Russian one for any other language."""
    for code, commands in by_language.items():
        await bot.set_my_commands([BotCommand(*command) for command in commands], scope=scope, language_code=code)
    await bot.set_my_commands([BotCommand(*command) for command in by_language["ru"]], scope=scope)


async def post_shutdown(application: Application) -> None:  # type: ignore[type-arg]
    services: Services = application.bot_data["services"]
    if services.store is not None:
        await services.store.close()
        services.store = None


@asynccontextmanager
async def running(
    application: Application,  # type: ignore[type-arg]
    poll_timeout: int = 1,
    webhook: dict[str, Any] | None = None,
) -> AsyncIterator[Application]:  # type: ignore[type-arg]
    """Run inside an already running event loop (tests, console), with the same start and
    shutdown hooks as ``run_polling``: by long polling, or serving a webhook when given
    ``Updater.start_webhook``'s arguments."""
    await application.initialize()
    if application.post_init:
        await application.post_init(application)
    assert application.updater is not None
    if webhook is None:
        await application.updater.start_polling(poll_interval=0, timeout=poll_timeout)
    else:
        await application.updater.start_webhook(**webhook)
    await application.start()
    try:
        yield application
    finally:
        await application.updater.stop()
        await application.stop()
        if application.post_shutdown:
            await application.post_shutdown(application)
        await application.shutdown()
