"""README.md and docs/ stay true: their links, the commands they name, the settings table.

Read from the repository's files and the solver's command line only, so the bot's internal
module layout can change without touching this test (the Settings class is found wherever it lives).
"""

from __future__ import annotations

import argparse
import importlib
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from urllib.parse import unquote

import forkserver
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
    run = forkserver.run("solver", *asked, "--help", cwd=ROOT, timeout=60)
    assert run.returncode == 0, f"python -m solver {' '.join(asked)} --help: {run.stderr.strip()}"


def test_bot_options_named_exist(bot_help: str) -> None:
    options: set[str] = set()
    for page in PAGES:
        _, code = _prose_and_code(page)
        options.update(o for snippet in code for o in re.findall(r"python -m bot((?: +--[a-z-]+)+)", snippet))
    named = {option for group in options for option in group.split()}
    assert named, "the pages name `python -m bot --console`"
    assert all(option in bot_help for option in named), (named, bot_help)  # python -m bot --help, exit 0


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


# ------------------------------------------------------------------ quoted output, checked by running it

#: A figure a page quotes: a number with thousands separators (61,428) or a decimal (3.4574).
FIGURE = re.compile(r"(?<![\w.,])(?:\d{1,3}(?:,\d{3})+|\d+\.\d+)(?![\w,]|\.\d)")
#: Any number, for matching a quoted line to the output's line of the same words.
NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")
#: A time the command measured: it differs from run to run and is not compared.
TIMING = re.compile(r"\d[\d,]*(?:\.\d+)?(?= ?(?:s|ms|seconds)\b)|(?<=seconds: )\d+(?:\.\d+)?")
#: A shown run: ``$ python -m solver …`` (or the venv's python), with no pipe and no file of one's own.
SHOWN_RUN = re.compile(r"^\$ (?:\.venv/bin/)?python -m solver ([^|<>]*)$")
#: A line that names its command in a code span: ``python -m solver …`` alone in it.
NAMED_RUN = re.compile(r"`(?:\.venv/bin/)?python -m solver ([^`|<>]*)`")


def _runnable(arguments: str) -> tuple[str, ...] | None:
    """The arguments of a command the test can run as written: none naming a file of the reader's own
    (FILE, /tmp/…, a .txt) or a placeholder (…, N, WORD)."""
    words = tuple(arguments.split())
    own = any(
        word.isupper() or "/" in word or word.endswith(".txt") or "…" in word or "[" in word or "|" in word
        for word in words
    )
    return None if own or not words else words


def _shown_runs() -> list[tuple[str, tuple[str, ...], list[str]]]:
    """Every run a page shows in a fenced block: the page, the command's arguments, the lines quoted as its output."""
    runs: list[tuple[str, tuple[str, ...], list[str]]] = []
    for page in PAGES:
        fenced = False
        current: list[str] | None = None
        for line in _text(page).splitlines():
            if FENCE.match(line.strip()):
                fenced, current = not fenced, None
                continue
            if not fenced:
                continue
            if line.startswith("$ "):
                match = SHOWN_RUN.match(line.strip())
                arguments = _runnable(match.group(1)) if match else None
                current = [] if arguments is not None else None
                if arguments is not None and current is not None:
                    runs.append((_name(page), arguments, current))
            elif current is not None and line.strip():
                current.append(line.strip())
    return runs


def _skeleton(line: str) -> str:
    return " ".join(NUMBER.sub("#", line).split())


def _compared(line: str) -> list[str]:
    """The numbers of a line that must match, times left out."""
    timed = {match.start() for match in TIMING.finditer(line)}
    return [match.group() for match in NUMBER.finditer(line) if match.start() not in timed]


@pytest.mark.parametrize(
    ("page", "arguments", "quoted"), _shown_runs(), ids=[f"{p}: {' '.join(a)}" for p, a, _ in _shown_runs()]
)
def test_a_shown_run_prints_what_the_page_quotes(
    page: str, arguments: tuple[str, ...], quoted: list[str], solver_output: Callable[..., str]
) -> None:
    """Each quoted output line is a line of the command's real output, with the same figures (times
    excepted): a figure that drifts (a word list grew) fails here, with the line the command prints."""
    printed = [" ".join(line.split()) for line in solver_output(*arguments).splitlines()]
    for line in quoted:
        same_words = [real for real in printed if _skeleton(real) == _skeleton(line)]
        assert same_words, f"{page}: `python -m solver {' '.join(arguments)}` prints no line like {line!r}"
        assert any(_compared(real) == _compared(line) for real in same_words), (
            f"{page} quotes {line!r}; the command prints {same_words}"
        )


def _named_runs() -> list[tuple[str, str, tuple[str, ...]]]:
    """Every prose line or table row that quotes figures and names the one command they come from."""
    found = []
    for page in PAGES:
        prose, _ = _prose_and_code(page)
        for line in prose:
            commands = NAMED_RUN.findall(line)
            figures = FIGURE.findall(NAMED_RUN.sub("", CODE_SPAN.sub("", line)))
            arguments = _runnable(commands[0]) if len(commands) == 1 else None
            if figures and arguments is not None:
                found.append((_name(page), line, arguments))
    return found


@pytest.mark.parametrize(
    ("page", "line", "arguments"), _named_runs(), ids=[f"{p}: {' '.join(a)}" for p, _, a in _named_runs()]
)
def test_a_figure_beside_its_command_is_what_the_command_prints(
    page: str, line: str, arguments: tuple[str, ...], solver_output: Callable[..., str]
) -> None:
    printed = solver_output(*arguments)
    numbers = {number.replace(",", "") for number in NUMBER.findall(printed)}  # 61,428 and 61428 alike
    figures = FIGURE.findall(NAMED_RUN.sub("", CODE_SPAN.sub("", line)))
    missing = [figure for figure in figures if figure.replace(",", "") not in numbers]
    assert not missing, f"{page}: {missing} beside `python -m solver {' '.join(arguments)}`, which prints:\n{printed}"


def _letters_json(
    solver_output: Callable[..., str], lang: str, tier: str, rule: str | None = None
) -> dict[str, object]:
    import json

    arguments = ("letters", "--lang", lang, "--tier", tier, *(("--rule", rule) if rule else ()), "--json")
    answer: dict[str, object] = json.loads(solver_output(*arguments))
    return answer


def _table_rows(page: Path, after: str) -> list[list[str]]:
    """The cells of the first table after the line that contains ``after``."""
    lines = _text(page).splitlines()
    start = next(index for index, line in enumerate(lines) if after in line)
    rows = []
    for line in lines[start:]:  # ``after`` may be the line before the table or its header
        if rows and not line.startswith("|"):
            break
        if line.startswith("|") and not re.match(r"^\|\s*-", line):
            rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows[1:]  # the header's cells left out


def _count(cell: str) -> int:
    return int(cell.replace(",", ""))


def test_the_shipped_lists_table_of_cli_md_is_what_letters_prints(solver_output: Callable[..., str]) -> None:
    """docs/cli.md's table of the shipped lists: each row is `letters --lang … --tier … [--rule …] --json`."""
    checked = 0
    for dictionary, rule, words, reachable, positions, winner, letters in _table_rows(
        ROOT / "docs" / "cli.md", "The answers on the shipped lists"
    ):
        if "raw file" in dictionary:
            continue  # played through --words on a file the reader fetches
        lang = "en" if dictionary.startswith("English") else "ru"
        tier = "full" if ", full" in dictionary else "common"
        answer = _letters_json(solver_output, lang, tier, rule)
        assert (_count(words), _count(reachable), _count(positions)) == (
            answer["words"],
            answer["reachable_words"],
            answer["positions"],
        ), (
            f"docs/cli.md: {dictionary}, {rule}: {words} / {reachable} / {positions}; the command says "
            f"{answer['words']:,} / {answer['reachable_words']:,} / {answer['positions']:,}"
        )
        assert winner == answer["winner"], (dictionary, rule, winner, answer["winner"])
        winning = answer["winning_moves"] if answer["to_move"] == answer["winner"] else []
        assert letters.replace("—", "").split() == winning, (dictionary, rule, letters, winning)
        checked += 1
    assert checked >= 6


def test_the_list_sizes_of_words_md_are_what_letters_prints(solver_output: Callable[..., str]) -> None:
    """docs/words.md's table of list sizes, counted (it says) by `letters --lang ru|en --tier common|full`."""
    rows = _table_rows(ROOT / "docs" / "words.md", "| list | common tier | full tier |")
    assert rows
    for name, common, full in rows:
        lang = "en" if name.startswith("English") else "ru"
        counted = tuple(_letters_json(solver_output, lang, tier)["words"] for tier in ("common", "full"))
        assert (_count(common), _count(full)) == counted, f"docs/words.md: {name}: {common} / {full}; counted {counted}"


def test_the_checks_of_quoted_output_find_what_they_check() -> None:
    """The parsers above find the runs and figures the pages quote (an empty match would pass every check)."""
    shown = {arguments for _, arguments, _ in _shown_runs()}
    assert {("letters", "--tier", "full"), ("letters", "--lang", "en"), ("fingers",), ("wordle", "stats")} <= shown
    named = {(page, arguments) for page, _, arguments in _named_runs()}
    assert ("README.md", ("letters", "--tier", "full")) in named and ("README.md", ("wordle", "stats")) in named
