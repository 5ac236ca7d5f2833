"""Language is a choice, not a guess: /lang sets the bot's language for a user, kept in the
database, and it outranks the language their Telegram app reports, in every reply."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot_harness import Bot, Group, Player, running_bot

from bot import games, texts
from bot.letters import texts as letters_texts
from bot.registry import GAMES
from bot.solvers import Solvers
from bot.standin import BotApiStandin


async def test_lang_buttons_switch_the_language_and_it_outlives_a_restart(
    standin: BotApiStandin, solvers: Solvers, database: Path
) -> None:
    async with running_bot(standin, solvers, database) as bot:
        player = Player(bot, 1701)  # Telegram says Russian
        reply = await player.say("/lang")
        assert texts.ask_language("ru") in reply.text
        assert [b["text"] for b in player.buttons()] == list(texts.LANGUAGES.values())
        reply = await player.tap("English")
        assert reply.texts == [texts.language_chosen("en")]  # the question becomes the answer
        assert games.help_text("en", GAMES) in (await player.say("/help")).text
    with sqlite3.connect(database) as db:
        assert db.execute("SELECT lang FROM languages WHERE user_id = 1701").fetchall() == [("en",)]
    async with running_bot(standin, solvers, database) as bot:
        player = Player(bot, 1701)
        assert letters_texts.ask_rule("en") in (await player.say("/play")).text
        assert (await player.say("/lang ru")).text == texts.language_chosen("ru")
        assert letters_texts.ask_rule("ru") in (await player.say("/play ru")).text


async def test_lang_overrides_an_english_telegram(bot: Bot) -> None:
    player = Player(bot, 1702, language_code="en")
    assert (await player.say("/lang ru")).text == texts.language_chosen("ru")
    assert texts.greeting("ru", "Player") in (await player.say("/start")).text
    other = Player(bot, 1703, language_code="en")  # someone else's choice is not theirs
    assert texts.greeting("en", "Player") in (await other.say("/start")).text


async def test_lang_with_a_wrong_argument_says_how(bot: Bot) -> None:
    player = Player(bot, 1704)
    assert (await player.say("/lang fr")).text == texts.language_usage("ru")
    assert (await player.say("/lang en ru")).text == texts.language_usage("ru")
    assert texts.greeting("ru", "Player") in (await player.say("/start")).text  # nothing changed


async def test_lang_is_in_the_command_menus_and_help(bot: Bot) -> None:
    menus = [c for c in bot.standin.calls if c.method == "setMyCommands"]
    private = [c for c in menus if "scope" not in c.params or "all_group" not in str(c.params.get("scope"))]
    assert private and all("lang" in str(c.params["commands"]) for c in private)
    for lang in ("ru", "en"):
        assert "/lang" in games.help_text(lang, GAMES)


async def test_lang_in_a_group_is_the_pressers_own(bot: Bot) -> None:
    group = Group(bot)
    reply = await group.say(301, "/lang")
    assert texts.ask_language("ru") in reply.text
    message = next(c for c in reply.calls if c.method == "sendMessage")
    pressed = await group.press(302, message.message_id, "lang:en")
    answers = [c for c in pressed.calls if c.method == "answerCallbackQuery"]
    assert answers and answers[0].params.get("text") == texts.language_chosen("en")
    assert not [c for c in pressed.calls if c.method == "editMessageText"]  # the group's message stays
    assert texts.greeting("en", "Player") in (await Player(bot, 302).say("/start")).text
