"""The 5bukv helper's own settings. They are read from the same environment and ``.env`` as the
bot's others (:func:`bot.core.settings.for_games` joins them)."""

from __future__ import annotations

from pydantic import Field
from pydantic_settings import BaseSettings

from bot.core.settings import SOURCES, Settings, of


class WordleSettings(BaseSettings):
    model_config = SOURCES

    # 5bukv: an answer the game had that no word of the list fits joins this deployment's
    # words once this many different players have told the bot the same answer.
    wordle_answer_players: int = Field(default=3, ge=1)
    # 5bukv: a word players report with 🚫 as refused by the game leaves the guesses for everyone
    # once this many different players have reported it.
    wordle_refused_players: int = Field(default=3, ge=1)


def own_settings(settings: Settings) -> WordleSettings:
    """This game's settings out of the bot's."""
    return of(settings, WordleSettings)
