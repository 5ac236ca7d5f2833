"""The letter game in a group chat: the Telegram plumbing around :mod:`bot.games.letters.group.session`.

Every change is committed with its deadline (a lobby's expiry, a turn's time) and then
announced; the deadline's timer is delivery's (:mod:`bot.delivery.timers`), which hands back a
``TimerFired`` (:func:`on_timer`) in the group's line.
"""

from __future__ import annotations

import asyncio
import copy
import logging
import re
import time
from collections import Counter
from collections.abc import Callable
from functools import partial

from telegram import InlineKeyboardMarkup, Message, Update, User
from telegram.constants import ChatMemberStatus
from telegram.error import TelegramError
from telegram.ext import ChatMemberHandler, filters

from bot.core import texts as shared_texts
from bot.core.context import GROUPS, App, BotContext, Deps, Loaded, Services, topic_of
from bot.core.handlers import reply_with
from bot.core.i18n import Language
from bot.core.router import Router, Tap
from bot.core.texts import Lang, own_words
from bot.delivery.events import Delivered, TimerFired
from bot.games.letters.group import keyboards, texts
from bot.games.letters.group import session as group
from bot.games.letters.group import store as group_store
from bot.games.letters.group.session import GroupSession
from bot.games.letters.group.settings import own_settings
from bot.games.letters.handlers import UnderWay, answer_who_wins
from bot.games.letters.session import asked_dictionary
from bot.games.letters.tables import LetterGames
from bot.games.letters.texts import board_outdated, play_usage
from bot.storage import Tally
from bot.storage.outgoing import Receipt
from solver.letters import InputError, InputProblem, LetterGame, normalise_letter

log = logging.getLogger(__name__)

#: How early a timer job may fire and still count (the scheduler's clock and ours differ a little).
EARLY = 0.05
#: A turn message out later than this after the save restarts the turn's clock.
CLOCK_SLACK = 0.5
#: The leaderboard's short period, in seconds.
WEEK = 7 * 24 * 3600


#: Seconds before a turn's time is up when the player to move is reminded ...
NUDGE_SECONDS = 10
#: ... in turns longer than this only (in a short turn the reminder would come nearly at once).
NUDGE_FROM = 20
#: Latin letters: in the game of Russian words they are answered, not read as look-alikes.
LATIN = re.compile("[A-Za-z]")


def _lang(session: GroupSession) -> Lang:
    return shared_texts.language(session.lang)


async def _game(deps: Deps, session: GroupSession) -> LetterGame:
    letter_games = await deps.solvers.of(LetterGames).ready(session.dictionary)
    return letter_games.letter_game(session.dictionary, session.rule)


#: The game's handlers, each registered where it is written; bot/runtime/app.py wires them.
router = Router()


# ------------------------------------------------------------------ commands


@router.command("play", group=True)
async def play(update: Update, context: BotContext) -> None:
    """/play (or /play ru, /play en): open a lobby, one game per group. The game's words follow
    the creator's language unless asked for; the lobby offers both."""
    deps = context.deps
    user = context.user
    lang = context.lang
    args = context.args or []
    if context.message.sender_chat is not None:  # as the group or a channel: no person could run it
        deps.reply(context.message, texts.post_as_yourself(lang))
        return
    dictionary = asked_dictionary(args) if args else own_words(lang, keyboards.DICTIONARIES)
    if dictionary is None:
        context.deps.reply(context.message, play_usage(lang))
        return
    loaded = await deps.load(context.chat_id, GroupSession)
    if loaded is not None and loaded.session.phase is group.GroupPhase.LOBBY:
        context.deps.reply(context.message, texts.lobby_open(_lang(loaded.session), loaded.session, context.chat_id))
        return
    if loaded is not None and loaded.session.phase is group.GroupPhase.PLAYING:
        context.deps.reply(context.message, texts.group_game_running(_lang(loaded.session)))
        return
    session = GroupSession(
        creator=user.id,
        lang=lang,
        dictionary=dictionary,
        rule=deps.solvers.of(LetterGames).own_rule(dictionary),
    )
    session.thread = topic_of(context.message)
    forms = _forms(user)
    group.join(session, user.id, forms[0], forms)
    await _open_lobby(context, context.chat_id, session, None, context.message)


async def _open_lobby(
    context: BotContext,
    chat_id: int,
    session: GroupSession,
    loaded: Loaded[GroupSession] | None,
    message: Message | None,
) -> None:
    """Save a new lobby with its expiry and show it (a reply to ``message``, or said in the chat)."""
    deps = context.deps
    session.deadline = time.time() + own_settings(deps.settings).group_lobby_seconds
    await deps.save(chat_id, session, loaded, deadline=session.deadline, remind=False)
    lang = _lang(session)
    lobby, buttons = texts.lobby_text(lang, session), keyboards.lobby(lang, session)
    receipt = Receipt(LOBBY_RECEIPT, session.id)
    if message is not None:
        deps.reply(message, lobby, buttons, receipt=receipt)
    else:
        deps.say(chat_id, lobby, buttons, thread=session.thread, receipt=receipt)


#: Receipts the group game asks of its messages: the lobby's (its message id is kept, so that
#: changes not made by its buttons update it too) and a turn's (its clock starts when it is out).
LOBBY_RECEIPT, TURN_RECEIPT = "lobby", "turn"


@router.event(Delivered)
async def on_delivered(event: Delivered, context: BotContext) -> None:
    """A lobby's or a turn's message is out (in the chat's line, like any update)."""
    deps = context.deps
    loaded = await deps.load(event.chat_id, GroupSession)
    if loaded is None:
        return
    session = loaded.session
    if event.receipt == Receipt(LOBBY_RECEIPT, session.id):
        session.lobby_message = event.message_id
        await deps.save(event.chat_id, session, loaded)
    elif event.receipt == Receipt(TURN_RECEIPT, session.id, loaded.version):
        await _start_the_clock(context, event.chat_id, loaded, event.sent_at)


def _show_lobby(deps: Deps, chat_id: int, session: GroupSession, closed: str | None = None) -> None:
    """Bring the lobby's message up to date: the list and buttons, or why it closed."""
    if session.lobby_message is None:
        return
    lang = _lang(session)
    text = texts.lobby_text(lang, session) if closed is None else closed
    markup = keyboards.lobby(lang, session) if closed is None else None
    deps.edit(chat_id, session.lobby_message, text, markup)


@router.command("start", group=True)
async def start_in_group(update: Update, context: BotContext) -> None:
    """/start in a group: what the bot does here, and where the other games are."""
    context.deps.reply(context.message, texts.group_start(context.lang, context.bot.username or ""))


#: /l, /stop or /top in a private chat: they belong to a game in a group.
group_only = reply_with(texts.group_only)
router.add_command("l", group_only)
router.add_command("stop", group_only)
router.add_command("top", group_only)


@router.command("top", group=True)
async def top(update: Update, context: BotContext) -> None:
    """/top: the group's leaderboard, the last 7 days and all time."""
    store, chat_id = context.deps.db, context.chat_id
    week = await group_store.top(store, chat_id, since=time.time() - WEEK)
    ever = await group_store.top(store, chat_id)
    context.deps.reply(context.message, texts.top_text(context.lang, week, ever))


hint_in_group = reply_with(texts.no_group_hints)
router.add_command("hint", hint_in_group, group=True)


@router.command("review", group=True)
async def review(update: Update, context: BotContext) -> None:
    """/review in a group: after the game, each player's turning point in one line."""
    deps = context.deps
    loaded = await deps.load(context.chat_id, GroupSession)
    if loaded is not None and loaded.session.phase is group.GroupPhase.PLAYING:
        deps.reply(context.message, texts.review_after_the_game(_lang(loaded.session)))
        return
    points = None if loaded is None else group.turning_points(await _game(deps, loaded.session), loaded.session)
    if loaded is None or points is None:
        deps.reply(context.message, shared_texts.nothing_to_review(context.lang))
        return
    deps.reply(context.message, texts.review_text(_lang(loaded.session), loaded.session, points))


def _forms(user: User) -> list[str]:
    """The names the game may call ``user`` by, fuller and fuller (a fuller one when another
    player has the same first name)."""
    forms = [user.first_name]
    if user.last_name:
        forms.append(f"{user.first_name} {user.last_name}")
    if user.username:
        forms.append(f"{user.first_name} (@{user.username})")
    return forms


show_help = reply_with(texts.group_help_text)
router.add_command("help", show_help, group=True)


@router.command("whowins", group=True)
async def who_wins(update: Update, context: BotContext) -> None:
    """/whowins in a group: the letter game's answer, except on the line of the group's game
    while it is played (a group game has no hints)."""
    loaded = await context.deps.load(context.chat_id, GroupSession)
    under_way = None
    if loaded is not None and loaded.session.phase is group.GroupPhase.PLAYING:
        under_way = UnderWay(await _game(context.deps, loaded.session), loaded.session.board, in_group=True)
    await context.deps.solvers.of(LetterGames).everyday()  # it reads either language's table
    answer_who_wins(context, under_way)


@router.command("l", group=True)
async def letter_command(update: Update, context: BotContext) -> None:
    """/l <letter>: a move that reaches the bot even with privacy mode on."""
    text = " ".join(context.args or [])
    if not text:
        context.deps.reply(context.message, texts.group_letter_usage(context.lang))
        return
    await _move(update, context, text, addressed=True)


@router.text_in_groups
async def on_text(update: Update, context: BotContext) -> None:
    """A bare letter, or a reply to the bot, or a message that mentions it."""
    username = context.bot.username or ""
    text = re.sub(f"@{re.escape(username)}", "", context.message.text or "", flags=re.IGNORECASE).strip()
    await _move(update, context, text, addressed=_addresses_bot(context.message, username))


def _addresses_bot(message: Message, username: str) -> bool:
    replied = message.reply_to_message
    if replied is not None and replied.from_user is not None and replied.from_user.username == username:
        return True
    return bool(username) and f"@{username.lower()}" in (message.text or "").lower()


async def _move(update: Update, context: BotContext, text: str, addressed: bool) -> None:
    deps = context.deps
    chat_id = context.chat_id
    loaded = await deps.load(chat_id, GroupSession)
    if loaded is None or loaded.session.phase is not group.GroupPhase.PLAYING:
        if addressed and loaded is not None and loaded.session.phase is group.GroupPhase.LOBBY:
            context.deps.reply(context.message, texts.not_started(_lang(loaded.session), loaded.session))
        elif addressed:
            context.deps.reply(context.message, texts.no_group_game(context.lang))
        return
    if await _stopped_if_outdated(context, deps, chat_id, loaded):
        return
    session = loaded.session
    lang = _lang(session)
    if topic_of(context.message) != session.thread:  # another topic's talk, or General's
        if addressed:
            context.deps.reply(context.message, texts.game_in_another_topic(lang))
        return
    if context.message.sender_chat is not None or context.user.id != session.current:
        if addressed:  # everyone else's letters are table talk
            context.deps.reply(context.message, texts.not_your_turn(lang, session))
        return
    game = await _game(deps, session)
    english = session.dictionary == Language.ENGLISH
    letter = normalise_letter(text, game.alphabet)
    latin = not english and LATIN.search(text) is not None
    if isinstance(letter, InputError) or latin:
        if addressed or len(text) == 1:
            error = letter if isinstance(letter, InputError) else InputError(InputProblem.NOT_IN_ALPHABET, text)
            context.deps.reply(context.message, texts.group_not_a_letter(lang, error, english=english, latin=latin))
        return
    await _commit(context, deps, chat_id, loaded=loaded, events=[group.play_letter(game, session, letter)])


@router.command("giveup", group=True)
async def give_up(update: Update, context: BotContext) -> None:
    """/giveup: the player leaves the lobby or the running game."""
    deps = context.deps
    chat_id = context.chat_id
    loaded = await _open_game(context, deps, chat_id)
    if loaded is None or await _stopped_if_outdated(context, deps, chat_id, loaded):
        return
    if not await _leave(context, chat_id, loaded, context.user.id, context.message):
        context.deps.reply(context.message, texts.not_in_game(_lang(loaded.session)))


@router.message(GROUPS & filters.StatusUpdate.LEFT_CHAT_MEMBER)
async def on_member_left(update: Update, context: BotContext) -> None:
    """A member left the group, or was removed from it (the service message every bot gets)."""
    gone = context.message.left_chat_member
    if gone is not None:
        await _member_gone(context, gone)


async def on_member_change(update: Update, context: BotContext) -> None:
    """A member's status changed (what a bot that is an admin gets, also where the group hides
    the service messages of members leaving): gone when they left or were banned."""
    change = update.chat_member
    if change is not None and change.new_chat_member.status in (ChatMemberStatus.LEFT, ChatMemberStatus.BANNED):
        await _member_gone(context, change.new_chat_member.user)


router.add(ChatMemberHandler(on_member_change, ChatMemberHandler.CHAT_MEMBER))


async def _member_gone(context: BotContext, gone: User) -> None:
    """Out of the group's lobby or game at once, the turn passing on if it was theirs (rather than
    waiting for their time to run out); a second signal of the same leaving finds them out."""
    if gone.is_bot:  # the bot's own removal: bot.core.chats
        return
    deps, chat_id = context.deps, context.chat_id
    loaded = await deps.load(chat_id, GroupSession)
    if loaded is None or loaded.session.phase is group.GroupPhase.OVER:
        return
    if not await _stopped_if_outdated(context, deps, chat_id, loaded):
        await _leave(context, chat_id, loaded, gone.id, None, how=group.Outcome.GONE)


async def _leave(
    context: BotContext,
    chat_id: int,
    loaded: Loaded[GroupSession],
    player: int,
    asked: Message | None,
    *,
    how: group.Outcome = group.Outcome.LEFT,
) -> bool:
    """``player`` leaves the lobby or the running game (``asked``: the message that asked, answered);
    False when they were not in it."""
    deps, session = context.deps, loaded.session
    name = session.name(player)
    event = group.leave(session, player, how)
    if event is None:
        return False
    if not session.started:
        if session.over:  # nobody is left in the lobby
            await _close(context, deps, chat_id, loaded)
        else:
            await deps.save(chat_id, session, loaded)
        if asked is not None:
            deps.reply(asked, texts.left_lobby(_lang(session), name))
        else:
            deps.say(chat_id, texts.left_lobby(_lang(session), name), thread=session.thread)
        _show_lobby(deps, chat_id, session, texts.lobby_closed(_lang(session)) if session.over else None)
        return True
    await _commit(context, deps, chat_id, loaded=loaded, events=[event])
    return True


async def _open_game(context: BotContext, deps: Deps, chat_id: int) -> Loaded[GroupSession] | None:
    """The group's lobby or running game; None, with the group told so, when there is none."""
    loaded = await deps.load(chat_id, GroupSession)
    if loaded is None or loaded.session.phase is group.GroupPhase.OVER:
        deps.reply(context.message, texts.no_group_game(context.lang))
        return None
    return loaded


@router.command("stop", group=True)
async def stop(update: Update, context: BotContext) -> None:
    """/stop: for the group's admins and the game's creator."""
    deps = context.deps
    chat_id = context.chat_id
    user_id = context.user.id
    loaded = await _open_game(context, deps, chat_id)
    if loaded is None:
        return
    session = loaded.session
    anonymous = _from_the_group(context.message)
    if not anonymous and user_id != session.creator:
        admin = await _is_admin(context, chat_id, user_id)
        if admin is not True:
            refusal = texts.group_stop_refused if admin is False else texts.admin_check_failed
            context.deps.reply(context.message, refusal(_lang(session)))
            return
    who = texts.anonymous_admin(_lang(session)) if anonymous else session.names.get(user_id) or context.user.first_name
    group.stop(session)
    await _close(context, deps, chat_id, loaded)
    context.deps.reply(context.message, texts.group_stopped(_lang(session), who))
    if not session.started:
        _show_lobby(deps, chat_id, session, texts.group_stopped(_lang(session), who))


async def _stopped_if_outdated(
    context: BotContext,
    deps: Deps,
    chat_id: int,
    loaded: Loaded[GroupSession],
) -> bool:
    """Stop, counted for nobody and with the group told why, a running game whose board
    the current word list no longer has; the caller then does nothing more."""
    session = loaded.session
    if not group.is_outdated(await _game(deps, session), session):
        return False
    group.stop(session)
    await _close(context, deps, chat_id, loaded)
    english = session.dictionary == Language.ENGLISH
    deps.say(chat_id, board_outdated(_lang(session), session.board, english=english), thread=session.thread)
    return True


async def _close(
    context: BotContext,
    deps: Deps,
    chat_id: int,
    loaded: Loaded[GroupSession],
) -> None:
    """Commit a lobby or game that has just ended, and drop its timer."""
    await deps.save(chat_id, loaded.session, loaded, deadline=None)


def _from_the_group(message: Message) -> bool:
    """Posted as the group itself: only its admins can do that (Telegram's anonymous admins)."""
    return message.sender_chat is not None and message.sender_chat.id == message.chat_id


async def _is_admin(context: BotContext, chat_id: int, user_id: int) -> bool | None:
    """Whether Telegram lists the user as an admin of the group; None when it would not say."""
    try:
        member = await context.bot.get_chat_member(chat_id, user_id)
    except TelegramError as error:
        log.info("could not ask Telegram whether user %d is an admin of chat %d: %s", user_id, chat_id, error)
        return None
    return member.status in (ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER)


# ------------------------------------------------------------------ the lobby's buttons


@router.press(keyboards.LobbyButton, private=False)
async def on_lobby_button(tap: Tap[keyboards.LobbyButton], context: BotContext) -> None:
    """Join, the language, the bot and its level, the rule, Start; a press for another game or a
    game begun is stale. The lobby speaks its own language; a note to the presser is in theirs."""
    press, deps, query, chat_id, user = tap.press, tap.deps, tap.query, tap.chat_id, tap.user
    if isinstance(press, keyboards.Rematch):
        await _rematch(tap, context)
        return
    loaded = await tap.load(GroupSession, lambda session: session.phase is group.GroupPhase.LOBBY)
    if loaded is None:
        return
    session = loaded.session
    lang = _lang(session)
    before = copy.deepcopy(session)
    refusal = _lobby_change(session, press, user.id, _forms(user))
    if refusal is not None:
        context.deps.answer(query, refusal(context.lang))
        return
    if session.dictionary != before.dictionary:  # another language: its own rule (the one chosen stays otherwise)
        session.rule = deps.solvers.of(LetterGames).own_rule(session.dictionary)
    if session == before:  # the option already chosen (a double tap): nothing to save, nor to show again
        context.deps.answer(query)
        return
    if isinstance(press, keyboards.Begin):
        context.deps.answer_and_edit(query, texts.lobby_text(lang, session))
        played = {player: Tally(played=1) for player in session.players if player != group.BOT}
        await _commit(context, deps, chat_id, loaded=loaded, events=[], tallies=played)
        return
    session.step += 1
    await deps.save(chat_id, session, loaded)
    context.deps.answer_and_edit(query, texts.lobby_text(lang, session), keyboards.lobby(lang, session))


async def _rematch(tap: Tap[keyboards.LobbyButton], context: BotContext) -> None:
    """🔁 under a finished game: a new lobby with the same players (each can still /giveup) and the
    same set-up, gathered by the presser. A second tap, or one under an older game, is stale: by
    then the group's game is another one."""
    loaded = await tap.load(GroupSession, lambda session: session.phase is group.GroupPhase.OVER)
    if loaded is None:
        return
    old = loaded.session
    if tap.user.id not in old.players:
        tap.deps.answer(tap.query, texts.rematch_not_yours(tap.lang))
        return
    session = GroupSession(
        creator=tap.user.id,
        lang=old.lang,
        dictionary=old.dictionary,
        rule=old.rule,
        gentle=old.gentle,
        level=old.level,
        thread=old.thread,
    )
    for player in old.players:
        group.join(session, player, old.names.get(player, ""), old.forms.get(player, []))
    tap.deps.answer_and_edit_buttons(tap.query, None)
    await _open_lobby(context, tap.chat_id, session, loaded, None)


def _lobby_change(
    session: GroupSession, press: keyboards.LobbyButton, user_id: int, forms: list[str]
) -> Callable[[Lang], str] | None:
    """Make the change a lobby button asks for; the words of the refusal when it cannot be made.
    Anyone may join; only the lobby's creator chooses the language, the rule, the mode, the bot
    and its level, and when to start."""
    if isinstance(press, keyboards.Join):
        if user_id not in session.players and group.is_full(session):
            return texts.lobby_full
        return None if group.join(session, user_id, forms[0], forms) else texts.already_joined
    if user_id != session.creator:
        return partial(texts.only_creator, session=session)
    match press:
        case keyboards.SeatBot(seated=seated):
            if not group.seat_bot(session, seated):
                return texts.lobby_full
        case keyboards.ChooseRule(rule=rule):
            if session.dictionary == Language.RUSSIAN:
                session.rule = rule
        case keyboards.Gentle(on=on):
            session.gentle = on
        case keyboards.ChooseWords(dictionary=dictionary):
            session.dictionary = dictionary
        case keyboards.ChooseLevel(level=level):
            session.level = level
        case keyboards.Begin():
            if not group.start(session):
                return texts.need_two_players
    return None


# ------------------------------------------------------------------ turns and timers


async def _commit(
    context: BotContext,
    deps: Deps,
    chat_id: int,
    *,
    loaded: Loaded[GroupSession],
    events: list[group.Event],
    tallies: dict[int, Tally] | None = None,
) -> None:
    """The bot's own moves while it is to move, the next deadline, the records and the group's
    winner, and the turn's message: all staged in the one unit, so they commit together."""
    session = loaded.session
    game = await _game(deps, session)
    if session.phase is group.GroupPhase.PLAYING and session.current == group.BOT:
        # Five or more seats are solved on first use (0.02-0.04 s, more on a busy machine): off the
        # event loop, so other chats are answered meanwhile; cached in the game after that.
        await asyncio.to_thread(game.with_players, len(session.live))
    while session.phase is group.GroupPhase.PLAYING and session.current == group.BOT:
        events.append(group.bot_letter(game, session))
    seconds = own_settings(deps.settings).group_turn_seconds
    session.deadline = time.time() + seconds if session.phase is group.GroupPhase.PLAYING else None
    changes = _results(events, tallies or {})
    version = await deps.save(chat_id, session, loaded, tallies=changes, deadline=session.deadline)
    if session.over and session.winner is not None:  # the bot's wins too: /top must not say nobody won
        name = texts.player_name(_lang(session), session, session.winner)
        deps.stage(group_store.winner(chat_id, session.winner, name, time.time()))
    text = texts.group_turn_text(_lang(session), session, events, seconds)
    receipt = Receipt(TURN_RECEIPT, session.id, version) if session.deadline is not None else None
    # One message per turn; while the group's budget holds it back, the next turn's replaces it
    # and tells its moves first (bot.delivery.outbox), so the group reads every move.
    story = texts.turn_story(_lang(session), session, events, text)
    deps.say(
        chat_id,
        text,
        _final_buttons(session),
        html=True,
        thread=session.thread,
        receipt=receipt,
        key=_turn_key(session),
        story=story,
    )


def _turn_key(session: GroupSession) -> str:
    """The key of a game's turn messages: a newer one replaces an older one still unsent."""
    return f"{TURN_RECEIPT}:{session.id}"


def _turn_message_waits(context: BotContext, chat_id: int, session: GroupSession) -> bool:
    """Whether the turn's message is still unsent (the group's budget, or Telegram away): the
    turn's clock has not started, so its timer waits (the message's receipt restarts the clock)."""
    deps = context.deps
    if not deps.message_waits(chat_id, _turn_key(session)):
        return False
    deps.check_again_at(chat_id, group.KIND, time.time() + own_settings(deps.settings).group_turn_seconds)
    return True


def _final_buttons(session: GroupSession) -> InlineKeyboardMarkup | None:
    """🔁 under the message that ends a game; none under a turn's."""
    return keyboards.rematch(_lang(session), session) if session.over else None


async def _start_the_clock(
    context: BotContext,
    chat_id: int,
    loaded: Loaded[GroupSession],
    sent_at: float,
) -> None:
    """The turn's time counts from when its message is out, so a message Telegram's rate limits
    held back does not eat into it (the receipt names the version the turn was saved at: a move
    made since has its own clock)."""
    session = loaded.session
    if session.deadline is None:
        return
    deadline = sent_at + own_settings(context.deps.settings).group_turn_seconds
    if deadline - session.deadline < CLOCK_SLACK:
        return  # sent at once: the saved deadline stands
    session.deadline = deadline
    await context.deps.save(chat_id, session, loaded, deadline=deadline)


def _results(events: list[group.Event], tallies: dict[int, Tally]) -> dict[int, Tally]:
    """Records per person: a loss for each player out, a win for the winner (the bot keeps none)."""
    lost = Counter(player for event in events for player in event.out if player != group.BOT)
    won = Counter(event.winner for event in events if event.winner not in (None, group.BOT))
    changes = dict(tallies)
    for player in set(lost) | set(won):
        assert player is not None
        before = changes.get(player, Tally())
        changes[player] = Tally(before.played, before.won + won[player], before.lost + lost[player], before.hints)
    return changes


def _nudges(turn_seconds: float) -> bool:
    """Whether turns this long get a "seconds left" nudge."""
    return turn_seconds > NUDGE_FROM


async def _nudge(event: TimerFired, context: BotContext) -> None:
    """Remind the player to move, once a turn (the turn is known by its deadline): not for a
    lobby, an ended game or a turn whose deadline is no longer near (a move overtook it)."""
    deps = context.deps
    loaded = await deps.load(event.chat_id, GroupSession)
    if loaded is None or loaded.session.phase is not group.GroupPhase.PLAYING:
        return
    session = loaded.session
    left = (session.deadline or 0.0) - time.time()
    if session.deadline is None or session.nudged == session.deadline or not 0 < left <= NUDGE_SECONDS + 1:
        return
    session.nudged = session.deadline
    await deps.save(event.chat_id, session, loaded)
    text = texts.time_nearly_up(_lang(session), session, max(1.0, left))
    deps.say(event.chat_id, text, html=True, thread=session.thread)


@router.event(TimerFired)
async def on_timer(event: TimerFired, context: BotContext) -> None:
    """A deadline of the group game's went off (a reminder, or the time itself)."""
    if event.kind == group.KIND:
        await (_nudge if event.nudge else _time_up)(event, context)


async def _time_up(event: TimerFired, context: BotContext) -> None:
    """The player to move did not move in time: out; a lobby nobody started closes. A timer a
    move has overtaken does nothing."""
    chat_id = event.chat_id
    deps = context.deps
    loaded = await deps.load(chat_id, GroupSession)
    if loaded is None or loaded.session.phase is group.GroupPhase.OVER or loaded.session.deadline is None:
        return
    if await _stopped_if_outdated(context, deps, chat_id, loaded):
        return
    session = loaded.session
    if session.deadline is not None and session.deadline > time.time() + EARLY:
        deps.check_again_at(chat_id, group.KIND, session.deadline)
        return
    if session.phase is group.GroupPhase.LOBBY:
        group.expire(session)
        await deps.save(chat_id, session, loaded, deadline=None)
        _show_lobby(deps, chat_id, session, texts.lobby_expired(_lang(session)))
        return
    if _turn_message_waits(context, chat_id, session):
        return
    await _commit(context, deps, chat_id, loaded=loaded, events=[group.time_out(session)])


# ------------------------------------------------------------------ the group itself


async def on_moved(context: BotContext, old: int, new: int) -> None:
    """The group became a supergroup with id ``new``: its winners follow it, and its game's timer
    runs under the new id (the shared rows move in the same unit: bot.core.chats)."""
    context.deps.stage(group_store.move_wins(old, new))
    loaded = await context.deps.load(old, GroupSession)
    if loaded is None or loaded.session.deadline is None or loaded.session.phase is group.GroupPhase.OVER:
        return
    context.deps.set_timer(old, group.KIND, None)
    playing = loaded.session.phase is group.GroupPhase.PLAYING
    context.deps.set_timer(new, group.KIND, loaded.session.deadline, remind=playing)


async def on_left(context: BotContext, chat_id: int) -> bool:
    """The bot can no longer write in the group: its lobby or game stops, counted for nobody, and
    says nothing (nobody there would read it). Whether one was open."""
    deps = context.deps
    loaded = await deps.load(chat_id, GroupSession)
    if loaded is None or loaded.session.phase is group.GroupPhase.OVER:
        return False
    group.stop(loaded.session)
    await _close(context, deps, chat_id, loaded)
    return True


async def ask_for_nudges(application: App) -> None:
    """At start: a turn long enough gets its "seconds left" nudge (restored deadlines too)."""
    services: Services = application.bot_data.services

    def before() -> float | None:
        return NUDGE_SECONDS if _nudges(own_settings(services.settings).group_turn_seconds) else None

    services.timers.remind(group.KIND, before)
