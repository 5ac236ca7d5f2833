"""The finger game in a private chat: the Telegram plumbing around :mod:`bot.fingers.session`.

One message is the board: every press edits it. A press names the game and the
move number it was shown at, so a stale or forged button never moves a game.
"""

from __future__ import annotations

from telegram import Update
from telegram.ext import ContextTypes

from bot import replies
from bot import texts as shared_texts
from bot.deps import deps, lang_of
from bot.fingers import keyboards, texts
from bot.fingers import session as fingers
from bot.fingers.session import FingerSession
from bot.keyboards import checked_press, from_chat_kind
from bot.storage import Tally
from bot.texts import Lang
from solver.levels import Level

RESULT_TALLY = {
    fingers.Result.WON: Tally(won=1),
    fingers.Result.LOST: Tally(lost=1),
    fingers.Result.DRAW_REPETITION: Tally(draws=1),
    fingers.Result.DRAW_CAP: Tally(draws=1),
}


async def start(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/fingers: a new game; the level is chosen by buttons."""
    assert update.message is not None and update.effective_chat is not None
    await new_game(context, update.effective_chat.id, lang_of(update))


async def from_menu(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """The start menu's (or a finished game's) button."""
    query, chat = update.callback_query, update.effective_chat
    if not await from_chat_kind(update):
        return
    assert query is not None and chat is not None
    await query.answer()
    await new_game(context, chat.id, lang_of(update))


async def new_game(context: ContextTypes.DEFAULT_TYPE, chat_id: int, lang: Lang) -> None:
    found = deps(context)
    async with found.locks[chat_id]:
        session = FingerSession()
        await found.save(chat_id, session, None)
    await context.bot.send_message(
        chat_id, texts.fingers_intro(lang), reply_markup=keyboards.fingers_level(lang, session)
    )


async def on_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """The level, then one move per press; the bot answers in the same edit."""
    press = await checked_press(update, keyboards.press)
    if press is None:
        return
    query, chat, lang = update.callback_query, update.effective_chat, lang_of(update)
    assert query is not None and chat is not None and update.effective_user is not None
    found = deps(context)
    chat_id = chat.id
    game = found.solvers.fingers
    cap = found.settings.fingers_move_cap
    async with found.locks[chat_id]:
        loaded = await found.load(chat_id, FingerSession)
        if loaded is None or loaded.session.id != press.session_id or loaded.session.over:
            await query.answer(shared_texts.stale_button(lang))
            return
        session = loaded.session
        turn = None
        tally = Tally()
        if press.action == "level":
            if session.level is not None:
                await query.answer(shared_texts.stale_button(lang))
                return
            fingers.choose_level(session, Level(press.argument))
        elif press.action == "first":
            if session.level is None or session.player_first is not None:
                await query.answer(shared_texts.stale_button(lang))
                return
            turn = fingers.begin(game, session, press.argument == "1", cap, found.rng)
            tally = Tally(played=1)
        else:
            if session.player_first is None or press.step != session.moves:
                await query.answer(shared_texts.stale_button(lang))
                return
            turn = fingers.play(game, session, int(press.argument), cap, found.rng)
            if turn is None:
                await query.answer(shared_texts.stale_button(lang))
                return
            tally = RESULT_TALLY[turn.result] if turn.result else Tally()
        await found.save(chat_id, session, loaded, user_id=update.effective_user.id, tally=tally)
    if session.player_first is None:
        text, markup = texts.fingers_ask_first(lang), keyboards.fingers_first(lang, session)
    else:
        text = texts.fingers_text(lang, session, turn, cap)
        markup = keyboards.fingers_moves(lang, session, fingers.player_moves(game, session))
    await replies.answer_and_edit(query, text, markup)
