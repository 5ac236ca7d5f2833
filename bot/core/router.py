"""How a game registers its handlers itself (as aiogram's routers): a :class:`Router` beside its
handlers, filled by decorators on them, wired into the Application by ``bot/runtime/app.py`` through
:meth:`Router.add_handlers`. A new command is one function with one decorator, in one file:

    router = Router()

    @router.command("coin", NP_("menu", "toss a coin"))
    async def start(update: Update, context: BotContext) -> None: ...

Its menu line (``about``), /help's and /start's lists read the router's commands. And what every
game's button handler starts from (:class:`Tap`, :func:`on_press`).
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from telegram import CallbackQuery, InlineKeyboardMarkup, Update, User
from telegram.ext import (
    BaseHandler,
    CallbackQueryHandler,
    CommandHandler,
    InlineQueryHandler,
    MessageHandler,
    TypeHandler,
    filters,
)
from telegram.ext.filters import BaseFilter

from bot.core import keyboards, texts
from bot.core.context import GROUPS, PRIVATE, App, BotContext, Deps, Loaded, S
from bot.core.i18n import pgettext
from bot.core.keyboards import CallbackData, GameButton
from bot.core.texts import Lang

#: A command's or message's handler.
Handler = Callable[[Update, BotContext], Coroutine[Any, Any, None]]
#: A game's answer: its message and buttons.
Answer = tuple[str, InlineKeyboardMarkup | None]
#: A handler of the bot's own events (timers, receipts): the event and the context.
EventHandler = Callable[[Any, BotContext], Coroutine[Any, Any, None]]
H = TypeVar("H", bound=Callable[..., Coroutine[Any, Any, None]])
P = TypeVar("P", bound=GameButton)


@dataclass(frozen=True)
class Command:
    """A command and its line in Telegram's command menu (``about``: an English msgid marked
    ``NP_("menu", …)``; none keeps the command out of the menu)."""

    name: str
    handler: Handler
    about: str = ""

    def menu_line(self, lang: Lang) -> tuple[str, str]:
        return self.name, pgettext(lang, "menu", self.about)


class Router:
    """One game's handlers, in the order they were registered: its commands in private chats and
    in groups, its buttons, its text in groups, the bot's own events it handles, inline queries."""

    def __init__(self) -> None:
        self.commands: list[Command] = []  # in private chats; the first is the one that starts the game
        self.group_commands: list[Command] = []
        self.plays_in_groups = False  # it reads the text of groups (the group game's moves)
        self._handlers: list[BaseHandler[Any, BotContext, Any]] = []

    def command(self, name: str, about: str = "", *, group: bool = False) -> Callable[[Handler], Handler]:
        """``/name`` in a private chat (``group``: in a group) is this handler's."""

        def register(handler: Handler) -> Handler:
            self.add_command(name, handler, about, group=group)
            return handler

        return register

    def add_command(self, name: str, handler: Handler, about: str = "", *, group: bool = False) -> None:
        """A command whose handler is made, not written (``reply_with(...)``)."""
        (self.group_commands if group else self.commands).append(Command(name, handler, about))
        self._handlers.append(CommandHandler(name, handler, filters=GROUPS if group else PRIVATE))

    def press(self, kind: type[P], *, private: bool = True) -> Callable[[TapHandler[P]], Handler]:
        """Presses of ``kind``'s buttons (a game's family) from the kind of chat the game is played
        in (:func:`on_press`) are this handler's."""

        def register(handle: TapHandler[P]) -> Handler:
            handler = on_press(kind, private=private)(handle)
            self.button(kind)(handler)
            return handler

        return register

    def button(self, kind: type[CallbackData]) -> Callable[[Handler], Handler]:
        """Every press whose data reads as ``kind`` is this handler's."""

        def register(handler: Handler) -> Handler:
            self._handlers.append(CallbackQueryHandler(handler, pattern=kind.matches))
            return handler

        return register

    def text_in_groups(self, handler: Handler) -> Handler:
        """Text (not commands) written in a group."""
        self.plays_in_groups = True
        self._handlers.append(MessageHandler(GROUPS & filters.TEXT & ~filters.COMMAND, handler))
        return handler

    def message(self, admits: BaseFilter) -> Callable[[Handler], Handler]:
        """Messages ``admits`` lets through (a service message, say)."""

        def register(handler: Handler) -> Handler:
            self._handlers.append(MessageHandler(admits, handler))
            return handler

        return register

    def event(self, kind: type[object]) -> Callable[[H], H]:
        """The bot's own events of ``kind`` (``bot.delivery.events``) in the chat's line."""

        def register(handler: H) -> H:
            self._handlers.append(TypeHandler(kind, handler))
            return handler

        return register

    def inline(self, handler: Handler) -> Handler:
        """Inline queries (@bot … typed in any chat)."""
        self._handlers.append(InlineQueryHandler(handler))
        return handler

    def add(self, handler: BaseHandler[Any, BotContext, Any]) -> None:
        """Any other python-telegram-bot handler (a chat member's change, say)."""
        self._handlers.append(handler)

    def add_handlers(self, application: App) -> None:
        """Wire the game's handlers into the Application."""
        for handler in self._handlers:
            application.add_handler(handler)


def _always(session: object) -> bool:
    return True


@dataclass(frozen=True)
class Tap(Generic[P]):
    """A press of one game's button (``press``: its data, read), from the kind of chat that game
    is played in: what every game's button handler starts from, so that each states only what is
    its own."""

    press: P
    query: CallbackQuery
    chat_id: int
    user: User
    lang: Lang
    deps: Deps
    private: bool = True

    def stale(self) -> None:
        """The button no longer works: the player is told so, and nothing changes."""
        self.deps.answer(self.query, texts.stale_button(self.lang))

    async def made_for(self, session: S, still: Callable[[S], bool] = _always) -> bool:
        """Whether the press was made for ``session`` (its id and, in a private chat, the
        chat's game now: another game's buttons are stale) and ``still`` holds (say, this turn)."""
        if session.id != self.press.session_id or not still(session):
            return False
        return not self.private or await self.deps.active_kind(self.chat_id) == session.KIND

    async def load(self, kind: type[S], still: Callable[[S], bool] = _always) -> Loaded[S] | None:
        """The chat's session of ``kind`` if the press was made for it, else None once the player
        is told the button is stale (the chat's line runs one item at a time, so the check holds
        for the change)."""
        loaded = await self.deps.load(self.chat_id, kind)
        if loaded is not None and await self.made_for(loaded.session, still):
            return loaded
        self.stale()
        return None

    def reply(self, answer: Answer | None) -> None:
        """Answer the press with a new message, its text and buttons (None: the press turned out stale)."""
        if answer is None:
            self.stale()
            return
        self.deps.answer(self.query)
        self.deps.say(self.chat_id, answer[0], answer[1])


#: A game's button handler, given only presses of its own buttons from its kind of chat.
TapHandler = Callable[[Tap[P], BotContext], Awaitable[None]]


def on_press(kind: type[P], *, private: bool = True) -> Callable[[TapHandler[P]], Handler]:
    """Make ``handle`` a button handler: presses that do not read as ``kind`` or come from the
    other kind of chat (``private``) are answered as stale before it is called."""

    def wrap(handle: TapHandler[P]) -> Handler:
        @functools.wraps(handle)
        async def on_button(update: Update, context: BotContext) -> None:
            press = keyboards.checked_press(context.query, context.incoming, kind, private=private)
            if press is None:
                context.deps.answer(context.query, texts.stale_button(context.lang))
                return
            tap = Tap(press, context.query, context.chat_id, context.user, context.lang, context.deps, private)
            await handle(tap, context)

        return on_button

    return wrap
