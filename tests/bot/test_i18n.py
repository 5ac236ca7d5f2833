"""The catalogues say every message the code uses, in every language, and nothing else: a text
added in code but not translated, or left in a catalogue after the code stopped using it, fails."""

from __future__ import annotations

import gettext
import re
import string
from functools import cache
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from bot.core import i18n

ROOT = Path(__file__).resolve().parents[2]
Key = tuple[str | None, str | tuple[str, ...]]


def _key(context: str | None, msgid: object) -> Key:
    return (context, tuple(msgid) if isinstance(msgid, tuple | list) else str(msgid))


@cache
def used() -> frozenset[Key]:
    """The messages the code marks, found as ``make messages`` finds them (once for the module: the
    tests only read them)."""
    found = extract_from_dir(str(ROOT / "bot"), [("**.py", "python")], keywords=i18n.KEYWORDS)
    return frozenset(_key(context, message) for _, _, message, _, context in found)


@cache
def catalogue(lang: str) -> Catalog:
    """The language's catalogue as its .po file says, read once for the module (the tests only read it)."""
    with i18n.catalogue_path(lang).open("rb") as po:
        return read_po(po, locale=lang, domain=i18n.DOMAIN)


def _strings(string_or_forms: object) -> list[str]:
    forms = string_or_forms if isinstance(string_or_forms, tuple | list) else [string_or_forms]
    return [str(form or "") for form in forms]


def test_russian_and_english_have_catalogues() -> None:
    assert {"ru", "en"} <= set(i18n.languages())


@pytest.mark.parametrize("lang", i18n.languages())
def test_every_message_used_is_translated_and_no_other(lang: str) -> None:
    messages = {_key(m.context, m.id): m.string for m in catalogue(lang) if m.id}
    assert sorted(map(str, used() - messages.keys())) == [], f"missing in {lang}: run make messages and translate"
    assert sorted(map(str, messages.keys() - used())) == [], f"unused in {lang}: run make messages"
    untranslated = [key for key, text in messages.items() if not all(_strings(text))]
    assert untranslated == [], f"untranslated in {lang}"


@pytest.mark.parametrize("lang", i18n.languages())
def test_a_plural_has_every_form_its_language_has(lang: str) -> None:
    """The catalogue's Plural-Forms are CLDR's for the language (Babel's), and every plural fills them."""
    loaded = catalogue(lang)
    assert loaded.plural_expr == Catalog(locale=lang).plural_expr
    form_of = gettext.c2py(loaded.plural_expr)
    cldr = Locale.parse(lang).plural_form
    forms: dict[str, set[int]] = {}
    for number in range(1000):
        forms.setdefault(cldr(number), set()).add(form_of(number))
    assert all(len(indices) == 1 for indices in forms.values()), forms
    for message in loaded:
        if message.pluralizable:
            assert len(message.string) == loaded.num_plurals, message.id


@pytest.mark.parametrize("lang", i18n.languages())
def test_every_translation_is_a_well_formed_template(lang: str) -> None:
    """A stray brace would raise when the message is filled in, in one language only."""
    for message in catalogue(lang):
        for text in _strings(message.string) if message.id else []:
            list(string.Formatter().parse(text))


@pytest.mark.parametrize(
    ("number", "russian", "english"),
    [(1, "1 ход", "1 move"), (2, "2 хода", "2 moves"), (5, "5 ходов", "5 moves"), (11, "11 ходов", "11 moves"),
     (21, "21 ход", "21 moves"), (22, "22 хода", "22 moves"), (0, "0 ходов", "0 moves")],
)  # fmt: skip
def test_plurals_take_cldr_forms(number: int, russian: str, english: str) -> None:
    assert i18n.ngettext("ru", "{n} move", "{n} moves", number) == russian
    assert i18n.ngettext("en", "{n} move", "{n} moves", number) == english


def test_the_makefile_extracts_with_the_same_keywords() -> None:
    """``make messages`` (pybabel) and this test must read the same calls as messages."""
    flags = re.search(r"^BABEL_KEYWORDS := (.*)$", (ROOT / "Makefile").read_text(encoding="utf-8"), re.MULTILINE)
    assert flags is not None
    specs = dict(flag.split(":") for flag in re.findall(r"-k (\S+)", flags.group(1)))
    expected = {
        name: ",".join(f"{arg[0]}{arg[1]}" if isinstance(arg, tuple) else str(arg) for arg in spec)
        for name, spec in i18n.KEYWORDS.items()
    }
    assert "--no-default-keywords" in flags.group(1) and specs == expected
