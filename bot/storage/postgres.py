"""Game sessions, records, the ledger, the inbox and the outbox on a PostgreSQL server, through
asyncpg, shared by any number of bot processes.

The SQLite engine may trust its memory because its process is the file's only writer; here any
process may write, so every read goes to the server and nothing is remembered but this process's
own commits (to spare a duplicate its handlers) and the users' languages (read again every few
seconds). What keeps a chat's items one at a time and in order across processes is a lock in
the database: :meth:`PostgresStore.hold` takes a session-level advisory lock on the chat id while
the item's loads, handlers and commit run. A free chat's lock is taken on the process's lock line,
one connection of its own where the items of one loop tick are sent together: their chats taken
and first read in one call, their units committed in one call and one transaction, each unit in
a subtransaction with its own ledger check and release (``bukvoed_tick``). A chat another
process holds is waited for on a pooled connection of the item's own, which its loads and commit
then use. A process that dies drops its connections, and the server releases its locks at once,
so its chats move to the others. The item's messages go out after the lock and the
connection are gone, under a lease on their rows with a fencing token (:meth:`PostgresStore.leased`):
a process whose lease lapsed and went to another cannot mark a row sent.

An advisory lock rather than a row lock (``SELECT … FOR UPDATE`` on ``chats``): it needs no row
to exist before a chat's first item, holds no transaction open while the handlers think, and
is taken in the same round trip as the item's first read of the chat (``bukvoed_hold``). Each
commit is still one transaction that enters the update in the idempotency ledger first, so the
same update posted to two processes at once applies once: the second one waits for the lock,
then finds the update in the ledger and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import itertools
import json
import logging
import os
import re
import socket
import time
import uuid
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Coroutine, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeAlias
from urllib.parse import urlsplit

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from bot.storage import interface, languages, postgres_schema, schema
from bot.storage import marker as store_marker
from bot.storage.interface import CLAIM_BATCH, SharedInbox, Store, StoreWriteError
from bot.storage.ledger import REDELIVERY_WINDOW, forget_statements
from bot.storage.schema import StoreUnavailableError
from bot.storage.sessions import Record, StaleSessionError, Stored, activate, quarantine_statements, stored
from bot.storage.sql import Sql
from bot.storage.unit_of_work import Outgoing, Statement, UnitOfWork

log = logging.getLogger(__name__)

#: How often the users' language choices are read again (a choice made on another process shows
#: here within this many seconds), and the handled updates' and sent rows' deletes flushed.
REFRESH_SECONDS = 1.0
#: Keys in the two-number space of advisory locks (apart from the chats'): migrations run one at a
#: time, claims of kept updates one at a time, and one process polls Telegram.
MIGRATION_LOCK = (0x42554B56, 1)
CLAIM_LOCK = (0x42554B56, 2)
POLL_LOCK = (0x42554B56, 3)
#: A process renews its claims on kept updates this often; a claim not renewed for
#: ``CLAIM_LEASE_SECONDS`` (its process died) is any live process's to take, with its chat.
CLAIM_RENEW_SECONDS = 1.0
CLAIM_LEASE_SECONDS = 5.0
#: The process that fetches a batch (or is posted an update) claims it for itself as it keeps it
#: while it has fewer than this many updates in hand; past that, new chats go to whichever process
#: claims them first, so a second process takes a share of the load.
CLAIM_HERE_UP_TO = 64
#: The channel a kept update is announced on, so idle processes claim it at once.
INBOX_CHANNEL = "bukvoed_inbox"
#: Connections of a process's own for keeping updates in the inbox (what a webhook's answer waits
#: for), apart from the pool its chats' items take theirs from: an answer never waits for an item.
INBOX_CONNECTIONS = 4
#: An outbox row unsent this long, and under no lease, is taken as left by a process that died
#: before it leased it (a live one leases a chat's rows as its item's lock goes).
ORPHANED_OUTBOX_SECONDS = 60.0
#: A chat's rows go out under a lease this long, renewed every ``REFRESH_SECONDS`` while they wait;
#: a lease not renewed (its process died, or lost the server) is any live process's to take.
OUTBOX_LEASE_SECONDS = 10.0
#: A row is not sent on a lease with less than this left: the other processes may take it soon.
LEASE_MARGIN_SECONDS = 2.0
#: Sent rows gone, fenced: only where the row's lease is still the one it was sent under (a row
#: dropped without a lease, NULL, goes whatever its lease).
_FORGET_SENT = """
DELETE FROM outbox AS o USING unnest($1::text::bigint[], $2::text::bigint[]) AS s(id, token)
WHERE o.id = s.id AND (s.token IS NULL OR o.lease_token = s.token)
"""
#: A chat's item done: the rows sent gone, the chat's rows leased, its lock let go (``_ITEM_FUNCTIONS``).
_RELEASE = "SELECT * FROM bukvoed_release($1, $2::text::bigint[], $3::text::bigint[], $4, $5::text::bigint[], $6, $7)"
#: The leases this process still holds, extended; the rows whose lease is still theirs come back.
_RENEW_LEASES = """
UPDATE outbox AS o SET lease_until = $1 FROM unnest($2::text::bigint[], $3::text::bigint[]) AS l(id, token)
WHERE o.id = l.id AND o.lease_token = l.token RETURNING o.id
"""

#: The inbox rows of handled updates gone.
_FORGET_HANDLED = "DELETE FROM inbox WHERE update_id = ANY($1::text::bigint[])"
#: A unit's messages, in one statement; the ids come from one sequence in the rows' order.
_QUEUE_MESSAGES = """
INSERT INTO outbox (chat_id, message, queued_at)
SELECT chat_id, message, $3 FROM unnest($1::text::bigint[], $2::text[]) AS m(chat_id, message) RETURNING id
"""
#: An update's first statement: the handled updates' inbox rows gone, the update entered in the
#: ledger, and only if it was not there already, the unit's messages queued; whether it was
#: entered, and the messages' ids.
_ENTER = """
WITH gone AS (DELETE FROM inbox WHERE update_id = ANY($4::text::bigint[])),
entered AS (
    INSERT INTO ledger (update_id, chat_id, received_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1
),
queued AS (
    INSERT INTO outbox (chat_id, message, queued_at)
    SELECT m.chat_id, m.message, $7 FROM unnest($5::text::bigint[], $6::text[]) AS m(chat_id, message)
    WHERE EXISTS (SELECT 1 FROM entered) RETURNING id
)
SELECT EXISTS (SELECT 1 FROM entered), ARRAY(SELECT id::text FROM queued ORDER BY id)
"""
#: A fetched batch kept (``bukvoed_keep``, made with the tables, in one round trip: the webhook's
#: answer waits for it), its updates claimed for this process at once where no other process may
#: hold their chats: where every row of the chat already in the inbox is this process's, live (an
#: older row left to the others, or lapsed, must go first: claimed by the claims, in order), and
#: only while this process has fewer than ``CLAIM_HERE_UP_TO`` in hand (``here``), so a busy one
#: leaves new chats to the others. It runs under ``CLAIM_LOCK`` (taken first, so the rows it reads
#: are those committed before it), takes along the deletes of the updates handled meanwhile, and
#: announces the rows left to the claims; the rows come back with the claim each got.
_KEEP = (
    "SELECT * FROM bukvoed_keep($1::text::bigint[], $2::text[], $3::text::bigint[], $4, $5, $6, $7, $8::text::bigint[])"
)
_KEEP_FUNCTION = f"""
CREATE OR REPLACE FUNCTION bukvoed_keep(
    numbers BIGINT[], bodies TEXT[], chats BIGINT[], now DOUBLE PRECISION, holder TEXT, lease DOUBLE PRECISION,
    here BOOLEAN, handled BIGINT[]
) RETURNS TABLE (kept_id BIGINT, kept_by TEXT)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    kept RECORD;
    left_over INTEGER := cardinality(numbers);
BEGIN
    PERFORM pg_advisory_xact_lock({CLAIM_LOCK[0]}, {CLAIM_LOCK[1]});
    IF cardinality(handled) > 0 THEN
        DELETE FROM inbox WHERE update_id = ANY(handled);
    END IF;
    FOR kept IN
        WITH batch AS (
            SELECT * FROM unnest(numbers, bodies, chats) AS b(update_id, body, chat_id)
        ), mine AS (
            SELECT b.update_id FROM batch AS b WHERE here AND NOT EXISTS (
                SELECT 1 FROM inbox AS o
                WHERE o.chat_id = b.chat_id AND (o.claimed_by IS DISTINCT FROM holder OR o.claimed_at < lease)
            )
        )
        INSERT INTO inbox (update_id, body, kept_at, chat_id, claimed_by, claimed_at)
        SELECT b.update_id, b.body, now, b.chat_id,
            CASE WHEN m.update_id IS NULL THEN NULL ELSE holder END,
            CASE WHEN m.update_id IS NULL THEN NULL ELSE now END
        FROM batch AS b LEFT JOIN mine AS m USING (update_id)
        ON CONFLICT DO NOTHING RETURNING inbox.update_id, inbox.claimed_by
    LOOP
        kept_id := kept.update_id;
        kept_by := kept.claimed_by;
        IF kept.claimed_by IS NOT NULL THEN
            left_over := left_over - 1;
        END IF;
        RETURN NEXT;
    END LOOP;
    IF left_over > 0 THEN
        PERFORM pg_notify('{INBOX_CHANNEL}', '');
    END IF;
END $$;
"""
#: Server-side steps of a chat's item, made (replaced) with the tables. ``bukvoed_hold`` takes the
#: chat's lock and then, with a snapshot taken after it (a volatile function's statements each take
#: their own), reads what the item needs first: the chat's unsent outbox rows, its active game and
#: its sessions, all in one round trip. ``bukvoed_release`` deletes the rows sent (fenced: only
#: a row whose lease is still the one it was sent under), takes the lease on the chat's rows the
#: item knows (``known``; none while another live process holds a lease on any row of the chat,
#: whose earlier rows must go first), and lets the lock go; it returns the rows leased with the
#: lease's token, and the lock stays (as a transaction's) until all that is committed. Its
#: steps are ``bukvoed_let_go``, which ``bukvoed_unit`` ends with too.
_ITEM_FUNCTIONS = """
CREATE OR REPLACE FUNCTION bukvoed_hold(chat BIGINT)
RETURNS TABLE (what TEXT, row_id BIGINT, body TEXT, row_version BIGINT)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
    PERFORM pg_advisory_lock(chat);
    RETURN QUERY
        SELECT 'o'::TEXT, o.id, o.message, NULL::BIGINT FROM outbox AS o WHERE o.chat_id = chat
        UNION ALL
        SELECT 'a'::TEXT, NULL::BIGINT, c.active_kind, NULL::BIGINT FROM chats AS c WHERE c.chat_id = chat
        UNION ALL
        SELECT 's' || s.kind, NULL::BIGINT, s.state, s.version FROM sessions AS s WHERE s.chat_id = chat;
END $$;
CREATE OR REPLACE FUNCTION bukvoed_let_go(
    chat BIGINT, sent BIGINT[], tokens BIGINT[], holder TEXT, known BIGINT[], now DOUBLE PRECISION,
    until DOUBLE PRECISION
) RETURNS TABLE (leased_id BIGINT, leased_token BIGINT)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    fresh BIGINT;
BEGIN
    PERFORM pg_advisory_xact_lock(chat);
    IF cardinality(sent) > 0 THEN
        DELETE FROM outbox AS o USING unnest(sent, tokens) AS s(sent_id, sent_token)
        WHERE o.id = s.sent_id AND (s.sent_token IS NULL OR o.lease_token = s.sent_token);
    END IF;
    IF cardinality(known) > 0 AND NOT EXISTS (
        SELECT 1 FROM outbox AS o WHERE o.chat_id = chat AND o.lease_by <> holder AND o.lease_until >= now
    ) THEN
        fresh := nextval('outbox_lease');
        RETURN QUERY UPDATE outbox AS o SET lease_by = holder, lease_token = fresh, lease_until = until
            WHERE o.chat_id = chat AND o.id = ANY(known) RETURNING o.id, fresh;
    END IF;
    PERFORM pg_advisory_unlock(chat);
END $$;
CREATE OR REPLACE FUNCTION bukvoed_release(
    chat BIGINT, sent BIGINT[], tokens BIGINT[], holder TEXT, known BIGINT[], now DOUBLE PRECISION,
    until DOUBLE PRECISION
) RETURNS TABLE (leased_id BIGINT, leased_token BIGINT)
LANGUAGE sql VOLATILE AS $$
    SELECT * FROM bukvoed_let_go(chat, sent, tokens, holder, known, now, until);
$$;
"""
#: A chat item's whole unit in one round trip and one transaction (``bukvoed_unit``): the handled
#: updates' inbox rows gone, the update entered in the ledger (a duplicate stops there: ``d``),
#: the unit's statements run (sent as text, their parameters in one text array, each cast to the
#: type the server gave it when it was first prepared here: :func:`in_one_call`; or, on the lock
#: line, statements prepared on its connection run by name, their parameters as literals: checks
#: ``T`` and ``F``, :func:`by_name`; a session save that finds another version raises ``BKST1``),
#: its messages queued (``q``: their ids), and, when ``releasing``, the item's release as
#: ``bukvoed_release`` makes it (``l``: the rows leased, the lease's token), the chat's lock then
#: kept until the commit as the transaction's.
_UNIT = "SELECT * FROM bukvoed_unit($1, $2, $3, $4::text::bigint[], $5::text::bigint[], $6::text[], $7, $8::text[],"
_UNIT += " $9::text[], $10::text[], $11, $12, $13::text::bigint[], $14::text::bigint[], $15, $16::text::bigint[], $17)"
_STALE = "BKST1"
_UNIT_FUNCTION = f"""
CREATE OR REPLACE FUNCTION bukvoed_unit(
    entry BIGINT, unit_chat BIGINT, received DOUBLE PRECISION, handled BIGINT[], out_chats BIGINT[],
    out_messages TEXT[], now DOUBLE PRECISION, statements TEXT[], checks TEXT[], parameters TEXT[],
    releasing BOOLEAN, chat BIGINT, sent BIGINT[], tokens BIGINT[], holder TEXT, known BIGINT[], until DOUBLE PRECISION
) RETURNS TABLE (what TEXT, row_id BIGINT, row_token BIGINT)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    done INTEGER;
    saved BIGINT;
    queued RECORD;
BEGIN
    IF cardinality(handled) > 0 THEN
        DELETE FROM inbox WHERE update_id = ANY(handled);
    END IF;
    IF entry IS NOT NULL THEN
        INSERT INTO ledger (update_id, chat_id, received_at) VALUES (entry, unit_chat, received) ON CONFLICT DO NOTHING;
        GET DIAGNOSTICS done = ROW_COUNT;
        IF done = 0 THEN
            what := 'd';
            RETURN NEXT;
            RETURN;
        END IF;
    END IF;
    FOR i IN 1 .. coalesce(cardinality(statements), 0) LOOP
        IF checks[i] = 'T' THEN
            saved := NULL;
            EXECUTE format(statements[i], VARIADIC parameters) INTO saved;
            IF saved IS NULL THEN
                RAISE EXCEPTION 'a session changed since it was loaded' USING ERRCODE = '{_STALE}';
            END IF;
        ELSIF checks[i] = 'F' THEN
            EXECUTE format(statements[i], VARIADIC parameters);
        ELSIF checks[i] = 't' THEN
            saved := NULL;
            EXECUTE statements[i] INTO saved USING parameters;
            IF saved IS NULL THEN
                RAISE EXCEPTION 'a session changed since it was loaded' USING ERRCODE = '{_STALE}';
            END IF;
        ELSE
            EXECUTE statements[i] USING parameters;
        END IF;
    END LOOP;
    FOR queued IN
        INSERT INTO outbox (chat_id, message, queued_at)
        SELECT m.chat_id, m.message, now FROM unnest(out_chats, out_messages) WITH ORDINALITY AS m(chat_id, message, n)
        ORDER BY m.n RETURNING id, chat_id
    LOOP
        what := 'q';
        row_id := queued.id;
        row_token := NULL;
        RETURN NEXT;
        IF queued.chat_id = chat THEN
            known := known || queued.id;
        END IF;
    END LOOP;
    IF releasing THEN
        RETURN QUERY SELECT 'l'::TEXT, g.leased_id, g.leased_token
            FROM bukvoed_let_go(chat, sent, tokens, holder, known, now, until) AS g;
    END IF;
END $$;
"""
#: A loop tick's items, on the process's lock line (one connection of its own, where the chats'
#: locks its items hold are taken), in one call and one transaction (``bukvoed_tick``): the handled
#: updates' inbox rows and the rows sent (fenced) gone, then each unit as ``bukvoed_unit`` commits
#: it alone (its update's inbox row and ledger check, statements, messages and release; the row
#: stays while the unit fails or waits, so its chat stays claimed here), each in a subtransaction of its
#: own, so a stale save or a failing statement rolls back that unit alone (``x``: its SQLSTATE and
#: message); then the chats asked for, each taken only if free (``pg_try_advisory_lock``: one
#: another process holds is ``busy``, and its item waits for it on a connection of its own), with
#: the first read of each taken one, after its lock (``held``, then its rows as ``bukvoed_hold``'s).
_TICK = "SELECT * FROM bukvoed_tick($1::text::bigint[], $2::text::bigint[], $3::text::float8[], $4::text::boolean[],"
_TICK += " $5::text::bigint[], $6::text::integer[], $7::text[], $8::text[], $9::text::integer[], $10::text[],"
_TICK += " $11::text::integer[], $12::text::bigint[], $13::text[], $14::text::integer[], $15::text::bigint[],"
_TICK += " $16::text::bigint[], $17::text::bigint[], $18::text::bigint[], $19::text::bigint[], $20, $21, $22)"
#: The units go as columns, one array a field (a unit's lists as slices of one array each, up to
#: its ``…_ends`` entry), so the server reads no JSON and the client writes none.
_TICK_FUNCTION = """
CREATE OR REPLACE FUNCTION bukvoed_tick(
    entries BIGINT[], unit_chats BIGINT[], received DOUBLE PRECISION[], releasing BOOLEAN[], held BIGINT[],
    statement_ends INTEGER[], statements TEXT[], checks TEXT[], parameter_ends INTEGER[], parameters TEXT[],
    out_ends INTEGER[], out_chats BIGINT[], out_messages TEXT[], known_ends INTEGER[], known BIGINT[],
    wanted BIGINT[], handled BIGINT[], sent BIGINT[], tokens BIGINT[], holder TEXT,
    now DOUBLE PRECISION, until DOUBLE PRECISION
) RETURNS TABLE (n INTEGER, chat BIGINT, what TEXT, row_id BIGINT, body TEXT, row_version BIGINT)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    c BIGINT;
    got BIGINT[] := '{}';
    r RECORD;
    statements_done INTEGER := 0;
    parameters_done INTEGER := 0;
    out_done INTEGER := 0;
    known_done INTEGER := 0;
BEGIN
    IF cardinality(handled) > 0 THEN
        DELETE FROM inbox WHERE update_id = ANY(handled);
    END IF;
    IF cardinality(sent) > 0 THEN
        DELETE FROM outbox AS o USING unnest(sent, tokens) AS s(sent_id, sent_token)
        WHERE o.id = s.sent_id AND (s.sent_token IS NULL OR o.lease_token = s.sent_token);
    END IF;
    FOR i IN 1 .. coalesce(cardinality(unit_chats), 0) LOOP
        BEGIN
            FOR r IN SELECT * FROM bukvoed_unit(
                entries[i], unit_chats[i], received[i], array_remove(ARRAY[entries[i]], NULL),
                out_chats[out_done + 1 : out_ends[i]],
                out_messages[out_done + 1 : out_ends[i]], now, statements[statements_done + 1 : statement_ends[i]],
                checks[statements_done + 1 : statement_ends[i]], parameters[parameters_done + 1 : parameter_ends[i]],
                releasing[i], held[i], '{}', '{}', holder, known[known_done + 1 : known_ends[i]], until
            ) LOOP
                n := i; chat := NULL; what := r.what; row_id := r.row_id; body := NULL; row_version := r.row_token;
                RETURN NEXT;
            END LOOP;
        EXCEPTION WHEN OTHERS THEN
            n := i; chat := NULL; what := 'x'; row_id := NULL; body := SQLSTATE || ' ' || SQLERRM; row_version := NULL;
            RETURN NEXT;
        END;
        statements_done := statement_ends[i];
        parameters_done := parameter_ends[i];
        out_done := out_ends[i];
        known_done := known_ends[i];
    END LOOP;
    FOREACH c IN ARRAY wanted LOOP
        n := NULL; chat := c; row_id := NULL; body := NULL; row_version := NULL;
        IF pg_try_advisory_lock(c) THEN
            got := got || c;
            what := 'held';
        ELSE
            what := 'busy';
        END IF;
        RETURN NEXT;
    END LOOP;
    IF cardinality(got) > 0 THEN
        RETURN QUERY
            SELECT NULL::INTEGER, o.chat_id, 'o'::TEXT, o.id, o.message, NULL::BIGINT
            FROM outbox AS o WHERE o.chat_id = ANY(got)
            UNION ALL
            SELECT NULL::INTEGER, a.chat_id, 'a'::TEXT, NULL::BIGINT, a.active_kind, NULL::BIGINT
            FROM chats AS a WHERE a.chat_id = ANY(got)
            UNION ALL
            SELECT NULL::INTEGER, s.chat_id, 's' || s.kind, NULL::BIGINT, s.state, s.version
            FROM sessions AS s WHERE s.chat_id = ANY(got);
    END IF;
END $$;
"""
#: The kept updates of chats that no other live process holds, oldest first, claimed for this
#: process: a chat's updates stay with one process while it has any in hand, so that process's
#: line applies them in id order. One statement (``bukvoed_claim``) that takes ``CLAIM_LOCK``
#: first, so two claims never split a chat, and holds it for no round trip to the client: a keep
#: (the webhook's answer) never waits for a busy process's claim.
_CLAIM = "SELECT * FROM bukvoed_claim($1, $2, $3, $4)"
_CLAIM_FUNCTION = f"""
CREATE OR REPLACE FUNCTION bukvoed_claim(holder TEXT, now DOUBLE PRECISION, lease DOUBLE PRECISION, most INTEGER)
RETURNS TABLE (claimed_id BIGINT, claimed_body TEXT, claimed_kept DOUBLE PRECISION)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
    PERFORM pg_advisory_xact_lock({CLAIM_LOCK[0]}, {CLAIM_LOCK[1]});
    RETURN QUERY UPDATE inbox SET claimed_by = holder, claimed_at = now WHERE update_id IN (
        SELECT i.update_id FROM inbox AS i
        WHERE (i.claimed_by IS NULL OR i.claimed_at < lease)
        AND NOT EXISTS (
            SELECT 1 FROM inbox AS o
            WHERE o.chat_id = i.chat_id AND o.claimed_by <> holder AND o.claimed_at >= lease
        )
        ORDER BY i.kept_at, i.update_id LIMIT most
    ) RETURNING inbox.update_id, inbox.body, inbox.kept_at;
END $$;
"""

#: Indexes only this engine's server-side steps need, made with them (not a schema version: the
#: SQLite file has no such steps): a chat's outbox rows are read as its lock is taken and checked
#: for another process's lease as it goes; without the index each is a scan of the whole outbox,
#: every row waiting to be sent and every dead one not yet vacuumed.
_INDEXES = "CREATE INDEX IF NOT EXISTS outbox_by_chat ON outbox (chat_id);"

#: Whether the database has the bot's tables (their versions' table, made first).
_HAS_TABLES = "SELECT to_regclass('schema_version') IS NOT NULL"

#: How often a chat's item tries again to take its lock while the server is away.
AWAY_RETRY_SECONDS = 0.5

#: At most this many units (with releases) and this many chats' locks go in one call of the lock
#: line (``bukvoed_tick``); the rest go in the next, so no call grows without bound under load.
TICK_ITEMS = 32

#: Parameter types ``bukvoed_unit`` reads back from their text.
_CAST_FROM_TEXT = frozenset({"int2", "int4", "int8", "float4", "float8", "numeric", "text", "varchar", "bool"})

#: SQLSTATE classes that mean the server or the way to it failed, not the statement: the player
#: is asked to try again, as on a full disk. 08 connection, 40 rollback (deadlock, serialization),
#: 53 resources, 57 operator intervention (shutdown), 58 system error.
_SERVER_FAULTS = ("08", "40", "53", "57", "58")


def ids(numbers: Iterable[int | None]) -> str:
    """Whole numbers as one PostgreSQL array literal, which a statement reads as ``$n::text::bigint[]``.

    asyncpg encodes only text[] and oid[] arrays by itself and looks any other array type up in
    the catalogue on each new connection (a round trip more), paid by each connection the pool
    opens, most of them in a burst of new chats."""
    return "{" + ",".join("NULL" if number is None else str(int(number)) for number in numbers) + "}"


#: A parameter's place in a statement's PostgreSQL text.
_PLACE = re.compile(r"\$(\d+)")


def as_text(value: object) -> str | None:
    """A statement's parameter as the text PostgreSQL reads back into its type (``bukvoed_unit``
    casts it); ``TypeError`` for a value of another kind (then the unit goes the long way)."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    raise TypeError(type(value).__name__)


def placed(sql: str, types: Sequence[str], offset: int) -> str:
    """A statement's text with its parameters read from ``bukvoed_unit``'s one text array (its
    ``$1``), from ``offset`` on, each cast to its type."""
    return _PLACE.sub(lambda m: f"($1[{offset + int(m.group(1))}])::{types[int(m.group(1)) - 1]}", sql)


def columns(units: Sequence[Mapping[str, Any]]) -> list[Any]:
    """The lock line's units as ``bukvoed_tick`` takes them: each field's values in one array, a
    list field's items all in one array, with where each unit's items end."""

    def each(name: str) -> list[Any]:
        return [unit[name] for unit in units]

    def ends(name: str) -> str:
        return ids(itertools.accumulate(len(unit[name]) for unit in units))

    def flat(name: str) -> list[Any]:
        return [item for unit in units for item in unit[name]]

    return [
        ids(each("entry")),
        ids(each("chat")),
        "{" + ",".join(repr(float(received)) for received in each("received")) + "}",
        "{" + ",".join("t" if releasing else "f" for releasing in each("releasing")) + "}",
        ids(each("held")),
        ends("statements"),
        flat("statements"),
        flat("checks"),
        ends("parameters"),
        flat("parameters"),
        ends("out_chats"),
        ids(flat("out_chats")),
        flat("out_messages"),
        ends("known"),
        ids(flat("known")),
    ]


def by_name(name: str, count: int, offset: int) -> str:
    """A call of a statement prepared on the lock line's connection, as ``bukvoed_unit`` formats it:
    its parameters, from ``offset`` on in the unit's one text array, as literals (``format``'s
    ``%n$L``), which the server reads into the types the statement was prepared with. PL/pgSQL
    keeps no plan for a statement run from its text; a prepared one is parsed and planned once a
    connection, and its ``EXECUTE`` is only a name and literals to read."""
    if not count:
        return f"EXECUTE {name}"
    return f"EXECUTE {name}(" + ",".join(f"%{offset + k}$L" for k in range(1, count + 1)) + ")"


def name_of(url: str) -> str:
    """A database's name for people and the store marker: its host, port and database, no secrets."""
    parts = urlsplit(url)
    return f"{parts.hostname or 'localhost'}:{parts.port or 5432}{parts.path or '/'}"


def chat_in(body: Mapping[str, Any]) -> int | None:
    """The chat an update (Telegram's JSON) belongs to, as python-telegram-bot's
    ``effective_chat`` finds it, without parsing it: a message's, or a pressed button's message's."""
    for key, value in body.items():
        if key == "update_id" or not isinstance(value, dict):
            continue
        for holder in (value, value.get("message")):
            if isinstance(holder, dict) and isinstance(holder.get("chat"), dict):
                chat_id = holder["chat"].get("id")
                return chat_id if isinstance(chat_id, int) else None
    return None


def _close_now(connection: Connection) -> None:
    """Close a connection at once, whatever state it is in (one the server dropped is closed, and
    given back to the pool, already)."""
    with contextlib.suppress(asyncpg.InterfaceError):  # a proxy the pool took back answers nothing
        if not connection.is_closed():
            connection.terminate()


def _one_line(error: BaseException) -> str:
    return " ".join(f"{type(error).__name__}: {error}".split())[:200]


def server_fault(error: BaseException) -> bool:
    """Whether an error is the server's or the network's, not the statement's."""
    if isinstance(error, OSError | asyncio.TimeoutError | asyncpg.InterfaceError):
        return True
    state = getattr(error, "sqlstate", None)
    return isinstance(state, str) and state.startswith(_SERVER_FAULTS)


def _release_only(chat_id: int, known: list[int]) -> dict[str, Any]:
    """A chat's release as a unit of the lock line: nothing entered, run or queued, the rows it
    knows leased and its lock let go."""
    return {
        "entry": None,
        "chat": chat_id,
        "received": 0.0,
        "out_chats": [],
        "out_messages": [],
        "statements": [],
        "checks": [],
        "parameters": [],
        "releasing": True,
        "held": chat_id,
        "known": known,
    }


@dataclass
class _Held:
    """The connection a chat's item holds its lock on; None once the item is done (tasks the item
    started copy the context, and must not reach a connection handed back to the pool). With it,
    what the lock's statement read of the chat, for the item's first loads: its active game
    (``active``), its sessions (kind: state and version) and its unsent outbox rows; ``fresh``
    turns false once the item writes, and loads go to the server again. ``known``: the chat's
    outbox rows the item read or committed, whose lease it takes as its lock goes (a row it does
    not know, it would not send)."""

    chat_id: int
    connection: Connection | None
    active: str | None = None
    sessions: dict[str, tuple[str, int]] = field(default_factory=dict)
    unsent: list[tuple[int, str]] = field(default_factory=list)
    fresh: bool = True
    known: set[int] = field(default_factory=set)
    released: bool = False  # the unit's commit let the lock go (``bukvoed_unit``)
    #: The lock line's generation when the lock is held there (None: on ``connection``); a line
    #: made anew since then no longer holds it (its connection, and its locks, went).
    generation: int | None = None
    done: bool = False  # the item ended: nothing of it may reach the database any more

    def read(self, rows: Sequence[Any]) -> None:
        """Take in the rows of ``bukvoed_hold``."""
        for what, row_id, body, version in rows:
            if what == "o":
                self.unsent.append((int(row_id), str(body)))
                self.known.add(int(row_id))
            elif what == "a":
                self.active = str(body)
            else:
                self.sessions[str(what)[1:]] = (str(body), int(version))
        self.unsent.sort()


#: A connection of the pool, or one made alone (``migrate-to``).
Connection: TypeAlias = "asyncpg.Connection[Any] | PoolConnectionProxy[Any]"

_HELD: contextvars.ContextVar[_Held | None] = contextvars.ContextVar("held_chat", default=None)


class _StaleError(Exception):
    """Rolls a unit's transaction back: a session changed since it was loaded."""


class _LineGoneError(ConnectionError):
    """An item's chat was held on a lock line that is gone (and its lock with it): a server's
    fault, as when an item's own connection drops."""


#: The driver's error class of each SQLSTATE, for a unit the lock line's call rolled back alone.
_ERRORS: dict[str, type[asyncpg.PostgresError]] = {
    error.sqlstate: error
    for name in dir(asyncpg.exceptions)
    if isinstance(error := getattr(asyncpg.exceptions, name), type)
    and issubclass(error, asyncpg.PostgresError)
    and isinstance(getattr(error, "sqlstate", None), str)
}


def _refused(failure: str) -> asyncpg.PostgresError:
    """A unit's failure in the lock line's call (``SQLSTATE message``) as the driver raises it
    for a unit of its own, so that a server's fault is told from a statement's as before."""
    return _ERRORS.get(failure[:5], asyncpg.PostgresError)(failure[6:])


async def _keep_session(connection: asyncpg.Connection[Any]) -> None:
    """What a connection going back to the pool needs beyond the rollback asyncpg always does:
    nothing. The default reset (a round trip that lets every advisory lock go, closes cursors,
    unlistens and resets settings) is spared: nothing here sets, listens or opens cursors on a
    pooled connection, and :meth:`PostgresStore.hold` closes the connection whenever a chat's lock
    may be left on it."""


async def migrate(connection: Connection, now: float, tables: Sequence[Sql] = ()) -> None:
    """Bring the database to :data:`schema.SCHEMA_VERSION` (the versions of a SQLite file, each
    written for this engine: :mod:`bot.storage.postgres_schema`), then make the games' own tables
    where missing (their ``CREATE … IF NOT EXISTS`` scripts, in PostgreSQL's words); one process at
    a time (replicas may start together)."""
    async with connection.transaction():
        await connection.execute("SELECT pg_advisory_xact_lock($1, $2)", *MIGRATION_LOCK)
        await connection.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        version = await connection.fetchval("SELECT max(version) FROM schema_version") or 0
        if version > schema.SCHEMA_VERSION:
            raise StoreUnavailableError(
                f"the database was written by a newer bot (schema {version} > {schema.SCHEMA_VERSION})"
            )
        for step in range(version + 1, schema.SCHEMA_VERSION + 1):
            script = postgres_schema.MIGRATIONS[step].replace("{now}", repr(float(now)))
            if script.strip():  # a version whose tables are now a game's own makes nothing here
                await connection.execute(script)
            await connection.execute("INSERT INTO schema_version (version) VALUES ($1)", step)
        games = "\n".join(table.postgres for table in tables)
        if games.strip():
            await connection.execute(games)
        await connection.execute(_INDEXES)
        await connection.execute(_ITEM_FUNCTIONS)
        await connection.execute(_KEEP_FUNCTION)
        await connection.execute(_CLAIM_FUNCTION)
        await connection.execute(_UNIT_FUNCTION)
        await connection.execute(_TICK_FUNCTION)


class PostgresStore(Store):
    """The bot's tables on a PostgreSQL server: open once at start, close at shutdown."""

    def __init__(self, pool: asyncpg.Pool[Any], *, url: str, clock: Callable[[], float], remembered: int) -> None:
        self._pool = pool
        self._inbox_pool: asyncpg.Pool[Any] | None = None  # the inbox's inserts, never waiting for a chat's item
        self._url = url
        self.name = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"  # claims are this process's
        self._claimed: dict[int, None] = {}  # update ids claimed and in hand, not yet handled
        self._here: set[int] = set()  # claimed as kept, not yet queued
        self._listening: asyncpg.Connection[Any] | None = None
        self._wake: Callable[[], None] | None = None
        self._polling: asyncpg.Connection[Any] | None = None
        self._clock = clock
        self._remembered = remembered
        self._applied: OrderedDict[int, None] = OrderedDict()  # update ids this process committed
        self._replayed: dict[int, float] = {}
        self._languages: dict[int, str] = {}
        self._handled: set[int] = set()  # inbox rows to delete with the next transaction
        self._sent: dict[int, int | None] = {}  # outbox rows sent (their lease's token) until deleted
        self._leases: dict[int, tuple[int, float]] = {}  # outbox rows leased here: token, until when
        self._failed_writes = 0
        self._last_prune = 0.0
        self._refreshing: asyncio.Task[None] | None = None
        self._away_since: float | None = None  # when chats' items began to wait for the server (monotonic)
        self._beside: list[asyncio.Task[None]] = []
        #: Each statement's parameter types as the server gave them, once (None: an array, or
        #: another type ``bukvoed_unit`` does not cast from text).
        self._types: dict[str, tuple[str, ...] | None] = {}
        #: Each statement's name when prepared on the lock line, and those prepared on its connection.
        self._names: dict[str, str] = {}
        self._line_prepared: set[str] = set()
        #: The lock line: a connection of this process's own holding its items' chats' locks, and
        #: what the loop's tick asked of it (chats to take, units and releases), sent together.
        self._line: asyncpg.Connection[Any] | None = None
        self._line_generation = 0
        self._line_chats: set[int] = set()  # chats held (or asked for) on the line
        self._line_holds: list[tuple[int, asyncio.Future[tuple[int, list[Any]] | None]]] = []
        self._line_units: list[tuple[int, dict[str, Any], asyncio.Future[list[Any]]]] = []
        self._line_due = False
        self._line_busy = asyncio.Lock()
        self._line_tasks: set[asyncio.Future[None]] = set()

    @classmethod
    async def connect(
        cls,
        url: str,
        *,
        clock: Callable[[], float] = time.time,
        remembered: int = 10_000,
        connections: int = interface.CONNECTIONS,
        tables: Sequence[Sql] = (),
        marker: Path | None = None,
        fresh: bool = False,
    ) -> PostgresStore:
        """Connect (creating or migrating the tables); a server that cannot be reached or used is
        a ``StoreUnavailableError`` with one line, here at start. So is a database without the
        bot's tables that ``marker`` names (:mod:`bot.storage.marker`: it was emptied or
        replaced), unless ``fresh``."""
        try:
            # No floor of open connections: asyncpg would log a traceback each time it failed to
            # restore one while the server is away; connections open as items ask for them.
            pool = await asyncpg.create_pool(url, min_size=0, max_size=connections, reset=_keep_session)
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
            raise StoreUnavailableError(f"cannot connect to the database: {error}") from None
        store = cls(pool, url=url, clock=clock, remembered=remembered)
        try:
            async with pool.acquire() as connection:
                if marker is not None and not await connection.fetchval(_HAS_TABLES):
                    missing = f"the PostgreSQL database {name_of(url)} has none of the bot's tables"
                    store_marker.refuse_missing(marker, f"postgresql {name_of(url)}", missing, fresh=fresh)
                await migrate(connection, clock(), tables)
            await store._load_languages()
            await store.forget_old_updates()
        except asyncpg.PostgresError as error:
            await pool.close()
            raise StoreUnavailableError(f"cannot use the database: {error}") from None
        except BaseException:
            await pool.close()
            raise
        if marker is not None:
            store_marker.note(marker, f"postgresql {name_of(url)}")
        # No connection is opened here (no floor): this cannot fail.
        store._inbox_pool = await asyncpg.create_pool(url, min_size=0, max_size=INBOX_CONNECTIONS, reset=_keep_session)
        store._refreshing = asyncio.create_task(store._refresh_every(REFRESH_SECONDS))
        return store

    @property
    def shared(self) -> bool:
        return True

    def shared_inbox(self) -> SharedInbox:
        return self

    def run_beside(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` for as long as the store is open (the claims of kept updates)."""
        self._beside.append(asyncio.create_task(work))

    async def close(self) -> None:
        """Flush the pending deletes and close the pool, whatever fails on the way."""
        try:
            for task in [*self._beside, *([self._refreshing] if self._refreshing else []), *self._line_tasks]:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
            with contextlib.suppress(Exception):
                await self._flush_deletes()
            with contextlib.suppress(Exception):  # a stop hands its chats on at once, a death after the lease
                await self._pool.execute("UPDATE inbox SET claimed_by = NULL WHERE claimed_by = $1", self.name)
                await self._pool.execute(
                    "UPDATE outbox SET lease_by = NULL, lease_token = NULL, lease_until = NULL WHERE lease_by = $1",
                    self.name,
                )
            for connection in (self._listening, self._polling, self._line):
                if connection is not None:
                    with contextlib.suppress(Exception):
                        await asyncio.wait_for(connection.close(), 2)
        finally:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._pool.close(), 5)
            if self._inbox_pool is not None:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(self._inbox_pool.close(), 5)

    async def _refresh_every(self, seconds: float) -> None:
        while True:
            await asyncio.sleep(seconds)
            try:
                await self.renew_claims()
                await self._flush_deletes()
                await self.renew_leases()
                await self._keep_listening()
                await self._load_languages()
                if self._clock() - self._last_prune >= 60:
                    await self.forget_old_updates()
            except Exception as error:  # the next round tries again
                if server_fault(error):
                    self._note_away(error)
                else:
                    log.warning("could not refresh from the database: %s", error)

    async def _load_languages(self) -> None:
        rows = await self._pool.fetch(languages.LOAD_ALL)
        self._languages = {int(row[0]): str(row[1]) for row in rows}

    def language_of(self, user_id: int) -> str | None:
        return self._languages.get(user_id)

    def remember_language(self, user_id: int, lang: str) -> None:
        self._languages[user_id] = lang

    def applied_recently(self, update_id: int) -> bool:
        return update_id in self._applied

    def received_at(self, update_id: int) -> float:
        kept_at = self._replayed.get(update_id)
        return self._clock() if kept_at is None else kept_at

    @contextlib.asynccontextmanager
    async def _connection(self) -> AsyncIterator[Connection]:
        """The connection the running chat item holds, else one from the pool."""
        held = _HELD.get()
        if held is not None and held.connection is not None:
            yield held.connection
            return
        async with self._pool.acquire() as connection:
            yield connection

    @contextlib.asynccontextmanager
    async def _reading(self) -> AsyncIterator[Connection]:
        """A connection for reads (``_connection``); a server away is a ``StoreWriteError``, as
        for a save: the player is asked to try again, and the bot logs it once, not per read."""
        try:
            async with self._connection() as connection:
                yield connection
        except BaseException as error:
            if server_fault(error):
                raise StoreWriteError(_one_line(error)) from error
            raise

    @contextlib.asynccontextmanager
    async def hold(self, chat_id: int) -> AsyncIterator[None]:
        """The chat's advisory lock for one item, taken with a first read of the chat: on the lock
        line with the other chats of the tick (``bukvoed_tick``), or, for a chat another process
        holds, on a connection of the item's own that its loads and commit use (``bukvoed_hold``).
        As the lock goes (with the unit's commit, or ``bukvoed_release``) the rows sent meanwhile
        are deleted and the chat's rows leased, for the chat's line to send with nothing held (the
        handled updates' inbox rows may wait for the next transaction: the ledger answers for
        those). A lock or release that did not finish (an error, a cancellation) closes the
        connection it was on (the item's own, or the line): the server then lets the lock go.

        While the server is away the item waits for it, and takes the lock afresh once it answers:
        the chat's line stays in order, and the update this process claimed is one it still works
        on (an item that gave up here would leave its claim renewed and never handled, while the
        chat's later updates went first)."""
        held = await self._take(chat_id)
        token = _HELD.set(held)
        try:
            yield
        finally:
            _HELD.reset(token)
            held.done = True
            if held.generation is not None:
                await self._let_go_on_line(held)
            connection, held.connection = held.connection, None
            if connection is not None:
                try:
                    if not held.released:
                        await self._release(connection, held)
                finally:
                    await self._give_back(connection)

    async def _give_back(self, connection: Connection) -> None:
        """A pooled connection back to its pool (one the server dropped is back already)."""
        if isinstance(connection, PoolConnectionProxy):
            await self._pool.release(connection)

    async def _take(self, chat_id: int) -> _Held:
        """The chat's lock for an item: on the lock line, with the other chats asked for in the
        same tick, when the chat is free; else (another process holds it, or the line failed) on
        a pooled connection of the item's own, waiting for it."""
        if chat_id not in self._line_chats:
            held = await self._take_on_line(chat_id)
            if held is not None:
                return held
        return await self._lock(chat_id)

    async def _take_on_line(self, chat_id: int) -> _Held | None:
        """The chat's lock and first read from the line's next call; None when the chat is busy
        or the call failed (the line was dropped then, with every lock it held)."""
        self._line_chats.add(chat_id)
        waiting: asyncio.Future[tuple[int, list[Any]] | None] = asyncio.get_running_loop().create_future()
        self._line_holds.append((chat_id, waiting))
        self._line_soon()
        try:
            taken = await waiting
        except asyncio.CancelledError:
            if waiting.done() and not waiting.cancelled() and waiting.exception() is None:
                taken = waiting.result()
                if taken is not None:
                    self._let_go_later(chat_id, taken[0])  # taken for an item that is gone
            raise
        except Exception:
            return None
        if taken is None:
            return None
        generation, rows = taken
        held = _Held(chat_id, None, generation=generation)
        held.read(rows)
        return held

    def _let_go_later(self, chat_id: int, generation: int) -> None:
        """A chat taken on the line for an item that will not run: its lock let go with the next call."""
        if generation == self._line_generation:
            self._ask_line(generation, _release_only(chat_id, []))

    def _ask_line(self, generation: int, unit: dict[str, Any]) -> asyncio.Future[list[Any]]:
        """A unit (or a release) for the line's next call, from an item holding its chat on the
        line's ``generation``; its rows, when the call is made."""
        waiting: asyncio.Future[list[Any]] = asyncio.get_running_loop().create_future()
        self._line_units.append((generation, unit, waiting))
        self._line_soon()
        return waiting

    async def _let_go_on_line(self, held: _Held) -> None:
        """The end of an item held on the line: its release (the rows it knows leased, its lock let
        go) in the line's next call, unless its unit let it go already or the line it was taken on
        is gone, and its lock with it."""
        if held.released or held.generation != self._line_generation:
            return
        waiting = self._ask_line(held.generation, _release_only(held.chat_id, sorted(held.known - self._sent.keys())))
        with contextlib.suppress(Exception):  # a failed call dropped the line, and the lock with it
            await waiting

    def _line_soon(self) -> None:
        """Send what the loop's tick asked of the line at the end of the tick."""
        if not self._line_due:
            self._line_due = True
            asyncio.get_running_loop().call_soon(self._line_now)

    def _line_now(self) -> None:
        self._line_due = False
        task = asyncio.ensure_future(self._run_line())
        self._line_tasks.add(task)
        task.add_done_callback(self._line_tasks.discard)

    async def _run_line(self) -> None:
        """The line's calls, one at a time (one connection), each with at most ``TICK_ITEMS`` units
        and as many chats to take; what was asked meanwhile goes in the next."""
        async with self._line_busy:
            while self._line_holds or self._line_units:
                holds, self._line_holds = self._line_holds[:TICK_ITEMS], self._line_holds[TICK_ITEMS:]
                units, self._line_units = self._line_units[:TICK_ITEMS], self._line_units[TICK_ITEMS:]
                await self._tick(holds, units)

    async def _line_connection(self) -> asyncpg.Connection[Any]:
        if self._line is None or self._line.is_closed():
            self._drop_line()
            self._line = await asyncpg.connect(self._url)
        return self._line

    def _drop_line(self) -> None:
        """Close the line's connection (the server lets every lock it held go) and start a new
        generation: items held on the old one take their chats' locks again before they commit."""
        if self._line is not None:
            _close_now(self._line)
            self._line = None
        self._line_generation += 1
        self._line_chats.clear()
        self._line_prepared.clear()

    async def _tick(
        self,
        holds: list[tuple[int, asyncio.Future[tuple[int, list[Any]] | None]]],
        units: list[tuple[int, dict[str, Any], asyncio.Future[list[Any]]]],
    ) -> None:
        """One call of the line (``bukvoed_tick``): the units, then the chats to take; each waiter
        gets its part. A call that fails drops the line: whether it committed, and which locks it
        took, is unknown, and with the connection closed no lock is left behind."""
        for chat_id, waiting in holds:
            if waiting.cancelled():
                self._line_chats.discard(chat_id)
        holds = [(chat_id, waiting) for chat_id, waiting in holds if not waiting.cancelled()]
        handled, self._handled = list(self._handled), set()
        sent = dict(self._sent)
        now = self._clock()
        until = now + OUTBOX_LEASE_SECONDS
        try:
            connection = await self._line_connection()
            units = self._of_this_line(units)
            await self._prepare_on_line(connection, units)
            rows = await connection.fetch(
                _TICK,
                *columns([unit for _, unit, _ in units]),
                ids(chat_id for chat_id, _ in holds),
                ids(handled),
                ids(sent),
                ids(sent.values()),
                self.name,
                now,
                until,
            )
        except BaseException as error:
            self._handled.update(handled)
            self._drop_line()
            failed = error if isinstance(error, Exception) else StoreWriteError(_one_line(error))
            waiters: list[asyncio.Future[Any]] = [w for _, w in holds] + [w for _, _, w in units]
            for waiter in waiters:
                if not waiter.done():
                    waiter.set_exception(failed)
            if not isinstance(error, Exception):
                raise
            return
        self._forget_sent(sent)
        self._line_results(rows, holds, units, until)

    async def _prepare_on_line(
        self, connection: asyncpg.Connection[Any], units: list[tuple[int, dict[str, Any], asyncio.Future[list[Any]]]]
    ) -> None:
        """The statements the units run by name that the line's connection has not prepared yet,
        prepared in one round trip (once a statement, for as long as the connection lasts)."""
        script = []
        for _, unit, _ in units:
            for sql in unit.pop("prepare", ()):
                name = self._names[sql]
                if name not in self._line_prepared:
                    self._line_prepared.add(name)
                    types = f" ({', '.join(self._types[sql] or ())})" if self._types[sql] else ""
                    script.append(f"PREPARE {name}{types} AS {sql};")
        if script:
            try:
                await connection.execute("\n".join(script))
            except BaseException:
                self._line_prepared.clear()  # the line is dropped with the call: a new one starts with none
                raise

    def _of_this_line(
        self, units: list[tuple[int, dict[str, Any], asyncio.Future[list[Any]]]]
    ) -> list[tuple[int, dict[str, Any], asyncio.Future[list[Any]]]]:
        """The units whose chats the line's connection holds; the others' items held them on a
        connection that is gone (their locks went with it): ``_LineGoneError`` to them."""
        kept = []
        for generation, unit, waiting in units:
            if generation == self._line_generation:
                kept.append((generation, unit, waiting))
            elif not waiting.done():
                waiting.set_exception(_LineGoneError("the lock line was made anew: its chats' locks went"))
        return kept

    def _line_results(
        self,
        rows: Sequence[Any],
        holds: list[tuple[int, asyncio.Future[tuple[int, list[Any]] | None]]],
        units: list[tuple[int, dict[str, Any], asyncio.Future[list[Any]]]],
        until: float,
    ) -> None:
        """Each unit's rows to its waiter, each chat's first read to its item."""
        of_unit: dict[int, list[tuple[str, Any, Any, Any]]] = {}
        of_chat: dict[int, list[tuple[str, Any, Any, Any]]] = {}
        for n, chat_id, what, row_id, body, version in rows:
            if n is not None:
                of_unit.setdefault(int(n), []).append((str(what), row_id, body, version))
            else:
                of_chat.setdefault(int(chat_id), []).append((str(what), row_id, body, version))
        for n, (_, unit, waiting) in enumerate(units, 1):
            self._unit_done(unit, of_unit.get(n, []), until)
            if not waiting.done():
                waiting.set_result(of_unit.get(n, []))
        for chat_id, taking in holds:
            self._taken(chat_id, of_chat.get(chat_id, []), taking)

    def _unit_done(self, unit: Mapping[str, Any], rows: list[tuple[str, Any, Any, Any]], until: float) -> None:
        """A unit's release noted, whether or not its item still waits: its chat no longer held on
        the line, and the leases it took."""
        if not unit["releasing"] or any(what in ("x", "d") for what, _, _, _ in rows):
            return
        self._line_chats.discard(int(unit["held"]))
        for what, row_id, _, token in rows:
            if what == "l":
                self._leases[int(row_id)] = (int(token), until)

    def _taken(
        self, chat_id: int, rows: list[tuple[str, Any, Any, Any]], taking: asyncio.Future[tuple[int, list[Any]] | None]
    ) -> None:
        """A chat asked for: its first read to its item (None: busy); a chat taken for an item
        cancelled meanwhile is let go again."""
        if not any(what == "held" for what, _, _, _ in rows):
            self._line_chats.discard(chat_id)
            if not taking.done():
                taking.set_result(None)
        elif taking.done():
            self._let_go_later(chat_id, self._line_generation)
        else:
            taking.set_result((self._line_generation, [row for row in rows if row[0] != "held"]))

    async def _lock(self, chat_id: int) -> _Held:
        """A pooled connection holding the chat's lock, with the chat's first read; tried again
        every ``AWAY_RETRY_SECONDS`` while the server is away (one log line when it goes, one when
        it is back)."""
        while True:
            try:
                connection = await self._pool.acquire()
            except BaseException as error:
                if not server_fault(error):
                    raise
                await self._server_away(error)
                continue
            try:
                held = _Held(chat_id, connection)
                held.read(await connection.fetch("SELECT * FROM bukvoed_hold($1)", chat_id))
            except BaseException as error:
                _close_now(connection)  # the lock may be held on it: closed, the server lets it go
                await self._pool.release(connection)
                if not server_fault(error):
                    raise
                await self._server_away(error)
                continue
            self._server_back()
            return held

    async def _release(self, connection: Connection, held: _Held) -> None:
        """Delete the rows sent (any chat's, fenced by their leases' tokens), lease the chat's rows
        the item knows, and let the chat's lock go, in one round trip; on a server fault the
        connection is closed instead (the server lets its lock go), and the rows sent are deleted
        later (the chat's rows then wait for a lease, taken by its next item)."""
        sent = dict(self._sent)
        now = self._clock()
        until = now + OUTBOX_LEASE_SECONDS
        known = sorted(held.known - sent.keys())
        try:
            rows = await connection.fetch(
                _RELEASE,
                held.chat_id,
                ids(sent),
                ids(sent.values()),
                self.name,
                ids(known),
                now,
                until,
            )
        except BaseException as error:
            _close_now(connection)
            if not server_fault(error):
                raise
            return
        self._forget_sent(sent)
        for row_id, token in rows:
            self._leases[int(row_id)] = (int(token), until)

    def _forget_sent(self, deleted: Mapping[int, int | None]) -> None:
        """Rows whose deletes committed (or whose lease had gone to another) leave ``_sent``."""
        for row_id, token in deleted.items():
            if self._sent.get(row_id, -1) == token:
                del self._sent[row_id]

    def leased(self, row_id: int) -> bool:
        """Whether this process holds the row's lease, with time left to send it."""
        lease = self._leases.get(row_id)
        return lease is not None and self._clock() < lease[1] - LEASE_MARGIN_SECONDS

    async def renew_leases(self) -> None:
        """Extend the leases of the rows this process still has to send; a lease another process
        took (this one's lapsed) is dropped here, and its row is not sent from here."""
        if not self._leases:
            return
        held = dict(self._leases)
        until = self._clock() + OUTBOX_LEASE_SECONDS
        tokens = [token for token, _ in held.values()]
        rows = await self._pool.fetch(_RENEW_LEASES, until, ids(held), ids(tokens))
        renewed = {int(row[0]) for row in rows}
        for row_id, (token, _) in held.items():
            if self._leases.get(row_id, (None, 0.0))[0] != token:
                continue  # leased again meanwhile
            if row_id in renewed:
                self._leases[row_id] = (token, until)
            else:
                del self._leases[row_id]

    async def _keep_listening(self) -> None:
        """Listen again once the announcements' connection dropped (the server restarted)."""
        if self._wake is None or (self._listening is not None and not self._listening.is_closed()):
            return
        await self.listen(self._wake)
        log.info("listening for kept updates again")

    async def _server_away(self, error: BaseException) -> None:
        """Say once that the server went away, then wait a little before the next try."""
        self._note_away(error)
        await asyncio.sleep(AWAY_RETRY_SECONDS)

    def _note_away(self, error: BaseException) -> None:
        """One line when the server goes away (not one per failed call while it is)."""
        if self._away_since is None:
            self._away_since = time.monotonic()
            log.warning("the database is away (%s): chats' items wait for it, in order", _one_line(error))

    def _server_back(self) -> None:
        if self._away_since is not None:
            log.warning("the database answers again, after %.1f s", time.monotonic() - self._away_since)
            self._away_since = None

    def _fresh(self, chat_id: int) -> _Held | None:
        """The running item's first read, when it is of this chat and nothing was written since."""
        held = _HELD.get()
        return held if held is not None and held.chat_id == chat_id and held.fresh else None

    def _wrote(self) -> None:
        held = _HELD.get()
        if held is not None:
            held.fresh = False

    def forget_chats(self, *chat_ids: int) -> None:
        held = _HELD.get()
        if held is not None and held.chat_id in chat_ids:
            held.fresh = False

    async def _flush_deletes(self) -> None:
        """Delete the inbox rows of handled updates and the outbox rows sent (fenced)."""
        if not (self._handled or self._sent):
            return
        handled, self._handled = list(self._handled), set()
        sent = dict(self._sent)
        try:
            async with self._pool.acquire() as connection, connection.transaction():
                if handled:
                    await connection.execute(_FORGET_HANDLED, ids(handled))
                if sent:
                    await connection.execute(_FORGET_SENT, ids(sent), ids(sent.values()))
        except BaseException:
            self._handled.update(handled)
            raise
        self._forget_sent(sent)

    async def load(self, chat_id: int, kind: str) -> Stored | None:
        held = self._fresh(chat_id)
        if held is not None:
            found = held.sessions.get(kind)
            return None if found is None else stored(chat_id, kind, found[0], found[1])
        async with self._reading() as connection:
            row = await connection.fetchrow(
                "SELECT state, version FROM sessions WHERE chat_id = $1 AND kind = $2", chat_id, kind
            )
        return None if row is None else stored(chat_id, kind, str(row[0]), int(row[1]))

    async def quarantine(self, chat_id: int, kind: str, reason: str) -> None:
        """Move the chat's damaged session of ``kind`` aside (``quarantine_statements``), now."""
        await self._write(quarantine_statements(chat_id, kind, reason, self._clock()))

    async def active_kind(self, chat_id: int) -> str | None:
        held = self._fresh(chat_id)
        if held is not None:
            return held.active
        async with self._reading() as connection:
            kind = await connection.fetchval("SELECT active_kind FROM chats WHERE chat_id = $1", chat_id)
        return None if kind is None else str(kind)

    async def commit(self, unit: UnitOfWork) -> list[tuple[int, Outgoing]] | None:
        """One transaction: the update entered in the ledger first (already there: only its inbox
        row goes, and None), then every statement, then the outbox rows; their (id, message)."""
        others = list(self._handled)
        self._handled.clear()
        handled = others if unit.update_id is None else [*others, unit.update_id]
        statements = [staged.statement for staged in unit.sessions] + unit.statements
        statements += [activate(chat, kind) for chat, kind in unit.active.items()]
        outgoing = [(m.chat_id, json.dumps(m.to_row(), ensure_ascii=False)) for m in unit.messages]
        self._wrote()
        try:
            rows = await self._write_unit_until_answered(unit, statements, outgoing, handled)
        except _StaleError:
            self._handled.update(others)  # not the unit's own update: whether it goes is its item's to say
            raise StaleSessionError(f"chat {unit.chat_id}: a session changed since it was loaded") from None
        except BaseException as error:
            self._handled.update(others)
            if server_fault(error):
                self._note_failed_write(error)
                raise StoreWriteError(str(error)) from error
            raise
        self._note_write_worked()
        if unit.update_id is not None:
            self._replayed.pop(unit.update_id, None)
            self._claimed.pop(unit.update_id, None)
        if rows is None:
            return None
        held = _HELD.get()
        if held is not None:
            mine = zip(rows, unit.messages, strict=True)
            held.known.update(row_id for row_id, message in mine if message.chat_id == held.chat_id)
        if unit.update_id is not None:
            self._applied[unit.update_id] = None
            while len(self._applied) > self._remembered:
                self._applied.popitem(last=False)
        return list(zip(rows, unit.messages, strict=True))

    async def _write_unit_until_answered(
        self, unit: UnitOfWork, statements: list[Statement], outgoing: list[tuple[int, str]], handled: list[int]
    ) -> list[int] | None:
        """The unit's transaction; when the server goes away under a chat's item, the item waits
        for it, takes the chat's lock again and tries once more: whether the first try committed
        is unknown, and the ledger tells (then the update was applied: None), as the session's
        version tells a change made meanwhile. Outside an item, a server fault is raised."""
        while True:
            try:
                return await self._write_unit(unit, statements, outgoing, handled)
            except BaseException as error:
                if not server_fault(error) or not await self._lock_again(error):
                    raise

    async def _lock_again(self, error: BaseException) -> bool:
        """The running item's connection failed: close it, then hold the chat's lock again on a
        new one, waiting for the server; False outside an item. An item held on the lock line
        whose unit alone failed still holds its chat there, and tries again after a pause; one
        whose line is gone takes its chat's lock on a connection of its own."""
        held = _HELD.get()
        if held is None or held.done:
            return False
        if held.generation is not None:
            if held.generation == self._line_generation:
                await self._server_away(error)
            else:  # waits for the server, if it is away
                held.connection = (await self._lock(held.chat_id)).connection
                held.generation = None
                held.fresh = False
            return True
        if held.connection is None:
            return False
        lost, held.connection = held.connection, None
        _close_now(lost)
        await self._give_back(lost)
        await self._server_away(error)
        held.connection = (await self._lock(held.chat_id)).connection
        held.fresh = False
        return True

    async def _write_unit(
        self, unit: UnitOfWork, statements: list[Statement], outgoing: list[tuple[int, str]], handled: list[int]
    ) -> list[int] | None:
        held = _HELD.get()
        if held is not None and held.generation is not None:
            return await self._write_unit_on_line(held, unit, statements, outgoing, handled)
        async with self._connection() as connection:
            call = await self._in_one_call(connection, statements)
            if call is not None:
                return await self._write_unit_in_one_call(connection, unit, call, outgoing, handled)
        return await self._write_unit_step_by_step(unit, statements, outgoing, handled)

    async def _write_unit_on_line(
        self,
        held: _Held,
        unit: UnitOfWork,
        statements: list[Statement],
        outgoing: list[tuple[int, str]],
        handled: list[int],
    ) -> list[int] | None:
        """An item's unit, with its release, in the lock line's next call (with the other units
        of the same tick), in a subtransaction of its own; a unit the one call cannot carry goes
        the long way on a pooled connection, the line still holding its chat (released as the
        item ends)."""
        if held.generation != self._line_generation:
            raise _LineGoneError("the lock line was made anew: the chat's lock went")
        if any(self._types.get(sql.postgres, ()) == () for sql, _ in statements):
            async with self._pool.acquire() as connection:
                call = await self._in_one_call(connection, statements, named=True)
        else:
            call = await self._in_one_call(None, statements, named=True)
        if call is None:
            return await self._write_unit_step_by_step(unit, statements, outgoing, handled)
        texts, checks, parameters = call
        # The others' inbox rows go with the call, whatever the unit comes to; the unit's own goes
        # only with its ledger entry (``bukvoed_unit``): while it waits, its chat stays claimed here.
        self._handled.update(update_id for update_id in handled if update_id != unit.update_id)
        payload = {
            "entry": unit.update_id,
            "chat": unit.chat_id,
            "received": unit.received_at,
            "out_chats": [chat_id for chat_id, _ in outgoing],
            "out_messages": [message for _, message in outgoing],
            "statements": texts,
            "checks": checks,
            "parameters": parameters,
            "releasing": True,
            "held": held.chat_id,
            "known": sorted(held.known - self._sent.keys()),
            "prepare": [sql.postgres for sql, _ in statements],  # taken out before the call
        }
        rows = await self._ask_line(held.generation, payload)
        for what, _, body, _ in rows:
            if what == "x":
                if str(body).startswith(_STALE):
                    raise _StaleError
                raise _refused(str(body))
        if any(what == "d" for what, _, _, _ in rows):
            return None  # a duplicate: nothing of it committed, and the chat is still held
        held.released = True
        return sorted(int(row_id) for what, row_id, _, _ in rows if what == "q")

    async def _in_one_call(
        self, connection: Connection | None, statements: list[Statement], *, named: bool = False
    ) -> tuple[list[str], list[str], list[str | None]] | None:
        """The statements as ``bukvoed_unit`` takes them (texts, which check a version, parameters),
        or None when a parameter is not one it reads from text. ``named``: run by the names they
        are prepared under on the lock line (:meth:`_prepare_on_line`), not from their texts."""
        texts: list[str] = []
        checks: list[str] = []
        parameters: list[str | None] = []
        for sql, values in statements:
            types = self._types.get(sql.postgres, ())
            if types == ():
                assert connection is not None  # given whenever a statement's types are not known yet
                types = self._types[sql.postgres] = await self._parameter_types(connection, sql.postgres)
            if types is None or len(types) != len(values):
                return None
            try:
                as_texts = [as_text(value) for value in values]
            except TypeError:
                return None
            if named:
                name = self._names.setdefault(sql.postgres, f"bukvoed_statement_{len(self._names) + 1}")
                texts.append(by_name(name, len(types), len(parameters)))
                checks.append("T" if sql.checks_version else "F")
            else:
                texts.append(placed(sql.postgres, types, len(parameters)))
                checks.append("t" if sql.checks_version else "f")
            parameters += as_texts
        return texts, checks, parameters

    @staticmethod
    async def _parameter_types(connection: Connection, sql: str) -> tuple[str, ...] | None:
        """A statement's parameter types, as the server infers them (one round trip, once a
        statement in a process); None when one is an array or of a kind not read from text."""
        try:
            types = (await connection.prepare(sql)).get_parameters()
        except asyncpg.PostgresError as error:
            if server_fault(error):
                raise
            return None  # the long way says what is wrong with it
        if any(t.kind != "scalar" or t.name not in _CAST_FROM_TEXT for t in types):
            return None
        return tuple(f"pg_catalog.{t.name}" for t in types)

    async def _write_unit_in_one_call(
        self,
        connection: Connection,
        unit: UnitOfWork,
        call: tuple[list[str], list[str], list[str | None]],
        outgoing: list[tuple[int, str]],
        handled: list[int],
    ) -> list[int] | None:
        """The unit in one round trip (``bukvoed_unit``); within a chat's item, with the item's
        release: this is the item's last write, and its lock goes as the unit commits."""
        held = _HELD.get()
        releasing = held is not None and held.connection is connection
        sent = dict(self._sent) if releasing else {}
        known = sorted(held.known - sent.keys()) if held is not None and releasing else []
        now = self._clock()
        until = now + OUTBOX_LEASE_SECONDS
        texts, checks, parameters = call
        try:
            rows = await connection.fetch(
                _UNIT,
                unit.update_id,
                unit.chat_id,
                unit.received_at,
                ids(handled),
                ids(chat_id for chat_id, _ in outgoing),
                [message for _, message in outgoing],
                now,
                texts,
                checks,
                parameters,
                releasing,
                held.chat_id if held is not None else None,
                ids(sent),
                ids(sent.values()),
                self.name,
                ids(known),
                until,
            )
        except asyncpg.PostgresError as error:
            if error.sqlstate == _STALE:
                raise _StaleError from None
            raise
        if any(what == "d" for what, _, _ in rows):
            return None  # a duplicate: only the inbox deletes committed
        if releasing and held is not None:
            held.released = True
            self._forget_sent(sent)
            for what, row_id, token in rows:
                if what == "l":
                    self._leases[int(row_id)] = (int(token), until)
        return sorted(int(row_id) for what, row_id, _ in rows if what == "q")

    async def _write_unit_step_by_step(
        self, unit: UnitOfWork, statements: list[Statement], outgoing: list[tuple[int, str]], handled: list[int]
    ) -> list[int] | None:
        chats = [chat_id for chat_id, _ in outgoing]
        messages = [message for _, message in outgoing]
        queued: list[int] = []
        if unit.update_id is not None and not statements:
            # The gate, the inbox's deletes and the messages are one statement: its own transaction,
            # in one round trip instead of three (a reply that changes nothing else: /help, a stale press).
            async with self._connection() as connection:
                entry = unit.update_id, unit.chat_id, unit.received_at
                row = await connection.fetchrow(_ENTER, *entry, ids(handled), ids(chats), messages, self._clock())
            assert row is not None
            return [int(row_id) for row_id in row[1]] if row[0] else None
        async with self._connection() as connection, connection.transaction():
            if unit.update_id is not None:
                entry = unit.update_id, unit.chat_id, unit.received_at
                row = await connection.fetchrow(_ENTER, *entry, ids(handled), ids(chats), messages, self._clock())
                assert row is not None
                if not row[0]:
                    return None  # a duplicate: the transaction commits only the inbox deletes
                queued = [int(row_id) for row_id in row[1]]
            elif handled:
                await connection.execute(_FORGET_HANDLED, ids(handled))
            for sql, parameters in statements:
                if sql.checks_version:
                    if await connection.fetchval(sql.postgres, *parameters) is None:
                        raise _StaleError
                else:
                    await connection.execute(sql.postgres, *parameters)
            if unit.update_id is None and outgoing:
                rows = await connection.fetch(_QUEUE_MESSAGES, ids(chats), messages, self._clock())
                queued = sorted(int(row[0]) for row in rows)  # one sequence, taken in the rows' order
            return queued

    async def _write(self, statements: list[Statement]) -> None:
        """Statements as one transaction; ``StoreWriteError`` when the server fails it."""
        self._wrote()
        try:
            async with self._connection() as connection, connection.transaction():
                for sql, parameters in statements:
                    await connection.execute(sql.postgres, *parameters)
        except BaseException as error:
            if server_fault(error):
                self._note_failed_write(error)
                raise StoreWriteError(str(error)) from error
            raise
        self._note_write_worked()

    def _note_failed_write(self, error: BaseException) -> None:
        if not self._failed_writes:
            log.warning("database writes are failing (%s): players are asked to try again", error)
        self._failed_writes += 1

    def _note_write_worked(self) -> None:
        if self._failed_writes:
            log.warning("database writes work again, after %d refused", self._failed_writes)
            self._failed_writes = 0

    async def forget_old_updates(self) -> None:
        self._last_prune = self._clock()
        since = self._clock() - REDELIVERY_WINDOW
        await self._write(forget_statements(since))

    async def keep_fetched(self, updates: Sequence[Mapping[str, Any]]) -> None:
        """Keep a fetched batch until each update is handled, in one transaction that also takes
        along the deletes of updates handled meanwhile; ``StoreWriteError`` when the server
        refuses it: then the batch must not be confirmed. The updates of chats no other process
        may hold are claimed for this one at once (:meth:`claimed_here`: handled here, as
        fetched, not read back by the claims); the others are announced to the claims."""
        now = self._clock()
        numbers = [int(u["update_id"]) for u in updates]
        bodies = [json.dumps(u, ensure_ascii=False) for u in updates]
        chats = [chat_in(u) for u in updates]
        handled, self._handled = list(self._handled), set()
        try:
            lease = now - CLAIM_LEASE_SECONDS
            here = len(self._claimed) < CLAIM_HERE_UP_TO
            kept = ids(numbers), bodies, ids(chats), now, self.name, lease, here, ids(handled)
            rows = await (self._inbox_pool or self._pool).fetch(_KEEP, *kept)
        except BaseException as error:
            self._handled.update(handled)
            if server_fault(error):
                self._note_failed_write(error)
                raise StoreWriteError(str(error)) from error
            raise
        for update_id, claimed_by in rows:
            if claimed_by is not None:
                self._claimed[int(update_id)] = None
                self._here.add(int(update_id))

    def claimed_here(self, update_id: int) -> bool:
        """Whether a fetched update was claimed for this process as it was kept (then it is
        queued here as fetched, once); the others come through the claims."""
        if update_id in self._here:
            self._here.discard(update_id)
            return True
        return False

    def handled(self, update_id: int) -> None:
        self._handled.add(update_id)
        self._replayed.pop(update_id, None)
        self._claimed.pop(update_id, None)

    def kept_for_later(self, update_id: int) -> None:
        self._handled.discard(update_id)
        self._claimed[update_id] = None  # renewed: no other process takes it meanwhile

    async def claim(self, limit: int = CLAIM_BATCH) -> list[dict[str, Any]]:
        """Kept updates for this process to apply: of chats no other live process holds, or left
        by one that died (its claims not renewed for ``CLAIM_LEASE_SECONDS``), oldest first."""
        now = self._clock()
        try:
            rows = await self._pool.fetch(_CLAIM, self.name, now, now - CLAIM_LEASE_SECONDS, limit)
        except Exception as error:
            if not server_fault(error):
                raise
            self._note_away(error)  # nothing claimed: the next round tries again
            return []
        self._server_back()
        claimed = sorted((float(row[2]), int(row[0]), str(row[1])) for row in rows)
        for kept_at, update_id, _ in claimed:
            self._replayed[update_id] = kept_at  # applied as received when kept, not now
            self._claimed[update_id] = None
        return [json.loads(body) for _, _, body in claimed]

    async def renew_claims(self) -> None:
        """Tell the other processes this one still works on the updates it claimed."""
        if self._claimed:
            await self._pool.execute(
                "UPDATE inbox SET claimed_at = $1 WHERE update_id = ANY($2::text::bigint[])",
                self._clock(),
                ids(self._claimed),
            )

    async def listen(self, wake: Callable[[], None]) -> None:
        """Call ``wake`` whenever any process keeps an update (on a connection of its own, made
        again when the server drops it)."""
        self._wake = wake
        self._listening = await asyncpg.connect(self._url)
        await self._listening.add_listener(INBOX_CHANNEL, lambda *_: wake())

    async def poller_turn(self, seconds: float = 1.0) -> bool:
        """Whether this process is the one that polls Telegram (Telegram answers one
        ``getUpdates`` at a time): the first to take ``POLL_LOCK``, on a connection of its own,
        holds it until it stops or dies; any other waits ``seconds`` and says no."""
        if self._polling is not None:
            if not self._polling.is_closed():
                return True
            self._polling = None  # the server dropped the connection, and the lock with it
            log.warning("this process no longer holds the turn to poll Telegram (its connection dropped)")
        try:
            connection = await asyncpg.connect(self._url)
            try:
                turn = await connection.fetchval("SELECT pg_try_advisory_lock($1, $2)", *POLL_LOCK)
            except BaseException:
                _close_now(connection)
                raise
        except BaseException as error:
            if not server_fault(error):
                raise
            await self._server_away(error)  # one line while it is away; polling asks again
            await asyncio.sleep(seconds)
            return False
        self._server_back()
        if turn:
            self._polling = connection
            log.info("this process polls Telegram for updates now")
            return True
        await connection.close()
        await asyncio.sleep(seconds)
        return False

    async def orphaned_outbox_chats(self) -> list[int]:
        """Chats with outbox rows whose lease lapsed, or left unleased for ``ORPHANED_OUTBOX_SECONDS``
        (a process died)."""
        now = self._clock()
        sql = "SELECT DISTINCT chat_id FROM outbox WHERE lease_until < $1 OR (lease_until IS NULL AND queued_at < $2)"
        rows = await self._pool.fetch(sql, now, now - ORPHANED_OUTBOX_SECONDS)
        return [int(row[0]) for row in rows]

    async def inbox(self) -> list[dict[str, Any]]:
        """The updates kept but not handled (by any process), in the order they were kept."""
        rows = await self._pool.fetch("SELECT body, kept_at FROM inbox ORDER BY kept_at, update_id")
        kept = [(json.loads(str(row[0])), float(row[1])) for row in rows]
        self._replayed = {int(body["update_id"]): kept_at for body, kept_at in kept}
        return [body for body, _ in kept]

    def replayed_up_to(self) -> int:
        since = self._clock() - REDELIVERY_WINDOW
        return max((update_id for update_id, kept_at in self._replayed.items() if kept_at > since), default=0)

    def sent(self, row_id: int) -> None:
        """A row Telegram took (or dropped): deleted, fenced by the lease it went under, with the
        next release of any chat's lock here or the next refresh."""
        lease = self._leases.pop(row_id, None)
        self._sent[row_id] = None if lease is None else lease[0]

    def _unsent(self, row_id: int) -> bool:
        return row_id not in self._sent

    async def pending_messages(self, chat_id: int | None = None) -> list[tuple[int, Outgoing]]:
        held = None if chat_id is None else self._fresh(chat_id)
        if held is not None and chat_id is not None:
            fetched = [(row_id, json.loads(body)) for row_id, body in held.unsent if self._unsent(row_id)]
            return [(row_id, Outgoing.from_row(chat_id, row)) for row_id, row in fetched]
        known = _HELD.get()
        async with self._reading() as connection:
            if chat_id is None:
                rows = await connection.fetch("SELECT id, chat_id, message FROM outbox ORDER BY id")
            else:
                sql = "SELECT id, chat_id, message FROM outbox WHERE chat_id = $1 ORDER BY id"
                rows = await connection.fetch(sql, chat_id)
        unsent = [row for row in rows if self._unsent(int(row[0]))]
        if known is not None and not known.done and chat_id == known.chat_id:
            known.known.update(int(row[0]) for row in unsent)
        return [(int(row[0]), Outgoing.from_row(int(row[1]), json.loads(str(row[2])))) for row in unsent]

    async def records(self, user_id: int) -> dict[str, Record]:
        sql = "SELECT kind, played, won, lost, hints, draws FROM records WHERE user_id = $1"
        async with self._reading() as connection:
            rows = await connection.fetch(sql, user_id)
        return {str(r[0]): Record(int(r[1]), int(r[2]), int(r[3]), int(r[4]), int(r[5])) for r in rows}

    async def read(self, sql: Sql, parameters: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Rows of a game's report or board, in PostgreSQL's words."""
        async with self._reading() as connection:
            rows = await connection.fetch(sql.postgres, *parameters)
        return [tuple(row) for row in rows]
