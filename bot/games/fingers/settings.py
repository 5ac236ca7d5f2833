"""The finger game's own settings. They are read from the same environment and ``.env`` as the
bot's others (:func:`bot.core.settings.for_games` joins them)."""

from __future__ import annotations

from pydantic_settings import BaseSettings

from bot.core.settings import SOURCES, Settings, of


class FingersSettings(BaseSettings):
    model_config = SOURCES

    # Finger game: a draw is declared after this many moves (both players' together).
    fingers_move_cap: int = 100


def own_settings(settings: Settings) -> FingersSettings:
    """This game's settings out of the bot's."""
    return of(settings, FingersSettings)
