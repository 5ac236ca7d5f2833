"""Several bot processes on one PostgreSQL database through faults: what each player's updates became.

Three real ``python -m bot`` processes share a throwaway PostgreSQL server on 127.0.0.1 (the test
suite's ``tests/pgserver.py``, fsync on) and long poll the Bot API stand-in: one of them polls at a
time, and all of them claim the kept updates. Every chat sends ``/5bukv`` again and again, one at
a time, as in ``faults/fault_suite.py``: each one applied saves the chat's 5bukv session once (a new
game), so after the run each session's version says how many were applied. (Not the records: a
game counts as played from its first entry, which these players never make.)

* ``kill``: a random process is SIGKILLed every 1-3 s (the polling one too), and a new one started;
* ``rolling``: each process in turn is stopped (SIGINT, as ``docker stop`` does with SIGTERM) and
  started again, twice over;
* ``restart``: the PostgreSQL server itself is stopped at once (``pg_ctl stop -m immediate``, as a
  crash would: every connection drops) every 2-4 s, ``--pg-restarts`` times, and started again
  ``--down`` seconds later (a server of its own that loses nothing committed in a crash,
  ``synchronous_commit=on``). Its note adds what stayed in the inbox after the run (``stuck``) and
  the chats whose updates were applied out of the order they were sent (from the ledger rows'
  transaction ids: each update's row is written by its own transaction).

``slow`` (``--only slow``, a table of its own): Telegram takes ``--send-seconds`` (0.5) over each
message, and ``--slow-chats`` (300) chats each POST ``/help`` to ``--processes`` webhook processes,
wait for its answer, then for the reply, then think 0 to ``--think`` s, for ``--seconds``.
Telegram gives up on a bot that keeps its POSTs waiting, so what counts is how long the POST's
answer took (p50, p99, max, in ms: it waits only for the update's insert into the inbox), and
``lost``: updates answered 200 and never applied (no ledger row); ``twice``: replies beyond the
updates sent; ``lag ms``: the most the benchmark's own event loop woke late (its share of the
POSTs' time, on a busy machine). With ``--before DIR`` (a checkout of other code,
``git archive main | tar -x -C DIR``) the same run is made with that code's bot too, in one
run, in the order this, before, before, this (a busy machine drifts: each code goes first once).

Columns as in ``faults/fault_suite.py``: ``sent``, ``acked`` (answered), ``lost`` (answered but not on
file), ``twice`` (on file beyond those sent), ``unansw`` (never answered, never applied), and
``wait``: the longest a player waited for an answer, in seconds (a dead process's chats are
claimed by the others once its claims lapse, ``CLAIM_LEASE_SECONDS``).

    .venv/bin/python benchmarks/bench_shared.py [--chats 30] [--kills 10] [--processes 3]
        [--pg-restarts 3] [--down 8] [--only kill rolling restart slow]
        [--send-seconds 0.5] [--slow-chats 300] [--seconds 30] [--before DIR]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import os
import random
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "bot"))  # the Bot API stand-in
sys.path.insert(0, str(ROOT / "faults"))

import asyncpg  # noqa: E402
import pgserver  # noqa: E402
from fault_suite import ANSWERS, FIRST_CHAT, HEADER, Bot, Player, Tally, end_all, standin_running  # noqa: E402
from standin import FAKE_TOKEN, BotApiStandin, Call  # noqa: E402

from bot.games.wordle.session import KIND as WORDLE  # noqa: E402


class SharedBot(Bot):
    """A bot process on the shared database; up once it has deleted any webhook (only one polls)."""

    async def start(self) -> float:
        began = time.perf_counter()
        before = sum(1 for c in self.standin.calls if c.method == "deleteWebhook")
        polls = len(self.standin.polls)
        task = asyncio.create_task(super().start())  # it waits for a poll, which only the polling process makes
        while sum(1 for c in self.standin.calls if c.method == "deleteWebhook") <= before:
            if task.done():
                task.result()  # it stopped at start: say why
            await asyncio.sleep(0.02)
        if len(self.standin.polls) > polls or task.done():
            await task
        else:
            task.cancel()
        return time.perf_counter() - began


class TimedPlayer(Player):
    """A player who remembers the longest wait for an answer."""

    longest = 0.0

    async def send(self, push: object, patience: float) -> bool:
        began = time.perf_counter()
        answered = await super().send(push, patience)
        TimedPlayer.longest = max(TimedPlayer.longest, time.perf_counter() - began)
        return answered


async def games_on_file(url: str) -> dict[int, int]:
    connection = await asyncpg.connect(url)
    try:
        rows = await connection.fetch("SELECT chat_id, version FROM sessions WHERE kind = $1", WORDLE)
        return {int(row[0]): int(row[1]) for row in rows}
    finally:
        await connection.close()


async def applied_updates(url: str) -> dict[int, int]:
    """Each chat's updates applied: the ledger's rows (one per update, entered as it commits)."""
    connection = await asyncpg.connect(url)
    try:
        rows = await connection.fetch("SELECT chat_id, count(*) FROM ledger GROUP BY chat_id")
        return {int(row[0]): int(row[1]) for row in rows}
    finally:
        await connection.close()


async def inbox_left(url: str) -> int:
    connection = await asyncpg.connect(url)
    try:
        return int(await connection.fetchval("SELECT count(*) FROM inbox"))
    finally:
        await connection.close()


async def run(scenario: str, server: pgserver.Server, folder: Path, args: argparse.Namespace) -> Tally:
    tally = Tally(scenario)
    url = server.fresh_database(f"shared_{scenario}")
    TimedPlayer.longest = 0.0
    async with standin_running() as standin:
        bots = [await start(standin, folder, url) for _ in range(args.processes)]
        players = [TimedPlayer(FIRST_CHAT + n, standin) for n in range(args.chats)]
        stop = asyncio.Event()
        playing = [asyncio.create_task(p.play_until(stop, patience=30)) for p in players]
        rng = random.Random(17)
        if scenario == "kill":
            for _ in range(args.kills):
                await asyncio.sleep(rng.uniform(1.0, 3.0))
                victim = bots.pop(rng.randrange(len(bots)))
                await victim.kill()
                bots.append(await start(standin, folder, url))
        elif scenario == "restart":
            for _ in range(args.pg_restarts):
                await asyncio.sleep(rng.uniform(2.0, 4.0))
                await asyncio.to_thread(server.crash)
                await asyncio.sleep(args.down)
                await asyncio.to_thread(server.start_again)
        else:
            for _ in range(2):
                for _ in range(len(bots)):
                    await asyncio.sleep(1.0)
                    await stop_in_time(bots.pop(0), tally)
                    bots.append(await start(standin, folder, url))
        await asyncio.sleep(2.0)
        stop.set()
        await asyncio.gather(*playing)
        end = time.perf_counter() + 60
        while (standin.pending() or await inbox_left(url)) and time.perf_counter() < end:
            await asyncio.sleep(0.2)
        for bot in bots:
            await stop_in_time(bot, tally)
        count(tally, players, await games_on_file(url))
        tally.exceptions += sum(bot.exceptions() for bot in bots)
        stuck, disordered = await inbox_left(url), await chats_out_of_order(url)
    tally.recoveries.append(TimedPlayer.longest)
    tally.note = (
        f"{args.processes} processes, {args.chats} chats; "
        + {
            "kill": f"{args.kills} SIGKILLs",
            "rolling": "each process stopped and started, twice",
            "restart": f"{args.pg_restarts} server crashes, {args.down:g} s down each",
        }[scenario]
    )
    tally.note += f"; stuck {stuck}, chats out of order {disordered}"
    return tally


async def chats_out_of_order(url: str) -> int:
    """Chats whose updates were applied in another order than their ids (a chat's updates are
    sent one at a time, so in id order): each ledger row is written by the update's own
    transaction, whose id (``xmin``) the server hands out in the order transactions write."""
    connection = await asyncpg.connect(url)
    try:
        rows = await connection.fetch("SELECT chat_id, update_id FROM ledger ORDER BY xmin::text::bigint")
    finally:
        await connection.close()
    applied: dict[int, list[int]] = {}
    for row in rows:
        applied.setdefault(int(row[0]), []).append(int(row[1]))
    return sum(ids != sorted(ids) for ids in applied.values())


async def stop_in_time(bot: SharedBot, tally: Tally) -> None:
    """Stop as ``docker stop`` would; a process still up after its grace is killed, and counts."""
    try:
        await bot.stop()
    except TimeoutError:
        await bot.kill()
        await asyncio.gather(*bot._log_tasks)
        tally.exceptions += 1
        kept = Path(tempfile.gettempdir()) / f"bench_shared_stuck_{bot.process.pid if bot.process else 0}.log"
        kept.write_text(bot.logs[-1])
        print(f"a process did not stop within 60 s; its log: {kept}", flush=True)


async def start(standin: BotApiStandin, folder: Path, url: str) -> SharedBot:
    bot = SharedBot(standin, folder / "unused.sqlite3", DATABASE_URL=url, LOG_LEVEL="INFO")
    await bot.start()
    return bot


def count(tally: Tally, players: list[TimedPlayer], on_file: dict[int, int]) -> None:
    for player in players:
        applied = on_file.get(player.chat_id, 0)
        answered = player.acknowledged - player.asked_to_retry
        tally.sent += player.sent
        tally.acknowledged += answered
        tally.lost += max(0, answered - applied)
        tally.twice += max(0, applied - (player.sent - player.asked_to_retry))
        tally.unanswered += max(0, player.sent - player.asked_to_retry - applied) - max(0, answered - applied)


#: The calls a slow Telegram takes its time over: messages sent and changed.
SLOWED = frozenset({"sendMessage", "sendPhoto", "editMessageText", "editMessageReplyMarkup"})
#: Connections the slow scenario's Telegram POSTs over at most, as Telegram's own default
#: (``max_connections`` of ``setWebhook``: 40); a POST waiting for one counts in its time.
WEBHOOK_CONNECTIONS = 40
#: The webhook's secret in the slow scenario.
SECRET = "bench-shared-secret"


class SlowStandin(BotApiStandin):
    """The Bot API stand-in, taking ``delay`` seconds over each message before it answers."""

    def __init__(self, delay: float) -> None:
        super().__init__()
        self.delay = delay

    async def _refusal(self, request: Any, method: str, params: dict[str, Any]) -> Any:
        if method in SLOWED:
            await asyncio.sleep(self.delay)
        return await super()._refusal(request, method, params)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def start_webhook(
    standin: BotApiStandin, url: str, folder: Path, port: int, code: Path
) -> asyncio.subprocess.Process:
    """A webhook process of ``code``'s bot on ``port``, once it has set its webhook and listens."""
    since = sum(1 for c in standin.calls if c.method == "setWebhook")
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "PYTHONPATH": str(code),
        "BOT_TOKEN": FAKE_TOKEN,
        "TELEGRAM_API_BASE_URL": standin.base_url,
        "DATABASE_URL": url,
        "DATABASE_PATH": str(folder / "marker.sqlite3"),
        "WEBHOOK_URL": f"http://127.0.0.1:{port}/hook",
        "WEBHOOK_LISTEN": "127.0.0.1",
        "WEBHOOK_PORT": str(port),
        "WEBHOOK_SECRET_TOKEN": SECRET,
        "LOG_LEVEL": "WARNING",
        "TELEGRAM_MAX_RATE": "0",
        "THROTTLE_MESSAGES": "0",
    }
    with (folder / f"bot_{port}.log").open("ab") as log:
        process = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot", cwd=folder, env=env, stderr=log)
    end = time.monotonic() + 90
    while sum(1 for c in standin.calls if c.method == "setWebhook") <= since or not _listening(port):
        if process.returncode is not None or time.monotonic() > end:
            raise RuntimeError(f"the bot did not start: {(folder / f'bot_{port}.log').read_text()[-2000:]}")
        await asyncio.sleep(0.05)
    return process


def _listening(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


class PostingChat:
    """A chat that POSTs ``/help`` (as Telegram would: again while it is not answered 200), then
    waits for the reply, again and again; it notes how long each POST's answer took, and the
    replies it got (each update applied once is answered once)."""

    def __init__(self, chat_id: int, standin: BotApiStandin, ids: itertools.count[int]) -> None:
        self.chat_id = chat_id
        self.standin = standin
        self.ids = ids
        self.sent = 0
        self.answered = 0
        self.posts: list[float] = []
        self.replies = 0
        self._replied = asyncio.Event()
        standin.listeners.append(self._seen)

    def _seen(self, call: Call) -> None:
        if call.chat_id == self.chat_id and call.method in ANSWERS:
            self.replies += 1
            self._replied.set()

    async def play_until(
        self, stop: asyncio.Event, session: aiohttp.ClientSession, ports: list[int], think: float
    ) -> None:
        rng = random.Random(self.chat_id)
        await asyncio.sleep(rng.uniform(0, think))
        while not stop.is_set():
            body = {"update_id": next(self.ids), **self.standin.message_update(self.chat_id, "/help")}
            self._replied.clear()
            self.sent += 1
            if await self._post(session, ports, body, rng):
                self.answered += 1
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._replied.wait(), 60)
            await asyncio.sleep(rng.uniform(0, think))

    async def _post(
        self, session: aiohttp.ClientSession, ports: list[int], body: dict[str, Any], rng: random.Random
    ) -> bool:
        headers = {"Content-Type": "application/json", "X-Telegram-Bot-Api-Secret-Token": SECRET}
        for _ in range(20):
            began = time.perf_counter()
            try:
                port = rng.choice(ports)
                async with session.post(f"http://127.0.0.1:{port}/hook", data=json.dumps(body), headers=headers) as r:
                    status = r.status
            except aiohttp.ClientError:
                status = 0
            self.posts.append(time.perf_counter() - began)
            if status == 200:
                return True
            await asyncio.sleep(1.0)
        return False


async def slow_telegram(
    server: pgserver.Server, folder: Path, code: Path, name: str, args: argparse.Namespace, *, database: str
) -> str:
    """One run of the slow scenario with ``code``'s bot, on a fresh ``database``; its row."""
    url = server.fresh_database(f"slow_{database}")
    standin = SlowStandin(args.send_seconds)
    await standin.start()
    processes: list[asyncio.subprocess.Process] = []
    try:
        ports = [free_port() for _ in range(args.processes)]
        processes = [await start_webhook(standin, url, folder, port, code) for port in ports]
        ids = itertools.count(1_000_000)
        chats = [PostingChat(FIRST_CHAT + n, standin, ids) for n in range(args.slow_chats)]
        stop = asyncio.Event()
        connector = aiohttp.TCPConnector(limit=WEBHOOK_CONNECTIONS)
        async with aiohttp.ClientSession(connector=connector, timeout=aiohttp.ClientTimeout(total=60)) as session:
            playing = [asyncio.create_task(chat.play_until(stop, session, ports, args.think)) for chat in chats]
            lags: list[float] = []
            watching = asyncio.create_task(loop_lag(lags))
            began = time.perf_counter()
            await asyncio.sleep(args.seconds)
            stop.set()
            await asyncio.gather(*playing)
            took = time.perf_counter() - began
            watching.cancel()
        end = time.perf_counter() + 120
        while await inbox_left(url) and time.perf_counter() < end:
            await asyncio.sleep(0.5)
        await asyncio.sleep(2.0)
        on_file = await applied_updates(url)
    finally:
        for process in processes:
            if process.returncode is None:
                process.terminate()
                try:
                    await asyncio.wait_for(process.wait(), 30)
                except TimeoutError:
                    process.kill()
        await standin.stop()
    sent = sum(chat.sent for chat in chats)
    answered = sum(chat.answered for chat in chats)
    lost = sum(max(0, chat.answered - on_file.get(chat.chat_id, 0)) for chat in chats)
    twice = sum(max(0, chat.replies - chat.sent) for chat in chats)
    posts = sorted(wait for chat in chats for wait in chat.posts)
    p50 = statistics.median(posts) * 1000
    p99 = posts[min(len(posts) - 1, int(len(posts) * 0.99))] * 1000
    return (
        f"{name:<7} {sent:>6} {answered:>6} {lost:>5} {twice:>6} {len(posts):>6} {p50:>8.1f} {p99:>8.1f}"
        f" {posts[-1] * 1000:>8.0f} {sum(on_file.values()) / took:>9.1f} {max(lags, default=0) * 1000:>8.0f}"
    )


async def loop_lag(lags: list[float]) -> None:
    """How late this process's own event loop wakes (the players' side of each POST's time)."""
    while True:
        began = time.perf_counter()
        await asyncio.sleep(0.05)
        lags.append(time.perf_counter() - began - 0.05)


async def slow_runs(args: argparse.Namespace) -> None:
    print(
        f"slow Telegram: {args.send_seconds:g} s a message, {args.slow_chats} chats, {args.processes} webhook"
        f" processes, {args.seconds:g} s",
        flush=True,
    )
    print(
        f"{'code':<7} {'sent':>6} {'200':>6} {'lost':>5} {'twice':>6} {'POSTs':>6} {'p50 ms':>8} {'p99 ms':>8}"
        f" {'max ms':>8} {'applied/s':>9} {'lag ms':>8}",
        flush=True,
    )
    this, before = ("this", ROOT), ("before", args.before.resolve() if args.before else ROOT)
    codes = [this, before, before, this] if args.before else [this]  # in pairs, each first once: the machine drifts
    with tempfile.TemporaryDirectory(prefix="bukvoed-slow-") as name, pgserver.running(fsync=True) as server:
        for run, (code_name, code) in enumerate(codes):
            folder = Path(name) / f"{code_name}{run}"
            folder.mkdir()
            print(await slow_telegram(server, folder, code, code_name, args, database=f"{code_name}{run}"), flush=True)


async def main(args: argparse.Namespace) -> None:
    if "slow" in args.only:
        await slow_runs(args)
        args.only = [scenario for scenario in args.only if scenario != "slow"]
        if not args.only:
            return
    print(f"{args.processes} processes, {args.chats} chats, {args.kills} kills", flush=True)
    print(HEADER.replace("recovery", "    wait"), flush=True)
    with tempfile.TemporaryDirectory(prefix="bukvoed-shared-") as name:
        try:
            for scenario in args.only:
                # The crashes get a server of their own, which loses nothing committed in a crash.
                with pgserver.running(fsync=True, crash_safe=scenario == "restart") as server:
                    print((await run(scenario, server, Path(name), args)).row(), flush=True)
        finally:
            end_all()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--chats", type=int, default=30)
    parser.add_argument("--kills", type=int, default=10)
    parser.add_argument("--processes", type=int, default=3)
    parser.add_argument("--pg-restarts", type=int, default=3, help="server crashes in the restart scenario")
    parser.add_argument("--down", type=float, default=8.0, help="seconds the server stays down after each crash")
    parser.add_argument(
        "--only", nargs="*", choices=["kill", "rolling", "restart", "slow"], default=["kill", "rolling", "restart"]
    )
    parser.add_argument("--send-seconds", type=float, default=0.5, help="slow: Telegram's time over each message")
    parser.add_argument("--slow-chats", type=int, default=300, help="slow: chats posting to the webhook")
    parser.add_argument("--seconds", type=float, default=30.0, help="slow: how long the chats post")
    parser.add_argument("--think", type=float, default=2.0, help="slow: a chat waits 0 to this many s between posts")
    parser.add_argument("--before", type=Path, help="slow: a checkout of other code whose bot runs the same load")
    asyncio.run(main(parser.parse_args()))
