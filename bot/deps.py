"""What every handler needs, and the one path by which a session is loaded and saved.

Imports no handler, so every game's handlers can import it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from telegram import Update
from telegram.ext import CallbackContext, filters

from bot import texts
from bot.locks import ChatLocks
from bot.session import Session
from bot.settings import Settings
from bot.solvers import Solvers
from bot.storage import Store, Stored
from bot.texts import Lang

S = TypeVar("S", bound=Session)

PRIVATE = filters.ChatType.PRIVATE & filters.UpdateType.MESSAGE
GROUPS = filters.ChatType.GROUPS & filters.UpdateType.MESSAGE


@dataclass(frozen=True)
class Loaded(Generic[S]):
    """A session with the stored version it was read at (a save checks it is still current)."""

    session: S
    stored: Stored

    @property
    def version(self) -> int:
        return self.stored.version


@dataclass
class Deps:
    """What every handler needs; kept in ``application.bot_data``."""

    settings: Settings
    solvers: Solvers
    store: Store | None = None
    locks: ChatLocks = field(default_factory=ChatLocks)
    rng: random.Random = field(default_factory=random.Random)

    @property
    def db(self) -> Store:
        assert self.store is not None, "the store opens in post_init"
        return self.store

    async def load(self, chat_id: int, kind: type[S]) -> Loaded[S] | None:
        """The chat's session of this kind, or None when it never had one."""
        stored = await self.db.load(chat_id, kind.KIND)
        return None if stored is None else Loaded(kind.from_dict(stored.state), stored)

    async def save(self, chat_id: int, session: Session, loaded: Loaded[Any] | None, **changes: Any) -> int:
        """Commit ``session`` (``loaded``: what it was read as; None for a new one) with
        the record and activity ``changes`` of :meth:`bot.storage.Store.save`, before any
        reply; the new stored version."""
        version = None if loaded is None else loaded.version
        return await self.db.save(chat_id, session.KIND, session.to_dict(), version, **changes)


def deps(context: CallbackContext) -> Deps:  # type: ignore[type-arg]
    found: Deps = context.bot_data["deps"]
    return found


def lang_of(update: Update) -> Lang:
    user = update.effective_user
    return texts.language(user.language_code if user else None)
