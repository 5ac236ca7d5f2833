"""Settings from the environment and a ``.env`` file (see ``.env.example``): the ones every game
shares here, and each game's own in its folder (``bot/games/<game>/settings.py``), joined into one
class by :func:`for_games` so that one environment and one ``.env`` set them all."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Literal, TypeVar, cast
from urllib.parse import urlparse

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.core.i18n import Language
from bot.storage.interface import CONNECTIONS

#: What BotFather hands out: the bot's numeric id, a colon, 35 URL-safe characters.
TOKEN_PATTERN = re.compile(r"^\d{5,}:[A-Za-z0-9_-]{30,}$")

TOKEN_HELP = (
    "Set BOT_TOKEN (the token from @BotFather, like 123456789:AA...) in the environment or in .env "
    "(see .env.example); to try the bot without a token run: .venv/bin/python -m bot --console"
)


#: Where every settings class, the shared one and each game's, reads from.
SOURCES = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

T = TypeVar("T", bound=BaseSettings)


class Settings(BaseSettings):
    """What every game shares, read at start; the token is a secret and never printed."""

    model_config = SOURCES

    bot_token: SecretStr | None = None
    database_path: Path = Path("var/bukvoed.sqlite3")
    # postgresql://user:password@host:port/database: PostgreSQL, shared by any number of bot
    # processes (docs/postgresql.md), instead of the SQLite file at DATABASE_PATH.
    database_url: SecretStr | None = None
    # PostgreSQL connections each process keeps: a chat at work holds one until its replies are
    # sent, so this bounds the chats at work at once (docs/postgresql.md says how many to choose).
    database_connections: int = Field(default=CONNECTIONS, ge=2)
    telegram_api_base_url: str = "https://api.telegram.org/bot"
    telegram_api_base_file_url: str = "https://api.telegram.org/file/bot"
    log_level: str = "INFO"
    # Players' texts and names stay out of the log at every level, DEBUG too (python-telegram-bot
    # logs each update and call there); true lets them in, for a developer's own test bot.
    log_user_data: bool = False
    console_language: str = Language.RUSSIAN  # the language the --console player's messages carry
    # Webhook mode when WEBHOOK_URL is set; long polling otherwise.
    webhook_url: str | None = None
    # Only this machine by default: put a proxy in front, or set 0.0.0.0 to face the internet.
    webhook_listen: str = "127.0.0.1"
    webhook_port: int = 8443
    webhook_secret_token: SecretStr | None = None
    # Without a secret anyone who finds the URL can post updates as any player: refused unless said so.
    webhook_allow_no_secret: bool = False
    # Webhook calls bigger than this are refused before their body is read (Telegram's are far smaller).
    webhook_max_body_bytes: int = 1_048_576
    # A webhook connection idle (or still sending its headers) this long is closed, and one whose
    # body takes longer than WEBHOOK_BODY_SECONDS; Telegram sends a whole update in milliseconds.
    webhook_idle_seconds: float = Field(default=10.0, gt=0)
    webhook_body_seconds: float = Field(default=10.0, gt=0)
    # Webhook connections held at most; past it the one stalled longest is closed for the newcomer.
    webhook_max_connections: int = Field(default=200, ge=1)
    # Stopping (SIGTERM, Ctrl-C) ends within this many seconds whatever Telegram does: calls to
    # it are cut off first, then the database is closed (docker stop kills after 10 s).
    shutdown_seconds: float = Field(default=8.0, gt=0)
    # Flood control: at most THROTTLE_MESSAGES updates per user in any THROTTLE_SECONDS (0: off).
    throttle_messages: int = 20
    throttle_seconds: float = 10.0
    # Calls to the Bot API: seconds before one is given up, retries after a 5xx, timeout,
    # dropped connection or 429, and the bot's overall sending rate (Telegram's ~30/s; 0: off).
    telegram_timeout_seconds: float = 10.0
    telegram_retries: int = 3
    telegram_max_rate: float = 30.0
    telegram_connections: int = 16  # HTTP connections to the Bot API at most at once
    # Long polling: seconds to wait after a batch of updates before asking for the next. Under
    # load the batches grow and cost less CPU each (a quarter less at 330 updates/s); a reply
    # waits at most this much longer.
    telegram_poll_interval: float = 0.01
    # Messages (and edits) the bot sends a group in any minute at most, a tenth at once and the
    # rest spread out; Telegram allows about 20. Past it a message waits in the outbox, and a
    # newer turn message of the same game replaces a waiting one, telling its moves too (0: not
    # paced; else at least 2).
    group_messages_per_minute: int = Field(default=20, ge=0)
    # The event loop under the bot: uvloop where installed (not on Windows), else asyncio's own.
    event_loop: Literal["uvloop", "asyncio"] = "uvloop"
    # The games this bot plays, by name, comma-separated (empty: every game): one left out has no
    # command or menu line and builds no tables at start (bot.registry.played reads it).
    games: str = ""

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
            raise ValueError("use DEBUG, INFO, WARNING, ERROR or CRITICAL")
        return level

    @field_validator("group_messages_per_minute")
    @classmethod
    def _a_pace(cls, value: int) -> int:
        if value == 1:
            raise ValueError("0 (not paced) or at least 2: a tenth of it (at least one) at once, the rest spread out")
        return value

    def token_problem(self) -> str | None:
        """Why the token cannot be used (one line for people), or None."""
        if self.bot_token is None or not self.bot_token.get_secret_value().strip():
            return f"BOT_TOKEN is not set. {TOKEN_HELP}"
        if not TOKEN_PATTERN.match(self.bot_token.get_secret_value().strip()):
            return f"BOT_TOKEN does not look like a bot token. {TOKEN_HELP}"
        return None

    def webhook_problem(self) -> str | None:
        """Why webhook mode cannot start as set (one line for people), or None."""
        has_secret = self.webhook_secret_token is not None and bool(self.webhook_secret_token.get_secret_value())
        if self.webhook_url and not urlparse(self.webhook_url).hostname:
            return (
                f"WEBHOOK_URL {self.webhook_url!r} has no host: set the public HTTPS address Telegram calls "
                "(with docker compose's postgres profile: WEBHOOK_DOMAIN in .env)"
            )
        if self.webhook_url and not has_secret and not self.webhook_allow_no_secret:
            return (
                "WEBHOOK_URL is set but WEBHOOK_SECRET_TOKEN is not: anyone could post updates to the bot. "
                "Set WEBHOOK_SECRET_TOKEN (1-256 of A-Z a-z 0-9 _ -), or WEBHOOK_ALLOW_NO_SECRET=true if "
                "something in front of the bot checks the calls"
            )
        return None

    def token(self) -> str:
        assert self.bot_token is not None
        return self.bot_token.get_secret_value().strip()


def for_games(own: Iterable[type[BaseSettings] | None]) -> type[Settings]:
    """The bot's settings class: the shared settings and each game's own ones (``own``, the games'
    classes in registry order, None for a game with none), one class so that one environment and
    one ``.env`` set them all and a game reads its own with :func:`of`."""
    return _joined(tuple(dict.fromkeys(kind for kind in own if kind is not None)))


@cache
def _joined(classes: tuple[type[BaseSettings], ...]) -> type[Settings]:
    """One class for each set of games' settings: pydantic builds a class's validators when it is
    made, some 7 ms, which a bot (or a test's) built for the same games again need not pay."""
    if not classes:
        return Settings
    return cast(type[Settings], type("BotSettings", (Settings, *classes), {}))


def of(settings: Settings, kind: type[T]) -> T:
    """A game's own settings out of the bot's: ``settings`` is an instance of the class
    :func:`for_games` joined from the games wired, so it is one of ``kind`` when the game is wired."""
    if not isinstance(settings, kind):
        raise TypeError(f"{kind.__name__} is not part of these settings: list it as its game's ``settings``")
    return settings
