"""The daily puzzle in Telegram: /daily in a private chat plays the day's puzzle against the bot's
perfect defence; in a group it shows the day's board and who of the group solved it; inline
queries share the player's card of the day."""

from __future__ import annotations

import asyncio
from datetime import date, datetime
from uuid import uuid4
from zoneinfo import ZoneInfo

from telegram import Update

from bot.core.active import running_game, start_or_ask
from bot.core.context import BotContext, Deps, Loaded
from bot.core.game import offer_games
from bot.core.i18n import NP_, Language
from bot.core.router import Answer, Router, Tap
from bot.core.texts import Lang, LocaleData, own_words
from bot.games.letters.daily import keyboards, store, texts
from bot.games.letters.daily import session as daily
from bot.games.letters.daily.session import DailySession, Turn
from bot.games.letters.daily.settings import own_settings
from bot.games.letters.tables import LetterGames
from bot.storage import Tally
from solver.daily import EPOCH, DailyBook, Puzzle, main_line, squares
from solver.letters import InputError, LetterGame, normalise_letter
from solver.words import Tier

#: Each language's book of puzzles, with the game it was made for (tables are built once a process).
_BOOKS: dict[str, DailyBook] = {}


async def _game(deps: Deps, lang: str) -> LetterGame:
    """The day's game: the language's own rule on its everyday words (its table awaited)."""
    return (await deps.solvers.of(LetterGames).ready(lang, Tier.COMMON)).game(lang, Tier.COMMON)


async def book(deps: Deps, lang: str) -> DailyBook:
    game = await _game(deps, lang)
    known = _BOOKS.get(lang)
    if known is None or known.game is not game:
        known = _BOOKS[lang] = DailyBook(game, lang)
    return known


async def _book_and_day_names(deps: Deps, puzzle_lang: str, lang: Lang) -> DailyBook:
    """The puzzle's book, with the player's CLDR data (the date's day name) asked for at the same
    time: a first /daily right after a start has both built next, one after the other, not the
    second a slice of the build later."""
    found, _ = await asyncio.gather(book(deps, puzzle_lang), deps.solvers.of(LocaleData).ready(lang))
    return found


def today(deps: Deps) -> date:
    """The puzzle's day: the date now in the configured time zone (it changes at its midnight)."""
    return datetime.now(ZoneInfo(own_settings(deps.settings).daily_timezone)).date()


def _asked_language(args: list[str], lang: Lang) -> Language | None:
    """``/daily``: the player's language's puzzle; ``/daily ru`` or ``/daily en``: that one."""
    asked = _asked(args, lang)
    return asked[0] if asked is not None and asked[1] is None else None


def _asked(args: list[str], lang: Lang) -> tuple[Language, date | None] | None:
    """The puzzle's language and, for ``/daily 2026-11-20`` (or ``/daily en 2026-11-20``), its day;
    None when the words are neither."""
    puzzle_lang: Language | None = None
    day: date | None = None
    for word in args:
        if word.lower() in tuple(Language) and puzzle_lang is None:
            puzzle_lang = Language(word.lower())
            continue
        try:
            parsed = date.fromisoformat(word)
        except ValueError:
            return None
        if day is not None:
            return None
        day = parsed
    return puzzle_lang or own_words(lang, BEGINS), day


# ------------------------------------------------------------------ private play


#: The game's handlers, each registered where it is written; bot/runtime/app.py wires them.
router = Router()


@router.command("daily", NP_("menu", "the daily puzzle"))
async def start(update: Update, context: BotContext) -> None:
    asked = _asked(context.args or [], context.lang)
    if asked is None:
        context.deps.reply(context.message, texts.usage(context.lang))
        return
    puzzle_lang, day = asked
    if day is not None:
        await _start_archive(context, puzzle_lang, day)
        return
    await start_or_ask(
        context, keyboards.START_EN if puzzle_lang == Language.ENGLISH else keyboards.START_RU, BEGINS[puzzle_lang]
    )


async def _start_archive(context: BotContext, puzzle_lang: Language, day: date) -> None:
    """A past day's puzzle, never counted; today's is /daily itself, and tomorrow's is not out."""
    deps, lang = context.deps, context.lang
    now = today(deps)
    if day > now:
        deps.reply(context.message, texts.not_out_yet(lang, day.isoformat()))
        return
    if day < EPOCH:
        deps.reply(context.message, texts.before_the_first(lang, EPOCH.isoformat()))
        return
    if day == now:
        await start_or_ask(
            context, keyboards.START_EN if puzzle_lang == Language.ENGLISH else keyboards.START_RU, BEGINS[puzzle_lang]
        )
        return
    if await running_game(deps, context.chat_id) is not None:
        deps.reply(context.message, texts.finish_first(lang))
        return
    puzzle = (await _book_and_day_names(deps, puzzle_lang, lang)).puzzle(day)
    session = DailySession.of(puzzle, counted=False, archive=True)
    last = await deps.load(context.chat_id, DailySession)
    await deps.save(
        context.chat_id, session, last, user_id=context.user.id, activate=True, record_kind=session.record_kind
    )
    deps.say(context.chat_id, texts.intro(lang, puzzle, counted=False, archive=True))


async def begin_russian(context: BotContext, chat_id: int, user_id: int, lang: Lang) -> None:
    await _begin(context, chat_id, user_id, lang, Language.RUSSIAN)


async def begin_english(context: BotContext, chat_id: int, user_id: int, lang: Lang) -> None:
    await _begin(context, chat_id, user_id, lang, Language.ENGLISH)


async def begin_own(context: BotContext, chat_id: int, user_id: int, lang: Lang) -> None:
    """The start menu's button: the puzzle in the player's language."""
    await _begin(context, chat_id, user_id, lang, own_words(lang, BEGINS))


BEGINS = {Language.RUSSIAN: begin_russian, Language.ENGLISH: begin_english}


async def _begin(context: BotContext, chat_id: int, user_id: int, lang: Lang, puzzle_lang: str) -> None:
    """The day's puzzle: counted when it is the player's first go at it today, else a replay."""
    deps = context.deps
    puzzle = (await _book_and_day_names(deps, puzzle_lang, lang)).puzzle(today(deps))
    earlier = await store.result_of(deps.db, user_id, puzzle_lang, puzzle.day)
    session = DailySession.of(puzzle, counted=earlier is None)
    if earlier is None:
        deps.stage(store.attempt(user_id, puzzle_lang, puzzle.day))
    tally = Tally(played=1) if earlier is None else None
    last = await deps.load(chat_id, DailySession)
    await deps.save(
        chat_id, session, last, user_id=user_id, tally=tally, activate=True, record_kind=session.record_kind
    )
    said = texts.intro(lang, puzzle, counted=earlier is None)
    deps.say(chat_id, said if earlier is None else texts.result_of_day(lang, earlier) + "\n\n" + said)


async def on_text(update: Update, context: BotContext) -> None:
    deps, lang = context.deps, context.lang
    loaded = await deps.load(context.chat_id, DailySession)
    if loaded is None or not loaded.session.running:
        deps.reply(context.message, offer_games(deps, lang))
        return
    session = loaded.session
    game = await _game(deps, session.lang)
    letter = normalise_letter(context.message.text or "", game.alphabet)
    if isinstance(letter, InputError):
        deps.reply(context.message, texts.not_a_letter(lang, session.lang == Language.ENGLISH))
        return
    losing = daily.loses_at_once(game, session, letter)
    if losing is not None and session.pending != letter:
        session.pending = letter  # asked once: the same letter again counts
        await deps.save(context.chat_id, session, loaded)
        word = game.word_on_the_way(session.position + letter)
        deps.reply(context.message, texts.sure(lang, session, letter, losing, word))
        return
    session.pending = ""
    turn = daily.play(game, session, letter)
    if not turn.over:
        await deps.save(context.chat_id, session, loaded)
        deps.say(context.chat_id, texts.turn_text(lang, session, turn))
        return
    await _finish(context, loaded, game, turn)


async def _finish(context: BotContext, loaded: Loaded[DailySession], game: LetterGame, turn: Turn) -> None:
    """The go ended: its outcome kept (a counted go only), the streak, and the card to share."""
    deps, lang, user_id = context.deps, context.lang, context.user.id
    session = loaded.session
    marks = session.card_squares(game)
    tally = None
    if session.counted_go:
        deps.stage(
            store.outcome(
                user_id, session.lang, session.date, won=session.won, moves=session.player_moves, squares=marks
            )
        )
        tally = Tally(won=1) if session.won else Tally(lost=1)
    await deps.save(context.chat_id, session, loaded, user_id=user_id, tally=tally, record_kind=session.record_kind)
    lines = [texts.turn_text(lang, session, turn), texts.ending(lang, session, turn)]
    if session.counted_go:
        current, best = await _streaks(deps, user_id, session)
        lines += [texts.streak_line(lang, current, best), "", texts.card(lang, session, marks, current)]
    else:  # a replay or a past day: its card would tell a result that is not the day's
        lines += [texts.replay_note(lang, session), marks]
    deps.say(context.chat_id, "\n".join(lines), keyboards.after_go(lang, session))


async def _streaks(deps: Deps, user_id: int, ended: DailySession | None = None) -> tuple[int, int]:
    """The player's current and best streak, counting ``ended`` (a counted go just ended, not yet committed)."""
    puzzle_lang = ended.lang if ended is not None else Language.RUSSIAN
    results = await store.results(deps.db, user_id, puzzle_lang)
    if ended is not None and ended.counted_go:
        mine = store.Result(ended.date, ended.won, ended.player_moves, "")
        results = [result for result in results if result.day != ended.date] + [mine]
    loss_keeps = own_settings(deps.settings).daily_loss_keeps_streak
    return daily.streaks(results, today(deps), loss_keeps=loss_keeps)


async def hint(update: Update, context: BotContext) -> None:
    """No hints in the daily: it is solved alone; once it is over, nothing is secret."""
    loaded = await context.deps.load(context.chat_id, DailySession)
    over = loaded is None or not loaded.session.running
    context.deps.reply(context.message, texts.over_now(context.lang) if over else texts.no_hints(context.lang))


async def undo(update: Update, context: BotContext) -> None:
    """Moves are not taken back; once the go is over there is nothing to take back at all."""
    loaded = await context.deps.load(context.chat_id, DailySession)
    over = loaded is None or not loaded.session.running
    context.deps.reply(context.message, texts.no_undo(context.lang, over))


async def give_up(update: Update, context: BotContext) -> None:
    deps = context.deps
    loaded = await deps.load(context.chat_id, DailySession)
    if loaded is None or not loaded.session.running:
        deps.reply(context.message, texts.nothing_to_give_up(context.lang))
        return
    session = loaded.session
    session.resign()
    tally = None
    if session.counted_go:
        marks = session.card_squares(await _game(deps, session.lang))
        deps.stage(
            store.outcome(
                context.user.id, session.lang, session.date, won=False, moves=session.player_moves, squares=marks
            )
        )
        tally = Tally(lost=1)
    await deps.save(
        context.chat_id, session, loaded, user_id=context.user.id, tally=tally, record_kind=session.record_kind
    )
    deps.reply(context.message, texts.gave_up(context.lang))


async def reminder(deps: Deps, chat_id: int, lang: Lang) -> str:
    loaded = await deps.load(chat_id, DailySession)
    if loaded is None or not loaded.session.running:
        return offer_games(deps, lang)
    return texts.expected_letter(lang)


async def where_it_stands(deps: Deps, chat_id: int, lang: Lang) -> Answer | None:
    loaded = await deps.load(chat_id, DailySession)
    if loaded is None or not loaded.session.running:
        return None
    return texts.board(lang, loaded.session.position) + "\n" + texts.expected_letter(lang), None


# ------------------------------------------------------------------ review


async def review(update: Update, context: BotContext) -> None:
    deps = context.deps
    loaded = await deps.load(context.chat_id, DailySession)
    deps.reply(context.message, await _review(deps, context.lang, loaded.session if loaded is not None else None))


@router.press(keyboards.DailyButton)
async def on_button(tap: Tap[keyboards.DailyButton], context: BotContext) -> None:
    loaded = await tap.load(DailySession, lambda session: session.over)
    if loaded is not None:
        tap.reply((await _review(tap.deps, tap.lang, loaded.session), None))


async def _review(deps: Deps, lang: Lang, session: DailySession | None) -> str:
    """Each of the player's moves with its square, and the letters that were better; only once the
    go is over (before, it would be a hint)."""
    if session is None or not session.over:
        return texts.nothing_to_review(lang)
    game = await _game(deps, session.lang)
    judged = []
    for index, square in enumerate(squares(game, session.board, session.letters)):
        before = session.board + session.letters[: 2 * index]
        judged.append((session.letters[2 * index], square, tuple(game.winning_letters(before))))
    return texts.review_text(lang, session, judged, session.board + main_line(game, session.board))


# ------------------------------------------------------------------ /stats


async def more_stats(deps: Deps, user_id: int, lang: Lang) -> list[str]:
    """Each language's streak, for the player who has played its daily."""
    lines = []
    for puzzle_lang in Language:
        results = await store.results(deps.db, user_id, puzzle_lang)
        if results:
            current, best = await _streaks_of(deps, user_id, puzzle_lang)
            lines.append(texts.streak_stats(lang, current, best, english_ghost=puzzle_lang == Language.ENGLISH))
    return lines


# ------------------------------------------------------------------ groups and sharing


@router.command("daily", group=True)
async def in_group(update: Update, context: BotContext) -> None:
    """/daily in a group: the day's board and who of the group solved it; the asker joins its board.
    The solution is never shown here."""
    deps, lang = context.deps, context.lang
    asked = _asked_language(context.args or [], lang) or Language.RUSSIAN
    puzzle: Puzzle = (await book(deps, asked)).puzzle(today(deps))
    user = context.user
    deps.stage(store.member(context.chat_id, user.id, user.full_name))
    rows = await store.group_board(deps.db, context.chat_id, asked, puzzle.day)
    if all(name != user.full_name for name, _, _ in rows):
        rows.append((user.full_name, None, 0))
    username = context.bot.username or "bot"
    deps.reply(context.message, texts.group_board(lang, puzzle, username, rows))


@router.inline
async def inline(update: Update, context: BotContext) -> None:
    """An inline query (the Share button, or @bot typed in any chat): the player's card of the day,
    each language they finished today; nothing else."""
    query = update.inline_query
    assert query is not None
    deps, lang = context.deps, context.lang
    day = today(deps)
    results = []
    for puzzle_lang in Language:
        result = await store.result_of(deps.db, query.from_user.id, puzzle_lang, day)
        if result is None or result.won is None:
            continue
        current, _ = await _streaks_of(deps, query.from_user.id, puzzle_lang)
        number = (await book(deps, puzzle_lang)).puzzle(day).number
        session = DailySession(lang=puzzle_lang, day=day.isoformat(), number=number)
        session.won, session.letters = bool(result.won), "?" * max(0, 2 * result.moves - 1)
        text = texts.card(lang, session, result.squares, current)
        results.append(
            {
                "type": "article",
                "id": uuid4().hex,
                "title": texts.inline_title(lang, number, english_ghost=puzzle_lang == Language.ENGLISH),
                "description": text.splitlines()[1],
                "input_message_content": {"message_text": text},
            }
        )
    button = None if results else {"text": texts.inline_nothing(lang), "start_parameter": "daily"}
    deps.answer_inline(query.from_user.id, query.id, results, button)


async def _streaks_of(deps: Deps, user_id: int, puzzle_lang: str) -> tuple[int, int]:
    results = await store.results(deps.db, user_id, puzzle_lang)
    return daily.streaks(results, today(deps), loss_keeps=own_settings(deps.settings).daily_loss_keeps_streak)
