"""The private letter game (and English Ghost) in Telegram: commands, typed letters, buttons.

Handlers are small: load the session, call the pure logic in
:mod:`bot.games.letters.session`, stage the session and the reply (words from
:mod:`bot.games.letters.texts`) in the update's unit of work. A handler takes no lock: the
chat's queue runs one item at a time (docs/architecture.md, the per-chat queue).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from telegram import InlineKeyboardMarkup, Update

from bot.core import texts as shared_texts
from bot.core.active import active_game, is_active, kept_secret, start_or_ask
from bot.core.context import BotContext, Deps, Loaded
from bot.core.game import offer_games
from bot.core.i18n import NP_, Language
from bot.core.router import Answer, Router, Tap
from bot.core.texts import Lang
from bot.games.letters import choice, keyboards, texts
from bot.games.letters import session as letters
from bot.games.letters.picture import review_picture
from bot.games.letters.session import KIND, LetterSession, Phase
from bot.games.letters.tables import LetterGames
from bot.storage import Tally
from solver.letters import InputError, LetterGame, Verdict, normalise_letter
from solver.lookup import TypedWord, TypedWordProblem, WordReport, look_up, read_typed_word
from solver.wordle.verdict import wordle_answer
from solver.words import Tier

T = TypeVar("T")

#: The set-up's questions after the rule, each asked with its buttons.
SETUP_QUESTIONS: dict[Phase, Callable[[Lang], str]] = {
    Phase.TIER: texts.ask_tier,
    Phase.FIRST: texts.ask_first,
    Phase.LEVEL: texts.ask_level,
    Phase.STRICT: texts.ask_strict,
}


async def _game(deps: Deps, session: LetterSession) -> LetterGame:
    letter_games = await deps.solvers.of(LetterGames).ready(session.dictionary, session.word_tier)
    return letter_games.letter_game(session.dictionary, session.rule, session.word_tier)


async def _save(
    deps: Deps,
    chat_id: int,
    loaded: Loaded[LetterSession],
    *,
    user_id: int,
    tally: Tally | None,
    activate: bool = False,
) -> None:
    """Commit the session with the player's record change (Ghost's apart), before any reply goes out."""
    session = loaded.session
    await deps.save(
        chat_id, session, loaded, user_id=user_id, tally=tally, activate=activate, record_kind=session.record_kind
    )


# ------------------------------------------------------------------ a new game


#: The game's handlers, each registered where it is written; bot/runtime/app.py wires them.
router = Router()


@router.command("play", NP_("menu", "play the letter game"))
async def play(update: Update, context: BotContext) -> None:
    """/play: which letter game (the player's language's first); /play en for English Ghost (its
    rule is fixed, so the set-up skips the rule), /play ru for the Russian game."""
    asked = context.args or []
    dictionary = letters.asked_dictionary(asked)
    if dictionary is None:
        context.deps.reply(context.message, texts.play_usage(context.lang))
    elif dictionary == Language.ENGLISH:
        await start_or_ask(context, keyboards.GHOST, begin_ghost)
    elif asked:
        await start_or_ask(context, keyboards.RUSSIAN, begin_russian)
    else:
        await start_or_ask(context, keyboards.START, begin)


async def begin(context: BotContext, chat_id: int, user_id: int, lang: Lang) -> None:
    """A new game's set-up, from its first question: which game, the Russian one under either
    rule or English Ghost."""
    session = LetterSession(tier=None)
    await context.deps.save(chat_id, session, None, activate=True)
    context.deps.say(chat_id, texts.ask_rule(lang), markup=keyboards.letter_setup(lang, session, Phase.RULE))


async def begin_russian(context: BotContext, chat_id: int, user_id: int, lang: Lang) -> None:
    """The Russian game's set-up (/play ru): only its rules are offered."""
    session = LetterSession(tier=None)
    await context.deps.save(chat_id, session, None, activate=True)
    markup = keyboards.letter_setup(lang, session, Phase.RULE, ghost=False)
    context.deps.say(chat_id, texts.ask_russian_rule(lang), markup=markup)


async def begin_ghost(context: BotContext, chat_id: int, user_id: int, lang: Lang) -> None:
    """English Ghost's set-up: its rule is fixed, so it starts at which words to play."""
    deps = context.deps
    session = LetterSession(
        dictionary=Language.ENGLISH, rule=deps.solvers.of(LetterGames).own_rule(Language.ENGLISH), tier=None
    )
    await deps.save(chat_id, session, None, activate=True)
    question = texts.ghost_intro(lang) + "\n" + texts.ask_tier(lang)
    context.deps.say(chat_id, question, markup=keyboards.letter_setup(lang, session, Phase.TIER))


async def begin_again(context: BotContext, chat_id: int, user_id: int, lang: Lang) -> None:
    """A new game with the last game's set-up, in one tap; without one, the set-up's questions.
    (A last game still playing here waits for the player's first move, else it was resigned
    first: a double tap on 🔁 starts the same set-up again.)"""
    deps = context.deps
    last = await deps.load(chat_id, LetterSession)
    if last is None or last.session.phase not in (Phase.OVER, Phase.PLAYING):
        await begin(context, chat_id, user_id, lang)
        return
    session = letters.same_setup(last.session)
    turn = letters.bot_opens(await _game(deps, session), session, deps.rng) if letters.bot_to_move(session) else None
    await _save(deps, chat_id, Loaded(session, last.stored), user_id=user_id, tally=Tally(played=1), activate=True)
    await _announce_start(context, chat_id, lang, session, turn)


def _set_up_line(lang: Lang, game: LetterGame, session: LetterSession) -> str:
    return texts.game_set(
        lang,
        game.rule,
        bool(session.player_first),
        session.bot_level,
        bool(session.strict),
        english=session.english,
        tier=session.word_tier,
    )


async def _announce_start(
    context: BotContext, chat_id: int, lang: Lang, session: LetterSession, turn: letters.Turn | None
) -> None:
    """The set-up in one line, then the bot's opening letter when it starts."""
    game = await _game(context.deps, session)
    summary = _set_up_line(lang, game, session)
    if turn is None:
        context.deps.say(chat_id, summary, markup=keyboards.letter_play(lang, session))
        return
    context.deps.say(chat_id, summary)
    text, markup = _turn_message(lang, game, session, turn)
    context.deps.say(chat_id, text, markup=markup)


def _turn_message(
    lang: Lang, game: LetterGame, session: LetterSession, turn: letters.Turn
) -> tuple[str, InlineKeyboardMarkup]:
    """A turn told (the letters played, the board or how the game ended) with its buttons."""
    return texts.turn_text(lang, turn, game.rule, english=session.english), keyboards.letter_play(lang, session)


@router.command("cancel")
async def cancel(update: Update, context: BotContext) -> None:
    """/cancel: leave the letter game's set-up (nothing is counted); with no set-up waiting, say
    what ends what."""
    deps, lang, chat_id = context.deps, context.lang, context.chat_id
    loaded = await deps.load(chat_id, LetterSession)
    in_setup = loaded is not None and loaded.session.phase not in (Phase.PLAYING, Phase.OVER)
    if loaded is None or not in_setup or await deps.active_kind(chat_id) != LetterSession.KIND:
        deps.reply(context.message, texts.nothing_to_cancel(lang))
        return
    loaded.session.over = True
    await _save(deps, chat_id, loaded, user_id=context.user.id, tally=None)
    deps.reply(context.message, texts.setup_left(lang))


# ------------------------------------------------------------------ moves


async def on_text(update: Update, context: BotContext) -> None:
    """A typed letter, while the chat plays this game."""
    deps, lang = context.deps, context.lang
    chat_id = context.chat_id
    loaded, outdated = await _load_checked(deps, chat_id, lang)
    if outdated is not None:
        deps.reply(context.message, outdated)
        return
    if loaded is None or loaded.session.phase is Phase.OVER:
        deps.reply(context.message, offer_games(deps, lang))
        return
    session = loaded.session
    if session.phase is not Phase.PLAYING:
        deps.reply(context.message, texts.choose_with_buttons(lang, english=session.english))
        return
    game = await _game(deps, session)
    typed = (context.message.text or "").strip()
    letter = normalise_letter(typed, game.alphabet)
    if isinstance(letter, InputError):
        deps.reply(context.message, _not_a_letter(lang, letter, typed, english=session.english))
        return
    said = _look_alike_read(lang, typed, letter, english=session.english)
    result = letters.play_letter(game, session, letter, deps.rng)
    if isinstance(result, letters.Refusal):
        refused = texts.refusal_text(lang, result, english=session.english)
        deps.reply(context.message, said + refused, markup=keyboards.letter_play(lang, session))
        return
    await _save(deps, chat_id, loaded, user_id=context.user.id, tally=_ending_tally(result))
    text, markup = _turn_message(lang, game, session, result)
    deps.reply(context.message, said + text, markup=markup)


def _look_alike_read(lang: Lang, typed: str, letter: str, *, english: bool) -> str:
    """The first line of the answer when a game read a letter of the other script as its
    look-alike (Latin a → А in the Russian game, Cyrillic а → A in English Ghost), so the player
    sees which letter was played; else nothing."""
    if english:
        return texts.read_as_english(lang, typed, letter) + "\n" if choice.written_in_cyrillic(typed) else ""
    if not choice.written_in_latin(typed):
        return ""
    return texts.read_as_russian(lang, typed, letter) + "\n"


def _not_a_letter(lang: Lang, error: InputError, typed: str, *, english: bool) -> str:
    """Why the text is not a move; a Latin letter in the Russian game also says which game this is."""
    answer = texts.not_a_letter(lang, error, english=english)
    if english or not choice.written_in_latin(typed):
        return answer
    return answer + "\n" + texts.russian_letters_only(lang)


async def reminder(deps: Deps, chat_id: int, lang: Lang) -> str:
    """What the game expects now, for a sticker or a photo: a letter of its alphabet,
    a set-up button, or (after the game) a new game."""
    loaded = await deps.load(chat_id, LetterSession)
    if loaded is None or loaded.session.phase is Phase.OVER:
        return offer_games(deps, lang)
    if loaded.session.phase is not Phase.PLAYING:
        return texts.choose_with_buttons(lang, english=loaded.session.english)
    return texts.expected_input(lang, english=loaded.session.english)


async def _load_checked(deps: Deps, chat_id: int, lang: Lang) -> tuple[Loaded[LetterSession] | None, str | None]:
    """The chat's letter game, and the notice to send when it was saved on a board the
    current word list no longer has: such a game is ended here, before any use."""
    loaded = await deps.load(chat_id, LetterSession)
    if loaded is None or not loaded.session.running:
        return loaded, None
    session = loaded.session
    if not letters.retire_if_outdated(await _game(deps, session), session):
        return loaded, None
    await deps.save(chat_id, session, loaded)
    return loaded, texts.board_outdated(lang, session.board, english=session.english)


def _ending_tally(turn: letters.Turn) -> Tally | None:
    if turn.ending is None:
        return None
    return Tally(won=1) if turn.ending.player_won else Tally(lost=1)


@dataclass(frozen=True)
class Act(Generic[T]):
    """A hint or a give-up: the change it makes to the game being played, what that counts
    in /stats, the words of its result, and what it says when no game is being played."""

    change: Callable[[LetterGame, LetterSession], T]
    tally: Callable[[T], Tally | None]
    told: Callable[[Lang, T], str]
    no_game: Callable[[Deps, Lang], str]


def _hint_tally(given: letters.Hint) -> Tally | None:
    """A hint asked once more after both were given repeats them: not another hint in /stats."""
    return None if given.repeated else Tally(hints=1)


HINT = Act(letters.hint, _hint_tally, texts.hint_text, lambda deps, lang: texts.no_game_to_hint(lang))
GIVE_UP = Act(letters.give_up, lambda _: Tally(lost=1), texts.gave_up_text, offer_games)


async def hint(update: Update, context: BotContext) -> None:
    await _answer_command(update, context, HINT)


async def give_up(update: Update, context: BotContext) -> None:
    await _answer_command(update, context, GIVE_UP)


async def _answer_command(update: Update, context: BotContext, act: Act[T]) -> None:
    """/hint or /giveup: do it and reply (a command, unlike a button, is never stale)."""
    answer = await _do(act, context.deps, context.chat_id, context.lang, user_id=context.user.id)
    assert answer is not None
    context.deps.reply(context.message, answer[0], markup=answer[1])


async def _do(
    act: Act[T], deps: Deps, chat_id: int, lang: Lang, *, user_id: int, tap: Tap[keyboards.LetterButton] | None = None
) -> Answer | None:
    """``act``, committed, and its answer; with a button ``tap``, None when that button is stale."""
    changed = await _change_running(deps, chat_id, lang, act.change, act.tally, user_id=user_id, tap=tap)
    if isinstance(changed, str):
        return changed, None
    if changed is None:
        if tap is not None:
            return None
        return await _unless_setting_up(deps, chat_id, lang, act.no_game(deps, lang)), None
    session, result = changed
    return act.told(lang, result), keyboards.letter_play(lang, session)


async def _unless_setting_up(deps: Deps, chat_id: int, lang: Lang, no_game: str) -> str:
    """``no_game``, unless the chat is answering this game's set-up questions: then the
    player is pointed at them, not told that no game is on."""
    loaded = await deps.load(chat_id, LetterSession)
    if (
        loaded is None
        or loaded.session.phase in (Phase.PLAYING, Phase.OVER)
        or not await is_active(deps, chat_id, KIND)
    ):
        return no_game
    return texts.choose_with_buttons(lang, english=loaded.session.english)


async def _change_running(
    deps: Deps,
    chat_id: int,
    lang: Lang,
    change: Callable[[LetterGame, LetterSession], T],
    tally: Callable[[T], Tally | None],
    *,
    user_id: int,
    tap: Tap[keyboards.LetterButton] | None = None,
) -> tuple[LetterSession, T] | str | None:
    """Apply ``change`` to the chat's letter game if one is being played, and commit
    it with the player's record change ``tally`` makes of its result; None when there
    is no game in play, or when the button ``tap`` that asked for it is stale (checked
    in the same item as the change, which runs alone in its chat, so a tap racing a letter
    never lands on the next turn); the notice when the game had to end because its board left the word list."""
    loaded, outdated = await _load_checked(deps, chat_id, lang)
    if outdated is not None:
        return outdated
    if loaded is None or loaded.session.phase is not Phase.PLAYING:
        return None
    if tap is not None and not await _made_at_this_turn(tap, loaded.session):
        return None
    result = change(await _game(deps, loaded.session), loaded.session)
    await _save(deps, chat_id, loaded, user_id=user_id, tally=tally(result))
    return loaded.session, result


#: The longest board /whowins takes (the longest English fragment is 30 letters deep).
MAX_TYPED_LETTERS = 40


async def _made_at_this_turn(tap: Tap[keyboards.LetterButton], session: LetterSession) -> bool:
    """Whether a hint or give-up button was made for this game at this turn (a hint button, for the hint due now)."""
    press = tap.press
    return await tap.made_for(
        session,
        lambda current: (
            press.step == len(current.board)
            and (not isinstance(press, keyboards.Hint) or press.stage == current.hint_stage)
        ),
    )


@router.command("whowins", NP_("menu", "who wins from these letters"))
async def who_wins(update: Update, context: BotContext) -> None:
    """The articles' question: who wins from these letters (the game's board when none are
    given), under the rule and in the language of the letter game being played."""
    deps = context.deps
    quiet = await kept_secret(deps, context.chat_id, context.lang)
    if quiet is not None:
        deps.reply(context.message, quiet)
        return
    _, outdated = await _load_checked(deps, context.chat_id, context.lang)
    if outdated is not None:
        context.deps.reply(context.message, outdated)
        return
    playing = await _letter_game_played(deps, context.chat_id)
    game = await _game(deps, playing) if playing is not None else None  # its table, awaited, and both everyday ones
    await deps.solvers.of(LetterGames).everyday()
    under_way = UnderWay(game, playing.board) if game is not None and playing is not None and playing.running else None
    answer_who_wins(context, under_way, playing)


def answer_who_wins(context: BotContext, under_way: UnderWay | None, playing: LetterSession | None = None) -> None:
    """/whowins, which is not a free hint: while a letter game is ``under_way`` in the chat (the
    private game, or a group's game that has started), a board of that game's language that begins
    with the game's board (the board itself, or any continuation of it: on an empty board, every
    board) is refused: in private with a pointer to /hint, which counts; in a group, where there
    are no hints, until the game is over. Boards off the game's line (not beginning with its
    board) and boards of the other language are answered as always."""
    deps = context.deps
    lang = context.lang
    typed = "".join(context.args or [])
    if under_way is not None:
        game = under_way.game
    else:
        game = (
            choice.game_by_script(deps.solvers.of(LetterGames), typed, lang)
            if playing is None
            else deps.solvers.of(LetterGames).letter_game(playing.dictionary, playing.rule, playing.word_tier)
        )
    if len(typed) > MAX_TYPED_LETTERS:  # the reply echoes the letters: keep it far below 4,096 characters
        context.deps.reply(context.message, texts.too_many_letters(lang, MAX_TYPED_LETTERS))
        return
    if not typed:
        board: str | InputError = under_way.board if under_way is not None else ""
    else:
        game, board = choice.game_for_letters(deps.solvers.of(LetterGames), game, typed)
    english = deps.solvers.of(LetterGames).language_of(game) == Language.ENGLISH
    if isinstance(board, InputError):
        context.deps.reply(context.message, texts.not_letters(lang, english=english))
        return
    if under_way is not None and under_way.reveals(deps, game, board):
        context.deps.reply(context.message, texts.who_wins_mid_game(lang, in_group=under_way.in_group))
        return
    verdict = game.verdict(board)
    if verdict is Verdict.NO_WORD:
        context.deps.reply(
            context.message, texts.who_wins_bad(lang, board, texts.no_word_starts(lang, english=english))
        )
    elif verdict is Verdict.UNREACHABLE:
        way = game.word_on_the_way(board) or ""
        context.deps.reply(context.message, texts.who_wins_bad(lang, board, texts.ends_earlier(lang, way)))
    else:
        answer = letters.who_wins(game, board)
        context.deps.reply(context.message, texts.who_wins_text(lang, answer, game.rule, english=english))


@dataclass(frozen=True)
class UnderWay:
    """A letter game under way in the chat: its game, its board, and whether it is a group's."""

    game: LetterGame
    board: str
    in_group: bool = False

    def reveals(self, deps: Deps, game: LetterGame, board: str) -> bool:
        """Whether the answer for ``board`` in ``game`` would tell how this game goes on: the same
        language, and a board that begins with this game's."""
        same = deps.solvers.of(LetterGames).language_of(game) == deps.solvers.of(LetterGames).language_of(self.game)
        return same and board.startswith(self.board)


async def _letter_game_played(deps: Deps, chat_id: int) -> LetterSession | None:
    """The chat's letter game when it is the game the chat plays (finished or not) and set up."""
    if not await is_active(deps, chat_id, KIND):
        return None
    loaded = await deps.load(chat_id, LetterSession)
    return loaded.session if loaded is not None and loaded.session.rule is not None else None


# ------------------------------------------------------------------ /word

#: Longer than any word of the dictionaries: not looked up, just asked again.
LONGEST_WORD = 40


@router.command("word", NP_("menu", "does a word count in the games"))
@router.command("word", group=True)  # in a group too (/whowins there is the group game's: it knows its board)
async def word(update: Update, context: BotContext) -> None:
    """/word слово: does it count in the letter game (which words) and in 5bukv, and if not, why."""
    lang = context.lang
    typed = context.args or []
    quiet = await kept_secret(context.deps, context.chat_id, lang) if context.message.chat.type == "private" else None
    if quiet is not None:
        context.deps.reply(context.message, quiet)
        return
    if not typed:
        context.deps.reply(context.message, texts.word_usage(lang))
        return
    if len(typed) > 1:
        context.deps.reply(context.message, texts.word_one_at_a_time(lang))
        return
    if len(typed[0]) > LONGEST_WORD:
        context.deps.reply(context.message, texts.word_too_long(lang, LONGEST_WORD))
        return
    read = read_typed_word(typed[0])  # punctuation around it dropped, one script, no digits
    if isinstance(read, TypedWordProblem):
        context.deps.reply(context.message, texts.word_not_a_word(lang, read))
        return
    letter_games = context.deps.solvers.of(LetterGames)
    for tier in Tier:  # every tier's table, and the look-up's lists (in a thread): the loop answers others meanwhile
        await letter_games.ready(read.code, tier)
    report = await asyncio.to_thread(word_report, letter_games, read)
    in_5bukv = await _playing_5bukv(context.deps, context.chat_id)
    context.deps.reply(context.message, texts.word_report_text(lang, report, wordle_first=in_5bukv))


#: The stored kind of 5bukv's sessions: in a 5bukv game /word answers with 5bukv's verdict first.
WORDLE_KIND = "5bukv"


async def _playing_5bukv(deps: Deps, chat_id: int) -> bool:
    """Whether the chat's game is 5bukv (asked by its stored kind: games do not import one another)."""
    loaded = await active_game(deps, chat_id)
    return loaded is not None and loaded.session.KIND == WORDLE_KIND


def word_report(letter_games: LetterGames, read: TypedWord) -> WordReport:
    """What the dictionaries say of a word, judged by the bot's own games of its language (every
    tier): the games that play, hint and review say whether a game can end on it."""
    games = {tier: letter_games.game(read.code, tier) for tier in Tier}
    return look_up(read.word, read.code, games, wordle_answer)


# ------------------------------------------------------------------ review


async def review(update: Update, context: BotContext) -> None:
    """/review: the last game graded by the solver, move by move (after it is over)."""
    deps = context.deps
    loaded = await deps.load(context.chat_id, LetterSession)
    if loaded is not None and loaded.session.running:
        deps.reply(context.message, shared_texts.review_after_the_end(context.lang))
        return
    if loaded is None:
        deps.reply(context.message, shared_texts.nothing_to_review(context.lang))
        return
    await _send_review(deps, context.chat_id, context.lang, loaded.session)


async def _send_review(deps: Deps, chat_id: int, lang: Lang, session: LetterSession, *, picture: bool = False) -> None:
    """The review as text with a button for the picture, or (``picture``) the picture itself."""
    graded = letters.review(await _game(deps, session), session)
    if graded is None:
        deps.say(chat_id, shared_texts.nothing_to_review(lang))
    elif picture:
        deps.show(chat_id, await asyncio.to_thread(review_picture, lang, graded))
    else:
        deps.say(chat_id, texts.review_text(lang, graded), markup=keyboards.review_picture(lang, session))


# ------------------------------------------------------------------ buttons


@router.press(keyboards.LetterButton)
async def on_button(tap: Tap[keyboards.LetterButton], context: BotContext) -> None:
    """The set-up's choices, hint and give up; anything stale gets a short notice and changes nothing."""
    press, deps = tap.press, tap.deps
    loaded = await tap.load(LetterSession)
    if loaded is None:
        return
    if isinstance(press, keyboards.SetupChoice):
        if loaded.session.phase is not press.PHASE:
            tap.stale()
            return
        await _setup_step(tap, press, context, loaded)
        return
    if isinstance(press, keyboards.Review | keyboards.Picture):
        tap.deps.answer(tap.query)
        await _send_review(deps, tap.chat_id, tap.lang, loaded.session, picture=isinstance(press, keyboards.Picture))
        return
    act: Act[Any] = HINT if isinstance(press, keyboards.Hint) else GIVE_UP
    tap.reply(await _do(act, deps, tap.chat_id, tap.lang, user_id=tap.user.id, tap=tap))


def _choose(deps: Deps, session: LetterSession, press: keyboards.SetupChoice) -> None:
    """Record one set-up answer in the session."""
    match press:
        case keyboards.ChooseGame(opening=opening):
            if opening.rule is None:  # English Ghost, under its own rule
                session.dictionary = Language.ENGLISH
                session.rule = deps.solvers.of(LetterGames).own_rule(Language.ENGLISH)
            else:
                session.rule = opening.rule
        case keyboards.ChooseTier(tier=tier):
            session.tier = tier
        case keyboards.ChooseFirst(first=first):
            session.player_first = first
        case keyboards.ChooseLevel(level=level):
            session.level = level
        case keyboards.ChooseStrict(strict=strict):
            session.strict = strict


async def _setup_step(
    tap: Tap[keyboards.LetterButton], press: keyboards.SetupChoice, context: BotContext, loaded: Loaded[LetterSession]
) -> None:
    """One choice of the game's set-up; the last one starts the game."""
    deps, query, chat_id, lang = tap.deps, tap.query, tap.chat_id, tap.lang
    session = loaded.session
    _choose(deps, session, press)
    turn = None
    tally = None
    if session.phase is Phase.PLAYING:
        tally = Tally(played=1)
        if letters.bot_to_move(session):
            turn = letters.bot_opens(await _game(deps, session), session, deps.rng)
    await _save(deps, chat_id, loaded, user_id=tap.user.id, tally=tally, activate=True)
    phase = session.phase
    if phase in SETUP_QUESTIONS:
        question = SETUP_QUESTIONS[phase]
        context.deps.answer_and_edit(query, question(lang), keyboards.letter_setup(lang, session, phase))
        return
    game = await _game(deps, session)
    summary = _set_up_line(lang, game, session)
    # the player to move gets the turn's buttons (hint, give up) here, as after 🔁; else with the bot's letter
    context.deps.answer_and_edit(query, summary, None if turn is not None else keyboards.letter_play(lang, session))
    if turn is not None:
        text, markup = _turn_message(lang, game, session, turn)
        context.deps.say(chat_id, text, markup=markup)


async def where_it_stands(deps: Deps, chat_id: int, lang: Lang) -> Answer | None:
    """The board and its buttons while a game is played (a redelivered update's answer)."""
    loaded = await deps.load(chat_id, LetterSession)
    if loaded is None or loaded.session.phase is not Phase.PLAYING:
        return None
    return texts.your_move(lang, loaded.session.board), keyboards.letter_play(lang, loaded.session)
