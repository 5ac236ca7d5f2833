"""The daily puzzle's own settings, read from the same environment and ``.env`` as the bot's others."""

from __future__ import annotations

from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import field_validator
from pydantic_settings import BaseSettings

from bot.core.settings import SOURCES, Settings, of


class DailySettings(BaseSettings):
    model_config = SOURCES

    # The day's puzzle changes at midnight in this time zone (an IANA name).
    daily_timezone: str = "Europe/Moscow"
    # Whether a daily lost keeps the player's streak going. Off: a streak counts puzzles solved in a
    # row, as Wordle's does, so a loss ends it as a missed day does.
    daily_loss_keeps_streak: bool = False

    @field_validator("daily_timezone")
    @classmethod
    def _known_zone(cls, value: str) -> str:
        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError):
            raise ValueError("an IANA time zone such as Europe/Moscow or UTC") from None
        return value


def own_settings(settings: Settings) -> DailySettings:
    """This game's settings out of the bot's."""
    return of(settings, DailySettings)
