"""What a player types, read as letters of a game's alphabet (or why it is not)."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from enum import Enum

#: Latin letters that look like Cyrillic ones, read as those in a Russian game (a Latin C typed
#: for С, say). Upper and lower case look alike differently.
CYRILLIC_LOOKALIKES = str.maketrans(
    "ABCEHKMOPTXYaceopxykËë",
    "АВСЕНКМОРТХУасеорхукЁё",
)

#: Cyrillic letters that look like Latin ones, read as those in English Ghost (the same pairs).
LATIN_LOOKALIKES = str.maketrans("АВСЕНКМОРТХУасеорхук", "ABCEHKMOPTXYaceopxyk")


class InputProblem(Enum):
    """Why a player's text is not a letter of the game."""

    EMPTY = "empty"
    NOT_ONE_LETTER = "not-one-letter"
    NOT_IN_ALPHABET = "not-in-alphabet"


@dataclass(frozen=True)
class InputError:
    """A player's text that is not a letter; returned, never raised."""

    problem: InputProblem
    text: str


def normalise_letters(text: str, alphabet: str) -> str | InputError:
    """Read what a player typed as letters of ``alphabet``, or say why not.

    Case is folded; when the alphabet is Cyrillic, Latin look-alikes count
    as the Cyrillic letters they look like. «й» and «ё» sent as a base letter
    and a combining mark (some keyboards, pasted text) are one letter.
    """
    stripped = unicodedata.normalize("NFC", text).strip()
    if not stripped:
        return InputError(InputProblem.EMPTY, text)
    if _is_cyrillic(alphabet):
        stripped = stripped.translate(CYRILLIC_LOOKALIKES)
    letters = stripped.lower()
    if any(letter not in alphabet for letter in letters):
        return InputError(InputProblem.NOT_IN_ALPHABET, text)
    return letters


def normalise_letter(text: str, alphabet: str) -> str | InputError:
    """Like :func:`normalise_letters`, for exactly one letter (a move); in a Latin alphabet a
    Cyrillic look-alike counts as the Latin letter (a player on a Russian keyboard layout). Boards
    of several letters keep their script: Cyrillic ones ask about the Russian game."""
    read = text if _is_cyrillic(alphabet) else text.translate(LATIN_LOOKALIKES)
    letters = normalise_letters(read, alphabet)
    if isinstance(letters, InputError):
        return InputError(letters.problem, text)  # the player's own text, as typed
    if len(letters) != 1:
        return InputError(InputProblem.NOT_ONE_LETTER, text)
    return letters


def _is_cyrillic(alphabet: str) -> bool:
    return any("\u0400" <= letter <= "\u04ff" for letter in alphabet)
