"""The stop deadline cuts off Bot API calls already under way and those started after it."""

from __future__ import annotations

import asyncio

import pytest

from bot.core.resilience import StopDeadline


async def hang(deadline: StopDeadline) -> None:
    async with deadline.bounded():
        await asyncio.sleep(60)


async def test_a_call_under_way_is_cut_off_at_the_deadline() -> None:
    deadline = StopDeadline()
    call = asyncio.create_task(hang(deadline))
    await asyncio.sleep(0.05)
    deadline.start(0.1)
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(call, 10)


async def test_a_call_started_after_the_deadline_is_cut_off_at_once() -> None:
    deadline = StopDeadline()
    deadline.start(0.0)
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(hang(deadline), 10)


async def test_before_the_stop_calls_are_not_bounded() -> None:
    deadline = StopDeadline()
    async with deadline.bounded():
        await asyncio.sleep(0.01)
    assert not deadline.stopping
