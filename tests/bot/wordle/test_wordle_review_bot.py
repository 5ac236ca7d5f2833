"""5bukv's review end to end: own words typed as «слово маска», the 🔍 button after the solve, each
guess's counts and scores as solver.wordle_review gives them, and the grid to share without words."""

from __future__ import annotations

import io
import re

from bot_harness import Bot, Player
from PIL import Image

from bot.core.solvers import Solvers
from bot.games.wordle.picture import GAP, MARGIN, TILE, TILE_COLOURS, TITLE
from solver.wordle import Entry, feedback, mask_text
from solver.wordle_review import review_game, share_grid


def own_guesses(solvers: Solvers, secret: str) -> list[str]:
    """Two accepted words other than the engine's first, then the secret."""
    engine = solvers.wordle.wordle
    common = [engine.words[i] for i in engine.guessable if engine.words[i] != secret]
    return [common[0], common[len(common) // 2], secret]


async def test_review_of_own_words_with_skill_luck_and_the_grid(bot: Bot, solvers: Solvers) -> None:
    engine = solvers.wordle.wordle
    secret = next(engine.words[i] for i in engine.guessable[len(engine.guessable) // 3 :])
    player = Player(bot, 331)
    await player.say("/5bukv")
    guesses = own_guesses(solvers, secret)
    for guess in guesses:
        reply = await player.say(f"{guess} {mask_text(feedback(guess, secret))}")
    assert "Отгадано" in reply.text
    reply = await player.tap("Разбор партии")
    history = [Entry(guess, feedback(guess, secret)) for guess in guesses]
    expected = review_game(engine, history)
    lines = [line for line in reply.text.splitlines() if re.match(r"\d+\. ", line)]
    assert len(lines) == len(expected)
    for line, guess in zip(lines, expected, strict=True):
        assert line.startswith(f"{guess.number}. {guess.entry.word.upper()} ")
        assert f"мастерство {guess.skill}, везение {guess.luck}" in line
        assert f", осталось {guess.after}" in line
    assert "Итог: мастерство" in reply.text
    grid = share_grid(history)
    assert grid in reply.texts and grid.startswith("5 букв 3/6")
    assert not any(guess in grid for guess in guesses)


async def test_review_in_english_and_before_any_guess(bot: Bot, solvers: Solvers) -> None:
    player = Player(bot, 332, language_code="en")
    reply = await player.say("/5bukv")
    assert "Nothing to review yet" in (await player.say("/review")).text
    guess = reply.suggestion()
    secret = next(word for word in solvers.wordle.words if word != guess and solvers.wordle.wordle.can_say(word))
    await player.say(mask_text(feedback(guess, secret)))
    reply = await player.say("/review")
    assert "🔍 Review of the game" in reply.text and "1. " + guess.upper() in reply.text
    assert any(text.startswith("5 букв X/6") for text in reply.texts)


async def test_the_review_as_a_picture(bot: Bot, solvers: Solvers) -> None:
    """The picture button sends the grid in 5bukv's colours as a PNG."""
    engine = solvers.wordle.wordle
    secret = next(engine.words[i] for i in engine.guessable[len(engine.guessable) // 2 :])
    player = Player(bot, 333)
    await player.say("/5bukv")
    guesses = own_guesses(solvers, secret)
    for guess in guesses:
        await player.say(f"{guess}:{mask_text(feedback(guess, secret))}")
    await player.say("/review")
    reply = await player.tap("Картинкой")
    photo = next(c for c in reply.calls if c.method == "sendPhoto")
    image = Image.open(io.BytesIO(photo.params["photo"]))
    for row, guess in enumerate(guesses):
        for column, colour in enumerate(feedback(guess, secret)):
            x = MARGIN + column * (TILE + GAP) + TILE // 6
            y = MARGIN + TITLE + row * (TILE + GAP) + TILE // 6
            assert image.getpixel((x, y)) == TILE_COLOURS[colour]
