"""The bot under load through the whole stack: N chats playing the letter game at once.

The real bot runs as its own process (``python -m bot``) with SQLite on disk in a
temporary folder, long polling the Bot API stand-in on 127.0.0.1, which this
script runs. Each chat plays as a person would, but without pauses: /play, the
four set-up buttons, then letters (a random legal one each turn) until the game
ends and a new one starts; a chat's next update is queued only once the bot's
answer to the previous one has arrived. Measured: updates per second, latency
from the moment getUpdates hands an update to the bot to the moment its answer
reaches the stand-in (p50, p99), answers lost (must be 0), and the bot process's
resident memory (VmRSS) and peak memory so far (VmHWM, what a container's limit meets) after
start-up and after the run. The load begins once the bot is idle after its start (its solver
tables are built in the background after it starts polling; benchmarks/bench_startup.py
measures that part).

Telegram's flood limit (TELEGRAM_MAX_RATE, ~30 messages/s) is turned off for the
run, as it would only measure the limiter; flood control stays on with a limit
no chat here reaches, so its cost is included.

    .venv/bin/python benchmarks/bench_bot_load.py --chats 1 200 1000 [--updates 30] [--loops uvloop asyncio]

With ``--engines sqlite postgresql`` each configuration also runs on PostgreSQL (a throwaway
server on 127.0.0.1, from the test suite's ``tests/pgserver.py``, with fsync on), with
``--processes 1 2`` bot processes on the one database (only one of them polls; all of them
claim the kept updates). ``DATABASE_CONNECTIONS`` in this environment is handed on to the bots.

With two event loops (EVENT_LOOP) each configuration runs under both, one after
the other, and the report gives their ratios. With ``--before DIR`` (other code, e.g.
``mkdir /tmp/before && git archive main | tar -x -C /tmp/before``) each configuration
also runs that code's bot, right after this one's, and the report compares them; ``--pairs N``
runs each configuration N times for each code, the two taking turns at going first, and reports
the ratios pair by pair with their median (the bot's CPU per update moves by a tenth between runs
of the same code, so one pair says little). The pairs also give the bot's CPU per CPU second of
this process (the stand-in and the players, the same work for both codes): a busy or slow machine
inflates both alike, so that ratio varies less between pairs.
``--timeline FILE`` keeps every answer's time and latency, to see whether the slow ones came
together (a stall) or spread out.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import functools
import gc
import itertools
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import asyncpg

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "bot"))  # the Bot API stand-in

from standin import FAKE_TOKEN, BotApiStandin, Call  # noqa: E402

from solver.engine import Value  # noqa: E402
from solver.letters import LetterGame, Rule  # noqa: E402
from solver.words import LANGUAGES  # noqa: E402

LANGUAGE = LANGUAGES["ru"]  # the players play the Russian letter game

BOARD = re.compile(r"(?:Доска|Board): «([^»]*)»")
GAME_OVER = ("Вы выиграли", "Я выиграл")
SETUP = ("rule:complete-loses", "tier:common", "first:1", "level:perfect", "strict:0")
FIRST_CHAT = 100_000
ANSWERS = ("sendMessage", "editMessageText")
#: Settings of this environment handed on to the bot (to compare a pool's size, say).
PASSED_ON = ("DATABASE_CONNECTIONS",)


@dataclass
class Result:
    """What one run measured."""

    chats: int
    rate: float  # offered updates a second; 0: as fast as the bot answers
    loop: str  # the bot's EVENT_LOOP
    code: str  # whose bot: "this" checkout or "before" (--before)
    updates: int
    lost: int
    seconds: float
    latencies: list[float] = field(default_factory=list)
    #: every answer: (seconds into the run, latency, the chat's update number, chat), by time
    timeline: list[tuple[float, float, int, int]] = field(default_factory=list)
    rss_started_mb: float = 0.0
    rss_after_mb: float = 0.0
    peak_started_mb: float = 0.0  # VmHWM: the most the process held so far
    peak_after_mb: float = 0.0
    sustained_per_second: float = 0.0  # answers a second while every chat was playing
    bot_cpu_seconds: float = 0.0
    standin_cpu_seconds: float = 0.0  # this process: the stand-in and the players
    engine: str = "sqlite"
    processes: int = 1
    pair: int = 0  # which of --pairs
    games: int = 0  # games begun by the players
    letters: int = 0  # letters they played
    mix: str = "games"
    #: PostgreSQL only: its server's processes' CPU over the run, and the transactions it committed
    #: or rolled back in the run's database (``pg_stat_database``), the bots' start-up's included.
    server_cpu_seconds: float = 0.0
    transactions: int = 0

    @property
    def cpu_per_update(self) -> float:
        return self.bot_cpu_seconds / self.updates if self.updates else float("nan")

    @property
    def total_cpu_per_update(self) -> float:
        """The bot's CPU and its database server's (none for SQLite) per update."""
        return (self.bot_cpu_seconds + self.server_cpu_seconds) / self.updates if self.updates else float("nan")

    @property
    def per_second(self) -> float:
        return self.updates / self.seconds if self.seconds else 0.0

    def percentile(self, share: float) -> float:
        """Latency in milliseconds below which ``share`` of the answers came."""
        if not self.latencies:
            return float("nan")
        ordered = sorted(self.latencies)
        return 1000 * ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class Answers:
    """Hands each chat the bot's next answer in it, as the stand-in records it."""

    def __init__(self, standin: BotApiStandin) -> None:
        self.waiting: dict[int, asyncio.Future[tuple[Call, float]]] = {}
        standin.listeners.append(self._seen)

    def expect(self, chat_id: int) -> asyncio.Future[tuple[Call, float]]:
        future: asyncio.Future[tuple[Call, float]] = asyncio.get_running_loop().create_future()
        self.waiting[chat_id] = future
        return future

    def _seen(self, call: Call) -> None:
        if call.method not in ANSWERS or call.chat_id is None:
            return
        future = self.waiting.pop(call.chat_id, None)
        if future is not None and not future.done():
            future.set_result((call, time.perf_counter()))


#: The players' mixes: ``games`` plays whole games (the set-up once, then letters, the next game
#: from the finished one's «again» button; every ``HINTING``-th chat asks /hint before each letter
#: and plays the best one); ``taps`` sets up a new game after every loss (mostly set-up taps, as
#: random letters lose at once).
MIXES = ("games", "taps")
HINTING = 3
#: What the players play against: the bot itself, the echo bot on the bot's transport and event
#: loop (``benchmarks/echo_bot.py``), or a plain PTB echo as a user writes it (``benchmarks/ptb_echo.py``).
ANCHORS = {"echo": "echo_bot.py", "ptb": "ptb_echo.py"}
AGAIN = "menu:letters-again"  # the finished game's button that starts the next with the same set-up


class Chat:
    """One player: plays games back to back until its updates are used up. Against an echo anchor
    (``local``) it sends the same kinds of updates, following the game on its own board (the bot's
    replies are played by the same game's best letter), since an echo's reply holds no board."""

    def __init__(  # noqa: PLR0917
        self,
        chat_id: int,
        standin: BotApiStandin,
        answers: Answers,
        game: LetterGame,
        pause: float = 0.0,
        local: bool = False,
    ) -> None:
        self.chat_id = chat_id
        self.pause = pause  # mean seconds between this chat's updates (a player's thinking); 0: none
        self.standin = standin
        self.answers = answers
        self.game = game
        self.local = local
        self.hinting = chat_id % HINTING == 0
        self.rng = random.Random(chat_id)
        self.next_at = time.perf_counter() + self.rng.uniform(0, pause)  # players do not start in step
        self.sent = 0
        self.games = 0  # games begun
        self.letters = 0  # letters the player played
        self.latencies: list[float] = []
        self.answered_at: list[float] = []
        self.lost = 0

    async def play(self, updates: int, patience: float, mix: str = "taps") -> None:
        if mix == "games":
            await self.play_games(updates, patience)
            return
        while self.sent < updates and not self.lost:
            answer = await self._set_up(updates, patience)
            if answer is None:
                return
            board = ""
            while self.sent < updates:
                letter = self.rng.choice([p.letter for p in self.game.plays(board)])
                self.letters += 1
                answer = await self._text(letter, patience)
                if answer is None:
                    return
                board, over = self._after(answer, board, letter)
                if over:
                    break

    async def play_games(self, updates: int, patience: float) -> None:
        """Whole games: the set-up once, then letters as a person plays them (no word completed
        when another letter goes on, a winning one when the player sees it), some after /hint."""
        answer = await self._set_up(updates, patience)
        board = ""
        while answer is not None and self.sent < updates:
            hinted = await self._text("/hint", patience) if self.hinting else None
            if (self.hinting and hinted is None) or self.sent >= updates:
                return
            letter = self.game.best_letter(board) if self.hinting else self._human_letter(board)
            self.letters += 1
            answer = await self._text(letter, patience)
            if answer is None:
                return
            board, over = self._after(answer, board, letter)
            if over and self.sent < updates:
                answer = await self._again(answer, patience)
                board = ""

    def _human_letter(self, board: str) -> str:
        plays = self.game.plays(board)
        going_on = [p for p in plays if not p.completes_word] or plays
        winning = [p for p in going_on if p.outcome is Value.WIN]
        return self.rng.choice(winning if winning and self.rng.random() < 0.7 else going_on).letter

    def _after(self, answer: Call, board: str, letter: str) -> tuple[str, bool]:
        """The board after the player's ``letter`` and the reply, and whether the game is over."""
        if not self.local:
            boards = BOARD.findall(answer.text)
            return (boards[-1].lower() if boards else board), any(mark in answer.text for mark in GAME_OVER)
        board += letter
        if self.game.is_word(board):
            return board, True
        board += self.game.best_letter(board)
        return board, self.game.is_word(board)

    async def _set_up(self, updates: int, patience: float) -> Call | None:
        self.games += 1
        answer = await self._text("/play", patience)
        for choice in SETUP:
            if answer is None or self.sent >= updates:
                return None
            answer = await self._tap(answer, choice, patience)
        return answer

    async def _again(self, answer: Call, patience: float) -> Call | None:
        self.games += 1
        if self.local:
            data = AGAIN
        else:
            data = next(b["callback_data"] for row in answer.buttons for b in row if b.get("callback_data") == AGAIN)
        push = functools.partial(self.standin.push_callback, self.chat_id, answer.message_id or 0, str(data))
        return await self._send(push, patience)

    async def _text(self, text: str, patience: float) -> Call | None:
        return await self._send(functools.partial(self.standin.push_message, self.chat_id, text), patience)

    async def _tap(self, answer: Call, choice: str, patience: float) -> Call | None:
        message_id = answer.message_id or 0
        session_id = str(answer.buttons[0][0]["callback_data"]).split(":")[1] if answer.buttons else "0"
        data = f"L:{session_id}:0:{choice}"
        return await self._send(functools.partial(self.standin.push_callback, self.chat_id, message_id, data), patience)

    async def _send(self, push: Callable[[], int], patience: float) -> Call | None:
        if self.pause:  # keep to the schedule: a slow answer does not lower the offered rate
            now = time.perf_counter()
            self.next_at = max(now, self.next_at + self.rng.uniform(0.5, 1.5) * self.pause)
            await asyncio.sleep(self.next_at - now)
        future = self.answers.expect(self.chat_id)
        update_id = push()
        self.sent += 1
        try:
            call, arrived = await asyncio.wait_for(future, patience)
        except TimeoutError:
            self.lost += 1
            return None
        self.latencies.append(arrived - self.standin.handed_out[update_id])
        self.answered_at.append(arrived)
        return call


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """This process's cyclic garbage collector off while it measures, its heap so far frozen.

    The players and the stand-in live in this process and keep every call they saw; a full
    collection of that heap paused it for 0.1-0.6 s every 17 s at 1,000 chats, and every answer
    arriving meanwhile was stamped late, a pause of the measurer counted as the bot's. The run
    makes little cyclic garbage, and it is collected when the run ends."""
    gc.collect()
    gc.freeze()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        gc.unfreeze()
        gc.collect()


def sustained_rate(players: list[Chat], ramped_up: float) -> float:
    """Answers a second from when every chat has started until the first one is done (no ramps)."""
    first_done = min(p.answered_at[-1] for p in players if p.answered_at)
    if first_done <= ramped_up:
        return float("nan")
    answers = sum(1 for p in players for t in p.answered_at if ramped_up <= t <= first_done)
    return answers / (first_done - ramped_up)


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time a process has used, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def resident_mb(pid: int, field: str = "VmRSS") -> float:
    """VmRSS of a process (or another /proc status ``field``, as VmHWM, its peak), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(f"{field}:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def server_cpu_seconds(postmaster: int | None) -> float:
    """CPU time of a PostgreSQL server: its postmaster, the children it has reaped (backends of
    connections closed meanwhile) and those still running."""
    if postmaster is None:
        return 0.0
    fields = Path(f"/proc/{postmaster}/stat").read_text().rsplit(")", 1)[1].split()
    used = sum(int(fields[i]) for i in (11, 12, 13, 14)) / os.sysconf("SC_CLK_TCK")
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                if int(stat[1]) == postmaster:
                    used += (int(stat[11]) + int(stat[12])) / os.sysconf("SC_CLK_TCK")
    return used


async def transactions_in(database_url: str | None, settle: float = 30.0) -> int:
    """Transactions committed and rolled back in the database so far, once no other connection is
    open to it (a backend sends its counts to the statistics as it exits, if not before)."""
    if database_url is None:
        return 0
    connection = await asyncpg.connect(database_url)
    try:
        others = "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
        deadline = time.perf_counter() + settle
        while await connection.fetchval(others) and time.perf_counter() < deadline:
            await asyncio.sleep(0.2)
        counted = "SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = current_database()"
        return int(await connection.fetchval(counted))
    finally:
        await connection.close()


async def until_idle(pid: int, quiet: float = 0.5, limit: float = 60.0) -> None:
    """Wait until the process has used no CPU for ``quiet`` seconds: whatever it builds after it
    starts polling is built."""
    deadline = time.perf_counter() + limit
    used = cpu_seconds(pid)
    while time.perf_counter() < deadline:
        await asyncio.sleep(quiet)
        now = cpu_seconds(pid)
        if now - used < 0.02:
            return
        used = now


async def start_bot(  # noqa: PLR0917
    standin: BotApiStandin, folder: Path, loop: str, root: Path, database_url: str | None = None, kind: str = "bot"
) -> asyncio.subprocess.Process:
    """The bot (``kind`` "bot", the code under ``root``) or an anchor (a key of ``ANCHORS``) as its
    own process, polling the stand-in; back once it polls and is idle."""
    started = sum(1 for c in standin.calls if c.method == "deleteWebhook")
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "PYTHONPATH": str(root),
        "BOT_TOKEN": FAKE_TOKEN,
        "TELEGRAM_API_BASE_URL": standin.base_url,
        "DATABASE_PATH": str(folder / "bot.sqlite3"),
        "LOG_LEVEL": "WARNING",
        "TELEGRAM_MAX_RATE": "0",
        "THROTTLE_MESSAGES": "100000",
        "EVENT_LOOP": loop,
        **{name: os.environ[name] for name in PASSED_ON if name in os.environ},
        **({"DATABASE_URL": database_url} if database_url else {}),
    }
    profile = os.environ.get("BENCH_PROFILE")  # a file for the bot's cProfile output, when investigating
    if profile and root != ROOT:
        profile += ".before"  # --before's bot: its own file
    command = ["-m", "cProfile", "-o", profile, "-m", "bot"] if profile else ["-m", "bot"]
    if kind in ANCHORS:
        command = [str(ROOT / "benchmarks" / ANCHORS[kind])]
    process = await asyncio.create_subprocess_exec(sys.executable, *command, cwd=folder, env=env)
    for _ in range(1200):
        if sum(1 for c in standin.calls if c.method == "deleteWebhook") > started and process.returncode is None:
            await asyncio.sleep(0.5)  # the first long poll is in flight
            await until_idle(process.pid)
            return process
        await asyncio.sleep(0.05)
    process.kill()
    raise RuntimeError("the bot did not start within a minute")


async def stop_bot(process: asyncio.subprocess.Process, standin: BotApiStandin) -> None:
    process.send_signal(signal.SIGINT)
    standin.release_pollers()
    try:
        await asyncio.wait_for(process.wait(), 30)
    except TimeoutError:
        process.kill()
        await process.wait()


async def run_load(  # noqa: PLR0917
    chats: int,
    updates: int,
    game: LetterGame,
    rate: float = 0.0,
    patience: float = 10.0,
    loop: str = "uvloop",
    code: tuple[str, Path] = ("this", ROOT),
    database_url: str | None = None,
    processes: int = 1,
    mix: str = "games",
    postmaster: int | None = None,
) -> Result:
    """One run: a fresh bot process (of the ``code`` named, from its folder; or an anchor, when the
    name is a key of ``ANCHORS``) and database, ``chats`` players sending ``updates`` each in the
    ``mix`` given, paced to ``rate`` updates a second in all (0: each as soon as the last answer
    arrived). ``postmaster``: the PostgreSQL server's, whose CPU counts with the bots'."""
    pause = chats / rate if rate else 0.0
    kind = code[0] if code[0] in ANCHORS else "bot"
    engine = "postgresql" if database_url else "sqlite"  # an anchor's: the configuration it is set beside
    if kind != "bot":
        database_url, processes, postmaster = None, 1, None  # an echo keeps nothing
    standin = BotApiStandin()
    await standin.start()
    with tempfile.TemporaryDirectory(prefix="bukvoed-load-") as folder:
        bots = [await start_bot(standin, Path(folder), loop, code[1], database_url, kind) for _ in range(processes)]
        process = bots[0]
        try:
            rss_started, peak_started = resident_mb(process.pid), resident_mb(process.pid, "VmHWM")
            cpu_started = sum(cpu_seconds(bot.pid) for bot in bots), time.process_time()
            server_started = server_cpu_seconds(postmaster)
            transactions_started = await transactions_in(database_url, settle=0)
            answers = Answers(standin)
            players = [Chat(FIRST_CHAT + i, standin, answers, game, pause, kind != "bot") for i in range(chats)]
            started = time.perf_counter()
            with collector_paused():
                await asyncio.gather(*(p.play(updates, patience, mix) for p in players))
            seconds = time.perf_counter() - started
            sustained = sustained_rate(players, started + pause)
            rss_after, peak_after = resident_mb(process.pid), resident_mb(process.pid, "VmHWM")
            cpu = sum(cpu_seconds(bot.pid) for bot in bots) - cpu_started[0], time.process_time() - cpu_started[1]
            server_cpu = server_cpu_seconds(postmaster) - server_started
            timeline = [
                (at - started, latency, number, p.chat_id)
                for p in players
                for number, (at, latency) in enumerate(zip(p.answered_at, p.latencies, strict=True))
            ]
        finally:
            for bot in bots:
                await stop_bot(bot, standin)
            await standin.stop()
    transactions = await transactions_in(database_url) - transactions_started
    return Result(
        chats=chats,
        rate=rate,
        loop=loop,
        code=code[0],
        updates=sum(p.sent for p in players),
        lost=sum(p.lost for p in players),
        seconds=seconds,
        latencies=[lat for p in players for lat in p.latencies],
        rss_started_mb=rss_started,
        rss_after_mb=rss_after,
        peak_started_mb=peak_started,
        peak_after_mb=peak_after,
        sustained_per_second=sustained,
        bot_cpu_seconds=cpu[0],
        standin_cpu_seconds=cpu[1],
        engine=engine,
        processes=processes,
        timeline=sorted(timeline),
        games=sum(p.games for p in players),
        letters=sum(p.letters for p in players),
        mix=mix,
        server_cpu_seconds=server_cpu,
        transactions=transactions,
    )


def report(results: list[Result]) -> None:
    print(
        f"{'code':>6} {'engine':>12} {'loop':>8} {'chats':>6} {'offered/s':>9} {'updates':>8} {'seconds':>8}"
        f" {'upd/s':>8}"
        f" {'sustained/s':>11}"
        f" {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}",
        end="",
    )
    print(
        f" {'lost':>5} {'RSS start MB':>13} {'RSS after MB':>13} {'HWM start MB':>13} {'HWM after MB':>13}"
        f" {'bot CPU s':>10} {'stand-in CPU s':>15}"
    )
    for r in results:
        print(
            f"{r.code:>6} {r.engine[:2] + '×' + str(r.processes):>12} {r.loop:>8} {r.chats:>6}"
            f" {r.rate or 'max':>9} {r.updates:>8} {r.seconds:>8.1f}"
            f" {r.per_second:>8.0f}"
            f" {r.sustained_per_second:>11.0f}"
            f" {r.percentile(0.5):>8.1f}"
            f" {r.percentile(0.99):>8.1f} {1000 * max(r.latencies, default=0):>8.1f}"
            f" {r.lost:>5} {r.rss_started_mb:>13.1f} {r.rss_after_mb:>13.1f}"
            f" {r.peak_started_mb:>13.1f} {r.peak_after_mb:>13.1f}"
            f" {r.bot_cpu_seconds:>10.1f} {r.standin_cpu_seconds:>15.1f}"
        )
    for (code, rate, loop, *_), runs in _grouped(
        results, lambda r: (r.code, r.rate, r.loop, r.engine, r.processes)
    ).items():
        for r in (r for r in runs[1:] if r.chats != runs[0].chats):
            print(f"{code}, {loop}, offered {rate or 'max'}: N={r.chats} vs N={runs[0].chats}: {_ratios(r, runs[0])}")
    for (code, rate, chats, *_), runs in _grouped(
        results, lambda r: (r.code, r.rate, r.chats, r.engine, r.processes)
    ).items():
        for r in (r for r in runs[1:] if r.loop != runs[0].loop):
            print(f"{code}, N={chats}, offered {rate or 'max'}: {r.loop} vs {runs[0].loop}: {_ratios(r, runs[0])}")
    for (rate, chats, loop), runs in _grouped(results, lambda r: (r.rate, r.chats, r.loop)).items():
        this = runs[0]
        for r in (r for r in runs[1:] if r.pair == this.pair):
            print(
                f"{loop}, N={chats}, offered {rate or 'max'}: {this.code} {this.engine}×{this.processes}"
                f" vs {r.code} {r.engine}×{r.processes}: {_ratios(this, r)},"
                f" RSS start x{this.rss_started_mb / r.rss_started_mb:.2f},"
                f" after x{this.rss_after_mb / r.rss_after_mb:.2f},"
                f" peak (VmHWM) after x{this.peak_after_mb / r.peak_after_mb:.2f}"
            )
    for r in results:
        print(
            f"{r.code}, N={r.chats}, offered {r.rate or 'max'}: {r.mix} mix, {r.games} games begun,"
            f" {r.updates / max(r.games, 1):.1f} updates and {r.letters / max(r.games, 1):.1f} of the player's letters"
            f" a game, CPU per update {1000 * r.cpu_per_update:.2f} ms"
        )
    for r in results:
        print(
            f"targets, {r.code}, {r.engine}×{r.processes}, {r.loop}, N={r.chats}, offered {r.rate or 'max'}: "
            + verdicts(r)
        )


def _grouped(results: list[Result], key: Callable[[Result], tuple[object, ...]]) -> dict[object, list[Result]]:
    groups: dict[object, list[Result]] = {}
    for r in results:
        groups.setdefault(key(r), []).append(r)
    return groups


def _ratios(r: Result, base: Result) -> str:
    return (
        f"p50 x{r.percentile(0.5) / base.percentile(0.5):.2f}, p99 x{r.percentile(0.99) / base.percentile(0.99):.2f},"
        f" bot CPU per update x{(r.bot_cpu_seconds / r.updates) / (base.bot_cpu_seconds / base.updates):.2f}"
    )


def verdicts(r: Result) -> str:
    """The issue's targets for one run: >= 300 updates/s sustained with p99 < 50 ms, a peak (VmHWM, from
    start through the run) <= 200 MB, none lost."""
    checks = {
        ">= 300 updates/s sustained": r.sustained_per_second >= 300,
        "p99 < 50 ms": r.percentile(0.99) < 50,
        "peak <= 200 MB (VmHWM)": r.peak_after_mb <= 200,
        "0 lost": r.lost == 0,
    }
    return ", ".join(f"{name} {'met' if ok else 'MISSED'}" for name, ok in checks.items())


def game_of(root: Path) -> LetterGame:
    """The letter game the players follow against the bot of ``root``: its own everyday words (the
    word lists change between versions, and a board the bot reached must be one the players know)."""
    if root == ROOT:
        words = LANGUAGE.words()
    else:
        listing = "from solver.words import LANGUAGES; print('\\n'.join(LANGUAGES['ru'].words()))"
        env = {**os.environ, "PYTHONPATH": str(root)}
        out = subprocess.run(
            [sys.executable, "-c", listing], cwd=root, env=env, capture_output=True, text=True, check=True
        )
        words = out.stdout.split()
    return LetterGame(words, Rule.COMPLETE_LOSES, LANGUAGE.min_length, LANGUAGE.alphabet)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--chats", type=int, nargs="+", default=[200], help="chats at once, one run each (<= 1000)")
    parser.add_argument("--updates", type=int, default=30, help="updates each chat sends")
    parser.add_argument(
        "--rate",
        type=float,
        nargs="+",
        default=[330.0, 0.0],
        help="updates/s offered in all; 0: flat out",
    )
    parser.add_argument(
        "--loops", nargs="+", default=["uvloop"], choices=["uvloop", "asyncio"], help="the bot's event loops"
    )
    parser.add_argument("--patience", type=float, default=10.0, help="seconds before an answer counts as lost")
    parser.add_argument("--before", type=Path, help="a checkout of other code whose bot runs each configuration too")
    parser.add_argument(
        "--anchors",
        nargs="*",
        default=list(ANCHORS),
        choices=list(ANCHORS),
        help="anchors run beside the bot (default: echo, the echo on the bot's transport and loop; ptb, plain PTB)",
    )
    parser.add_argument("--mix", default="games", choices=MIXES, help="what the players send (default: whole games)")
    parser.add_argument("--pairs", type=int, default=1, help="runs of each contender, taking turns at going first")
    parser.add_argument("--engines", nargs="+", default=["sqlite"], choices=["sqlite", "postgresql"])
    parser.add_argument("--processes", type=int, nargs="+", default=[1], help="bot processes (PostgreSQL only)")
    parser.add_argument(
        "--timeline", type=Path, help="a JSON file for every answer of each run, to find when the slow ones came"
    )
    args = parser.parse_args()
    if any(not 1 <= n <= 1000 for n in args.chats):
        parser.error("--chats: between 1 and 1000")
    codes = [("this", ROOT)] + ([("before", args.before.resolve())] if args.before else [])
    games = {code: game_of(root) for code, root in codes}
    games.update(dict.fromkeys(args.anchors, games["this"]))
    codes += [(anchor, ROOT) for anchor in args.anchors]
    setups = [(None, 1)] if "sqlite" in args.engines else []
    with contextlib.ExitStack() as stack:
        if "postgresql" in args.engines:
            sys.path.insert(0, str(ROOT / "tests"))
            import pgserver

            server = stack.enter_context(pgserver.running(fsync=True))
            databases = itertools.count()
            setups += [(server, n) for n in args.processes]
        results = [
            dataclasses.replace(
                asyncio.run(
                    run_load(
                        n,
                        args.updates,
                        games[code[0]],
                        rate,
                        args.patience,
                        loop,
                        code,
                        server.fresh_database(f"load_{next(databases)}") if server else None,
                        processes,
                        args.mix,
                        postmaster_of(server),
                    )
                ),
                pair=pair,
            )
            for rate in args.rate
            for n in args.chats
            for loop in args.loops
            for pair in range(args.pairs)
            for server, processes in (setups if pair % 2 == 0 else setups[::-1])
            for code in (codes if pair % 2 == 0 else codes[::-1])
        ]
    report(results)
    if len(codes) > 1:
        report_pairs(results)
    report_engines(results)
    if args.timeline:
        args.timeline.write_text(json.dumps([{"run": _label(r), "answers": r.timeline} for r in results]))


def report_pairs(results: list[Result]) -> None:
    """Each configuration's pairs: this code against each other contender (the code before, the
    anchors), pair by pair, and the median."""
    configurations = _grouped(results, lambda r: (r.rate, r.chats, r.loop, r.engine, r.processes))
    for runs in configurations.values():
        first = runs[0]
        pairs = list(_grouped(runs, lambda r: (r.pair,)).values())
        for other in dict.fromkeys(r.code for r in runs if r.code != "this"):
            cpu, steady, p99, rate, total = [], [], [], [], []
            for pair in pairs:
                this, base = (next(r for r in pair if r.code == code) for code in ("this", other))
                cpu.append(this.cpu_per_update / base.cpu_per_update)
                total.append(this.total_cpu_per_update / base.total_cpu_per_update)
                steady.append(per_standin_second(this) / per_standin_second(base))
                p99.append(this.percentile(0.99) / base.percentile(0.99))
                rate.append(this.per_second / base.per_second)
            print(
                f"{first.loop}, {first.engine}×{first.processes}, N={first.chats}, offered {first.rate or 'max'},"
                f" {len(cpu)} pairs, this vs {other}: CPU per update {_series(cpu)};"
                f" per stand-in CPU second {_series(steady)}; p99 {_series(p99)}"
                + (f"; updates/s {_series(rate)}" if not first.rate else "")
                + (f"; bot + server CPU per update {_series(total)}" if first.engine == "postgresql" else "")
            )


def postmaster_of(server: object) -> int | None:
    """The process id of a test server's postmaster (``tests/pgserver.py``), from its pid file."""
    if server is None:
        return None
    pid_file = Path(server.folder) / "data" / "postmaster.pid"  # type: ignore[attr-defined]
    return int(pid_file.read_text().split()[0])


def report_engines(results: list[Result]) -> None:
    """PostgreSQL against SQLite, this code: transactions per update, the bot's and its server's
    CPU per update, pair by pair (each pair runs both engines, in turn first) and the median."""
    mine = [r for r in results if r.code == "this"]
    for r in (r for r in mine if r.engine == "postgresql"):
        print(
            f"{_label(r)}, pair {r.pair}: {r.transactions / r.updates:.2f} transactions per update,"
            f" CPU per update: bot {1000 * r.cpu_per_update:.2f} ms + server"
            f" {1000 * r.server_cpu_seconds / r.updates:.2f} ms = {1000 * r.total_cpu_per_update:.2f} ms"
        )
    configurations = _grouped(mine, lambda r: (r.rate, r.chats, r.loop))
    for (rate, chats, loop), runs in configurations.items():
        for processes in sorted({r.processes for r in runs if r.engine == "postgresql"}):
            total, bot = [], []
            for pair in sorted({r.pair for r in runs}):
                sqlite = [r for r in runs if r.pair == pair and r.engine == "sqlite"]
                postgres = [r for r in runs if r.pair == pair and r.engine == "postgresql" and r.processes == processes]
                if sqlite and postgres:
                    total.append(postgres[0].total_cpu_per_update / sqlite[0].total_cpu_per_update)
                    bot.append(postgres[0].cpu_per_update / sqlite[0].cpu_per_update)
            if total:
                print(
                    f"{loop}, N={chats}, offered {rate or 'max'}, {len(total)} pairs, this on postgresql×{processes}"
                    f" vs sqlite: bot + server CPU per update {_series(total)}; bot CPU per update {_series(bot)}"
                )


def per_standin_second(r: Result) -> float:
    """The contender's CPU per CPU second of this process (the stand-in and the players)."""
    return r.bot_cpu_seconds / r.standin_cpu_seconds


def _series(ratios: list[float]) -> str:
    return f"{', '.join(f'x{x:.2f}' for x in ratios)} (median x{statistics.median(ratios):.2f})"


def _label(r: Result) -> str:
    return f"{r.code} {r.engine}x{r.processes} {r.loop} {r.chats} chats {r.rate or 'max'}/s"


if __name__ == "__main__":
    main()
