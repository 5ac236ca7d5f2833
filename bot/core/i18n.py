"""What the bot says, by language: gettext catalogues, one ``.po`` file a language under
``bot/core/locale/<lang>/LC_MESSAGES/messages.po``, read at import. The message ids are the English
texts; placeholders are ``str.format`` fields named after what they show (``{board}``), and a
plural's count is always ``{n}``. A new language is a new catalogue (docs/i18n.md).

Each catalogue is read from its compiled ``messages.mo`` beside the ``.po`` when that is at least as
new (``make run``/``make test`` compile them with ``pybabel compile``, as does the Docker image: a
few milliseconds), else from the ``.po`` itself, compiled in memory (Babel's ``read_po`` and
``write_mo``: 50 ms more at start), so a checkout without the compile step runs too and a compiled
file older than its ``.po`` is never read."""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from enum import StrEnum
from gettext import GNUTranslations
from pathlib import Path

LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "messages"


class Language(StrEnum):
    """The languages the bot's games are played in, by their codes: the words of a game (Russian
    nouns, English Ghost) and the two catalogues every text has. A member is its code, so it is a
    :data:`Lang` too."""

    RUSSIAN = "ru"
    ENGLISH = "en"


#: The calls that mark a message, as Babel's extractor reads them (argument positions, ``c`` the
#: context); ``make messages`` passes the same to ``pybabel extract`` (tests check they agree).
KEYWORDS: dict[str, tuple[int | tuple[int, str], ...]] = {
    "gettext": (2,),
    "ngettext": (2, 3),
    "pgettext": ((2, "c"), 3),
    "npgettext": ((2, "c"), 3, 4),
    "N_": (1,),
    "NP_": ((1, "c"), 2),
}


@dataclass
class _Loaded:
    """The catalogues in use, and where they were read."""

    locale_dir: Path
    catalogues: dict[str, GNUTranslations] = field(default_factory=dict)


_loaded = _Loaded(LOCALE_DIR)


def catalogue_path(lang: str, locale_dir: Path | None = None) -> Path:
    """Where ``lang``'s catalogue is: under ``locale_dir``, else where the catalogues in use were read."""
    return (locale_dir or _loaded.locale_dir) / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def load(lang: str, locale_dir: Path | None = None) -> GNUTranslations:
    """The catalogue of ``lang``: its compiled ``.mo`` when it is not older than the ``.po``, else
    the ``.po`` compiled in memory."""
    po = catalogue_path(lang, locale_dir)
    mo = po.with_suffix(".mo")
    if mo.is_file() and mo.stat().st_mtime >= po.stat().st_mtime:
        with mo.open("rb") as compiled:
            return GNUTranslations(compiled)
    return _compiled_in_memory(po, lang)


def _compiled_in_memory(po: Path, lang: str) -> GNUTranslations:
    # Babel's catalogue reader and writer, imported only when a compiled file is missing or stale.
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as source:
        catalogue = read_po(source, locale=lang, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalogue)
    compiled.seek(0)
    return GNUTranslations(compiled)


def load_from(locale_dir: Path) -> None:
    """Speaks the languages of the catalogues under ``locale_dir``, in place of those read before:
    every ``<lang>/LC_MESSAGES/messages.po`` there is a language (tests use it for a made-up one)."""
    found = sorted(path.name for path in locale_dir.iterdir() if catalogue_path(path.name, locale_dir).is_file())
    _loaded.catalogues = {lang: load(lang, locale_dir) for lang in found}
    _loaded.locale_dir = locale_dir


def languages() -> list[str]:
    """Every language with a catalogue, in name order."""
    return sorted(_loaded.catalogues)


def N_(message: str) -> str:  # noqa: N802 - gettext's name for the marker
    """Marks ``message`` for the catalogues where it is written (a table's entry), untranslated:
    :func:`gettext` translates it where it is shown, in the reader's language."""
    return message


def NP_(context: str, message: str) -> str:  # noqa: N802 - as N_
    """As :func:`N_`, for a message shown by :func:`pgettext` with ``context``."""
    del context  # read by the extractor only: the reader passes the same one
    return message


def _filled(text: str, values: dict[str, object]) -> str:
    """``text`` with its fields filled; a message without values is taken as it is, braces and all."""
    return text.format_map(values) if values else text


def gettext(lang: str, message: str, /, **values: object) -> str:
    """``message`` in ``lang``, its ``{fields}`` filled from ``values``."""
    return _filled(_loaded.catalogues[lang].gettext(message), values)


def pgettext(lang: str, context: str, message: str, /, **values: object) -> str:
    """As :func:`gettext`, for an English text that is said differently elsewhere (``context``)."""
    return _filled(str(_loaded.catalogues[lang].pgettext(context, message)), values)


def ngettext(lang: str, singular: str, plural: str, n: int, /, **values: object) -> str:
    """The form of ``lang``'s plural rules (CLDR, through the catalogue's Plural-Forms) for ``n``,
    with ``{n}`` and the other fields filled."""
    return _loaded.catalogues[lang].ngettext(singular, plural, n).format_map({"n": n, **values})


def npgettext(lang: str, context: str, singular: str, plural: str, n: int, /, **values: object) -> str:
    """As :func:`ngettext`, with a ``context`` as :func:`pgettext` has."""
    return str(_loaded.catalogues[lang].npgettext(context, singular, plural, n)).format_map({"n": n, **values})


load_from(LOCALE_DIR)
