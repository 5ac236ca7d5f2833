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

from bot.storage.unit_of_work import StagedSession, Statement, UnitOfWork


class _Keep:
    """The default of ``Store.save(deadline=...)``: leave the stored deadline as it is."""


KEEP = _Keep()


class StaleSessionError(RuntimeError):
    """The session changed since it was loaded: the save is refused."""


@dataclass(frozen=True)
class Stored:
    state: dict[str, Any]
    version: int


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


ACTIVATE = (
    "INSERT INTO chats (chat_id, active_kind) VALUES (?, ?) "
    "ON CONFLICT (chat_id) DO UPDATE SET active_kind = excluded.active_kind"
)
_SET_DEADLINE = (
    "INSERT INTO turn_deadlines (chat_id, kind, deadline) VALUES (?, ?, ?) "
    "ON CONFLICT (chat_id, kind) DO UPDATE SET deadline = excluded.deadline"
)


def session_statement(chat_id: int, kind: str, text: str, loaded_version: int | None) -> Statement:
    if loaded_version is None:
        return (
            "INSERT INTO sessions (chat_id, kind, state, version) VALUES (?, ?, ?, 1) "
            "ON CONFLICT (chat_id, kind) DO UPDATE SET state = excluded.state, version = sessions.version + 1 "
            "RETURNING version",
            (chat_id, kind, text),
        )
    return (
        "UPDATE sessions SET state = ?, version = version + 1 "
        "WHERE chat_id = ? AND kind = ? AND version = ? RETURNING version",
        (text, chat_id, kind, loaded_version),
    )


def tally_statement(user_id: int, kind: str, tally: Tally) -> Statement:
    return (
        "INSERT INTO records (user_id, kind, played, won, lost, hints, draws) VALUES (?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (user_id, kind) DO UPDATE SET played = records.played + excluded.played, "
        "won = records.won + excluded.won, lost = records.lost + excluded.lost, "
        "hints = records.hints + excluded.hints, draws = records.draws + excluded.draws",
        (user_id, kind, tally.played, tally.won, tally.lost, tally.hints, tally.draws),
    )


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
        also.append(("DELETE FROM turn_deadlines WHERE chat_id = ? AND kind = ?", (chat_id, kind)))
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
