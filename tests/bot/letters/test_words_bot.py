"""/word and the choice of words in /play, end to end."""

from __future__ import annotations

from pathlib import Path

from bot_harness import Bot, Player, new_letter_game, stored_state

from bot.core.solvers import Solvers
from bot.games.letters import texts as letters_texts
from bot.games.letters.tables import LetterGames
from solver.letters import Rule
from solver.words import LANGUAGES, Reason, Tier


async def test_word_says_where_a_word_counts(bot: Bot) -> None:
    player = Player(bot, 701)
    reply = await player.say("/word Кошка")
    assert "«КОШКА»" in reply.text and "игра в буквы, обычные слова и весь словарь: ✅ считается" in reply.text
    assert "«5 букв»: ✅" in reply.text
    assert "❌ не пять букв" in (await player.say("/word кот")).text
    assert "название буквы или ноты" in (await player.say("/word ди")).text
    assert "имя собственное" in (await player.say("/word иван")).text
    rare = (await player.say("/word кхари")).text
    assert "обычные слова: ❌ редкое слово" in rare and "весь словарь, с редкими: ✅ считается" in rare
    assert "короче 4 букв" in (await player.say("/word cat")).text  # Latin letters: English Ghost
    assert "«ЁЛКА» (так в словаре):" in (await player.say("/word елка")).text


async def test_word_does_not_repeat_an_offensive_word(bot: Bot) -> None:
    offensive = sorted(w for w, r in LANGUAGES["ru"].reasons().items() if r is Reason.OFFENSIVE)[:3]
    player = Player(bot, 702, language_code="en")
    for word in offensive:
        reply = await player.say(f"/word {word}")
        assert "I never use offensive words" in reply.text
        assert word not in reply.text.lower()


async def test_word_without_one_word_explains_itself(bot: Bot) -> None:
    player = Player(bot, 703)
    assert letters_texts.word_usage("ru") in (await player.say("/word")).text
    assert letters_texts.word_one_at_a_time("ru") in (await player.say("/word кот пёс")).text
    assert letters_texts.word_too_long("ru", 40) in (await player.say("/word " + "а" * 41)).text


async def test_the_whole_dictionary_is_a_choice_of_the_set_up(bot: Bot, solvers: Solvers, database: Path) -> None:
    full = solvers.of(LetterGames).game("ru", "full", Rule.COMPLETE_WINS)
    common = solvers.of(LetterGames).game("ru", rule=Rule.COMPLETE_WINS)
    assert full.word_count > common.word_count
    player = Player(bot, 704)
    reply = await new_letter_game(player, "выиграл", "Я начинаю", tier="Весь словарь")
    assert "Весь словарь" in reply.text
    state = stored_state(database, 704, "letters")
    assert state is not None and state[0]["tier"] == Tier.FULL.value
    await player.say("/hint")
    reply = await player.tap("Какие выигрывают")
    winning = full.winning_letters("")
    assert winning, "on every clean noun the first player wins «Кто первым закончит слово?»"
    assert f"Выигрывают: {winning[0].upper()} (" in reply.text
    await player.say("/giveup")
    reply = await player.tap("🔁 Ещё партию")  # play again: the same set-up, words included
    assert "Весь словарь" in reply.text
    state = stored_state(database, 704, "letters")
    assert state is not None and state[0]["tier"] == Tier.FULL.value and not state[0]["over"]
