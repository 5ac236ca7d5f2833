"""What every game session shares: an id for its buttons and one way to and from JSON."""

from __future__ import annotations

import dataclasses
import logging
import secrets
from collections.abc import Iterator
from typing import Any, ClassVar, Self

from pydantic import TypeAdapter

log = logging.getLogger(__name__)


def new_id() -> str:
    """A short random id: buttons carry it, so a button from another game is stale."""
    return secrets.token_hex(3)


class Session:
    """Base of the games' session dataclasses: pure state, stored as JSON under ``KIND``.

    Stored through a real codec (pydantic over the dataclass's type hints), so a field can be
    an enum or a tuple and comes back as one. Fields missing from stored JSON take their defaults,
    and unknown ones are dropped, so an older row still loads after a field is added or removed."""

    KIND: ClassVar[str]
    id: str

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "KIND" in cls.__dict__:  # a kind stored on its own (not a base such as ColoursSession)
            _KINDS.append(cls)

    @property
    def running(self) -> bool:
        """A game under way: leaving it now means resigning (so starting another one asks first)."""
        return False

    @property
    def moved(self) -> bool:
        """The player has made a move in it (a game that still waits for the player's first move
        is not under way: starting anew replaces it without asking, and counts no loss)."""
        return True

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
        """The session as JSON values: enums by their value, tuples as lists."""
        state: dict[str, Any] = _codec(type(self)).dump_python(self, mode="json")
        return state

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        """Read a stored row back into its types (an enum from its value, a tuple from a list),
        checked: a row that does not fit raises. Fields missing from the row take their defaults,
        and fields it has that the session no longer has are dropped."""
        names = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
        session: Self = _codec(cls).validate_python({key: value for key, value in data.items() if key in names})
        return session


_CODECS: dict[type[Any], TypeAdapter[Any]] = {}
#: Every session kind defined, in the order their classes were made.
_KINDS: list[type[Session]] = []


def _codec(kind: type[Any]) -> TypeAdapter[Any]:
    """The codec of a session dataclass, from its type hints (pydantic: built once per kind)."""
    codec = _CODECS.get(kind)
    if codec is None:
        codec = _CODECS[kind] = TypeAdapter(kind)
    return codec


def prepare_codecs() -> Iterator[None]:
    """Every session kind's codec, built now, one kind a slice: a game's first save right after the
    start would otherwise build its own on the event loop (pydantic: up to 17 ms a kind), while
    every other player's reply waits. A kind whose codec cannot be built is left to raise where
    it is used."""
    for kind in list(_KINDS):
        try:
            _codec(kind)
        except Exception:
            log.warning("no codec for the session kind %s", kind.__name__, exc_info=True)
        yield
