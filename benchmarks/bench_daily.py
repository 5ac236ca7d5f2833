"""How long a player waits for the daily puzzle: the real ``python -m bot`` against the Bot API
stand-in on 127.0.0.1. In each round a fresh process is asked ``/daily`` right after its first
reply (a restart: the start-up build is still under way, and the puzzle's table is built before its
turn, on demand), then, once the build is done, by several players in turn (the first of them pays
for choosing the day's puzzle from the solved table; the book of puzzles is computed on first use,
not stored), then one player solves it; the latency runs from the moment getUpdates hands the update
out to the reply's arrival. The process's peak memory (VmHWM) is read from /proc once it is idle.
The players write in English, so ``/daily`` is English Ghost's puzzle, whose table comes late in
the build's order.

    .venv/bin/python benchmarks/bench_daily.py [--rounds 5] [--players 5] [--before DIR] [--later SECONDS]

With ``--before DIR`` (other code, e.g. ``mkdir /tmp/before && git archive main | tar -x -C /tmp/before``)
each round also runs that code's bot, the two taking turns at going first, and the report gives
the figures of each. With ``--later SECONDS`` the restart's ``/daily`` comes that long after the
first reply instead of right after it (the build then further on: a long step under way).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import signal
import statistics
import sys
import tempfile
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tests" / "bot"))  # the Bot API stand-in

from bench_bot_load import Answers, until_idle  # noqa: E402
from bench_startup import ask, latency, memory_mb  # noqa: E402
from standin import FAKE_TOKEN, BotApiStandin  # noqa: E402

from solver.daily import DailyBook  # noqa: E402
from solver.letters import LetterGame  # noqa: E402
from solver.words import LANGUAGES, Tier  # noqa: E402

TARGET_MS = 50.0


def todays_line() -> tuple[str, str]:
    """The day's board and its main line, as the bot computes them (its default time zone)."""
    language = LANGUAGES["ru"]
    zipf = language.zipf(Tier.COMMON)
    game = LetterGame(list(zipf), language.rule, language.min_length, language.alphabet, zipf)
    puzzle = DailyBook(game, "ru").puzzle(datetime.now(ZoneInfo("Europe/Moscow")).date())
    return puzzle.board, puzzle.line


@dataclass
class DailyRound:
    """One fresh process: its /daily latencies in seconds and its peak memory."""

    restart: float  # the /daily asked right after the first reply
    asked: list[float]  # /daily by each player once the build is done
    moves: list[float]
    peak_mb: float
    log_at_restart: str = ""  # the process's log when the restart's /daily was answered (with ``log``)


async def one_round(  # noqa: PLR0917
    players: int, board: str, line: str, log: Path | None = None, root: Path = ROOT, later: float = 0.0
) -> DailyRound:
    """One fresh process of the code under ``root``; with ``log``, its log (at INFO) is written there."""
    standin = BotApiStandin()
    await standin.start()
    replies = Answers(standin)
    with tempfile.TemporaryDirectory(prefix="bukvoed-daily-") as folder:
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "PYTHONPATH": str(root),
            "BOT_TOKEN": FAKE_TOKEN,
            "TELEGRAM_API_BASE_URL": standin.base_url,
            "DATABASE_PATH": str(Path(folder) / "bot.sqlite3"),
            "LOG_LEVEL": "INFO" if log else "WARNING",
        }
        with contextlib.ExitStack() as files:
            stderr = files.enter_context(log.open("w")) if log else None
            process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", cwd=folder, env=env, stderr=stderr
            )
            return await asked_in_turn(process, standin, replies, players, board, line, log, later)


async def asked_in_turn(  # noqa: PLR0917
    process: asyncio.subprocess.Process,
    standin: BotApiStandin,
    replies: Answers,
    players: int,
    board: str,
    line: str,
    log: Path | None,
    later: float = 0.0,
) -> DailyRound:
    """The round's asks of a fresh ``process``: /daily right after its first reply, then once the
    build is done, then the moves."""
    try:
        await ask(standin, replies, 1, text="/start")
        await asyncio.sleep(later)
        restart = latency(await ask(standin, replies, 2, text="/daily"))
        log_at_restart = log.read_text() if log else ""
        if not players:  # the restart's ask alone
            return DailyRound(restart, [], [], memory_mb(process.pid)[0], log_at_restart)
        await until_idle(process.pid)  # the solver tables built at start are built
        asked = [latency(await ask(standin, replies, 100 + player, text="/daily")) for player in range(players)]
        moves = [latency(await ask(standin, replies, 100, text=letter)) for letter in line[len(board) :: 2]]
        await until_idle(process.pid)
        peak, _ = memory_mb(process.pid)
    finally:
        process.send_signal(signal.SIGINT)
        standin.release_pollers()
        await asyncio.wait_for(process.wait(), 30)
        await standin.stop()
    return DailyRound(restart, asked, moves, peak, log_at_restart)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--before", type=Path, help="a checkout of other code whose bot runs each round too")
    parser.add_argument("--later", type=float, default=0.0, help="seconds after the first reply the restart asks")
    args = parser.parse_args()
    board, line = todays_line()
    codes = {"this": ROOT, **({"before": args.before.resolve()} if args.before else {})}
    rounds: dict[str, list[DailyRound]] = {code: [] for code in codes}
    for number in range(args.rounds):
        for code in list(codes)[:: 1 if number % 2 == 0 else -1]:  # taking turns at going first
            rounds[code].append(asyncio.run(one_round(args.players, board, line, root=codes[code], later=args.later)))
    print(f"daily puzzle {board.upper()} → {line.upper()}; {args.rounds} rounds, {args.players} players each")
    if args.later:
        print(f"the restart's /daily asked {args.later:.2f} s after the first reply")
    for code, done in rounds.items():
        report(code, done)


def report(code: str, rounds: list[DailyRound]) -> None:
    figures = {
        "right after the first reply": [r.restart * 1000 for r in rounds],
        "first /daily once built": [r.asked[0] * 1000 for r in rounds],
        "later /daily": [value * 1000 for r in rounds for value in r.asked[1:]],
        "a move": [value * 1000 for r in rounds for value in r.moves],
    }
    print(f"{code}:")
    for name, values in figures.items():
        if not values:
            continue
        within = sum(value <= TARGET_MS for value in values)
        print(
            f"  {name:28} median {statistics.median(values):7.1f} ms  max {max(values):7.1f} ms  "
            f"within {TARGET_MS:.0f} ms: {within}/{len(values)}"
        )
    peaks = [r.peak_mb for r in rounds]
    print(f"  VmHWM median {statistics.median(peaks):.1f} MB, max {max(peaks):.1f} MB")


if __name__ == "__main__":
    main()
