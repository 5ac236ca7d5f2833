"""/whowins and /word beyond the private chat's basics: in a group, during a game (no free hint),
and /word's reading of what was typed."""

from __future__ import annotations

from bot_harness import Bot, Group, Player, button, new_letter_game, open_lobby, record

from bot.core.solvers import Solvers
from bot.games.letters import texts as letters_texts
from bot.games.letters.tables import LetterGames
from solver.letters import Rule, Verdict
from solver.lookup import TypedWordProblem, look_up
from solver.wordle.verdict import wordle_answer


async def test_whowins_and_word_answer_in_a_group_and_whowins_is_no_hint_there(bot: Bot) -> None:
    """In a group both are answered there; once a group game has started, /whowins on its board or
    any board going on from it waits for the end of the game, while other boards are answered."""
    group = Group(bot)
    assert "С «К» при лучшей игре" in (await group.say(301, "/whowins к")).text
    assert letters_texts.word_report_text("ru", look_up("кот", "ru")) in (await group.say(302, "/word кот")).text
    lobby, buttons = await open_lobby(group, 301, 302)
    await group.press(301, lobby, button(buttons, "Начать"))
    refused = letters_texts.who_wins_mid_game("ru", in_group=True)
    for asked in ("/whowins", "/whowins к", "/whowins ко"):
        assert refused in (await group.say(303, asked)).text, asked
    assert "Английский Ghost" in (await group.say(303, "/whowins he")).text  # another game's board
    assert letters_texts.word_report_text("ru", look_up("кот", "ru")) in (await group.say(303, "/word кот")).text


async def test_the_groups_help_lists_whowins_word_and_lang(bot: Bot) -> None:
    shown = (await Group(bot).say(301, "/help")).text
    assert all(f"/{name} — " in shown for name in ("whowins", "word", "lang"))


async def test_whowins_during_a_private_game_is_no_free_hint(bot: Bot, solvers: Solvers) -> None:
    """The game's board and every board going on from it are refused, pointing at /hint (which
    counts); a board off the game's line, or in the other language, is answered; after the game, all."""
    player = Player(bot, 231)
    await new_letter_game(player, "выиграл", "Я начинаю")
    board = (await player.say("к")).last_board()
    refused = letters_texts.who_wins_mid_game("ru", in_group=False)
    game = solvers.of(LetterGames).game("ru", rule=Rule.COMPLETE_WINS)
    going_on = board + next(play.letter for play in game.plays(board))
    for asked in ("/whowins", f"/whowins {board}", f"/whowins {going_on}"):
        assert refused in (await player.say(asked)).text, asked
    elsewhere = next(letter for letter in "мнпс" if game.verdict(letter) is Verdict.GOES_ON and letter != board[0])
    assert f"С «{elsewhere.upper()}» при лучшей игре" in (await player.say(f"/whowins {elsewhere}")).text
    assert "Английский Ghost" in (await player.say("/whowins he")).text
    assert record(bot.application.bot_data.services.settings.database_path, 231, "letters") == (1, 0, 0, 0)
    await player.say("/giveup")
    assert f"С «{going_on.upper()}» при лучшей игре" in (await player.say(f"/whowins {going_on}")).text


async def test_word_reads_what_was_typed(bot: Bot) -> None:
    """Punctuation around the word is dropped, a Latin look-alike in a Russian word is Cyrillic (and a
    Cyrillic one in a Latin word Latin), digits are no word, and a plural names its dictionary form."""
    player = Player(bot, 232)
    kot = letters_texts.word_report_text("ru", look_up("кот", "ru", wordle=wordle_answer))  # /word asks 5bukv too
    for typed in ("кот!", "«кот»", "кoт"):  # the last with a Latin o
        reply = (await player.say(f"/word {typed}")).text
        assert reply == kot and "!" not in reply, typed
    cat = (await player.say("/word сat")).text  # a Cyrillic с in a Latin word
    assert cat == letters_texts.word_report_text("ru", look_up("cat", "en"))
    digits = (await player.say("/word 123")).text
    assert digits == letters_texts.word_not_a_word("ru", TypedWordProblem.DIGITS)
    plural = (await player.say("/word слоны")).text
    assert "не начальная форма; начальная форма — СЛОН" in plural and "его нет в словаре" not in plural
