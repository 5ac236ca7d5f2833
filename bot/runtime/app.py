"""The one place that builds the Application and wires every handler; nothing imports back from here.

Each game's handlers, buttons and words live in its folder and reach this module as one record,
listed in :mod:`bot.registry`; what no game owns is in :mod:`bot.core.handlers`, what a handler needs
in :mod:`bot.core.context`, and how an update reaches a handler and its effects reach the chat in
:mod:`bot.delivery`.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from typing import Any

from telegram import Bot, BotCommand, BotCommandScope, BotCommandScopeAllGroupChats
from telegram.ext import (
    ApplicationBuilder,
    CallbackQueryHandler,
    CommandHandler,
    ContextTypes,
    MessageHandler,
    TypeHandler,
    filters,
)

from bot import registry
from bot.core import active, keyboards, part
from bot.core import handlers as common
from bot.core.context import GROUPS, PRIVATE, App, BotContext, Services
from bot.core.game import Game, Handler, Route, command_menu, group_menu
from bot.core.settings import Settings
from bot.core.solvers import BuildingSolvers, Solvers
from bot.core.texts import Lang
from bot.delivery.gate import open_delivery
from bot.delivery.inbox import KeepingQueue
from bot.delivery.queue import SerialLines
from bot.runtime.throttle import add_throttle
from bot.runtime.transport import make_bot
from bot.runtime.webhook import configure as configure_webhook_server
from bot.runtime.webhook import limits_of
from bot.storage import Store

#: Chats handled at once, as python-telegram-bot's ``concurrent_updates(True)`` (each chat's own
#: items one at a time: ``bot/delivery/queue.py``).
CONCURRENT_CHATS = 256


def build_application(
    settings: Settings, solvers: Solvers, token: str | None = None, games: tuple[Game, ...] = registry.GAMES
) -> App:
    """The bot, with every game of ``games`` wired (the registry's, unless a test brings its own)."""
    use_timedelta_periods()
    application = (
        ApplicationBuilder()
        .bot(
            make_bot(settings, token or settings.token())
        )  # its pools, rate limits and retries: bot/runtime/transport.py
        # a serial line per chat, chats in parallel; each item commits as one unit (bot/delivery/)
        .concurrent_updates(SerialLines(CONCURRENT_CHATS))
        .update_queue(KeepingQueue())  # a webhook's update is kept before its POST is answered
        .context_types(ContextTypes(context=BotContext))
        .post_init(post_init)
        .post_shutdown(post_shutdown)
        .build()
    )
    application.bot_data["services"] = Services(settings, solvers, games=games)
    give_way_to_replies(application, solvers)
    add_throttle(application, settings.throttle_messages, settings.throttle_seconds)
    add_rules(application, games)
    add_language(application)
    add_private_handlers(application, games)
    add_group_handlers(application, games)
    add_buttons(application, games)
    application.add_error_handler(common.on_error)
    return application


def give_way_to_replies(application: App, solvers: Solvers) -> None:
    """Solvers still being built in the background step aside while the bot has updates in hand
    and nobody waits for a table (bot.core.solvers.GiveWay)."""
    lines = application.update_processor
    if isinstance(solvers, BuildingSolvers) and isinstance(lines, SerialLines):
        solvers.give_way_to(lambda: lines.busy_chats > 0 and part.waiting == 0)


def use_timedelta_periods() -> None:
    """Opt in to python-telegram-bot's time periods as ``timedelta`` (its coming default, v22.2+):
    without it, each 429 warns of the change, since PTB's own ``RetryAfter`` reads its deprecated
    int form. Our code reads no such period (a 429's wait is AIORateLimiter's: ``bot/core/resilience.py``)."""
    os.environ["PTB_TIMEDELTA"] = "true"


def add_private_handlers(application: App, games: tuple[Game, ...]) -> None:
    """Each game's own commands; the shared ones, which go to the game the chat plays now; typed
    text and other messages, likewise."""
    playing = [game for game in games if game.private is not None]
    first = playing[0].private
    assert first is not None, "at least one game is played in a private chat"
    commands: dict[str, Handler] = {
        "start": common.start,
        "help": common.show_help,
        "rules": common.route_rules,
        "stats": common.stats,
        **{command.name: command.handler for game in games for command in game.commands},
        "hint": common.route_command(lambda play: play.hint, first.hint),
        "giveup": common.route_command(lambda play: play.give_up, first.give_up),
        "undo": common.route_command(lambda play: play.undo, common.no_game_to_undo),
        "review": common.route_command(lambda play: play.review or common.no_review, common.no_review),
    }
    for name, callback in commands.items():
        application.add_handler(CommandHandler(name, callback, filters=PRIVATE))
    application.add_handler(MessageHandler(PRIVATE & filters.COMMAND, common.unknown_command))
    application.add_handler(MessageHandler(PRIVATE & filters.TEXT, common.route_text))
    application.add_handler(MessageHandler(PRIVATE, common.route_other_message))


def add_group_handlers(application: App, games: tuple[Game, ...]) -> None:
    """The group games' commands and moves; a private game's command in a group says where it is
    played; the bot's own events (timers, receipts) go to the game that handles them."""
    in_groups = [game for game in games if game.group_commands]
    commands: dict[str, Handler] = {command.name: common.play_privately for game in games for command in game.commands}
    commands |= {command.name: command.handler for game in in_groups for command in game.group_commands}
    played = [game for game in in_groups if game.group_text is not None]  # /rules: the game played in groups
    commands |= {"stats": common.stats} | ({"rules": common.show_rules(played[0].rules)} if played else {})
    for name, callback in commands.items():
        application.add_handler(CommandHandler(name, callback, filters=GROUPS))
    for game in in_groups:
        if game.group_text is not None:
            application.add_handler(MessageHandler(GROUPS & filters.TEXT & ~filters.COMMAND, game.group_text))
    for game in games:
        for event, handler in game.events.items():
            application.add_handler(TypeHandler(event, handler))


def add_rules(application: App, games: tuple[Game, ...]) -> None:
    """/rules_<game> for each game, in private chats and groups alike."""
    for game in games:
        application.add_handler(
            CommandHandler(game.rules.command, common.show_rules(game.rules), filters=PRIVATE | GROUPS)
        )


def add_language(application: App) -> None:
    """/lang in private chats and groups alike: the language is the user's, wherever they ask."""
    application.add_handler(CommandHandler("lang", common.choose_language, filters=PRIVATE | GROUPS))


def add_buttons(application: App, games: tuple[Game, ...]) -> None:
    """Each game's buttons by their pattern; the start buttons and the question before resigning;
    anything else is answered as stale."""
    routes: list[Route] = [
        ("^$", common.on_stale_button),  # no data: PTB would hand such a press to every pattern
        (keyboards.is_menu_press, active.on_start_button),
        (keyboards.SWITCH_BUTTONS.is_press, active.on_switch_button),
        (keyboards.is_language_press, common.on_language_button),
        *(route for game in games for route in game.buttons),
    ]
    for pattern, callback in routes:
        application.add_handler(CallbackQueryHandler(callback, pattern=pattern))
    application.add_handler(CallbackQueryHandler(common.on_stale_button))


async def post_init(application: App) -> None:
    services: Services = application.bot_data["services"]
    settings = services.settings
    url = settings.database_url.get_secret_value() if settings.database_url is not None else ""
    services.store = await Store.open(url or settings.database_path)
    await open_delivery(application, services.store, services.settings.group_messages_per_minute)
    for game in services.games:
        if game.on_start is not None:
            await game.on_start(application)
    await set_commands(application.bot, lambda lang: command_menu(lang, services.games))
    await set_commands(application.bot, lambda lang: group_menu(lang, services.games), BotCommandScopeAllGroupChats())


async def set_commands(
    bot: Bot, menu: Callable[[Lang], Sequence[tuple[str, str]]], scope: BotCommandScope | None = None
) -> None:
    """The command menu in each language, and the Russian one for any other language."""
    for code in ("ru", "en"):
        await bot.set_my_commands([BotCommand(*command) for command in menu(code)], scope=scope, language_code=code)
    await bot.set_my_commands([BotCommand(*command) for command in menu("ru")], scope=scope)


async def post_shutdown(application: App) -> None:
    services: Services = application.bot_data["services"]
    if services.store is not None:
        await services.store.close()
        services.store = None


@asynccontextmanager
async def running(
    application: App,
    poll_timeout: int = 1,
    webhook: dict[str, Any] | None = None,
) -> AsyncIterator[App]:
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
        configure_webhook_server(limits_of(application.bot_data["services"].settings))  # as python -m bot does
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
