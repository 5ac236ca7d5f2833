"""Word lists: reading them, and the dictionaries this project ships."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

DATA_DIR = Path(__file__).resolve().parent.parent / "data"


class WordListError(ValueError):
    """A word list that cannot be used; the message says why, for people."""


def read_words(path: Path | str) -> list[str]:
    """Read a UTF-8 word list: one word a line, stripped and lower-cased.

    Blank lines are skipped, and so is a first line that is only a number
    (the count that seed 001's ``bokstav.dat`` starts with).
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise WordListError(f"no such file: {path}") from None
    except IsADirectoryError:
        raise WordListError(f"{path} is a folder, not a word list") from None
    except UnicodeDecodeError:
        raise WordListError(f"{path} is not UTF-8 text") from None
    except OSError as error:
        raise WordListError(f"cannot read {path}: {error.strerror}") from None
    words = [word for line in text.lower().splitlines() if (word := line.strip())]
    if words and words[0].isdigit():
        words = words[1:]
    return words


@dataclass(frozen=True)
class Language:
    """A shipped dictionary and the letter game conventionally played with it."""

    code: str
    word_file: str
    alphabet: str
    rule: str
    min_length: int

    def words(self) -> list[str]:
        return read_words(DATA_DIR / self.word_file)


RUSSIAN_ALPHABET = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"
ENGLISH_ALPHABET = "abcdefghijklmnopqrstuvwxyz"

LANGUAGES = {
    # Seed 000's game. The one-letter "nouns" of OpenCorpora are letter names
    # (б, е, ы); a minimum length of 2 keeps them from ending the game on move one.
    "ru": Language("ru", "russian_nouns.txt", RUSSIAN_ALPHABET, "complete-wins", 2),
    # Seed 004's question: Ghost on the Unix word list, words of 4+ letters.
    "en": Language("en", "english_words.txt", ENGLISH_ALPHABET, "complete-loses", 4),
}
