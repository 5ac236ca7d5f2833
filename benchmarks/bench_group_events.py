"""What real groups send and what real disks do, through the real ``python -m bot``: one scenario
per case, each printing its figures in one line.

* ``migrate``: a group upgraded to a supergroup mid-game (both service messages, and 400
  ``migrate_to_chat_id`` on any send to the old id); then the player to move moves in the new chat;
* ``kicked``: the bot removed from a three-player game (403 on every send, a ``my_chat_member``
  update), then three turn lengths pass: results put on file for people who could not see the game;
* ``anon``: ``/stop`` from an anonymous admin (``sender_chat`` the group itself), ``/play`` likewise;
* ``spam``: at 20 messages a minute to the group, a member within flood control sends ``/whowins``
  every 0.6 s for 20 s, then the player to move moves: how late the turn message is shown;
* ``topics``: in a forum, the player to move types a letter in another topic;
* ``deleted`` / ``truncated``: the database file deleted, or cut to half, while the bot runs, then
  50 players start a game: those answered as applied, try-again answers, log lines, the exit
  status, and what a restart finds;
* ``lock``: another process holds the file's write lock while 10 players start a game, the bot
  is SIGKILLed, the lock goes, the bot restarts: players never answered and not on file (lost).

The stand-in refuses sends to a moved or left group here, as Telegram does, whichever bot runs, so
the code before can be measured the same way (``git -C /work/main archive HEAD | tar -x -C DIR``,
then this file run from DIR)::

    .venv/bin/python benchmarks/bench_group_events.py [--only migrate kicked ...]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import sqlite3
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from aiohttp import web

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "faults"))
from fault_suite import ROOT, Bot, end_all

sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "bot"))  # the Bot API stand-in
from standin import BotApiStandin, Call

SCENARIOS = ["migrate", "kicked", "anon", "spam", "topics", "deleted", "truncated", "lock"]
GROUP, OLD, NEW = -1009001, -9002, -1009002
ANONYMOUS = {"id": 1087968824, "is_bot": True, "first_name": "Group", "username": "GroupAnonymousBot"}


class Telegram(BotApiStandin):
    """The stand-in, refusing sends to a group the bot was removed from (403) or that moved (400
    with ``migrate_to_chat_id``), as Telegram does."""

    def __init__(self) -> None:
        super().__init__()
        self.gone: set[int] = set()
        self.moved: dict[int, int] = {}

    async def _fault(self, request: web.Request, call: Call) -> web.Response | None:
        if call.chat_id in self.gone:
            self.refused.append((call, "403"))
            body = {"ok": False, "error_code": 403, "description": "Forbidden: bot was kicked from the group chat"}
            return web.json_response(body, status=403)
        if call.chat_id is not None and call.chat_id in self.moved:
            self.refused.append((call, "400"))
            body = {
                "ok": False,
                "error_code": 400,
                "description": "Bad Request: group chat was upgraded to a supergroup chat",
                "parameters": {"migrate_to_chat_id": self.moved[call.chat_id]},
            }
            return web.json_response(body, status=400)
        return await super()._fault(request, call)


@contextlib.asynccontextmanager
async def telegram() -> AsyncIterator[Telegram]:
    standin = Telegram()
    await standin.start()
    try:
        yield standin
    finally:
        await standin.stop()


def chat(chat_id: int, kind: str = "supergroup", forum: bool = False) -> dict[str, Any]:
    return {"id": chat_id, "type": kind, "title": "bench"} | ({"is_forum": True} if forum else {})


def person(user_id: int) -> dict[str, Any]:
    return {"id": user_id, "is_bot": False, "first_name": f"P{user_id}", "language_code": "ru"}


def message(where: dict[str, Any], user: dict[str, Any], text: str | None = None, **extra: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"message_id": random.randrange(10**6, 10**7), "date": int(time.time())}
    body |= {"chat": where, "from": user} | extra
    if text is not None:
        body["text"] = text
        if text.startswith("/"):
            body["entities"] = [{"type": "bot_command", "offset": 0, "length": len(text.split()[0])}]
    return {"message": body}


def in_topic(topic: int) -> dict[str, Any]:
    return {"message_thread_id": topic, "is_topic_message": True}


def press(standin: BotApiStandin, user_id: int, where: dict[str, Any], label: str) -> int:
    """Press the button with ``label`` on the bot's newest message with buttons in the chat."""
    shown = max(
        ((m, body) for (c, m), body in standin.messages.items() if c == where["id"] and body.get("reply_markup")),
        key=lambda item: item[0],
    )[1]
    data = next(
        b["callback_data"] for row in shown["reply_markup"]["inline_keyboard"] for b in row if label in b["text"]
    )
    query = {"id": str(random.randrange(10**9)), "from": person(user_id), "chat_instance": "1"}
    query |= {"message": shown | {"chat": where}, "data": data}
    return standin.push_raw({"callback_query": query})


async def answer_to(standin: BotApiStandin, chat_id: int, since: int, seconds: float = 30) -> bool:
    """Whether the bot said anything in the chat (from call number ``since``) within ``seconds``."""
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        if any(c.chat_id == chat_id for c in standin.calls[since:]):
            await asyncio.sleep(0.3)
            return True
        await asyncio.sleep(0.02)
    return False


async def step(standin: BotApiStandin, chat_id: int, push: Any) -> None:
    since = len(standin.calls)
    push()
    if not await answer_to(standin, chat_id, since):
        raise TimeoutError(f"no answer in chat {chat_id}")


async def game(standin: BotApiStandin, where: dict[str, Any], *players: int, **extra: Any) -> None:
    """A lobby of ``players`` opened by the first (in topic ``extra``), joined and started."""
    await step(standin, where["id"], lambda: standin.push_raw(message(where, person(players[0]), "/play", **extra)))
    for player in players[1:]:
        await step(standin, where["id"], lambda p=player: press(standin, p, where, "Играю"))
    await step(standin, where["id"], lambda: press(standin, players[0], where, "Начать"))


def said(standin: BotApiStandin, chat_id: int, fragment: str, since: int = 0) -> bool:
    return any(c.chat_id == chat_id and fragment in c.text for c in standin.calls[since:])


def rows(database: Path, sql: str, *parameters: Any) -> int:
    with contextlib.closing(sqlite3.connect(database)) as db:
        return int(db.execute(sql, parameters).fetchone()[0])


def state(database: Path, chat_id: int) -> str:
    with contextlib.closing(sqlite3.connect(database)) as db:
        row = db.execute("SELECT state FROM sessions WHERE chat_id = ? AND kind = 'group'", (chat_id,)).fetchone()
    return "" if row is None else str(row[0])


async def migrate(folder: Path) -> str:
    async with telegram() as standin:
        bot = Bot(standin, folder / "migrate.sqlite3", GROUP_MESSAGES_PER_MINUTE="0")
        await bot.start()
        old, new = chat(OLD, "group"), chat(NEW)
        await game(standin, old, 1001, 1002)
        standin.moved[OLD] = NEW
        standin.push_raw(message(old, person(1001), migrate_to_chat_id=NEW))
        standin.push_raw(message(new, person(1001), migrate_from_chat_id=OLD))
        await asyncio.sleep(2)
        since = len(standin.calls)
        standin.push_raw(message(new, person(1001), "к"))
        await asyncio.sleep(8)
        accepted = said(standin, NEW, "P1001: К", since)
        refused = sum(1 for call, _ in standin.refused if call.chat_id == OLD)
        await bot.stop()
        moved = rows(bot.database, "SELECT count(*) FROM sessions WHERE chat_id = ?", NEW)
        return f"move in the supergroup accepted: {accepted}; sessions under the new id: {moved}; " + (
            f"sends refused by the old id: {refused}; error lines: {bot.exceptions()}"
        )


async def kicked(folder: Path) -> str:
    async with telegram() as standin:
        bot = Bot(standin, folder / "kicked.sqlite3", GROUP_MESSAGES_PER_MINUTE="0", GROUP_TURN_SECONDS="3")
        await bot.start()
        where = chat(GROUP)
        await game(standin, where, 1001, 1002, 1003)
        standin.gone.add(GROUP)
        member = {"user": {"id": 7000001, "is_bot": True, "first_name": "Bukvoed"}, "status": "kicked", "until_date": 0}
        change = {"chat": where, "from": person(1002), "date": int(time.time())}
        standin.push_raw(
            {
                "my_chat_member": change
                | {"old_chat_member": member | {"status": "member"}}
                | {"new_chat_member": member}
            }
        )
        await asyncio.sleep(12)  # four turn lengths
        await bot.stop()
        lost = rows(bot.database, "SELECT coalesce(sum(lost), 0) FROM records WHERE kind = 'group'")
        won = rows(bot.database, "SELECT count(*) FROM group_wins WHERE chat_id = ?", GROUP)
        calls = sum(1 for call, _ in standin.refused if call.chat_id == GROUP)
        errors = bot.exceptions()
        return f"losses put on file: {lost}; wins put on file: {won}; sends refused: {calls}; error lines: {errors}"


async def anon(folder: Path) -> str:
    async with telegram() as standin:
        bot = Bot(standin, folder / "anon.sqlite3", GROUP_MESSAGES_PER_MINUTE="0")
        await bot.start()
        where = chat(GROUP)
        await game(standin, where, 1001, 1002)
        await step(standin, GROUP, lambda: standin.push_raw(message(where, ANONYMOUS, "/stop", sender_chat=where)))
        stopped = '"over": true' in state(bot.database, GROUP).replace(" ", "").replace(":", ": ")
        asked = sum(1 for c in standin.calls if c.method == "getChatMember")
        other = chat(GROUP - 1)
        await step(
            standin, other["id"], lambda: standin.push_raw(message(other, ANONYMOUS, "/play", sender_chat=other))
        )
        await bot.stop()
        lobby = bool(state(bot.database, other["id"]))
        return (
            f"anonymous /stop stopped the game: {stopped}; getChatMember calls: {asked}; "
            f"anonymous /play opened a lobby: {lobby}"
        )


async def spam(folder: Path) -> str:
    async with telegram() as standin:
        bot = Bot(standin, folder / "spam.sqlite3", GROUP_MESSAGES_PER_MINUTE="20", THROTTLE_MESSAGES="20")
        await bot.start()
        where = chat(GROUP)
        await game(standin, where, 1001, 1002)
        await asyncio.sleep(8)  # the lobby's messages paid for
        for _ in range(33):
            standin.push_raw(message(where, person(1003), "/whowins"))
            await asyncio.sleep(0.6)
        since, moved_at = len(standin.calls), time.perf_counter()
        standin.push_raw(message(where, person(1001), "к"))
        late = None
        while time.perf_counter() - moved_at < 120:
            if said(standin, GROUP, "P1001: К", since):
                late = time.perf_counter() - moved_at
                break
            await asyncio.sleep(0.1)
        replies = sum(1 for c in standin.calls[since:] if c.chat_id == GROUP) - (late is not None)
        await bot.stop()
        shown = "not within 120 s" if late is None else f"{late:.1f} s"
        return f"turn message shown after the move: {shown}; replies sent meanwhile: {replies}"


async def topics(folder: Path) -> str:
    async with telegram() as standin:
        bot = Bot(standin, folder / "topics.sqlite3", GROUP_MESSAGES_PER_MINUTE="0")
        await bot.start()
        where = chat(GROUP, forum=True)
        await game(standin, where, 1001, 1002, **in_topic(5))
        standin.push_raw(message(where, person(1001), "к", **in_topic(7)))
        standin.push_raw(message(where, person(1001), "а"))  # General
        await asyncio.sleep(4)
        await bot.stop()
        board = state(bot.database, GROUP).split('"board": "', 1)[-1].split('"', 1)[0]
        return f"letters from other topics counted as moves: {len(board)}"


async def gone(folder: Path, name: str) -> str:
    async with telegram() as standin:
        database = folder / f"{name}.sqlite3"
        bot = Bot(standin, database, LOG_LEVEL="INFO")
        await bot.start()
        for user in range(3001, 3011):
            await step(standin, user, lambda u=user: standin.push_message(u, "/5bukv"))
        await asyncio.sleep(3)  # checkpointed into the file
        if name == "deleted":
            database.unlink()
        else:
            with database.open("r+b") as file:
                file.truncate(database.stat().st_size // 2)
        since = len(standin.calls)
        players = list(range(4001, 4051))
        for user in players:
            standin.push_message(user, "/5bukv")
        end = time.perf_counter() + 20
        while time.perf_counter() < end and bot.process is not None and bot.process.returncode is None:
            await asyncio.sleep(0.2)
        answers = [c for c in standin.calls[since:] if c.chat_id in players and c.method == "sendMessage"]
        wrong = sum(1 for c in answers if "пошло не так" in c.text)
        retry = sum(1 for c in answers if "пошло не так" not in c.text and "ещё раз" in c.text)
        status = bot.process.returncode if bot.process is not None else None
        await bot.stop()
        problems = bot.problems()
        errors = sum(1 for line in problems if " ERROR " in line)
        critical = sum(1 for line in problems if " CRITICAL " in line)
        restarted = Bot(standin, database)
        try:
            await restarted.start()
        except RuntimeError:  # a damaged file is refused at start, with one line: the operator's turn
            on_file: int | str = "none (the damaged file is refused at start)"
        else:
            await asyncio.sleep(8)
            await restarted.stop()
            on_file = rows(database, "SELECT count(*) FROM sessions WHERE chat_id BETWEEN 4001 AND 4050")
        return (
            f"answered as applied: {len(answers) - retry - wrong} of 50; try-again answers: {retry}; "
            f"'went wrong' answers: {wrong}; ERROR lines: {errors}; CRITICAL lines: {critical}; "
            f"exited by itself with status: {status}; games of the 50 on file after a restart: {on_file}"
        )


async def lock(folder: Path) -> str:
    async with telegram() as standin:
        database = folder / "lock.sqlite3"
        bot = Bot(standin, database)
        await bot.start()
        await step(standin, 3001, lambda: standin.push_message(3001, "/5bukv"))
        holder = sqlite3.connect(database, timeout=30, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        players = list(range(5001, 5011))
        for user in players:
            standin.push_message(user, "/5bukv")
        await asyncio.sleep(8)  # past the 5 s busy timeout
        await bot.kill()
        holder.execute("ROLLBACK")
        holder.close()
        since = len(standin.calls)
        restarted = Bot(standin, database)
        await restarted.start()
        await asyncio.sleep(10)
        await restarted.stop()
        answered = {c.chat_id for c in standin.calls[since:] if c.chat_id in players}
        on_file = rows(database, "SELECT count(*) FROM sessions WHERE chat_id BETWEEN 5001 AND 5010")
        lost = len([p for p in players if p not in answered]) if on_file < len(players) else 0
        return f"players answered after the restart: {len(answered)} of 10; games on file: {on_file}; lost: {lost}"


async def main(only: list[str]) -> None:
    with tempfile.TemporaryDirectory(prefix="bukvoed-events-") as name:
        folder = Path(name)
        try:
            for scenario in only:
                if scenario in ("deleted", "truncated"):
                    figures = await gone(folder, scenario)
                else:
                    figures = await globals()[scenario](folder)
                print(f"{scenario:<10} {figures}", flush=True)
        finally:
            end_all()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", nargs="*", choices=SCENARIOS, default=SCENARIOS)
    asyncio.run(main(parser.parse_args().only))
