"""Handlers no one game owns: the start menu, help, rules, records, unknown input, faults;
and what every game's button handler starts from (:class:`Tap`, :func:`on_press`).

Typed text goes to whichever game the chat plays now; which game handles it is
wired in :mod:`bot.app` (:func:`route_text`), so this module imports no game.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from dataclasses import dataclass
from typing import Any

from telegram import CallbackQuery, InlineKeyboardMarkup, Update, User
from telegram.ext import ContextTypes

from bot import keyboards, texts
from bot.deps import BotContext, Deps, Loaded, S, deps, lang_of
from bot.keyboards import Press
from bot.resilience import Fault, classify, handle_quietly
from bot.session import Session
from bot.texts import Lang

log = logging.getLogger(__name__)

Handler = Callable[[Update, ContextTypes.DEFAULT_TYPE], Coroutine[Any, Any, None]]
#: A game's handler of typed text, called under the chat's lock.
TextHandler = Callable[[Update, Deps, Lang], Awaitable[None]]
#: What a game expects next in the chat, for a message that is not text (by the game's state).
Reminder = Callable[[Deps, int, Lang], Awaitable[str]]
#: A game's answer: its message and buttons.
Answer = tuple[str, InlineKeyboardMarkup | None]


async def start(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    assert update.message is not None
    lang = lang_of(update)
    name = update.effective_user.first_name if update.effective_user else ""
    deps(context).reply(update.message, texts.greeting(lang, name), markup=keyboards.menu(lang))


def reply_with(words: Callable[[Lang], str]) -> Handler:
    """A command answered by the same words whatever the chat's state, in the player's language."""

    async def on_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.message is not None
        deps(context).reply(update.message, words(lang_of(update)))

    return on_command


show_help = reply_with(texts.help_text)
unknown_command = reply_with(texts.unknown_command)


Rules = tuple[str, Callable[[Lang], str]]  # a /rules_<game> command, and that game's rules


def show_rules(rules: Rules) -> Handler:
    """/rules_<game>: that game's rules, and how to reach the others'."""
    command, words = rules

    async def on_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.message is not None
        lang = lang_of(update)
        deps(context).reply(update.message, texts.with_other_rules(lang, words(lang), command))

    return on_command


def route_rules(games: Mapping[str, Rules], otherwise: Rules) -> Handler:
    """/rules in a private chat: the rules of the game being played (``otherwise`` with none)."""

    async def on_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.effective_chat is not None
        kind = await deps(context).active_kind(update.effective_chat.id)
        await show_rules(games.get(kind or "", otherwise))(update, context)

    return on_command


async def stats(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    assert update.message is not None and update.effective_user is not None
    records = await deps(context).db.records(update.effective_user.id)
    deps(context).reply(update.message, texts.stats_text(lang_of(update), records))


#: Where a game stands (its message and buttons), or None when the chat has none under way.
Standing = Callable[[Deps, int, Lang], Awaitable[Answer | None]]


async def send_standing(
    context: ContextTypes.DEFAULT_TYPE, chat_id: int, lang: Lang, standing: Standing | None
) -> None:
    """Send where the chat's game stands, its message and buttons, if it has one to show."""
    state = await standing(deps(context), chat_id, lang) if standing is not None else None
    if state is not None:
        deps(context).say(chat_id, state[0], markup=state[1])


async def on_stale_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A button no game recognises (forged, or from an older version of the bot)."""
    assert update.callback_query is not None
    deps(context).answer(update.callback_query, texts.stale_button(lang_of(update)))


def _always(session: Session) -> bool:
    return True


@dataclass(frozen=True)
class Tap:
    """A press of one game's button, from the kind of chat that game is played in: what
    every game's button handler starts from, so that each states only what is its own."""

    press: Press
    query: CallbackQuery
    chat_id: int
    user: User
    lang: Lang
    found: Deps
    private: bool = True

    def stale(self) -> None:
        """The button no longer works: the player is told so, and nothing changes."""
        self.found.answer(self.query, texts.stale_button(self.lang))

    async def made_for(self, session: S, still: Callable[[S], bool] = _always) -> bool:
        """Whether the press was made for ``session`` (its id and, in a private chat, the
        chat's game now: another game's buttons are stale) and ``still`` holds (say, this turn)."""
        if session.id != self.press.session_id or not still(session):
            return False
        return not self.private or await self.found.active_kind(self.chat_id) == session.KIND

    async def load(self, kind: type[S], still: Callable[[S], bool] = _always) -> Loaded[S] | None:
        """The chat's session of ``kind`` if the press was made for it, else None once the player
        is told the button is stale (called under the chat's lock, so the check holds for the change)."""
        loaded = await self.found.load(self.chat_id, kind)
        if loaded is not None and await self.made_for(loaded.session, still):
            return loaded
        self.stale()
        return None

    def reply(self, answer: Answer | None) -> None:
        """Answer the press with a new message (None: the press turned out stale)."""
        if answer is None:
            self.stale()
            return
        self.found.answer(self.query)
        self.found.say(self.chat_id, answer[0], answer[1])


#: A game's button handler, given only presses of its own buttons from its kind of chat.
TapHandler = Callable[[Tap, ContextTypes.DEFAULT_TYPE], Awaitable[None]]


def on_press(parse_data: Callable[[object], Press | None], *, private: bool = True) -> Callable[[TapHandler], Handler]:
    """Make ``handle`` a button handler: presses it cannot read (``parse_data``) or from the
    other kind of chat (``private``) are answered as stale before it is called."""

    def wrap(handle: TapHandler) -> Handler:
        @functools.wraps(handle)
        async def on_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
            press = await keyboards.checked_press(update, parse_data, private=private)
            if press is None:
                return
            query, chat, user = update.callback_query, update.effective_chat, update.effective_user
            assert query is not None and chat is not None and user is not None  # checked_press saw to it
            await handle(Tap(press, query, chat.id, user, lang_of(update), deps(context), private), context)

        return on_button

    return wrap


def route_text(games: Mapping[str, TextHandler]) -> Handler:
    """Typed text goes to the game the chat plays now (``games``: by session kind)."""

    async def on_text(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.message is not None and update.effective_chat is not None
        found = deps(context)
        chat_id = update.effective_chat.id
        game = games.get(await found.active_kind(chat_id) or "")
        if game is None:
            deps(context).reply(update.message, texts.nothing_running(lang_of(update)))
            return
        await game(update, found, lang_of(update))

    return on_text


def route_command(games: Mapping[str, Handler], otherwise: Handler) -> Handler:
    """A command every game answers its own way (/hint, /giveup, /undo): to the game the
    chat plays now (``games``: by session kind), else ``otherwise``."""

    async def on_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.effective_chat is not None
        kind = await deps(context).active_kind(update.effective_chat.id)
        await games.get(kind or "", otherwise)(update, context)

    return on_command


async def no_undo(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/undo in a game whose moves are not taken back."""
    assert update.message is not None and update.effective_chat is not None
    kind = await deps(context).active_kind(update.effective_chat.id)
    deps(context).reply(update.message, texts.no_undo(lang_of(update), kind or ""))


def route_other_message(reminders: Mapping[str, Reminder]) -> Handler:
    """Stickers, photos, voice: a short reminder of what the game being played expects now."""

    async def on_other_message(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.message is not None and update.effective_chat is not None
        lang = lang_of(update)
        found = deps(context)
        chat_id = update.effective_chat.id
        reminder = reminders.get(await found.active_kind(chat_id) or "", _nothing_running)
        deps(context).reply(update.message, texts.only_text(lang) + await reminder(found, chat_id, lang))

    return on_other_message


def same_reminder(words: Callable[[Lang], str]) -> Reminder:
    """A game whose reminder does not depend on its state."""

    async def reminder(found: Deps, chat_id: int, lang: Lang) -> str:
        return words(lang)

    return reminder


_nothing_running = same_reminder(texts.nothing_running)


async def on_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Log the fault and tell the player; nothing the item staged commits, so the game stays as
    it was last committed."""
    chat = update.effective_chat if isinstance(update, Update) else None
    chat_id = chat.id if chat else (context.job.chat_id if context.job else None)
    if handle_quietly(context.error, chat_id, context):  # bot/resilience.py
        return
    disk = classify(context.error) is Fault.DISK  # the store has logged it, once for the episode
    if not disk:
        log.error("an update failed", exc_info=context.error)
    if not isinstance(update, Update) or update.effective_chat is None or not isinstance(context, BotContext):
        return
    found = context.deps
    found.unit.discard()
    if update.callback_query is not None:
        found.answer(update.callback_query)
    lang = lang_of(update)
    found.say(update.effective_chat.id, texts.try_again_soon(lang) if disk else texts.something_went_wrong(lang))
