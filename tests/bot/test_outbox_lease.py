"""The outbox is sent under a lease, with nothing of the database held: a process whose lease
lapsed and went to another cannot mark the row sent, a live lease keeps the chat's rows with the
process that holds it (so they go out in order), and a send that hangs in Telegram holds up no
other chat's commit nor the inbox's insert (a webhook's answer), on either engine."""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from bot_harness import Player, on_each_engine, rows, running_bot, until
from standin import BotApiStandin, Fault
from telegram import Update

from bot.core.solvers import Solvers
from bot.storage.outgoing import Outgoing, SendText
from bot.storage.postgres import OUTBOX_LEASE_SECONDS, PostgresStore
from bot.storage.unit_of_work import UnitOfWork

__all__ = ["on_each_engine"]

_databases = itertools.count()


class Clock:
    """Both processes' clock, moved on by the test (a lease lapses without waiting for it)."""

    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def pair(postgres: object) -> AsyncIterator[tuple[PostgresStore, PostgresStore, str, Clock]]:
    url = postgres.fresh_database(f"lease_{next(_databases)}")  # type: ignore[attr-defined]
    clock = Clock()
    first = await PostgresStore.connect(url, connections=4, clock=clock)
    second = await PostgresStore.connect(url, connections=4, clock=clock)
    yield first, second, url, clock
    await first.close()
    await second.close()


async def committed_message(store: PostgresStore, chat_id: int, update_id: int, text: str) -> int:
    """One item of the chat on ``store``: a message committed; the lease on it is taken as the
    item's lock goes. The row's id."""
    async with store.hold(chat_id):
        unit = UnitOfWork(chat_id, update_id, 0.0)
        unit.messages.append(Outgoing(chat_id, SendText(text)))
        committed = await store.commit(unit)
        assert committed is not None
    return committed[0][0]


async def pass_through(store: PostgresStore, chat_id: int) -> None:
    """An item of the chat that changes nothing (a ``Resend``): the rows sent go, fenced, and the
    chat's rows are leased, as its lock goes."""
    async with store.hold(chat_id):
        await store.pending_messages(chat_id)


def outbox(url: str) -> list[tuple[int, str | None]]:
    return [(int(row[0]), row[1]) for row in rows(url, "SELECT id, lease_by FROM outbox ORDER BY id")]


async def test_a_stale_lease_holder_cannot_mark_a_row_sent(
    pair: tuple[PostgresStore, PostgresStore, str, Clock],
) -> None:
    """The first process commits a message and holds its lease; while the lease lives the second
    takes none of the chat's rows. The first then stops renewing (a long pause, a lost server):
    the lease lapses, the second takes it, and the first's late "sent" deletes nothing; the
    second's does."""
    first, second, url, clock = pair
    row = await committed_message(first, 5, 11, "один")
    assert first.leased(row) and outbox(url) == [(row, first.name)]

    await pass_through(second, 5)
    assert not second.leased(row) and outbox(url) == [(row, first.name)]  # the live lease stays the first's

    clock.now += OUTBOX_LEASE_SECONDS + 1
    assert not first.leased(row)  # lapsed: the first would not start the send now
    await pass_through(second, 5)
    assert second.leased(row) and outbox(url) == [(row, second.name)]

    first.sent(row)  # a send that was under way when the lease lapsed ends now
    await pass_through(first, 6)  # its delete rides with the next release of any chat's lock
    assert outbox(url) == [(row, second.name)]  # fenced: not marked sent by the stale holder

    second.sent(row)
    await pass_through(second, 7)
    assert outbox(url) == []


async def test_a_live_lease_holds_a_chats_later_rows_back(
    pair: tuple[PostgresStore, PostgresStore, str, Clock],
) -> None:
    """The first process sends the chat's first row; the second commits the chat's next message
    meanwhile (a timer of the chat fired there) and may not send it before the first row is gone:
    so the chat's rows go out in order whichever processes commit them."""
    first, second, url, _ = pair
    earlier = await committed_message(first, 5, 11, "один")
    later = await committed_message(second, 5, 12, "два")
    assert first.leased(earlier) and not second.leased(later)  # blocked by the first's live lease

    first.sent(earlier)
    await pass_through(first, 6)
    await pass_through(second, 5)  # the chat's line asks again
    assert second.leased(later) and outbox(url) == [(later, second.name)]


async def test_leases_are_renewed_while_rows_wait_and_let_go_at_stop(
    pair: tuple[PostgresStore, PostgresStore, str, Clock],
) -> None:
    """A row waiting (a group's pace, Telegram away) keeps its lease while its process renews it;
    a process that stops hands its leases on at once."""
    first, second, url, clock = pair
    row = await committed_message(first, 5, 11, "один")
    for _ in range(3):
        clock.now += OUTBOX_LEASE_SECONDS / 2
        await first.renew_leases()
    assert first.leased(row)
    await pass_through(second, 5)
    assert not second.leased(row)
    await first.close()
    await pass_through(second, 5)
    assert second.leased(row) and outbox(url) == [(row, second.name)]


def replied(standin: BotApiStandin, chat: int) -> bool:
    return any(call.method == "sendMessage" and call.chat_id == chat for call in standin.calls)


async def test_a_slow_send_holds_up_no_other_chat_nor_the_inbox(
    standin: BotApiStandin, solvers: Solvers, on_each_engine: Path | str
) -> None:
    """Two pooled connections, and two chats' replies hanging in Telegram: a third chat's update
    commits and is answered, and an update is kept in the inbox (what a webhook's answer waits
    for), each well before the hanging calls end; the hanging replies go out afterwards."""
    async with running_bot(standin, solvers, on_each_engine, database_connections=2) as bot:
        standin.inject("sendMessage", Fault.HANG, times=2)
        standin.push_message(101, "/help")
        standin.push_message(102, "/help")
        await until(lambda: sum(fault == Fault.HANG for _, fault in standin.refused) == 2, 10)

        started = time.monotonic()
        reply = await Player(bot, 202).say("/help")
        assert reply.texts and time.monotonic() - started < 3

        body = standin.message_update(303, "/help") | {"update_id": 9_000_001}
        update = Update.de_json(body, bot.application.bot)
        started = time.monotonic()
        await asyncio.wait_for(bot.delivery.receive(update), 3)
        assert time.monotonic() - started < 1
        assert not replied(standin, 101) and not replied(standin, 102)  # still hanging

        standin.end_hangs()
        await until(lambda: all(replied(standin, chat) for chat in (101, 102, 303)), 30)
