"""What happens to a group chat itself rather than to a game in it.

Telegram moves a group upgraded to a supergroup to a new chat id: it says so with a service
message in each (``migrate_to_chat_id`` in the old chat, ``migrate_from_chat_id`` in the new
one), and answers any later send to the old id with ``ChatMigrated``. Whichever comes first moves
the group's sessions, deadlines, unsent messages and each game's own rows (its winners) to the
new id, in one unit; the others find nothing left to move. The game goes on in the supergroup.

A bot removed from a group (a ``my_chat_member`` update, or 403 on a send) stops the group's game
there, counted for nobody: its players can no longer see it, and timing them out one by one
would put results nobody played into the records. The group's waiting messages are dropped.
"""

from __future__ import annotations

import logging

from telegram import ChatMemberUpdated, Update
from telegram.constants import ChatMemberStatus
from telegram.ext import ChatMemberHandler, MessageHandler, TypeHandler, filters

from bot.core.context import App, BotContext
from bot.core.game import wired
from bot.delivery.events import ChatMoved, LeftChat
from bot.storage.moves import move_chat

log = logging.getLogger(__name__)

#: A bot's membership statuses in which it can no longer write in the chat.
GONE = (ChatMemberStatus.LEFT, ChatMemberStatus.BANNED)


def add_handlers(application: App) -> None:
    """The service messages of a move, the outbox's news of one, and the bot's own membership."""
    application.add_handler(MessageHandler(filters.StatusUpdate.MIGRATE, on_migration_message))
    application.add_handler(TypeHandler(ChatMoved, on_chat_moved))
    application.add_handler(ChatMemberHandler(on_my_membership, ChatMemberHandler.MY_CHAT_MEMBER))
    application.add_handler(TypeHandler(LeftChat, on_left_chat))


async def on_migration_message(update: Update, context: BotContext) -> None:
    """Either service message of a group's move to a supergroup."""
    message = context.message
    if message.migrate_to_chat_id is not None:
        await moved(context, message.chat_id, message.migrate_to_chat_id)
    elif message.migrate_from_chat_id is not None:
        await moved(context, message.migrate_from_chat_id, message.chat_id)


async def on_chat_moved(event: ChatMoved, context: BotContext) -> None:
    """A send to the old id was answered with ``ChatMigrated``."""
    await moved(context, event.old, event.chat_id)


async def moved(context: BotContext, old: int, new: int) -> None:
    """Stage the move of chat ``old`` to ``new``; once it commits, the store forgets both chats'
    remembered rows and the outbox's waiting messages follow, sent from the new chat's line."""
    deps = context.deps
    for game in wired(deps.services):
        if game.on_moved is not None:
            await game.on_moved(context, old, new)  # first: games read the old chat's state as it is
    for statement in move_chat(old, new):
        deps.stage(statement)
    store = deps.db
    deps.after_commit(lambda: store.forget_chats(old, new))
    deps.move_chat_messages(old, new)
    log.info("chat %d became supergroup %d: its games, winners and waiting messages move there", old, new)


async def on_my_membership(update: Update, context: BotContext) -> None:
    """The bot's own membership changed: removed or banned from a group, it stops the game there."""
    change: ChatMemberUpdated | None = update.my_chat_member
    if change is not None and change.chat.type != "private" and change.new_chat_member.status in GONE:
        await left(context, change.chat.id, "removed from the group")


async def on_left_chat(event: LeftChat, context: BotContext) -> None:
    """A send to the group was refused for good (403)."""
    await left(context, event.chat_id, "Telegram refuses its messages there")


async def left(context: BotContext, chat_id: int, why: str) -> None:
    """Stop the group's games, counted for nobody, and drop its waiting messages, with one line;
    nothing when there was nothing to stop or drop (the second of two signals)."""
    deps = context.deps
    stopped = [game.kind for game in wired(deps.services) if game.on_left and await game.on_left(context, chat_id)]
    dropped = deps.drop_chat_messages(chat_id)
    if stopped or dropped:
        log.info(
            "bot %s (chat %d): stopped %s, counted for nobody; dropped %d waiting messages",
            why,
            chat_id,
            ", ".join(stopped) or "no game",
            dropped,
        )
