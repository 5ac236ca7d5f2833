"""Every press is answered and every text gets a reply, through the real bot on the stand-in: a
press under a message posted through inline mode (no chat the bot reads it in) stops spinning
with a line on where the games are played, and text that is not valid Unicode (a lone UTF-16
surrogate, as Telegram may pass on) is read with U+FFFD in its place and answered."""

from __future__ import annotations

import time
from pathlib import Path

from bot_harness import Bot, Player, new_letter_game, stored_state

from bot.core import texts

INLINE_USER = 941


async def test_a_press_under_an_inline_mode_message_is_answered(bot: Bot, database: Path) -> None:
    user = {"id": INLINE_USER, "is_bot": False, "first_name": "Player", "language_code": "en"}
    for data in ("menu:letters", "L:a1b2c3:0:rule:en", "nonsense"):
        query = {"id": f"q-{data}", "from": user, "chat_instance": "77", "inline_message_id": "AgAAAB", "data": data}
        first = len(bot.standin.calls)
        await bot.wait(bot.standin.push_raw({"callback_query": query}))
        calls = bot.standin.calls[first:]
        answers = [c for c in calls if c.method == "answerCallbackQuery"]
        assert [a.params.get("callback_query_id") for a in answers] == [f"q-{data}"]
        username = bot.application.bot.username
        assert answers[0].params.get("text") == texts.press_under_inline_message("en", username)
        assert "@" + username in answers[0].params["text"]
        assert not [c for c in calls if c.method in ("sendMessage", "editMessageText")]  # nothing else happens
    assert stored_state(database, INLINE_USER, "letters") is None


async def test_text_that_is_not_valid_unicode_is_answered(bot: Bot) -> None:
    player = Player(bot, 942)
    await new_letter_game(player, "проиграл", "Я начинаю")
    body = bot.standin.message_update(942, "к\ud800")
    first = len(bot.standin.calls)
    await bot.wait(bot.standin.push_raw(body))
    replies = [c for c in bot.standin.calls[first:] if c.method == "sendMessage" and c.chat_id == 942]
    assert len(replies) == 1
    assert replies[0].text == (await player.say("к\ufffd")).text  # as for the text with U+FFFD typed
    assert "русскую букву" in replies[0].text


async def test_a_lone_surrogate_with_no_game_gets_the_list_of_games(bot: Bot) -> None:
    first = len(bot.standin.calls)
    await bot.wait(bot.standin.push_raw(bot.standin.message_update(943, f"\udc00 {time.time()}")))
    replies = [c for c in bot.standin.calls[first:] if c.method == "sendMessage" and c.chat_id == 943]
    assert len(replies) == 1 and "/play" in replies[0].text
