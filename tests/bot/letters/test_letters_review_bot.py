"""The letter game's review end to end: the 🔍 button and /review after a game, never during one,
each line agreeing with the solver's own grading of the board that was played."""

from __future__ import annotations

import io
from pathlib import Path

from bot_harness import Bot, Player, Reply, new_letter_game, stored_state
from PIL import Image

from bot.core.pictures import grade_colour
from bot.core.solvers import Solvers
from bot.games.letters.picture import GAP, LABEL, MARGIN, PER_ROW, TILE, TITLE
from bot.games.letters.tables import LetterGames
from solver.letters import LetterGame, Rule
from solver.review import Grade, review_letters


async def play_first_letters(player: Player, game: LetterGame, reply: Reply, won: str, lost: str) -> Reply:
    """The player answers with the first legal letter (rarely the best) until the game ends."""
    for _ in range(40):
        if won in reply.text or lost in reply.text:
            return reply
        board = reply.last_board() if ("Доска" in reply.text or "Board" in reply.text) else ""
        reply = await player.say(game.plays(board)[0].letter.upper())
    raise AssertionError("the game did not end")


def review_lines(reply: Reply) -> list[str]:
    text = next(text for text in reply.texts if "🔍" in text)
    return [line for line in text.splitlines() if line[:1].isdigit()]


async def test_the_review_button_grades_every_letter(bot: Bot, solvers: Solvers, database: Path) -> None:
    game = solvers.of(LetterGames).game("ru", rule=Rule.COMPLETE_WINS)
    player = Player(bot, 231)
    reply = await new_letter_game(player, "выиграл", "Я начинаю")
    early = await player.say("/review")
    assert "когда партия закончится" in early.text  # during play the review would be a free hint
    reply = await play_first_letters(player, game, reply, "Вы выиграли", "Я выиграл")
    state = stored_state(database, 231, "letters")
    assert state is not None
    board = str(state[0]["board"])
    graded = review_letters(game, board)
    reply = await player.tap("Разбор партии")
    lines = review_lines(reply)
    assert len(lines) == len(board) == len(graded)
    for line, move in zip(lines, graded, strict=True):
        assert line.startswith(f"{move.ply}. ") and f": {move.move.upper()} — " in line
        assert ("вы:" in line) == (move.mover == 1)  # the player opened
        if move.grade is Grade.THREW_WIN:
            assert "упустил" in line and move.best_moves[0].example in line
        elif move.grade is Grade.KEPT_WIN:
            assert "сохранил" in line
        else:
            assert "проиграна" in line
    assert "Лучших ходов: у вас" in reply.text
    again = await player.say("/review")
    assert review_lines(again) == lines  # the same review for the last game


async def test_review_in_english_ghost(bot: Bot, solvers: Solvers) -> None:
    game = solvers.of(LetterGames).game("en")
    player = Player(bot, 232, language_code="en")
    await player.say("/play")
    await player.tap("English Ghost")
    await player.tap("Everyday words")
    await player.tap("I start")
    await player.tap("Perfect")
    reply = await player.tap("Gentle")
    reply = await play_first_letters(player, game, reply, "You won", "I won")
    reply = await player.say("/review")
    assert "🔍 Review of the game" in reply.text and "Best moves: yours" in reply.text
    assert review_lines(reply)


async def test_nothing_to_review_before_any_game(bot: Bot) -> None:
    reply = await Player(bot, 233).say("/review")
    assert "Разбирать пока нечего" in reply.text


async def test_the_review_as_a_picture(bot: Bot, solvers: Solvers, database: Path) -> None:
    """The picture button sends a PNG whose tiles are coloured by each letter's grade."""
    game = solvers.of(LetterGames).game("ru", rule=Rule.COMPLETE_WINS)
    player = Player(bot, 234)
    reply = await new_letter_game(player, "выиграл", "Я начинаю")
    await play_first_letters(player, game, reply, "Вы выиграли", "Я выиграл")
    await player.tap("Разбор партии")
    reply = await player.tap("Картинкой")
    photos = [c for c in reply.calls if c.method == "sendPhoto"]
    assert len(photos) == 1
    image = Image.open(io.BytesIO(photos[0].params["photo"]))
    assert image.format == "PNG"
    state = stored_state(database, 234, "letters")
    assert state is not None
    graded = review_letters(game, str(state[0]["board"]))
    for index, move in enumerate(graded):  # a tile's corner, inside its rounded border
        x = MARGIN + (index % PER_ROW) * (TILE + GAP) + TILE // 4
        y = MARGIN + TITLE + (index // PER_ROW) * (TILE + LABEL + GAP) + TILE // 6
        assert image.getpixel((x, y)) == grade_colour(move)
