"""docs/architecture.md's package map names every module of ``bot/``: a module added without a
line there fails here, so the map a newcomer reads first stays the tree as it is."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ARCHITECTURE = ROOT / "docs" / "architecture.md"
#: The map's entries start at the line's beginning with a path (``bot/core/``, ``bot/registry.py``).
ENTRY = re.compile(r"^(\S+/\S*)\s")


def package_map() -> dict[str, str]:
    """The map's code block, as each entry's path (``bot/core/``) and all its lines' text."""
    text = ARCHITECTURE.read_text("utf-8")
    block = text.split("## The package map", 1)[1].split("```", 2)[1]
    entries: dict[str, str] = {}
    key = ""
    for line in block.splitlines():
        found = ENTRY.match(line)
        if found:
            key = found.group(1)
            entries[key] = line
        elif key:
            entries[key] += "\n" + line
    return entries


def entry_for(module: Path, entries: dict[str, str]) -> str | None:
    """The entry that covers ``module``: its own line, else its nearest folder's (a game's modules
    are described once, under ``bot/games/<game>/``)."""
    relative = module.relative_to(ROOT).as_posix()
    if relative in entries:
        return entries[relative]
    parts = relative.split("/")[:-1]
    while parts:
        folder = "/".join(parts) + "/"
        if folder in entries:
            return entries[folder]
        if len(parts) >= 3 and parts[1] == "games" and "bot/games/<game>/" in entries:
            return entries["bot/games/<game>/"]
        parts.pop()
    return None


def test_every_module_of_the_bot_is_named_in_the_package_map() -> None:
    entries = package_map()
    unnamed = []
    for module in sorted((ROOT / "bot").rglob("*.py")):
        if module.name == "__init__.py":
            continue
        entry = entry_for(module, entries)
        if entry is None or not re.search(rf"(?<![\w.]){re.escape(module.stem)}\b", entry):
            unnamed.append(module.relative_to(ROOT).as_posix())
    assert unnamed == [], f"not in docs/architecture.md's package map: {unnamed}"


def test_the_map_catches_a_module_it_does_not_name() -> None:
    """The check itself: a module the map does not name is found (one made up, not on disk)."""
    entries = package_map()
    made_up = ROOT / "bot" / "core" / "nowhere_named.py"
    entry = entry_for(made_up, entries)
    assert entry is not None and not re.search(r"(?<![\w.])nowhere_named\b", entry)
