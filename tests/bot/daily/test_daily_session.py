"""Streaks of dailies: consecutive days solved; a missed day ends one; a lost day too, unless the
setting keeps it; today's go under way changes nothing yet."""

from __future__ import annotations

from datetime import date, timedelta

from bot.games.letters.daily.session import streaks
from bot.games.letters.daily.store import Result

TODAY = date(2026, 11, 25)


def days(*outcomes: bool | None) -> list[Result]:
    """Results for consecutive days ending today, oldest first (None: under way)."""
    first = TODAY - timedelta(days=len(outcomes) - 1)
    return [Result(first + timedelta(days=i), won, 3, "") for i, won in enumerate(outcomes)]


def test_consecutive_solved_days_make_a_streak() -> None:
    assert streaks(days(True, True, True), TODAY, loss_keeps=False) == (3, 3)


def test_a_missed_day_ends_the_streak() -> None:
    results = [r for r in days(True, True, True, True) if r.day != TODAY - timedelta(days=1)]
    assert streaks(results, TODAY, loss_keeps=False) == (1, 2)


def test_a_streak_is_over_once_yesterday_was_missed() -> None:
    results = days(True, True)
    late = TODAY + timedelta(days=2)
    assert streaks(results, late, loss_keeps=False) == (0, 2)


def test_a_lost_day_ends_the_streak_unless_the_setting_keeps_it() -> None:
    results = days(True, True, False, True)
    assert streaks(results, TODAY, loss_keeps=False) == (1, 2)
    assert streaks(results, TODAY, loss_keeps=True) == (3, 3)


def test_today_s_go_under_way_keeps_yesterday_s_streak() -> None:
    assert streaks(days(True, True, None), TODAY, loss_keeps=False) == (2, 2)


def test_an_unfinished_go_of_an_earlier_day_counts_as_lost() -> None:
    assert streaks(days(True, None, True), TODAY, loss_keeps=False) == (1, 1)
