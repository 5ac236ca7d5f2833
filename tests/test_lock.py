"""The lock files pin what pyproject.toml pins (``make lock`` writes them, ``make test`` checks them)."""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

from check_lock import problems  # noqa: E402

LOCKS = ("requirements.lock", "requirements-dev.lock", "requirements-data.lock")


def test_the_lock_files_agree_with_pyproject() -> None:
    assert problems() == []


def test_a_pin_changed_without_make_lock_is_named(tmp_path: Path) -> None:
    for name in ("pyproject.toml", *LOCKS):
        shutil.copy(ROOT / name, tmp_path / name)
    pyproject = tmp_path / "pyproject.toml"
    text = re.sub(r'"tqdm==[^"]+"', '"tqdm==0.0.1"', pyproject.read_text(encoding="utf-8"))
    pyproject.write_text(re.sub(r'"pytest==[^"]+"', '"pytest==0.0.2"', text), encoding="utf-8")
    found = problems(tmp_path)
    assert [line.split(" has ")[0] for line in found] == [
        "requirements.lock",
        *["requirements-dev.lock"] * 2,
        *["requirements-data.lock"] * 2,
    ]
    assert [line.endswith(("pins 0.0.1", "pins 0.0.2")) for line in found] == [True] * 5
    assert [line.split()[2] for line in found] == ["tqdm", "tqdm", "pytest", "tqdm", "pytest"]


def test_every_locked_requirement_carries_hashes() -> None:
    for name in LOCKS:
        lines = (ROOT / name).read_text(encoding="utf-8").splitlines()
        pinned = [line for line in lines if "==" in line and not line.startswith("#")]
        assert len(pinned) > 10 and all(line.endswith("\\") for line in pinned), name
        assert all(lines[lines.index(line) + 1].strip().startswith("--hash=sha256:") for line in pinned)
