from bot_harness import Bot, Player


async def test_start_offers_games(bot: Bot) -> None:
    player = Player(bot, 101)
    reply = await player.say("/start")
    assert "Буквоед" in reply.text
    assert any("Игра в буквы" in b["text"] for b in player.buttons())
    methods = {c.method for c in bot.standin.calls}
    assert "setMyCommands" in methods
