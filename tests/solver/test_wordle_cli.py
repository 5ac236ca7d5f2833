"""``python -m solver wordle``: the next guess, the statistics and their JSON contract, the one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from solver.cli import main
from solver.cli.wordle import _lists_engine
from solver.wordle import Entry, Wordle, default_words, default_zipf, feedback, mask_text, play_all, prior_weight

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def word_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every 40th noun (about a hundred) plus the seed's, with one ё and one repeat to be folded away."""
    words = [*default_words()[::40], "скула", "солка", "катёр", "катер"]
    path = tmp_path_factory.mktemp("lists") / "words.txt"
    path.write_text("\n".join(words) + "\n", encoding="utf-8")
    return path


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["wordle", *argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_stats_json_contract(capsys: pytest.CaptureFixture[str], word_file: Path) -> None:
    status, out, _ = run_cli(capsys, "stats", "--words", str(word_file), "--json")
    report = json.loads(out)
    assert status == 0
    assert set(report) == {
        "words",
        "first_guess",
        "average",
        "weighted_average",
        "max",
        "solved_within_6",
        "failed",
        "histogram",
        "seconds",
    }
    engine = Wordle.from_words(word_file.read_text(encoding="utf-8").split())
    engine.build_plan()  # as the command does before it plays
    expected = play_all(engine)
    assert report["words"] == len(engine.words) == expected.words
    assert report["first_guess"] == engine.first_guess()
    assert report["average"] == round(expected.average, 4)
    assert report["weighted_average"] == report["average"]  # without --prior every word is equally likely
    assert report["max"] == expected.worst <= 6
    assert report["failed"] == [] and report["solved_within_6"] == report["words"]
    assert sum(report["histogram"].values()) == report["words"]
    assert report["histogram"] == {str(tries): count for tries, count in expected.histogram.items()}


def test_stats_with_the_word_frequency_prior(capsys: pytest.CaptureFixture[str], word_file: Path) -> None:
    status, out, _ = run_cli(capsys, "stats", "--words", str(word_file), "--json", "--prior", "wordfreq")
    report = json.loads(out)
    engine = Wordle.from_words(word_file.read_text(encoding="utf-8").split(), zipf=default_zipf())
    engine.build_plan()
    expected = play_all(engine)
    assert status == 0
    assert report["first_guess"] == expected.first_guess
    assert report["weighted_average"] == round(expected.weighted_average, 4) != report["average"]


def test_stats_against_a_file_of_secrets(capsys: pytest.CaptureFixture[str], word_file: Path, tmp_path: Path) -> None:
    secrets = tmp_path / "secrets.txt"
    secrets.write_text("Скула\nкатёр\nёжики\nскула\n", encoding="utf-8")
    status, out, _ = run_cli(capsys, "stats", "--words", str(word_file), "--secrets", str(secrets), "--json")
    report = json.loads(out)
    engine = Wordle.from_words(word_file.read_text(encoding="utf-8").split())
    engine.build_plan()
    games = {secret: [entry.word for entry in engine.play(secret)] for secret in ("скула", "катер")}
    tries = [len(guesses) for guesses in games.values()]
    assert status == 0
    assert report == {
        "words": 3,
        "solved_within_6": 2,
        "average": round(sum(tries) / 2, 4),
        "max": max(tries),
        "not_found": 1,
        "not_found_words": ["ежики"],
        "games": games,  # each game's guesses, to check them against what the game accepts
    }
    status, out, _ = run_cli(capsys, "stats", "--words", str(word_file), "--secrets", str(secrets))
    assert status == 0 and "not found (not in the list): 1 ежики" in out


def test_stats_without_building_plays_the_on_the_spot_engine(
    capsys: pytest.CaptureFixture[str], word_file: Path
) -> None:
    status, out, err = run_cli(capsys, "stats", "--words", str(word_file), "--json", "--no-build")
    assert status == 0 and "building" not in err
    assert json.loads(out)["words"] == len(Wordle.from_words(word_file.read_text(encoding="utf-8").split()).words)


def test_stats_text_names_every_figure(capsys: pytest.CaptureFixture[str], word_file: Path) -> None:
    status, out, _ = run_cli(capsys, "stats", "--words", str(word_file))
    assert status == 0
    for label in (
        "words:",
        "first guess:",
        "average tries:",
        "worst case:",
        "solved within 6:",
        "histogram",
        "seconds:",
    ):
        assert label in out


def test_next_follows_masks_and_lists_few_candidates(capsys: pytest.CaptureFixture[str], word_file: Path) -> None:
    engine = Wordle.from_words(word_file.read_text(encoding="utf-8").split())
    first = engine.first_guess()
    status, out, _ = run_cli(capsys, "next", "--words", str(word_file), mask_text(feedback(first, "скула")))
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("next guess: ")
    count = int(lines[1].removeprefix("candidates: "))
    assert count == len(engine.candidates([engine.play("скула")[0]]))
    if count <= 10:
        assert "скула" in lines[2].split()


def test_next_with_a_typed_word_and_a_solved_game(capsys: pytest.CaptureFixture[str], word_file: Path) -> None:
    status, out, _ = run_cli(capsys, "next", "--words", str(word_file), "катер:wwggg", "солка:ygwwy")
    assert status == 0
    assert "скула" in out
    status, out, _ = run_cli(capsys, "next", "--words", str(word_file), "скула:🟨🟨🟨🟨🟨")
    assert (status, out.strip()) == (0, "solved: скула")


def test_next_without_the_words_the_game_refused(capsys: pytest.CaptureFixture[str], word_file: Path) -> None:
    engine = Wordle.from_words(word_file.read_text(encoding="utf-8").split())
    first = engine.first_guess()
    instead = engine.next_guess([], [first])
    status, out, _ = run_cli(capsys, "next", "--words", str(word_file), "--refused", first.upper())
    assert (status, out.splitlines()[0]) == (0, f"next guess: {instead}")
    assert int(out.splitlines()[1].removeprefix("candidates: ")) == len(engine.words) - 1
    mask = mask_text(feedback(instead, "скула"))  # a mask alone is for the word suggested instead
    status, out, _ = run_cli(capsys, "next", "--words", str(word_file), "--refused", first, mask)
    history = [Entry(instead, feedback(instead, "скула"))]
    expected = "solved: скула" if instead == "скула" else f"next guess: {engine.next_guess(history, [first])}"
    assert status == 0 and out.splitlines()[0] == expected


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["next", "yyw"], "3 colours"),
        (["next", "yyqgg"], "'q'"),
        (["next", "кот:yywgg"], "not 5"),
        (["next", "катер:yyyyw"], "no word of the list fits"),
        (["next", "--words", "/no/such/file"], "no such file"),
        (["bogus"], "invalid choice"),
        (["stats", "--prior", "wordfreq"], "--prior goes with --words"),
        (["stats", "--secrets", "/no/such/file"], "no such file"),
    ],
)
def test_errors_are_one_line_with_status_2(
    capsys: pytest.CaptureFixture[str], word_file: Path, argv: list[str], message: str
) -> None:
    if argv[0] == "next" and "--words" not in argv:
        argv = ["next", "--words", str(word_file), *argv[1:]]
    status, out, err = run_cli(capsys, *argv)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("error: ") and message in err


def test_a_real_process(word_file: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "solver", "wordle", "stats", "--json", "--words", str(word_file)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["failed"] == []


def test_words_lists_each_candidate_with_its_prior_weight(capsys: pytest.CaptureFixture[str], word_file: Path) -> None:
    status, out, _ = run_cli(capsys, "words", "--words", str(word_file), "--prior", "wordfreq")
    engine = Wordle.from_words(word_file.read_text(encoding="utf-8").split(), zipf=default_zipf())
    rows = [line.split("\t") for line in out.splitlines()]
    assert status == 0
    assert [word for word, _ in rows] == engine.words
    assert [float(weight) for _, weight in rows] == [round(prior_weight(engine.zipf[w]), 4) for w in engine.words]
    status, out, _ = run_cli(capsys, "words", "--words", str(word_file))
    assert {line.split("\t")[1] for line in out.splitlines()} == {"1.0000"}


def test_stats_on_another_versions_answers_and_guesses(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, word_file: Path
) -> None:
    """--answers are the candidates and --guesses the words it may suggest: a guess-only word is
    suggested but never the secret, and a secret off --answers is not found."""
    answers = default_words()[::40]
    guesses = [*default_words()[5::60], "кринж"]  # кринж: a word the other version accepts, not one of ours
    answers_file, guesses_file, secrets_file = tmp_path / "a.txt", tmp_path / "g.txt", tmp_path / "s.txt"
    answers_file.write_text("\n".join(answers) + "\n", encoding="utf-8")
    guesses_file.write_text("\n".join(guesses) + "\n", encoding="utf-8")
    secrets_file.write_text("\n".join([*answers, "кринж"]) + "\n", encoding="utf-8")
    argv = ["--answers", str(answers_file), "--guesses", str(guesses_file), "--secrets", str(secrets_file), "--json"]
    status, out, _ = run_cli(capsys, "stats", *argv)
    report = json.loads(out)
    assert status == 0
    assert report["words"] == len(answers) + 1 and report["not_found_words"] == ["кринж"]
    assert report["solved_within_6"] == len(answers) and report["max"] <= 6
    suggested = {guess for game in report["games"].values() for guess in game[:-1]}
    assert suggested <= set(guesses) | set(answers) and suggested - set(answers)  # guess-only words were used
    assert all(game[-1] == secret for secret, game in report["games"].items())
    status, out, _ = run_cli(capsys, "stats", "--answers", str(answers_file), "--json", "--no-build")
    assert status == 0 and json.loads(out)["words"] == len(answers)  # our guesses, their answers
    weighed = [*argv, "--prior", "wordfreq", "--no-build"]
    status, out, _ = run_cli(capsys, "stats", *weighed)
    assert status == 0 and json.loads(out)["solved_within_6"] == len(answers)  # answers weighed by our prior


def test_answers_given_are_equally_likely_unless_our_prior_is_asked_for(tmp_path: Path) -> None:
    """--answers is the list the game picks from: every answer weighs the same by default; --prior
    wordfreq weighs them by our frequencies, and our own candidates (--guesses alone) keep our prior."""
    answers_file = tmp_path / "a.txt"
    answers_file.write_text("\n".join(default_words()[::40]) + "\n", encoding="utf-8")
    given = _lists_engine(str(answers_file), None, None)
    assert set(given.weights[given.secret_indices].tolist()) == {1.0}
    weighed = _lists_engine(str(answers_file), None, "wordfreq")
    assert len(set(weighed.weights[weighed.secret_indices].tolist())) > 1
    ours = _lists_engine(None, str(answers_file), None)
    assert len(set(ours.weights[ours.secret_indices].tolist())) > 1
