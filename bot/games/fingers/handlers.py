"""The finger game in a private chat: the Telegram plumbing around :mod:`bot.games.fingers.session`.

One message is the board: every press edits it. A press names the game and the
move number it was shown at, so a stale or forged button never moves a game.
"""

from __future__ import annotations

from telegram import InlineKeyboardMarkup, Update

from bot.core import texts as shared_texts
from bot.core.active import resign_running, start_or_ask
from bot.core.context import BotContext, Deps
from bot.core.game import offer_games
from bot.core.i18n import NP_
from bot.core.router import Answer, Router, Tap
from bot.core.texts import Lang
from bot.games.fingers import keyboards, texts
from bot.games.fingers import session as fingers
from bot.games.fingers.session import FingerSession, FingerTurn
from bot.games.fingers.settings import own_settings
from bot.games.fingers.tables import FingerTables
from bot.storage import Tally

RESULT_TALLY = {
    fingers.Result.WON: Tally(won=1),
    fingers.Result.LOST: Tally(lost=1),
    fingers.Result.DRAW_REPETITION: Tally(draws=1),
    fingers.Result.DRAW_CAP: Tally(draws=1),
}


#: The game's handlers, each registered where it is written; bot/runtime/app.py wires them.
router = Router()


@router.command("fingers", NP_("menu", "the finger game"))
async def start(update: Update, context: BotContext) -> None:
    """/fingers: a new game; the level is chosen by buttons."""
    await start_or_ask(context, keyboards.START, begin)


async def begin(context: BotContext, chat_id: int, user_id: int, lang: Lang) -> None:
    """A new game, from its first question."""
    session = FingerSession()
    await context.deps.save(chat_id, session, None, activate=True)
    context.deps.say(chat_id, texts.fingers_intro(lang), markup=keyboards.fingers_level(lang, session))


async def begin_again(context: BotContext, chat_id: int, user_id: int, lang: Lang) -> None:
    """A new game at the last game's level, with the same player starting; without one, the questions."""
    deps = context.deps
    last = await deps.load(chat_id, FingerSession)
    if last is None or last.session.level is None or last.session.player_first is None:
        await begin(context, chat_id, user_id, lang)
        return
    session = FingerSession(level=last.session.level)
    cap = own_settings(deps.settings).fingers_move_cap
    turn = fingers.begin(
        (await deps.solvers.of(FingerTables).ready()).game, session, last.session.player_first, cap, deps.rng
    )
    await deps.save(chat_id, session, last, user_id=user_id, tally=Tally(played=1), activate=True)
    text, markup = _board(deps, lang, session, turn)
    context.deps.say(chat_id, text, markup=markup)


def _board(deps: Deps, lang: Lang, session: FingerSession, turn: FingerTurn | None) -> tuple[str, InlineKeyboardMarkup]:
    """The board message: the last moves, the hands, and a button per move."""
    game = deps.solvers.of(FingerTables).game
    text = texts.fingers_text(lang, session, turn, own_settings(deps.settings).fingers_move_cap)
    return text, keyboards.fingers_moves(lang, session, fingers.player_moves(game, session))


async def on_text(update: Update, context: BotContext) -> None:
    """Typed text while the chat plays this game: moves are buttons;
    a finished game has none left, so the player hears how to start one instead of how to resign."""
    deps, lang = context.deps, context.lang
    deps.reply(context.message, await reminder(deps, context.chat_id, lang))


async def reminder(deps: Deps, chat_id: int, lang: Lang) -> str:
    """What the game expects now: told for typed text and for stickers alike."""
    loaded = await deps.load(chat_id, FingerSession)
    if loaded is None or loaded.session.over:
        return offer_games(deps, lang)
    if not loaded.session.running:
        return texts.choose_with_buttons(lang)
    return texts.use_the_buttons(lang)


async def hint(update: Update, context: BotContext) -> None:
    """/hint: the move the bot would play in the player's place, and what it brings."""
    deps, lang = context.deps, context.lang
    loaded = await deps.load(context.chat_id, FingerSession)
    if loaded is None or loaded.session.over:
        answer = offer_games(deps, lang)
    elif not loaded.session.running:
        answer = texts.choose_with_buttons(lang)
    else:
        found = fingers.hint(
            (await deps.solvers.of(FingerTables).ready()).game,
            loaded.session,
            own_settings(deps.settings).fingers_move_cap,
        )
        answer = texts.use_the_buttons(lang) if found is None else texts.hint_text(lang, found)
    deps.reply(context.message, answer)


async def give_up(update: Update, context: BotContext) -> None:
    """/giveup during the finger game: it ends as lost."""
    lang = context.lang
    resigned = await resign_running(context, FingerSession)
    if resigned is None:
        context.deps.reply(context.message, await _nothing_to_resign(context.deps, context.chat_id, lang))
        return
    context.deps.reply(context.message, texts.gave_up(lang), markup=keyboards.play_again(lang, resigned))


async def _nothing_to_resign(deps: Deps, chat_id: int, lang: Lang) -> str:
    """While the set-up's questions are on screen, point at them rather than say no game is on."""
    loaded = await deps.load(chat_id, FingerSession)
    if loaded is not None and not loaded.session.over:
        return texts.choose_with_buttons(lang)
    return offer_games(deps, lang)


async def review(update: Update, context: BotContext) -> None:
    """/review: the last game graded by the solver, move by move, once it is over."""
    loaded = await context.deps.load(context.chat_id, FingerSession)
    if loaded is not None and loaded.session.running:
        context.deps.reply(context.message, shared_texts.review_after_the_end(context.lang))
        return
    session = loaded.session if loaded is not None else FingerSession()
    await context.deps.solvers.of(FingerTables).ready()
    _send_review(context.deps, context.chat_id, context.lang, session)


def _send_review(deps: Deps, chat_id: int, lang: Lang, session: FingerSession) -> None:
    graded = fingers.review(deps.solvers.of(FingerTables).game, session, own_settings(deps.settings).fingers_move_cap)
    deps.say(chat_id, shared_texts.nothing_to_review(lang) if graded is None else texts.review_text(lang, graded))


@router.press(keyboards.FingerButton)
async def on_button(tap: Tap[keyboards.FingerButton], context: BotContext) -> None:
    """The level, then one move per press; the bot answers in the same edit."""
    press, deps, lang = tap.press, tap.deps, tap.lang
    game = (await deps.solvers.of(FingerTables).ready()).game
    cap = own_settings(deps.settings).fingers_move_cap
    if isinstance(press, keyboards.Review):
        finished = await tap.load(FingerSession, lambda session: session.over)
        if finished is not None:
            tap.deps.answer(tap.query)
            _send_review(deps, tap.chat_id, lang, finished.session)
        return
    loaded = await tap.load(FingerSession, lambda session: _waits_for(session, press))
    if loaded is None:
        return
    session = loaded.session
    turn = None
    tally = Tally()
    match press:
        case keyboards.ChooseLevel(level=level):
            fingers.choose_level(session, level)
        case keyboards.ChooseFirst(first=first):
            turn = fingers.begin(game, session, first, cap, deps.rng)
            tally = Tally(played=1)
        case keyboards.Move(index=index):
            turn = fingers.play(game, session, index, cap, deps.rng)
            if turn is None:
                tap.stale()
                return
            tally = RESULT_TALLY[turn.result] if turn.result else Tally()
    await deps.save(tap.chat_id, session, loaded, user_id=tap.user.id, tally=tally)
    if session.player_first is None:
        tap.deps.answer_and_edit(tap.query, texts.fingers_ask_first(lang), keyboards.fingers_first(lang, session))
    else:
        tap.deps.answer_and_edit(tap.query, *_board(deps, lang, session, turn))


def _waits_for(session: FingerSession, press: keyboards.FingerButton) -> bool:
    """Whether the game waits for this press: its level, then who starts, then a move at this move number."""
    if session.over:
        return False
    if isinstance(press, keyboards.ChooseLevel):
        return session.level is None
    if isinstance(press, keyboards.ChooseFirst):
        return session.level is not None and session.player_first is None
    return session.player_first is not None and press.step == session.moves


async def where_it_stands(deps: Deps, chat_id: int, lang: Lang) -> Answer | None:
    """The hands and a button per move while a game is played (a redelivered update's answer)."""
    loaded = await deps.load(chat_id, FingerSession)
    if loaded is None or not loaded.session.running:
        return None
    return _board(deps, lang, loaded.session, None)
