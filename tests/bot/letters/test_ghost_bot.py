"""English Ghost end to end: offered to English speakers, /play en for anyone, played to the end on the English list."""

from __future__ import annotations

from pathlib import Path

from bot_harness import Bot, Group, Player, Reply, lobby_buttons, record, stored_state

from bot.core.solvers import Solvers
from bot.games.letters import texts as letters_texts
from bot.games.letters.tables import LetterGames
from solver.letters import LetterGame, Rule


async def play_best(player: Player, game: LetterGame, reply: Reply) -> Reply:
    for _ in range(40):
        if "You won" in reply.text or "I won" in reply.text:
            return reply
        board = reply.last_board() if "Board" in reply.text else ""
        reply = await player.say(game.best_letter(board).upper())
    raise AssertionError("the game did not end")


async def test_english_ghost_offered_to_english_speakers(bot: Bot, solvers: Solvers, database: Path) -> None:
    game = solvers.of(LetterGames).game("en")
    assert game.rule is Rule.COMPLETE_LOSES and game.winner("") == "first"  # the Ghost article: player 1 wins
    player = Player(bot, 601, language_code="en-US")
    await player.say("/play")
    await player.tap("English Ghost")
    await player.tap("Everyday words")
    await player.tap("I start")
    await player.tap("Perfect")
    reply = await player.tap("Gentle")
    assert "English Ghost" in reply.text and "Your move" in reply.text
    reply = await player.say("щ")
    assert "Send one letter a-z" in reply.text
    reply = await play_best(player, game, reply)
    assert "🎉 You won!" in reply.text and "completing a word loses" in reply.text
    word = reply.last_board()
    assert game.is_word(word) and len(word) >= 4
    assert record(database, 601, "ghost") == (1, 1, 0, 0)
    assert record(database, 601, "letters") is None  # counted apart from the Russian game
    assert "English Ghost: played 1, won 1" in (await player.say("/stats")).text


async def test_play_en_for_anyone(bot: Bot, solvers: Solvers, database: Path) -> None:
    player = Player(bot, 602)  # a Russian speaker asks for it
    reply = await player.say("/play en")
    assert "Английский Ghost" in reply.text and letters_texts.ask_tier("ru") in reply.text
    await player.tap("Обычные слова")
    await player.tap("Начинает бот")
    await player.tap("Безупречный")
    reply = await player.tap("Мягко")
    assert "Я: " in reply.text
    opening = reply.last_board()
    answer = (await player.say("/whowins")).text  # the chat's game under way: no free hint
    assert letters_texts.who_wins_mid_game("ru", in_group=False) in answer
    assert opening in solvers.of(LetterGames).game("en").alphabet
    state = stored_state(database, 602, "letters")
    assert state is not None and state[0]["dictionary"] == "en"
    # The perfect bot, moving first, wins whatever the player does (the player answers with best letters).
    for _ in range(40):
        if "выиграл" in reply.text:
            break
        reply = await player.say(solvers.of(LetterGames).game("en").best_letter(reply.last_board()))
    assert "🤖 Я выиграл." in reply.text
    assert record(database, 602, "ghost") == (1, 0, 1, 0)


async def test_english_ghost_in_a_group(bot: Bot) -> None:
    group = Group(bot)
    lobby, buttons = lobby_buttons(await group.say(301, "/play en"))
    assert "английский Ghost" in bot.standin.messages[(group.chat_id, lobby)]["text"]
    assert not any("выиграл" in label for label in buttons)  # the rule is fixed
    lobby, buttons = lobby_buttons(await group.press(302, lobby, next(d for t, d in buttons.items() if "Играю" in t)))
    reply = await group.press(301, lobby, next(d for t, d in buttons.items() if "Начать" in t))
    assert 'Ходит <a href="tg://user?id=301">Аня</a>' in reply.text
    reply = await group.say(301, "q")
    assert "Аня: Q" in reply.text and "Доска: «Q»" in reply.text


async def test_ghost_set_up_points_back_to_play_en(bot: Bot) -> None:
    """A letter typed during Ghost's set-up is pointed at the buttons, or at /play en to start
    over: /play alone would start the Russian game instead."""
    player = Player(bot, 605, language_code="en")
    await player.say("/play en")
    assert "/play en again" in (await player.say("q")).text
    assert "/play en again" in (await player.say("/hint")).text
    await player.say("/play")
    assert "/play again" in (await player.say("q")).text
