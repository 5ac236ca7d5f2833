"""Replies a new player trips over when nothing, or a finished game, is on the board."""

from __future__ import annotations

import pytest
from bot_harness import Bot, Player, new_letter_game, no_game_now

from bot.core.solvers import Solvers
from bot.core.texts import Lang
from bot.games.fingers import texts as fingers_texts
from bot.games.letters import texts as letters_texts
from bot.games.letters.tables import LetterGames
from solver.letters import LetterGame, Verdict


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_with_no_game_every_private_game_is_offered(lang: Lang) -> None:
    for command in ("/play", "/5bukv", "/fingers"):
        assert command in no_game_now(lang)


async def test_typing_with_no_game_offers_the_finger_game_too(bot: Bot) -> None:
    player = Player(bot, 801)
    assert "/fingers" in (await player.say("привет")).text


async def test_typing_after_a_finished_finger_game_does_not_offer_to_resign(bot: Bot) -> None:
    player = Player(bot, 802)
    await player.say("/fingers")
    await player.tap("Лёгкий")
    await player.tap("Я начинаю")
    during = (await player.say("привет")).text
    assert "кнопками" in during and "/giveup" in during
    await player.say("/giveup")
    after = (await player.say("привет")).text
    assert "/giveup" not in after and "/fingers" in after


def _letter_no_word_follows(game: LetterGame, board: str) -> str:
    return next(letter for letter in game.alphabet if game.verdict(board + letter) is Verdict.NO_WORD)


async def test_english_ghost_never_calls_its_words_nouns(bot: Bot, solvers: Solvers) -> None:
    game = solvers.of(LetterGames).game("en")
    player = Player(bot, 803, language_code="en")
    await player.say("/play en")
    await player.tap("Everyday words")
    await player.tap("I start")
    asked = (await player.tap("Perfect")).text
    assert "a letter no word goes on with" in asked
    await player.tap("Gentle")
    board = (await player.say("q")).last_board()
    bad = board + _letter_no_word_follows(game, board)
    refused = (await player.say(bad[-1])).text
    assert f"No word starts with “{bad.upper()}”" in refused and "noun" not in refused
    await player.say("/giveup")  # during the game, /whowins on its line would be a free hint
    answer = (await player.say(f"/whowins {bad}")).text
    assert "no word starts like that" in answer and "noun" not in answer


async def test_the_russian_game_still_says_noun(bot: Bot, solvers: Solvers) -> None:
    game = solvers.of(LetterGames).game("ru")
    bad = "а" + _letter_no_word_follows(game, "а")
    answer = (await Player(bot, 804).say(f"/whowins {bad}")).text
    assert "ни одно существительное так не начинается" in answer


async def test_5bukv_a_word_typed_without_its_mask_is_shown_how_to_add_one(bot: Bot) -> None:
    player = Player(bot, 805)
    await player.say("/5bukv")
    reply = (await player.say("норка")).text
    assert "Какие цвета показала игра для «НОРКА»" in reply and "например «норка ggwyg»" in reply
    assert "«слово маска»" not in (await player.say("ggg?g")).text  # a mistyped mask needs no word tip


async def test_whowins_from_letters_says_who_is_to_move(bot: Bot, solvers: Solvers) -> None:
    game = solvers.of(LetterGames).game("ru")
    player = Player(bot, 806)
    assert "Сейчас ходит" not in (await player.say("/whowins")).text  # the empty board: the first player moves
    opening = next(letter for letter in game.alphabet if game.verdict(letter) is Verdict.GOES_ON)
    answer = (await player.say(f"/whowins {opening}")).text
    assert f"выигрывает {'первый' if game.winner(opening) == 'first' else 'второй'} игрок" in answer
    assert "Сейчас ходит второй игрок." in answer


async def test_whowins_on_english_letters_names_english_ghost(bot: Bot) -> None:
    player = Player(bot, 807, language_code="en")
    answer = (await player.say("/whowins qu")).text
    assert answer.startswith("👻 English Ghost. From “QU”") and "Completing a word" not in answer
    russian = (await player.say("/whowins ё")).text
    assert russian.startswith("🔤 The Russian letter game, completing a word wins. From “Ё”")


async def test_whowins_with_no_letter_game_reads_the_letters_by_their_script(bot: Bot) -> None:
    """Latin letters (even ones that look Cyrillic: c, o, p) ask about English Ghost, Cyrillic ones
    about the Russian game, whatever the user's language; no letters, the user's language's game."""
    english = Player(bot, 813, language_code="en")
    assert (await english.say("/whowins cop")).text.startswith("👻 English Ghost. From “COP”")
    assert (await english.say("/whowins")).text.startswith("👻 English Ghost. From the empty board")
    assert (await english.say("/whowins со")).text.startswith(
        "🔤 The Russian letter game, completing a word wins. From “СО”"
    )
    russian = Player(bot, 814)
    assert (await russian.say("/whowins cop")).text.startswith("👻 Английский Ghost")
    assert (await russian.say("/whowins")).text.startswith("🔤 Игра в буквы")


async def test_whowins_during_another_game_names_the_letter_game(bot: Bot) -> None:
    player = Player(bot, 812)
    await player.say("/fingers")
    assert (await player.say("/whowins")).text.startswith(
        "🔤 Игра в буквы по-русски, закончил слово — выиграл. С пустой доски"
    )


async def test_hint_and_giveup_during_the_setup_point_at_its_questions(bot: Bot) -> None:
    player = Player(bot, 808)
    await player.say("/play")
    for command in ("/hint", "/giveup"):
        reply = (await player.say(command)).text
        assert letters_texts.choose_with_buttons("ru") in reply and "Сейчас игры нет" not in reply
    next_question = await player.tap("закончил слово — выиграл")  # the set-up goes on where it was
    assert "?" in next_question.text and player.buttons()
    await player.say("/5bukv")  # a set-up is not a game under way: another game starts at once
    assert "Выберите кнопкой выше" not in (await player.say("/giveup")).text


async def test_finger_game_setup_points_at_its_questions(bot: Bot) -> None:
    player = Player(bot, 809)
    await player.say("/fingers")
    for typed in ("привет", "/giveup"):
        reply = (await player.say(typed)).text
        assert fingers_texts.choose_with_buttons("ru") in reply and "Сейчас игры нет" not in reply
    await player.tap("Лёгкий")
    assert "Ваш ход" in (await player.tap("Я начинаю")).text  # the set-up went on where it was


async def test_after_both_hints_the_hint_button_goes_until_the_next_move(bot: Bot) -> None:
    player = Player(bot, 810)
    await new_letter_game(player, "проиграл", "Я начинаю")
    await player.say("/hint")
    assert [b["text"] for b in player.buttons()] == ["🏆 Какие выигрывают?", "🏳 Сдаться"]
    await player.tap("Какие выигрывают")
    assert [b["text"] for b in player.buttons()] == ["🏳 Сдаться"]


async def test_a_letter_typed_as_base_and_combining_mark_is_one_letter(bot: Bot) -> None:
    decomposed_short_i = "и\u0306"  # «й» as some keyboards and pasted text send it
    player = Player(bot, 811)
    await new_letter_game(player, "проиграл", "Я начинаю")
    assert "Вы: Й" in (await player.say(decomposed_short_i)).text
    await player.say("/giveup")  # during the game, /whowins on its line would be a free hint
    assert "С «ЙО»" in (await player.say(f"/whowins {decomposed_short_i}о")).text


async def test_whowins_in_english_ghost_on_the_whole_dictionary_names_english_ghost(bot: Bot) -> None:
    player = Player(bot, 815, language_code="en")
    await player.say("/play en")
    await player.tap("The whole dictionary")
    await player.tap("I start")
    await player.tap("Perfect")
    await player.tap("Gentle")
    await player.say("/giveup")  # during the game, /whowins on its board would be a free hint
    assert (await player.say("/whowins")).text.startswith("👻 English Ghost. From the empty board")


async def test_hint_and_giveup_with_no_game_offer_every_game(bot: Bot) -> None:
    """No game under way: /hint and /giveup speak of no one game, they offer them all."""
    player = Player(bot, 803)
    for command in ("/hint", "/giveup", "/undo"):
        assert (await player.say(command)).text == no_game_now("ru")
