"""What every handler needs, bound to the item it handles: loads and saves of sessions and the
messages to send, all staged in the item's unit (:mod:`bot.storage.unit_of_work`) and committed
together by the chat's line. Handlers reach it through their context (:class:`BotContext`).

Imports no handler, so every game's handlers can import it.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from pydantic import ValidationError
from telegram import CallbackQuery, Chat, InlineKeyboardMarkup, Message, Update, User
from telegram.ext import Application, CallbackContext, ExtBot, filters

from bot.core import texts
from bot.core.session import Session
from bot.core.settings import Settings
from bot.core.solvers import Solvers
from bot.core.texts import Lang
from bot.delivery import outbox
from bot.delivery.runtime import CURRENT_ITEM, ChatRuntime, Item
from bot.delivery.timers import Timers
from bot.storage import KEEP, DamagedSessionError, Store, Stored, Tally
from bot.storage.languages import choice_statement
from bot.storage.outgoing import Receipt
from bot.storage.sessions import stage_save
from bot.storage.unit_of_work import Statement

if TYPE_CHECKING:  # the record's handlers take this module's context: it is named here for its type only
    from bot.core.game import Game

S = TypeVar("S", bound=Session)

PRIVATE = filters.ChatType.PRIVATE & filters.UpdateType.MESSAGE
GROUPS = filters.ChatType.GROUPS & filters.UpdateType.MESSAGE

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Loaded(Generic[S]):
    """A session with the stored version it was read at (a save checks it is still current)."""

    session: S
    stored: Stored

    @property
    def version(self) -> int:
        return self.stored.version


@dataclass
class Services:
    """What lives as long as the bot: ``application.bot_data.services`` (:class:`BotData`)."""

    settings: Settings
    solvers: Solvers
    store: Store | None = None
    delivery: ChatRuntime | None = None
    rng: random.Random = field(default_factory=random.Random)
    games: tuple[Game, ...] = ()  # every game wired, as the registry lists them

    @property
    def db(self) -> Store:
        assert self.store is not None, "the store opens in post_init"
        return self.store

    @property
    def timers(self) -> Timers:
        """Every game's deadlines (:mod:`bot.delivery.timers`)."""
        assert self.delivery is not None, "delivery is built with the application"
        return self.delivery.timers

    async def load(self, chat_id: int, kind: type[S]) -> Loaded[S] | None:
        """A session as committed (outside any chat's line: for tools and tests)."""
        stored = await self.db.load(chat_id, kind.KIND)
        return None if stored is None else Loaded(kind.from_dict(stored.state), stored)


class BotData(dict[Any, Any]):
    """The application's ``bot_data`` (python-telegram-bot's ``ContextTypes(bot_data=...)``): a
    dict, as PTB's default one, whose :class:`Services` are a typed attribute rather than an
    entry under a string key that every reader had to name and cast alike."""

    _services: Services | None = None
    #: Set when the database file was lost (``bot.runtime.app.store_lost``): ``python -m bot`` then exits
    #: with its own status.
    store_lost: bool = False
    #: What stops the process when the store is lost; ``python -m bot`` sets it, tests stop their own.
    when_store_lost: Callable[[], None] | None = None
    #: Whether a store the marker says existed may be made afresh (``python -m bot --fresh-store``).
    fresh_store: bool = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._background: set[asyncio.Task[None]] = set()

    def keep_running(self, task: asyncio.Task[None]) -> None:
        """Hold a background task until it is done: the event loop keeps only a weak reference."""
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    @property
    def services(self) -> Services:
        if self._services is None:
            raise RuntimeError("the services are set when the application is built (bot.runtime.app)")
        return self._services

    @services.setter
    def services(self, services: Services) -> None:
        self._services = services


class Deps:
    """A handler's view of the bot for one item of a chat's line: reads see what the item has
    staged; writes and messages are staged, and commit (or not) all together."""

    def __init__(self, services: Services, item: Item) -> None:
        self.services = services
        self.unit = item.unit
        self._item = item
        self._languages: dict[int, Lang] = {}  # chosen in this item, not committed yet

    @property
    def settings(self) -> Settings:
        return self.services.settings

    @property
    def solvers(self) -> Solvers:
        return self.services.solvers

    @property
    def rng(self) -> random.Random:
        return self.services.rng

    @property
    def db(self) -> Store:
        """The store, for reads that no staged write can change (records, leaderboards)."""
        return self.services.db

    async def _stored(self, chat_id: int, kind: str) -> Stored | None:
        staged = self.unit.staged_session(chat_id, kind)
        if staged is not None:
            return Stored(_json(staged.text), staged.version)
        try:
            return await self.db.load(chat_id, kind)
        except DamagedSessionError as error:
            await self._move_aside(chat_id, kind, error.reason)
            return None

    async def load(self, chat_id: int, kind: type[S]) -> Loaded[S] | None:
        """The chat's session of this kind, or None when it never had one (or had one that cannot
        be read: then it is moved aside, and the chat told its game was ended)."""
        stored = await self._stored(chat_id, kind.KIND)
        if stored is None:
            return None
        try:
            return Loaded(kind.from_dict(stored.state), stored)
        except (ValidationError, TypeError, ValueError) as error:
            await self._move_aside(chat_id, kind.KIND, f"{type(error).__name__}: {_first_line(error)}")
            return None

    async def _move_aside(self, chat_id: int, kind: str, reason: str) -> None:
        """A session that cannot be read costs its game, not the chat: it goes to the quarantine
        table, the operator reads one ERROR line (no traceback: the row and its error are kept),
        and the chat is told, in the sender's language, that the game was ended."""
        await self.db.quarantine(chat_id, kind, reason)
        log.error("chat %d: its %s game could not be read, moved to the quarantine table: %s", chat_id, kind, reason)
        self.say(chat_id, texts.game_unreadable(texts.language(self.unit.lang)))

    async def active_kind(self, chat_id: int) -> str | None:
        """The game the chat plays now (as this item left it)."""
        return self.unit.active.get(chat_id) or await self.db.active_kind(chat_id)

    async def save(
        self,
        chat_id: int,
        session: Session,
        loaded: Loaded[Any] | None,
        *,
        user_id: int | None = None,
        tally: Tally | None = None,
        tallies: dict[int, Tally] | None = None,
        activate: bool = False,
        deadline: Any = KEEP,
        remind: bool = True,
        record_kind: str | None = None,
    ) -> int:
        """Stage ``session`` (``loaded``: what it was read as; None for a new one that replaces
        whatever the chat had of its kind) with the record changes (``tally`` for ``user_id``,
        ``tallies`` for several), the chat's active game and its deadline (None: none; its timer
        is set once the item commits, with the reminder the game asked for unless ``remind`` is
        False); the version it will commit as."""
        kind = session.KIND
        if deadline is not KEEP:
            self.set_timer(chat_id, kind, deadline, remind=remind)
        base = loaded.version if loaded is not None else await self._version_now(chat_id, kind)
        changes = dict(tallies or {})
        if user_id is not None and tally is not None:
            changes[user_id] = tally
        return stage_save(
            self.unit,
            chat_id,
            kind,
            session.to_dict(),
            base,
            tallies=changes,
            record_kind=record_kind or kind,
            activate=activate,
            deadline=deadline,
        )

    async def _version_now(self, chat_id: int, kind: str) -> int | None:
        stored = await self._stored(chat_id, kind)
        return None if stored is None else stored.version

    def chosen_language(self, user_id: int) -> Lang | None:
        """The language ``user_id`` chose with /lang (in this item, or committed before); None
        when they never chose (then their Telegram app's language counts)."""
        if user_id in self._languages:
            return self._languages[user_id]
        chosen = self.services.store.language_of(user_id) if self.services.store is not None else None
        return texts.language(chosen) if chosen is not None else None

    def choose_language(self, user_id: int, lang: Lang) -> None:
        """Stage ``user_id``'s choice of language: written with the item, and remembered (for
        every later item) once the item commits; this item's words already use it."""
        self._languages[user_id] = lang
        self.stage(choice_statement(user_id, lang))
        store = self.db
        self.after_commit(lambda: store.remember_language(user_id, lang))

    def set_timer(self, chat_id: int, kind: str, deadline: float | None, *, remind: bool = True) -> None:
        """The chat's timer of ``kind`` goes off at ``deadline`` once the item commits (the stored
        deadline is the session's, staged with :meth:`save`)."""
        timers = self._item.runtime.timers
        self.after_commit(lambda: timers.set(chat_id, kind, deadline, remind=remind))

    def check_again_at(self, chat_id: int, kind: str, when: float) -> None:
        """An item that changes nothing wants its timer to go off again at ``when`` (no reminder)."""
        self._item.runtime.timers.set(chat_id, kind, when, remind=False)

    def message_waits(self, chat_id: int, key: str) -> bool:
        """Whether a committed message with ``key`` still waits unsent in the chat (the group's
        budget, or Telegram away)."""
        return self._item.message_waits(chat_id, key)

    def move_chat_messages(self, old: int, new: int) -> None:
        """Once the item commits, the chat's waiting messages go to its new id."""
        runtime = self._item.runtime
        self.after_commit(lambda: runtime.move_chat(old, new))

    def drop_chat_messages(self, chat_id: int) -> int:
        """The chat takes no more messages: its waiting ones go now; how many."""
        return self._item.runtime.drop_chat(chat_id)

    def stage(self, statement: Statement) -> None:
        """A further write of the item's (a group's winner, a reported answer)."""
        self.unit.statements.append(statement)

    def after_commit(self, then: Callable[[], None]) -> None:
        """Something to do in memory once the item is committed (a timer, a word list)."""
        self.unit.after_commit.append(then)

    def say(
        self,
        chat_id: int,
        text: str,
        markup: InlineKeyboardMarkup | None = None,
        *,
        html: bool = False,
        thread: int | None = None,
        receipt: Receipt | None = None,
        key: str | None = None,
        story: str | None = None,
    ) -> None:
        """A new message to the chat, sent once the item is committed (``key``, ``story``: a newer
        message with the key replaces it while it waits, telling its story too)."""
        sent = outbox.send(chat_id, text, markup, html=html, thread=thread, receipt=receipt, key=key, story=story)
        self.unit.messages.append(sent)

    def show(self, chat_id: int, png: bytes, caption: str | None = None, *, thread: int | None = None) -> None:
        """A picture to the chat (PNG bytes), sent once the item is committed, in order with its messages."""
        self.unit.messages.append(outbox.send_photo(chat_id, png, caption, thread=thread))

    def reply(
        self, message: Message, text: str, markup: InlineKeyboardMarkup | None = None, *, receipt: Receipt | None = None
    ) -> None:
        """An answer to ``message``: in a group it quotes it, in a forum topic it stays there."""
        quote = message.message_id if message.chat.type != Chat.PRIVATE else None
        sent = outbox.send(message.chat_id, text, markup, thread=topic_of(message), reply_to=quote, receipt=receipt)
        self.unit.messages.append(sent)

    def answer(self, query: CallbackQuery, text: str | None = None, *, alert: bool = False) -> None:
        """Stop a pressed button's spinner (with a short note)."""
        self.unit.answers.append((query.id, text, alert))

    def edit(self, chat_id: int, message_id: int, text: str, markup: InlineKeyboardMarkup | None = None) -> None:
        self.unit.messages.append(outbox.edit(chat_id, message_id, text, markup))

    def edit_buttons(self, chat_id: int, message_id: int, markup: InlineKeyboardMarkup | None) -> None:
        self.unit.messages.append(outbox.edit_buttons(chat_id, message_id, markup))

    def answer_inline(
        self, user_id: int, query_id: str, results: list[dict[str, Any]], button: dict[str, Any] | None = None
    ) -> None:
        """Answer ``user_id``'s inline query with ``results`` (Bot API dicts), once the item is committed."""
        self.unit.messages.append(outbox.answer_inline(user_id, query_id, results, button))

    def set_menu(self, user_id: int, commands: list[tuple[str, str]]) -> None:
        """The command menu of ``user_id``'s private chat (its id is theirs)."""
        self.unit.messages.append(outbox.command_menu(user_id, commands))

    def answer_and_edit(self, query: CallbackQuery, text: str, markup: InlineKeyboardMarkup | None = None) -> None:
        """Answer a press and show its result in the pressed message."""
        self.answer(query)
        if isinstance(query.message, Message):
            self.edit(query.message.chat_id, query.message.message_id, text, markup)

    def answer_and_edit_buttons(self, query: CallbackQuery, markup: InlineKeyboardMarkup | None) -> None:
        """Answer a press and change only the pressed message's buttons."""
        self.answer(query)
        if isinstance(query.message, Message):
            self.edit_buttons(query.message.chat_id, query.message.message_id, markup)


def topic_of(message: Message) -> int | None:
    """The forum topic a message was written in (None: the chat's general thread)."""
    return message.message_thread_id if message.is_topic_message else None


def _first_line(error: BaseException) -> str:
    """An error's message on one line (pydantic's run over several)."""
    return " ".join(str(error).split())[:300]


def _json(text: str) -> dict[str, Any]:
    state: dict[str, Any] = json.loads(text)
    return state


class BotContext(CallbackContext[ExtBot[None], dict[Any, Any], dict[Any, Any], BotData]):
    """The context every handler gets (python-telegram-bot's ``ContextTypes``): PTB's, plus what
    the item's handlers read: its :class:`Deps`, the sender's language, the chat, the message or
    button press. A handler is only called for updates its filters admit, so each of these is
    there when the handler asks for it; asking for one that is not is a wiring bug."""

    _deps: Deps | None = None
    _update: Update | None = None

    @classmethod
    def from_update(cls, update: object, application: Application[Any, Any, Any, Any, Any, Any]) -> BotContext:
        context = super().from_update(update, application)
        item = CURRENT_ITEM.get()
        if item is not None:
            context._deps = Deps(application.bot_data.services, item)
        if isinstance(update, Update):
            context._update = update
            if item is not None and update.effective_user is not None:
                item.unit.lang = context.lang  # an apology for a commit that fails speaks the chosen language too
        return context

    @property
    def deps(self) -> Deps:
        if self._deps is None:
            raise RuntimeError("handlers run inside a chat's line")
        return self._deps

    @property
    def incoming(self) -> Update:
        """The Telegram update being handled."""
        if self._update is None:
            raise RuntimeError("not a Telegram update")
        return self._update

    @property
    def lang(self) -> Lang:
        """The sender's language: the one they chose with /lang; else Russian, or English for
        English-speaking Telegram users."""
        user = self._update.effective_user if self._update is not None else None
        if user is None:
            return texts.language(None)
        chosen = self._deps.chosen_language(user.id) if self._deps is not None else None
        return chosen or texts.language(user.language_code)

    @property
    def chat_id(self) -> int:
        chat = self.incoming.effective_chat
        if chat is None:
            raise RuntimeError("an update without a chat reached a handler")  # the lines skip those
        return chat.id

    @property
    def user(self) -> User:
        user = self.incoming.effective_user
        if user is None:
            raise RuntimeError("an update without a sender reached a handler that needs one")
        return user

    @property
    def message(self) -> Message:
        message = self.incoming.message
        if message is None:
            raise RuntimeError("a handler for messages got another kind of update")
        return message

    @property
    def query(self) -> CallbackQuery:
        query = self.incoming.callback_query
        if query is None:
            raise RuntimeError("a button handler got another kind of update")
        return query


#: The Application as built here: its handlers get a :class:`BotContext`, its ``bot_data`` is a
#: :class:`BotData` (the bot, the other data and the job queue it keeps as python-telegram-bot types them).
App = Application[Any, BotContext, Any, Any, BotData, Any]
