"""``python -m solver letters`` and ``bokstav``: the JSON contract, the exact
bokstav line, and one clear line for every kind of bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from solver.cli import main

JSON_KEYS = {"words", "reachable_words", "positions", "to_move", "winner", "winning_moves", "seconds"}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.fixture
def bokstav_dat(tmp_path: Path) -> Path:
    path = tmp_path / "bokstav.dat"
    path.write_text("8\nFE\nFRI\nFRIA\nKO\nSE\nSTUGA\nSTUGBY\nSTUP\n", encoding="utf-8")
    return path


@pytest.fixture
def nouns(tmp_path: Path) -> Path:
    path = tmp_path / "nouns.txt"
    path.write_text("йог\nйод\nйеменец\nйеменка\nагар-агар\n\n", encoding="utf-8")
    return path


def test_bokstav_prints_the_safe_letters_exactly(capsys: pytest.CaptureFixture[str], bokstav_dat: Path) -> None:
    assert run(capsys, "bokstav", str(bokstav_dat)) == (0, "Säkra bokstäver: K S\n", "")


def test_bokstav_with_no_safe_letter_prints_the_bare_label(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "none.dat"
    path.write_text("2\nA\nB\n", encoding="utf-8")
    assert run(capsys, "bokstav", str(path)) == (0, "Säkra bokstäver:\n", "")


def test_bokstav_reads_bokstav_dat_in_the_current_directory_as_bokstavslek_does(
    capsys: pytest.CaptureFixture[str], bokstav_dat: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(bokstav_dat.parent)
    assert run(capsys, "bokstav") == (0, "Säkra bokstäver: K S\n", "")


def test_bokstav_without_a_file_says_where_it_looked(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, "bokstav")
    assert (status, out) == (2, "")
    assert err == (
        f"error: no FILE given and no bokstav.dat in the current directory ({tmp_path}): "
        "put the word list there, or name it: python -m solver bokstav FILE\n"
    )


def test_no_command_prints_the_help_with_every_command_on_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys)
    assert (status, err) == (0, "")
    assert out.startswith("usage: python -m solver [-h] COMMAND ...")
    assert "    fingers   the finger game (Chopsticks): who wins from the start\n" in out
    assert "    word      does a word count in the letter game (which tier) and in 5bukv, and if not, why\n" in out
    assert "    wordle    5bukv: the next guess for a history of masks, or the strategy's statistics\n" in out
    assert "'python -m solver COMMAND --help'" in out


def test_the_first_line_names_the_word_list_and_how_to_pick_the_other(
    capsys: pytest.CaptureFixture[str], nouns: Path
) -> None:
    status, out, _ = run(capsys, "letters")
    assert status == 0
    assert out.splitlines()[0] == (
        "word list: Russian nouns, common tier (everyday words, the default); "
        "--tier full: every clean noun, nearest to the Russian article's list"
    )
    assert "the second player wins with perfect play" in out
    status, out, _ = run(capsys, "letters", "--tier", "full")
    assert status == 0
    assert out.splitlines()[0] == (
        "word list: Russian nouns, full tier (every clean noun, nearest to the Russian article's list); "
        "--tier common (the default): everyday words only"
    )
    assert "the first player wins with perfect play\nwinning letters: й\n" in out  # the Russian article's answer
    status, out, _ = run(capsys, "letters", "--lang", "en", "review", "quack")
    assert status == 0
    assert out.splitlines()[0].startswith("word list: English words (Unix web2), common tier (everyday words")
    status, out, _ = run(capsys, "letters", "--words", str(nouns), "--players", "3")
    assert status == 0
    assert out.splitlines()[0] == (
        f"word list: {nouns}, every word as written (no tiers); --lang ru|en plays a shipped list"
    )


def test_dictionary_options_count_before_review_as_after_it(capsys: pytest.CaptureFixture[str], nouns: Path) -> None:
    for argv in (["--lang", "en", "--json", "review", "quack"], ["review", "quack", "--lang", "en", "--json"]):
        status, out, _ = run(capsys, "letters", *argv)
        assert (status, json.loads(out)["dictionary"]) == (0, "--lang en --tier common")
    status, out, err = run(capsys, "letters", "--words", str(nouns), "review", "йо", "--lang", "ru")
    assert (status, out, err) == (2, "", "error: argument --lang: not allowed with argument --words\n")


def test_the_letters_help_says_why_the_default_is_not_the_russian_articles_list(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as done:
        main(["letters", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert done.value.code == 0
    assert "by default (no --words, --lang or --tier) the common tier of the shipped Russian nouns" in out
    assert "The Russian article's own list (russian_nouns.txt, 51,301 nouns) is not shipped: --tier full" in out


def test_letters_json_has_the_contract_keys(capsys: pytest.CaptureFixture[str], nouns: Path) -> None:
    status, out, err = run(capsys, "letters", "--words", str(nouns), "--json")
    assert status == 0 and err == ""
    report = json.loads(out)
    assert set(report) >= JSON_KEYS
    assert report["words"] == 5
    assert report["to_move"] == "first"
    assert report["winner"] == "first"
    assert report["winning_moves"] == ["а", "й"]  # агар-агар has nine symbols: the first player completes it


def test_the_hyphen_is_one_more_symbol_of_a_word_file(capsys: pytest.CaptureFixture[str], nouns: Path) -> None:
    status, out, _ = run(capsys, "letters", "--words", str(nouns), "--prefix", "агар-", "--json")
    report = json.loads(out)
    assert status == 0
    assert report["prefix"] == "агар-"
    assert report["to_move"] == "second"  # five symbols played
    assert [move["letter"] for move in report["moves"]] == ["а"]


def test_a_prefix_changes_whose_move_it_is(capsys: pytest.CaptureFixture[str], nouns: Path) -> None:
    status, out, _ = run(capsys, "letters", "--words", str(nouns), "--prefix", "йе", "--json")
    report = json.loads(out)
    assert (status, report["to_move"], report["winner"], report["winning_moves"]) == (0, "first", "first", ["м"])


def test_the_strategy_is_printed_on_request(capsys: pytest.CaptureFixture[str], nouns: Path) -> None:
    status, out, _ = run(capsys, "letters", "--words", str(nouns), "--strategy")
    assert status == 0
    assert "strategy: й → йе → йем → йеменец / йеменка; йо → йог / йод" in out


def test_both_shipped_dictionaries_answer(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--lang", "ru"], ["--lang", "ru", "--rule", "complete-loses"], ["--lang", "en"]):
        status, out, _ = run(capsys, "letters", *argv, "--json")
        report = json.loads(out)
        assert status == 0
        assert report["winner"] in {"first", "second"}
        expected = report["winner"] == "first"
        assert bool(report["winning_moves"]) is expected


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["letters", "--words", "/no/such/file"], "no such file"),
        (["letters", "--words", "{empty}"], "no words"),
        (["letters", "--prefix", "ъъъ"], "no word starts with"),
        (["letters", "--prefix", "q"], "not in the alphabet"),
        (["letters", "--rule", "sometimes"], "invalid choice"),
        (["letters", "--min-length", "0"], "must be 1 or more"),
        (["letters", "--words", "x", "--lang", "ru"], "not allowed with"),
        (["letters", "--bogus"], "unrecognized arguments"),
        (["bokstav", "{empty}"], "no words"),
        (["nonsense"], "unknown command"),
    ],
)
def test_bad_input_is_one_line_on_stderr(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], message: str
) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("\n\n", encoding="utf-8")
    status, out, err = run(capsys, *[arg.replace("{empty}", str(empty)) for arg in argv])
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("error: ")
    assert message in err


def test_the_real_command_runs_as_a_process(bokstav_dat: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "solver", "bokstav", str(bokstav_dat)], capture_output=True, text=True, check=False
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "Säkra bokstäver: K S\n", "")
    failed = subprocess.run(
        [sys.executable, "-m", "solver", "letters", "--prefix", "zz"], capture_output=True, text=True, check=False
    )
    assert failed.returncode == 2
    assert "Traceback" not in failed.stderr and failed.stderr.count("\n") == 1


def test_players_report_the_seat_to_move_and_its_forcing_letters(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    words = tmp_path / "group.txt"
    words.write_text("дэв\nдом\nдыра\nкот\n", encoding="utf-8")
    argv = ["letters", "--words", str(words), "--rule", "complete-loses", "--players", "3"]
    status, out, _ = run(capsys, *argv, "--prefix", "д", "--json", "--strategy")
    report = json.loads(out)
    assert status == 0
    assert (report["players"], report["seat_to_move"], report["winning_moves"]) == (3, 2, ["о", "ы", "э"])
    assert report["forcing_seats"] == [2]  # seat 1 is put out by ы: дыр, then it completes дыра
    assert report["strategy"] == "до → дом"
    assert [move["letter"] for move in report["moves"] if move["forces"]] == ["о", "ы", "э"]
    status, out, _ = run(capsys, *argv, "--prefix", "дэ")
    assert status == 0
    assert "seat 3 has no forcing letter" in out
    assert "в       no        0.0%  дэв" in out


@pytest.mark.parametrize("argv", [["--lang", "ru"], ["--lang", "ru", "--rule", "complete-loses"], ["--lang", "en"]])
def test_two_players_answer_as_the_two_player_game(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    _, opening, _ = run(capsys, "letters", *argv, "--json")
    for prefix in ["", *(move["letter"] for move in json.loads(opening)["moves"][:3])]:
        _, plain, _ = run(capsys, "letters", *argv, "--prefix", prefix, "--json")
        _, group, _ = run(capsys, "letters", *argv, "--prefix", prefix, "--players", "2", "--json")
        two, many = json.loads(plain), json.loads(group)
        assert many["winning_moves"] == two["winning_moves"]
        assert many["seat_to_move"] == (1 if two["to_move"] == "first" else 2)
        mover_wins = two["winner"] == two["to_move"]
        assert (many["seat_to_move"] in many["forcing_seats"]) is mover_wins


@pytest.mark.parametrize("count", ["1", "11", "three"])
def test_a_bad_player_count_is_one_line_on_stderr(capsys: pytest.CaptureFixture[str], count: str) -> None:
    status, out, err = run(capsys, "letters", "--players", count)
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and "--players" in err
