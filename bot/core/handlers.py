"""Handlers no one game owns: the start menu, help, rules, records, unknown input, faults, a press
under a message sent through inline mode, and the commands and messages every private game answers
its own way (routed to the chat's game now).

Which games there are, this module reads from the registry's records (``games.wired(deps.services)``),
so it imports no game.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from telegram import Update
from telegram.ext import CallbackQueryHandler

from bot.core import game as games
from bot.core import keyboards, texts
from bot.core.context import BotContext, Deps
from bot.core.game import PrivatePlay, Rules
from bot.core.keyboards import ChooseLanguage
from bot.core.resilience import Fault, classify, handle_quietly
from bot.core.router import Handler
from bot.core.texts import Lang
from bot.storage import StoreLostError

log = logging.getLogger(__name__)


async def start(update: Update, context: BotContext) -> None:
    """/start: the greeting, and a button for each game."""
    lang, deps = context.lang, context.deps
    entries = [(entry.label(lang), entry.target) for entry in _menu_entries(deps, lang)]
    deps.reply(context.message, texts.greeting(lang, context.user.first_name), keyboards.menu(entries))


def _menu_entries(deps: Deps, lang: Lang) -> list[games.MenuEntry]:
    """The start menu's buttons, those of each game that has some, in the registry's order but
    for the games in the player's language, which come first (English Ghost for English users)."""
    plays = [game.private for game in games.wired(deps.services) if game.private is not None]
    entries = [entry for play in plays for entry in (*([play.menu] if play.menu else []), *play.more_menu)]
    return sorted(entries, key=lambda entry: entry.lead != lang)  # a stable sort: the rest keep their order


async def choose_language(update: Update, context: BotContext) -> None:
    """/lang: buttons for the bot's language; /lang en or /lang ru switches at once. The choice
    is the user's (in every chat), kept in the database, and outranks their Telegram app's."""
    deps, asked = context.deps, context.args or []
    if not asked:
        deps.reply(context.message, texts.ask_language(context.lang), keyboards.language_choice())
        return
    chosen = texts.language_named(asked[0]) if len(asked) == 1 else None
    if chosen is None:
        deps.reply(context.message, texts.language_usage(context.lang))
        return
    _choose(context, chosen)
    deps.reply(context.message, texts.language_chosen(chosen))


async def on_language_button(update: Update, context: BotContext) -> None:
    """A /lang button: the presser's language from now on (in a group the presser alone is told,
    so the message stays as the others see it)."""
    pressed = ChooseLanguage.unpack(context.query.data)
    if pressed is None:
        answer_stale(context)
        return
    deps, chosen = context.deps, pressed.lang
    _choose(context, chosen)
    chat = update.effective_chat
    if chat is not None and chat.type == chat.PRIVATE:
        deps.answer_and_edit(context.query, texts.language_chosen(chosen))
    else:
        deps.answer(context.query, texts.language_chosen(chosen), alert=True)


def _choose(context: BotContext, lang: Lang) -> None:
    """The sender's language from now on, and their private chat's command menu in it (Telegram
    picks a menu by the app's language, which the choice outranks), committed together. A menu
    Telegram refuses (the user never wrote to the bot) leaves the app language's menu."""
    user_id, deps = context.user.id, context.deps
    deps.choose_language(user_id, lang)
    deps.set_menu(user_id, games.command_menu(lang, games.wired(deps.services)))


def reply_with(words: Callable[[Lang], str]) -> Handler:
    """A command answered by the same words whatever the chat's state, in the player's language."""

    async def on_command(update: Update, context: BotContext) -> None:
        context.deps.reply(context.message, words(context.lang))

    return on_command


async def show_help(update: Update, context: BotContext) -> None:
    context.deps.reply(context.message, games.help_text(context.lang, games.wired(context.deps.services)))


unknown_command = reply_with(texts.unknown_command)


def show_rules(rules: Rules) -> Handler:
    """/rules_<game>: that game's rules, and how to reach the others'."""

    async def on_command(update: Update, context: BotContext) -> None:
        lang, deps = context.lang, context.deps
        others = [
            (game.rules.command, game.rules.title(lang)) for game in games.wired(deps.services) if game.rules != rules
        ]
        deps.reply(context.message, texts.with_other_rules(lang, rules.words(lang), others))

    return on_command


async def route_rules(update: Update, context: BotContext) -> None:
    """/rules in a private chat: the rules of the game being played (the first game's with none)."""
    game = await _chats_game(context)
    rules = game.rules if game is not None else games.wired(context.deps.services)[0].rules
    await show_rules(rules)(update, context)


async def stats(update: Update, context: BotContext) -> None:
    deps = context.deps
    wired = games.wired(deps.services)
    records = await deps.db.records(context.user.id)
    more = [await game.more_stats(deps, context.user.id, context.lang) if game.more_stats else [] for game in wired]
    deps.reply(context.message, games.stats_text(context.lang, records, wired, more))


async def send_standing(context: BotContext, play: PrivatePlay) -> None:
    """Send where the chat's game stands, its message and buttons, if it has one to show."""
    state = await play.standing(context.deps, context.chat_id, context.lang)
    if state is not None:
        context.deps.say(context.chat_id, state[0], state[1])


class PressUnderInlineMessage(CallbackQueryHandler[BotContext, None]):
    """A press under a message sent through inline mode (``inline_message_id``, no message): no
    chat of the bot's holds it, so no game can read it; each game's handler expects a chat."""

    def check_update(self, update: object) -> bool:
        query = update.callback_query if isinstance(update, Update) else None
        return query is not None and query.message is None and query.inline_message_id is not None


async def on_press_under_inline_message(update: Update, context: BotContext) -> None:
    """The press is answered (its button stops spinning) with where the games are played."""
    context.deps.answer(context.query, texts.press_under_inline_message(context.lang, context.bot.username or ""))


async def on_stale_button(update: Update, context: BotContext) -> None:
    """A button no game recognises (forged, or from an older version of the bot)."""
    answer_stale(context)


def answer_stale(context: BotContext) -> None:
    """The pressed button no longer works: the player is told so, and nothing changes."""
    context.deps.answer(context.query, texts.stale_button(context.lang))


async def _chats_game(context: BotContext) -> games.Game | None:
    """The game the chat plays now (it may be over), if any."""
    kind = await context.deps.active_kind(context.chat_id)
    return games.by_kind(games.wired(context.deps.services)).get(kind or "")


async def route_text(update: Update, context: BotContext) -> None:
    """Typed text goes to the game the chat plays now."""
    game = await _chats_game(context)
    if game is None or game.private is None:
        context.deps.reply(context.message, games.offer_games(context.deps, context.lang))
        return
    await game.private.on_text(update, context)


def route_command(answer: Callable[[PrivatePlay], Handler], otherwise: Handler) -> Handler:
    """A command every game answers its own way (/hint, /giveup, /undo): ``answer`` picks the
    handler of the game the chat plays now; ``otherwise`` answers with none."""

    async def on_command(update: Update, context: BotContext) -> None:
        game = await _chats_game(context)
        await (answer(game.private) if game is not None and game.private is not None else otherwise)(update, context)

    return on_command


async def no_undo(update: Update, context: BotContext) -> None:
    """/undo in a game whose moves are not taken back."""
    game = await _chats_game(context)
    name = game.name(context.lang) if game is not None else ""
    context.deps.reply(context.message, texts.no_undo(context.lang, name))


async def no_game_running(update: Update, context: BotContext) -> None:
    """/hint, /giveup or /undo with no game in the chat: how to start each one."""
    context.deps.reply(context.message, games.offer_games(context.deps, context.lang))


#: /review with no game, or in a game without a review.
no_review = reply_with(texts.nothing_to_review)


async def play_privately(update: Update, context: BotContext) -> None:
    """A private game's command in a group: those games are played in a private chat."""
    context.deps.reply(context.message, texts.private_only(context.lang, context.bot.username or ""))


async def route_other_message(update: Update, context: BotContext) -> None:
    """Stickers, photos, voice: a short reminder of what the game being played expects now."""
    lang, deps = context.lang, context.deps
    game = await _chats_game(context)
    if game is None or game.private is None:
        reminder = games.offer_games(context.deps, lang)
    else:
        reminder = await game.private.reminder(deps, context.chat_id, lang)
    deps.reply(context.message, texts.only_text(lang) + reminder)


async def on_error(update: object, context: BotContext) -> None:
    """Log the fault and tell the player; nothing the item staged commits, so the game stays as
    it was last committed."""
    chat = update.effective_chat if isinstance(update, Update) else None
    chat_id = chat.id if chat else (context.job.chat_id if context.job else None)
    if handle_quietly(context.error, chat_id, context):  # bot/core/resilience.py
        return
    disk = classify(context.error) is Fault.DISK  # the store has logged it, once for the episode
    if not disk:
        log.error("an update failed", exc_info=context.error)
    if not isinstance(update, Update) or context._deps is None:
        return
    deps = context.deps
    deps.unit.discard()
    if update.callback_query is not None:
        deps.answer(update.callback_query)  # every press is answered, one with no chat too
    if update.effective_chat is None:
        return
    lang = context.lang
    words = texts.store_lost if isinstance(context.error, StoreLostError) else texts.try_again_soon
    deps.say(update.effective_chat.id, words(lang) if disk else texts.something_went_wrong(lang))
