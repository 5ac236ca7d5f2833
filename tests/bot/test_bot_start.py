from bot_harness import Bot, Player


async def test_start_offers_games(bot: Bot) -> None:
    player = Player(bot, 101)
    reply = await player.say("/start")
    assert "Буквоед" in reply.text
    assert any("Игра в буквы" in b["text"] for b in player.buttons())
    methods = {c.method for c in bot.standin.calls}
    assert "setMyCommands" in methods


async def test_the_menu_buttons_start_each_game(bot: Bot) -> None:
    player = Player(bot, 102)
    await player.say("/start")
    reply = await player.tap("Помощник")
    assert "Попробуйте: " in reply.text and len(player.buttons()) == 7  # five letters, Done, not taken
    await player.say("/start")
    reply = await player.tap("Игра в буквы")
    assert "Какое правило?" in reply.text


async def test_help_rules_and_unknown_commands(bot: Bot) -> None:
    player = Player(bot, 103)
    assert "/hint" in (await player.say("/help")).text
    assert "Е и Ё — разные буквы" in (await player.say("/rules")).text
    assert "Не знаю такой команды" in (await player.say("/frobnicate")).text
    assert "Я понимаю только текст" in (await player.sticker()).text
    assert "Сейчас игры нет" in (await player.say("привет")).text
