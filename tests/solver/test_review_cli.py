"""``letters review``, ``fingers review`` and ``wordle review``: the JSON contract (each move's value
before and after, and the best moves there) and one clear line for a game that cannot be reviewed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solver.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.fixture
def nouns(tmp_path: Path) -> Path:
    path = tmp_path / "nouns.txt"
    path.write_text("йог\nйод\nйеменец\nйеменка\nагар-агар\n", encoding="utf-8")
    return path


MOVE_KEYS = {"ply", "player", "move", "value_before", "value_after", "best_moves", "grade"}


def test_letters_review_json_grades_each_letter(capsys: pytest.CaptureFixture[str], nouns: Path) -> None:
    status, out, err = run(capsys, "letters", "review", "йео", "--words", str(nouns), "--json")
    assert status == 0 and err == ""
    report = json.loads(out)
    assert [m["move"] for m in report["moves"]] == ["й", "е", "о"]
    assert all(set(m) >= MOVE_KEYS for m in report["moves"])
    last = report["moves"][-1]
    assert (last["value_before"], last["value_after"], last["grade"]) == ("win", "loss", "threw-win")
    assert [b["move"] for b in last["best_moves"]] == ["м"]
    assert report["summary"]["turning_point"] == 3


def test_letters_review_text_names_the_turning_point(capsys: pytest.CaptureFixture[str], nouns: Path) -> None:
    status, out, _ = run(capsys, "letters", "review", "йео", "--words", str(nouns))
    assert status == 0 and "threw the win away: м (йеменец) kept it" in out and "turned at move 3" in out


def test_letters_review_refuses_a_move_after_the_end(capsys: pytest.CaptureFixture[str], nouns: Path) -> None:
    status, out, err = run(capsys, "letters", "review", "йогй", "--words", str(nouns))
    assert (status, out) == (2, "") and err.count("\n") == 1 and "over" in err


def test_the_plain_analysis_still_runs_without_review(capsys: pytest.CaptureFixture[str], nouns: Path) -> None:
    status, out, _ = run(capsys, "letters", "--words", str(nouns), "--prefix", "й", "--json")
    assert status == 0 and json.loads(out)["to_move"] == "second"


def test_fingers_review_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "fingers", "review", "1x1", "2x1", "--json")
    moves = json.loads(out)["moves"]
    assert status == 0 and all(set(m) >= MOVE_KEYS for m in moves)
    assert moves[0]["value_before"] == "loss"  # the second player wins the finger game
    assert (moves[1]["grade"], moves[1]["best_moves"][0]["move"]) == ("threw-win", "0+3")


def test_fingers_review_refuses_an_illegal_move(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "fingers", "review", "1x1,3x3")
    assert status == 2 and "not a legal move" in err and err.count("\n") == 1


def test_wordle_review_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    words = tmp_path / "five.txt"
    words.write_text("берег\nветер\nметро\nтоска\nнорка\n", encoding="utf-8")
    status, out, _ = run(capsys, "wordle", "review", "--words", str(words), "тоска:ggggg", "берег:yyyyy", "--json")
    report = json.loads(out)
    assert status == 0 and [g["guess"] for g in report["guesses"]] == ["тоска", "берег"]
    assert report["guesses"][0]["before"] == 5 and report["guesses"][1]["after"] == 1
    first, second = report["guesses"]
    assert set(first) >= {"expected_tries", "suggested", "compared", "skill_tries", "luck_tries"}
    assert "expected_left" not in first and "best_guesses" not in first
    assert second["expected_tries_after"] == 0 and second["luck_tries"] == second["expected_tries"] - 1
    tries = report["expected_tries"] - report["skill_tries"] - report["luck_tries"]
    assert abs(tries - 2) < 1e-3  # the game's tries: the start's expectation, less skill and luck
    assert report["share"] == "5 букв 2/6\n⬛⬛⬛⬛⬛\n🟨🟨🟨🟨🟨"


def test_wordle_review_wants_the_words(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "wordle", "review", "ggggg")
    assert status == 2 and "WORD:MASK" in err
