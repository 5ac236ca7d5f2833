"""5bukv's own tables, one row per player and word: the answers players told the bot when no
word of its list fit, and the words they reported with 🚫 as refused by the game."""

from __future__ import annotations

from bot.storage import Store
from bot.storage.unit_of_work import Statement

#: 5bukv's own tables: the answers players told the bot when no word of its list fit, and the
#: words they reported with 🚫 as refused by the game, one row per player and word.
TABLES = """
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
"""


def answer_report(word: str, user_id: int) -> Statement:
    """That ``user_id`` says the secret was ``word`` (a player counts once per word)."""
    return ("INSERT INTO wordle_answers (word, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING", (word, user_id))


async def answer_reporters(store: Store, word: str) -> set[int]:
    """The players who said the secret was ``word``."""
    rows = await store.read("SELECT user_id FROM wordle_answers WHERE word = ?", (word,))
    return {int(user_id) for (user_id,) in rows}


async def reported_answers(store: Store, players: int) -> list[str]:
    """The answers that at least ``players`` different players reported."""
    sql = "SELECT word FROM wordle_answers GROUP BY word HAVING COUNT(*) >= ? ORDER BY word"
    return [str(word) for (word,) in await store.read(sql, (players,))]


def refusal_report(word: str, user_id: int) -> Statement:
    """That ``user_id`` says the game refused ``word`` as a guess (a player counts once per word)."""
    return ("INSERT INTO wordle_refused (word, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING", (word, user_id))


async def refusal_reporters(store: Store, word: str) -> set[int]:
    rows = await store.read("SELECT user_id FROM wordle_refused WHERE word = ?", (word,))
    return {int(user_id) for (user_id,) in rows}


async def refused_words(store: Store, players: int) -> list[str]:
    """The words at least ``players`` different players reported as refused."""
    sql = "SELECT word FROM wordle_refused GROUP BY word HAVING COUNT(*) >= ? ORDER BY word"
    return [str(word) for (word,) in await store.read(sql, (players,))]
