"""What every game session shares: an id for its buttons and one way to and from JSON."""

from __future__ import annotations

import dataclasses
import secrets
from typing import Any, ClassVar, Self


def new_id() -> str:
    """A short random id: buttons carry it, so a button from another game is stale."""
    return secrets.token_hex(3)


class Session:
    """Base of the games' session dataclasses: pure state, stored as JSON under ``KIND``.

    Fields missing from stored JSON take their defaults, and unknown ones are
    dropped, so an older row still loads after a field is added or removed."""

    KIND: ClassVar[str]
    id: str

    @property
    def running(self) -> bool:
        """A game under way: leaving it now means resigning (so starting another one asks first)."""
        return False

    #: Already counted as won (5bukv: solved, then undone): resigning it now counts no loss.
    won_counted: bool = False

    @property
    def counted(self) -> bool:
        """Already counted in /stats as won or lost: resigning it now counts nothing more."""
        return self.won_counted

    def resign(self) -> None:
        """End the game as lost for the player."""
        raise NotImplementedError(f"{type(self).__name__} cannot be resigned")

    @property
    def record_kind(self) -> str:
        """Where the player's results are counted in /stats."""
        return self.KIND

    def to_dict(self) -> dict[str, Any]:
        assert dataclasses.is_dataclass(self)
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        names = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
        return cls(**{key: value for key, value in data.items() if key in names})
