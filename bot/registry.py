"""Every game the bot plays, listed once. Adding a game is its folder (``bot/<game>/``, with a
``game.py`` exporting ``GAME``) and one line here; ``bot/app.py`` wires the rest."""

from __future__ import annotations

from bot.fingers.game import GAME as FINGERS
from bot.games import Game
from bot.group.game import GAME as GROUP
from bot.letters.game import GAME as LETTERS
from bot.wordle.game import GAME as WORDLE

#: In the order the menu, /help and /rules list them.
GAMES: tuple[Game, ...] = (LETTERS, FINGERS, WORDLE, GROUP)
