"""A sticker gets the reminder the game being played gives in its present state."""

from __future__ import annotations

from bot_harness import Bot, Player, new_letter_game, no_game_now

from bot.core import texts
from bot.games.wordle import texts as wordle_texts

ONLY_TEXT = texts.only_text("ru")
NO_GAME = no_game_now("ru")


async def test_a_sticker_in_english_ghost_asks_for_a_latin_letter(bot: Bot) -> None:
    player = Player(bot, 701)
    await player.say("/play en")
    assert "кнопк" in (await player.sticker()).text.lower()  # set-up: the buttons, not a letter
    await player.tap("Обычные слова")
    await player.tap("Я начинаю")
    await player.tap("Безупречный")
    await player.tap("Мягко")
    reply = await player.sticker()
    assert ONLY_TEXT in reply.text and "латинскую букву" in reply.text and "русскую" not in reply.text


async def test_a_sticker_after_a_finished_letter_game_asks_for_no_letter(bot: Bot) -> None:
    player = Player(bot, 702)
    await new_letter_game(player, "выиграл", "Я начинаю")
    assert "русскую букву" in (await player.sticker()).text
    await player.say("/giveup")
    reply = await player.sticker()
    assert ONLY_TEXT in reply.text and NO_GAME in reply.text and "букву" not in reply.text


async def test_a_sticker_after_a_finished_finger_game_offers_no_giveup(bot: Bot) -> None:
    player = Player(bot, 703)
    await player.say("/fingers")
    await player.tap("Сильный")
    await player.tap("Начинает бот")
    assert "/giveup" in (await player.sticker()).text
    await player.say("/giveup")
    reply = await player.sticker()
    assert ONLY_TEXT in reply.text and NO_GAME in reply.text and "/giveup" not in reply.text


async def test_a_sticker_after_a_finished_5bukv_game_asks_for_no_mask(bot: Bot) -> None:
    player = Player(bot, 704)
    await player.say("/5bukv")
    assert "маску" in (await player.sticker()).text
    await player.say("yyyyy")
    solved = await player.sticker()
    assert ONLY_TEXT in solved.text and wordle_texts.already_solved("ru") in solved.text
    assert "маску из 5 цветов" not in solved.text
    await player.say("/undo")
    await player.say("ggggg")
    await player.say("/giveup")
    reply = await player.sticker()
    assert ONLY_TEXT in reply.text and NO_GAME in reply.text and "маску" not in reply.text
