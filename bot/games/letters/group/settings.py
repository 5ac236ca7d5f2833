"""The group letter game's own settings. They are read from the same environment and ``.env`` as the
bot's others (:func:`bot.core.settings.for_games` joins them)."""

from __future__ import annotations

from pydantic_settings import BaseSettings

from bot.core.settings import SOURCES, Settings, of


class GroupSettings(BaseSettings):
    model_config = SOURCES

    # Group letter game: seconds a player has for a move before they are out.
    group_turn_seconds: float = 60.0
    # Group letter game: seconds a lobby waits to be started before it closes.
    group_lobby_seconds: float = 600.0


def own_settings(settings: Settings) -> GroupSettings:
    """This game's settings out of the bot's."""
    return of(settings, GroupSettings)
