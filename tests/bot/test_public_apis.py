"""python-telegram-bot is reached through its public interfaces only, so an upgrade is not an
audit of its internals; and what is left of process-wide settings is in one place, with why."""

from __future__ import annotations

import ast
import warnings
from pathlib import Path

import pytest
from standin import FAKE_TOKEN
from telegram.error import RetryAfter
from telegram.warnings import PTBDeprecationWarning

from bot.core.context import BotData, Services
from bot.core.solvers import Solvers
from bot.registry import Settings
from bot.runtime.app import build_application, use_timedelta_periods

ROOT = Path(__file__).resolve().parents[2]


def private_imports(path: Path) -> list[str]:
    """The modules a file imports from a package's private part (a name starting with "_")."""
    found: list[str] = []
    text = path.read_text(encoding="utf-8")
    if "telegram" not in text:
        return found  # no import of it to parse for
    for node in ast.walk(ast.parse(text)):
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        found += [name for name in names if name.startswith("telegram") and "._" in name]
    return found


def test_no_module_imports_a_private_module_of_python_telegram_bot() -> None:
    files = [p for folder in ("bot", "benchmarks", "scripts", "tests") for p in (ROOT / folder).rglob("*.py")]
    assert len(files) > 50
    offending = {str(p.relative_to(ROOT)): found for p in files if (found := private_imports(p))}
    assert offending == {}


def test_the_services_are_a_typed_attribute_of_bot_data(solvers: Solvers, tmp_path: Path) -> None:
    settings = Settings(_env_file=None, bot_token=FAKE_TOKEN, database_path=tmp_path / "db.sqlite3")  # type: ignore[call-arg]
    application = build_application(settings, solvers)
    assert isinstance(application.bot_data, BotData) and isinstance(application.bot_data, dict)
    assert isinstance(application.bot_data.services, Services)
    assert application.bot_data.services.settings is settings
    assert "services" not in application.bot_data  # no string key to name


def test_bot_data_says_when_its_services_are_not_set_yet() -> None:
    with pytest.raises(RuntimeError, match="set when the application is built"):
        _ = BotData().services


def test_periods_as_timedelta_are_why_ptb_timedelta_is_set(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without PTB_TIMEDELTA, python-telegram-bot 22 warns of its coming change each time it makes
    a RetryAfter (every 429 Telegram answers); opted in, it does not, and the wait is a timedelta."""
    monkeypatch.delenv("PTB_TIMEDELTA", raising=False)
    with pytest.warns(PTBDeprecationWarning, match="PTB_TIMEDELTA"):
        RetryAfter(3)
    use_timedelta_periods()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert RetryAfter(3).retry_after.total_seconds() == 3  # type: ignore[union-attr]
