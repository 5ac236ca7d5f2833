"""One active game per private chat: the letter game, 5bukv, the finger game, or none.

Starting a game while another one is under way asks first (resign and start, or
keep playing), so no game is ever thrown away unrecorded: a resigned game is
counted as lost. Which game each start button begins is wired in :mod:`bot.app`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping

from telegram import Update
from telegram.ext import ContextTypes

from bot import keyboards, texts
from bot.common import Handler, Standing, Tap, on_press, send_standing
from bot.deps import Deps, Loaded, S, deps, lang_of
from bot.fingers.session import FingerSession
from bot.letters.session import LetterSession
from bot.session import Session
from bot.storage import Tally
from bot.texts import Lang
from bot.wordle.session import WordleSession

PRIVATE_GAMES: dict[str, type[Session]] = {kind.KIND: kind for kind in (LetterSession, WordleSession, FingerSession)}

#: Begins a game in a chat (``context``, chat id, user id, language), the chat's lock held.
Begin = Callable[[ContextTypes.DEFAULT_TYPE, int, int, Lang], Awaitable[None]]


async def active_game(found: Deps, chat_id: int) -> Loaded[Session] | None:
    """The session of the game the chat plays now (it may be over), if any."""
    kind = PRIVATE_GAMES.get(await found.active_kind(chat_id) or "")
    return None if kind is None else await found.load(chat_id, kind)


async def running_game(found: Deps, chat_id: int) -> Loaded[Session] | None:
    loaded = await active_game(found, chat_id)
    return loaded if loaded is not None and loaded.session.running else None


async def is_active(found: Deps, chat_id: int, kind: str) -> bool:
    """Whether ``kind`` is the chat's game now: another game's buttons are stale."""
    return await found.active_kind(chat_id) == kind


async def resign(found: Deps, chat_id: int, user_id: int, loaded: Loaded[S]) -> None:
    """End the running game, committed with the player's record: a loss, unless it was already
    counted as won (a game is won or lost once, never both)."""
    session = loaded.session
    session.resign()
    tally = None if session.won_counted else Tally(lost=1)
    await found.save(chat_id, session, loaded, user_id=user_id, tally=tally, record_kind=session.record_kind)


async def resign_running(update: Update, context: ContextTypes.DEFAULT_TYPE, kind: type[S]) -> S | None:
    """/giveup in a game of ``kind``: resign it if it is under way (a loss); the session
    resigned, or None when none was under way."""
    chat, user = update.effective_chat, update.effective_user
    assert chat is not None and user is not None
    found = deps(context)
    loaded = await found.load(chat.id, kind)
    if loaded is None or not loaded.session.running:
        return None
    await resign(found, chat.id, user.id, loaded)
    return loaded.session


async def start_or_ask(context: ContextTypes.DEFAULT_TYPE, update: Update, target: str, begin: Begin) -> None:
    """Begin the game ``target`` names, or, while another game is under way, ask first."""
    chat, user = update.effective_chat, update.effective_user
    assert chat is not None and user is not None
    found, lang = deps(context), lang_of(update)
    running = await running_game(found, chat.id)
    if running is None:
        await begin(context, chat.id, user.id, lang)
        return
    question = texts.ask_to_resign(lang, running.session.KIND, lost=not running.session.won_counted)
    deps(context).say(chat.id, question, markup=keyboards.resign_or_keep(lang, running.session, target))


def on_start_button(begins: Mapping[str, Begin]) -> Handler:
    """A start button (the menu's, or a finished game's "play again"): begin that game, or ask first."""

    async def on_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.callback_query
        assert query is not None
        target = keyboards.menu_target(query.data) or ""
        begin = begins.get(target)
        if begin is None:
            deps(context).answer(query, texts.stale_button(lang_of(update)))
            return
        if await keyboards.from_chat_kind(update):
            deps(context).answer(query)
            await start_or_ask(context, update, target, begin)

    return on_button


def on_switch_button(begins: Mapping[str, Begin], standings: Mapping[str, Standing]) -> Handler:
    """The answer to "resign and start?": resign the game it asked about and begin ``begins[target]``,
    or keep playing: then where that game stands is sent again (``standings``: by kind), since its
    board or buttons are now above the question. A question about a game that has since ended or
    changed is stale."""

    @on_press(keyboards.SWITCH_BUTTONS.press)
    async def on_button(tap: Tap, context: ContextTypes.DEFAULT_TYPE) -> None:
        press, found, lang = tap.press, tap.found, tap.lang
        running = await running_game(found, tap.chat_id)
        if running is None or running.session.id != press.session_id or press.argument not in begins:
            tap.stale()
            return
        if press.action == keyboards.KEEP:
            tap.found.answer_and_edit(tap.query, texts.keep_playing(lang))
            await send_standing(context, tap.chat_id, lang, standings.get(running.session.KIND))
            return
        await resign(found, tap.chat_id, tap.user.id, running)
        lost = not running.session.won_counted
        tap.found.answer_and_edit(tap.query, texts.resigned(lang, running.session.KIND, lost=lost))
        await begins[press.argument](context, tap.chat_id, tap.user.id, lang)

    return on_button
