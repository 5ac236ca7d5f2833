"""One folder per game, each exporting its record from ``game.py``; listed once in :mod:`bot.registry`."""
