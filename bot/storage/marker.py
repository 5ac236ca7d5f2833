"""The marker that tells a store that vanished from a new install.

A SQLite file that is deleted (or a PostgreSQL database emptied or replaced by a fresh one) looks,
to a bot starting on it, just like a first start: it would make an empty store and carry on, and
every chat would lose its games and records without anyone being asked. So whenever a store
opens, its name is written into a small marker file beside the SQLite file
(``<DATABASE_PATH>.marker``, one line per store). A start that finds its store missing while the
marker names it refuses, in one line saying how to restore it or start afresh
(``python -m bot --fresh-store``); with no marker (a new install) the store is made as before.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from bot.storage.schema import StoreUnavailableError

log = logging.getLogger(__name__)

#: What the marker says above its store lines, for an operator who finds the file.
_HEADER = (
    "# Bukvoed keeps its store here (one line per store). If a store named below is missing, the bot\n"
    "# refuses to start: restore it from a backup, or start afresh with `python -m bot --fresh-store`.\n"
)
#: The one line of a refusal; ``{what}`` (the store, and how it is missing) and ``{marker}`` filled in.
MISSING = (
    "{what}, though {marker} says the bot kept its data there: restore it from a backup "
    "(docs/operations.md), or start afresh with an empty store: python -m bot --fresh-store"
)


def marker_of(path: Path) -> Path:
    """The marker file beside a SQLite file's path (also where a PostgreSQL store is noted)."""
    return path.with_name(path.name + ".marker")


def named(marker: Path, store: str) -> bool:
    """Whether ``marker`` names ``store`` (an unreadable marker names nothing: a start goes on)."""
    try:
        lines = marker.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        return False
    except (OSError, UnicodeDecodeError) as error:
        log.warning("cannot read the store marker %s: %s", marker, error)
        return False
    return store in (line.strip() for line in lines if not line.startswith("#"))


def refuse_missing(marker: Path, store: str, what: str, *, fresh: bool) -> None:
    """Raise ``StoreUnavailableError`` for a missing store the marker names, unless ``fresh``
    (``what``: the store and how it is missing, for the one line)."""
    if not fresh and named(marker, store):
        raise StoreUnavailableError(MISSING.format(what=what, marker=marker))


def note(marker: Path, store: str) -> None:
    """Name ``store`` in ``marker`` (written whole, then renamed into place: never half a file)."""
    if named(marker, store):
        return
    try:
        existing = marker.read_text(encoding="utf-8").splitlines() if marker.exists() else []
        stores = [line for line in existing if line.strip() and not line.startswith("#")]
        marker.parent.mkdir(parents=True, exist_ok=True)
        draft = marker.with_name(marker.name + ".tmp")
        draft.write_text(_HEADER + "".join(f"{line}\n" for line in [*stores, store]), encoding="utf-8")
        os.replace(draft, marker)
    except (OSError, UnicodeDecodeError) as error:
        log.warning("cannot write the store marker %s (%s): a store that vanishes would not be noticed", marker, error)
