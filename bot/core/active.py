"""One active game per private chat, or none.

Starting a game while another one is under way asks first (resign and start, or keep
playing), so no game is ever thrown away unrecorded: a resigned game is counted as lost.
Which games there are, and what each start button begins, comes from the registry's records
(``games.wired(deps.services)``), so this module imports no game.
"""

from __future__ import annotations

from telegram import Update

from bot.core import game as games
from bot.core import keyboards, texts
from bot.core.context import BotContext, Deps, Loaded, S
from bot.core.game import Begin
from bot.core.handlers import answer_stale, send_standing
from bot.core.router import Tap, on_press
from bot.core.session import Session
from bot.storage import Tally


async def active_game(deps: Deps, chat_id: int) -> Loaded[Session] | None:
    """The session of the game the chat plays now (it may be over), if any."""
    game = games.by_kind(games.wired(deps.services)).get(await deps.active_kind(chat_id) or "")
    return None if game is None or game.private is None else await deps.load(chat_id, game.private.session)


async def is_active(deps: Deps, chat_id: int, kind: str) -> bool:
    """Whether ``kind`` is the chat's game now: another game's buttons are stale."""
    return await deps.active_kind(chat_id) == kind


async def running_game(deps: Deps, chat_id: int) -> Loaded[Session] | None:
    """The chat's game under way: running, and the player has moved in it. A game still waiting
    for the player's first move (a double tap on 🔁, the bot's opening letter) has nothing to
    lose: another game starts over it without asking, and it counts no loss."""
    loaded = await active_game(deps, chat_id)
    return loaded if loaded is not None and loaded.session.running and loaded.session.moved else None


async def resign(deps: Deps, chat_id: int, user_id: int, loaded: Loaded[S]) -> None:
    """End the running game, committed with the player's record: a loss, unless it was already
    counted as won (a game is won or lost once, never both)."""
    session = loaded.session
    session.resign()
    tally = None if session.counted else Tally(lost=1)
    await deps.save(chat_id, session, loaded, user_id=user_id, tally=tally, record_kind=session.record_kind)


async def resign_running(context: BotContext, kind: type[S]) -> S | None:
    """/giveup in a game of ``kind``: resign it if it is under way (a loss); the session
    resigned, or None when none was under way."""
    deps = context.deps
    loaded = await deps.load(context.chat_id, kind)
    if loaded is None or not loaded.session.running:
        return None
    await resign(deps, context.chat_id, context.user.id, loaded)
    return loaded.session


def _name(deps: Deps, session: Session, lang: texts.Lang) -> str:
    """The game's own name (English Ghost by its name, not as "the letter game")."""
    game = games.by_kind(games.wired(deps.services)).get(session.KIND)
    return game.name_of(lang, session) if game is not None else session.KIND


async def start_or_ask(context: BotContext, target: str, begin: Begin) -> None:
    """Begin the game ``target`` names, or, while another game is under way, ask first."""
    deps, lang, chat_id = context.deps, context.lang, context.chat_id
    running = await running_game(deps, chat_id)
    if running is None:
        await begin(context, chat_id, context.user.id, lang)
        return
    name = _name(deps, running.session, lang)
    question = texts.ask_to_resign(lang, name, lost=not running.session.won_counted)
    deps.say(chat_id, question, keyboards.resign_or_keep(lang, running.session, target))


async def on_start_button(update: Update, context: BotContext) -> None:
    """A start button (the menu's, or a finished game's "play again"): begin that game, or ask first."""
    pressed = keyboards.Start.unpack(context.query.data)
    target = pressed.target if pressed is not None else ""
    begin = games.begins(games.wired(context.deps.services)).get(target)
    chat = update.effective_chat
    if begin is None or chat is None or chat.type != chat.PRIVATE:
        answer_stale(context)
        return
    context.deps.answer(context.query)
    await start_or_ask(context, target, begin)


@on_press(keyboards.Switch)
async def on_switch_button(tap: Tap[keyboards.Switch], context: BotContext) -> None:
    """The answer to "resign and start?": resign the game it asked about and begin the target,
    or keep playing: then where that game stands is sent again, since its board or buttons are
    now above the question. A question about a game that has since ended or changed is stale."""
    press, deps, lang = tap.press, tap.deps, tap.lang
    assert isinstance(press, keyboards.Resign | keyboards.Keep), "a switch button is one of the two"
    begin = games.begins(games.wired(deps.services)).get(press.target)
    running = await running_game(deps, tap.chat_id)
    if running is None or running.session.id != press.session_id or begin is None:
        tap.stale()
        return
    game = games.by_kind(games.wired(deps.services))[running.session.KIND]
    if isinstance(press, keyboards.Keep):
        deps.answer_and_edit(tap.query, texts.keep_playing(lang))
        assert game.private is not None
        await send_standing(context, game.private)
        return
    await resign(deps, tap.chat_id, tap.user.id, running)
    lost = not running.session.won_counted
    deps.answer_and_edit(tap.query, texts.resigned(lang, game.name_of(lang, running.session), lost=lost))
    await begin(context, tap.chat_id, tap.user.id, lang)


async def kept_secret(deps: Deps, chat_id: int, lang: texts.Lang) -> str | None:
    """While the chat plays a game whose answers other games must not give away (a daily puzzle
    under way), what their analysis commands say instead of any answer; else None."""
    loaded = await active_game(deps, chat_id)
    if loaded is None or not loaded.session.running:
        return None
    game = games.by_kind(games.wired(deps.services)).get(loaded.session.KIND)
    if game is None or game.private is None or not game.private.secret:
        return None
    return texts.quiet_while(lang, game.name_of(lang, loaded.session))
