"""English Wordle in Telegram: /wordle, pasted colours, the letter buttons, undo, hard mode, /review.

A guess off the stored tree is a search (milliseconds, a second at most), so the calls that may
make one run in a worker thread."""

from __future__ import annotations

import asyncio

from telegram import InlineKeyboardMarkup, Update

from bot.core import texts as shared_texts
from bot.core.active import resign_running, start_or_ask
from bot.core.context import BotContext, Deps, Loaded
from bot.core.game import offer_games
from bot.core.i18n import NP_
from bot.core.router import Answer, Router, Tap
from bot.core.texts import Lang
from bot.games.wordle_common import handlers as common_handlers
from bot.games.wordle_common import session as common
from bot.games.wordle_common import texts as common_texts
from bot.games.wordle_en import keyboards, texts
from bot.games.wordle_en import session as game
from bot.games.wordle_en.session import Progress, WordleEnSession
from bot.games.wordle_en.solver import EnglishWordleSolver
from solver.wordle import Entry, EntryError
from solver.wordle.english import parse_english_entry

#: The game's handlers, each registered where it is written; bot/runtime/app.py wires them.
router = Router()


@router.command("wordle", NP_("menu", "helper for English Wordle"))
async def start(update: Update, context: BotContext) -> None:
    """/wordle: a new game, with the first guess to try."""
    await start_or_ask(context, keyboards.START, begin)


async def begin(context: BotContext, chat_id: int, user_id: int, lang: Lang) -> None:
    solver = await context.deps.solvers.of(EnglishWordleSolver).opening_ready()
    session = game.start(solver)
    progress = game.progress(solver, session)
    await context.deps.save(chat_id, session, None, activate=True)
    text, markup = _shown(lang, session, progress)
    context.deps.say(chat_id, text, markup=markup)


def _shown(lang: Lang, session: WordleEnSession, progress: Progress) -> tuple[str, InlineKeyboardMarkup]:
    return texts.progress_text(lang, progress), keyboards.board(lang, session, progress.remaining)


async def on_text(update: Update, context: BotContext) -> None:
    """Pasted colours (or the word then the colours) while the chat plays Wordle."""
    deps, lang = context.deps, context.lang
    loaded = await deps.load(context.chat_id, WordleEnSession)
    problem = _takes_no_entry(deps, lang, loaded.session if loaded is not None else None)
    if problem is not None or loaded is None:
        deps.reply(context.message, problem or offer_games(deps, lang))
        return
    entry = parse_english_entry(context.message.text or "", loaded.session.suggestion)
    if isinstance(entry, EntryError):
        deps.reply(context.message, texts.entry_problem(lang, entry))
        return
    text, markup = await _enter(deps, context.chat_id, context.user.id, lang, loaded=loaded, entry=entry)
    deps.reply(context.message, text, markup=markup)


def _takes_no_entry(deps: Deps, lang: Lang, session: WordleEnSession | None) -> str | None:
    if session is None or session.given_up:
        return offer_games(deps, lang)
    if session.solved:
        return texts.already_solved(lang)
    if session.full:
        return texts.too_many_entries(lang)
    return None


async def _enter(
    deps: Deps, chat_id: int, user_id: int, lang: Lang, *, loaded: Loaded[WordleEnSession], entry: Entry
) -> tuple[str, InlineKeyboardMarkup]:
    """Add an entry and commit it; the first counts the game played, a first solve a win, six tries a loss."""
    session = loaded.session
    solver = await deps.solvers.of(EnglishWordleSolver).ready()
    progress = await asyncio.to_thread(game.enter, solver, session, entry)
    await deps.save(chat_id, session, loaded, user_id=user_id, tally=common_handlers.tally(progress))
    return _shown(lang, session, progress)


async def reminder(deps: Deps, chat_id: int, lang: Lang) -> str:
    loaded = await deps.load(chat_id, WordleEnSession)
    if loaded is None or loaded.session.given_up:
        return offer_games(deps, lang)
    if loaded.session.solved:
        return texts.already_solved(lang)
    return texts.expected_input(lang)


async def _undo(
    deps: Deps, chat_id: int, lang: Lang, tap: Tap[keyboards.WordleEnButton] | None = None
) -> Answer | None:
    loaded = await deps.load(chat_id, WordleEnSession)
    if tap is not None and (loaded is None or not await common_handlers.made_at_this_step(tap, loaded.session)):
        return None
    if loaded is None or loaded.session.given_up:
        return common_texts.nothing_to_undo(lang), None
    session = loaded.session
    progress = await asyncio.to_thread(game.undo, await deps.solvers.of(EnglishWordleSolver).ready(), session)
    if progress is None:
        return common_texts.nothing_to_undo(lang), None
    await deps.save(chat_id, session, loaded)
    return _shown(lang, session, progress)


undo = common_handlers.undo_command(_undo)


async def hint(update: Update, context: BotContext) -> None:
    """/hint: where the game stands, and the word to try."""
    answer = await where_it_stands(context.deps, context.chat_id, context.lang)
    if answer is None:
        context.deps.reply(context.message, offer_games(context.deps, context.lang))
        return
    context.deps.reply(context.message, answer[0], markup=answer[1])


async def give_up(update: Update, context: BotContext) -> None:
    session = await resign_running(context, WordleEnSession)
    lang = context.lang
    if session is None:
        context.deps.reply(context.message, texts.nothing_to_give_up(lang))
        return
    words = (await context.deps.solvers.of(EnglishWordleSolver).ready()).candidates(session.history)
    context.deps.reply(
        context.message, texts.gave_up(lang, words, len(words)), markup=keyboards.new_game(lang, session)
    )


async def review(update: Update, context: BotContext) -> None:
    """/review: each guess graded by the engine, skill and luck, then the share card alone."""
    loaded = await context.deps.load(context.chat_id, WordleEnSession)
    await _send_review(context.deps, context.chat_id, context.lang, loaded.session if loaded else WordleEnSession())


async def _send_review(deps: Deps, chat_id: int, lang: Lang, session: WordleEnSession) -> None:
    found = await asyncio.to_thread(game.review, await deps.solvers.of(EnglishWordleSolver).ready(), session)
    if found is None:
        deps.say(chat_id, shared_texts.nothing_to_review(lang))
        return
    deps.say(chat_id, texts.review_text(lang, found))
    if session.over:  # a game still going has no result to share: "X/6" would read as lost
        deps.say(chat_id, texts.share_intro(lang))
        deps.say(chat_id, found.card)


@router.press(keyboards.WordleEnButton)
async def on_button(tap: Tap[keyboards.WordleEnButton], context: BotContext) -> None:
    """A letter tap, done, solved, undo, hard mode or review; a stale or forged press changes nothing."""
    press, deps, lang, chat_id, query = tap.press, tap.deps, tap.lang, tap.chat_id, tap.query
    if isinstance(press, keyboards.Undo):
        tap.reply(await _undo(deps, chat_id, lang, tap))
        return
    if isinstance(press, keyboards.Review):
        reviewed = await tap.load(WordleEnSession)
        if reviewed is not None:
            deps.answer(query)
            await _send_review(deps, chat_id, lang, reviewed.session)
        return
    loaded = await tap.load(WordleEnSession, lambda session: common_handlers.still_to_find(session, press.step))
    if loaded is None:
        return
    session = loaded.session
    solver = await deps.solvers.of(EnglishWordleSolver).ready()
    remaining = len(solver.candidates(session.history, session.hard))
    if not remaining:
        tap.stale()
        return
    if isinstance(press, keyboards.Tile):
        common.tap(session, press.index)
        await deps.save(chat_id, session, loaded)
        deps.answer_and_edit_buttons(query, keyboards.board(lang, session, remaining))
        return
    if isinstance(press, keyboards.Hard):
        progress = await asyncio.to_thread(game.switch_mode, solver, session)
        await deps.save(chat_id, session, loaded)
        text, markup = _shown(lang, session, progress)
    else:
        entry = common.solved_entry(session) if isinstance(press, keyboards.Solved) else common.tapped_entry(session)
        text, markup = await _enter(deps, chat_id, tap.user.id, lang, loaded=loaded, entry=entry)
    deps.answer_and_edit_buttons(query, None)
    deps.say(chat_id, text, markup=markup)


async def where_it_stands(deps: Deps, chat_id: int, lang: Lang) -> Answer | None:
    loaded = await deps.load(chat_id, WordleEnSession)
    if loaded is None or loaded.session.given_up:
        return None
    progress = await asyncio.to_thread(
        game.progress, await deps.solvers.of(EnglishWordleSolver).ready(), loaded.session
    )
    return _shown(lang, loaded.session, progress)
