"""How long a player waits for the daily puzzle: the real ``python -m bot`` against the Bot API
stand-in on 127.0.0.1, once its start-up build is done (right after start, ``/daily`` waits for
the everyday letter game's table, as ``/play``'s set-up does). In each round a fresh process answers
``/daily`` to several players in turn (the first of them pays for choosing the day's puzzle from
the solved table; the book of puzzles is computed on first use, not stored), then one player
solves it; the latency runs from the moment getUpdates hands the update out to the reply's
arrival. The process's peak memory (VmHWM) is read from /proc once it is idle.

    .venv/bin/python benchmarks/bench_daily.py [--rounds 5] [--players 5]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import statistics
import sys
import tempfile
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


async def one_round(players: int, board: str, line: str) -> tuple[list[float], list[float], float]:
    standin = BotApiStandin()
    await standin.start()
    replies = Answers(standin)
    with tempfile.TemporaryDirectory(prefix="bukvoed-daily-") as folder:
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "PYTHONPATH": str(ROOT),
            "BOT_TOKEN": FAKE_TOKEN,
            "TELEGRAM_API_BASE_URL": standin.base_url,
            "DATABASE_PATH": str(Path(folder) / "bot.sqlite3"),
            "LOG_LEVEL": "WARNING",
        }
        process = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot", cwd=folder, env=env)
        try:
            await ask(standin, replies, 1, text="/start")
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
    return asked, moves, peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--players", type=int, default=5)
    args = parser.parse_args()
    board, line = todays_line()
    firsts, others, moves, peaks = [], [], [], []
    for _ in range(args.rounds):
        asked, played, peak = asyncio.run(one_round(args.players, board, line))
        firsts.append(asked[0] * 1000)
        others += [value * 1000 for value in asked[1:]]
        moves += [value * 1000 for value in played]
        peaks.append(peak)
    print(f"daily puzzle {board.upper()} → {line.upper()}; {args.rounds} rounds, {args.players} players each")
    for name, values in (("first /daily of a process", firsts), ("later /daily", others), ("a move", moves)):
        within = sum(value <= TARGET_MS for value in values)
        print(
            f"{name:28} median {statistics.median(values):6.1f} ms  max {max(values):6.1f} ms  "
            f"within {TARGET_MS:.0f} ms: {within}/{len(values)}"
        )
    print(f"VmHWM median {statistics.median(peaks):.1f} MB, max {max(peaks):.1f} MB")


if __name__ == "__main__":
    main()
