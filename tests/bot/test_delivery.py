"""The serial line, the gate and the outbox, through the real Application and the stand-in, on
each engine: a real SQLite file and a real PostgreSQL server."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import threading
import time
from pathlib import Path

import pytest
from bot_harness import (
    GROUP,
    Group,
    Player,
    button,
    on_each_engine,
    open_lobby,
    rows,
    running_bot,
    sqlite_only,
    stored_state,
    until,
)
from standin import BotApiStandin
from telegram import Update

from bot.core.solvers import Solvers
from bot.delivery.events import TimerFired
from bot.games.letters.group.session import KIND as GROUP_KIND
from bot.games.wordle.session import KIND as WORDLE

database = on_each_engine


def games_played(database: Path | str, user_id: int, kind: str = WORDLE) -> int:
    found = rows(database, "SELECT played FROM records WHERE user_id = ? AND kind = ?", user_id, kind)
    return 0 if not found else int(found[0][0])


async def test_the_same_update_delivered_twenty_times_at_once_applies_once(
    standin: BotApiStandin, solvers: Solvers, database: Path
) -> None:
    """As Telegram re-POSTs a webhook update whose 200 was lost: twenty copies reach the queue
    together; the chat's line runs them one at a time and the ledger lets one through."""
    async with running_bot(standin, solvers, database) as bot:
        await Player(bot, 801).say("/5bukv")
        body = {"update_id": 777_001, **standin.message_update(801, "ggggg")}  # an entry: 5bukv counts it as played
        before = len(standin.calls)
        copies = [Update.de_json(dict(body), bot.application.bot) for _ in range(20)]
        await asyncio.gather(*(bot.application.update_queue.put(copy) for copy in copies))
        await bot.wait(777_001)
        await asyncio.sleep(0.3)  # let every copy go through its line
        sent = [c for c in standin.calls[before:] if c.method == "sendMessage" and c.chat_id == 801]
    assert games_played(database, 801) == 1
    state = stored_state(database, 801, WORDLE)
    assert state is not None and len(state[0]["entries"]) == 1
    assert len(sent) == 1


async def test_an_undo_and_an_entry_fetched_together_after_a_restart_apply_in_order(
    standin: BotApiStandin, solvers: Solvers, database: Path
) -> None:
    """Cold caches after a restart used to let the entry commit before /undo, which then took
    the new entry back. The line applies a chat's updates in id order."""
    async with running_bot(standin, solvers, database) as bot:
        player = Player(bot, 802)
        await player.say("/5bukv")
        await player.say("wwwww")
    for chat in range(40):  # many chats at once, so their lines really run side by side
        standin.push_message(803 + chat, "/5bukv")
    async with running_bot(standin, solvers, database) as bot:
        undo = standin.push_message(802, "/undo")
        entry = standin.push_message(802, "yyyyy")
        await bot.wait(undo, entry)
    state = stored_state(database, 802, WORDLE)
    assert state is not None
    assert [mask for _, mask in state[0]["entries"]] == ["yyyyy"]  # the old entry undone, the new one kept


async def test_a_timer_commits_no_update_id(standin: BotApiStandin, solvers: Solvers, database: Path) -> None:
    """A timer's unit is the bot's own: it records no update in the ledger, whichever update
    scheduled it (a context variable inherited by the job used to record that one's id)."""
    async with running_bot(standin, solvers, database, group_lobby_seconds=600) as bot:
        group = Group(bot)
        await group.say(301, "/play")
        before = rows(database, "SELECT COUNT(*) FROM ledger")[0][0]
        rows(database, "UPDATE turn_deadlines SET deadline = 0")
        await bot.application.update_queue.put(TimerFired(GROUP, "group"))
        await asyncio.sleep(0.5)
    assert rows(database, "SELECT COUNT(*) FROM ledger")[0][0] == before


async def test_the_winner_is_on_the_leaderboard_in_the_same_transaction_as_the_game_end(
    standin: BotApiStandin, solvers: Solvers, database: Path
) -> None:
    """A game's end, its records and the group's winner row commit together: no kill between two
    transactions can leave a win in /stats that /top never shows."""
    async with running_bot(standin, solvers, database) as bot:
        group = Group(bot)
        lobby, buttons = await open_lobby(group, 301, 302, rule="выиграл")
        await group.press(301, lobby, button(buttons, "Начать"))
        await group.say(302, "/giveup")  # Боря leaves: Аня wins
        top = await group.say(301, "/top")
    state = stored_state(database, GROUP, GROUP_KIND)
    assert state is not None and state[0]["winner"] == 301
    assert rows(database, "SELECT user_id FROM group_wins WHERE chat_id = ?", GROUP) == [(301,)]
    assert "Аня" in top.text


async def test_group_messages_go_to_the_forum_topic_the_lobby_was_opened_in(
    standin: BotApiStandin, solvers: Solvers, database: Path
) -> None:
    async with running_bot(standin, solvers, database) as bot:
        group = Group(bot, topic=55)
        lobby, buttons = await open_lobby(group, 301, 302, rule="выиграл")
        started = await group.press(301, lobby, button(buttons, "Начать"))
        turns = [c for c in started.calls if c.method == "sendMessage"]
    assert turns and all(c.params.get("message_thread_id") == 55 for c in turns)


@sqlite_only
async def test_a_write_blocked_by_another_process_is_logged_within_seconds_and_its_end_too(
    standin: BotApiStandin, solvers: Solvers, database: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Another connection holds the file's write lock for 3 s: the bot says so in its log while it
    waits, once, and again when writes work; the player is answered."""
    async with running_bot(standin, solvers, database) as bot:
        player = Player(bot, 804)
        await player.say("/start")
        holding = threading.Event()

        def hold_the_lock() -> None:
            with sqlite3.connect(database, timeout=10) as other:
                other.execute("BEGIN IMMEDIATE")
                holding.set()
                time.sleep(3)
                other.execute("ROLLBACK")

        holder = threading.Thread(target=hold_the_lock)
        holder.start()
        holding.wait()
        with caplog.at_level(logging.WARNING):
            reply = await player.say("/5bukv")
        holder.join()
    stalled = [r.getMessage() for r in caplog.records if "has waited" in r.getMessage()]
    resumed = [r.getMessage() for r in caplog.records if "work again" in r.getMessage()]
    assert len(stalled) == 1 and len(resumed) == 1
    assert reply.texts


async def test_updates_dropped_by_flood_control_leave_the_inbox(
    standin: BotApiStandin, solvers: Solvers, database: Path
) -> None:
    """A throttled update is dropped on purpose: it must not wait in the inbox to be replayed,
    and applied, at the next start."""
    async with running_bot(standin, solvers, database, throttle_messages=2, throttle_seconds=60) as bot:
        ids = [standin.push_message(805, "/help") for _ in range(5)]
        await bot.wait(*ids)

        def kept() -> int:
            return int(rows(database, "SELECT COUNT(*) FROM inbox")[0][0])

        await until(lambda: kept() == 0, seconds=10)
    assert bot.throttle.dropped == 3
