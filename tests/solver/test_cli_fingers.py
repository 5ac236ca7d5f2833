"""``python -m solver fingers --text``: the Japanese article's table as text, the same table the HTML shows."""

from __future__ import annotations

import html
import json
import re
import sys
from pathlib import Path

import pytest

from solver.cli import main
from solver.cli.fingers import table_html, table_text
from solver.fingers import FingerGame, FingerRules

VARIANTS = [FingerRules(), FingerRules(overflow="modulo"), FingerRules(4, "cutoff", self_attack=True)]

Entry = tuple[str, str, list[tuple[str, str]] | str]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def html_entries(page: str) -> list[Entry]:
    """(state, who wins, [(next state, who wins)] or "X wins!") for each state of the page."""
    entries: list[Entry] = []
    for name, label, rest in re.findall(r'<li id="[^"]+"><span class="(\w)">([^<]+)</span> → (.*)</li>', page):
        links = re.findall(r'<a class="(\w)" href="#[^"]+" title="[^"]*">([^<]+)</a>', rest)
        moves = [(html.unescape(target), who) for who, target in links]
        entries.append((html.unescape(label), name, moves or rest))
    return entries


def text_entries(table: str) -> list[Entry]:
    """The same, read from the text table (its draw mark = is the HTML's class X)."""
    entries: list[Entry] = []
    for line in table.replace(" =", " X").split("\n\n", 1)[1].splitlines():
        head, rest = line.split(" → ")
        label, name = head.split(" ")
        if rest.endswith("wins!"):
            entries.append((label, name, rest))
            continue
        moves = [(target, who) for _, target, who in (move.split(" ") for move in rest.split(", "))]
        entries.append((label, name, moves))
    return entries


def test_text_is_the_default_variants_table_line_by_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "fingers", "--text")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "The finger game: 5 fingers, cutoff"
    assert "Start the game: (A,1,1,1,1) B" in lines  # the second player wins from the start
    assert "(A,1,1,1,1) B → 1x1 (B,1,1,1,2) B, 0+2 (B,0,2,1,1) B" in lines
    assert "(A,0,0,1,1) B → B wins!" in lines
    assert len(lines) == 6 + 2 * 224
    assert "\x1b" not in out  # not a terminal: marks, no colour


@pytest.mark.parametrize("rules", VARIANTS, ids=["cutoff", "modulo", "4-self-attack"])
def test_the_text_table_shows_what_the_html_shows(rules: FingerRules) -> None:
    game = FingerGame(rules)
    assert text_entries(table_text(game)) == html_entries(table_html(game))


def test_colour_on_a_terminal_unless_no_color(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    monkeypatch.delenv("NO_COLOR", raising=False)
    status, out, _ = run(capsys, "fingers", "--text")
    assert status == 0
    assert "Start the game: \x1b[34m(A,1,1,1,1) B\x1b[0m" in out  # blue: B wins, as in the HTML
    monkeypatch.setenv("NO_COLOR", "1")
    status, out, _ = run(capsys, "fingers", "--text")
    assert status == 0 and "\x1b" not in out


def test_the_summary_points_to_both_tables(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, _ = run(capsys, "fingers", "--html", str(tmp_path / "table.html"))
    assert status == 0
    assert out.splitlines()[-1] == "every state and its moves: --text (here) or --html FILE (a page)"


def test_text_and_json_are_one_or_the_other(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "fingers", "--text", "--json")
    assert (status, out) == (2, "")
    assert err.startswith("error: ") and "not allowed with" in err and err.count("\n") == 1


# The bot opens and the player keeps the win every turn without hurrying it, until the third time round.
SLOW_GAME = "1x1 0+3 1x3 1+3 1x3 2+3 1x2 2+4 1x4 1+1 1x1 0+3 1x3 1+3 1x3 2+3 1x2 2+4 1x4 1+1"


def test_review_with_a_cap_grades_under_the_bots_draw_rules(capsys: pytest.CaptureFixture[str]) -> None:
    """The Japanese article's endless game keeps the win at move 18; under the bot's rules it slipped there."""
    _, endless, _ = run(capsys, "fingers", "review", *SLOW_GAME.split(), "--json")
    _, ruled, _ = run(capsys, "fingers", "review", *SLOW_GAME.split(), "--cap", "100", "--json")
    endless_moves, ruled_moves = json.loads(endless)["moves"], json.loads(ruled)["moves"]
    assert (json.loads(ruled)["cap"], json.loads(ruled)["repeats"]) == (100, 3)
    assert endless_moves[17]["grade"] == "kept-win" and ruled_moves[17]["grade"] == "threw-win"
    assert not endless_moves[7]["best"] and not ruled_moves[7]["best"]  # kept the win, but further away
    assert json.loads(ruled)["summary"]["turning_point"] == 18
    assert json.loads(endless)["summary"]["turning_point"] is None
    status, _, err = run(capsys, "fingers", "review", "1x1", "--cap", "0")
    assert status != 0 and "--cap 0" in err
