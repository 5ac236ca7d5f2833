"""5bukv's own tables, one row per player and word: the answers players told the bot when no
word of its list fit, and the words they reported with 🚫 as refused by the game."""

from __future__ import annotations

from bot.storage import Store
from bot.storage.sql import Sql
from bot.storage.unit_of_work import Statement

#: 5bukv's own tables: the answers players told the bot when no word of its list fit, and the
#: words they reported with 🚫 as refused by the game, one row per player and word.
TABLES = Sql(
    """
CREATE TABLE IF NOT EXISTS wordle_answers (
    word TEXT NOT NULL,
    user_id INTEGER NOT NULL,
    PRIMARY KEY (word, user_id)
);
CREATE TABLE IF NOT EXISTS wordle_refused (
    word TEXT NOT NULL,
    user_id INTEGER NOT NULL,
    PRIMARY KEY (word, user_id)
);
""",
    """
CREATE TABLE IF NOT EXISTS wordle_answers (
    word TEXT NOT NULL,
    user_id BIGINT NOT NULL,
    PRIMARY KEY (word, user_id)
);
CREATE TABLE IF NOT EXISTS wordle_refused (
    word TEXT NOT NULL,
    user_id BIGINT NOT NULL,
    PRIMARY KEY (word, user_id)
);
""",
)

_ANSWER = Sql(
    "INSERT INTO wordle_answers (word, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING",
    "INSERT INTO wordle_answers (word, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING",
)
_ANSWER_REPORTERS = Sql(
    "SELECT user_id FROM wordle_answers WHERE word = ?", "SELECT user_id FROM wordle_answers WHERE word = $1"
)
_REPORTED_ANSWERS = Sql(
    "SELECT word FROM wordle_answers GROUP BY word HAVING COUNT(*) >= ? ORDER BY word",
    "SELECT word FROM wordle_answers GROUP BY word HAVING COUNT(*) >= $1 ORDER BY word",
)
_REFUSAL = Sql(
    "INSERT INTO wordle_refused (word, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING",
    "INSERT INTO wordle_refused (word, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING",
)
_REFUSAL_REPORTERS = Sql(
    "SELECT user_id FROM wordle_refused WHERE word = ?", "SELECT user_id FROM wordle_refused WHERE word = $1"
)
_REFUSED_WORDS = Sql(
    "SELECT word FROM wordle_refused GROUP BY word HAVING COUNT(*) >= ? ORDER BY word",
    "SELECT word FROM wordle_refused GROUP BY word HAVING COUNT(*) >= $1 ORDER BY word",
)


def answer_report(word: str, user_id: int) -> Statement:
    """That ``user_id`` says the secret was ``word`` (a player counts once per word)."""
    return _ANSWER, (word, user_id)


async def answer_reporters(store: Store, word: str) -> set[int]:
    """The players who said the secret was ``word``."""
    return {int(user_id) for (user_id,) in await store.read(_ANSWER_REPORTERS, (word,))}


async def reported_answers(store: Store, players: int) -> list[str]:
    """The answers that at least ``players`` different players reported."""
    return [str(word) for (word,) in await store.read(_REPORTED_ANSWERS, (players,))]


def refusal_report(word: str, user_id: int) -> Statement:
    """That ``user_id`` says the game refused ``word`` as a guess (a player counts once per word)."""
    return _REFUSAL, (word, user_id)


async def refusal_reporters(store: Store, word: str) -> set[int]:
    return {int(user_id) for (user_id,) in await store.read(_REFUSAL_REPORTERS, (word,))}


async def refused_words(store: Store, players: int) -> list[str]:
    """The words at least ``players`` different players reported as refused."""
    return [str(word) for (word,) in await store.read(_REFUSED_WORDS, (players,))]
