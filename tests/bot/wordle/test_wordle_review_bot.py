"""5bukv's review end to end: own words typed as «слово маска», the 🔍 button after the solve, each
guess graded in tries as solver.wordle.review gives them, and the grid to share without words."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

from bot_harness import Bot, Player, running_bot
from PIL import Image
from standin import BotApiStandin

from bot.core.solvers import Solvers
from bot.games.wordle.picture import GAP, MARGIN, TILE, TILE_COLOURS, TITLE
from bot.games.wordle.solver import WordleSolver
from bot.games.wordle.texts import signed
from solver.wordle import Entry, Wordle, feedback, mask_text
from solver.wordle.review import game_scores, review_game, share_grid


def own_guesses(solvers: Solvers, secret: str) -> list[str]:
    """Two accepted words other than the engine's first, then the secret."""
    engine = solvers.of(WordleSolver).wordle
    common = [engine.words[i] for i in engine.guessable if engine.words[i] != secret]
    return [common[0], common[len(common) // 2], secret]


def guess_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if re.match(r"\d+\. ", line)]


async def test_review_of_own_words_with_skill_luck_and_the_grid(bot: Bot, solvers: Solvers) -> None:
    engine = solvers.of(WordleSolver).wordle
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
    lines = guess_lines(reply.text)
    assert len(lines) == len(expected)
    for line, guess in zip(lines, expected, strict=True):
        assert line.startswith(f"{guess.number}. {guess.entry.word.upper()} ")
        assert f"мастерство {signed('ru', guess.skill)}, везение {signed('ru', guess.luck or 0)}" in line
        assert f"слов: {guess.before} → {guess.after}" in line
    scores = game_scores(expected)
    assert "Итог: отгадано за 3 попытки" in reply.text
    assert f"Мастерство {signed('ru', scores.skill)}, везение {signed('ru', scores.luck)}" in reply.text
    grid = share_grid(history)
    assert grid in reply.texts and grid.startswith("5 букв 3/6")
    assert not any(guess in grid for guess in guesses)


async def test_a_game_that_follows_every_suggestion_is_never_told_of_a_better_guess(bot: Bot, solvers: Solvers) -> None:
    """The engine's guess is graded best or level with the best, by the engine's own measure, in both languages."""
    engine = solvers.of(WordleSolver).wordle
    secrets = random.Random(7).sample([engine.words[i] for i in engine.guessable], 6)
    for number, secret in enumerate(secrets):
        lang = ("ru", "en")[number % 2]
        player = Player(bot, 340 + number, language_code=lang)
        reply = await player.say("/5bukv")
        while "🎉" not in reply.text:
            reply = await player.say(mask_text(feedback(reply.suggestion(), secret)))
        review = await player.say("/review")
        lines = guess_lines(review.text)
        assert lines and all(("моя подсказка" if lang == "ru" else "my suggestion") in line for line in lines)
        assert "лучше —" not in review.text and "better:" not in review.text
        assert ("мастерство 0," if lang == "ru" else "skill 0,") in lines[0]


async def test_review_in_english_and_before_any_guess(bot: Bot, solvers: Solvers) -> None:
    player = Player(bot, 332, language_code="en")
    reply = await player.say("/5bukv")
    assert "Nothing to review yet" in (await player.say("/review")).text
    guess = reply.suggestion()
    secret = next(
        word
        for word in solvers.of(WordleSolver).words
        if word != guess and solvers.of(WordleSolver).wordle.can_say(word)
    )
    await player.say(mask_text(feedback(guess, secret)))
    reply = await player.say("/review")
    assert "🔍 Review of the game" in reply.text and "1. " + guess.upper() in reply.text
    assert "So far: skill" in reply.text and "tries expected" in reply.text  # the game goes on
    assert not any(text.startswith("5 букв") for text in reply.texts)  # nothing to share before the end
    reply = await player.say("/giveup")
    reply = await player.say("/review")
    assert any(text.startswith("5 букв X/6") for text in reply.texts)  # given up: not found


async def test_the_review_counts_the_words_the_player_was_shown(bot: Bot, solvers: Solvers) -> None:
    """After a 🚫 the review starts from the words shown at the first guess, and each guess's count
    is the one shown before it."""
    engine = solvers.of(WordleSolver).wordle
    secret = next(engine.words[i] for i in engine.guessable[len(engine.guessable) // 4 :])
    player = Player(bot, 336)
    shown = [await player.say("/5bukv")]
    first_count = re.findall(r"Возможных слов[^\d]*(\d+)", shown[0].text)[0]
    reply = await player.say(mask_text(feedback(shown[0].suggestion(), secret)))
    refused = await player.tap("Игра не приняла")
    counts = [int(first_count), int(re.findall(r"Возможных слов[^\d]*(\d+)", refused.text)[-1])]
    reply = await player.say(mask_text(feedback(refused.suggestion(), secret)))
    assert reply.text.index("🚫") < reply.text.index(refused.suggestion().upper())  # in the order made
    review = await player.say("/review")
    lines = guess_lines(review.text)
    assert [int(re.findall(r"слов: (\d+) →", line)[0]) for line in lines] == counts


async def test_a_game_whose_answer_the_list_lacks_is_reviewed(bot: Bot, solvers: Solvers) -> None:
    """Once the player told the answer no word of the list fitted, /review grades that game up to
    the guess that left no word, in both languages."""
    for user, lang in ((337, "ru"), (338, "en")):
        player = Player(bot, user, language_code=lang)
        reply = await player.say("/5bukv")
        while "Попробуйте" in reply.text or "Try:" in reply.text:
            reply = await player.say(mask_text(feedback(reply.suggestion(), "кринж")))
        told = await player.say("кринж")
        assert any("review" in button["callback_data"] for button in player.buttons())
        review = await player.say("/review")
        lines = guess_lines(review.text)
        assert lines, review.text
        if lang == "ru":
            assert "Итог: ответ — КРИНЖ, его не было в моём списке." in review.text
            assert "после него не подошло ни одно слово моих списков" in lines[-1]
        else:
            assert "Overall: the answer was КРИНЖ, not in my list." in review.text
            assert "after it no word of my lists fitted" in lines[-1]
        assert told.texts


async def test_the_review_as_a_picture(bot: Bot, solvers: Solvers) -> None:
    """The picture button sends the grid in 5bukv's colours as a PNG."""
    engine = solvers.of(WordleSolver).wordle
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


async def test_the_first_reviews_of_a_fresh_engine_answer_every_try(
    standin: BotApiStandin, solvers: Solvers, database: Path
) -> None:
    """A process's first reviews, on an engine that has remembered nothing (as at start): a game that
    follows the suggestions (graded from what the tree file stores), one begun with a word of the
    player's own (graded in the background while the game goes on) and one whose first suggestion
    the game refused; each review answers with every try graded as ``review_game`` grades it."""
    fresh = solvers.replacing(WordleSolver(Wordle.shipped()))
    engine = fresh.of(WordleSolver).wordle
    words = engine.guessable_words
    secret, own = words[len(words) // 7], words[len(words) // 9]
    async with running_bot(standin, fresh, database) as bot:
        for user, first in ((351, "follow"), (352, own), (353, "refuse")):
            player = Player(bot, user)
            reply = await player.say("/5bukv")
            refused = [reply.suggestion()] if first == "refuse" else []
            if refused:
                reply = await player.tap("Игра не приняла")
            history: list[Entry] = []
            if first == own:
                history.append(Entry(own, feedback(own, secret)))
                reply = await player.say(f"{own} {mask_text(history[-1].mask)}")
            while not history or history[-1].word != secret:
                history.append(Entry(reply.suggestion(), feedback(reply.suggestion(), secret)))
                reply = await player.say(mask_text(history[-1].mask))
            assert "Отгадано" in reply.text
            review = await player.say("/review")
            expected = review_game(engine, history, [refused] * (len(history) + 1))
            lines = guess_lines(review.text)
            assert len(lines) == len(expected) == len(history)
            for line, guess in zip(lines, expected, strict=True):
                assert line.startswith(f"{guess.number}. {guess.entry.word.upper()} ")
                assert f"мастерство {signed('ru', guess.skill)}, везение {signed('ru', guess.luck or 0)}" in line
            assert history[0].word == own if first == own else history[0].word != own
