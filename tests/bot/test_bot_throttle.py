"""Flood control: one user's flood is cut off with one polite notice while other chats are served."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot_harness import Player, running_bot

from bot.solvers import Solvers
from bot.standin import BotApiStandin
from bot.throttle import NOTICE, Throttle

LIMIT = 5


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_limit_slides_and_the_notice_comes_once_per_window() -> None:
    clock = Clock()
    throttle = Throttle(limit=3, seconds=10, clock=clock)
    assert [throttle.admit(1) for _ in range(3)] == [(True, False)] * 3
    assert [throttle.admit(1) for _ in range(3)] == [(False, True), (False, False), (False, False)]
    assert throttle.admit(2) == (True, False)  # another user is not affected
    clock.now += 10.5
    assert throttle.admit(1) == (True, False)  # the window has slid past the first three
    assert [throttle.admit(1) for _ in range(2)] == [(True, False), (True, False)]
    assert throttle.admit(1) == (False, True)  # a new flood window, a new notice
    assert throttle.dropped == 4


def test_zero_turns_it_off() -> None:
    throttle = Throttle(limit=0, seconds=10)
    assert all(throttle.admit(1) == (True, False) for _ in range(1000))


async def test_a_flood_is_throttled_while_another_chat_is_served(
    standin: BotApiStandin, solvers: Solvers, database: Path
) -> None:
    async with running_bot(standin, solvers, database, throttle_messages=LIMIT, throttle_seconds=60) as bot:
        throttle: Throttle = bot.application.bot_data["throttle"]
        flood = [standin.push_message(80, "ъ") for _ in range(40)]
        reply = await Player(bot, 81).say("/play")  # sent after the flood, answered all the same
        assert "правило" in reply.text
        await bot.wait(*flood[:LIMIT])
        for _ in range(100):
            if throttle.dropped == len(flood) - LIMIT:
                break
            await asyncio.sleep(0.05)
    to_flooder = [c.text for c in standin.calls if c.method == "sendMessage" and c.chat_id == 80]
    assert throttle.dropped == len(flood) - LIMIT
    assert to_flooder.count(NOTICE["ru"]) == 1  # told once, not once per message
    assert len(to_flooder) == LIMIT + 1  # the admitted messages were answered, the rest skipped
