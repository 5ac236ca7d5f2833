"""The letter game end to end: set-up buttons, moves, endings, refusals, strict mode, hints, give-up."""

from __future__ import annotations

from pathlib import Path

import pytest
from bot_harness import Bot, Player, Reply, new_letter_game, no_game_now, record, stored_state

from bot.core import texts
from bot.core.solvers import Solvers
from bot.games.letters import texts as letters_texts
from bot.games.letters.tables import LetterGames
from solver.letters import LetterGame, Rule, Verdict

PLAYER_WON = "Вы выиграли"
BOT_WON = "Я выиграл"


async def play_best(player: Player, game: LetterGame, reply: Reply) -> Reply:
    """The player answers every position with the solver's best letter until the game ends."""
    for _ in range(40):
        if PLAYER_WON in reply.text or BOT_WON in reply.text:
            return reply
        board = reply.last_board() if "Доска" in reply.text else ""
        reply = await player.say(game.best_letter(board).upper())
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(
    "case",
    [
        # Complete-wins: the second player wins the empty board (the Russian article), so whoever goes second wins.
        (Rule.COMPLETE_WINS, "выиграл", "Начинает бот", PLAYER_WON),
        (Rule.COMPLETE_WINS, "выиграл", "Я начинаю", BOT_WON),
        # Complete-loses: the first player wins (by opening with щ).
        (Rule.COMPLETE_LOSES, "проиграл", "Я начинаю", PLAYER_WON),
        (Rule.COMPLETE_LOSES, "проиграл", "Начинает бот", BOT_WON),
    ],
)
async def test_a_game_to_the_end(bot: Bot, solvers: Solvers, database: Path, case: tuple[Rule, str, str, str]) -> None:
    rule, rule_label, first, expected = case
    game = solvers.of(LetterGames).game("ru", rule=rule)
    player = Player(bot, 201)
    reply = await new_letter_game(player, rule_label, first)
    if first == "Начинает бот":
        assert "Я: " in reply.text
    reply = await play_best(player, game, reply)
    assert expected in reply.text
    word = reply.last_board()
    assert game.is_word(word), reply.text  # perfect play always ends at a completed word
    assert f"«{word.upper()}» закончено" in reply.text
    assert ("тот выиграл" in reply.text) == (rule is Rule.COMPLETE_WINS)
    stats = (await player.say("/stats")).text
    assert ("побед 1" in stats) == (expected == PLAYER_WON)
    assert ("поражений 1" in stats) == (expected == BOT_WON)
    assert record(database, 201, "letters") == (1, int(expected == PLAYER_WON), int(expected == BOT_WON), 0)
    # After the end a letter does not move anything.
    assert no_game_now("ru") in (await player.say("а")).text


def dead_letter(game: LetterGame, board: str) -> str:
    return next(letter for letter in game.alphabet if game.verdict(board + letter) is Verdict.NO_WORD)


async def test_a_letter_that_starts_no_noun_is_refused(bot: Bot, solvers: Solvers, database: Path) -> None:
    game = solvers.of(LetterGames).game("ru", rule=Rule.COMPLETE_WINS)
    player = Player(bot, 202)
    await new_letter_game(player, "выиграл", "Я начинаю")
    bad = dead_letter(game, "")
    reply = await player.say(bad)
    assert "❌" in reply.text and "Ходите ещё раз" in reply.text
    state = stored_state(database, 202, "letters")
    assert state is not None and state[0]["board"] == "" and not state[0]["over"]
    reply = await player.say("к")
    assert reply.last_board().startswith("к")


async def test_strict_mode_makes_the_letter_lose(bot: Bot, solvers: Solvers, database: Path) -> None:
    game = solvers.of(LetterGames).game("ru", rule=Rule.COMPLETE_WINS)
    player = Player(bot, 203)
    await new_letter_game(player, "выиграл", "Я начинаю", strict="Строго")
    reply = await player.say(dead_letter(game, ""))
    assert "Ни одно существительное не начинается" in reply.text
    assert "Можно было" in reply.text and BOT_WON in reply.text
    assert record(database, 203, "letters") == (1, 0, 1, 0)


async def test_latin_lookalikes_and_case(bot: Bot) -> None:
    player = Player(bot, 204)
    await new_letter_game(player, "выиграл", "Я начинаю")
    reply = await player.say("K")  # a Latin capital K
    assert reply.last_board().startswith("к")
    assert "Нужна ровно одна буква" in (await player.say("ао")).text
    assert "русскую букву" in (await player.say("7")).text


async def test_hints_first_playable_then_winning(bot: Bot, solvers: Solvers, database: Path) -> None:
    game = solvers.of(LetterGames).game("ru", rule=Rule.COMPLETE_LOSES)
    player = Player(bot, 205)
    await new_letter_game(player, "проиграл", "Я начинаю")
    reply = await player.say("/hint")
    playable = " ".join(play.letter.upper() for play in game.plays(""))
    assert f"Можно сыграть: {playable}" in reply.text
    reply = await player.tap("Какие выигрывают")
    winning = game.winning_letters("")
    assert winning, "Ghost with the Russian nouns is a first-player win"
    assert f"Выигрывают: {winning[0].upper()} (" in reply.text
    assert record(database, 205, "letters") == (1, 0, 0, 2)
    assert f"Выигрывают: {winning[0].upper()} (" in (await player.say("/hint")).text  # a third: the same again ...
    assert record(database, 205, "letters") == (1, 0, 0, 2)  # ... not another hint
    assert "подсказок 2" in (await player.say("/stats")).text
    reply = await player.say(winning[0])  # a move starts a new turn: the first hint is the playable letters again
    assert "Можно сыграть" in (await player.say("/hint")).text


async def test_the_player_who_starts_has_the_turn_buttons_at_once(bot: Bot) -> None:
    """The set-up's last answer shows the hint and give-up buttons when the player moves first,
    as a one-tap new game does (before, only /hint and /giveup typed reached them)."""
    player = Player(bot, 209)
    await new_letter_game(player, "выиграл", "Я начинаю")
    labels = [b["text"] for b in player.buttons()]
    assert any("Подсказка" in label for label in labels) and any("Сдаться" in label for label in labels)
    assert "Можно сыграть" in (await player.tap("Подсказка")).text


async def test_the_hint_button_pressed_twice_gives_one_hint(bot: Bot, database: Path) -> None:
    """A double tap on «💡 Подсказка» is stale the second time: it gave (and counted) the winning
    letters unasked; those come from the «🏆» button of the hint's own message."""
    player = Player(bot, 210)
    await new_letter_game(player, "проиграл", "Я начинаю")
    message_id, rows = player.keyboards[-1]
    hint = next(b["callback_data"] for row in rows for b in row if "Подсказка" in b["text"])
    assert "Можно сыграть" in (await player.press_data(message_id, hint)).text
    again = await player.press_data(message_id, hint)
    assert not again.texts and again.calls[0].params.get("text") == texts.stale_button("ru")
    assert record(database, 210, "letters") == (1, 0, 0, 1)
    assert "Выигрывают" in (await player.tap("Какие выигрывают")).text
    assert record(database, 210, "letters") == (1, 0, 0, 2)


async def test_give_up_shows_how_the_bot_wins(bot: Bot, solvers: Solvers, database: Path) -> None:
    player = Player(bot, 206)
    await new_letter_game(player, "выиграл", "Я начинаю")
    reply = await player.say("/giveup")
    assert "Вы сдались" in reply.text and "Я выигрывал так" in reply.text
    assert "й → йо" in reply.text or "→" in reply.text
    assert record(database, 206, "letters") == (1, 0, 1, 0)
    assert no_game_now("ru") in (await player.say("/giveup")).text


async def test_who_wins(bot: Bot, solvers: Solvers) -> None:
    game = solvers.of(LetterGames).game("ru", rule=Rule.COMPLETE_WINS)  # the rule of a chat that has not played yet
    player = Player(bot, 207)
    reply = await player.say("/whowins")
    assert "выигрывает второй игрок" in reply.text  # with the shipped nouns, as the solver says
    reply = await player.say("/whowins кр")
    who = "первый" if game.winner("кр") == "first" else "второй"
    assert f"С «КР» при лучшей игре выигрывает {who} игрок" in reply.text
    for letter in game.winning_letters("кр"):
        assert f"{letter.upper()} (" in reply.text
    assert "не начинается" in (await player.say("/whowins ъъ")).text
    assert (await player.say("/whowins 42")).text.startswith("После /whowins нужны русские буквы")


async def test_english_speakers_read_english(bot: Bot) -> None:
    player = Player(bot, 208, language_code="en-GB")
    assert "What shall we play" in (await player.say("/start")).text
    reply = await player.tap("Letter game")
    assert letters_texts.ask_russian_rule("en") in reply.text  # the menu button names the Russian game


async def test_who_wins_reads_the_game_being_played(bot: Bot, solvers: Solvers) -> None:
    """During a game its own board (and what goes on from it) is no free hint; after it, letters
    are read in the chat's game, and letters of the other language in the other game."""
    player = Player(bot, 209)
    await new_letter_game(player, "выиграл", "Я начинаю")
    board = (await player.say("к")).last_board()
    assert letters_texts.who_wins_mid_game("ru", in_group=False) in (await player.say("/whowins")).text
    await player.say("/giveup")
    answer = (await player.say(f"/whowins {board}")).text
    assert f"С «{board.upper()}» при лучшей игре выигрывает" in answer
    await player.say("/play en")
    await player.tap("Обычные слова")
    await player.tap("Я начинаю")
    await player.tap("Безупречный")
    await player.tap("Мягко")
    assert "С «КР» при лучшей игре" in (await player.say("/whowins кр")).text  # Russian letters: the Russian game
    await player.say("/giveup")
    assert "С «HE» при лучшей игре" in (await player.say("/whowins he")).text  # the chat's game: English Ghost
