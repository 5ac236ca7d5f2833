"""Language is a choice, not a guess: /lang sets the bot's language for a user, kept in the
database, and it outranks the language their Telegram app reports, in every reply."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from bot_harness import Bot, Group, Player, running_bot, until
from standin import BotApiStandin, Call

from bot.core import game as games
from bot.core import texts
from bot.core.solvers import Solvers
from bot.core.texts import Lang
from bot.games.letters import texts as letters_texts
from bot.registry import GAMES
from bot.storage.unit_of_work import UnitOfWork


async def test_lang_buttons_switch_the_language_and_it_outlives_a_restart(
    standin: BotApiStandin, solvers: Solvers, database: Path
) -> None:
    async with running_bot(standin, solvers, database) as bot:
        player = Player(bot, 1701)  # Telegram says Russian
        reply = await player.say("/lang")
        assert texts.ask_language("ru") in reply.text
        assert [b["text"] for b in player.buttons()] == ["🇷🇺 Русский", "🇬🇧 English"]
        reply = await player.tap("English")
        assert reply.texts == [texts.language_chosen("en")]  # the question becomes the answer
        assert games.help_text("en", GAMES) in (await player.say("/help")).text
    with sqlite3.connect(database) as db:
        assert db.execute("SELECT lang FROM languages WHERE user_id = 1701").fetchall() == [("en",)]
    async with running_bot(standin, solvers, database) as bot:
        player = Player(bot, 1701)
        assert letters_texts.ask_rule("en") in (await player.say("/play")).text
        assert (await player.say("/lang ru")).text == texts.language_chosen("ru")
        assert letters_texts.ask_russian_rule("ru") in (await player.say("/play ru")).text


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
    forged = await player.press_data(1, "lang:fr")
    assert [c.params.get("text") for c in forged.calls if c.method == "answerCallbackQuery"] == [
        texts.stale_button("ru")
    ]
    assert (await player.say("/lang EN")).text == texts.language_chosen("en")  # any case


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


def private_menu(calls: list[Call], user_id: int) -> list[dict[str, str]] | None:
    """The last command menu set for the user's private chat alone, if any."""
    menus = [
        c
        for c in calls
        if c.method == "setMyCommands" and c.params.get("scope") == {"type": "chat", "chat_id": user_id}
    ]
    return menus[-1].params["commands"] if menus else None


def menu_of(lang: Lang) -> list[dict[str, str]]:
    return [{"command": name, "description": words} for name, words in games.command_menu(lang, GAMES)]


async def test_the_private_command_menu_follows_the_choice(bot: Bot) -> None:
    player = Player(bot, 1705)  # Telegram says Russian: its menu would be the Russian one
    await player.say("/lang en")
    await until(lambda: private_menu(bot.standin.calls, 1705) is not None, seconds=10)
    assert private_menu(bot.standin.calls, 1705) == menu_of("en")
    await player.say("/lang")
    await player.tap("Русский")
    await until(lambda: private_menu(bot.standin.calls, 1705) == menu_of("ru"), seconds=10)


async def test_button_answers_in_a_private_chat_are_in_the_pressers_chosen_language(bot: Bot) -> None:
    player = Player(bot, 1706)  # Telegram says Russian; the player chose English
    await player.say("/lang en")
    await player.say("/play")
    reply = await player.tap(letters_texts.button_english_ghost("en"))
    assert reply.texts == [letters_texts.ask_tier("en")]
    stale = await player.press_data(reply.calls[0].message_id or 0, "L:nosuch:0:tier:common")
    answers = [c.params.get("text") for c in stale.calls if c.method == "answerCallbackQuery"]
    assert answers == [texts.stale_button("en")]


@contextmanager
def commits_refused(bot: Bot) -> Iterator[None]:
    """The disk refuses each commit of a unit (its update already kept in the inbox, which a
    disk refusing every write would not allow: the batch would stay with Telegram)."""
    store = bot.application.bot_data.services.db
    commit = store.commit

    async def refused(unit: UnitOfWork) -> object:
        await store._db.execute_fetchall("PRAGMA query_only=1")
        try:
            return await commit(unit)
        finally:
            await store._db.execute_fetchall("PRAGMA query_only=0")

    store.commit = refused
    try:
        yield
    finally:
        del store.commit


async def test_a_commit_the_disk_refuses_is_apologised_for_in_the_chosen_language(bot: Bot) -> None:
    player = Player(bot, 1707)  # Telegram says Russian; the player chose English
    await player.say("/lang en")
    with commits_refused(bot):
        refused = await player.say("/play")
    assert refused.texts == [texts.try_again_soon("en")]


async def test_a_choice_the_disk_refuses_changes_neither_the_language_nor_the_menu(bot: Bot) -> None:
    """The menu goes out with the item that chose it (a row of its outbox), or not at all."""
    player = Player(bot, 1708)
    with commits_refused(bot):
        refused = await player.say("/lang en")
    assert refused.texts == [texts.try_again_soon("ru")]
    assert private_menu(bot.standin.calls, 1708) is None
    assert texts.greeting("ru", "Player") in (await player.say("/start")).text
