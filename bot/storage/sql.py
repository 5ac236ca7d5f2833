"""A statement as each engine takes it, written for each: SQLite's text (``?`` placeholders,
its types) and PostgreSQL's (``$1``, ``$2``, …, its types), side by side where the statement is
made, so neither engine translates the other's words."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Sql:
    """One statement (or script) in each engine's words. ``checks_version``: it returns the
    session's new version, and no row means the save was stale."""

    sqlite: str
    postgres: str
    checks_version: bool = False


def same(text: str) -> Sql:
    """A statement without parameters whose words both engines take as they are."""
    return Sql(text, text)
