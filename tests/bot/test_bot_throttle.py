"""Flood control: one user's flood is cut off with one polite notice while other chats are served."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot_harness import Player, running_bot, until
from standin import BotApiStandin

from bot.core import texts
from bot.core.solvers import Solvers
from bot.games.letters import texts as letters_texts
from bot.runtime.throttle import Throttle

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


def test_taps_on_one_message_are_not_a_flood_but_a_flood_of_taps_is() -> None:
    """Colouring a 5bukv guess takes up to 11 taps on one message; two guesses in
    10 s must get through whole. Taps on one message still have a (looser) limit."""
    clock = Clock()
    throttle = Throttle(limit=20, seconds=10, clock=clock)
    for message_id in (1, 2, 3):  # three guesses coloured in quick succession, 33 taps
        assert all(throttle.admit(7, tapped=message_id)[0] for _ in range(11))
    assert throttle.dropped == 0
    flood = [throttle.admit(8, tapped=5)[0] for _ in range(200)]
    assert flood.count(True) == 77  # 1 + 76 * 0.25 = 20
    assert not any(flood[77:])
    alternating = [throttle.admit(9, tapped=n % 2)[0] for n in range(40)]  # every tap on another message
    assert alternating.count(True) == 20


def test_quiet_users_are_forgotten() -> None:
    clock = Clock()
    throttle = Throttle(limit=3, seconds=10, clock=clock)
    for user_id in range(100_000):
        throttle.admit(user_id)
    clock.now += 11
    throttle.admit(1)
    assert len(throttle.windows) == 1


def test_zero_turns_it_off() -> None:
    throttle = Throttle(limit=0, seconds=10)
    assert all(throttle.admit(1) == (True, False) for _ in range(1000))


async def test_a_flood_is_throttled_while_another_chat_is_served(
    standin: BotApiStandin, solvers: Solvers, database: Path
) -> None:
    async with running_bot(standin, solvers, database, throttle_messages=LIMIT, throttle_seconds=60) as bot:
        throttle: Throttle = bot.throttle
        flood = [standin.push_message(80, "ъ") for _ in range(40)]
        reply = await Player(bot, 81).say("/play")  # sent after the flood, answered all the same
        assert reply.text == letters_texts.ask_rule("ru")
        await bot.wait(*flood[:LIMIT])
        for _ in range(100):
            if throttle.dropped == len(flood) - LIMIT:
                break
            await asyncio.sleep(0.05)
    to_flooder = [c.text for c in standin.calls if c.method == "sendMessage" and c.chat_id == 80]
    assert throttle.dropped == len(flood) - LIMIT
    assert to_flooder.count(texts.too_many_messages("ru")) == 1  # told once, not once per message
    assert len(to_flooder) == LIMIT + 1  # the admitted messages were answered, the rest skipped


async def test_the_notice_is_in_the_language_the_user_chose(
    standin: BotApiStandin, solvers: Solvers, database: Path
) -> None:
    """Telegram says Russian; the user chose English with /lang: the notice is in English."""
    async with running_bot(standin, solvers, database, throttle_messages=LIMIT, throttle_seconds=60) as bot:
        await Player(bot, 82).say("/lang en")
        flood = [standin.push_message(82, "ъ") for _ in range(LIMIT + 5)]
        await bot.wait(*flood[: LIMIT - 1])
        await until(lambda: texts.too_many_messages("en") in [c.text for c in standin.calls if c.chat_id == 82], 10)
    assert texts.too_many_messages("ru") not in [c.text for c in standin.calls if c.chat_id == 82]
