"""Sessions, the chat's active game, turn deadlines and players' records: the statements a
unit's save brings, for the store to commit.

A session is one JSON document per chat and game kind with a version number: a save names
the version it was loaded at, so a save that raced another one fails loudly instead of
silently overwriting a move.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from bot.storage.sql import Sql
from bot.storage.unit_of_work import StagedSession, Statement, UnitOfWork


class _Keep:
    """The default of ``Store.save(deadline=...)``: leave the stored deadline as it is."""


KEEP = _Keep()


class StaleSessionError(RuntimeError):
    """The session changed since it was loaded: the save is refused."""


class DamagedSessionError(ValueError):
    """A stored session is not what a session is (not JSON, not an object, or not of its game's
    types): it is moved aside (``Store.quarantine``) rather than failing every update of its chat."""

    def __init__(self, chat_id: int, kind: str, reason: str) -> None:
        super().__init__(f"chat {chat_id}: its {kind} session cannot be read: {reason}")
        self.chat_id = chat_id
        self.kind = kind
        self.reason = reason


@dataclass(frozen=True)
class Stored:
    state: dict[str, Any]
    version: int


def stored(chat_id: int, kind: str, text: str, version: int) -> Stored:
    """A session row read back; ``DamagedSessionError`` when its text is not a JSON object."""
    try:
        state = json.loads(text)
    except ValueError as error:
        raise DamagedSessionError(chat_id, kind, f"not JSON ({error})") from None
    if not isinstance(state, dict):
        raise DamagedSessionError(chat_id, kind, f"not a JSON object but {type(state).__name__}")
    return Stored(state, version)


def quarantine_statements(chat_id: int, kind: str, reason: str, now: float) -> list[Statement]:
    """A damaged session moved aside into ``quarantine`` (its text, why, when), and what ran on it
    gone: the chat's turn deadline of that kind, and the kind as its active game."""
    return [
        (_QUARANTINE, (reason, now, chat_id, kind)),
        (_FORGET_SESSION, (chat_id, kind)),
        (_CLEAR_DEADLINE, (chat_id, kind)),
        (_NOT_ACTIVE, (chat_id, kind)),
    ]


@dataclass(frozen=True)
class Tally:
    """A change to a player's record."""

    played: int = 0
    won: int = 0
    lost: int = 0
    hints: int = 0
    draws: int = 0


@dataclass(frozen=True)
class Record:
    played: int
    won: int
    lost: int
    hints: int
    draws: int = 0


ACTIVATE = Sql(
    "INSERT INTO chats (chat_id, active_kind) VALUES (?, ?) "
    "ON CONFLICT (chat_id) DO UPDATE SET active_kind = excluded.active_kind",
    "INSERT INTO chats (chat_id, active_kind) VALUES ($1, $2) "
    "ON CONFLICT (chat_id) DO UPDATE SET active_kind = excluded.active_kind",
)
_SET_DEADLINE = Sql(
    "INSERT INTO turn_deadlines (chat_id, kind, deadline) VALUES (?, ?, ?) "
    "ON CONFLICT (chat_id, kind) DO UPDATE SET deadline = excluded.deadline",
    "INSERT INTO turn_deadlines (chat_id, kind, deadline) VALUES ($1, $2, $3) "
    "ON CONFLICT (chat_id, kind) DO UPDATE SET deadline = excluded.deadline",
)
_CLEAR_DEADLINE = Sql(
    "DELETE FROM turn_deadlines WHERE chat_id = ? AND kind = ?",
    "DELETE FROM turn_deadlines WHERE chat_id = $1 AND kind = $2",
)
#: A new session, replacing any the chat had of its kind.
_NEW_SESSION = Sql(
    "INSERT INTO sessions (chat_id, kind, state, version) VALUES (?, ?, ?, 1) "
    "ON CONFLICT (chat_id, kind) DO UPDATE SET state = excluded.state, version = sessions.version + 1 "
    "RETURNING version",
    "INSERT INTO sessions (chat_id, kind, state, version) VALUES ($1, $2, $3, 1) "
    "ON CONFLICT (chat_id, kind) DO UPDATE SET state = excluded.state, version = sessions.version + 1 "
    "RETURNING version",
    checks_version=True,
)
#: A session saved over the version it was loaded at: no row when it changed meanwhile.
_NEXT_VERSION = Sql(
    "UPDATE sessions SET state = ?, version = version + 1 WHERE chat_id = ? AND kind = ? AND version = ? "
    "RETURNING version",
    "UPDATE sessions SET state = $1, version = version + 1 WHERE chat_id = $2 AND kind = $3 AND version = $4 "
    "RETURNING version",
    checks_version=True,
)
_TALLY = Sql(
    "INSERT INTO records (user_id, kind, played, won, lost, hints, draws) VALUES (?, ?, ?, ?, ?, ?, ?) "
    "ON CONFLICT (user_id, kind) DO UPDATE SET played = records.played + excluded.played, "
    "won = records.won + excluded.won, lost = records.lost + excluded.lost, "
    "hints = records.hints + excluded.hints, draws = records.draws + excluded.draws",
    "INSERT INTO records (user_id, kind, played, won, lost, hints, draws) VALUES ($1, $2, $3, $4, $5, $6, $7) "
    "ON CONFLICT (user_id, kind) DO UPDATE SET played = records.played + excluded.played, "
    "won = records.won + excluded.won, lost = records.lost + excluded.lost, "
    "hints = records.hints + excluded.hints, draws = records.draws + excluded.draws",
)
_QUARANTINE = Sql(
    "INSERT INTO quarantine (chat_id, kind, state, error, moved_at) "
    "SELECT chat_id, kind, state, ?, ? FROM sessions WHERE chat_id = ? AND kind = ?",
    "INSERT INTO quarantine (chat_id, kind, state, error, moved_at) "
    "SELECT chat_id, kind, state, $1, $2 FROM sessions WHERE chat_id = $3 AND kind = $4",
)
_FORGET_SESSION = Sql(
    "DELETE FROM sessions WHERE chat_id = ? AND kind = ?", "DELETE FROM sessions WHERE chat_id = $1 AND kind = $2"
)
_NOT_ACTIVE = Sql(
    "DELETE FROM chats WHERE chat_id = ? AND active_kind = ?",
    "DELETE FROM chats WHERE chat_id = $1 AND active_kind = $2",
)


def session_statement(chat_id: int, kind: str, text: str, loaded_version: int | None) -> Statement:
    if loaded_version is None:
        return _NEW_SESSION, (chat_id, kind, text)
    return _NEXT_VERSION, (text, chat_id, kind, loaded_version)


def tally_statement(user_id: int, kind: str, tally: Tally) -> Statement:
    return _TALLY, (user_id, kind, tally.played, tally.won, tally.lost, tally.hints, tally.draws)


def change_statements(
    chat_id: int,
    kind: str,
    *,
    tallies: Mapping[int, Tally],
    record_kind: str,
    deadline: float | _Keep | None,
) -> list[Statement]:
    """What a save brings along: the players' records (under ``record_kind``) and the chat's
    turn deadline (epoch seconds; None clears it; ``KEEP`` leaves it)."""
    also = [tally_statement(player, record_kind, change) for player, change in tallies.items()]
    if deadline is None:
        also.append((_CLEAR_DEADLINE, (chat_id, kind)))
    elif not isinstance(deadline, _Keep):
        also.append((_SET_DEADLINE, (chat_id, kind, deadline)))
    return also


def activate(chat_id: int, kind: str) -> Statement:
    """The chat plays ``kind`` now."""
    return (ACTIVATE, (chat_id, kind))


def version_of(rows: Iterable[Any]) -> int | None:
    """The version ``RETURNING`` gave, or None when no row matched (a stale save)."""
    versions = [int(row[0]) for row in rows]
    return versions[0] if len(versions) == 1 else None


def stage_save(
    unit: UnitOfWork,
    chat_id: int,
    kind: str,
    state: dict[str, Any],
    base: int | None,
    *,
    tallies: Mapping[int, Tally],
    record_kind: str,
    activate: bool,
    deadline: float | _Keep | None,
) -> int:
    """Stage in ``unit`` a session's save over the stored version ``base`` (None: there is none),
    with what it brings (records, active game, deadline); the version it will commit as."""
    text = json.dumps(state, ensure_ascii=False)
    version = 1 if base is None else base + 1
    unit.sessions.append(StagedSession((chat_id, kind), text, version, session_statement(chat_id, kind, text, base)))
    unit.statements.extend(
        change_statements(chat_id, kind, tallies=tallies, record_kind=record_kind, deadline=deadline)
    )
    if activate:
        unit.active[chat_id] = kind
    return version
