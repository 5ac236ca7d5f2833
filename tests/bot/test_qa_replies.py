"""Replies a new player trips over when nothing, or a finished game, is on the board."""

from __future__ import annotations

import pytest
from bot_harness import Bot, Player

from bot.texts import Lang, nothing_running


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_with_no_game_every_private_game_is_offered(lang: Lang) -> None:
    for command in ("/play", "/5bukv", "/fingers"):
        assert command in nothing_running(lang)


async def test_typing_with_no_game_offers_the_finger_game_too(bot: Bot) -> None:
    player = Player(bot, 801)
    assert "/fingers" in (await player.say("привет")).text


async def test_typing_after_a_finished_finger_game_does_not_offer_to_resign(bot: Bot) -> None:
    player = Player(bot, 802)
    await player.say("/fingers")
    await player.tap("Лёгкий")
    await player.tap("Я начинаю")
    during = (await player.say("привет")).text
    assert "кнопками" in during and "/giveup" in during
    await player.say("/giveup")
    after = (await player.say("привет")).text
    assert "/giveup" not in after and "/fingers" in after
