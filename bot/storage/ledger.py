"""The delivery ledger: every update applied (by id, for the redelivery window), the inbox of
updates fetched but not yet applied, and the outbox of messages committed but not yet sent;
and the one transaction a unit commits in, which begins with the ledger's check.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import Any

from bot.storage.sessions import version_of
from bot.storage.sql import Sql
from bot.storage.unit_of_work import Statement

#: Telegram keeps an undelivered update 24 hours at most, so a redelivery comes within a day
#: of the update it repeats; after a week without updates it may number the next ones from a
#: random, lower id. Three days sits safely between: a ledger row older than that is forgotten.
REDELIVERY_WINDOW = 3 * 24 * 3600.0

KEEP_UPDATE = "INSERT OR IGNORE INTO inbox (update_id, body, kept_at) VALUES (?, ?, ?)"


class Outcome:
    """What a unit's transaction came to, besides the outbox rows of one that committed."""


DUPLICATE = Outcome()  # the update is in the ledger already: nothing changed
STALE = Outcome()  # a session changed since it was loaded: nothing changed


#: A statement in SQLite's words and its parameters (this engine's own).
SqliteStatement = tuple[str, tuple[Any, ...]]


#: One unit of a batch as the writing thread runs it: its ledger entry (None for the bot's own
#: event), its statements and its outbox rows (chat, message, queued at).
UnitRows = tuple[tuple[int, int, float] | None, list[Statement], list[tuple[int, str, float]]]

#: What one unit of a batch came to: its outbox rows' ids, ``DUPLICATE``, ``STALE``, or the error of
#: one of its statements (then that unit alone is rolled back).
UnitOutcome = list[int] | Outcome | Exception


def units_transaction(
    connection: sqlite3.Connection,
    units: list[UnitRows],
    handled: list[SqliteStatement],
    must_raise: Callable[[BaseException], bool],
) -> list[UnitOutcome]:
    """Several units, each all or nothing, in one transaction (run on the writing connection's
    thread): each inside a savepoint of its own, with its ledger gate first, so a duplicate, a
    stale session or a failing statement rolls back that unit alone. An error ``must_raise`` names
    (the disk's or the file's) rolls the whole transaction back and is raised: no unit is kept. The
    handled updates' deletes go with it whatever each unit came to, as one unit's own would."""
    connection.execute("BEGIN IMMEDIATE")
    outcomes: list[UnitOutcome] = []
    try:
        for entry, statements, outgoing in units:
            connection.execute("SAVEPOINT unit")
            outcome: UnitOutcome
            try:
                outcome = _unit_in_savepoint(connection, entry, statements, outgoing)
            except Exception as error:
                if must_raise(error):
                    raise
                outcome = error
            if isinstance(outcome, list):
                connection.execute("RELEASE unit")
            else:
                connection.execute("ROLLBACK TO unit")
                connection.execute("RELEASE unit")
            outcomes.append(outcome)
        for statement in handled:
            connection.execute(*statement)
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise
    return outcomes


def _unit_in_savepoint(
    connection: sqlite3.Connection,
    entry: tuple[int, int, float] | None,
    statements: list[Statement],
    outgoing: list[tuple[int, str, float]],
) -> list[int] | Outcome:
    if entry is not None and _applied_before(connection, *entry):
        return DUPLICATE
    for sql, parameters in statements:
        rows = connection.execute(sql.sqlite, parameters).fetchall()
        if sql.checks_version and version_of(rows) is None:
            return STALE
    return [int(connection.execute(QUEUE_MESSAGE, message).fetchone()[0]) for message in outgoing]


def _applied_before(connection: sqlite3.Connection, update_id: int, chat_id: int, received_at: float) -> bool:
    """Enter the update in the ledger; whether it was there already."""
    entered = connection.execute(
        "INSERT OR IGNORE INTO ledger (update_id, chat_id, received_at) VALUES (?, ?, ?)",
        (update_id, chat_id, received_at),
    ).rowcount
    if not entered:
        return True
    old = connection.execute(
        "SELECT 1 FROM applied_updates WHERE chat_id = ? AND update_id >= ? AND ? - received_at < ?",
        (chat_id, update_id, received_at, REDELIVERY_WINDOW),
    ).fetchone()
    return old is not None


QUEUE_MESSAGE = "INSERT INTO outbox (chat_id, message, queued_at) VALUES (?, ?, ?) RETURNING id"


def commit_statements(connection: sqlite3.Connection, statements: list[SqliteStatement]) -> None:
    """Statements as one transaction, all or nothing (run on the writing connection's thread)."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        for statement in statements:
            connection.execute(*statement)
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise


_FORGET_LEDGER = Sql("DELETE FROM ledger WHERE received_at <= ?", "DELETE FROM ledger WHERE received_at <= $1")
_FORGET_LAST_IDS = Sql(
    "DELETE FROM applied_updates WHERE received_at <= ?", "DELETE FROM applied_updates WHERE received_at <= $1"
)


def forget_statements(since: float) -> list[Statement]:
    """Forget the ledger rows (and the old table's last ids) received at or before ``since``."""
    return [(_FORGET_LEDGER, (since,)), (_FORGET_LAST_IDS, (since,))]
