"""scripts/i18n_codemod.py on a made-up package: every text reads the same before and after, in
both languages; what it cannot convert is listed and still works; a second run changes nothing."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CODEMOD = ROOT / "scripts" / "i18n_codemod.py"

TEXTS = """
from babel import Locale


def t(lang: str, ru: str, en: str) -> str:
    return en if lang == "en" else ru


_FORM = {"one": 0, "few": 1, "many": 2, "other": 1}


def count(lang: str, number: int, ru: tuple[str, str, str], en: tuple[str, str]) -> str:
    form = Locale(lang).plural_form(number)
    noun = (en[0] if form == "one" else en[1]) if lang == "en" else ru[_FORM[form]]
    return f"{number} {noun}"
"""

SAMPLE = """
from dataclasses import dataclass

from pkg.texts import count, t

MOVES_RU, MOVES_EN = ("ход", "хода", "ходов"), ("move", "moves")
PAIRS = {"a": ("первый", "first")}


@dataclass
class Record:
    played: int = 3
    won: int = 21


def board(letters: str) -> str:
    return f"«{letters.upper()}»"


def plain(lang):
    return t(lang, "Привет {не поле}", "Hello {not a field}")


def fields(lang, record=Record(), letters="ab", best=(0, 2, 5), seconds=2.5):
    return t(
        lang,
        f"Игр {record.played}, побед {record.won}; доска {board(letters)} и {board(letters[:1])} "
        f"{best[1]} из {best[2]}, {seconds:g} с, {{скобки}}",
        f"Played {record.played}, won {record.won}; board {board(letters)} and {board(letters[:1])} "
        f"{best[1]} of {best[2]}, {seconds:g} s, {{braces}}",
    )


def joined(lang, tip="«x»"):
    return t(lang, "Начало — " + tip + " конец.", "Start: " + tip + " end.")


def chosen(lang, you=False):
    return t(lang, "вы" if you else "я", "you" if you else "I") + t(lang, f"упустил{'и' if you else ''}", "lost")


def chosen_too(lang, you=True):
    return chosen(lang, you) + t(lang, "сохранили" if you else "сохранил", "kept")


def plurals(lang, number=22):
    moves = count(lang, number, MOVES_RU, MOVES_EN)
    return t(lang, f"Предел: {moves}. ", f"Limit: {moves}. ") + t(
        lang,
        f"Ещё {count(lang, number + 1, ('слово', 'слова', 'слов'), ('word', 'words'))}",
        f"{count(lang, number + 1, ('слово', 'слова', 'слов'), ('word', 'words'))} more",
    )


def nested(lang, rows=(("Аня", 2),)):
    return "\\n".join(f"{name} — {t(lang, 'побед', 'wins')}: {wins}" for name, wins in rows)


def commented(lang):
    return t(  # a comment kept
        lang, "Коротко", "Briefly"
    )


def table(lang):
    ru, en = PAIRS["a"]
    return t(lang, ru, en)


CASES = [plain, fields, joined, chosen, chosen_too, plurals, nested, commented, table]
"""

SAY = "import json, pkg.sample as s; print(json.dumps([[case(lang) for lang in ('ru', 'en')] for case in s.CASES]))"


def _package(root: Path) -> Path:
    package = root / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    shutil.copy(ROOT / "bot" / "core" / "i18n.py", package / "i18n.py")
    (package / "texts.py").write_text(TEXTS)
    (package / "sample.py").write_text(SAMPLE)
    return package


def _said(root: Path) -> list[list[str]]:
    out = subprocess.run([sys.executable, "-c", SAY], cwd=root, capture_output=True, text=True, check=True)
    said: list[list[str]] = json.loads(out.stdout)
    return said


def _codemod(root: Path, package: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, str(CODEMOD), "--root", str(root), "--package", package]
    return subprocess.run(command, cwd=root, capture_output=True, text=True, check=False)


def _files(root: Path) -> dict[str, bytes]:
    return {str(path.relative_to(root)): path.read_bytes() for path in root.rglob("*") if path.suffix in (".py", ".po")}


def test_converted_texts_read_the_same_and_a_second_run_changes_nothing(tmp_path: Path) -> None:
    package = _package(tmp_path)
    before = _said(tmp_path)
    run = _codemod(tmp_path, "pkg")
    converted = (package / "sample.py").read_text()
    assert _said(tmp_path) == before
    assert run.returncode == 1 and "NOT CONVERTED pkg/sample.py:" in run.stdout  # table(): t(lang, ru, en)
    assert len(re.findall(r"\bt\(lang, ", converted)) == 1 and "count(" not in converted
    assert "# a comment kept" in converted
    assert 'pgettext(lang, "not you", "kept")' in converted
    assert 'ngettext(lang, "{n} move", "{n} moves", number)' in converted
    russian = (package / "locale" / "ru" / "LC_MESSAGES" / "messages.po").read_text()
    assert 'msgstr[1] "{n} хода"' in russian and 'msgstr "Привет {не поле}"' in russian
    files = _files(tmp_path)
    again = _codemod(tmp_path, "pkg")
    assert _files(tmp_path) == files and again.stdout.count("NOT CONVERTED") == 1


def test_the_bot_is_converted_already(tmp_path: Path) -> None:
    """On the bot, the codemod finds nothing left to convert and rewrites no catalogue."""
    shutil.copytree(ROOT / "bot", tmp_path / "bot", ignore=shutil.ignore_patterns("__pycache__"))
    files = _files(tmp_path)
    run = _codemod(tmp_path, "bot")
    assert run.stdout.startswith("converted 0 files, 0 new messages")
    assert _files(tmp_path) == files
