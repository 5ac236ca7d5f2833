"""The bot's store: one interface, two engines side by side, by concern.

* :mod:`bot.storage.interface`: :class:`Store`, what the rest of the bot asks of a store, and
  :class:`SharedInbox`, what several processes on one database ask besides;
* :mod:`bot.storage.opening`: ``open_store(where)``, which picks the engine: a ``postgresql://``
  URL or a SQLite file's path;
* :mod:`bot.storage.store`: :class:`SqliteStore`, one file, the default: one process, its memory
  trusted, its connections, checkpoints and disk faults; :mod:`bot.storage.sqlite_thread`, the
  writing connection's own thread;
* :mod:`bot.storage.postgres`: :class:`PostgresStore`, a server through asyncpg, shared by any
  number of bot processes: every read goes to the server, a chat's item holds the chat's
  advisory lock (``hold``);
* :mod:`bot.storage.schema` and :mod:`bot.storage.postgres_schema`: what each schema version
  adds, in each engine's words; opening and checking a SQLite file;
* :mod:`bot.storage.marker`: the marker that tells a store that vanished from a new install;
* :mod:`bot.storage.sessions`: sessions, active games, deadlines, records and the quarantine of
  damaged sessions, as statements;
* :mod:`bot.storage.ledger`: the idempotency ledger, inbox and outbox, and a unit's SQLite transaction.

Every statement the engines share is a :class:`bot.storage.sql.Sql`, written for each engine
where it is made (SQLite's ``?`` and types, PostgreSQL's ``$n`` and types); each engine runs its
own words. Each game's own tables are read and written beside the game, in its ``store.py`` (a
leaderboard, turn deadlines, reported answers), through ``read`` and the unit's statements.

What the rest of the bot asks of a store is small: ``load`` and ``active_kind``, ``commit(unit)``
(all of one item, the ledger check first, or nothing), ``hold(chat)`` around an item, the inbox
(``keep_fetched``, ``handled``, ``inbox``), the outbox (``pending_messages``, ``sent``) and
``read`` for the games' reports.
"""

from bot.storage.interface import CLAIM_BATCH, SharedInbox, Store, StoreWriteError
from bot.storage.ledger import REDELIVERY_WINDOW
from bot.storage.opening import open_store
from bot.storage.schema import JOURNAL_SIZE_LIMIT, SCHEMA_VERSION, StoreUnavailableError
from bot.storage.sessions import KEEP, DamagedSessionError, Record, StaleSessionError, Stored, Tally
from bot.storage.sql import Sql
from bot.storage.store import SqliteStore, StoreLostError, disk_fault

__all__ = [
    "CLAIM_BATCH",
    "JOURNAL_SIZE_LIMIT",
    "KEEP",
    "REDELIVERY_WINDOW",
    "SCHEMA_VERSION",
    "DamagedSessionError",
    "Record",
    "SharedInbox",
    "Sql",
    "SqliteStore",
    "StaleSessionError",
    "Store",
    "StoreLostError",
    "StoreUnavailableError",
    "StoreWriteError",
    "Stored",
    "Tally",
    "disk_fault",
    "open_store",
]
