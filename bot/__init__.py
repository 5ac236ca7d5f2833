"""The Telegram bot: one folder per game (letters, group, fingers, wordle), wired in bot/runtime/app.py."""
