"""The daily puzzle: chosen from the date alone, each of the next 366 a forced win on everyday words
at its weekday's difficulty, proved by searching the moves themselves rather than trusting the table."""

from __future__ import annotations

import json
from datetime import date, timedelta
from functools import cache

import pytest

from solver.cli import main
from solver.daily import WEEK, DailyBook, Square, difficulty, forced_win, number_of, squares
from solver.letters import LetterGame, Verdict
from solver.words import LANGUAGES, Tier

DAYS = 366


@cache
def game(lang: str) -> LetterGame:
    language = LANGUAGES[lang]
    zipf = language.zipf(Tier.COMMON)
    return LetterGame(list(zipf), language.rule, language.min_length, language.alphabet, zipf)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_next_366_dailies_are_forced_wins_on_everyday_words_at_their_weekday_s_difficulty(lang: str) -> None:
    book = DailyBook(game(lang), lang)
    everyday = set(LANGUAGES[lang].words(Tier.COMMON))
    boards = []
    for offset in range(DAYS):
        day = date.today() + timedelta(days=offset)
        puzzle = book.puzzle(day)
        assert forced_win(game(lang), puzzle.board), puzzle  # proved by search, not read from the table
        assert game(lang).verdict(puzzle.line) is Verdict.COMPLETED_WORD and puzzle.line in everyday
        assert WEEK[lang][day.weekday()].holds(puzzle.difficulty)
        assert puzzle.difficulty == difficulty(puzzle.moves, len(puzzle.winning_letters))
        assert puzzle.number == number_of(day)
        boards.append(puzzle.board)
    assert len(set(boards)) == DAYS  # no puzzle repeats within a year


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_pool_holds_more_than_a_year_of_its_days(lang: str) -> None:
    book = DailyBook(game(lang), lang)
    for band in dict.fromkeys(WEEK[lang]):
        assert len(book.pool(band)) >= 53 * book.draws_per_week(band), band


def test_the_week_grows_harder_from_monday_to_sunday() -> None:
    for lang, week in WEEK.items():
        lows = [band.low for band in week]
        assert lows == sorted(lows), lang
        assert lows[0] < lows[-1]


def test_the_date_alone_decides_the_puzzle() -> None:
    day = date(2027, 3, 14)
    first, second = DailyBook(game("ru"), "ru").puzzle(day), DailyBook(game("ru"), "ru").puzzle(day)
    assert first == second


def test_squares_grade_the_player_s_moves_against_the_best_letter() -> None:
    ru = game("ru")
    puzzle = DailyBook(ru, "ru").puzzle(date(2026, 11, 27))  # a Friday: several moves to win
    line = puzzle.line[len(puzzle.board) :]
    assert squares(ru, puzzle.board, line) == [Square.BEST] * puzzle.moves
    losing = next(play.letter for play in ru.plays(puzzle.board) if play.letter not in puzzle.winning_letters)
    assert squares(ru, puzzle.board, losing)[0] is Square.THREW


def test_the_command_line_prints_a_day_s_puzzle_and_its_solution(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["daily", "--date", "2026-11-29", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    puzzle = DailyBook(game("ru"), "ru").puzzle(date(2026, 11, 29))
    assert shown == json.loads(json.dumps(puzzle.as_json(), ensure_ascii=False))
    assert main(["daily", "--date", "2026-11-29"]) == 0
    text = capsys.readouterr().out
    assert puzzle.board.upper() in text and puzzle.strategy in text
    assert main(["daily", "--date", "someday"]) == 2
