"""The finger game in a private chat: the Telegram plumbing around :mod:`bot.fingers_session`.

One message is the board: every press edits it. A press names the game and the
move number it was shown at, so a stale or forged button never moves a game.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from telegram import Update
from telegram.ext import CallbackContext, ContextTypes

from bot import fingers_session as fingers
from bot import keyboards, replies, texts
from bot.storage import Stored, Tally
from bot.texts import Lang
from solver.levels import Level

if TYPE_CHECKING:
    from bot.app import Deps

log = logging.getLogger(__name__)

RESULT_TALLY = {
    fingers.Result.WON: Tally(won=1),
    fingers.Result.LOST: Tally(lost=1),
    fingers.Result.DRAW_REPETITION: Tally(draws=1),
    fingers.Result.DRAW_CAP: Tally(draws=1),
}


def _deps(context: CallbackContext) -> Deps:  # type: ignore[type-arg]
    found: Deps = context.bot_data["deps"]
    return found


async def start(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/fingers: a new game; the level is chosen by buttons."""
    assert update.message is not None and update.effective_chat is not None
    lang = texts.language(update.effective_user.language_code if update.effective_user else None)
    await new_game(context, update.effective_chat.id, lang)


async def new_game(context: ContextTypes.DEFAULT_TYPE, chat_id: int, lang: Lang) -> None:
    found = _deps(context)
    async with found.locks[chat_id]:
        session = fingers.FingerSession()
        await found.db.save(chat_id, fingers.KIND, session.to_dict(), None)
    await context.bot.send_message(
        chat_id, texts.fingers_intro(lang), reply_markup=keyboards.fingers_level(lang, session)
    )


async def _load(found: Deps, chat_id: int) -> tuple[fingers.FingerSession, Stored] | None:
    stored = await found.db.load(chat_id, fingers.KIND)
    return None if stored is None else (fingers.FingerSession.from_dict(stored.state), stored)


async def on_button(update: Update, context: ContextTypes.DEFAULT_TYPE, press: keyboards.Press, lang: Lang) -> None:
    """The level, then one move per press; the bot answers in the same edit."""
    query = update.callback_query
    assert query is not None and update.effective_chat is not None and update.effective_user is not None
    found = _deps(context)
    chat_id = update.effective_chat.id
    game = found.solvers.fingers
    cap = found.settings.fingers_move_cap
    async with found.locks[chat_id]:
        loaded = await _load(found, chat_id)
        if loaded is None or loaded[0].id != press.session_id or loaded[0].over:
            await query.answer(texts.stale_button(lang))
            return
        session, stored = loaded
        turn = None
        tally = Tally()
        if press.action == "level":
            if session.level is not None:
                await query.answer(texts.stale_button(lang))
                return
            fingers.choose_level(session, Level(press.argument))
        elif press.action == "first":
            if session.level is None or session.player_first is not None:
                await query.answer(texts.stale_button(lang))
                return
            turn = fingers.begin(game, session, press.argument == "1", cap, found.rng)
            tally = Tally(played=1)
        else:
            if session.player_first is None or press.step != session.moves:
                await query.answer(texts.stale_button(lang))
                return
            turn = fingers.play(game, session, int(press.argument), cap, found.rng)
            if turn is None:
                await query.answer(texts.stale_button(lang))
                return
            tally = RESULT_TALLY[turn.result] if turn.result else Tally()
        await found.db.save(
            chat_id, fingers.KIND, session.to_dict(), stored.version, user_id=update.effective_user.id, tally=tally
        )
    if session.player_first is None:
        text, markup = texts.fingers_ask_first(lang), keyboards.fingers_first(lang, session)
    else:
        text = texts.fingers_text(lang, session, turn, cap)
        markup = keyboards.fingers_moves(lang, session, fingers.player_moves(game, session))
    await replies.answer_and_edit(query, text, markup)
