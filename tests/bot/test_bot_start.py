from bot_harness import Bot, Player, no_game_now

from bot.core import texts
from bot.games.letters import texts as letters_texts
from bot.games.letters.group import texts as group_texts


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
    assert letters_texts.ask_russian_rule("ru") in reply.text  # the menu button names the Russian game


async def test_help_rules_and_unknown_commands(bot: Bot) -> None:
    player = Player(bot, 103)
    assert "/hint" in (await player.say("/help")).text
    assert "Е и Ё — разные буквы" in (await player.say("/rules")).text
    assert texts.unknown_command("ru") in (await player.say("/frobnicate")).text
    for group_command in ("/l к", "/stop", "/top"):
        assert group_texts.group_only("ru") in (await player.say(group_command)).text
    assert "/play en — English Ghost" in (await player.say("/play fr")).text
    assert no_game_now("ru") in (await player.say("привет")).text  # /play fr started nothing
    assert texts.only_text("ru") in (await player.sticker()).text
    assert no_game_now("ru") in (await player.say("привет")).text


async def test_rules_are_per_game_and_short(bot: Bot) -> None:
    player = Player(bot, 104)
    letters = (await player.say("/rules")).text
    assert "Е и Ё" in letters and "«5 букв»: угадайте" not in letters and "/rules_5bukv" in letters
    await player.say("/5bukv")
    five = (await player.say("/rules")).text
    assert "«5 букв»: угадайте" in five and "Е и Ё" not in five and "/rules_letters" in five
    fingers = (await player.say("/rules_fingers")).text
    assert "Игра на пальцах" in fingers and "/rules_group" in fingers
    group = (await player.say("/rules_group")).text
    assert "в группе" in group
    assert max(len(text) for text in (letters, five, fingers, group)) < 1000
