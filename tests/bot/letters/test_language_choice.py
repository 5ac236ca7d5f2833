"""Which letter game, in which language: English speakers meet English Ghost first, every choice
of a letter game names its language, and a Latin letter read as Russian is said to be."""

from __future__ import annotations

from bot_harness import Bot, Player

from bot.core import texts as texts_shared
from bot.core.solvers import Solvers
from bot.core.texts import Lang
from bot.games.letters import texts
from bot.games.letters.session import LetterSession
from bot.games.letters.tables import LetterGames
from bot.games.wordle_en import texts as wordle_en_texts
from solver.letters import Rule


def labels(player: Player) -> list[str]:
    return [button["text"] for button in player.buttons()]


def letter_game_choices(lang: Lang) -> list[str]:
    russian = [texts.button_russian_rule(lang, rule) for rule in Rule]
    ghost = [texts.button_english_ghost(lang)]
    return ghost + russian if lang == "en" else russian + ghost


async def test_play_puts_the_players_language_first_and_names_each_language(bot: Bot) -> None:
    english = Player(bot, 1801, language_code="en-US")
    assert texts.ask_rule("en") in (await english.say("/play")).text
    assert labels(english) == letter_game_choices("en")  # English Ghost first
    assert labels(english)[1].startswith("🔤 Russian: ")
    russian = Player(bot, 1802)
    await russian.say("/play")
    assert labels(russian) == letter_game_choices("ru")  # the Russian game first
    assert labels(russian)[0].startswith("🔤 По-русски: ") and "Английский Ghost" in labels(russian)[-1]


async def test_play_ru_offers_only_the_russian_game(bot: Bot) -> None:
    english = Player(bot, 1810, language_code="en")
    assert texts.ask_russian_rule("en") in (await english.say("/play ru")).text
    assert labels(english) == [texts.button_russian_rule("en", rule) for rule in Rule]


async def test_the_start_menu_puts_english_ghost_first_for_english_speakers(bot: Bot) -> None:
    english = Player(bot, 1803, language_code="en")
    await english.say("/start")
    assert labels(english)[:3] == [
        texts.ghost_menu_button("en"),
        wordle_en_texts.menu_button("en"),
        texts.menu_button("en"),
    ]
    reply = await english.tap(texts.ghost_menu_button("en"))
    assert texts.ghost_intro("en") in reply.text
    russian = Player(bot, 1804)
    await russian.say("/start")
    assert labels(russian)[0] == texts.menu_button("ru") and texts.ghost_menu_button("ru") in labels(russian)


async def test_the_set_up_summary_names_the_russian_game(bot: Bot) -> None:
    player = Player(bot, 1805, language_code="en")
    await player.say("/play")
    await player.tap(texts.button_russian_rule("en", Rule.COMPLETE_WINS))
    await player.tap("Everyday words")
    await player.tap("I start")
    await player.tap("Perfect")
    reply = await player.tap("Gentle")
    assert reply.text.startswith(texts.button_russian_rule("en", Rule.COMPLETE_WINS) + " · ")


async def test_rules_letters_names_the_language_of_each_game(bot: Bot) -> None:
    english = (await Player(bot, 1806, language_code="en").say("/rules_letters")).text
    assert "The letter game in Russian" in english and "English Ghost" in english
    russian = (await Player(bot, 1807).say("/rules_letters")).text
    assert "Игра в буквы по-русски" in russian and "Английский Ghost" in russian


async def new_russian_game(player: Player, lang: Lang) -> None:
    """The Russian game, set up by tapping in ``lang``: everyday words, the player first, perfect, gentle."""
    await player.say("/play ru")
    await player.tap(texts.button_russian_rule(lang, Rule.COMPLETE_WINS))
    for _ in range(3):  # the first choice of each: everyday words, I start, perfect
        await player.tap(player.buttons()[0]["text"])
    await player.tap(texts.button_strict(lang, False))


async def test_a_latin_letter_in_the_russian_game_is_said_to_be_read_as_russian(bot: Bot, solvers: Solvers) -> None:
    english = Player(bot, 1808, language_code="en")
    await new_russian_game(english, "en")
    refused = await english.say("s")  # no look-alike: which game this is, and where English is
    assert texts.russian_letters_only("en") in refused.text
    reply = await english.say("a")
    assert reply.text.startswith(texts.read_as_russian("en", "a", "а") + "\n")
    assert reply.last_board().startswith("а")  # still played: the look-alike is the letter
    russian = Player(bot, 1809)  # a Russian player on the wrong keyboard layout is told too
    await new_russian_game(russian, "ru")
    reply = await russian.say("K")
    assert reply.text.startswith(texts.read_as_russian("ru", "K", "к") + "\n")
    assert "Ваш ход" in reply.text
    game = solvers.of(LetterGames).game("ru", rule=Rule.COMPLETE_WINS)
    typed = await russian.say(game.plays(reply.last_board())[0].letter)  # a Cyrillic letter: nothing to say
    assert typed.text.startswith("Вы: ") and "→" not in typed.text


async def test_the_resign_question_calls_english_ghost_by_its_name(bot: Bot) -> None:
    player = Player(bot, 1811, language_code="en")
    await player.say("/play en")
    for _ in range(3):  # everyday words, I start, perfect
        await player.tap(player.buttons()[0]["text"])
    await player.tap(texts.button_strict("en", False))
    await player.say("q")
    assert texts.session_name("en", LetterSession(dictionary="en")) == "English Ghost"
    assert texts_shared.ask_to_resign("en", "English Ghost") in (await player.say("/5bukv")).text
    resigned = await player.tap(texts_shared.button_resign_and_start("en"))
    assert texts_shared.resigned("en", "English Ghost") in resigned.text
