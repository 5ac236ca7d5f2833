"""The finger game in a private chat: the Telegram plumbing around :mod:`bot.fingers.session`.

One message is the board: every press edits it. A press names the game and the
move number it was shown at, so a stale or forged button never moves a game.
"""

from __future__ import annotations

from telegram import InlineKeyboardMarkup, Update
from telegram.ext import ContextTypes

from bot import texts as shared_texts
from bot.active import resign_running, start_or_ask
from bot.common import Answer, Tap, on_press, reply_with
from bot.deps import Deps, deps, lang_of
from bot.fingers import keyboards, texts
from bot.fingers import session as fingers
from bot.fingers.session import FingerSession, FingerTurn
from bot.keyboards import START_FINGERS, Press
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
    await start_or_ask(context, update, START_FINGERS, begin)


async def begin(context: ContextTypes.DEFAULT_TYPE, chat_id: int, user_id: int, lang: Lang) -> None:
    """A new game, from its first question (the chat's lock held)."""
    session = FingerSession()
    await deps(context).save(chat_id, session, None, activate=True)
    deps(context).say(chat_id, texts.fingers_intro(lang), markup=keyboards.fingers_level(lang, session))


async def begin_again(context: ContextTypes.DEFAULT_TYPE, chat_id: int, user_id: int, lang: Lang) -> None:
    """A new game at the last game's level, with the same player starting; without one, the questions."""
    found = deps(context)
    last = await found.load(chat_id, FingerSession)
    if last is None or last.session.level is None or last.session.player_first is None:
        await begin(context, chat_id, user_id, lang)
        return
    session = FingerSession(level=last.session.level)
    cap = found.settings.fingers_move_cap
    turn = fingers.begin(found.solvers.fingers, session, last.session.player_first, cap, found.rng)
    await found.save(chat_id, session, last, user_id=user_id, tally=Tally(played=1), activate=True)
    text, markup = _board(found, lang, session, turn)
    deps(context).say(chat_id, text, markup=markup)


def _board(
    found: Deps, lang: Lang, session: FingerSession, turn: FingerTurn | None
) -> tuple[str, InlineKeyboardMarkup]:
    """The board message: the last moves, the hands, and a button per move."""
    game = found.solvers.fingers
    text = texts.fingers_text(lang, session, turn, found.settings.fingers_move_cap)
    return text, keyboards.fingers_moves(lang, session, fingers.player_moves(game, session))


async def on_text(update: Update, found: Deps, lang: Lang) -> None:
    """Typed text while the chat plays this game (called under the chat's lock): moves are buttons;
    a finished game has none left, so the player hears how to start one instead of how to resign."""
    assert update.message is not None and update.effective_chat is not None
    found.reply(update.message, await reminder(found, update.effective_chat.id, lang))


async def reminder(found: Deps, chat_id: int, lang: Lang) -> str:
    """What the game expects now: told for typed text and for stickers alike."""
    loaded = await found.load(chat_id, FingerSession)
    if loaded is None or loaded.session.over:
        return shared_texts.nothing_running(lang)
    if not loaded.session.running:
        return texts.choose_with_buttons(lang)
    return texts.use_the_buttons(lang)


hint = reply_with(texts.no_hints)


async def give_up(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/giveup during the finger game: it ends as lost."""
    assert update.message is not None
    lang = lang_of(update)
    if await resign_running(update, context, FingerSession) is None:
        deps(context).reply(update.message, await _nothing_to_resign(deps(context), update, lang))
        return
    deps(context).reply(update.message, texts.gave_up(lang), markup=keyboards.play_again(lang))


async def _nothing_to_resign(found: Deps, update: Update, lang: Lang) -> str:
    """While the set-up's questions are on screen, point at them rather than say no game is on."""
    assert update.effective_chat is not None
    loaded = await found.load(update.effective_chat.id, FingerSession)
    if loaded is not None and not loaded.session.over:
        return texts.choose_with_buttons(lang)
    return shared_texts.nothing_running(lang)


@on_press(keyboards.BUTTONS.press)
async def on_button(tap: Tap, context: ContextTypes.DEFAULT_TYPE) -> None:
    """The level, then one move per press; the bot answers in the same edit."""
    press, found, lang = tap.press, tap.found, tap.lang
    game = found.solvers.fingers
    cap = found.settings.fingers_move_cap
    loaded = await tap.load(FingerSession, lambda session: _waits_for(session, press))
    if loaded is None:
        return
    session = loaded.session
    turn = None
    tally = Tally()
    if press.action == "level":
        fingers.choose_level(session, Level(press.argument))
    elif press.action == "first":
        turn = fingers.begin(game, session, press.argument == "1", cap, found.rng)
        tally = Tally(played=1)
    else:
        turn = fingers.play(game, session, int(press.argument), cap, found.rng)
        if turn is None:
            tap.stale()
            return
        tally = RESULT_TALLY[turn.result] if turn.result else Tally()
    await found.save(tap.chat_id, session, loaded, user_id=tap.user.id, tally=tally)
    if session.player_first is None:
        tap.found.answer_and_edit(tap.query, texts.fingers_ask_first(lang), keyboards.fingers_first(lang, session))
    else:
        tap.found.answer_and_edit(tap.query, *_board(found, lang, session, turn))


def _waits_for(session: FingerSession, press: Press) -> bool:
    """Whether the game waits for this press: its level, then who starts, then a move at this move number."""
    if session.over:
        return False
    if press.action == "level":
        return session.level is None
    if press.action == "first":
        return session.level is not None and session.player_first is None
    return session.player_first is not None and press.step == session.moves


async def where_it_stands(found: Deps, chat_id: int, lang: Lang) -> Answer | None:
    """The hands and a button per move while a game is played (a redelivered update's answer)."""
    loaded = await found.load(chat_id, FingerSession)
    if loaded is None or not loaded.session.running:
        return None
    return _board(found, lang, loaded.session, None)
