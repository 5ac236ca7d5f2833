"""What the bot says, by language: gettext catalogues, one ``.po`` file a language under
``bot/core/locale/<lang>/LC_MESSAGES/messages.po``, read at import. The message ids are the English
texts; placeholders are ``str.format`` fields named after what they show (``{board}``), and a
plural's count is always ``{n}``. A new language is a new catalogue (docs/i18n.md).

The ``.po`` files are read directly (Babel's ``read_po``) and turned into ``.mo`` bytes in memory
(``write_mo``): a fresh checkout runs without a compile step, and no compiled file can go stale."""

from __future__ import annotations

import io
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "messages"

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


def catalogue_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def load(lang: str) -> Translations:
    """The catalogue of ``lang`` from its ``.po`` file, compiled in memory."""
    with catalogue_path(lang).open("rb") as po:
        catalogue = read_po(po, locale=lang, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalogue)
    compiled.seek(0)
    return Translations(compiled, domain=DOMAIN)


def languages() -> list[str]:
    """Every language with a catalogue, in name order."""
    if not LOCALE_DIR.is_dir():
        return []
    return sorted(path.name for path in LOCALE_DIR.iterdir() if catalogue_path(path.name).is_file())


_CATALOGUES: dict[str, Translations] = {lang: load(lang) for lang in languages()}


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
    return _filled(_CATALOGUES[lang].gettext(message), values)


def pgettext(lang: str, context: str, message: str, /, **values: object) -> str:
    """As :func:`gettext`, for an English text that is said differently elsewhere (``context``)."""
    return _filled(str(_CATALOGUES[lang].pgettext(context, message)), values)


def ngettext(lang: str, singular: str, plural: str, n: int, /, **values: object) -> str:
    """The form of ``lang``'s plural rules (CLDR, through the catalogue's Plural-Forms) for ``n``,
    with ``{n}`` and the other fields filled."""
    return _CATALOGUES[lang].ngettext(singular, plural, n).format_map({"n": n, **values})


def npgettext(lang: str, context: str, singular: str, plural: str, n: int, /, **values: object) -> str:
    """As :func:`ngettext`, with a ``context`` as :func:`pgettext` has."""
    return str(_CATALOGUES[lang].npgettext(context, singular, plural, n)).format_map({"n": n, **values})
