"""``python -m solver word``, ``words``, ``wordle words`` and ``letters --tier``."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from solver.cli import main
from solver.wordle import default_words
from solver.words import LANGUAGES, Tier


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def ask(capsys: pytest.CaptureFixture[str], word: str, lang: str = "ru") -> dict[str, object]:
    status, out, _ = run(capsys, "word", word, "--lang", lang, "--json")
    assert status == 0
    report: dict[str, object] = json.loads(out)
    return report


@pytest.mark.parametrize(
    ("word", "tier", "reason", "wordle"),
    [
        ("кошка", "common", None, True),
        ("Ёж", "common", None, False),  # read in lower case; two letters are not a 5bukv word
        ("кхари", "full", "uncommon", True),  # rare, and hunspell lacks it: still a 5bukv candidate, a faint one
        ("ватин", "full", "uncommon", True),
        ("пидор", None, "offensive", False),
        ("ди", None, "letter-name", False),
        ("чукчанкасмоленка", None, "malformed", False),
        ("иван", None, "proper-name", False),
        ("бежать", None, "not-a-noun", False),
        ("тщщщ", None, "not-in-source", False),
        ("б", None, "letter-name", False),
    ],
)
def test_word_says_where_a_russian_word_counts_and_why_not(
    capsys: pytest.CaptureFixture[str], word: str, tier: str | None, reason: str | None, wordle: bool
) -> None:
    report = ask(capsys, word)
    letters = report["letter_game"]
    assert isinstance(letters, dict) and isinstance(report["wordle"], dict)
    assert (letters["tier"], letters["reason"], report["wordle"]["counts"]) == (tier, reason, wordle)
    assert letters["counts"] is (tier is not None)


def test_word_gives_the_sources_reason_for_5bukv_too(capsys: pytest.CaptureFixture[str]) -> None:
    report = ask(capsys, "пизда")
    assert report["wordle"] == {"counts": False, "reason": "offensive"}
    assert ask(capsys, "кот")["wordle"] == {"counts": False, "reason": "not-five-letters"}


def test_word_in_english(capsys: pytest.CaptureFixture[str]) -> None:
    assert ask(capsys, "cat", "en")["letter_game"] == {
        "counts": False,
        "tier": None,
        "reason": "too-short",
        "zipf": LANGUAGES["en"].zipf()["cat"],
        "common_zipf": LANGUAGES["en"].common_zipf,
        "min_length": 4,
        "reachable": None,
        "ends_first": {},
    }
    assert ask(capsys, "house", "en")["wordle"] is None
    assert ask(capsys, "nigger", "en")["letter_game"]["reason"] == "offensive"  # type: ignore[index]


@pytest.mark.parametrize(
    ("argv", "first_line"),
    [
        (["ghost"], "ghost (en)"),
        (["Ghost"], "ghost (en)"),
        (["ёлка"], "ёлка (ru)"),
        (["ghost", "--lang", "ru"], "ghost (ru)"),  # --lang still decides
        (["кот", "--lang", "en"], "кот (en)"),
    ],
)
def test_word_picks_the_dictionary_by_the_words_script(
    capsys: pytest.CaptureFixture[str], argv: list[str], first_line: str
) -> None:
    status, out, _ = run(capsys, "word", *argv)
    assert (status, out.splitlines()[0]) == (0, first_line)


@pytest.mark.parametrize(
    ("word", "error"),
    [
        ("сat", "'сat' mixes Cyrillic (с) and Latin (a t) letters: retype it in one script, or choose one with "),
        ("123", "'123' has no Latin or Cyrillic letter: choose the dictionary with --lang ru or --lang en"),
    ],
)
def test_a_word_of_mixed_or_no_script_is_one_clear_error(
    capsys: pytest.CaptureFixture[str], word: str, error: str
) -> None:
    status, out, err = run(capsys, "word", word)
    assert (status, out) == (2, "")
    assert err.startswith(f"error: {error}") and err.count("\n") == 1


def test_word_text_names_both_games(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "word", "пидор")
    assert status == 0
    assert out.splitlines() == [
        "пидор (ru)",
        "letter game: no: excluded as offensive (obscene, vulgar, an insult or a slur)",
        "5bukv: no: excluded as offensive (obscene, vulgar, an insult or a slur)",
    ]
    status, out, _ = run(capsys, "word", "ватин")
    assert "only in the full tier: below the common tier" in out and "5bukv: yes" in out


def test_word_says_when_the_letter_game_ends_at_a_shorter_word_first(capsys: pytest.CaptureFixture[str]) -> None:
    report = ask(capsys, "поляна")
    assert report["letter_game"]["reachable"] is False  # type: ignore[index]
    assert report["letter_game"]["ends_first"] == {"common": "пол", "full": "пол"}  # type: ignore[index]
    assert ask(capsys, "собака")["letter_game"]["reachable"] is True  # type: ignore[index]
    status, out, _ = run(capsys, "word", "поляна")
    assert status == 0 and "never completed in the common tier: the game ends at пол first" in out


@pytest.mark.parametrize(("lang", "tier"), [("ru", "common"), ("ru", "full"), ("en", "common")])
def test_words_prints_the_letter_games_dictionary(capsys: pytest.CaptureFixture[str], lang: str, tier: str) -> None:
    status, out, _ = run(capsys, "words", "--lang", lang, "--tier", tier)
    language = LANGUAGES[lang]
    assert status == 0
    assert out.splitlines() == [w for w in language.words(Tier(tier)) if len(w) >= language.min_length]


def test_wordle_words_prints_every_candidate_with_its_weight(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "wordle", "words")
    rows = [line.split("\t") for line in out.splitlines()]
    assert status == 0
    assert [word for word, _ in rows] == default_words()
    assert all(float(weight) > 0 for _, weight in rows)


def test_letters_plays_the_common_tier_by_default_and_the_full_one_on_request(
    capsys: pytest.CaptureFixture[str],
) -> None:
    language = LANGUAGES["ru"]
    sizes = {}
    for argv in ([], ["--tier", "common"], ["--tier", "full"]):
        status, out, _ = run(capsys, "letters", *argv, "--json")
        assert status == 0
        sizes[tuple(argv)] = json.loads(out)["words"]
    assert sizes[()] == sizes[("--tier", "common")] == len(language.words(Tier.COMMON))
    assert sizes[("--tier", "full")] == len(language.words(Tier.FULL))


def test_letters_examples_come_from_the_common_tier(capsys: pytest.CaptureFixture[str]) -> None:
    common = set(LANGUAGES["ru"].words(Tier.COMMON))
    status, out, _ = run(capsys, "letters", "--json", "--strategy")
    report = json.loads(out)
    assert status == 0
    assert all(move["example"] in common for move in report["moves"])
    endings = set(re.findall(r"([а-яё]+)(?![а-яё]| →)", report["strategy"]))  # a fragment is followed by a move
    assert endings and endings <= common


def test_a_word_file_is_played_without_tiers(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "words.txt"
    path.write_text("пидор\nди\nкот\n", encoding="utf-8")
    status, out, _ = run(capsys, "letters", "--words", str(path), "--json")
    assert status == 0 and json.loads(out)["words"] == 3  # played as it is: nothing excluded
    status, _, err = run(capsys, "letters", "--words", str(path), "--tier", "full")
    assert status == 2 and "--tier applies to a shipped dictionary" in err


def test_the_raw_web2_list_as_a_file_reproduces_the_ghost_article(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """web2's lower-case entries, given as a file, are played as they are, with the figures published
    before the tiers. The full tier also leaves out what hunspell knows only as a name,
    so the raw list is read from its package (in the dev extra, so ``make test`` always plays it)."""
    import english_words

    entries = english_words.get_english_words_set(["web2"])
    path = tmp_path / "web2.txt"
    path.write_text("\n".join(sorted(w for w in entries if re.fullmatch("[a-z]+", w))) + "\n", encoding="utf-8")
    argv = ["letters", "--words", str(path), "--rule", "complete-loses", "--min-length", "4", "--json"]
    status, out, _ = run(capsys, *argv)
    report = json.loads(out)
    assert status == 0
    assert (report["words"], report["reachable_words"], report["positions"]) == (209_479, 83_053, 299_715)
    assert (report["winner"], report["winning_moves"]) == ("first", ["a", "e", "h", "l"])


def test_word_finds_the_yo_spelling_of_a_word_typed_with_ye(capsys: pytest.CaptureFixture[str]) -> None:
    report = ask(capsys, "елка")
    assert (report["word"], report["asked"]) == ("ёлка", "елка")
    assert report["letter_game"]["tier"] == "common"  # type: ignore[index]
    assert ask(capsys, "небо")["asked"] == "небо"  # a word known as typed is not respelled
    status, out, _ = run(capsys, "word", "елка")
    assert status == 0 and out.startswith("ёлка (ru, as the dictionary spells елка)")


def test_a_reader_that_stops_early_gets_no_traceback() -> None:
    """``python -m solver words | head -1``: the closed pipe ends the command quietly."""
    command = [sys.executable, "-m", "solver", "words"]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as process:
        assert process.stdout is not None and process.stderr is not None
        first_line = process.stdout.readline()
        process.stdout.close()  # what head does after its lines
        errors = process.stderr.read().decode()
        status = process.wait()
    assert first_line.strip()
    assert errors == ""
    assert status == 1


@pytest.mark.parametrize(("word", "lang"), [("дефекация", "ru"), ("содомит", "ru"), ("dyke", "en")])
def test_words_players_do_not_trust_are_in_no_tier_and_still_found_offensive(
    capsys: pytest.CaptureFixture[str], word: str, lang: str
) -> None:
    letters = ask(capsys, word, lang)["letter_game"]
    assert letters["tier"] is None and letters["reason"] == "offensive"  # type: ignore[index]
    assert word not in LANGUAGES[lang].words(Tier.FULL)
