"""The one place that builds the Application and wires every handler; nothing imports back from here.

Each game's handlers, buttons and words live in its folder and reach this module as one record,
listed in :mod:`bot.registry`, whose router (:mod:`bot.core.router`) holds the handlers the game
registered itself; what no game owns is in :mod:`bot.core.handlers`, what a handler needs
in :mod:`bot.core.context`, and how an update reaches a handler and its effects reach the chat in
:mod:`bot.delivery`.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from typing import Any

from telegram import Bot, BotCommand, BotCommandScope, BotCommandScopeAllGroupChats, MessageEntity, Update
from telegram.ext import (
    Application,
    ApplicationBuilder,
    BaseHandler,
    CallbackQueryHandler,
    CommandHandler,
    ContextTypes,
    InlineQueryHandler,
    MessageHandler,
    filters,
)

from bot import registry
from bot.core import active, chats, keyboards, texts
from bot.core import handlers as common
from bot.core.context import GROUPS, PRIVATE, App, BotContext, BotData, Services
from bot.core.game import Game, command_menu, group_menu, wired
from bot.core.router import Handler
from bot.core.settings import Settings
from bot.core.solvers import Solvers
from bot.core.texts import Lang
from bot.delivery.queue import InHand
from bot.delivery.runtime import ChatRuntime, DeliverySettings
from bot.runtime.throttle import throttle_for
from bot.runtime.transport import make_bot
from bot.runtime.webhook import Hook, WebhookServer, limits_of
from bot.storage import open_store
from bot.storage.marker import marker_of

#: Chats handled at once, as python-telegram-bot's ``concurrent_updates(True)`` (each chat's own
#: items one at a time: ``bot/delivery/queue.py``).
CONCURRENT_CHATS = 256


def build_application(
    settings: Settings,
    solvers: Solvers,
    token: str | None = None,
    games: tuple[Game, ...] = registry.GAMES,
    in_hand: InHand | None = None,
) -> App:
    """The bot, with every game of ``games`` wired (the registry's, unless a test brings its own);
    ``in_hand`` counts its items in hand (the start-up build gives way to them)."""
    use_timedelta_periods()
    services = Services(settings, solvers, games=games)
    delivery = ChatRuntime(
        DeliverySettings(texts.apology, settings.group_messages_per_minute, CONCURRENT_CHATS),
        admission=throttle_for(services),
        in_hand=in_hand,
    )
    services.delivery = delivery
    application = (
        ApplicationBuilder()
        .bot(
            make_bot(settings, token or settings.token(), inbox=delivery)
        )  # its pools, rate limits and retries: bot/runtime/transport.py
        # a serial line per chat, chats in parallel; each item commits as one unit (bot/delivery/)
        .concurrent_updates(delivery.lines)
        .update_queue(delivery.queue)  # an update is kept in the inbox before it is queued
        .context_types(ContextTypes(context=BotContext, bot_data=BotData))
        .post_init(post_init)
        .post_shutdown(post_shutdown)
        .build()
    )
    application.bot_data.services = services
    add_rules(application, games)
    add_language(application)
    add_shared_commands(application, games)
    add_presses_no_game_reads(application)
    for game in games:
        game.router.add_handlers(application)  # each game's own commands, buttons, text in groups, events
    add_routed_to_the_chats_game(application, games)
    chats.add_handlers(application)  # a group moved to a supergroup, the bot removed from one
    add_buttons(application)
    route_in_one(application)
    application.add_error_handler(common.on_error)
    return application


#: Which handlers an item may reach: a command by its name, a button press, an inline query,
#: any other update, or the bot's own event.
_Kind = tuple[str, str]


class Routed(BaseHandler[Any, BotContext, Any]):
    """Every handler of the Application's group, in one: an item is offered only to the handlers
    that can take its kind (a command to those of its name, a press to the button handlers and the
    rest, never to the fifty command handlers one by one), in the order they were added, and the
    first that takes it handles it, as python-telegram-bot does with the group itself. Each handler
    still checks the item itself: the kind only skips handlers that would decline it."""

    def __init__(self, handlers: Sequence[BaseHandler[Any, BotContext, Any]]) -> None:
        super().__init__(self._never_called)
        self.handlers = tuple(handlers)
        self._by_kind: dict[_Kind, tuple[BaseHandler[Any, BotContext, Any], ...]] = {}

    @staticmethod
    async def _never_called(update: object, context: BotContext) -> None:
        raise AssertionError("a routed item is handled by the handler that took it")

    def check_update(self, update: object) -> tuple[BaseHandler[Any, BotContext, Any], object] | None:
        kind = kind_of(update)
        offered = self._by_kind.get(kind)
        if offered is None:
            offered = self._by_kind[kind] = tuple(handler for handler in self.handlers if may_take(handler, kind))
        for handler in offered:
            check = handler.check_update(update)
            if check is not None and check is not False:
                return handler, check
        return None

    async def handle_update(
        self,
        update: object,
        application: Application[Any, BotContext, Any, Any, Any, Any],
        check_result: object,
        context: BotContext,
    ) -> Any:
        assert isinstance(check_result, tuple)
        handler, check = check_result
        return await handler.handle_update(update, application, check, context)


def kind_of(update: object) -> _Kind:
    """The item's kind, as the handlers that may take it are told apart: a command at the start of
    a message's text by its name (as ``CommandHandler`` reads it), a press, an inline query, any
    other update, or the bot's own event by its type."""
    if not isinstance(update, Update):
        return "event", type(update).__name__
    if update.callback_query is not None:
        return "press", ""
    if update.inline_query is not None:
        return "inline", ""
    message = update.effective_message
    if message is not None and message.text and message.entities:
        first = message.entities[0]
        if first.type == MessageEntity.BOT_COMMAND and first.offset == 0:
            return "command", message.text[1 : first.length].split("@")[0].lower()
    return "update", ""


def may_take(handler: BaseHandler[Any, BotContext, Any], kind: _Kind) -> bool:
    """Whether ``handler`` could take an item of ``kind`` (False only where its own check would
    surely decline it)."""
    what, name = kind
    if isinstance(handler, CommandHandler):
        return what == "command" and name in handler.commands
    if isinstance(handler, CallbackQueryHandler):
        return what == "press"
    if isinstance(handler, InlineQueryHandler):
        return what == "inline"
    if isinstance(handler, MessageHandler):
        return what != "event"
    return True


def route_in_one(application: App) -> None:
    """The handlers added to the Application's first group, as one :class:`Routed` handler in their
    place (the first group is the only one the bot uses)."""
    handlers = list(application.handlers.get(0, ()))
    for handler in handlers:
        application.remove_handler(handler)
    application.add_handler(Routed(handlers))


def use_timedelta_periods() -> None:
    """Opt in to python-telegram-bot's time periods as ``timedelta`` (its coming default, v22.2+),
    the one process-wide setting the bot makes for PTB: without it, PTB warns of the change each
    time it makes a ``RetryAfter`` (every 429; tests/bot/test_public_apis.py shows it). PTB reads
    the opt-in from the environment only. Our code reads the period in either form
    (``PollingBot._wait_after``)."""
    os.environ["PTB_TIMEDELTA"] = "true"


def add_shared_commands(application: App, games: tuple[Game, ...]) -> None:
    """The commands no game owns: /start, /help, /rules and /stats in a private chat; /stats and
    /rules (the group game's) in a group."""
    private: dict[str, Handler] = {
        "start": common.start,
        "help": common.show_help,
        "rules": common.route_rules,
        "stats": common.stats,
    }
    for name, callback in private.items():
        application.add_handler(CommandHandler(name, callback, filters=PRIVATE))
    played = [game for game in games if game.router.plays_in_groups]  # /rules in a group: the game played there
    in_groups = {"stats": common.stats} | ({"rules": common.show_rules(played[0].rules)} if played else {})
    for name, callback in in_groups.items():
        application.add_handler(CommandHandler(name, callback, filters=GROUPS))


def add_routed_to_the_chats_game(application: App, games: tuple[Game, ...]) -> None:
    """After the games' own handlers: the commands every private game answers its own way, which
    go to the game the chat plays now; typed text and other messages, likewise; a private game's
    command in a group says where it is played."""
    assert any(game.private is not None for game in games), "at least one game is played in a private chat"
    routed: dict[str, Handler] = {
        "hint": common.route_command(lambda play: play.hint, common.no_game_running),
        "giveup": common.route_command(lambda play: play.give_up, common.no_game_running),
        "undo": common.route_command(lambda play: play.undo, common.no_game_running),
        "review": common.route_command(lambda play: play.review or common.no_review, common.no_review),
    }
    for name, callback in routed.items():
        application.add_handler(CommandHandler(name, callback, filters=PRIVATE))
    private_only = {command.name for game in games for command in game.router.commands}
    for name in sorted(private_only):  # a game's own handler in groups, registered before, answers first
        application.add_handler(CommandHandler(name, common.play_privately, filters=GROUPS))
    application.add_handler(MessageHandler(PRIVATE & filters.COMMAND, common.unknown_command))
    application.add_handler(MessageHandler(PRIVATE & filters.TEXT, common.route_text))
    application.add_handler(MessageHandler(PRIVATE, common.route_other_message))


def add_rules(application: App, games: tuple[Game, ...]) -> None:
    """/rules_<game> for each game, in private chats and groups alike."""
    for game in games:
        application.add_handler(
            CommandHandler(game.rules.command, common.show_rules(game.rules), filters=PRIVATE | GROUPS)
        )


def add_language(application: App) -> None:
    """/lang in private chats and groups alike: the language is the user's, wherever they ask."""
    application.add_handler(CommandHandler("lang", common.choose_language, filters=PRIVATE | GROUPS))


def add_presses_no_game_reads(application: App) -> None:
    """Before the games' buttons: a press under a message sent through inline mode (no chat to
    play it in), and one without data (python-telegram-bot would hand it to every pattern)."""
    application.add_handler(common.PressUnderInlineMessage(common.on_press_under_inline_message))
    application.add_handler(CallbackQueryHandler(common.on_stale_button, pattern="^$"))


def add_buttons(application: App) -> None:
    """The start buttons, the question before resigning and /lang's (each game's are on its
    router); anything else is answered as stale."""
    routes: list[tuple[str | Callable[[object], bool], Handler]] = [
        (keyboards.Start.matches, active.on_start_button),
        (keyboards.Switch.matches, active.on_switch_button),
        (keyboards.ChooseLanguage.matches, common.on_language_button),
    ]
    for pattern, callback in routes:
        application.add_handler(CallbackQueryHandler(callback, pattern=pattern))
    application.add_handler(CallbackQueryHandler(common.on_stale_button))


async def post_init(application: App) -> None:
    services = application.bot_data.services
    settings = services.settings
    url = settings.database_url.get_secret_value() if settings.database_url is not None else ""
    tables = [game.tables for game in wired(services) if game.tables is not None]
    store = await open_store(
        url or settings.database_path,
        tables=tables,
        connections=settings.database_connections,
        when_lost=lambda: store_lost(application),
        marker=marker_of(settings.database_path),
        fresh=application.bot_data.fresh_store,
    )
    services.store = store
    for game in wired(services):
        if game.on_start is not None:
            await game.on_start(application)  # before delivery opens: a game asks for its reminders here
    assert services.delivery is not None
    await services.delivery.open(store, application.bot, stopping(application))
    await asyncio.gather(
        set_commands(application.bot, lambda lang: command_menu(lang, wired(services))),
        set_commands(application.bot, lambda lang: group_menu(lang, wired(services)), BotCommandScopeAllGroupChats()),
    )


def stopping(application: App) -> Callable[[], bool]:
    """Whether the application, once started, has begun to stop (it is not running yet when the
    store opens, in ``post_init``)."""
    started = False

    def stopped() -> bool:
        nonlocal started
        started = started or application.running
        return started and not application.running

    return stopped


def store_lost(application: App) -> None:
    """The database file is gone: the bot stops, and ``python -m bot`` exits with its own status."""
    application.bot_data.store_lost = True
    if application.bot_data.when_store_lost is not None:
        application.bot_data.when_store_lost()


async def set_commands(
    bot: Bot, menu: Callable[[Lang], Sequence[tuple[str, str]]], scope: BotCommandScope | None = None
) -> None:
    """The command menu in each language, and the first language's for any other: the calls at once,
    so the start waits for one round trip, not one a call, and leaves as many connections open for
    the first replies (several players at once: none of them waits for a new connection)."""
    await asyncio.gather(
        *(
            bot.set_my_commands([BotCommand(*command) for command in menu(code)], scope=scope, language_code=code)
            for code in texts.languages()
        ),
        bot.set_my_commands([BotCommand(*command) for command in menu(texts.FIRST_LANGUAGE)], scope=scope),
    )


async def post_shutdown(application: App) -> None:
    services = application.bot_data.services
    if services.delivery is not None:
        await services.delivery.close()
    if services.store is not None:
        await services.store.close()
        services.store = None


@asynccontextmanager
async def running(application: App, poll_timeout: int = 1, webhook: Hook | None = None) -> AsyncIterator[App]:
    """Run inside an already running event loop (tests, console, ``python -m bot``'s webhook),
    with the start and stop steps of python-telegram-bot's ``run_polling`` in its order: by long
    polling, or serving ``webhook`` (bot/runtime/webhook.py)."""
    server = None
    try:
        await application.initialize()
        if application.post_init:
            await application.post_init(application)
        if webhook is None:
            assert application.updater is not None
            await application.updater.start_polling(poll_interval=0, timeout=poll_timeout)
        else:
            limits = limits_of(application.bot_data.services.settings)
            assert application.bot_data.services.delivery is not None
            server = WebhookServer(webhook, limits, application.bot, application.bot_data.services.delivery.receive)
            await server.start()
        await application.start()
        yield application
    finally:
        await stop(application, server)


async def stop(application: App, server: WebhookServer | None) -> None:
    """The stop steps of PTB's ``run_polling`` and ``run_webhook``, each only when it applies."""
    if server is not None:
        await server.stop()
    if application.updater is not None and application.updater.running:
        await application.updater.stop()
    if application.running:
        await application.stop()
    if application.post_stop:
        await application.post_stop(application)
    await application.shutdown()
    if application.post_shutdown:
        await application.post_shutdown(application)
