"""The one place that builds the Application and wires every handler.

Handlers are small: take the chat's lock, load the session, call the pure
logic in :mod:`bot.letter_session` or :mod:`bot.wordle_session`, commit the
session, then reply with words from :mod:`bot.texts`.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import random
from collections import defaultdict
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any, TypeVar

from telegram import BotCommand, BotCommandScopeAllGroupChats, InlineKeyboardMarkup, Update
from telegram.ext import (
    Application,
    ApplicationBuilder,
    CallbackQueryHandler,
    CommandHandler,
    ContextTypes,
    MessageHandler,
    filters,
)

from bot import fingers_play, group_play, keyboards, replies, texts
from bot import letter_session as letters
from bot import wordle_session as helper
from bot.resilience import handle_quietly
from bot.settings import Settings
from bot.solvers import Solvers
from bot.storage import Store, Stored, Tally
from bot.texts import Lang
from bot.throttle import add_throttle
from bot.transport import make_bot
from solver.letters import (
    InputError,
    InputProblem,
    LetterGame,
    Rule,
    Verdict,
    normalise_letter,
    normalise_letters,
)
from solver.levels import Level
from solver.wordle import Entry, EntryError, EntryProblem, parse_entry

log = logging.getLogger(__name__)
T = TypeVar("T")

PRIVATE = filters.ChatType.PRIVATE & filters.UpdateType.MESSAGE


@dataclass
class Deps:
    """What every handler needs; kept in ``application.bot_data``."""

    settings: Settings
    solvers: Solvers
    store: Store | None = None
    locks: defaultdict[int, asyncio.Lock] = field(default_factory=lambda: defaultdict(asyncio.Lock))
    rng: random.Random = field(default_factory=random.Random)

    @property
    def db(self) -> Store:
        assert self.store is not None, "the store opens in post_init"
        return self.store


def deps(context: ContextTypes.DEFAULT_TYPE) -> Deps:
    found: Deps = context.bot_data["deps"]
    return found


def lang_of(update: Update) -> Lang:
    user = update.effective_user
    return texts.language(user.language_code if user else None)


# ------------------------------------------------------------------ building


def build_application(settings: Settings, solvers: Solvers, token: str | None = None) -> Application:  # type: ignore[type-arg]
    application = (
        ApplicationBuilder()
        .bot(make_bot(settings, token or settings.token()))  # its pools, rate limits and retries: bot/transport.py
        .concurrent_updates(True)  # different chats in parallel; one chat is serialised by its lock
        .post_init(post_init)
        .post_shutdown(post_shutdown)
        .build()
    )
    application.bot_data["deps"] = Deps(settings, solvers)
    add_throttle(application, settings.throttle_messages, settings.throttle_seconds)
    add_handlers(application)
    return application


def add_handlers(application: Application) -> None:  # type: ignore[type-arg]
    commands = {
        "start": start,
        "help": show_help,
        "rules": show_rules,
        "play": play,
        "hint": hint,
        "giveup": give_up,
        "stats": stats,
        "whowins": who_wins,
        "5bukv": five_bukv,
        "undo": undo,
        "fingers": fingers_play.start,
    }
    for name, callback in commands.items():
        application.add_handler(CommandHandler(name, callback, filters=PRIVATE))
    application.add_handler(MessageHandler(PRIVATE & filters.COMMAND, unknown_command))
    application.add_handler(MessageHandler(PRIVATE & filters.TEXT, on_text))
    application.add_handler(MessageHandler(PRIVATE, on_other_message))
    group_commands = {
        "play": group_play.play,
        "l": group_play.letter_command,
        "giveup": group_play.give_up,
        "stop": group_play.stop,
        "help": group_play.show_help,
        "rules": show_rules,
        "stats": stats,
    }
    for name, callback in group_commands.items():
        application.add_handler(CommandHandler(name, callback, filters=group_play.GROUPS))
    application.add_handler(MessageHandler(group_play.GROUPS & filters.TEXT & ~filters.COMMAND, group_play.on_text))
    application.add_handler(CallbackQueryHandler(on_button))
    application.add_error_handler(on_error)


async def post_init(application: Application) -> None:  # type: ignore[type-arg]
    found: Deps = application.bot_data["deps"]
    found.store = await Store.open(found.settings.database_path)
    await group_play.restore_timers(application)
    for code, commands in texts.COMMANDS.items():
        listed = [BotCommand(name, description) for name, description in commands]
        await application.bot.set_my_commands(listed, language_code=code)
    await application.bot.set_my_commands([BotCommand(n, d) for n, d in texts.COMMANDS["ru"]])
    groups = BotCommandScopeAllGroupChats()
    for code, commands in texts.GROUP_COMMANDS.items():
        listed = [BotCommand(name, description) for name, description in commands]
        await application.bot.set_my_commands(listed, scope=groups, language_code=code)
    await application.bot.set_my_commands([BotCommand(n, d) for n, d in texts.GROUP_COMMANDS["ru"]], scope=groups)


async def post_shutdown(application: Application) -> None:  # type: ignore[type-arg]
    found: Deps = application.bot_data["deps"]
    if found.store is not None:
        await found.store.close()
        found.store = None


@asynccontextmanager
async def running(
    application: Application,  # type: ignore[type-arg]
    poll_timeout: int = 1,
    webhook: dict[str, Any] | None = None,
) -> AsyncIterator[Application]:  # type: ignore[type-arg]
    """Run inside an already running event loop (tests, console), with the same start and
    shutdown hooks as ``run_polling``: by long polling, or serving a webhook when given
    ``Updater.start_webhook``'s arguments."""
    await application.initialize()
    if application.post_init:
        await application.post_init(application)
    assert application.updater is not None
    if webhook is None:
        await application.updater.start_polling(poll_interval=0, timeout=poll_timeout)
    else:
        await application.updater.start_webhook(**webhook)
    await application.start()
    try:
        yield application
    finally:
        await application.updater.stop()
        await application.stop()
        if application.post_shutdown:
            await application.post_shutdown(application)
        await application.shutdown()


# ------------------------------------------------------------------ general commands


async def start(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    assert update.message is not None
    lang = lang_of(update)
    name = update.effective_user.first_name if update.effective_user else ""
    await update.message.reply_text(texts.greeting(lang, name), reply_markup=keyboards.menu(lang))


async def show_help(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    assert update.message is not None
    await update.message.reply_text(texts.help_text(lang_of(update)))


async def show_rules(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    assert update.message is not None
    await update.message.reply_text(texts.rules_text(lang_of(update)))


async def unknown_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    assert update.message is not None
    await update.message.reply_text(texts.unknown_command(lang_of(update)))


async def stats(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    assert update.message is not None and update.effective_user is not None
    records = await deps(context).db.records(update.effective_user.id)
    await update.message.reply_text(texts.stats_text(lang_of(update), records))


async def on_other_message(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Stickers, photos, voice: a short reminder of what is expected."""
    assert update.message is not None and update.effective_chat is not None
    lang = lang_of(update)
    kind = await deps(context).db.active_kind(update.effective_chat.id)
    await update.message.reply_text(texts.only_text(lang) + _expected(lang, kind))


def _expected(lang: Lang, kind: str | None) -> str:
    if kind == letters.KIND:
        return texts.not_a_letter(lang, InputError(InputProblem.NOT_IN_ALPHABET, ""))
    if kind == helper.KIND:
        return texts.entry_problem(lang, EntryError(EntryProblem.EMPTY, ""))
    return texts.nothing_running(lang)


async def on_text(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A letter for the letter game or a mask for 5bukv, whichever the chat plays now."""
    assert update.message is not None and update.effective_chat is not None
    found = deps(context)
    chat_id = update.effective_chat.id
    lang = lang_of(update)
    async with found.locks[chat_id]:
        kind = await found.db.active_kind(chat_id)
        if kind == letters.KIND:
            await _letter_text(update, found, lang)
        elif kind == helper.KIND:
            await _helper_text(update, found, lang)
        else:
            await update.message.reply_text(texts.nothing_running(lang))


# ------------------------------------------------------------------ the letter game


async def _load_letters(found: Deps, chat_id: int) -> tuple[letters.LetterSession, Stored] | None:
    stored = await found.db.load(chat_id, letters.KIND)
    if stored is None:
        return None
    return letters.LetterSession.from_dict(stored.state), stored


async def _save_letters(
    found: Deps,
    chat_id: int,
    session: letters.LetterSession,
    stored: Stored,
    *,
    user_id: int,
    tally: Tally | None,
    activate: bool = False,
) -> None:
    """Commit the session with the player's record change, before any reply goes out."""
    await found.db.save(
        chat_id,
        letters.KIND,
        session.to_dict(),
        stored.version,
        user_id=user_id,
        tally=tally,
        activate=activate,
        record_kind=session.record_kind,
    )


def _game(found: Deps, session: letters.LetterSession) -> LetterGame:
    return found.solvers.letter_game(session.dictionary, session.rule)


async def play(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/play, or /play en for English Ghost (its rule is fixed, so the set-up skips the rule)."""
    assert update.message is not None and update.effective_chat is not None
    english = [arg.lower() for arg in context.args or []] == [letters.ENGLISH]
    await _new_letter_game(
        update.effective_chat.id, deps(context), lang_of(update), update.message.reply_text, english=english
    )


async def _new_letter_game(
    chat_id: int, found: Deps, lang: Lang, reply: Callable[..., Awaitable[object]], english: bool = False
) -> None:
    async with found.locks[chat_id]:
        session = letters.LetterSession()
        if english:
            session.dictionary = letters.ENGLISH
            session.rule = found.solvers.english.rule.value
        await found.db.save(chat_id, letters.KIND, session.to_dict(), None, activate=True)
    if english:
        question = texts.ghost_intro(lang) + "\n" + texts.ask_first(lang)
        await reply(question, reply_markup=keyboards.letter_setup(lang, session, "first"))
        return
    await reply(texts.ask_rule(lang), reply_markup=keyboards.letter_setup(lang, session, "rule"))


async def _letter_text(update: Update, found: Deps, lang: Lang) -> None:
    assert update.message is not None and update.effective_chat is not None and update.effective_user is not None
    chat_id = update.effective_chat.id
    loaded = await _load_letters(found, chat_id)
    if loaded is None or loaded[0].phase is letters.Phase.OVER:
        await update.message.reply_text(texts.nothing_running(lang))
        return
    session, stored = loaded
    if session.phase is not letters.Phase.PLAYING:
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
    await _save_letters(found, chat_id, session, stored, user_id=update.effective_user.id, tally=_ending_tally(result))
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
    changed = await _change_running_letters(found, chat_id, user_id, letters.hint, Tally(hints=1))
    if changed is None:
        return texts.no_game_to_hint(lang), None
    session, given = changed
    return texts.hint_text(lang, given), keyboards.letter_play(lang, session)


async def give_up(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    assert update.message is not None and update.effective_chat is not None and update.effective_user is not None
    text, markup = await _give_up(deps(context), update.effective_chat.id, update.effective_user.id, lang_of(update))
    await update.message.reply_text(text, reply_markup=markup)


async def _give_up(found: Deps, chat_id: int, user_id: int, lang: Lang) -> tuple[str, InlineKeyboardMarkup | None]:
    changed = await _change_running_letters(found, chat_id, user_id, letters.give_up, Tally(lost=1))
    if changed is None:
        return texts.nothing_running(lang), None
    session, result = changed
    return texts.gave_up_text(lang, result), keyboards.letter_play(lang, session)


async def _change_running_letters(
    found: Deps,
    chat_id: int,
    user_id: int,
    change: Callable[[LetterGame, letters.LetterSession], T],
    tally: Tally,
) -> tuple[letters.LetterSession, T] | None:
    """Apply ``change`` to the chat's letter game if one is being played, and commit
    it with the player's ``tally``; None when there is no game in play."""
    async with found.locks[chat_id]:
        loaded = await _load_letters(found, chat_id)
        if loaded is None or loaded[0].phase is not letters.Phase.PLAYING:
            return None
        session, stored = loaded
        result = change(_game(found, session), session)
        await _save_letters(found, chat_id, session, stored, user_id=user_id, tally=tally)
    return session, result


async def who_wins(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """The articles' question for the chat's rule: who wins from these letters, and how."""
    assert update.message is not None and update.effective_chat is not None
    found = deps(context)
    lang = lang_of(update)
    loaded = await _load_letters(found, update.effective_chat.id)
    game = found.solvers.games[found.solvers.default_rule] if loaded is None else _game(found, loaded[0])
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


# ------------------------------------------------------------------ 5bukv


async def _load_helper(found: Deps, chat_id: int) -> tuple[helper.HelperSession, Stored] | None:
    stored = await found.db.load(chat_id, helper.KIND)
    if stored is None:
        return None
    return helper.HelperSession.from_dict(stored.state), stored


async def five_bukv(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    assert update.message is not None and update.effective_chat is not None and update.effective_user is not None
    text, markup = await _new_helper(deps(context), update.effective_chat.id, update.effective_user.id, lang_of(update))
    await update.message.reply_text(text, reply_markup=markup)


async def _new_helper(found: Deps, chat_id: int, user_id: int, lang: Lang) -> tuple[str, InlineKeyboardMarkup]:
    async with found.locks[chat_id]:
        session = helper.start(found.solvers.guesser.first_guess)
        progress = helper.progress(found.solvers.guesser, session)
        await found.db.save(
            chat_id, helper.KIND, session.to_dict(), None, user_id=user_id, tally=Tally(played=1), activate=True
        )
    return texts.progress_text(lang, progress), keyboards.helper(lang, session)


async def _helper_text(update: Update, found: Deps, lang: Lang) -> None:
    assert update.message is not None and update.effective_chat is not None and update.effective_user is not None
    loaded = await _load_helper(found, update.effective_chat.id)
    if loaded is None:
        await update.message.reply_text(texts.nothing_running(lang))
        return
    session, stored = loaded
    if session.solved:
        await update.message.reply_text(texts.helper_finished(lang))
        return
    entry = parse_entry(update.message.text or "", session.suggestion)
    if isinstance(entry, EntryError):
        await update.message.reply_text(texts.entry_problem(lang, entry))
        return
    text, markup = await _enter(
        found, update.effective_chat.id, update.effective_user.id, lang, session=session, stored=stored, entry=entry
    )
    await update.message.reply_text(text, reply_markup=markup)


async def _enter(
    found: Deps, chat_id: int, user_id: int, lang: Lang, *, session: helper.HelperSession, stored: Stored, entry: Entry
) -> tuple[str, InlineKeyboardMarkup]:
    """Add an entry (a search may run: off the event loop) and commit it."""
    progress = await asyncio.to_thread(helper.enter, found.solvers.guesser, session, entry)
    tally = Tally(won=1) if progress.solved else None
    await found.db.save(chat_id, helper.KIND, session.to_dict(), stored.version, user_id=user_id, tally=tally)
    return texts.progress_text(lang, progress), keyboards.helper(lang, session, progress.no_candidate)


async def _refuse(
    found: Deps, chat_id: int, lang: Lang, *, session: helper.HelperSession, stored: Stored
) -> tuple[str, InlineKeyboardMarkup]:
    """The game did not take the suggestion: the next best word instead (a search: off the event loop)."""
    progress = await asyncio.to_thread(helper.refuse, found.solvers.guesser, session)
    await found.db.save(chat_id, helper.KIND, session.to_dict(), stored.version)
    return texts.progress_text(lang, progress), keyboards.helper(lang, session, progress.no_candidate)


async def undo(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    assert update.message is not None and update.effective_chat is not None
    undone = await _undo(deps(context), update.effective_chat.id, lang_of(update))
    assert undone is not None  # only a button press can be stale
    await update.message.reply_text(undone[0], reply_markup=undone[1])


async def _undo(
    found: Deps, chat_id: int, lang: Lang, press: keyboards.Press | None = None
) -> tuple[str, InlineKeyboardMarkup | None] | None:
    """Take back the last entry; with a button ``press``, None when that button is stale
    (checked under the lock, so two taps at once take back one entry, not two)."""
    async with found.locks[chat_id]:
        loaded = await _load_helper(found, chat_id)
        if press is not None and (
            loaded is None or loaded[0].id != press.session_id or press.step != len(loaded[0].entries)
        ):
            return None
        if loaded is None:
            return texts.nothing_to_undo(lang), None
        session, stored = loaded
        progress = await asyncio.to_thread(helper.undo, found.solvers.guesser, session)
        if progress is None:
            return texts.nothing_to_undo(lang), None
        await found.db.save(chat_id, helper.KIND, session.to_dict(), stored.version, activate=True)
    return texts.progress_text(lang, progress), keyboards.helper(lang, session, progress.no_candidate)


# ------------------------------------------------------------------ buttons


async def on_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Every inline button; anything forged or stale gets a short notice and changes nothing."""
    query = update.callback_query
    assert query is not None
    lang = lang_of(update)
    press = keyboards.parse(query.data)
    chat = update.effective_chat
    if press is not None and press.kind == "G" and chat is not None and chat.type != chat.PRIVATE:
        await group_play.on_lobby_button(update, context, press)
        return
    if press is None or chat is None or chat.type != chat.PRIVATE or update.effective_user is None:
        await query.answer(texts.stale_button(lang))
        return
    found = deps(context)
    user_id = update.effective_user.id
    if press.kind == "menu":
        await query.answer()
        if press.action == "letters":
            await _new_letter_game(chat.id, found, lang, functools.partial(context.bot.send_message, chat.id))
        elif press.action == "fingers":
            await fingers_play.new_game(context, chat.id, lang)
        else:
            text, markup = await _new_helper(found, chat.id, user_id, lang)
            await context.bot.send_message(chat.id, text, reply_markup=markup)
        return
    if press.kind == "F":
        await fingers_play.on_button(update, context, press, lang)
    elif press.kind == "L":
        await _letter_button(update, context, found, press, lang)
    else:
        await _helper_button(update, context, found, press, lang)


async def _letter_button(
    update: Update, context: ContextTypes.DEFAULT_TYPE, found: Deps, press: keyboards.Press, lang: Lang
) -> None:
    query = update.callback_query
    assert query is not None and update.effective_chat is not None and update.effective_user is not None
    chat_id = update.effective_chat.id
    async with found.locks[chat_id]:
        loaded = await _load_letters(found, chat_id)
        session = loaded[0] if loaded else None
        if session is None or loaded is None or session.id != press.session_id:
            await query.answer(texts.stale_button(lang))
            return
        stored = loaded[1]
        if press.action in keyboards.SETUP_FIELDS:
            if session.phase.value != press.action:
                await query.answer(texts.stale_button(lang))
                return
            await _setup_step(update, context, found, session=session, stored=stored, press=press, lang=lang)
            return
        if session.phase is not letters.Phase.PLAYING or press.step != len(session.board):
            await query.answer(texts.stale_button(lang))
            return
    await query.answer()
    if press.action == "hint":
        text, markup = await _hint(found, chat_id, update.effective_user.id, lang)
    else:
        text, markup = await _give_up(found, chat_id, update.effective_user.id, lang)
    await context.bot.send_message(chat_id, text, reply_markup=markup)


async def _setup_step(
    update: Update,
    context: ContextTypes.DEFAULT_TYPE,
    found: Deps,
    *,
    session: letters.LetterSession,
    stored: Stored,
    press: keyboards.Press,
    lang: Lang,
) -> None:
    """One choice of the game's set-up; the last one starts the game."""
    query = update.callback_query
    assert query is not None and update.effective_chat is not None and update.effective_user is not None
    chat_id = update.effective_chat.id
    user_id = update.effective_user.id
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
    turn = None
    tally = None
    if session.phase is letters.Phase.PLAYING:
        tally = Tally(played=1)
        if letters.bot_to_move(session):
            turn = letters.bot_opens(_game(found, session), session, found.rng)
    await _save_letters(found, chat_id, session, stored, user_id=user_id, tally=tally, activate=True)
    phase = session.phase
    if phase in (letters.Phase.FIRST, letters.Phase.LEVEL, letters.Phase.STRICT):
        question = {
            letters.Phase.FIRST: texts.ask_first,
            letters.Phase.LEVEL: texts.ask_level,
            letters.Phase.STRICT: texts.ask_strict,
        }[phase](lang)
        await replies.answer_and_edit(query, question, keyboards.letter_setup(lang, session, phase.value))
        return
    summary = texts.game_set(
        lang,
        _game(found, session).rule,
        bool(session.player_first),
        session.bot_level,
        bool(session.strict),
        english=session.english,
    )
    await replies.answer_and_edit(query, summary)
    if turn is not None:
        game = _game(found, session)
        await context.bot.send_message(
            chat_id, texts.turn_text(lang, turn, game.rule), reply_markup=keyboards.letter_play(lang, session)
        )


async def _helper_button(
    update: Update, context: ContextTypes.DEFAULT_TYPE, found: Deps, press: keyboards.Press, lang: Lang
) -> None:
    query = update.callback_query
    assert query is not None and update.effective_chat is not None and update.effective_user is not None
    chat_id = update.effective_chat.id
    if press.action == "undo":
        undone = await _undo(found, chat_id, lang, press)
        if undone is None:
            await query.answer(texts.stale_button(lang))
            return
        await query.answer()
        await context.bot.send_message(chat_id, undone[0], reply_markup=undone[1])
        return
    async with found.locks[chat_id]:
        loaded = await _load_helper(found, chat_id)
        if (
            loaded is None
            or loaded[0].id != press.session_id
            or press.step != len(loaded[0].entries)
            or loaded[0].solved
            or not found.solvers.guesser.candidates(loaded[0].history, loaded[0].refused)
        ):
            await query.answer(texts.stale_button(lang))
            return
        session, stored = loaded
        if press.action == "tap":
            helper.tap(session, int(press.argument))
            await found.db.save(chat_id, helper.KIND, session.to_dict(), stored.version, activate=True)
            await replies.answer_and_edit_buttons(query, keyboards.helper(lang, session))
            return
        if press.action == "refused":
            text, markup = await _refuse(found, chat_id, lang, session=session, stored=stored)
        else:
            text, markup = await _enter(
                found,
                chat_id,
                update.effective_user.id,
                lang,
                session=session,
                stored=stored,
                entry=helper.tapped_entry(session),
            )
    await replies.answer_and_edit_buttons(query, None)
    await context.bot.send_message(chat_id, text, reply_markup=markup)


# ------------------------------------------------------------------ faults


async def on_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Log the fault and tell the player; the game is as it was last committed."""
    chat = update.effective_chat if isinstance(update, Update) else None
    chat_id = chat.id if chat else (context.job.chat_id if context.job else None)
    if handle_quietly(context.error, chat_id, context):  # bot/resilience.py
        return
    log.error("an update failed", exc_info=context.error)
    if not isinstance(update, Update) or update.effective_chat is None:
        return
    try:
        if update.callback_query is not None:
            await update.callback_query.answer()
        await context.bot.send_message(update.effective_chat.id, texts.something_went_wrong(lang_of(update)))
    except Exception:  # telling the player failed too; the log has the fault
        log.exception("could not report the fault to the player")
