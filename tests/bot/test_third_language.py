"""A third language is a new catalogue, not a code change: a made-up German one (every message
translated mechanically), put beside a copy of the real catalogues, speaks to a user whose
Telegram is German, through the real bot."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po
from bot_harness import Player, running_bot
from standin import BotApiStandin

from bot.core import game as games
from bot.core import i18n, texts
from bot.core.solvers import Solvers
from bot.games.letters import texts as letters_texts
from bot.registry import GAMES

#: What the made-up German puts before every English text.
GERMAN = "[de] "


def _german(english: object, context: str | None) -> str | tuple[str, ...]:
    """The German of one message: the English with a mark before it (every form of a plural)."""
    if context == "this language's flag":
        return "🇩🇪"
    if isinstance(english, tuple | list):
        return tuple(GERMAN + form for form in english)
    return GERMAN + str(english)


def write_german(locale: Path) -> None:
    """A German catalogue under ``locale``, from the English one there, as a translator would add it."""
    with i18n.catalogue_path("en", locale).open("rb") as po:
        english = read_po(po, locale="en", domain=i18n.DOMAIN)
    german = Catalog(locale="de", domain=i18n.DOMAIN)
    for message in english:
        if message.id:
            german.add(message.id, _german(message.string, message.context), context=message.context)
    path = i18n.catalogue_path("de", locale)
    path.parent.mkdir(parents=True)
    with path.open("wb") as po:
        write_po(po, german)


@pytest.fixture
def german(tmp_path: Path) -> Iterator[None]:
    """The real catalogues and the German one, in use for one test."""
    locale = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR, locale)
    write_german(locale)
    i18n.load_from(locale)
    try:
        yield
    finally:
        i18n.load_from(i18n.LOCALE_DIR)


@pytest.mark.usefixtures("german")
async def test_a_german_user_is_answered_from_the_german_catalogue(
    standin: BotApiStandin, solvers: Solvers, database: Path
) -> None:
    assert texts.languages() == ["ru", "de", "en"]
    assert i18n.ngettext("de", "{n} move", "{n} moves", 2) == GERMAN + "2 moves"  # German's CLDR plural forms
    async with running_bot(standin, solvers, database) as bot:
        player = Player(bot, 1801, language_code="de-DE")
        start = await player.say("/start")
        assert start.text.startswith(GERMAN + "Hello, Player!") and texts.greeting("de", "Player") in start.text
        assert games.help_text("de", GAMES) in (await player.say("/help")).text
        played = await player.say("/play")  # in German; the Russian game first, as for anyone not English
        assert played.text == letters_texts.ask_rule("de") and played.text.startswith(GERMAN)
        assert player.buttons()[-1]["text"] == letters_texts.button_english_ghost("de")
        await player.say("/lang")
        assert [b["text"] for b in player.buttons()] == ["🇷🇺 Русский", "🇩🇪 Deutsch", "🇬🇧 English"]
        menus = [c for c in bot.standin.calls if c.method == "setMyCommands" and c.params.get("language_code") == "de"]
        assert menus and all(line["description"].startswith(GERMAN) for line in menus[0].params["commands"])

        english = Player(bot, 1802, language_code="en")
        assert (await english.say("/lang de")).text == texts.language_chosen("de")
        assert texts.greeting("de", "Player") in (await english.say("/start")).text
        assert texts.greeting("ru", "Player") in (await Player(bot, 1803).say("/start")).text
        assert texts.greeting("ru", "Player") in (await Player(bot, 1804, language_code="fr").say("/start")).text


def test_without_its_catalogue_a_language_is_not_spoken() -> None:
    assert texts.language("de-DE") == "ru" and texts.language("en-GB") == "en" and texts.language(None) == "ru"
    assert texts.language_named("de") is None
