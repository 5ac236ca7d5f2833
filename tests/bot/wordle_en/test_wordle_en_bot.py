"""English Wordle end to end through the real bot: every way of pasting Wordle's colours, the
letter buttons, undo, hard mode, the share card and the review."""

from __future__ import annotations

from pathlib import Path

import pytest
from bot_harness import Bot, Player, record, stored_state

from bot.core.solvers import Solvers
from bot.games.wordle_common import texts as common_texts
from bot.games.wordle_en import texts as wordle_texts
from bot.games.wordle_en.solver import EnglishWordleSolver
from solver.wordle import Colour, Entry, feedback
from solver.wordle.english import english_letters, english_squares
from solver.wordle.review import game_scores, review_game

SECRET = "cigar"
TAPS = {Colour.GREY: 0, Colour.WHITE: 1, Colour.YELLOW: 2}  # grey → yellow → green


def squares(guess: str, secret: str = SECRET) -> str:
    return english_squares(feedback(guess, secret))


def letters(guess: str, secret: str = SECRET) -> str:
    return english_letters(feedback(guess, secret))


FORMATS = {
    "squares": squares,
    "light squares": lambda guess: squares(guess).replace("⬛", "⬜"),
    "spaced letters": lambda guess: " ".join(letters(guess)),
    "letters with x": lambda guess: letters(guess).replace("b", "x").upper(),
}


@pytest.mark.parametrize("form", list(FORMATS))
async def test_each_colour_format_reaches_the_word(bot: Bot, database: Path, form: str) -> None:
    player = Player(bot, 401, "en")
    reply = await player.say("/wordle")
    assert "Words still possible: 2315" in reply.text and reply.suggestion() == "salet"
    for _ in range(6):
        if "Solved" in reply.text:
            break
        reply = await player.say(FORMATS[form](reply.suggestion()))
    assert "🎉 Solved in" in reply.text
    assert f"🟩🟩🟩🟩🟩 {SECRET.upper()}" in reply.text
    assert record(database, 401, "wordle") == (1, 1, 0, 0)
    assert wordle_texts.already_solved("en") in (await player.say("ggggg")).text


async def test_the_word_then_the_squares_for_a_guess_of_ones_own(bot: Bot, solvers: Solvers, database: Path) -> None:
    player = Player(bot, 402, "en")
    await player.say("/wordle")
    reply = await player.say(f"CRANE {squares('crane')}")
    assert f"{squares('crane')} CRANE" in reply.text
    state = stored_state(database, 402, "wordle")
    assert state is not None and state[0]["entries"] == [["crane", "ywwgg"]]  # the engine's letters: y right place
    engine = solvers.of(EnglishWordleSolver).engine(False)
    history = [Entry("crane", feedback("crane", SECRET))]
    left = engine.candidates(history)
    assert len(left) <= 10 and f"Words still possible ({len(left)}): {', '.join(left).upper()}" in reply.text
    assert reply.suggestion() == engine.suggest(history)


async def test_tapping_the_letters(bot: Bot) -> None:
    player = Player(bot, 403, "en")
    reply = await player.say("/wordle")
    for _ in range(6):
        if "Solved" in reply.text:
            break
        guess = reply.suggestion()
        for index, colour in enumerate(feedback(guess, SECRET)):
            for _ in range(TAPS[colour]):
                tile = next(b for b in player.buttons() if b["callback_data"].endswith(f":tap:{index}"))
                await player.press_data(player.keyboards[-1][0], tile["callback_data"])
        assert "".join(b["text"][0] for b in player.buttons()[:5]) == squares(guess)
        reply = await player.tap("Done")
    assert "🎉 Solved in" in reply.text


async def test_undo_takes_back_the_last_colours(bot: Bot, database: Path) -> None:
    player = Player(bot, 404, "en")
    await player.say("/wordle")
    reply = await player.say(squares("salet"))
    assert reply.suggestion() != "salet"
    reply = await player.say("/undo")
    assert reply.suggestion() == "salet" and f"{squares('salet')} SALET" not in reply.text
    state = stored_state(database, 404, "wordle")
    assert state is not None and state[0]["entries"] == []
    assert common_texts.nothing_to_undo("en") in (await player.say("/undo")).text


async def test_bad_colours_are_explained_and_lose_nothing(bot: Bot, database: Path) -> None:
    player = Player(bot, 405, "en")
    await player.say("/wordle")
    assert "Wordle shows 5 colours; I read 3" in (await player.say("gyb")).text
    refused = (await player.say("gyzbb")).text
    assert "I do not understand “z”" in refused and "A word of your own" in refused
    bare = (await player.say("crane")).text  # a guess typed without its colours
    assert "I do not understand “c”" in bare and "send it then its colours, like: crane gybbb" in bare
    assert "A word of your own" not in (await player.say("gy?bb")).text  # not a letter: no word in sight
    state = stored_state(database, 405, "wordle")
    assert state is not None and state[0]["entries"] == []


async def test_hard_mode_suggestions_use_every_hint(bot: Bot) -> None:
    player = Player(bot, 406, "en")
    await player.say("/wordle")
    reply = await player.tap("Hard mode: off")
    assert "Hard mode: every hint is used" in reply.text
    assert any("Hard mode: on" in b["text"] for b in player.buttons())
    history: list[Entry] = []
    for _ in range(6):
        if "Solved" in reply.text:
            break
        guess = reply.suggestion()
        for entry in history:
            for position, (letter, colour) in enumerate(zip(entry.word, entry.mask, strict=True)):
                if colour is Colour.YELLOW:
                    assert guess[position] == letter
                if colour is Colour.WHITE:
                    assert letter in guess
        history.append(Entry(guess, feedback(guess, SECRET)))
        reply = await player.say(squares(guess))
    assert "🎉 Solved in" in reply.text


async def test_share_card_and_review(bot: Bot, solvers: Solvers) -> None:
    """The game follows the suggestions (on the stored tree, so the review is quick on a busy machine)."""
    player = Player(bot, 407, "en")
    reply = await player.say("/wordle")
    guesses: list[str] = []
    while "Solved" not in reply.text and len(guesses) < 6:
        guesses.append(reply.suggestion())
        reply = await player.say(squares(guesses[-1]))
    assert f"🎉 Solved in {len(guesses)} tries" in reply.text and guesses[-1] == SECRET
    reply = await player.tap("Review")
    history = [Entry(guess, feedback(guess, SECRET)) for guess in guesses]
    engine = solvers.of(EnglishWordleSolver).engine(False)
    expected = review_game(engine, history)
    lines = [line for line in reply.texts[0].splitlines() if line[:2] in ("1.", "2.", "3.", "4.", "5.", "6.")]
    assert len(lines) == len(guesses)
    for line, guess in zip(lines, expected, strict=True):
        assert line.startswith(f"{guess.number}. {english_squares(guess.entry.mask)} {guess.entry.word.upper()}: ")
        assert f"{guess.before} → {guess.after} words" in line
        assert f"(mine: {guess.suggested.word.upper()})" in line
    scores = game_scores(expected)
    assert f"Expected at the start: {scores.expected:.2f} tries" in reply.text
    card = "\n".join([f"Wordle {len(guesses)}/6", "", *(squares(guess) for guess in guesses)])
    assert card in reply.texts and not any(guess in card.lower() for guess in guesses)


async def test_the_help_opens_with_each_games_colours(bot: Bot) -> None:
    reply = await Player(bot, 408, "en").say("/help")
    assert wordle_texts.colours_line("en") in reply.text
    assert "🟨 5bukv: 🟨 yellow is the right place" in reply.text
    russian = await Player(bot, 409, "ru").say("/rules_wordle")
    assert "🟩 зелёный — буква на месте" in russian.text
