"""Fail, saying what to run, when pyproject.toml pins a dependency the lock files do not.

``make test`` and ``make run`` call this before installing from the locks, so a
dependency added to pyproject.toml without ``make lock`` is one clear line, not
a silent install of the old set.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: Each lock file and the pyproject extras it covers (besides the run-time dependencies).
LOCKS = {"requirements.lock": (), "requirements-dev.lock": ("dev",), "requirements-data.lock": ("dev", "data")}
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?==([^;\s]+)")


def normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pins(lines: list[str]) -> dict[str, str]:
    """``name==version`` pins (names normalised), from requirement lines."""
    found = {}
    for line in lines:
        match = PIN.match(line.strip())
        if match:
            found[normalise(match.group(1))] = match.group(2)
    return found


def problems(root: Path = ROOT) -> list[str]:
    """Each pin of pyproject.toml the lock files lack or pin otherwise, as a line for people."""
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    found = []
    for lock_name, extras in LOCKS.items():
        lock = root / lock_name
        if not lock.exists():
            found.append(f"{lock_name} is missing")
            continue
        locked = pins(lock.read_text(encoding="utf-8").splitlines())
        wanted = list(project["dependencies"])
        for extra in extras:
            wanted += project["optional-dependencies"][extra]
        for name, version in pins(wanted).items():
            if locked.get(name) != version:
                found.append(f"{lock_name} has {name} {locked.get(name, 'missing')}, pyproject.toml pins {version}")
    return found


if __name__ == "__main__":
    found = problems()
    if found:
        print("the lock files disagree with pyproject.toml; run: make lock", *found, sep="\n  ", file=sys.stderr)
        sys.exit(1)
