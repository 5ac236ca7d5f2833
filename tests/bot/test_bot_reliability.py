"""The running bot: updates applied once across restarts, a full disk, strict
button data, replies within Telegram's limits, and a hint tap that cannot land on the next turn."""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import time
from pathlib import Path

import pytest
from bot_harness import Player, new_letter_game, record, rows, running_bot, stored_state, until
from standin import BotApiStandin, Fault
from telegram import Update
from telegram.ext import TypeHandler

from bot.core import texts
from bot.core.context import Services
from bot.core.solvers import Solvers
from bot.games.letters import texts as letters_texts
from bot.games.letters.handlers import MAX_TYPED_LETTERS
from bot.games.letters.session import KIND as LETTERS
from bot.games.letters.session import LetterSession
from bot.games.letters.tables import LetterGames
from bot.games.wordle import texts as wordle_texts
from bot.games.wordle.session import KIND as WORDLE
from bot.games.wordle.session import WordleSession
from bot.games.wordle.solver import WordleSolver
from bot.games.wordle_common.session import MAX_ENTRIES
from bot.storage import REDELIVERY_WINDOW, Store, open_store
from solver.letters import LetterGame, Rule

TELEGRAM_LIMIT = 4096


async def test_an_update_redelivered_after_a_restart_changes_nothing(
    standin: BotApiStandin, solvers: Solvers, database: Path
) -> None:
    """The crash left the /hint unconfirmed, so the next bot process is handed it again: its
    answer went out the first time (the outbox sends every committed reply), so the copy changes
    and says nothing; the player's next message is answered as usual."""
    async with running_bot(standin, solvers, database) as bot:
        player = Player(bot, 701)
        await new_letter_game(player, "проиграл", "Я начинаю")
        hint_id = standin.push_message(701, "/hint")
        await bot.wait(hint_id)
    assert record(database, 701, LETTERS) == (1, 0, 0, 1)
    standin.redeliver(hint_id)
    first = len(standin.calls)
    async with running_bot(standin, solvers, database) as bot:
        await bot.wait(hint_id)
        told = await Player(bot, 701).say("/rules")
    assert told.texts and all(c.chat_id == 701 for c in told.calls)
    sent = [c for c in standin.calls[first:] if c.chat_id == 701 and c.method == "sendMessage"]
    assert sent == [c for c in told.calls if c.method == "sendMessage"]  # nothing for the copy
    assert record(database, 701, LETTERS) == (1, 0, 0, 1)  # the hint counted once


def longest_line(game: LetterGame, board: str) -> str:
    """A letter that keeps the game going longest, so a few moves never end it."""
    return max((play for play in game.plays(board) if not play.completes_word), key=lambda play: play.plies).letter


def leave_in_inbox(database: Path, update_id: int, body: dict[str, object], kept_at: float) -> None:
    """An update a crashed process kept but never handled, kept at ``kept_at``."""
    with sqlite3.connect(database) as db:
        row = (update_id, json.dumps({"update_id": update_id, **body}), kept_at)
        db.execute("INSERT INTO inbox (update_id, body, kept_at) VALUES (?, ?, ?)", row)


async def test_after_telegram_numbers_updates_afresh_and_lower_the_game_moves_on(
    standin: BotApiStandin, solvers: Solvers, database: Path
) -> None:
    """After a week without updates Telegram may number the next ones from a random, lower id.
    Here the chat's last update, and one a crash left in the inbox, are moved back past the
    window on file: the lower ids are new moves, and the first poll does not confirm up to the
    old inbox id (which would throw the new updates away unseen)."""
    game = solvers.of(LetterGames).game("ru", rule=Rule.COMPLETE_LOSES)
    standin.number_updates_from(50_000)
    async with running_bot(standin, solvers, database) as bot:
        player = Player(bot, 703)
        await new_letter_game(player, "проиграл", "Я начинаю")
        board = (await player.say(longest_line(game, ""))).last_board()
    long_ago = time.time() - REDELIVERY_WINDOW - 24 * 3600
    with sqlite3.connect(database) as db:
        db.execute("UPDATE ledger SET received_at = ?", (long_ago,))
        db.execute("INSERT INTO ledger VALUES (1, 703, ?), (2, 703, ?)", (long_ago, long_ago))  # to be reused
    leave_in_inbox(database, 60_000, standin.message_update(704, "/help"), long_ago)
    standin.number_updates_from(1)
    first = len(standin.calls)
    async with running_bot(standin, solvers, database) as bot:
        player = Player(bot, 703)
        for _ in range(2):
            reply = await player.say(longest_line(game, board))
            assert reply.last_board().startswith(board) and len(reply.last_board()) == len(board) + 2
            board = reply.last_board()
        await until(lambda: any(c.chat_id == 704 and c.method == "sendMessage" for c in standin.calls[first:]), 20)
    state = stored_state(database, 703, LETTERS)
    assert state is not None and state[0]["board"] == board
    with sqlite3.connect(database) as db:
        reused = db.execute("SELECT update_id, received_at > ? FROM ledger WHERE update_id <= 2", (long_ago,))
        assert reused.fetchall() == [(1, 1), (2, 1)]  # the old rows forgotten at start, the ids applied anew


async def test_the_first_poll_alone_confirms_updates_replayed_from_the_inbox(
    standin: BotApiStandin, solvers: Solvers, database: Path
) -> None:
    """An update kept within the window may still be held by Telegram: the first poll confirms
    it (its offset is past it); later polls take Telegram's ids as they come, lower ones too."""
    await (await open_store(database)).close()
    leave_in_inbox(database, 60_000, standin.message_update(705, "/help"), time.time())
    polled = len(standin.polls)
    async with running_bot(standin, solvers, database) as bot:
        await until(lambda: len(standin.polls) > polled, 20)
        reply = await Player(bot, 706).say("/help")  # id 1
        assert reply.text
    assert standin.polls[polled]["offset"] == 60_001
    assert any(c.chat_id == 705 and c.method == "sendMessage" for c in standin.calls)


async def test_a_disk_refusing_writes_leaves_updates_with_telegram_and_applies_them_once_it_takes_writes(
    standin: BotApiStandin, solvers: Solvers, database: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """``query_only`` makes SQLite refuse writes as a read-only or failing disk does (the same
    error class as a full one; faults/fault_suite.py fills a real disk). A batch the inbox
    cannot keep is not handed on, so Telegram keeps it: nothing is answered meanwhile, and once
    the disk takes writes each update is applied, once and in order. (A commit refused after its
    batch was kept is apologised for: tests/bot/test_language.py.)"""
    async with running_bot(standin, solvers, database) as bot:
        player = Player(bot, 702)
        await player.say("/5bukv")
        store: Store = bot.application.bot_data.services.db
        await store._db.execute_fetchall("PRAGMA query_only=1")  # the disk refuses writes
        first = len(standin.calls)
        masks = [standin.push_message(702, mask) for mask in ("wwwww", "wwwww")]
        await asyncio.sleep(2.5)  # a few polls, each refused
        silent = [c for c in standin.calls[first:] if c.chat_id == 702]
        held = {update["update_id"] for update in standin._updates}
        await store._db.execute_fetchall("PRAGMA query_only=0")  # and takes them again
        await bot.wait(*masks)
    assert silent == [] and set(masks) <= held  # not confirmed while it could not be kept
    replies = [c.text for c in standin.calls[first:] if c.chat_id == 702 and c.method == "sendMessage"]
    assert len(replies) == 2 and replies[0].startswith("⬜⬜⬜⬜⬜")  # one answer each, in order
    state = stored_state(database, 702, WORDLE)
    entries = state[0]["entries"] if state is not None else []
    assert [mask for _, mask in entries] == ["wwwww", "wwwww"]  # each taken once, in order, on its own suggestion
    assert len({word for word, _ in entries}) == 2
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]  # no traceback, nothing taken for a bug
    told = [r.getMessage() for r in caplog.records if "database writes" in r.getMessage()]
    assert len(told) == 2 and "are failing" in told[0] and "work again" in told[1]


@pytest.mark.parametrize("data", ["W:abc:²:done", "L:abc:١:hint:0", "F:abc:0:move:²", "W:abc:" + "9" * 40 + ":done"])
async def test_button_data_with_other_digits_is_stale_not_a_fault(
    standin: BotApiStandin, solvers: Solvers, database: Path, data: str, caplog: pytest.LogCaptureFixture
) -> None:
    async with running_bot(standin, solvers, database) as bot:
        reply = await Player(bot, 703).press_data(1, data)
    answers = [c.params.get("text") for c in reply.calls if c.method == "answerCallbackQuery"]
    assert answers == [texts.stale_button("ru")]
    assert not [c for c in reply.calls if c.method == "sendMessage"]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_whowins_with_thousands_of_letters_is_a_short_reply(bot, solvers: Solvers) -> None:  # type: ignore[no-untyped-def]
    reply = await Player(bot, 704).say("/whowins " + "а" * 4000)
    assert reply.texts == [letters_texts.too_many_letters("ru", MAX_TYPED_LETTERS)]


async def test_5bukv_takes_at_most_max_entries_and_every_reply_fits(
    standin: BotApiStandin, solvers: Solvers, database: Path
) -> None:
    """A session with the most entries (a long game, or one kept going on purpose)."""
    store = await open_store(database)
    try:
        first = solvers.of(WordleSolver).first_guess
        session = WordleSession(entries=[(first, "www" + "ww")] * MAX_ENTRIES, suggestion=first)
        await store.save(705, WORDLE, session.to_dict(), None, activate=True)
    finally:
        await store.close()
    async with running_bot(standin, solvers, database) as bot:
        player = Player(bot, 705)
        typed = await player.say("wwwww")
        undone = await player.say("/undo")
    assert typed.texts == [wordle_texts.too_many_entries("ru", MAX_ENTRIES)]
    assert all(len(text) <= TELEGRAM_LIMIT for text in undone.texts)
    state = stored_state(database, 705, WORDLE)
    assert state is not None and len(state[0]["entries"]) == MAX_ENTRIES - 1


async def test_a_hint_tap_racing_a_letter_never_lands_on_the_next_turn(bot, solvers: Solvers) -> None:  # type: ignore[no-untyped-def]
    """The tap is for the turn it was shown at: applied there, or refused as stale, never later."""
    deps: Services = bot.application.bot_data.services
    for n in range(10):
        player = Player(bot, 710 + n)
        await new_letter_game(player, "проиграл", "Начинает бот")  # its move comes with the hint button
        loaded = await deps.load(player.user_id, LetterSession)
        assert loaded is not None
        session = loaded.session
        letter = solvers.of(LetterGames).letter_game(session.dictionary, session.rule).plays(session.board)[0].letter
        message_id, rows = player.keyboards[-1]
        hint = next(b["callback_data"] for row in rows for b in row if ":hint:" in b["callback_data"])
        tap = bot.standin.push_callback(player.user_id, message_id, hint)
        move = bot.standin.push_message(player.user_id, letter)
        await bot.wait(tap, move)
        after = await deps.load(player.user_id, LetterSession)
        assert after is not None and len(after.session.board) > len(session.board)
        assert after.session.hint_stage == 0, n  # the hint, if taken, was for the turn before the move


async def test_replies_that_hang_do_not_hold_up_answers_to_button_presses(
    standin: BotApiStandin, solvers: Solvers, database: Path
) -> None:
    """Every reply connection is taken by a call that hangs (for 30 s, the timeout); a button
    press is still answered meanwhile, from its own pool. With one pool it waited for a timeout."""
    settings = {"telegram_connections": 2, "telegram_timeout_seconds": 30.0, "telegram_retries": 0}
    async with running_bot(standin, solvers, database, **settings) as bot:
        standin.inject("sendMessage", Fault.HANG, times=2)
        for chat_id in (721, 722):
            standin.push_message(chat_id, "/start")
        await until(lambda: len(standin.refused) == 2, 20)  # both reply connections hang
        press = standin.push_callback(723, 1, "W:abc:1:done")
        try:
            await bot.wait(press)
            answers = [c for c in standin.calls if c.method == "answerCallbackQuery"]
            assert [c.chat_id for c in standin.calls if c.method == "sendMessage"] == []  # still hanging
        finally:
            standin.end_hangs()
    assert len(answers) == 1


async def test_an_update_neither_applied_nor_dropped_stays_in_the_inbox_until_it_is_tried_again(
    standin: BotApiStandin, solvers: Solvers, database: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The disk refuses a mask's commit, and then the transaction that would drop it: the player is
    told nothing yet, and the mask is tried again later. Meanwhile the disk takes writes again and
    another chat's update commits; the mask's inbox row is still there (a restart now would apply
    it), and the retry applies it once."""
    caplog.set_level(logging.INFO, logger="bot")
    async with running_bot(standin, solvers, database) as bot:
        await Player(bot, 705).say("/5bukv")
        store: Store = bot.application.bot_data.services.db
        refused = asyncio.Event()

        async def refuse_writes_from_the_mask_on(update: object, context: object) -> None:
            chat = update.effective_chat if isinstance(update, Update) else None
            if chat is not None and chat.id == 705 and not refused.is_set():
                refused.set()
                await store._db.execute_fetchall("PRAGMA query_only=1")  # the disk refuses writes

        bot.application.add_handler(TypeHandler(Update, refuse_writes_from_the_mask_on), group=-1)
        mask = standin.push_message(705, "wwwww")
        await until(lambda: "could not be applied nor dropped" in caplog.text, seconds=20)
        await store._db.execute_fetchall("PRAGMA query_only=0")  # and takes them again
        await Player(bot, 706).say("/5bukv")  # another chat's unit commits
        assert (mask,) in rows(database, "SELECT update_id FROM inbox")
        await until(lambda: (mask,) in rows(database, "SELECT update_id FROM ledger"), seconds=20)
    state = stored_state(database, 705, WORDLE)
    assert state is not None and [mask for _, mask in state[0]["entries"]] == ["wwwww"]
    assert rows(database, "SELECT update_id FROM inbox") == []
