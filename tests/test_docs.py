"""README.md and docs/ stay true: their links, the commands they name, the settings table.

Read from the repository's files and the solver's command line only, so the bot's internal
module layout can change without touching this test (the Settings class is found wherever it lives).
"""

from __future__ import annotations

import argparse
import importlib
import re
import subprocess
import sys
from functools import cache
from pathlib import Path
from urllib.parse import unquote

import pytest
from pydantic_settings import BaseSettings

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]
SETTINGS_PAGE = ROOT / "docs" / "operations.md"
#: Where the Settings class may live; the first that imports is used.
README_MAX_LINES = 300

LINK = re.compile(r"(?<!!)\[(?:[^\]\[]|\[[^\]]*\])*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
FENCE = re.compile(r"^(```|~~~)")
CODE_SPAN = re.compile(r"`([^`\n]+)`")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
SOLVER_COMMAND = re.compile(r"python -m solver(?: +([a-z][a-z-]*))?(?: +([a-z][a-z-]*))?")
MAKE_TARGET = re.compile(r"(?:^|[\s;(&|])make +([A-Za-z0-9_./-]+)")
REPO_SCRIPT = re.compile(r"\b((?:benchmarks|faults|scripts)/[A-Za-z0-9_./-]+\.py)\b")
#: "issue 19", "issues 18", "#12" (but not a link's anchor such as "#2-5bukv").
ISSUE_NUMBER = re.compile(r"\bissues? +#?\d+|(?<![\w.])#\d+\b(?![-\w])", re.IGNORECASE)
#: 7 to 40 hex digits with at least one digit and one letter a-f: a commit hash, not a number or a word.
COMMIT_HASH = re.compile(r"\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}\b")


def _python(*args: str) -> subprocess.CompletedProcess[str]:
    """This interpreter run in the repository, its output kept for the assertion's message."""
    return subprocess.run([sys.executable, *args], check=False, cwd=ROOT, capture_output=True, text=True, timeout=60)


def _text(page: Path) -> str:
    return page.read_text(encoding="utf-8")


def _name(page: Path) -> str:
    return str(page.relative_to(ROOT))


def _prose_and_code(page: Path) -> tuple[list[str], list[str]]:
    """The page's prose lines (outside fenced blocks) and its code: fenced lines and code spans."""
    prose: list[str] = []
    code: list[str] = []
    fenced = False
    for line in _text(page).splitlines():
        if FENCE.match(line.strip()):
            fenced = not fenced
            continue
        if fenced:
            code.append(line)
        else:
            prose.append(line)
            code.extend(CODE_SPAN.findall(line))
    return prose, code


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link in a heading anchors by its text
    text = text.replace("`", "").lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


@cache
def _anchors(page: Path) -> frozenset[str]:
    prose, _ = _prose_and_code(page)
    seen: dict[str, int] = {}
    anchors = set()
    for line in prose:
        match = HEADING.match(line)
        if not match:
            continue
        slug = _slug(match.group(2))
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        anchors.add(slug if count == 0 else f"{slug}-{count}")
    return frozenset(anchors)


def _links(page: Path) -> list[str]:
    prose, _ = _prose_and_code(page)
    return [target for line in prose for target in LINK.findall(CODE_SPAN.sub("", line))]


def test_every_page_is_found() -> None:
    names = {page.name for page in PAGES[1:]}
    assert {"rules.md", "architecture.md", "cli.md", "operations.md", "benchmarks.md", "review.md", "words.md"} <= names


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_relative_links_point_to_files_and_anchors(page: Path) -> None:
    broken = []
    for target in _links(page):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # https:, mailto: …: not ours to check
            continue
        path_part, _, anchor = target.partition("#")
        linked = (page.parent / unquote(path_part)).resolve() if path_part else page
        if not linked.exists():
            broken.append(f"{target}: no such file")
        elif anchor and linked.suffix == ".md" and unquote(anchor) not in _anchors(linked):
            broken.append(f"{target}: no heading with that anchor in {linked.relative_to(ROOT)}")
    assert not broken, f"{_name(page)}: " + "; ".join(broken)


@cache
def _makefile_targets() -> frozenset[str]:
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    variables = dict(re.findall(r"^([A-Za-z_][A-Za-z0-9_]*)\s*[:?]?=\s*(.*?)\s*$", text, re.MULTILINE))

    def expand(value: str) -> str:
        for _ in range(5):
            value = re.sub(r"\$\(([A-Za-z_][A-Za-z0-9_]*)\)", lambda m: variables.get(m.group(1), ""), value)
        return value

    targets = set()
    for line in text.splitlines():
        match = re.match(r"^([^\s#:=][^:=]*?)\s*:(?!=)", line)
        if match and not line.startswith("\t"):
            targets.update(expand(match.group(1)).split())
    return frozenset(targets)


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_make_targets_exist(page: Path) -> None:
    _, code = _prose_and_code(page)
    named = {target for snippet in code for target in MAKE_TARGET.findall(snippet)}
    unknown = named - _makefile_targets()
    assert not unknown, f"{_name(page)} names make targets the Makefile lacks: {sorted(unknown)}"


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_named_benchmarks_and_scripts_exist(page: Path) -> None:
    named = set(REPO_SCRIPT.findall(_text(page)))
    missing = sorted(path for path in named if not (ROOT / path).is_file())
    assert not missing, f"{_name(page)} names files that do not exist: {missing}"


def _solver_commands() -> set[tuple[str, ...]]:
    """Every ``python -m solver COMMAND [ACTION]`` the pages name in their code."""
    commands: set[tuple[str, ...]] = set()
    for page in PAGES:
        _, code = _prose_and_code(page)
        for snippet in code:
            for command, action in SOLVER_COMMAND.findall(snippet):
                if command:
                    commands.add((command, action) if action else (command,))
    return commands


def test_the_pages_name_solver_commands() -> None:
    assert {("letters",), ("wordle", "stats"), ("fingers",)} <= _solver_commands()


@cache
def _actions(command: str) -> frozenset[str]:
    """The actions of a solver command (``letters review``, ``wordle next`` …), from its argparse."""
    cli = importlib.import_module("solver.cli")
    module = importlib.import_module(f"solver.cli.{cli.COMMANDS[command][0]}")
    parser = argparse.ArgumentParser()
    module.add_arguments(parser)
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return frozenset(action.choices)
    return frozenset()


@pytest.mark.parametrize("command", sorted(_solver_commands()), ids=" ".join)
def test_solver_commands_are_real(command: tuple[str, ...]) -> None:
    """Each runs with --help and exits 0. A second word is an action when the command has actions
    (``wordle stats``), and must then be one of them; otherwise it is an argument (``word cat``)."""
    name, *rest = command
    actions = _actions(name) if name in importlib.import_module("solver.cli").COMMANDS else frozenset()
    asked = [name]
    if rest and actions:
        assert rest[0] in actions, f"python -m solver {name} has no action {rest[0]!r} (it has {sorted(actions)})"
        asked.append(rest[0])
    run = _python("-m", "solver", *asked, "--help")
    assert run.returncode == 0, f"python -m solver {' '.join(asked)} --help: {run.stderr.strip()}"


def test_bot_options_named_exist() -> None:
    options: set[str] = set()
    for page in PAGES:
        _, code = _prose_and_code(page)
        options.update(o for snippet in code for o in re.findall(r"python -m bot((?: +--[a-z-]+)+)", snippet))
    named = {option for group in options for option in group.split()}
    run = _python("-m", "bot", "--help")
    assert run.returncode == 0, run.stderr
    assert named, "the pages name `python -m bot --console`"
    assert all(option in run.stdout for option in named), (named, run.stdout)


def _settings_classes() -> list[type[BaseSettings]]:
    """The bot's settings class as the registry joins it: the shared settings and every game's own."""
    from bot.registry import Settings

    return [Settings]


def _env_names() -> set[str]:
    names = set()
    for settings in _settings_classes():
        prefix = str(settings.model_config.get("env_prefix", ""))
        for field_name, field in settings.model_fields.items():
            alias = field.validation_alias if isinstance(field.validation_alias, str) else field.alias
            names.add((alias or prefix + field_name).upper())
    return names


def _settings_table(page: Path = SETTINGS_PAGE) -> set[str]:
    """The names in the first column of the page's settings table (``A`` / ``B`` rows name two)."""
    names: set[str] = set()
    in_table = False
    for line in _text(page).splitlines():
        if re.match(r"^\|\s*Setting\s*\|", line):
            in_table = True
            continue
        if in_table and not line.startswith("|"):
            break
        if in_table and not re.match(r"^\|\s*-", line):
            names.update(re.findall(r"`([A-Z][A-Z0-9_]*)`", line.split("|")[1]))
    return names


@pytest.mark.parametrize("page", [README, SETTINGS_PAGE], ids=_name)
def test_every_setting_in_the_table_exists(page: Path) -> None:
    table = _settings_table(page)
    assert table, f"{_name(page)} has a table headed | Setting |"
    unknown = table - _env_names()
    assert not unknown, f"settings in {_name(page)} that Settings does not have: {sorted(unknown)}"


def test_the_table_has_every_setting() -> None:
    missing = _env_names() - _settings_table()
    assert not missing, f"settings missing from the table in {_name(SETTINGS_PAGE)}: {sorted(missing)}"


def test_readme_is_a_front_door() -> None:
    lines = _text(README).splitlines()
    assert len(lines) <= README_MAX_LINES, f"README.md has {len(lines)} lines (at most {README_MAX_LINES})"


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_no_history_in_the_pages(page: Path) -> None:
    """Git holds the history: no issue numbers, no commit hashes."""
    text = _text(page)
    assert not ISSUE_NUMBER.findall(text), f"{_name(page)}: issue numbers {ISSUE_NUMBER.findall(text)}"
    assert not COMMIT_HASH.findall(text), f"{_name(page)}: commit hashes {COMMIT_HASH.findall(text)}"


def test_readme_keeps_the_two_commands() -> None:
    text = _text(README)
    assert "make run" in text and "make test" in text
    assert {"run", "test"} <= _makefile_targets()


def test_readme_links_every_docs_page() -> None:
    linked = {Path(target.partition("#")[0]).name for target in _links(README)}
    pages = {page.name for page in PAGES[1:]}
    assert pages <= linked, f"README.md does not link {sorted(pages - linked)}"
