"""5bukv in Telegram: /5bukv, typed masks, the letter buttons, /undo, /hint, /giveup.

Some calls search for a guess (up to a second or so off the stored tree), so
they run in a worker thread.
"""

from __future__ import annotations

import asyncio
from functools import partial

from telegram import InlineKeyboardMarkup, Update

from bot.core import texts as shared_texts
from bot.core.active import resign_running, start_or_ask
from bot.core.context import App, BotContext, Deps, Loaded, Services
from bot.core.game import offer_games
from bot.core.i18n import NP_
from bot.core.router import Answer, Router, Tap
from bot.core.solvers import BuildingSolvers, Solvers
from bot.core.texts import Lang
from bot.games.wordle import keyboards, texts
from bot.games.wordle import session as wordle
from bot.games.wordle import store as wordle_store
from bot.games.wordle.picture import review_picture
from bot.games.wordle.session import Progress, WordleSession
from bot.games.wordle.settings import own_settings
from bot.games.wordle.solver import WordleSolver
from bot.games.wordle_common import handlers as common_handlers
from bot.games.wordle_common import session as common
from bot.games.wordle_common import texts as common_texts
from bot.games.wordle_common.session import MAX_ENTRIES
from solver.wordle import Entry, EntryError, composed, parse_entry

#: The game's handlers, each registered where it is written; bot/runtime/app.py wires them.
router = Router()


@router.command("5bukv", NP_("menu", "helper for the 5bukv word game"))
async def start(update: Update, context: BotContext) -> None:
    """/5bukv: a new game, with the first guess to try."""
    await start_or_ask(context, keyboards.START, begin)


async def begin(context: BotContext, chat_id: int, user_id: int, lang: Lang) -> None:
    """A new game."""
    deps = context.deps
    session = wordle.start((await deps.solvers.of(WordleSolver).ready()).first_guess)
    progress = wordle.progress(await deps.solvers.of(WordleSolver).ready(), session)
    await deps.save(chat_id, session, None, activate=True)  # counted as played from its first entry
    text, markup = _shown(lang, session, progress)
    context.deps.say(chat_id, text, markup=markup)


def _shown(lang: Lang, session: WordleSession, progress: Progress) -> tuple[str, InlineKeyboardMarkup]:
    tiles = keyboards.wordle(lang, session, progress.remaining, masked=progress.masked)
    return texts.progress_text(lang, progress), tiles


async def on_text(update: Update, context: BotContext) -> None:
    """A typed mask (or word and mask), while the chat plays this game."""
    deps, lang = context.deps, context.lang
    loaded = await deps.load(context.chat_id, WordleSession)
    refused = _takes_no_entry(deps, lang, loaded.session if loaded is not None else None)
    if refused is not None or loaded is None:
        deps.reply(context.message, refused or offer_games(deps, lang))
        return
    typed = composed(context.message.text or "")
    entry = parse_entry(typed, loaded.session.suggestion)
    if isinstance(entry, EntryError):
        chat_id, user_id = context.chat_id, context.user.id
        told = await _told_answer(deps, chat_id, user_id, loaded, typed) if typed.strip().isalpha() else None
        word = wordle.word_alone(typed)
        if told is not None:
            over = isinstance(told, wordle.ToldAnswer)  # the game is over: a new one, or its review
            deps.reply(
                context.message,
                texts.told(lang, told),
                markup=keyboards.new_game(lang, loaded.session) if over else None,
            )
        elif word is not None:  # a guess typed without its colours: not an unknown colour "к"
            deps.reply(context.message, texts.word_without_colours(lang, word))
        else:
            deps.reply(context.message, texts.entry_problem(lang, entry))
        return
    if wordle.word_problem(entry, loaded.session) is not None:
        deps.reply(context.message, texts.not_russian_word(lang))
        return
    solver = await deps.solvers.of(WordleSolver).ready()  # the dictionary's words may still be read: off the loop
    if not await asyncio.to_thread(solver.is_word, entry.word):  # ыыыыы: the game would not have taken it
        deps.reply(context.message, texts.not_a_word(lang, entry.word))
        return
    if wordle.colours_without_a_word(deps.solvers.of(WordleSolver), loaded.session, typed):
        deps.reply(context.message, texts.colours_need_a_word(lang))
        return
    entries = len(loaded.session.entries)
    text, markup = await _enter(deps, context.chat_id, context.user.id, lang, loaded=loaded, entry=entry)
    taken = len(loaded.session.entries) > entries  # one that contradicts earlier entries is not
    if taken and not deps.solvers.of(WordleSolver).knows(entry.word):
        text = texts.not_in_list(lang, entry.word) + "\n" + text
    deps.reply(context.message, text, markup=markup)


def _takes_no_entry(deps: Deps, lang: Lang, session: WordleSession | None) -> str | None:
    """Why the game takes no typed entry now (none, given up, solved, its answer told, full), or None."""
    if session is None or session.given_up:
        return offer_games(deps, lang)
    if session.solved:
        return texts.already_solved(lang)
    if session.told:  # the game is over: nothing more is entered in it
        return texts.answer_told(lang, session.answer)
    if session.full:
        return texts.too_many_entries(lang, MAX_ENTRIES)
    return None


async def reminder(deps: Deps, chat_id: int, lang: Lang) -> str:
    """What the game expects now, for a sticker or a photo: a mask while the word is to find,
    else what a typed mask would be told (it is solved, or there is no game)."""
    loaded = await deps.load(chat_id, WordleSession)
    if loaded is None or loaded.session.given_up:
        return offer_games(deps, lang)
    if loaded.session.solved:
        return texts.already_solved(lang)
    if loaded.session.told:
        return texts.answer_told(lang, loaded.session.answer)
    return texts.expected_input(lang)


async def _told_answer(
    deps: Deps, chat_id: int, user_id: int, loaded: Loaded[WordleSession], typed: str
) -> wordle.Told | None:
    """A word typed alone while no word fits is the game's answer: kept per player; reported by enough
    different players (``WORDLE_ANSWER_PLAYERS``), it joins this deployment's words. Once told, the
    game is over (not under way: /5bukv starts anew at once, and a later entry is not applied to
    it); it counts neither as solved nor as lost, since the bot never found the word."""
    session = loaded.session
    answer = wordle.told_answer(await deps.solvers.of(WordleSolver).ready(), session, typed)
    if answer is None or isinstance(answer, wordle.AnswerProblem):
        return answer
    await deps.save(chat_id, session, loaded)
    deps.stage(wordle_store.answer_report(answer, user_id))
    players = len(await wordle_store.answer_reporters(deps.db, answer) | {user_id})
    needed = own_settings(deps.settings).wordle_answer_players
    if players >= needed:
        deps.after_commit(lambda: deps.solvers.of(WordleSolver).add_answers([answer]))
    return wordle.ToldAnswer(answer, players, needed)


async def restore_answers(application: App) -> None:
    """At start: the answers enough players reported join the words again."""
    services: Services = application.bot_data.services
    refused = await wordle_store.refused_words(services.db, own_settings(services.settings).wordle_refused_players)
    if refused:  # once the engine is built: the start (and the first replies) need not wait for it
        application.bot_data.keep_running(asyncio.create_task(_refuse_when_built(services, refused)))
    services.solvers.of(WordleSolver).add_answers(
        await wordle_store.reported_answers(services.db, own_settings(services.settings).wordle_answer_players)
    )


async def _refuse_when_built(services: Services, words: list[str]) -> None:
    (await services.solvers.of(WordleSolver).ready()).refuse_for_everyone(words)  # once the engine is built


async def _enter(
    deps: Deps, chat_id: int, user_id: int, lang: Lang, *, loaded: Loaded[WordleSession], entry: Entry
) -> tuple[str, InlineKeyboardMarkup]:
    """Add an entry (a search may run: off the event loop) and commit it; the first entry counts the
    game as played, a first solve as a win, the sixth try without the answer as a loss (each once)."""
    session = loaded.session
    solver = await deps.solvers.of(WordleSolver).ready()
    progress = await asyncio.to_thread(wordle.enter, solver, session, entry)
    if session.history == [entry]:  # a first guess: graded ahead, so the review need not wait for it
        refused = wordle.refused_before_each_guess(session)[0]
        deps.after_commit(partial(solver.prepare_review, entry, refused, partial(_until_built, deps.solvers)))
    await deps.save(chat_id, session, loaded, user_id=user_id, tally=common_handlers.tally(progress))
    return _shown(lang, session, progress)


def _until_built(solvers: Solvers) -> None:
    """Return once every game's solver tables are built (at once where they were built up front)."""
    if isinstance(solvers, BuildingSolvers):
        solvers.wait_until_built()


async def _refuse(
    deps: Deps, chat_id: int, user_id: int, lang: Lang, loaded: Loaded[WordleSession]
) -> tuple[str, InlineKeyboardMarkup]:
    """The game did not take the suggestion: the next best word instead (a search: off the event
    loop). The report is kept; once enough different players (``WORDLE_REFUSED_PLAYERS``) made
    it, the word leaves the guesses for everyone."""
    session = loaded.session
    word = session.suggestion
    progress = await asyncio.to_thread(wordle.refuse, await deps.solvers.of(WordleSolver).ready(), session)
    await deps.save(chat_id, session, loaded)
    deps.stage(wordle_store.refusal_report(word, user_id))
    if (
        len(await wordle_store.refusal_reporters(deps.db, word) | {user_id})
        >= own_settings(deps.settings).wordle_refused_players
    ):
        deps.after_commit(lambda: deps.solvers.of(WordleSolver).refuse_for_everyone([word]))
    return _shown(lang, session, progress)


async def _undo(deps: Deps, chat_id: int, lang: Lang, tap: Tap[keyboards.WordleButton] | None = None) -> Answer | None:
    """Take back the last entry; with a button ``tap``, None when that button is stale
    (checked in the same item, which runs alone in its chat, so two taps take back one entry, not two)."""
    loaded = await deps.load(chat_id, WordleSession)
    if tap is not None and (loaded is None or not await common_handlers.made_at_this_step(tap, loaded.session)):
        return None
    if loaded is None or loaded.session.given_up:
        return common_texts.nothing_to_undo(lang), None
    if loaded.session.told:
        return texts.answer_told(lang, loaded.session.answer), None
    session = loaded.session
    progress = await asyncio.to_thread(wordle.undo, await deps.solvers.of(WordleSolver).ready(), session)
    if progress is None:
        return common_texts.nothing_to_undo(lang), None
    await deps.save(chat_id, session, loaded)
    return _shown(lang, session, progress)


undo = common_handlers.undo_command(_undo)


async def hint(update: Update, context: BotContext) -> None:
    """/hint during 5bukv: where the game stands, and the word to try."""
    deps = context.deps
    loaded = await deps.load(context.chat_id, WordleSession)
    if loaded is None or loaded.session.given_up:
        context.deps.reply(context.message, offer_games(context.deps, context.lang))
        return
    if loaded.session.told:
        context.deps.reply(context.message, texts.answer_told(context.lang, loaded.session.answer))
        return
    progress = await asyncio.to_thread(wordle.progress, await deps.solvers.of(WordleSolver).ready(), loaded.session)
    text, markup = _shown(context.lang, loaded.session, progress)
    context.deps.reply(context.message, text, markup=markup)


async def give_up(update: Update, context: BotContext) -> None:
    """/giveup during 5bukv: the game ends as lost, with the words that were still possible."""
    lang = context.lang
    session = await resign_running(context, WordleSession)
    if session is None:
        context.deps.reply(context.message, await _nothing_to_give_up(context.deps, context.chat_id, lang))
        return
    solver = await context.deps.solvers.of(WordleSolver).ready()
    possible = wordle.possible_answers(solver, session)
    fitting = len(solver.candidates(session.history, session.refused))
    context.deps.reply(
        context.message, texts.gave_up(lang, possible, fitting), markup=keyboards.new_game(lang, session)
    )


async def _nothing_to_give_up(deps: Deps, chat_id: int, lang: Lang) -> str:
    """Before the first entry there is nothing to lose yet; a game already solved or given up
    is told as a sticker would be, not asked for its first mask."""
    loaded = await deps.load(chat_id, WordleSession)
    if loaded is not None and not loaded.session.solved and not loaded.session.given_up:
        return texts.nothing_to_give_up(lang)
    return await reminder(deps, chat_id, lang)


async def review(update: Update, context: BotContext) -> None:
    """/review: each guess of the game beside the engine's best, skill and luck, and the grid to share."""
    loaded = await context.deps.load(context.chat_id, WordleSession)
    await _send_review(context.deps, context.chat_id, context.lang, loaded.session if loaded else WordleSession())


async def _send_review(deps: Deps, chat_id: int, lang: Lang, session: WordleSession, *, picture: bool = False) -> None:
    """The review (a button under it for the picture), then the grid alone in its own message, so it
    copies without the rest; or (``picture``) the review as a picture."""
    solver = await deps.solvers.of(WordleSolver).ready()
    found = await asyncio.to_thread(wordle.review, solver, session)  # every guess against every word: ~0.1 s each
    if found is None:
        deps.say(chat_id, shared_texts.nothing_to_review(lang))
        return
    if picture:
        deps.show(chat_id, await asyncio.to_thread(review_picture, lang, found, solver.can_say))
        return
    deps.say(chat_id, texts.review_text(lang, found, solver.can_say), keyboards.review_picture(lang, session))
    if session.over:  # a game still going has no result to share: "X/6" would read as lost
        deps.say(chat_id, texts.share_intro(lang))
        deps.say(chat_id, found.grid)


@router.press(keyboards.WordleButton)
async def on_button(tap: Tap[keyboards.WordleButton], context: BotContext) -> None:
    """A letter tap, done, solved, undo or "not taken"; a stale or forged press changes nothing."""
    press, deps, lang, chat_id, query = tap.press, tap.deps, tap.lang, tap.chat_id, tap.query
    if isinstance(press, keyboards.Undo):
        tap.reply(await _undo(deps, chat_id, lang, tap))
        return
    if isinstance(press, keyboards.Review | keyboards.Picture):
        reviewed = await tap.load(WordleSession)
        if reviewed is not None:
            deps.answer(query)
            await _send_review(deps, chat_id, lang, reviewed.session, picture=isinstance(press, keyboards.Picture))
        return
    loaded = await tap.load(WordleSession, lambda session: common_handlers.still_to_find(session, press.step))
    if loaded is None:
        return
    session = loaded.session
    remaining = len((await deps.solvers.of(WordleSolver).ready()).candidates(session.history, session.refused))
    if not remaining:  # no word fits: only undo and a new word are left
        tap.stale()
        return
    if not isinstance(press, keyboards.Tile) and session.full:
        context.deps.answer(query, texts.too_many_entries(lang, MAX_ENTRIES), alert=True)
        return
    if isinstance(press, keyboards.Tile):
        common.tap(session, press.index)
        await deps.save(chat_id, session, loaded)
        masked = not (await deps.solvers.of(WordleSolver).ready()).wordle.can_say(session.suggestion)
        context.deps.answer_and_edit_buttons(query, keyboards.wordle(lang, session, remaining, masked=masked))
        return
    if isinstance(press, keyboards.Refused):
        text, markup = await _refuse(deps, chat_id, tap.user.id, lang, loaded)
    else:
        entry = common.solved_entry(session) if isinstance(press, keyboards.Solved) else common.tapped_entry(session)
        text, markup = await _enter(deps, chat_id, tap.user.id, lang, loaded=loaded, entry=entry)
    context.deps.answer_and_edit_buttons(query, None)
    context.deps.say(chat_id, text, markup=markup)


async def where_it_stands(deps: Deps, chat_id: int, lang: Lang) -> Answer | None:
    """The entries so far and the word to try (a redelivered update's answer)."""
    loaded = await deps.load(chat_id, WordleSession)
    if loaded is None or loaded.session.given_up or loaded.session.told:
        return None
    progress = await asyncio.to_thread(wordle.progress, await deps.solvers.of(WordleSolver).ready(), loaded.session)
    return _shown(lang, loaded.session, progress)
