"""5bukv in Telegram: /5bukv, typed masks, the letter buttons, /undo.

Some calls search for a guess (up to a second or so off the stored tree), so
they run in a worker thread.
"""

from __future__ import annotations

import asyncio

from telegram import InlineKeyboardMarkup, Update
from telegram.ext import ContextTypes

from bot import replies
from bot import texts as shared_texts
from bot.deps import Deps, Loaded, deps, lang_of
from bot.keyboards import Press, checked_press, from_chat_kind
from bot.storage import Tally
from bot.texts import Lang
from bot.wordle import keyboards, texts
from bot.wordle import session as wordle
from bot.wordle.session import WordleSession
from solver.wordle import Entry, EntryError, parse_entry

Answer = tuple[str, InlineKeyboardMarkup | None]


async def start(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/5bukv: a new game, with the first guess to try."""
    assert update.message is not None and update.effective_chat is not None and update.effective_user is not None
    text, markup = await _new_game(deps(context), update.effective_chat.id, update.effective_user.id, lang_of(update))
    await update.message.reply_text(text, reply_markup=markup)


async def from_menu(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """The start menu's (or a finished game's) button."""
    query, chat, user = update.callback_query, update.effective_chat, update.effective_user
    if not await from_chat_kind(update):
        return
    assert query is not None and chat is not None and user is not None
    await query.answer()
    text, markup = await _new_game(deps(context), chat.id, user.id, lang_of(update))
    await context.bot.send_message(chat.id, text, reply_markup=markup)


async def _new_game(found: Deps, chat_id: int, user_id: int, lang: Lang) -> tuple[str, InlineKeyboardMarkup]:
    async with found.locks[chat_id]:
        session = wordle.start(found.solvers.wordle.first_guess)
        progress = wordle.progress(found.solvers.wordle, session)
        await found.save(chat_id, session, None, user_id=user_id, tally=Tally(played=1), activate=True)
    return texts.progress_text(lang, progress), keyboards.wordle(lang, session)


async def on_text(update: Update, found: Deps, lang: Lang) -> None:
    """A typed mask (or word and mask), while the chat plays this game (called under the chat's lock)."""
    assert update.message is not None and update.effective_chat is not None and update.effective_user is not None
    loaded = await found.load(update.effective_chat.id, WordleSession)
    if loaded is None:
        await update.message.reply_text(shared_texts.nothing_running(lang))
        return
    if loaded.session.solved:
        await update.message.reply_text(texts.already_solved(lang))
        return
    entry = parse_entry(update.message.text or "", loaded.session.suggestion)
    if isinstance(entry, EntryError):
        await update.message.reply_text(texts.entry_problem(lang, entry))
        return
    text, markup = await _enter(
        found, update.effective_chat.id, update.effective_user.id, lang, loaded=loaded, entry=entry
    )
    await update.message.reply_text(text, reply_markup=markup)


async def _enter(
    found: Deps, chat_id: int, user_id: int, lang: Lang, *, loaded: Loaded[WordleSession], entry: Entry
) -> tuple[str, InlineKeyboardMarkup]:
    """Add an entry (a search may run: off the event loop) and commit it."""
    session = loaded.session
    progress = await asyncio.to_thread(wordle.enter, found.solvers.wordle, session, entry)
    tally = Tally(won=1) if progress.solved else None
    await found.save(chat_id, session, loaded, user_id=user_id, tally=tally)
    return texts.progress_text(lang, progress), keyboards.wordle(lang, session, progress.no_candidate)


async def _refuse(
    found: Deps, chat_id: int, lang: Lang, loaded: Loaded[WordleSession]
) -> tuple[str, InlineKeyboardMarkup]:
    """The game did not take the suggestion: the next best word instead (a search: off the event loop)."""
    session = loaded.session
    progress = await asyncio.to_thread(wordle.refuse, found.solvers.wordle, session)
    await found.save(chat_id, session, loaded)
    return texts.progress_text(lang, progress), keyboards.wordle(lang, session, progress.no_candidate)


async def undo(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    assert update.message is not None and update.effective_chat is not None
    undone = await _undo(deps(context), update.effective_chat.id, lang_of(update))
    assert undone is not None  # only a button press can be stale
    await update.message.reply_text(undone[0], reply_markup=undone[1])


async def _undo(found: Deps, chat_id: int, lang: Lang, press: Press | None = None) -> Answer | None:
    """Take back the last entry; with a button ``press``, None when that button is stale
    (checked under the lock, so two taps at once take back one entry, not two)."""
    async with found.locks[chat_id]:
        loaded = await found.load(chat_id, WordleSession)
        if press is not None and (
            loaded is None or loaded.session.id != press.session_id or press.step != len(loaded.session.entries)
        ):
            return None
        if loaded is None:
            return texts.nothing_to_undo(lang), None
        session = loaded.session
        progress = await asyncio.to_thread(wordle.undo, found.solvers.wordle, session)
        if progress is None:
            return texts.nothing_to_undo(lang), None
        await found.save(chat_id, session, loaded, activate=True)
    return texts.progress_text(lang, progress), keyboards.wordle(lang, session, progress.no_candidate)


async def on_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A letter tap, done, undo or "not taken"; a stale or forged press changes nothing."""
    press = await checked_press(update, keyboards.press)
    if press is None:
        return
    query, chat, user, lang = update.callback_query, update.effective_chat, update.effective_user, lang_of(update)
    assert query is not None and chat is not None and user is not None
    found = deps(context)
    if press.action == "undo":
        undone = await _undo(found, chat.id, lang, press)
        if undone is None:
            await query.answer(shared_texts.stale_button(lang))
            return
        await query.answer()
        await context.bot.send_message(chat.id, undone[0], reply_markup=undone[1])
        return
    async with found.locks[chat.id]:
        loaded = await found.load(chat.id, WordleSession)
        if loaded is None or not _current(found, loaded.session, press):
            await query.answer(shared_texts.stale_button(lang))
            return
        session = loaded.session
        if press.action == "tap":
            wordle.tap(session, int(press.argument))
            await found.save(chat.id, session, loaded, activate=True)
            await replies.answer_and_edit_buttons(query, keyboards.wordle(lang, session))
            return
        if press.action == "refused":
            text, markup = await _refuse(found, chat.id, lang, loaded)
        else:
            text, markup = await _enter(
                found, chat.id, user.id, lang, loaded=loaded, entry=wordle.tapped_entry(session)
            )
    await replies.answer_and_edit_buttons(query, None)
    await context.bot.send_message(chat.id, text, reply_markup=markup)


def _current(found: Deps, session: WordleSession, press: Press) -> bool:
    """Whether ``press`` was made for this session at this step, with a word still to find."""
    return (
        session.id == press.session_id
        and press.step == len(session.entries)
        and not session.solved
        and bool(found.solvers.wordle.candidates(session.history, session.refused))
    )
