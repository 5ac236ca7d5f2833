"""Every game the bot plays, listed once. Adding a game is its folder (``bot/games/<game>/``, with a
``game.py`` exporting ``GAME``) and one line here; ``bot/runtime/app.py`` wires the rest."""

from __future__ import annotations

from bot.core.game import Codecs, Game, solver_tables
from bot.core.settings import Settings as SharedSettings
from bot.core.settings import for_games
from bot.core.solvers import MakeTables
from bot.core.texts import LocaleData
from bot.games.fingers.game import GAME as FINGERS
from bot.games.letters.daily.game import GAME as DAILY
from bot.games.letters.game import GAME as LETTERS
from bot.games.letters.group.game import GAME as GROUP
from bot.games.wordle.game import GAME as WORDLE
from bot.games.wordle_en.game import GAME as WORDLE_EN

#: In the order the menu, /help and /rules list them.
GAMES: tuple[Game, ...] = (LETTERS, DAILY, FINGERS, WORDLE, WORDLE_EN, GROUP)

#: The bot's settings: the ones every game shares and each game's own.
Settings = for_games(game.settings for game in GAMES)

#: What the bot builds at start (each game's solver tables, and the codecs every game's first replies
#: read), for ``bot.core.solvers``.
SOLVER_TABLES: tuple[MakeTables, ...] = (Codecs, LocaleData, *solver_tables(GAMES))


def played(settings: SharedSettings) -> tuple[Game, ...]:
    """The games GAMES names, in the registry's order (every game when it names none); a name of no
    game, or no game a private chat plays (what /start offers), raises ValueError, with the names there are."""
    names = {name.strip().lower() for name in settings.games.split(",") if name.strip()}
    unknown = sorted(names - {game.kind for game in GAMES})
    if unknown:
        raise ValueError(f"GAMES: no game {', '.join(unknown)}; the games are {', '.join(g.kind for g in GAMES)}")
    games = tuple(game for game in GAMES if game.kind in names) if names else GAMES
    if not any(game.private is not None for game in games):
        private = ", ".join(game.kind for game in GAMES if game.private is not None)
        raise ValueError(f"GAMES: name one a private chat plays too ({private})")
    return games


def tables_of(games: tuple[Game, ...]) -> tuple[MakeTables, ...]:
    """What a bot playing ``games`` builds at start: their solver tables, and the codecs."""
    return (Codecs, LocaleData, *solver_tables(games))
