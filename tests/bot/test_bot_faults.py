"""Telegram's faults, injected by the stand-in: every game survives them and nothing crashes.

429, 5xx, a hanging call and a dropped connection are retried; when the retries run
out the game is still saved and the next message resumes it; a user who blocked the
bot costs one refused call and an INFO line. Forged callback data moves nothing, and
the token is in no log line and nowhere in the database after all this.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import re
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest
from bot_harness import Bot, Player, bot_env, bot_process, new_letter_game, running_bot, stored_state, until
from standin import FAKE_TOKEN, PASSING_FAULTS, BotApiStandin, Call, Fault

from bot.core import texts
from bot.core.solvers import Solvers
from bot.games.letters.session import KIND
from bot.games.letters.tables import LetterGames
from solver.letters import Rule

RETRIES = 1  # one retry keeps the runs short; production uses TELEGRAM_RETRIES (3)
FAULT_SETTINGS = {"telegram_timeout_seconds": 1.0, "telegram_retries": RETRIES}


@pytest.fixture
async def bot(standin: BotApiStandin, solvers: Solvers, database: Path) -> AsyncIterator[Bot]:
    """The bot with a short call timeout, so a hanging call is given up on within a second."""
    async with running_bot(standin, solvers, database, **FAULT_SETTINGS) as running:
        yield running


async def started_game(bot: Bot, user_id: int) -> Player:
    """A game of complete-loses with the player to move on the empty board."""
    player = Player(bot, user_id)
    await new_letter_game(player, "проиграл", "Я начинаю")
    return player


def board(database: Path, chat_id: int) -> str:
    found = stored_state(database, chat_id, KIND)
    assert found is not None
    return str(found[0]["board"])


def sent_to(standin: BotApiStandin, chat_id: int, first: int = 0) -> list[Call]:
    return [c for c in standin.calls[first:] if c.method == "sendMessage" and c.chat_id == chat_id]


@pytest.mark.parametrize("fault", PASSING_FAULTS)
async def test_a_passing_fault_is_retried_and_the_reply_arrives(
    bot: Bot, solvers: Solvers, database: Path, fault: Fault, recwarn: pytest.WarningsRecorder
) -> None:
    player = await started_game(bot, 41)
    letter = solvers.of(LetterGames).game("ru", rule=Rule.COMPLETE_LOSES).best_letter("")
    bot.standin.inject("sendMessage", fault, times=1, retry_after=1)
    reply = await player.say(letter)
    assert [f for _, f in bot.standin.refused] == [fault]
    assert "Доска" in reply.text and reply.last_board().startswith(letter)
    assert board(database, 41) == reply.last_board()
    assert "не так" not in reply.text  # no "something went wrong": the fault never reached a handler
    # a 429 made python-telegram-bot warn that RetryAfter.retry_after will be a timedelta (see bot/runtime/app.py)
    assert not [w.message for w in recwarn if issubclass(w.category, DeprecationWarning)]


@pytest.mark.parametrize("fault", [Fault.SERVER_ERROR, Fault.DROP, Fault.HANG])
async def test_a_lasting_fault_delays_the_reply_and_loses_nothing(
    bot: Bot, solvers: Solvers, database: Path, fault: Fault, caplog: pytest.LogCaptureFixture
) -> None:
    """Telegram fails past every retry: the reply stays in the outbox and goes out, in its place,
    before the answer to the player's next message."""
    game = solvers.of(LetterGames).game("ru", rule=Rule.COMPLETE_LOSES)
    player = await started_game(bot, 42)
    bot.standin.inject("sendMessage", fault, times=RETRIES + 1)
    with caplog.at_level(logging.INFO):
        held = await player.say(game.best_letter(""))
    assert not held.texts  # Telegram took nothing, and the bot did not try to apologise into the fault
    saved = board(database, 42)
    assert len(saved) == 2  # the player's letter and the bot's answer, committed before the reply
    assert "it is kept" in caplog.text and "Traceback" not in caplog.text
    assert pending_messages(database) == 1
    reply = await player.say(game.best_letter(saved))
    boards = re.findall(r"Доска: «([^»]*)»", reply.text)
    assert [b.lower() for b in boards] == [saved, reply.last_board()]  # the kept reply first, then the new one
    assert len(reply.last_board()) == 4


def pending_messages(database: Path) -> int:
    """The outbox rows still to send, as committed (read with the standard library)."""
    import sqlite3

    with sqlite3.connect(database) as db:
        return int(db.execute("SELECT COUNT(*) FROM outbox").fetchone()[0])


async def test_long_polling_survives_failing_get_updates(bot: Bot) -> None:
    bot.standin.inject("getUpdates", Fault.BAD_GATEWAY)
    bot.standin.inject("getUpdates", Fault.SERVER_ERROR)
    reply = await Player(bot, 43).say("/help")
    assert reply.texts and len(bot.standin.refused) == 2


async def test_a_blocked_chat_ends_quietly_while_others_play(
    bot: Bot, solvers: Solvers, database: Path, caplog: pytest.LogCaptureFixture
) -> None:
    game = solvers.of(LetterGames).game("ru", rule=Rule.COMPLETE_LOSES)
    leaver, stayer = await started_game(bot, 44), await started_game(bot, 45)
    bot.standin.block(44)
    with caplog.at_level(logging.INFO):
        await asyncio.gather(leaver.say(game.best_letter("")), stayer.say(game.best_letter("")))
    refused = [call for call, fault in bot.standin.refused if fault == "403"]
    assert [c.chat_id for c in refused] == [44]  # one refused reply; no apology sent after it
    assert len(board(database, 44)) == 2 and len(board(database, 45)) == 2
    assert [r.levelname for r in caplog.records if "does not take messages" in r.getMessage()] == ["INFO"]
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING], caplog.text


async def test_another_players_session_id_moves_nothing(bot: Bot, database: Path) -> None:
    """Callback data naming another chat's game (or an ended one) is refused as stale."""
    owner = await started_game(bot, 46)
    owner_state = stored_state(database, 46, KIND)
    assert owner_state is not None
    session_id = str(owner_state[0]["id"])
    intruder = Player(bot, 47)
    await new_letter_game(intruder, "проиграл", "Я начинаю")
    for data in (f"L:{session_id}:0:giveup", f"L:{session_id}:0:hint:0", f"L:{session_id}:0:rule:complete-loses"):
        reply = await intruder.press_data(1, data)
        notices = [c.params.get("text") for c in reply.calls if c.method == "answerCallbackQuery"]
        assert texts.stale_button("ru") in notices
        assert not reply.texts
    assert stored_state(database, 46, KIND) == owner_state
    await owner.say("/giveup")
    ended = stored_state(database, 46, KIND)
    reply = await owner.press_data(1, f"L:{session_id}:0:hint:0")
    assert not reply.texts and stored_state(database, 46, KIND) == ended


@pytest.mark.process
async def test_the_token_is_in_no_log_and_not_in_the_database(
    standin: BotApiStandin, solvers: Solvers, tmp_path: Path
) -> None:
    """`python -m bot` at DEBUG through every fault: its whole log and its SQLite files lack the token."""
    database = tmp_path / "db" / "bot.sqlite3"
    faults = {"TELEGRAM_TIMEOUT_SECONDS": "1", "TELEGRAM_RETRIES": "1"}
    env = bot_env(standin, database, LOG_LEVEL="DEBUG", GAMES="letters", **faults)  # the game it plays, alone
    game = solvers.of(LetterGames).game("ru", rule=Rule.COMPLETE_LOSES)
    async with bot_process(env, tmp_path, standin) as finished:
        await play_through_faults(standin, game.best_letter(""))
    log = finished.log
    assert finished.status == 0, log
    assert len(standin.refused) == 8 and "Можно сыграть" in log_of_replies(standin)
    saved = stored_state(database, 60, KIND)
    assert saved is not None and len(str(saved[0]["board"])) == 2  # the lost reply's move is kept
    secret = FAKE_TOKEN.split(":")[1]
    assert FAKE_TOKEN not in log and secret not in log
    assert "Traceback" not in log  # every fault was handled, none escaped as a crash
    stored = b"".join(p.read_bytes() for p in database.parent.iterdir())
    assert stored and secret.encode() not in stored


async def play_through_faults(standin: BotApiStandin, letter: str) -> None:
    """Set up a game and play a letter while every kind of fault hits the bot's calls."""
    standin.inject("getUpdates", Fault.SERVER_ERROR)
    standin.inject("sendMessage", Fault.RETRY_AFTER)
    await exchange(standin, functools.partial(standin.push_message, 60, "/play"), 60)
    steps = [
        ("rule:complete-loses", Fault.BAD_GATEWAY),
        ("tier:common", None),
        ("first:1", Fault.DROP),
        ("level:perfect", Fault.HANG),
        ("strict:0", None),
    ]
    for choice, fault in steps:
        if fault is not None:
            standin.inject("editMessageText", fault)
        message_id, data = newest_button(standin, 60)
        session_id = data.split(":")[1]
        tap = functools.partial(standin.push_callback, 60, message_id, f"L:{session_id}:0:{choice}")
        await exchange(standin, tap, 60)
    standin.inject("sendMessage", Fault.SERVER_ERROR, times=2)  # more than the one retry: lost, saved
    standin.block(61)
    standin.push_message(61, "/start")
    standin.push_message(60, letter)
    await until(lambda: len(standin.refused) >= 8, seconds=20)
    await exchange(standin, functools.partial(standin.push_message, 60, "/hint"), 60)


def newest_button(standin: BotApiStandin, chat_id: int) -> tuple[int, str]:
    """The newest bot message in the chat and its first button's callback data."""
    message_id = max(m for (chat, m) in standin.messages if chat == chat_id)
    keyboard = standin.messages[(chat_id, message_id)]["reply_markup"]["inline_keyboard"]
    return message_id, str(keyboard[0][0]["callback_data"])


async def exchange(standin: BotApiStandin, push: Callable[[], int], chat_id: int) -> None:
    """Push an update and wait until the bot has sent or edited something in the chat for it."""
    first = len(standin.calls)
    push()
    await until(
        lambda: any(
            c.chat_id == chat_id and c.method in ("sendMessage", "editMessageText") for c in standin.calls[first:]
        ),
        seconds=20,
    )


def log_of_replies(standin: BotApiStandin) -> str:
    return "\n".join(c.text for c in standin.calls if c.method == "sendMessage")
