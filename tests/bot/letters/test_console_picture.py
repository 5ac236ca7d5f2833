"""The console shows where a picture the bot sent was saved (a terminal cannot draw it)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bot_harness import scripted
from PIL import Image

from bot.core.solvers import Solvers
from bot.registry import Settings
from bot.runtime.console import chat


@pytest.mark.parametrize("language", ["ru", "en"])
async def test_the_review_picture_is_saved_and_its_file_named(
    solvers: Solvers, tmp_path: Path, capsys: pytest.CaptureFixture[str], language: str
) -> None:
    """/play ru, the set-up's first buttons, a letter, /giveup, /review, then its 🖼 button."""
    lines = ["/play ru", "1", "1", "1", "1", "1", "к", "/giveup", "/review", "1"]
    settings = Settings(  # type: ignore[call-arg]
        _env_file=None, database_path=tmp_path / "console.sqlite3", console_language=language
    )
    assert await chat(settings, solvers, scripted(lines), pictures=tmp_path / "pictures") == 0
    out = capsys.readouterr().out
    found = re.search(r"🖼 \(a picture, saved as (\S+\.png)\)", out)
    assert found is not None, out[-500:]
    saved = Path(found.group(1))
    assert saved.parent == tmp_path / "pictures"
    with Image.open(saved) as picture:
        assert picture.format == "PNG" and picture.width >= 560
