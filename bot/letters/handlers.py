"""The private letter game (and English Ghost) in Telegram: commands, typed letters, buttons.

Handlers are small: take the chat's lock, load the session, call the pure
logic in :mod:`bot.letters.session`, commit the session, then reply with
words from :mod:`bot.letters.texts`.
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from typing import TypeVar

from telegram import InlineKeyboardMarkup, Update
from telegram.ext import ContextTypes

from bot import replies
from bot import texts as shared_texts
from bot.deps import Deps, Loaded, deps, lang_of
from bot.keyboards import Press, checked_press, from_chat_kind
from bot.letters import keyboards, texts
from bot.letters import session as letters
from bot.letters.session import LetterSession, Phase
from bot.storage import Tally
from bot.texts import Lang
from solver.letters import InputError, LetterGame, Rule, Verdict, normalise_letter, normalise_letters
from solver.levels import Level

T = TypeVar("T")


def _game(found: Deps, session: LetterSession) -> LetterGame:
    return found.solvers.letter_game(session.dictionary, session.rule)


async def _save(
    found: Deps,
    chat_id: int,
    loaded: Loaded[LetterSession],
    *,
    user_id: int,
    tally: Tally | None,
    activate: bool = False,
) -> None:
    """Commit the session with the player's record change (Ghost's apart), before any reply goes out."""
    session = loaded.session
    await found.save(
        chat_id, session, loaded, user_id=user_id, tally=tally, activate=activate, record_kind=session.record_kind
    )


# ------------------------------------------------------------------ a new game


async def play(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/play, or /play en for English Ghost (its rule is fixed, so the set-up skips the rule)."""
    assert update.message is not None and update.effective_chat is not None
    english = [arg.lower() for arg in context.args or []] == [letters.ENGLISH]
    await new_game(update.effective_chat.id, deps(context), lang_of(update), update.message.reply_text, english=english)


async def from_menu(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """The start menu's (or a finished game's) button: a new game's set-up."""
    query, chat = update.callback_query, update.effective_chat
    if not await from_chat_kind(update):
        return
    assert query is not None and chat is not None
    await query.answer()
    await new_game(chat.id, deps(context), lang_of(update), functools.partial(context.bot.send_message, chat.id))


async def new_game(
    chat_id: int, found: Deps, lang: Lang, reply: Callable[..., Awaitable[object]], english: bool = False
) -> None:
    async with found.locks[chat_id]:
        session = LetterSession()
        if english:
            session.dictionary = letters.ENGLISH
            session.rule = found.solvers.english.rule.value
        await found.save(chat_id, session, None, activate=True)
    if english:
        question = texts.ghost_intro(lang) + "\n" + texts.ask_first(lang)
        await reply(question, reply_markup=keyboards.letter_setup(lang, session, "first"))
        return
    await reply(texts.ask_rule(lang), reply_markup=keyboards.letter_setup(lang, session, "rule"))


# ------------------------------------------------------------------ moves


async def on_text(update: Update, found: Deps, lang: Lang) -> None:
    """A typed letter, while the chat plays this game (called under the chat's lock)."""
    assert update.message is not None and update.effective_chat is not None and update.effective_user is not None
    chat_id = update.effective_chat.id
    loaded = await found.load(chat_id, LetterSession)
    if loaded is None or loaded.session.phase is Phase.OVER:
        await update.message.reply_text(shared_texts.nothing_running(lang))
        return
    session = loaded.session
    if session.phase is not Phase.PLAYING:
        await update.message.reply_text(texts.choose_with_buttons(lang))
        return
    game = _game(found, session)
    letter = normalise_letter(update.message.text or "", game.alphabet)
    if isinstance(letter, InputError):
        await update.message.reply_text(texts.not_a_letter(lang, letter, english=session.english))
        return
    result = letters.play_letter(game, session, letter, found.rng)
    if isinstance(result, letters.Refusal):
        await update.message.reply_text(
            texts.refusal_text(lang, result), reply_markup=keyboards.letter_play(lang, session)
        )
        return
    await _save(found, chat_id, loaded, user_id=update.effective_user.id, tally=_ending_tally(result))
    await update.message.reply_text(
        texts.turn_text(lang, result, game.rule), reply_markup=keyboards.letter_play(lang, session)
    )


def _ending_tally(turn: letters.Turn) -> Tally | None:
    if turn.ending is None:
        return None
    return Tally(won=1) if turn.ending.player_won else Tally(lost=1)


async def hint(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    assert update.message is not None and update.effective_chat is not None and update.effective_user is not None
    text, markup = await _hint(deps(context), update.effective_chat.id, update.effective_user.id, lang_of(update))
    await update.message.reply_text(text, reply_markup=markup)


async def _hint(found: Deps, chat_id: int, user_id: int, lang: Lang) -> tuple[str, InlineKeyboardMarkup | None]:
    changed = await _change_running(found, chat_id, user_id, letters.hint, Tally(hints=1))
    if changed is None:
        return texts.no_game_to_hint(lang), None
    session, given = changed
    return texts.hint_text(lang, given), keyboards.letter_play(lang, session)


async def give_up(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    assert update.message is not None and update.effective_chat is not None and update.effective_user is not None
    text, markup = await _give_up(deps(context), update.effective_chat.id, update.effective_user.id, lang_of(update))
    await update.message.reply_text(text, reply_markup=markup)


async def _give_up(found: Deps, chat_id: int, user_id: int, lang: Lang) -> tuple[str, InlineKeyboardMarkup | None]:
    changed = await _change_running(found, chat_id, user_id, letters.give_up, Tally(lost=1))
    if changed is None:
        return shared_texts.nothing_running(lang), None
    session, result = changed
    return texts.gave_up_text(lang, result), keyboards.letter_play(lang, session)


async def _change_running(
    found: Deps,
    chat_id: int,
    user_id: int,
    change: Callable[[LetterGame, LetterSession], T],
    tally: Tally,
) -> tuple[LetterSession, T] | None:
    """Apply ``change`` to the chat's letter game if one is being played, and commit
    it with the player's ``tally``; None when there is no game in play."""
    async with found.locks[chat_id]:
        loaded = await found.load(chat_id, LetterSession)
        if loaded is None or loaded.session.phase is not Phase.PLAYING:
            return None
        result = change(_game(found, loaded.session), loaded.session)
        await _save(found, chat_id, loaded, user_id=user_id, tally=tally)
    return loaded.session, result


async def who_wins(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """The articles' question for the chat's rule: who wins from these letters, and how."""
    assert update.message is not None and update.effective_chat is not None
    found = deps(context)
    lang = lang_of(update)
    loaded = await found.load(update.effective_chat.id, LetterSession)
    game = found.solvers.games[found.solvers.default_rule] if loaded is None else _game(found, loaded.session)
    rule = game.rule
    typed = "".join(context.args or [])
    board = normalise_letters(typed, game.alphabet) if typed else ""
    if isinstance(board, InputError):
        await update.message.reply_text(texts.not_letters(lang))
        return
    verdict = game.verdict(board)
    if verdict is Verdict.NO_WORD:
        await update.message.reply_text(texts.who_wins_bad(lang, board, texts.no_word_starts(lang)))
    elif verdict is Verdict.UNREACHABLE:
        way = game.word_on_the_way(board) or ""
        await update.message.reply_text(texts.who_wins_bad(lang, board, texts.ends_earlier(lang, way)))
    else:
        await update.message.reply_text(texts.who_wins_text(lang, letters.who_wins(game, board), rule))


# ------------------------------------------------------------------ buttons


async def on_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """The set-up's choices, hint and give up; anything stale gets a short notice and changes nothing."""
    press = await checked_press(update, keyboards.press)
    if press is None:
        return
    query, chat, lang = update.callback_query, update.effective_chat, lang_of(update)
    assert query is not None and chat is not None and update.effective_user is not None
    found = deps(context)
    async with found.locks[chat.id]:
        loaded = await found.load(chat.id, LetterSession)
        if loaded is None or loaded.session.id != press.session_id:
            await query.answer(shared_texts.stale_button(lang))
            return
        session = loaded.session
        if press.action in keyboards.SETUP_FIELDS:
            if session.phase.value != press.action:
                await query.answer(shared_texts.stale_button(lang))
                return
            await _setup_step(update, context, found, loaded=loaded, press=press, lang=lang)
            return
        if session.phase is not Phase.PLAYING or press.step != len(session.board):
            await query.answer(shared_texts.stale_button(lang))
            return
    await query.answer()
    if press.action == "hint":
        text, markup = await _hint(found, chat.id, update.effective_user.id, lang)
    else:
        text, markup = await _give_up(found, chat.id, update.effective_user.id, lang)
    await context.bot.send_message(chat.id, text, reply_markup=markup)


def _choose(found: Deps, session: LetterSession, press: Press) -> None:
    """Record one set-up answer in the session."""
    if press.action == "rule" and press.argument == keyboards.ENGLISH_GHOST:
        session.dictionary = letters.ENGLISH
        session.rule = found.solvers.english.rule.value
    elif press.action == "rule":
        session.rule = Rule(press.argument).value
    elif press.action == "first":
        session.player_first = press.argument == "1"
    elif press.action == "level":
        session.level = Level(press.argument).value
    else:
        session.strict = press.argument == "1"


async def _setup_step(
    update: Update,
    context: ContextTypes.DEFAULT_TYPE,
    found: Deps,
    *,
    loaded: Loaded[LetterSession],
    press: Press,
    lang: Lang,
) -> None:
    """One choice of the game's set-up; the last one starts the game."""
    query = update.callback_query
    assert query is not None and update.effective_chat is not None and update.effective_user is not None
    chat_id = update.effective_chat.id
    session = loaded.session
    _choose(found, session, press)
    turn = None
    tally = None
    if session.phase is Phase.PLAYING:
        tally = Tally(played=1)
        if letters.bot_to_move(session):
            turn = letters.bot_opens(_game(found, session), session, found.rng)
    await _save(found, chat_id, loaded, user_id=update.effective_user.id, tally=tally, activate=True)
    phase = session.phase
    if phase in (Phase.FIRST, Phase.LEVEL, Phase.STRICT):
        question = {Phase.FIRST: texts.ask_first, Phase.LEVEL: texts.ask_level, Phase.STRICT: texts.ask_strict}[phase]
        await replies.answer_and_edit(query, question(lang), keyboards.letter_setup(lang, session, phase.value))
        return
    game = _game(found, session)
    summary = texts.game_set(
        lang, game.rule, bool(session.player_first), session.bot_level, bool(session.strict), english=session.english
    )
    await replies.answer_and_edit(query, summary)
    if turn is not None:
        await context.bot.send_message(
            chat_id, texts.turn_text(lang, turn, game.rule), reply_markup=keyboards.letter_play(lang, session)
        )
