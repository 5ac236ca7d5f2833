"""The tree shows the architecture (docs/architecture.md): ``bot``'s packages depend one way, and a
game is named outside its own folder only by the registry, so adding or removing one touches its
folder and one line. Read from the sources' imports, those inside functions too."""

from __future__ import annotations

import ast
import subprocess
import sys
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: Each may import those after it, never those before (``solver`` is below them all).
LAYERS = ("bot.runtime", "bot.registry", "bot.games", "bot.core", "bot.delivery", "bot.storage", "solver")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def imported_modules(path: Path) -> frozenset[str]:
    """Every absolute module a file imports, relative imports resolved against its package (each
    file read and parsed once for the whole module: the tests ask of the same files again and again)."""
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return frozenset(found)


def sources(*folders: str) -> list[Path]:
    return sorted(p for folder in folders for p in (ROOT / folder).rglob("*.py"))


def layer_of(module: str) -> int | None:
    for index, layer in enumerate(LAYERS):
        if module == layer or module.startswith(layer + "."):
            return index
    return None


def test_every_package_imports_only_the_layers_below_it() -> None:
    upward = []
    for path in sources("bot", "solver"):
        own = layer_of(module_name(path))
        for module in imported_modules(path):
            other = layer_of(module)
            if own is not None and other is not None and other < own:
                upward.append(f"{module_name(path)} -> {module}")
    assert upward == []


def test_the_solver_knows_nothing_of_the_bot() -> None:
    assert [p.name for p in sources("solver") if any(m.startswith("bot") for m in imported_modules(p))] == []


def game_folders() -> list[str]:
    return sorted(p.name for p in (ROOT / "bot" / "games").iterdir() if (p / "game.py").is_file())


def within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def test_a_game_is_imported_outside_its_folder_only_by_the_registry() -> None:
    assert set(game_folders()) >= {"letters", "fingers", "wordle"}
    outside = []
    for package in (f"bot.games.{game}" for game in game_folders()):
        for path in sources("bot"):
            module = module_name(path)
            if module != "bot.registry" and not within(module, package):
                outside += [f"{module} -> {m}" for m in imported_modules(path) if within(m, package)]
    assert outside == []


def test_the_registry_lists_every_game_folder() -> None:
    imported = imported_modules(ROOT / "bot" / "registry.py")
    assert all(f"bot.games.{game}.game" in imported for game in game_folders())


def test_a_bot_on_sqlite_does_not_load_the_postgresql_engine() -> None:
    """asyncpg and the PostgreSQL store load only for a server database: importing them took some
    25 ms of every SQLite bot's start, on the thread that answers the first updates."""
    probe = (
        "import sys, bot.runtime.cli, bot.runtime.app;"
        "print(sorted(m for m in sys.modules if 'asyncpg' in m or m.endswith('postgres')))"
    )
    loaded = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True)
    assert loaded.stdout.strip() == "[]"
