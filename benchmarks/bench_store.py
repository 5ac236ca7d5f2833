"""The SQLite store alone, under the load benchmark's traffic: CPU per update, without the network.

``bench_bot_load.py`` measures the whole bot, where the store's thread is one part among the
HTTP client, python-telegram-bot and the games, and its CPU per update varies by a tenth from
run to run of the same code. This replays what the store does for each update of the letter
game at N chats: the fetched batch kept in the inbox, then per update a session loaded, a unit
committed (the ledger's entry, the session's save, a reply in the outbox, the inbox's row gone)
and the reply marked sent. Each code's store runs in a process of its own (``--before DIR``: a
checkout of other code, run in turn with this one, round by round), and the report gives the
CPU seconds of each process (both its threads: the event loop's and aiosqlite's) per 1,000
updates, and their ratio.

    .venv/bin/python benchmarks/bench_store.py [--chats 1000] [--updates 20] [--rounds 5] [--before DIR]
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

#: A letter-game session as the bot keeps it (its size is what matters).
STATE = {
    "rule": "first_to_finish",
    "min_length": 3,
    "bot_first": False,
    "level": "perfect",
    "prefix": "прогр",
    "moves": [{"letter": letter, "by": "human" if i % 2 else "bot"} for i, letter in enumerate("прогр")],
    "lang": "ru",
}
#: A reply as the outbox keeps it: text and a keyboard.
REPLY = {
    "chat_id": 0,
    "text": "Я: <b>прогр</b>. Ваша буква? Ход 5, слово ещё не закончено, и у меня есть ответ на любую букву.",
    "parse_mode": "HTML",
    "reply_markup": {"inline_keyboard": [[{"text": "💡 Подсказка", "callback_data": "hint"}]]},
}


def update_body(update_id: int, chat_id: int) -> dict[str, Any]:
    """A player's letter, as Telegram sends it."""
    user = {"id": chat_id, "is_bot": False, "first_name": "Игрок", "language_code": "ru"}
    chat = {"id": chat_id, "type": "private", "first_name": "Игрок"}
    message = {"message_id": update_id, "from": user, "chat": chat, "date": 1_790_000_000, "text": "а"}
    return {"update_id": update_id, "message": message}


class Code:
    """The store's API of the code under test: this layout's, or the one before it (``Store.open``,
    the unit of work in ``bot.delivery``), found by name so that either checkout can run this."""

    def __init__(self) -> None:
        sessions = importlib.import_module("bot.storage.sessions")
        try:
            store = importlib.import_module("bot.storage").SqliteStore
            unit = importlib.import_module("bot.storage.unit_of_work")
            self.open, self.unit, self.outgoing = store.open_file, unit.UnitOfWork, typed_outgoing(unit.Outgoing)
        except AttributeError:
            store = importlib.import_module("bot.storage.store").Store
            unit = importlib.import_module("bot.delivery.unit")
            outbox = importlib.import_module("bot.delivery.outbox")
            self.open, self.unit, self.outgoing = store.open, unit.Unit, outbox.Outgoing
        self.stage_save, self.keep = sessions.stage_save, sessions.KEEP


def typed_outgoing(outgoing: Any) -> Any:
    """This layout's outgoing message (a typed call where there is one) from a call's name and params."""
    try:
        calls = importlib.import_module("bot.storage.outgoing")
    except ImportError:
        return outgoing

    def made(chat_id: int, call: str, params: dict[str, Any]) -> Any:
        return calls.Outgoing(chat_id, calls.SendText(params["text"], html=params.get("parse_mode") == "HTML"))

    return made


async def play_update(code: Code, store: Any, update_id: int, chat_id: int) -> None:
    """What the store does for one update: load, commit a unit, mark its reply sent."""
    stored = await store.load(chat_id, "letters")
    unit = code.unit(chat_id, update_id, store.received_at(update_id))
    state = dict(STATE, turn=update_id)
    code.stage_save(
        unit,
        chat_id,
        "letters",
        state,
        None if stored is None else stored.version,
        tallies={},
        record_kind="letters",
        activate=stored is None,
        deadline=code.keep,
    )
    unit.messages.append(code.outgoing(chat_id, "sendMessage", dict(REPLY, chat_id=chat_id)))
    rows = await store.commit(unit)
    for row_id, _ in rows or ():
        store.sent(row_id)


async def run(folder: Path, chats: int, updates: int, batch: int) -> float:
    """The store's CPU seconds for ``chats`` × ``updates`` updates, fetched ``batch`` at a time."""
    code = Code()
    store = await code.open(folder / "bot.sqlite3")
    started = time.process_time()
    update_id = 1
    for _ in range(updates):
        for first in range(0, chats, batch):
            ids = [(update_id + i, 10_000 + first + i) for i in range(min(batch, chats - first))]
            update_id += len(ids)
            await store.keep_fetched([update_body(u, c) for u, c in ids])
            await asyncio.gather(*(play_update(code, store, u, c) for u, c in ids))  # each leaves the inbox
    spent = time.process_time() - started
    await store.close()
    return spent


def worker(chats: int, updates: int, batch: int) -> None:
    """One store's run, in this process: prints its CPU seconds."""
    with tempfile.TemporaryDirectory(prefix="bukvoed-store-") as folder:
        print(json.dumps(asyncio.run(run(Path(folder), chats, updates, batch))))


def measure(root: Path, chats: int, updates: int, batch: int) -> float:
    """One run of ``root``'s store in a process of its own: its CPU seconds."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    sizes = ["--chats", str(chats), "--updates", str(updates), "--batch", str(batch)]
    command = [sys.executable, __file__, "--worker", *sizes]
    done = subprocess.run(command, env=env, cwd=root, check=True, capture_output=True, text=True)
    return float(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--chats", type=int, default=1000)
    parser.add_argument("--updates", type=int, default=20, help="updates per chat")
    parser.add_argument("--batch", type=int, default=20, help="updates per fetched batch (handled at once)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--before", type=Path, help="a checkout of other code whose store runs each round too")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.chats, args.updates, args.batch)
        return
    codes = [("this", ROOT)] + ([("before", args.before.resolve())] if args.before else [])
    total = args.chats * args.updates
    spent: dict[str, list[float]] = {name: [] for name, _ in codes}
    for round_number in range(args.rounds):
        order = codes if round_number % 2 == 0 else codes[::-1]  # alternate who goes first
        for name, root in order:
            spent[name].append(measure(root, args.chats, args.updates, args.batch))
        print(f"round {round_number + 1}: " + ", ".join(f"{n} {spent[n][-1]:.2f} s" for n, _ in codes), flush=True)
    print(f"\n{args.chats} chats × {args.updates} updates, batches of {args.batch}; CPU s per 1,000 updates:")
    for name, _ in codes:
        per = [s / total * 1000 for s in spent[name]]
        print(f"  {name:>6}: median {statistics.median(per):.3f} (min {min(per):.3f}, max {max(per):.3f})")
    if args.before:
        ratios = [a / b for a, b in zip(spent["this"], spent["before"], strict=True)]
        print(
            f"  ratio this / before, round by round: median x{statistics.median(ratios):.2f}"
            f" (min x{min(ratios):.2f}, max x{max(ratios):.2f})"
        )
    largest = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"  peak memory of the largest store process: {largest:.0f} MB")


if __name__ == "__main__":
    main()
