"""What a newcomer meets in a group game, in both languages: English Ghost names as possible only
letters that would not have put the player out as well; the standings count each player's own
letters; /top counts the bot's wins; the lobby speaks as the private set-up does."""

from __future__ import annotations

import re

import pytest
from bot_harness import Bot, Group, button, lobby_buttons

from bot.core.solvers import Solvers
from bot.games.letters import texts as letters_texts
from bot.games.letters.tables import LetterGames
from solver.letters import LetterGame, Verdict

#: Each language's words for the group's buttons and replies.
WORDS = {
    "ru": {
        "join": "Играю",
        "start": "Начать",
        "ghost": "Английский Ghost",
        "out": "выбывает",
        "possible": "Можно было",
    },
    "en": {"join": "Join", "start": "Start", "ghost": "English Ghost", "out": "is out", "possible": "Possible letters"},
}


def ghost_board(game: LetterGame) -> tuple[str, str]:
    """A board of three letters in play where one letter completes a word (and so loses) and another
    goes on, and a letter no word starts with after it."""
    for word in game.tree.words:
        board = word[:3]
        if len(word) != 4 or any(game.verdict(board[:k]) is not Verdict.GOES_ON for k in (1, 2, 3)):
            continue
        plays = game.plays(board)
        if any(game.is_word(board + p.letter) for p in plays) and any(
            not game.is_word(board + p.letter) for p in plays
        ):
            dead = next(letter for letter in game.alphabet if game.verdict(board + letter) is Verdict.NO_WORD)
            return board, dead
    raise AssertionError("no such board")


async def start_ghost(group: Group, lang: str) -> None:
    """Аня (301) opens English Ghost, Боря (302) joins, Аня starts: Аня moves first."""
    lobby, buttons = lobby_buttons(await group.say(301, "/play"))
    if "✅ 🇬🇧" not in " ".join(buttons):
        lobby, buttons = lobby_buttons(await group.press(301, lobby, button(buttons, WORDS[lang]["ghost"])))
    lobby, buttons = lobby_buttons(await group.press(302, lobby, button(buttons, WORDS[lang]["join"])))
    await group.press(301, lobby, button(buttons, WORDS[lang]["start"]))


@pytest.mark.parametrize("lang", ["ru", "en"])
async def test_a_dead_letter_in_ghost_names_only_letters_that_would_not_have_lost(
    bot: Bot, solvers: Solvers, lang: str
) -> None:
    game = solvers.of(LetterGames).letter_game("en", None)
    board, dead = ghost_board(game)
    group = Group(bot, language=lang)
    await start_ghost(group, lang)
    for user, letter in zip((301, 302, 301), board, strict=True):
        await group.say(user, letter)
    reply = await group.say(302, dead)
    line = next(line for line in reply.text.splitlines() if WORDS[lang]["out"] in line)
    assert WORDS[lang]["possible"] in line, line
    named = re.findall(r"\b([A-Z]) \(", line)
    assert named, line
    completing = {p.letter.upper() for p in game.plays(board) if game.is_word(board + p.letter)}
    going_on = {p.letter.upper() for p in game.plays(board) if not game.is_word(board + p.letter)}
    assert not completing & set(named), (line, completing)  # «D (quad)» would have put him out too
    assert set(named) <= going_on


@pytest.mark.parametrize("lang", ["ru", "en"])
async def test_standings_count_each_players_own_letters(bot: Bot, lang: str) -> None:
    """Аня plays two letters, Боря one; Вера never moves and gives up: she played none."""
    group = Group(bot, language=lang)
    lobby, buttons = lobby_buttons(await group.say(301, "/play"))
    for user in (302, 303):
        lobby, buttons = lobby_buttons(await group.press(user, lobby, button(buttons, WORDS[lang]["join"])))
    await group.press(301, lobby, button(buttons, WORDS[lang]["start"]))
    await group.say(303, "/giveup")  # before any letter of hers
    game_lang = "en" if lang == "en" else "ru"
    first = {"ru": "к", "en": "q"}[game_lang]
    second = {"ru": "о", "en": "u"}[game_lang]
    await group.say(301, first)
    await group.say(302, second)
    final = await group.say(301, "/giveup")
    await group.say(302, "/giveup")
    text = next(c.text for c in reversed(bot.standin.calls) if "📋" in c.text)
    lines = text[text.index("📋") :].splitlines()
    vera = next(line for line in lines if "Вера" in line)
    anya = next(line for line in lines if "Аня" in line)
    if lang == "ru":
        assert vera.endswith("не сыграв ни одной буквы") and anya.endswith("сыграв 1 букву"), lines
        assert "после 1 буквы" not in text
    else:
        assert vera.endswith("without a letter of their own") and anya.endswith("having played 1 letter"), lines
    assert final is not None


@pytest.mark.parametrize("lang", ["ru", "en"])
async def test_top_counts_the_bots_wins(bot: Bot, lang: str) -> None:
    group = Group(bot, language=lang)
    lobby, buttons = lobby_buttons(await group.say(301, "/play"))
    bot_button = {"ru": "Бот тоже", "en": "bot plays too"}[lang]
    lobby, buttons = lobby_buttons(await group.press(301, lobby, button(buttons, bot_button)))
    await group.press(301, lobby, button(buttons, WORDS[lang]["start"]))
    won = await group.say(301, "/giveup")
    winner = {"ru": "Победитель: Буквоед 🤖", "en": "The winner: Bukvoed 🤖"}[lang]
    assert winner in won.text
    top = (await group.say(301, "/top")).text
    assert "пока никто не выигрывал" not in top and "no wins yet" not in top, top
    assert {"ru": "1. Буквоед 🤖 — побед: 1", "en": "1. Bukvoed 🤖 — wins: 1"}[lang] in top


@pytest.mark.parametrize("lang", ["ru", "en"])
async def test_the_lobby_speaks_as_the_private_set_up(bot: Bot, lang: str) -> None:
    group = Group(bot, language=lang)
    lobby, buttons = lobby_buttons(await group.say(301, "/play"))
    if lang == "en":  # an English group opens English Ghost: the Russian game has the rule to show
        lobby, buttons = lobby_buttons(await group.press(301, lobby, button(buttons, "Russian words")))
    text = str(bot.standin.messages[(group.chat_id, lobby)]["text"])
    rule = {"ru": "Правило: закончил слово — ", "en": "Rule: completing a word "}[lang]
    assert rule in text, text
    gentle = next(label for label in buttons if "🙂" in label)
    assert gentle == "🙂 " + letters_texts.button_strict(lang, False)
    assert {"ru": "плохую букву можно заменить", "en": "a bad letter may be replaced"}[lang] in gentle
