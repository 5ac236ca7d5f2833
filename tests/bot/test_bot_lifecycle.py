"""The real ``python -m bot`` through a broken Telegram: a refused token at start or while
polling, an update it cannot read; and what it prints about them (never the token)."""

from __future__ import annotations

import asyncio
import signal
import socket
import sys
from pathlib import Path

import forkserver
import pytest
from bot_harness import ONE_GAME, bot_env, stored_state, until, until_polling
from standin import FAKE_TOKEN, BotApiStandin, Fault

from bot.games.wordle.session import KIND as WORDLE
from bot.runtime.cli import REFUSED_AT_START, REFUSED_WHILE_RUNNING, UNREACHABLE_STATUS

#: Every test here runs ``python -m bot`` as a process of its own (forked: tests/forkserver.py).
pytestmark = pytest.mark.process

SECRET_PART = FAKE_TOKEN.split(":")[1]
PRIVATE_TEXT = "my-private-words-7731"


async def start_bot(standin: BotApiStandin, tmp_path: Path, **settings: str) -> forkserver.Forked:
    env = bot_env(standin, tmp_path / "db" / "bot.sqlite3", **({"LOG_LEVEL": "DEBUG", "GAMES": ONE_GAME} | settings))
    return await forkserver.start("bot", cwd=tmp_path, env=env, stderr=asyncio.subprocess.PIPE)


async def ended(process: forkserver.Forked, seconds: float = 90) -> tuple[int, str]:
    _, stderr = await asyncio.wait_for(process.communicate(), seconds)
    assert process.returncode is not None
    return process.returncode, stderr.decode()


def assert_no_token(log: str) -> None:
    assert FAKE_TOKEN not in log and SECRET_PART not in log


@pytest.mark.parametrize("fault", [Fault.UNAUTHORIZED, Fault.NOT_FOUND])
async def test_a_refused_token_at_start_is_one_clear_line_and_never_printed(
    standin: BotApiStandin, tmp_path: Path, fault: Fault
) -> None:
    standin.inject("getMe", fault, times=10)
    status, log = await ended(await start_bot(standin, tmp_path))
    assert status == 2, log
    assert log.strip().splitlines()[-1] == REFUSED_AT_START
    assert_no_token(log)  # at DEBUG, tracebacks included


async def test_a_bot_api_out_of_reach_at_start_is_one_line_and_status_4(standin: BotApiStandin, tmp_path: Path) -> None:
    """Nothing listens at the Bot API's address: one line saying so, no traceback, exit status 4
    (before: a 224-line traceback and status 1). No retries here, to keep the test short."""
    with socket.socket() as probe:  # a port nobody listens on once closed
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"http://127.0.0.1:{port}/bot"
    status, log = await ended(
        await start_bot(standin, tmp_path, TELEGRAM_API_BASE_URL=url, TELEGRAM_RETRIES="0", LOG_LEVEL="INFO")
    )
    assert status == UNREACHABLE_STATUS, log
    assert "Traceback" not in log and "ERROR" not in log
    last = log.strip().splitlines()[-1]
    assert last.startswith(f"cannot reach the Bot API at {url} (") and "TELEGRAM_API_BASE_URL" in last
    assert_no_token(log)


async def test_a_token_revoked_while_polling_stops_the_bot_with_status_3(
    standin: BotApiStandin, tmp_path: Path
) -> None:
    process = await start_bot(standin, tmp_path)
    await until_polling(standin)
    standin.release_pollers()  # every poll answered at once: no 10 s wait for the first empty one
    await until(lambda: len(standin.polls) > 0, seconds=20)
    standin.inject("getUpdates", Fault.UNAUTHORIZED, times=100)
    standin.push_message(9, "/start")  # the next poll is refused
    status, log = await ended(process, seconds=60)
    assert status == 3, log
    assert log.strip().splitlines()[-1] == REFUSED_WHILE_RUNNING
    assert_no_token(log)
    released = await asyncio.create_subprocess_exec(  # the database lock was let go: a new bot starts
        *(sys.executable, "-c", "import fcntl,sys; fcntl.flock(open(sys.argv[1],'ab'), fcntl.LOCK_EX|fcntl.LOCK_NB)"),
        str(tmp_path / "db" / "bot.sqlite3.lock"),
    )
    assert await released.wait() == 0


async def test_an_update_it_cannot_read_is_skipped_with_one_warning(standin: BotApiStandin, tmp_path: Path) -> None:
    """Bot API 9.6 made poll_answer.option_persistent_ids required; an update without it used to
    make PTB fetch the same batch for ever, logging every text in it at CRITICAL."""
    process = await start_bot(standin, tmp_path, LOG_LEVEL="INFO")
    try:
        await until(lambda: any(c.method == "deleteWebhook" for c in standin.calls), seconds=90)
        user = {"id": 5, "is_bot": False, "first_name": PRIVATE_TEXT}
        bad = standin.push_raw({"poll_answer": {"poll_id": "1", "user": user, "option_ids": [0]}})
        standin.push_message(9, PRIVATE_TEXT)
        standin.push_message(9, "/start")
        await until(lambda: any("Буквоед" in c.text for c in standin.calls), seconds=20)
    finally:
        process.send_signal(signal.SIGINT)
    status, log = await ended(process)
    assert status == 0, log
    skipped = [line for line in log.splitlines() if "skipped update" in line]
    assert len(skipped) == 1 and f"skipped update {bad} " in skipped[0] and "WARNING" in skipped[0], log
    assert "CRITICAL" not in log and PRIVATE_TEXT not in log
    assert sum(1 for c in standin.calls if c.method == "sendMessage" and c.chat_id == 9) == 2  # both answered


async def test_polling_asks_only_for_the_updates_the_bot_handles(standin: BotApiStandin, tmp_path: Path) -> None:
    process = await start_bot(standin, tmp_path, LOG_LEVEL="INFO")
    try:
        await until_polling(standin)
        standin.release_pollers()  # the first poll answered at once, not after its 10 s
        await until(lambda: len(standin.polls) > 0, seconds=20)
    finally:
        process.send_signal(signal.SIGINT)
    status, log = await ended(process)
    assert status == 0, log
    assert standin.polls[0]["allowed_updates"] == [
        "message",
        "callback_query",
        "inline_query",
        "my_chat_member",
        "chat_member",
    ]


async def test_webhook_mode_without_a_secret_refuses_to_start(standin: BotApiStandin, tmp_path: Path) -> None:
    process = await start_bot(standin, tmp_path, WEBHOOK_URL="https://bot.example.org/hook", LOG_LEVEL="INFO")
    status, log = await ended(process)
    assert status == 2, log
    assert log.strip().splitlines() == [log.strip()] and "WEBHOOK_SECRET_TOKEN" in log
    assert not standin.calls  # refused before talking to Telegram


async def test_killed_between_commit_and_confirmation_the_update_applies_once(
    standin: BotApiStandin, tmp_path: Path
) -> None:
    """SIGKILL right after the reply to a 5bukv mask, before the getUpdates that would confirm
    it: the next process is handed the mask again and must not apply it to the next word."""
    database = tmp_path / "db" / "bot.sqlite3"
    process = await start_bot(standin, tmp_path, LOG_LEVEL="INFO", GAMES=WORDLE)
    await until_polling(standin)
    standin.push_message(9, "/5bukv")
    await until(lambda: any(c.chat_id == 9 and c.method == "sendMessage" for c in standin.calls), seconds=20)
    answered = len(standin.calls)
    mask = standin.push_message(9, "ggggg")  # no letter of the word: many words still fit
    standin.hang_the_confirmation(mask)  # the poll after the mask's batch never arrives
    await until(lambda: any(c.chat_id == 9 for c in standin.calls[answered:]), seconds=20)
    process.kill()  # SIGKILL: committed and answered, not confirmed
    await ended(process)
    assert standin.pending() >= 1  # Telegram still has the mask to hand out
    # killed before it asked again, the hang is still queued: the next process's first poll gets a
    # 504 at once instead of hanging until its client gives up (10 to 20 s, by chance)
    standin.end_hangs()
    restarted = await start_bot(standin, tmp_path, LOG_LEVEL="INFO", GAMES=WORDLE)
    again = len(standin.calls)
    try:
        await until(lambda: len(standin.polls) > 0 and standin.pending() == 0, seconds=90)  # the copy is handled
        standin.push_message(9, "/hint")  # and the player's next message is answered as usual
        await until(lambda: any(c.chat_id == 9 for c in standin.calls[again:]), seconds=20)
        await asyncio.sleep(0.3)
    finally:
        restarted.send_signal(signal.SIGINT)
    status, log = await ended(restarted)
    assert status == 0, log
    told = [c for c in standin.calls[again:] if c.chat_id == 9]
    # The mask's reply may come once more (killed after it went out, before its outbox row was
    # deleted: a message may repeat, never be lost); the copy of the mask itself says nothing.
    assert len(told) in (1, 2) and all(c.text.startswith("⬛⬛⬛⬛⬛") for c in told), told
    assert "Попробуйте" in told[-1].text  # the hint: where the game stands, one entry in
    assert f"update {mask} was applied before; not again" in log
    state = stored_state(database, 9, WORDLE)
    assert state is not None and [mask for _, mask in state[0]["entries"]] == ["ggggg"]


async def test_killed_after_the_batch_is_confirmed_but_before_it_is_answered_it_is_replayed_once(
    standin: BotApiStandin, tmp_path: Path
) -> None:
    """SIGKILL once the next getUpdates has confirmed a batch whose replies have not gone out
    (they hang): Telegram will not hand it out again. Both updates were applied, their replies
    committed with them in the outbox: the next process sends those replies, once each."""
    database = tmp_path / "db" / "bot.sqlite3"
    process = await start_bot(standin, tmp_path, LOG_LEVEL="INFO", GAMES=WORDLE)
    await until_polling(standin)
    standin.push_message(9, "/5bukv")
    await until(lambda: any(c.chat_id == 9 and c.method == "sendMessage" for c in standin.calls), seconds=20)
    standin.inject("sendMessage", Fault.HANG, times=2)  # neither reply goes out
    mask = standin.push_message(9, "wwwww")
    help_id = standin.push_message(10, "/help")
    polled = len(standin.polls)
    # the next getUpdates asks past the batch: confirmed, Telegram has nothing left to hand out
    await until(lambda: len(standin.refused) == 2 and len(standin.polls) > polled and standin.pending() == 0, 20)
    process.kill()
    await ended(process)
    standin.end_hangs()
    restarted = await start_bot(standin, tmp_path, LOG_LEVEL="INFO", GAMES=WORDLE)
    again = len(standin.calls)
    try:
        await until(lambda: {9, 10} <= {c.chat_id for c in standin.calls[again:] if c.method == "sendMessage"}, 90)
        await asyncio.sleep(0.3)
    finally:
        restarted.send_signal(signal.SIGINT)
    status, log = await ended(restarted)
    assert status == 0, log
    told = [c for c in standin.calls[again:] if c.method == "sendMessage"]
    assert [c.chat_id for c in told].count(9) == 1 and [c.chat_id for c in told].count(10) == 1, told
    to_player = next(c for c in told if c.chat_id == 9)
    assert to_player.text.startswith("⬜⬜⬜⬜⬜") and to_player.buttons  # the very reply that hung, from the outbox
    assert "sending 2 messages committed but not sent before the last stop" in log, (mask, help_id, log)
    state = stored_state(database, 9, WORDLE)
    assert state is not None and [m for _, m in state[0]["entries"]] == ["wwwww"]


async def test_every_update_it_cannot_read_in_a_batch_is_skipped_and_the_rest_handled(
    standin: BotApiStandin, tmp_path: Path
) -> None:
    """One batch: a text with a lone UTF-16 surrogate (it made the bot fetch the batch 80 times
    a second for ever, logging nothing: PTB's CRITICAL line was dropped by our filter; now read
    with U+FFFD in its place, and answered), a message without a chat (it ended in a traceback),
    an update PTB cannot parse, and two good ones. Each bad one is one WARNING line (id and kind,
    no text); the others are answered."""
    process = await start_bot(standin, tmp_path, LOG_LEVEL="INFO")
    try:
        await until_polling(standin)  # pushed in one go, the five come in one batch
        surrogate = standin.message_update(11, f"{PRIVATE_TEXT} \ud800")
        chatless = standin.message_update(12, PRIVATE_TEXT)
        del chatless["message"]["chat"]
        user = {"id": 13, "is_bot": False, "first_name": PRIVATE_TEXT}
        bad = [
            standin.push_raw(surrogate),
            standin.push_message(14, "/start"),
            standin.push_raw(chatless),
            standin.push_raw({"poll_answer": {"poll_id": "1", "user": user, "option_ids": [0]}}),
            standin.push_message(15, "/help"),
        ]
        await until(lambda: {11, 14, 15} <= {c.chat_id for c in standin.calls if c.method == "sendMessage"}, seconds=20)
        await until(lambda: standin.pending() == 0, seconds=20)  # polling went on past the batch
    finally:
        process.send_signal(signal.SIGINT)
    status, log = await ended(process)
    assert status == 0, log
    skipped = [line for line in log.splitlines() if "skipped update" in line]
    assert [int(line.split("skipped update ")[1].split()[0]) for line in skipped] == [bad[2], bad[3]], log
    assert all(" WARNING " in line for line in skipped)
    assert "CRITICAL" not in log and "Traceback" not in log and " ERROR " not in log, log
    assert PRIVATE_TEXT not in log
    assert {c.chat_id for c in standin.calls if c.method == "sendMessage"} == {11, 14, 15}
