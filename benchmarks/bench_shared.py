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

Columns as in ``faults/fault_suite.py``: ``sent``, ``acked`` (answered), ``lost`` (answered but not on
file), ``twice`` (on file beyond those sent), ``unansw`` (never answered, never applied), and
``wait``: the longest a player waited for an answer, in seconds (a dead process's chats are
claimed by the others once its claims lapse, ``CLAIM_LEASE_SECONDS``).

    .venv/bin/python benchmarks/bench_shared.py [--chats 30] [--kills 10] [--processes 3]
        [--pg-restarts 3] [--down 8] [--only kill rolling restart]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "bot"))  # the Bot API stand-in
sys.path.insert(0, str(ROOT / "faults"))

import asyncpg  # noqa: E402
import pgserver  # noqa: E402
from fault_suite import FIRST_CHAT, HEADER, Bot, Player, Tally, end_all, standin_running  # noqa: E402
from standin import BotApiStandin  # noqa: E402

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


async def main(args: argparse.Namespace) -> None:
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
        "--only", nargs="*", choices=["kill", "rolling", "restart"], default=["kill", "rolling", "restart"]
    )
    asyncio.run(main(parser.parse_args()))
