"""The daily puzzle tells one story, in both languages: a lost day's card and review grade the
same moves; a replay prints no card; the card and the inline results name the puzzle; a letter that
loses at once is asked about once; a past day plays uncounted; /daily on a finished day says how it
went; once the day is over /hint and /undo speak as after it."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import pytest
from bot_harness import Bot, Player, record
from test_daily_bot import solve, todays

from bot.core.solvers import Solvers
from bot.games.letters.tables import LetterGames
from solver.daily import Puzzle
from solver.letters import LetterGame, Verdict

#: What each language says, by the story's step.
SAYS = {
    "ru": {
        "sure": "Точно?",
        "lost": "❌ На этот раз нет",
        "day_lost": "Сегодняшняя попытка засчитана: не решено",
        "day_won": "Сегодня уже решено за",
        "over": "Задача закончена",
        "undo_over": "Отменять нечего: задача закончена",
        "replay": "Это был повтор",
        "archive": "Задача из архива",
        "card": "Буквоед · задача дня №{n} · {game}",
        "game": {"ru": "русские слова, закончил слово — выиграл", "en": "английский Ghost, закончил слово — проиграл"},
        "title": {"ru": "Моя задача дня №{n} · русская", "en": "Моя задача дня №{n} · английский Ghost"},
        "review": "Разбор задачи",
    },
    "en": {
        "sure": "Sure?",
        "lost": "❌ Not this time",
        "day_lost": "Today's go is counted: not solved",
        "day_won": "Solved today already, in",
        "over": "The puzzle is over",
        "undo_over": "Nothing to take back: the puzzle is over",
        "replay": "That was a replay",
        "archive": "A puzzle from the archive",
        "card": "Bukvoed · daily #{n} · {game}",
        "game": {"ru": "Russian nouns, completing a word wins", "en": "English Ghost, completing a word loses"},
        "title": {"ru": "My daily #{n} · Russian", "en": "My daily #{n} · English Ghost"},
        "review": "Review of puzzle",
    },
}


def game_of(solvers: Solvers, lang: str) -> LetterGame:
    return solvers.of(LetterGames).game(lang)


def board_of(text: str) -> str:
    return re.findall(r"[«\"]([^»\"]+)[»\"]", text)[-1].lower()


async def lose(player: Player, game: LetterGame, puzzle: Puzzle, lang: str) -> str:
    """A letter that throws the win, then the best letter each turn, each asked-about letter confirmed."""
    letter = next(p.letter for p in game.plays(puzzle.board) if p.letter not in puzzle.winning_letters)
    text = (await player.say(letter)).text
    for _ in range(40):
        if SAYS[lang]["lost"] in text:
            return text
        if SAYS[lang]["sure"] not in text:
            letter = game.best_letter(board_of(text))
        text = (await player.say(letter)).text
    raise AssertionError(text)


@pytest.mark.parametrize("lang", ["ru", "en"])
async def test_a_lost_day_s_card_and_review_grade_the_same_moves(bot: Bot, solvers: Solvers, lang: str) -> None:
    user = 1310 if lang == "ru" else 1311
    puzzle, game = todays(solvers, lang), game_of(solvers, lang)
    player = Player(bot, user, language_code=lang)
    await player.say(f"/daily {lang}")
    lost = await lose(player, game, puzzle, lang)
    moves = int(re.findall(r"(\d+) (?:ход|move)", lost.split("\n\n")[-1])[0])
    squares = lost.strip().splitlines()[-1]
    assert len(squares) == moves, lost  # a square for every move the card counts
    review = (await player.say("/review")).text
    graded = [line for line in review.splitlines() if re.match(r"\d+\. ", line)]
    assert len(graded) == moves and "".join(line.split()[1] for line in graded) == squares, (review, squares)
    # /daily again tells how the day went, with the same squares, and starts a replay.
    again = (await player.say(f"/daily {lang}")).text
    assert SAYS[lang]["day_lost"] in again and squares in again
    # Over: /hint and /undo no longer speak as if the puzzle were running.
    replayed = await solve(player, puzzle)
    assert SAYS[lang]["replay"] in replayed
    assert "·" not in replayed and "📤" not in str(player.buttons())  # a replay prints no card to share
    assert SAYS[lang]["over"] in (await player.say("/hint")).text
    assert SAYS[lang]["undo_over"] in (await player.say("/undo")).text


@pytest.mark.parametrize("lang", ["ru", "en"])
async def test_the_card_and_the_inline_results_name_each_puzzle(bot: Bot, solvers: Solvers, lang: str) -> None:
    user = 1312 if lang == "ru" else 1313
    player = Player(bot, user, language_code=lang)
    for puzzle_lang in ("ru", "en"):
        puzzle = todays(solvers, puzzle_lang)
        await player.say(f"/daily {puzzle_lang}")
        ended = await solve(player, puzzle)
        head = SAYS[lang]["card"].format(n=puzzle.number, game=SAYS[lang]["game"][puzzle_lang])
        assert head in ended, ended
        assert SAYS[lang]["day_won"] in (await player.say(f"/daily {puzzle_lang}")).text
        await player.say("/giveup")  # the replay left
    first = len(bot.standin.calls)
    await bot.wait(bot.standin.push_inline(user, "", lang))
    answer = next(c for c in bot.standin.calls[first:] if c.method == "answerInlineQuery")
    titles = [result["title"] for result in answer.params["results"]]
    expected = [SAYS[lang]["title"][p].format(n=todays(solvers, p).number) for p in ("ru", "en")]
    assert titles == expected and len(set(titles)) == 2


@pytest.mark.parametrize("lang", ["ru", "en"])
async def test_a_letter_that_loses_at_once_is_asked_about_once(
    bot: Bot, solvers: Solvers, database: Path, lang: str
) -> None:
    user = 1314 if lang == "ru" else 1315
    puzzle, game = todays(solvers, lang), game_of(solvers, lang)
    dead = next(letter for letter in game.alphabet if game.verdict(puzzle.board + letter) is Verdict.NO_WORD)
    player = Player(bot, user, language_code=lang)
    await player.say(f"/daily {lang}")
    asked = (await player.say(dead)).text
    assert asked.startswith(SAYS[lang]["sure"]) and dead.upper() in asked, asked
    assert record(database, user, "daily" if lang == "ru" else "daily_en") == (1, 0, 0, 0)  # nothing lost yet
    ended = await solve(player, puzzle)  # another letter: the go goes on, and is solved
    assert "✅" in ended and "🟩" * puzzle.moves in ended
    # Sent twice, the letter counts: a second go (a replay) lost on it.
    await player.say(f"/daily {lang}")
    assert SAYS[lang]["sure"] in (await player.say(dead)).text
    assert SAYS[lang]["lost"] in (await player.say(dead)).text


@pytest.mark.parametrize("lang", ["ru", "en"])
async def test_a_past_day_plays_and_never_counts(bot: Bot, solvers: Solvers, database: Path, lang: str) -> None:
    user = 1316 if lang == "ru" else 1317
    today = todays(solvers, lang)
    day = today.day - timedelta(days=3)
    from solver.daily import DailyBook

    puzzle = DailyBook(game_of(solvers, lang), lang).puzzle(day)
    player = Player(bot, user, language_code=lang)
    intro = (await player.say(f"/daily {lang} {day.isoformat()}")).text
    assert SAYS[lang]["archive"] in intro and str(puzzle.number) in intro and puzzle.board.upper() in intro
    ended = await solve(player, puzzle)
    assert "✅" in ended and SAYS[lang]["archive"] in ended and "📤" not in str(player.buttons())
    assert record(database, user, "daily" if lang == "ru" else "daily_en") is None  # counted nowhere
    assert "2099" in (await player.say(f"/daily {lang} 2099-01-01")).text  # not out yet: said so
    first_go = (await player.say(f"/daily {lang}")).text  # today's go is still the counted one
    assert SAYS[lang]["replay"].split()[0] not in first_go.splitlines()[0]
