"""The load benchmark's group scenario: four people playing the group letter game fast.

The real bot runs as its own process (``python -m bot``, its default settings) against the Bot
API stand-in. Four people in one group gather a game (/play, three joins, the rule, Start) and
then move in turn, each ``--think`` seconds after the letter before it, as people do who read the
last letter in the chat and need not wait for the bot's message. Each keeps the round going
when they can (a letter that completes no word), so rounds are long; when a game ends, the next
one is gathered. A group takes about 20 messages a minute from a bot. Measured at the stand-in:
the most of the bot's messages (edits included) in any 60 s, messages per minute, and the
lateness of the turn message: for each move, from when the bot got it to when a message telling
it (and whose turn it is now) reached the group; moves still untold a second after the people
stop are counted, with how long the oldest had waited by then.

    .venv/bin/python benchmarks/bench_group_pace.py [--seconds 90] [--think 1.5] [--before DIR]

``--before DIR``: other code (``mkdir /tmp/before && git archive main | tar -x -C /tmp/before``)
runs the same scenario right after this code's, and both are reported side by side.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import random
import re
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tests" / "bot"))  # the Bot API stand-in

from bench_bot_load import game_of, start_bot, stop_bot  # noqa: E402
from standin import BOT_USER, BotApiStandin, Call  # noqa: E402

from bot.games.letters.group import session as group  # noqa: E402
from solver.letters import LetterGame, Rule  # noqa: E402

GROUP = -1_009_000
PEOPLE = [501, 502, 503, 504]
MESSAGES = ("sendMessage", "editMessageText", "editMessageReplyMarkup")
WINDOW = 60.0
MENTION = re.compile(r'Ходит <a href="tg://user\?id=(\d+)">')
BOARD = re.compile(r"Доска: «([^»]*)»|(Доска пуста)")


@dataclass
class Move:
    update_id: int
    state: tuple[str, int]  # (board, player to move) after it, ("", 0) once its game is over
    told_at: float | None = None


@dataclass
class Run:
    code: str
    seconds: float
    moves: list[Move] = field(default_factory=list)
    sent: list[tuple[float, Call]] = field(default_factory=list)  # the bot's messages to the group
    handed_out: dict[int, float] = field(default_factory=dict)
    games: int = 0
    ended: float = 0.0  # when the people stopped playing

    def most_in_a_window(self) -> int:
        times = [when for when, _ in self.sent]
        return max((sum(1 for t in times[i:] if t - start < WINDOW) for i, start in enumerate(times)), default=0)

    def lateness(self) -> list[float]:
        return sorted(m.told_at - self.handed_out[m.update_id] for m in self.moves if m.told_at is not None)


class Chat:
    """The group's people, pushing updates to the stand-in as the group's members would."""

    def __init__(self, standin: BotApiStandin) -> None:
        self.standin = standin
        self.ids = itertools.count(5_000_000)
        self.chat = {"id": GROUP, "type": "supergroup", "title": "Буквоеды"}

    def user(self, user_id: int) -> dict[str, Any]:
        return {"id": user_id, "is_bot": False, "first_name": f"Игрок{user_id}", "language_code": "ru"}

    def say(self, user_id: int, text: str) -> int:
        message: dict[str, Any] = {
            "message_id": next(self.ids),
            "date": int(time.time()),
            "chat": self.chat,
            "from": self.user(user_id),
            "text": text,
        }
        if text.startswith("/"):
            message["entities"] = [{"type": "bot_command", "offset": 0, "length": len(text)}]
        return self.standin._push({"message": message})

    def press(self, user_id: int, message_id: int, data: str) -> int:
        shown = {"message_id": message_id, "date": int(time.time()), "from": BOT_USER, "chat": self.chat, "text": "?"}
        query = {"id": str(next(self.ids)), "from": self.user(user_id), "chat_instance": "1", "message": shown}
        return self.standin._push({"callback_query": query | {"data": data}})


async def gather(chat: Chat, run: Run, since: int) -> None:
    """/play, three joins, the rule (completing a word loses), Start: once the lobby is shown."""
    chat.say(PEOPLE[0], "/play")
    while True:
        lobby = next((c for _, c in run.sent[since:] if c.method == "sendMessage" and is_lobby(c)), None)
        if lobby is not None:
            break
        await asyncio.sleep(0.05)
    data = {}
    for row in lobby.buttons:
        for button in row:
            parts = button["callback_data"].split(":")  # G:game:step:action[:argument]
            data[parts[4] if parts[3] == "rule" else parts[3]] = button["callback_data"]
    assert lobby.message_id is not None
    for person in PEOPLE[1:]:
        chat.press(person, lobby.message_id, data["join"])
    chat.press(PEOPLE[0], lobby.message_id, data[Rule.COMPLETE_LOSES.value])
    chat.press(PEOPLE[0], lobby.message_id, data["start"])


def is_lobby(call: Call) -> bool:
    """A lobby's message: it has a Join button (a game's last message has a rematch button)."""
    return any(button["callback_data"].endswith(":join") for row in call.buttons for button in row)


def choose(game: LetterGame, board: str, rng: random.Random) -> str:
    """A letter that completes no word when there is one (long rounds), else any."""
    plays = game.plays(board)
    going = [play.letter for play in plays if not play.completes_word]
    return rng.choice(going or [play.letter for play in plays])


def told(run: Run, at: float, call: Call) -> None:
    """The moves a turn message tells: up to the latest move, handed to the bot before it went,
    whose state it shows."""
    if call.method != "sendMessage":
        return
    mention, board = MENTION.findall(call.text), BOARD.findall(call.text)
    if "Победитель" in call.text:
        state = ("", 0)
    elif mention and board:
        state = (board[-1][0].lower(), int(mention[-1]))
    else:
        return
    handed = [m for m in run.moves if run.handed_out.get(m.update_id, at + 1) <= at]
    for index in range(len(handed) - 1, -1, -1):
        if handed[index].state == state:
            for move in handed[: index + 1]:
                if move.told_at is None:
                    move.told_at = at
            return


async def play(code: str, root: Path, seconds: float, think: float, game: LetterGame) -> Run:
    standin = BotApiStandin()
    await standin.start()
    run = Run(code, seconds, handed_out=standin.handed_out)  # when getUpdates gave the bot each update

    def seen(call: Call) -> None:
        if call.chat_id == GROUP and call.method in MESSAGES:
            now = time.perf_counter()
            run.sent.append((now, call))
            told(run, now, call)

    with tempfile.TemporaryDirectory(prefix="bukvoed-pace-") as folder:
        process = await start_bot(standin, Path(folder), "uvloop", root)
        try:
            standin.listeners.append(seen)
            chat = Chat(standin)
            rng = random.Random(12)
            started = time.perf_counter()
            while time.perf_counter() - started < seconds:
                run.games += 1
                await gather(chat, run, len(run.sent))
                table = group.GroupSession(creator=PEOPLE[0], rule=Rule.COMPLETE_LOSES)
                for person in PEOPLE:
                    group.join(table, person, str(person))
                group.start(table)
                while not table.over and time.perf_counter() - started < seconds:
                    await asyncio.sleep(think)
                    player = table.current
                    group.play_letter(game, table, letter := choose(game, table.board, rng))
                    update_id = chat.say(player, letter)
                    run.moves.append(Move(update_id, ("", 0) if table.over else (table.board, table.current)))
            run.ended = time.perf_counter()
            await asyncio.sleep(1.0)  # what is on its way arrives; what waits longer is behind
        finally:
            await stop_bot(process, standin)
            await standin.stop()
    return run


def report(runs: list[Run], think: float) -> None:
    print(f"four people, a letter every {think:g} s ({60 / think:.0f} moves a minute), budget 20 messages a minute")
    print(
        f"{'code':>7} {'games':>5} {'moves':>5} {'msgs':>5} {'msgs/min':>8} {'max/60s':>7}"
        f" {'p50 s':>6} {'p90 s':>6} {'max s':>6} {'untold':>6} {'oldest s':>8}"
    )
    for run in runs:
        late = run.lateness()
        untold = [m for m in run.moves if m.told_at is None]
        waited = [run.ended + 1.0 - run.handed_out[m.update_id] for m in untold if m.update_id in run.handed_out]
        oldest = max(waited, default=0.0)

        def at(share: float, late: list[float] = late) -> float:
            return late[min(len(late) - 1, int(share * len(late)))] if late else float("nan")

        print(
            f"{run.code:>7} {run.games:>5} {len(run.moves):>5} {len(run.sent):>5}"
            f" {len(run.sent) / run.seconds * 60:>8.1f} {run.most_in_a_window():>7}"
            f" {at(0.5):>6.2f} {at(0.9):>6.2f} {(late[-1] if late else float('nan')):>6.2f}"
            f" {len(untold):>6} {oldest:>8.1f}"
        )
    if len(runs) == 2 and runs[0].lateness() and runs[1].lateness():
        this, before = runs[0].lateness(), runs[1].lateness()
        print(f"p50 lateness this/before x{this[len(this) // 2] / before[len(before) // 2]:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=90.0, help="how long the people play")
    parser.add_argument("--think", type=float, default=1.5, help="seconds between one letter and the next")
    parser.add_argument("--before", type=Path, help="a checkout of other code that plays the same after this one")
    args = parser.parse_args()
    codes = [("this", ROOT)] + ([("before", args.before.resolve())] if args.before else [])
    runs = [asyncio.run(play(code, root, args.seconds, args.think, game_of(root))) for code, root in codes]
    report(runs, args.think)


if __name__ == "__main__":
    main()
