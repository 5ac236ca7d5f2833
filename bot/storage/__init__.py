"""The bot's one SQLite file, through aiosqlite: a package by concern.

* :mod:`bot.storage.schema`: what each schema version adds, opening and checking the file;
* :mod:`bot.storage.sessions`: sessions, active games, deadlines and records, as statements;
* :mod:`bot.storage.ledger`: the delivery ledger, inbox and outbox, and a unit's transaction;
* :mod:`bot.storage.store`: :class:`Store`, the connections, their memory and their faults.

Each game's own tables are read and written beside the game (``bot/games/group/store.py``: the
leaderboard and turn deadlines; ``bot/games/wordle/store.py``: reported answers).

What the rest of the bot asks of a store is small: ``load`` and ``active_kind`` (reads a
chat's line may trust, as it is the chat's only writer), ``commit(unit)`` (all of one item,
the ledger check first, or nothing), the inbox (``keep_fetched``, ``handled``, ``inbox``),
the outbox (``pending_messages``, ``sent``) and ``read`` for the games' reports. A server
database could offer the same with a row lock per chat taken in ``commit``; none is written.
"""

from bot.storage.ledger import REDELIVERY_WINDOW
from bot.storage.schema import JOURNAL_SIZE_LIMIT, SCHEMA_VERSION, StoreUnavailableError
from bot.storage.sessions import KEEP, Record, StaleSessionError, Stored, Tally
from bot.storage.store import Store, StoreLostError, StoreWriteError, disk_fault

__all__ = [
    "JOURNAL_SIZE_LIMIT",
    "KEEP",
    "REDELIVERY_WINDOW",
    "SCHEMA_VERSION",
    "Record",
    "StaleSessionError",
    "Store",
    "StoreLostError",
    "StoreUnavailableError",
    "StoreWriteError",
    "Stored",
    "Tally",
    "disk_fault",
]
