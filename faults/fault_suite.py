"""The fault suite: the real ``python -m bot`` through crashes, a full disk, a broken
Telegram and bad updates, counting what each player's updates became.

The bot runs as its own process with SQLite on disk, long polling the Bot API
stand-in on 127.0.0.1 (``tests/bot/standin.py``), which this script runs. Every chat sends ``/5bukv`` over
and over, one at a time: a 5bukv game with no entry yet is not under way, so
each applied ``/5bukv`` starts a new one at once and saves the chat's 5bukv
session once, so after the run the session's version says how many of the chat's
``/5bukv`` were applied. Telegram keeps an update until a later getUpdates
confirms it, so every command sent is delivered in the end.

* ``sent``: commands sent; ``acknowledged``: those the player got an answer to, other
  than "could not save, try again" (the full disk's answer: that one is not applied);
* ``lost``: acknowledged commands not on file (every answer follows a commit);
  ``applied twice``: games on file beyond the commands sent, less those answered
  "try again" (summed per chat);
* ``unanswered``: commands never answered and never applied. python-telegram-bot
  confirms a batch with its next getUpdates, before the batch is handled; the bot keeps
  each update in its inbox first, so a SIGKILL in between replays them at the restart;
* ``exceptions``: tracebacks, ERROR and CRITICAL lines in the bot's log;
* ``recovery``: seconds from a restart until the bot answered again (SIGKILL),
  or from space coming back until a save worked (full disk).

Scenarios: ``kill`` (SIGKILL at random moments, then restart: answered updates
redelivered), ``disk`` (the database on a 2 MB tmpfs filled up, then freed and grown to 8 MB; needs
root for the mount, else it says so and is skipped), ``telegram`` (429, 5xx,
hangs, dropped connections, calls done but unanswered, injected at random),
``fuzz`` (texts, stickers, forged buttons, huge commands, an unparsable update), ``order``
(``/undo`` and a new 5bukv entry in the first batch after a restart), ``groupkill`` (SIGKILL
while a group's turn message is in flight), ``wal`` (the write-ahead log's largest size at
``--wal-rate`` updates a second, 330, 490 and flat out by default, from ``--wal-chats``).

Run only with ``--only`` (not part of the default run), each on its own:

* ``dupes``: webhook mode; Telegram (or a proxy) delivering one ``/5bukv`` update 20 times
  at once, ``--rounds`` times: ``twice`` counts the applications beyond one per round;
* ``sigterm``: SIGTERM while every reply and poll hangs, ``--rounds`` times; ``recovery`` is
  the longest time to exit (``docker stop`` kills after 10 s);
* ``slowhttp``: webhook mode with the common open-file limit of 1024, ``--slow`` half-sent
  requests held open, then 100 more a second while a real update is posted every 0.25 s for
  ``--seconds``: ``acked`` counts those answered, ``except`` the ERROR lines, the note how many
  slow connections the bot still held after 5 s and at the end.

    .venv/bin/python faults/fault_suite.py [--chats 20] [--kills 8] [--seconds 15] [--only kill disk ...]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import json
import os
import random
import resource
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "bot"))  # the Bot API stand-in

from standin import FAKE_TOKEN, BotApiStandin, Call, Fault  # noqa: E402

from bot.core.texts import try_again_soon  # noqa: E402
from bot.games.wordle.session import KIND as WORDLE  # noqa: E402
from bot.storage.schema import JOURNAL_SIZE_LIMIT  # noqa: E402

FIRST_CHAT = 200_000
PROBLEMS = ("Traceback", " ERROR ", " CRITICAL ")
TELEGRAM_FAULTS = (
    Fault.RETRY_AFTER,
    Fault.SERVER_ERROR,
    Fault.BAD_GATEWAY,
    Fault.HANG,
    Fault.DROP,
    Fault.DELIVERED,
)


@dataclass
class Tally:
    """What one scenario measured."""

    scenario: str
    sent: int = 0
    acknowledged: int = 0
    lost: int = 0
    twice: int = 0
    exceptions: int = 0
    recoveries: list[float] = field(default_factory=list)
    unanswered: int = 0  # sent, never answered and never applied: the player sees no answer
    note: str = ""

    def row(self) -> str:
        recovery = f"{max(self.recoveries):.2f}" if self.recoveries else "-"
        return (
            f"{self.scenario:<9} {self.sent:>6} {self.acknowledged:>6} {self.lost:>5} {self.twice:>6} "
            f"{self.exceptions:>6} {recovery:>9} {self.unanswered:>6}  {self.note}"
        )


#: Every bot made, so none outlives a scenario that failed half-way.
STARTED: list[Bot] = []


def end_all() -> None:
    for bot in STARTED:
        bot.end()


HEADER = (
    f"{'scenario':<9} {'sent':>6} {'acked':>6} {'lost':>5} {'twice':>6} {'except':>6} {'recovery':>9} {'unansw':>6}"
)


class Bot:
    """The bot process: started, killed, restarted, its log kept across runs."""

    def __init__(self, standin: BotApiStandin, database: Path, **settings: str) -> None:
        self.standin = standin
        self.database = database
        self.files: int | None = None  # the process's open-file limit, if not ours
        self.settings = settings
        self.process: asyncio.subprocess.Process | None = None
        self.logs: list[str] = []
        self._log_tasks: list[asyncio.Task[None]] = []
        STARTED.append(self)

    async def start(self) -> float:
        """Start and wait until it polls; seconds it took."""
        began = time.perf_counter()
        polls = len(self.standin.polls)
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "PYTHONPATH": str(ROOT),
            "BOT_TOKEN": FAKE_TOKEN,
            "TELEGRAM_API_BASE_URL": self.standin.base_url,
            "DATABASE_PATH": str(self.database),
            "LOG_LEVEL": "WARNING",
            "TELEGRAM_MAX_RATE": "0",
            "THROTTLE_MESSAGES": "0",
            **self.settings,
        }
        self.process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            cwd=self.database.parent,
            env=env,
            stderr=asyncio.subprocess.PIPE,
            preexec_fn=None if self.files is None else functools.partial(open_files, self.files),
        )
        self._log_tasks.append(asyncio.create_task(self._keep_log(self.process)))
        hooks = sum(1 for c in self.standin.calls if c.method == "setWebhook")
        webhook = "WEBHOOK_URL" in self.settings
        while (
            sum(1 for c in self.standin.calls if c.method == "setWebhook") <= hooks
            if webhook
            else len(self.standin.polls) <= polls
        ):
            if self.process.returncode is not None:
                await asyncio.gather(*self._log_tasks)
                raise RuntimeError("the bot stopped at start:\n" + self.logs[-1])
            await asyncio.sleep(0.02)
        return time.perf_counter() - began

    async def _keep_log(self, process: asyncio.subprocess.Process) -> None:
        assert process.stderr is not None
        self.logs.append((await process.stderr.read()).decode(errors="replace"))

    async def kill(self) -> None:
        assert self.process is not None
        self.process.kill()
        await self.process.wait()

    async def stop(self) -> None:
        if self.process is not None and self.process.returncode is None:
            self.standin.release_pollers()
            self.process.send_signal(signal.SIGINT)
            await asyncio.wait_for(self.process.wait(), 60)
            self.standin.hurry = False
        await asyncio.gather(*self._log_tasks)

    async def terminate(self) -> float:
        """SIGTERM, as ``docker stop`` sends; seconds until the process is gone."""
        assert self.process is not None
        began = time.perf_counter()
        self.process.send_signal(signal.SIGTERM)
        await asyncio.wait_for(self.process.wait(), 120)
        seconds = time.perf_counter() - began
        await asyncio.gather(*self._log_tasks)
        return seconds

    def end(self) -> None:
        """Whatever happened, no bot process outlives the benchmark."""
        if self.process is not None and self.process.returncode is None:
            self.process.kill()

    def problems(self) -> list[str]:
        """The log's tracebacks, ERROR and CRITICAL lines."""
        return [line for log in self.logs for line in log.splitlines() if any(p in f" {line} " for p in PROBLEMS)]

    def exceptions(self) -> int:
        return len(self.problems())


#: The Bot API calls that answer a player.
ANSWERS = ("sendMessage", "editMessageText")


class Player:
    """One chat: starts a new 5bukv game, one at a time, again and again."""

    def __init__(self, chat_id: int, standin: BotApiStandin) -> None:
        self.chat_id = chat_id
        self.standin = standin
        self.sent = 0
        self.acknowledged = 0
        self.asked_to_retry = 0  # answers saying the save failed: try again in a minute
        self._answered: asyncio.Event = asyncio.Event()
        standin.listeners.append(self._seen)

    def _seen(self, call: Call) -> None:
        if call.chat_id == self.chat_id and call.method in ANSWERS:
            self.asked_to_retry += call.text == try_again_soon("ru")
            self._answered.set()

    async def send(self, push: object, patience: float) -> bool:
        self._answered.clear()
        assert callable(push)
        push()
        try:
            await asyncio.wait_for(self._answered.wait(), patience)
        except TimeoutError:
            return False
        return True

    async def play_until(self, stop: asyncio.Event, patience: float) -> None:
        while not stop.is_set():
            self.sent += 1
            if await self.send(lambda: self.standin.push_message(self.chat_id, "/5bukv"), patience):
                self.acknowledged += 1


def games_on_file(database: Path, chat_id: int) -> int:
    """The player's 5bukv games begun: each applied ``/5bukv`` saves a new game over the last, so
    the session's version counts them (not the records: a game counts as played from its first
    entry, which these players never make)."""
    with contextlib.closing(sqlite3.connect(database)) as db:
        row = db.execute("SELECT version FROM sessions WHERE chat_id = ? AND kind = ?", (chat_id, WORDLE)).fetchone()
    return 0 if row is None else int(row[0])


def count(tally: Tally, players: list[Player], database: Path) -> None:
    for player in players:
        on_file = games_on_file(database, player.chat_id)
        applied = player.sent - player.asked_to_retry  # a refused save changed nothing, and said so
        answered = player.acknowledged - player.asked_to_retry  # each such answer follows a commit
        tally.sent += player.sent
        tally.acknowledged += answered
        tally.lost += max(0, answered - on_file)
        tally.twice += max(0, on_file - applied)
        tally.unanswered += max(0, applied - on_file) - max(0, answered - on_file)


async def settle(tally: Tally, standin: BotApiStandin, bot: Bot, players: list[Player]) -> None:
    """Once every update has been handled: stop the bot and count what the file holds."""
    await drained(standin)
    await bot.stop()
    count(tally, players, bot.database)
    tally.exceptions = bot.exceptions()


async def drained(standin: BotApiStandin, seconds: float = 30) -> None:
    """Wait until the bot has fetched and confirmed every update (Telegram's queue is empty)."""
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        if standin.pending() == 0:
            return
        await asyncio.sleep(0.1)


@contextlib.asynccontextmanager
async def playing(
    standin: BotApiStandin, chats: int, patience: float
) -> AsyncIterator[tuple[list[Player], asyncio.Event]]:
    players = [Player(FIRST_CHAT + n, standin) for n in range(chats)]
    stop = asyncio.Event()
    tasks = [asyncio.create_task(p.play_until(stop, patience)) for p in players]
    try:
        yield players, stop
    finally:
        stop.set()
        await asyncio.gather(*tasks)


async def kill_scenario(folder: Path, chats: int, kills: int) -> Tally:
    tally = Tally("kill")
    async with standin_running() as standin:
        bot = Bot(standin, folder / "kill.sqlite3")
        await bot.start()
        rng = random.Random(13)
        async with playing(standin, chats, patience=30) as (players, _):
            for _ in range(kills):
                await asyncio.sleep(rng.uniform(0.5, 2.0))
                await bot.kill()
                began = time.perf_counter()
                answered = sum(p.acknowledged for p in players)
                await bot.start()
                while sum(p.acknowledged for p in players) == answered:
                    await asyncio.sleep(0.01)
                tally.recoveries.append(time.perf_counter() - began)
            await asyncio.sleep(1)
        await settle(tally, standin, bot, players)
    tally.note = f"{kills} SIGKILLs; recovery: restart to first answer (incl. ~1 s start-up)"
    return tally


async def telegram_scenario(folder: Path, chats: int, seconds: float) -> Tally:
    tally = Tally("telegram")
    async with standin_running() as standin:
        bot = Bot(standin, folder / "telegram.sqlite3", TELEGRAM_TIMEOUT_SECONDS="1", TELEGRAM_RETRIES="3")
        await bot.start()
        rng = random.Random(7)
        injected = 0
        async with playing(standin, chats, patience=15) as (players, _):
            end = time.perf_counter() + seconds
            while time.perf_counter() < end:
                method = rng.choice(("sendMessage", "sendMessage", "getUpdates"))
                fault = rng.choice(TELEGRAM_FAULTS)
                if not (method == "getUpdates" and fault is Fault.DELIVERED):
                    standin.inject(method, fault)
                    injected += 1
                await asyncio.sleep(0.05)
            standin.faults.clear()
        await settle(tally, standin, bot, players)
    tally.note = f"{injected} faults injected (429, 500, 502, hang, drop, done-but-unanswered)"
    return tally


async def disk_scenario(folder: Path, chats: int, seconds: float) -> Tally:
    tally = Tally("disk")
    disk = folder / "disk"
    disk.mkdir()
    mount = ["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(disk)]
    mounted = subprocess.run(mount, capture_output=True, check=False)
    if mounted.returncode != 0:
        tally.note = "skipped: mounting a 2 MB tmpfs needs root"
        return tally
    try:
        async with standin_running() as standin:
            bot = Bot(standin, disk / "bot.sqlite3")
            await bot.start()
            async with playing(standin, chats, patience=10) as (players, _):
                await asyncio.sleep(seconds / 3)
                filler = disk / "filler"
                full_since = time.perf_counter()
                while time.perf_counter() - full_since < seconds / 3:
                    fill(filler)  # again and again: whatever space a checkpoint gives back is taken too
                    await asyncio.sleep(0.05)
                before = sum(games_on_file(bot.database, p.chat_id) for p in players)
                filler.unlink()
                # Space comes back whoever took it: under load the bot's own log can fill the 2 MB
                # before the filler does, and then deleting the filler alone frees nothing.
                subprocess.run(["mount", "-o", "remount,size=8m", str(disk)], check=True)
                freed = time.perf_counter()
                while sum(games_on_file(bot.database, p.chat_id) for p in players) == before:
                    if time.perf_counter() - freed > 30:
                        break
                    await asyncio.sleep(0.05)
                tally.recoveries.append(time.perf_counter() - freed)
                await asyncio.sleep(seconds / 3)
            await settle(tally, standin, bot, players)
            retry = sum(p.asked_to_retry for p in players)
            tally.note = (
                f"2 MB tmpfs full for {freed - full_since:.1f} s, {retry} answers 'try again'; "
                "recovery: space back to first save"
            )
    finally:
        end_all()
        await asyncio.sleep(0.5)  # the killed process lets go of the mount
        subprocess.run(["umount", str(disk)], check=False)
    return tally


def fill(filler: Path) -> None:
    """Write until the disk is full."""
    with contextlib.suppress(OSError), filler.open("ab") as out:  # closing a file on a full disk fails too
        while True:
            out.write(b"\0" * 4096)
            out.flush()


def bad_updates(standin: BotApiStandin, rng: random.Random, chat_id: int) -> None:
    """One random bad update of many kinds."""
    choice = rng.randrange(8)
    if choice == 0:
        standin.push_message(chat_id, "".join(chr(rng.randrange(32, 0x2FFF)) for _ in range(rng.randrange(1, 60))))
    elif choice == 1:
        standin.push_message(chat_id, sticker=True)
    elif choice == 2:
        data = "".join(rng.choice("LWGF:0123456789²³¹abc-") for _ in range(rng.randrange(1, 64)))
        standin.push_callback(chat_id, rng.randrange(1, 10_000), data)
    elif choice == 3:
        standin.push_message(chat_id, "/whowins " + "а" * rng.randrange(100, 4000))
    elif choice == 4:
        standin.push_message(chat_id, "слово " + "ж" * rng.randrange(5, 4000))
    elif choice == 5:
        user = {"id": chat_id, "is_bot": False, "first_name": "x"}
        standin.push_raw({"poll_answer": {"poll_id": "1", "user": user, "option_ids": [0]}})
    elif choice == 6:
        commands = ["/play", "/5bukv", "/undo", "/giveup", "/hint", "/fingers", "/stats"]
        standin.push_message(chat_id, rng.choice(commands))
    else:
        standin.push_message(chat_id, rng.choice(["ggggg", "ywg", "абвгд жжжжж", "/play xx yy", "🟩🟨⬛⬛⬛"]))


async def fuzz_scenario(folder: Path, updates: int) -> Tally:
    tally = Tally("fuzz")
    async with standin_running() as standin:
        bot = Bot(standin, folder / "fuzz.sqlite3")
        await bot.start()
        rng = random.Random(11)
        for n in range(updates):
            bad_updates(standin, rng, FIRST_CHAT + n % 5)
            tally.sent += 1
            await asyncio.sleep(0.005)
        await drained(standin)
        probe = Player(FIRST_CHAT + 99, standin)
        began = time.perf_counter()
        tally.acknowledged = int(await probe.send(lambda: standin.push_message(probe.chat_id, "/start"), 30))
        tally.recoveries.append(time.perf_counter() - began)
        await bot.stop()
        tally.exceptions = bot.exceptions()
    tally.note = f"{updates} bad updates; acked: a /start sent after them was answered; recovery: its latency"
    return tally


async def order_scenario(folder: Path, chats: int) -> Tally:
    """Each chat has a 5bukv entry; the bot is stopped; each chat then sends ``/undo`` and a new
    entry, so the restarted bot fetches both in one batch with cold caches. Lost: chats whose new
    entry was taken back (applied out of order)."""
    tally = Tally("order")
    async with standin_running() as standin:
        bot = Bot(standin, folder / "order.sqlite3")
        await bot.start()
        players = [Player(FIRST_CHAT + n, standin) for n in range(chats)]
        for player in players:
            for text in ("/5bukv", "wwwww"):
                await player.send(lambda p=player, t=text: standin.push_message(p.chat_id, t), 30)
        await bot.stop()
        for player in players:
            standin.push_message(player.chat_id, "/undo")
            standin.push_message(player.chat_id, "yyyyy")
        tally.sent = 2 * chats
        began = time.perf_counter()
        await bot.start()
        await drained(standin)
        await asyncio.sleep(1)
        tally.recoveries.append(time.perf_counter() - began)
        await bot.stop()
        entries = [wordle_entries(bot.database, player.chat_id) for player in players]
        tally.lost = sum(masks != ["yyyyy"] for masks in entries)
        tally.acknowledged = tally.sent - tally.lost
        tally.exceptions = bot.exceptions()
    tally.note = f"{chats} chats: /undo and a new entry in the first batch after a restart; lost = entry undone"
    return tally


def wordle_entries(database: Path, chat_id: int) -> list[str]:
    import json

    with contextlib.closing(sqlite3.connect(database)) as db:
        row = db.execute("SELECT state FROM sessions WHERE chat_id = ? AND kind = ?", (chat_id, WORDLE)).fetchone()
    return [] if row is None else [mask for _, mask in json.loads(row[0])["entries"]]


GROUP_CHAT = -100_500


def group_message(user_id: int, text: str, chat_id: int) -> dict[str, object]:
    message: dict[str, object] = {
        "message_id": random.randrange(10**6, 10**7),
        "date": int(time.time()),
        "chat": {"id": chat_id, "type": "supergroup", "title": "bench"},
        "from": {"id": user_id, "is_bot": False, "first_name": f"P{user_id}", "language_code": "ru"},
        "text": text,
    }
    if text.startswith("/"):
        message["entities"] = [{"type": "bot_command", "offset": 0, "length": len(text)}]
    return {"message": message}


def group_press(standin: BotApiStandin, user_id: int, chat_id: int, label: str) -> int:
    """Press the button whose label has ``label`` on the bot's newest message with buttons in the group."""
    _, shown = max(
        ((m, body) for (chat, m), body in standin.messages.items() if chat == chat_id and body.get("reply_markup")),
        key=lambda item: item[0],
    )
    rows = shown["reply_markup"]["inline_keyboard"]
    data = next(b["callback_data"] for row in rows for b in row if label in b["text"])
    query = {
        "id": str(random.randrange(10**9)),
        "from": {"id": user_id, "is_bot": False, "first_name": f"P{user_id}", "language_code": "ru"},
        "chat_instance": str(chat_id),
        "message": shown | {"chat": {"id": chat_id, "type": "supergroup", "title": "bench"}},
        "data": data,
    }
    return standin.push_raw({"callback_query": query})


async def group_step(standin: BotApiStandin, chat_id: int, push: Callable[[], int], seconds: float = 30) -> None:
    """Push one update to the group and wait for the bot's answer there."""
    since = len(standin.calls)
    push()
    end = time.perf_counter() + seconds
    while not any(c.chat_id == chat_id for c in standin.calls[since:]):
        if time.perf_counter() > end:
            raise TimeoutError(f"no answer in group {chat_id}")
        await asyncio.sleep(0.02)
    await asyncio.sleep(0.2)


async def groupkill_scenario(folder: Path, rounds: int) -> Tally:
    """A group game of two; a letter is committed while its turn message (mentioning the next
    player) hangs; SIGKILL; restart. Lost: rounds in which the next player was never told it was
    their turn within 30 s of the restart (their clock would put them out)."""
    tally = Tally("groupkill")
    async with standin_running() as standin:
        bot = Bot(standin, folder / "groupkill.sqlite3", TELEGRAM_TIMEOUT_SECONDS="30")
        await bot.start()
        for n in range(rounds):
            chat = GROUP_CHAT - n
            first, second = 1000 + 2 * n, 1001 + 2 * n
            await group_step(standin, chat, partial(standin.push_raw, group_message(first, "/play", chat)))
            await group_step(standin, chat, partial(group_press, standin, second, chat, "Играю"))
            await group_step(standin, chat, partial(group_press, standin, first, chat, "Начать"))
            standin.inject("sendMessage", Fault.HANG)
            hung = len(standin.refused)
            standin.push_raw(group_message(first, "к", chat))
            while len(standin.refused) == hung:
                await asyncio.sleep(0.01)
            tally.sent += 1
            await bot.kill()
            standin.end_hangs()
            standin.hangs_again()
            since = len(standin.calls)
            began = time.perf_counter()
            starting = asyncio.create_task(bot.start())  # its first long poll may wait for updates
            mention = f"tg://user?id={second}"
            end = time.perf_counter() + 30
            while not any(mention in c.text for c in standin.calls[since:] if c.chat_id == chat):
                if time.perf_counter() > end:
                    tally.lost += 1
                    break
                await asyncio.sleep(0.01)
            else:
                tally.acknowledged += 1
                tally.recoveries.append(time.perf_counter() - began)
            await starting
        await bot.stop()
        tally.exceptions = bot.exceptions()
    tally.note = (
        f"{rounds} SIGKILLs with a turn message in flight; lost = next player never told; recovery: restart to it"
    )
    return tally


def open_files(limit: int) -> None:
    """In the bot's process before it starts: at most ``limit`` open files, as on many hosts."""
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (limit, hard))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


WEBHOOK_SECRET = "bench-webhook-secret"


def webhook_settings(port: int, **more: str) -> dict[str, str]:
    return {
        "WEBHOOK_URL": f"http://127.0.0.1:{port}/hook",
        "WEBHOOK_LISTEN": "127.0.0.1",  # never wider, whatever the code's default
        "WEBHOOK_PORT": str(port),
        "WEBHOOK_SECRET_TOKEN": WEBHOOK_SECRET,
        **more,
    }


async def post_update(session: object, port: int, body: bytes) -> int:
    """POST one update to the bot's webhook; its HTTP status (0: no answer)."""
    import aiohttp

    assert isinstance(session, aiohttp.ClientSession)
    headers = {"Content-Type": "application/json", "X-Telegram-Bot-Api-Secret-Token": WEBHOOK_SECRET}
    try:
        async with session.post(f"http://127.0.0.1:{port}/hook", data=body, headers=headers) as answer:
            return answer.status
    except (aiohttp.ClientError, TimeoutError):
        return 0


async def quiet(standin: BotApiStandin, seconds: float = 2.0, limit: float = 60.0) -> None:
    """Wait until the bot has made no call for ``seconds`` (it is done with what it was sent)."""
    end = time.perf_counter() + limit
    seen, since = len(standin.calls), time.perf_counter()
    while time.perf_counter() < end and time.perf_counter() - since < seconds:
        await asyncio.sleep(0.1)
        if len(standin.calls) != seen:
            seen, since = len(standin.calls), time.perf_counter()


async def dupes_scenario(folder: Path, rounds: int, copies: int = 20) -> Tally:
    """One update delivered ``copies`` times at once, as a retrying Telegram or proxy may."""
    import aiohttp

    tally = Tally("dupes")
    async with standin_running() as standin:
        port = free_port()
        bot = Bot(standin, folder / "dupes.sqlite3", **webhook_settings(port))
        await bot.start()
        chat = FIRST_CHAT
        async with aiohttp.ClientSession() as session:
            for round_ in range(rounds):
                body = json.dumps({"update_id": 10_000 + round_, **standin.message_update(chat, "/5bukv")}).encode()
                statuses = await asyncio.gather(*(post_update(session, port, body) for _ in range(copies)))
                tally.sent += copies
                tally.acknowledged += sum(status == 200 for status in statuses)
                await quiet(standin, seconds=0.5)
        await quiet(standin)
        await bot.stop()
        on_file = games_on_file(bot.database, chat)
        tally.twice = max(0, on_file - rounds)
        tally.lost = max(0, rounds - on_file)
        tally.exceptions = bot.exceptions()
    tally.note = f"{rounds} rounds of {copies} POSTs of one /5bukv at once: applied {on_file} times (right: {rounds})"
    return tally


async def sigterm_scenario(folder: Path, rounds: int, chats: int = 5) -> Tally:
    """SIGTERM while Telegram hangs every reply and poll: how long the bot takes to exit."""
    tally = Tally("sigterm")
    exits: list[str] = []
    for round_ in range(rounds):
        async with standin_running() as standin:
            bot = Bot(standin, folder / f"sigterm{round_}.sqlite3")
            await bot.start()
            standin.inject("sendMessage", Fault.HANG, times=10_000)
            for n in range(chats):
                standin.push_message(FIRST_CHAT + n, "/start")
            tally.sent += chats
            while sum(1 for call, _ in standin.refused if call.method == "sendMessage") < chats:
                await asyncio.sleep(0.05)
            standin.inject("getUpdates", Fault.HANG, times=10_000)  # from the next poll on, the stop's last one too
            seconds = await bot.terminate()
            assert bot.process is not None
            tally.recoveries.append(seconds)
            exits.append(f"{seconds:.1f} s (status {bot.process.returncode})")
            tally.exceptions += bot.exceptions()
    tally.note = "SIGTERM with every reply and poll hanging; recovery: longest exit; exits: " + ", ".join(exits)
    return tally


async def slowhttp_scenario(folder: Path, slow: int, seconds: float) -> Tally:
    """``slow`` half-sent requests held open against a bot limited to 1024 open files, while
    real updates keep coming."""
    import aiohttp

    tally = Tally("slowhttp")
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, slow + 4096), hard))  # our own side of the sockets
    async with standin_running() as standin:
        port = free_port()
        bot = Bot(standin, folder / "slowhttp.sqlite3", **webhook_settings(port))
        bot.files = 1024
        await bot.start()
        held: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
        await half_sent(port, slow, held)
        more: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []  # 100 more a second
        began = time.perf_counter()
        replied: set[int] = set()
        standin.listeners.append(lambda call: replied.add(call.chat_id or 0) if call.method == "sendMessage" else None)
        counts: dict[str, int] = {}
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=5)) as session:
            chat = FIRST_CHAT
            while time.perf_counter() - began < seconds:
                body = json.dumps({"update_id": chat, **standin.message_update(chat, "/start")}).encode()
                await post_update(session, port, body)
                tally.sent += 1
                chat += 1
                await asyncio.gather(asyncio.sleep(0.25), half_sent(port, 25, more))  # the flood goes on
                if "5 s" not in counts and time.perf_counter() - began >= 5:
                    counts["5 s"] = still_open(held)
            counts["end"] = still_open(held)
            counts["all"] = still_open(held + more)
            await quiet(standin, seconds=1.0, limit=15)
        tally.acknowledged = len(replied - {0})
        for _, writer in held + more:
            writer.close()
        await bot.stop()
        tally.exceptions = bot.exceptions()
        log_mb = sum(len(log) for log in bot.logs) / 1e6
    tally.note = (
        f"{len(held)} half-sent requests, then {len(more)} more while updates came (bot's open-file limit 1024); "
        f"of the first, still held after 5 s: {counts.get('5 s', '-')}, after {seconds:.0f} s: {counts['end']}; "
        f"of all, at the end: {counts['all']}; log {log_mb:.1f} MB"
    )
    return tally


async def wal_scenario(folder: Path, chats: int, seconds: float, rate: float) -> Tally:
    """``rate`` updates a second (/5bukv from ``chats`` chats in turn; 0: flat out, each chat's
    next one as soon as its answer came) for ``seconds``, sampling the write-ahead log's size
    every 5 ms. The note gives its largest size against the bound, and the rate answered."""
    tally = Tally("wal")
    async with standin_running() as standin:
        answered: list[Call] = []
        standin.listeners.append(lambda call: answered.append(call) if call.method in ANSWERS else None)
        database = folder / f"wal-{rate:.0f}-{chats}.sqlite3"
        bot = Bot(standin, database)
        await bot.start()
        sampling = asyncio.create_task(largest_size(Path(f"{database}-wal")))
        begin = time.perf_counter()
        if rate:
            tally.sent = await paced(standin, chats, seconds, rate)
        else:
            async with playing(standin, chats, patience=30) as (players, stop):
                await asyncio.sleep(seconds)
                stop.set()
            tally.sent = sum(p.sent for p in players)
        end = time.perf_counter() + 30
        while len(answered) < tally.sent and time.perf_counter() < end:  # one answer each
            await asyncio.sleep(0.01)
        elapsed = time.perf_counter() - begin
        await bot.stop()
        sampling.cancel()
        largest = await sampling
        tally.acknowledged = len(answered)
        tally.exceptions = bot.exceptions()
    offered = f"{rate:.0f} updates/s" if rate else "flat out"
    within = "within" if largest <= JOURNAL_SIZE_LIMIT else "OVER"
    tally.note = (
        f"{offered} from {chats} chats, {seconds:.0f} s ({tally.acknowledged / elapsed:.0f} answered/s): "
        f"largest -wal {largest / 2**20:.2f} MB, {within} the {JOURNAL_SIZE_LIMIT / 2**20:.0f} MB bound"
    )
    return tally


async def wal_rates(folder: Path, args: argparse.Namespace) -> Tally:
    """The wal scenario at each ``--wal-rate``: the rows of all but the last printed, the last returned."""
    for rate in args.wal_rate[:-1]:
        print((await wal_scenario(folder, args.wal_chats, args.seconds, rate)).row(), flush=True)
    return await wal_scenario(folder, args.wal_chats, args.seconds, args.wal_rate[-1])


async def paced(standin: BotApiStandin, chats: int, seconds: float, rate: float) -> int:
    """Push /5bukv from the chats in turn at ``rate`` a second for ``seconds``; how many."""
    begin = time.perf_counter()
    sent = 0
    while (now := time.perf_counter()) - begin < seconds:
        due = int((now - begin) * rate)
        while sent < due:
            standin.push_message(FIRST_CHAT + sent % chats, "/5bukv")
            sent += 1
        await asyncio.sleep(0.01)
    return sent


async def largest_size(path: Path) -> int:
    """The largest size the file has had until cancelled, sampled every 5 ms."""
    largest = 0
    with contextlib.suppress(asyncio.CancelledError):
        while True:
            with contextlib.suppress(OSError):
                largest = max(largest, path.stat().st_size)
            await asyncio.sleep(0.005)
    return largest


async def half_sent(port: int, count: int, into: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]]) -> None:
    """Open ``count`` connections that send the start of a request and then nothing."""
    for _ in range(count):
        with contextlib.suppress(OSError, TimeoutError):
            reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), 2)
            writer.write(b"POST /hook HTTP/1.1\r\nHost: x\r\n")  # and never the rest
            into.append((reader, writer))


def still_open(held: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]]) -> int:
    """How many of the slow connections the bot has neither closed nor reset."""
    return sum(1 for reader, _ in held if not reader.at_eof() and reader.exception() is None)


#: What a plain run measures; dupes, sigterm and slowhttp run when named with --only.
DEFAULT_SCENARIOS = ["kill", "disk", "telegram", "fuzz", "order", "groupkill", "wal"]


@contextlib.asynccontextmanager
async def standin_running() -> AsyncIterator[BotApiStandin]:
    standin = BotApiStandin()
    await standin.start()
    try:
        yield standin
    finally:
        await standin.stop()


async def main(args: argparse.Namespace) -> None:
    scenarios = args.only or DEFAULT_SCENARIOS
    print(f"chats {args.chats}, kills {args.kills}, seconds {args.seconds} per timed scenario", flush=True)
    print(HEADER, flush=True)
    with tempfile.TemporaryDirectory(prefix="bukvoed-faults-") as name:
        folder = Path(name)
        try:
            await run_scenarios(scenarios, folder, args)
        finally:
            end_all()


async def run_scenarios(scenarios: list[str], folder: Path, args: argparse.Namespace) -> None:
    for scenario in scenarios:
        if scenario == "kill":
            tally = await kill_scenario(folder, args.chats, args.kills)
        elif scenario == "disk":
            tally = await disk_scenario(folder, args.chats, args.seconds)
        elif scenario == "telegram":
            tally = await telegram_scenario(folder, args.chats, args.seconds)
        elif scenario == "order":
            tally = await order_scenario(folder, 40)
        elif scenario == "groupkill":
            tally = await groupkill_scenario(folder, args.kills)
        elif scenario == "wal":
            tally = await wal_rates(folder, args)
        elif scenario == "dupes":
            tally = await dupes_scenario(folder, args.rounds)
        elif scenario == "sigterm":
            tally = await sigterm_scenario(folder, args.rounds)
        elif scenario == "slowhttp":
            tally = await slowhttp_scenario(folder, args.slow, args.seconds)
        else:
            tally = await fuzz_scenario(folder, args.fuzz)
        print(tally.row(), flush=True)
        seen = sorted({line.split(": ", 1)[-1][:160] for bot in STARTED for line in bot.problems()})
        for line in seen[:5]:
            print(f"    {scenario} log: {line}", flush=True)
        STARTED.clear()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--chats", type=int, default=20)
    parser.add_argument("--kills", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--fuzz", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=5, help="dupes and sigterm: how many rounds")
    parser.add_argument("--slow", type=int, default=1100, help="slowhttp: half-sent requests held open")
    parser.add_argument("--wal-chats", type=int, default=200, help="wal: the chats the updates come from")
    parser.add_argument(
        "--wal-rate",
        type=float,
        nargs="+",
        default=[330.0, 490.0, 0.0],
        help="wal: updates a second, one run each; 0: flat out",
    )
    parser.add_argument("--only", nargs="*", choices=[*DEFAULT_SCENARIOS, "dupes", "sigterm", "slowhttp"])
    asyncio.run(main(parser.parse_args()))
