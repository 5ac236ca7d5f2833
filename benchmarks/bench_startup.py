"""From launch to first reply, side by side with a minimal python-telegram-bot echo bot, and
what a player waits for right after: the first 5bukv guesses and the first letter-game replies.

Each round launches both, one after the other, each as its own process against a fresh Bot API
stand-in on 127.0.0.1 (``tests/bot/standin.py``), with a ``/start`` already waiting: the time from
launch to that reply arriving is the start-up a user sees. The echo bot
(``benchmarks/ptb_echo.py``) is a plain PTB v22 echo as a user writes it, importing nothing of the
project, on the same event loop as the bot (uvloop), so the ratio is what the bot adds over any
PTB bot. Right after its first reply (or ``--pause`` seconds later), the bot is asked what
players ask first, by three players at once, each without a pause: one sends ``/5bukv`` (the
opening guess), then the colours of that guess (the second guess: on the stored tree); another
``/5bukv`` too, then a word of their own with its colours (``слово маска``: off the tree, so the
engine searches); the third ``/play``, its set-up buttons, a first letter and ``/hint``. The first
5bukv replies and the first letter-game reply are judged against a 50 ms target. Each latency runs from the
moment getUpdates hands the update out to the moment the reply arrives. Then, once the process
has been idle a moment (everything built), its peak memory (VmHWM) and resident memory (VmRSS)
are read from /proc.

    .venv/bin/python benchmarks/bench_startup.py [--rounds 7]

With ``--before DIR`` (other code, e.g. ``mkdir /tmp/before && git archive main | tar -x -C /tmp/before``)
each round also launches that code's bot, and the report compares the two; the contenders launch in
reverse order every other round. ``--first-reply-only`` times launch to first reply alone (no asks,
each process stopped at its first reply), so more rounds fit in the same time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import signal
import statistics
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.bench_bot_load import until_idle  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tests" / "bot"))  # the Bot API stand-in
from bench_bot_load import Answers  # noqa: E402  (each chat's next answer, as the load benchmark waits for it)
from standin import FAKE_TOKEN, BotApiStandin, Call  # noqa: E402

from solver.wordle import default_words, feedback, mask_text  # noqa: E402
from solver.wordle.english import ANSWERS_FILE, english_squares, read_list  # noqa: E402

SUGGESTION = re.compile(r"(?:Попробуйте|Try): (\w{5})")
SETUP = ("rule:complete-loses", "tier:common", "first:1", "level:perfect", "strict:0")
#: The players' chats: the first reply, then 5bukv on the tree, 5bukv off it, the letter game.
START_CHAT, WORDLE_CHAT, LETTERS_CHAT, OWN_WORD_CHAT, ENGLISH_CHAT = 1, 2, 3, 4, 5
ON_TREE, OFF_TREE = "5bukv colours (tree)", "5bukv own word (off)"
ENGLISH_TREE = "Wordle colours (tree)"
#: Replies measured after the first one, in the order they are asked for.
STEPS = (
    "/5bukv",
    ON_TREE,
    "/5bukv (2nd player)",
    OFF_TREE,
    "/play",
    "set-up taps (max)",
    "first letter",
    "/hint",
    "/wordle",
    ENGLISH_TREE,
)
#: The replies wanted within ``TARGET_MS`` of being received: the first 5bukv guesses
#: (the opening, the next on the tree and off it) and the first letter-game reply.
TARGETED = ("/5bukv", ON_TREE, "/5bukv (2nd player)", OFF_TREE, "/play", "/wordle")
TARGET_MS = 50.0
#: The word the off-tree player types first (another when it is the bot's own opening guess).
OWN_WORDS = ("шмель", "тоска")


@dataclass
class Round:
    """One launch of one contender."""

    first_reply: float  # seconds from launch to the /start reply
    peak_mb: float  # VmHWM once idle
    resident_mb: float  # VmRSS once idle
    steps: dict[str, float] = field(default_factory=dict)  # reply latencies in seconds


def memory_mb(pid: int) -> tuple[float, float]:
    """VmHWM (the peak) and VmRSS of a process, in MB, from /proc."""
    fields = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines() if ":" in line)
    return int(fields["VmHWM"].split()[0]) / 1024, int(fields["VmRSS"].split()[0]) / 1024


async def ask(standin: BotApiStandin, replies: Answers, chat_id: int, push: int | None = None, text: str = "") -> Call:
    """Send ``text`` (or the update ``push`` already queued) and wait for the chat's reply."""
    future = replies.expect(chat_id)
    update_id = push if push is not None else standin.push_message(chat_id, text, "en")
    call, arrived = await asyncio.wait_for(future, 60)
    call.params["_latency"] = arrived - standin.handed_out[update_id]
    return call


def latency(call: Call) -> float:
    return float(call.params["_latency"])


async def tap(standin: BotApiStandin, replies: Answers, chat_id: int, answer: Call, choice: str) -> Call:
    session_id = str(answer.buttons[0][0]["callback_data"]).split(":")[1]
    update_id = standin.push_callback(chat_id, answer.message_id or 0, f"L:{session_id}:0:{choice}", "en")
    return await ask(standin, replies, chat_id, push=update_id)


def suggested(answer: Call) -> str:
    found = SUGGESTION.search(answer.text)
    assert found, f"no guess in the reply: {answer.text!r}"
    return found.group(1).lower()


async def play_first(standin: BotApiStandin, replies: Answers, secret: str, english: str = "cigar") -> dict[str, float]:
    """What players ask first, three players at once, each without a pause between replies: two
    play 5bukv (one follows the bot's guesses, one types a word of their own), the third sets up a
    letter game and plays, a fourth plays English Wordle on its tree; the latency of each reply."""
    steps: dict[str, float] = {}

    async def wordle() -> None:
        answer = await ask(standin, replies, WORDLE_CHAT, text="/5bukv")
        steps["/5bukv"] = latency(answer)
        guess = suggested(answer)
        answer = await ask(standin, replies, WORDLE_CHAT, text=mask_text(feedback(guess, secret)))
        steps[ON_TREE] = latency(answer)

    async def own_word() -> None:
        answer = await ask(standin, replies, OWN_WORD_CHAT, text="/5bukv")
        steps["/5bukv (2nd player)"] = latency(answer)
        word = next(word for word in OWN_WORDS if word != suggested(answer))
        answer = await ask(standin, replies, OWN_WORD_CHAT, text=f"{word} {mask_text(feedback(word, secret))}")
        steps[OFF_TREE] = latency(answer)

    async def letters() -> None:
        answer = await ask(standin, replies, LETTERS_CHAT, text="/play")
        steps["/play"] = latency(answer)
        taps = []
        for choice in SETUP:
            answer = await tap(standin, replies, LETTERS_CHAT, answer, choice)
            taps.append(latency(answer))
        steps["set-up taps (max)"] = max(taps)
        steps["first letter"] = latency(await ask(standin, replies, LETTERS_CHAT, text="к"))
        steps["/hint"] = latency(await ask(standin, replies, LETTERS_CHAT, text="/hint"))

    async def english_wordle() -> None:
        answer = await ask(standin, replies, ENGLISH_CHAT, text="/wordle")
        if SUGGESTION.search(answer.text) is None:
            return  # code without English Wordle (``--before``)
        steps["/wordle"] = latency(answer)
        colours = english_squares(feedback(suggested(answer), english))
        steps[ENGLISH_TREE] = latency(await ask(standin, replies, ENGLISH_CHAT, text=colours))

    await asyncio.gather(wordle(), own_word(), letters(), english_wordle())
    return steps


async def launch(
    kind: str, root: Path, secret: str, pause: float = 0.0, english: str = "cigar", *, asks: bool = True
) -> Round:
    """One launch of the bot (``kind`` "bot", code under ``root``) or of the echo bot; without ``asks``
    it is stopped right after its first reply (its memory then is what it reached by that reply)."""
    standin = BotApiStandin()
    await standin.start()
    replies = Answers(standin)
    with tempfile.TemporaryDirectory(prefix="bukvoed-start-") as folder:
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "PYTHONPATH": str(root),
            "BOT_TOKEN": FAKE_TOKEN,
            "TELEGRAM_API_BASE_URL": standin.base_url,
            "DATABASE_PATH": str(Path(folder) / "bot.sqlite3"),
            "LOG_LEVEL": "WARNING",
        }
        command = ["-m", "bot"] if kind == "bot" else [str(ROOT / "benchmarks" / "ptb_echo.py")]
        first = standin.push_message(START_CHAT, "/start", "en")
        future = replies.expect(START_CHAT)
        launched = time.perf_counter()
        process = await asyncio.create_subprocess_exec(sys.executable, *command, cwd=folder, env=env)
        try:
            _, arrived = await asyncio.wait_for(future, 60)
            assert first in standin.handed_out
            await asyncio.sleep(pause)
            steps = await play_first(standin, replies, secret, english) if kind == "bot" and asks else {}
            if asks:
                await until_idle(process.pid)  # whatever it builds after its first reply is built
            peak, resident = memory_mb(process.pid)
        finally:
            process.send_signal(signal.SIGINT)
            standin.release_pollers()
            try:
                await asyncio.wait_for(process.wait(), 30)
            except TimeoutError:
                process.kill()
                await process.wait()
            await standin.stop()
    return Round(arrived - launched, peak, resident, steps)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7, help="launches of each contender (default 7)")
    parser.add_argument(
        "--pause", type=float, default=0.0, help="seconds between the first reply and the next asks (default 0)"
    )
    parser.add_argument("--before", type=Path, help="a checkout of other code whose bot launches each round too")
    parser.add_argument("--json", type=Path, help="also write every round's figures to this file")
    parser.add_argument(
        "--first-reply-only", action="store_true", help="launch to first reply alone: no asks after it, no wait"
    )
    args = parser.parse_args()
    contenders = {"bot": ("bot", ROOT), "echo": ("echo", ROOT)}
    if args.before:
        contenders["bot (before)"] = ("bot", args.before.resolve())
    words, answers = default_words(), read_list(ANSWERS_FILE)
    rng = random.Random(22)
    results: dict[str, list[Round]] = {name: [] for name in contenders}
    for number in range(args.rounds):
        secret, english = rng.choice(words), rng.choice(answers)
        order = list(contenders.items())
        # interleaved, so each sees the same machine, every other round in reverse (A B, B A): none is
        # always the first launched after the last round's processes stopped
        for name, (kind, root) in order if number % 2 == 0 else reversed(order):
            launched = launch(kind, root, secret, args.pause, english, asks=not args.first_reply_only)
            results[name].append(asyncio.run(launched))
        print(f"round {number + 1}: " + ", ".join(f"{n} {r[-1].first_reply:.2f} s" for n, r in results.items()))
    report(results, args.rounds, args.pause)
    if args.json:
        args.json.write_text(json.dumps({name: [asdict(r) for r in runs] for name, runs in results.items()}, indent=1))


def report(results: dict[str, list[Round]], rounds: int, pause: float) -> None:
    print(f"\n{'contender':14} {'first reply s (min / median / max)':>36} {'VmHWM MB':>9} {'VmRSS MB':>9}")
    for name, runs in results.items():
        times = sorted(r.first_reply for r in runs)
        peak = statistics.median(r.peak_mb for r in runs)
        resident = statistics.median(r.resident_mb for r in runs)
        print(
            f"{name:14} {times[0]:12.2f} {statistics.median(times):11.2f} {times[-1]:11.2f} {peak:9.1f} {resident:9.1f}"
        )
        if runs[0].steps:
            print(f"{'':14} max VmHWM over the rounds: {max(r.peak_mb for r in runs):.1f} MB")
    if "bot (before)" in results:
        paired = zip(results["bot"], results["bot (before)"], strict=True)
        ratios = sorted(b.first_reply / o.first_reply for b, o in paired)
        print(
            f"ratio bot / bot (before), launch to first reply, round by round: median x{statistics.median(ratios):.2f}"
            f" (min x{ratios[0]:.2f}, max x{ratios[-1]:.2f}, {rounds} rounds)"
        )
    for name, runs in results.items():
        if name == "echo":
            continue
        ratios = sorted(b.first_reply / e.first_reply for b, e in zip(runs, results["echo"], strict=True))
        print(
            f"ratio {name} / echo, launch to first reply, round by round: median x{statistics.median(ratios):.2f}"
            f" (min x{ratios[0]:.2f}, max x{ratios[-1]:.2f}, {rounds} rounds)"
        )
    for name, runs in results.items():
        if not runs[0].steps:
            continue
        when = f"{pause:g} s after the first one" if pause else "right after the first one"
        print(f"\n{name}: replies asked {when}, three players at once, ms (median / max of {rounds} rounds)")
        for step in STEPS:
            values = [1000 * r.steps[step] for r in runs if step in r.steps]
            if not values:
                continue
            judged = ""
            if step in TARGETED:
                judged = f"   target {TARGET_MS:.0f} ms: " + ("met" if max(values) <= TARGET_MS else "MISSED")
                judged += f" ({sum(v <= TARGET_MS for v in values)}/{len(values)} rounds within)"
            print(f"  {step:22} {statistics.median(values):8.1f} {max(values):8.1f}{judged}")


if __name__ == "__main__":
    main()
