"""English Wordle on the 5bukv engine: the original lists, Wordle's colours as players write them,
the search configured for them (equally likely answers, normal and hard mode) and the shipped
trees played through the engine."""

from __future__ import annotations

import json
from pathlib import Path

import forkserver
import numpy as np
import pytest

from solver.wordle import SOLVED_CODE, Colour, Entry, EntryError, EntryProblem, feedback, mask_code
from solver.wordle.english import (
    ANSWERS_FILE,
    ENGLISH_LIMITS,
    GUESSES_FILE,
    english_engine,
    english_opening,
    english_squares,
    parse_english_entry,
    parse_english_mask,
    read_list,
    tree_file,
    uniform_engine,
)
from solver.wordle.search import NO_HINTS, Search, SearchLimits, Wordle, _guess_bounds, _uniform_bounds, build_plan

ROOT = Path(__file__).resolve().parents[2]
G, Y, B = Colour.YELLOW, Colour.WHITE, Colour.GREY  # Wordle's green, yellow, grey in the engine's names


def test_the_lists_are_the_original_games() -> None:
    answers, guesses = read_list(ANSWERS_FILE), read_list(GUESSES_FILE)
    assert (len(answers), len(guesses)) == (2315, 12972)
    assert set(answers) <= set(guesses)
    assert {"salet", "cigar", "rebut", "sissy"} <= set(guesses)
    assert "salet" not in answers and "cigar" in answers
    assert all(len(word) == 5 and word.isascii() and word.isalpha() and word.islower() for word in guesses)


@pytest.mark.parametrize(
    "text",
    ["🟩🟨⬛⬛⬜", "🟩 🟨 ⬛ ⬛ ⬜", "gybbb", "g y b b b", "GYXXX", "gyx-b", "🟧🟦⬛⬛⬛"],
)
def test_every_way_of_writing_wordle_colours(text: str) -> None:
    assert parse_english_mask(text) == (G, Y, B, B, B)


def test_wordle_green_is_the_right_place_not_5bukvs_grey() -> None:
    """In 5bukv's letters g is grey; in Wordle's it is green: the games never mix them."""
    assert parse_english_mask("ggggg") == (G,) * 5
    assert mask_code(parse_english_mask("ggggg")) == SOLVED_CODE  # type: ignore[arg-type]


def test_an_entry_is_the_word_then_the_colours_or_the_colours_alone() -> None:
    assert parse_english_entry("CRANE 🟩⬛⬛🟨⬛", "salet") == Entry("crane", (G, B, B, Y, B))
    assert parse_english_entry("crane:gbbyb", "salet") == Entry("crane", (G, B, B, Y, B))
    assert parse_english_entry("🟩⬛⬛🟨⬛ crane", "salet") == Entry("crane", (G, B, B, Y, B))
    assert parse_english_entry("gbbyb", "salet") == Entry("salet", (G, B, B, Y, B))


def test_bad_colours_are_told_why() -> None:
    wrong = parse_english_mask("gyb")
    assert isinstance(wrong, EntryError) and wrong.problem is EntryProblem.WRONG_LENGTH and wrong.length == 3
    unknown = parse_english_mask("gyzbb")
    assert isinstance(unknown, EntryError) and unknown.symbol == "z"
    word = parse_english_entry("слово gybbb", "salet")
    assert isinstance(word, EntryError) and word.problem is EntryProblem.WORD_NOT_FIVE_LETTERS


def test_share_squares_are_wordles() -> None:
    assert english_squares(feedback("salet", "cigar")) == "⬛🟨⬛⬛⬛"
    assert english_squares(feedback("cigar", "cigar")) == "🟩🟩🟩🟩🟩"


SMALL_LIMITS = SearchLimits(widths=(3, 4, 3), complete_up_to=6, widest=400, sixth_try=0.0, ties=False)


def _small(hard: bool) -> tuple[Wordle, Search]:
    answers = read_list(ANSWERS_FILE)[::23]  # about a hundred, spread over the alphabet
    guesses = sorted(set(read_list(GUESSES_FILE)[::40]) | set(answers))
    engine = uniform_engine(answers, guesses, hard)
    return engine, engine.search(SMALL_LIMITS, whole=True)


def _play(plan: dict[str, object], secret: str) -> list[str]:
    guesses, node = [], plan
    while True:
        word = str(node["guess"])
        guesses.append(word)
        code = mask_code(feedback(word, secret))
        if code == SOLVED_CODE:
            return guesses
        node = node["next"][str(code)]  # type: ignore[index]


@pytest.mark.parametrize("hard", [False, True])
def test_the_tree_finds_every_answer_within_six_at_the_cost_it_claims(hard: bool) -> None:
    engine, search = _small(hard)
    everyone = engine.secret_indices
    cost, _ = search.best(everyone, 6)
    plan = build_plan(search, engine.words, everyone, 6)
    games = {secret: _play(plan, secret) for secret in engine.secrets}
    assert max(len(game) for game in games.values()) <= 6
    assert sum(len(game) for game in games.values()) == cost
    assert cost >= 2 * len(everyone) - 1  # no strategy does better than one guess, then one more each


def test_hard_mode_uses_every_hint() -> None:
    engine, _ = _small(True)
    plan = engine.build_plan(SMALL_LIMITS)
    for secret in engine.secrets:
        history: list[Entry] = []
        for word in _play(plan, secret):
            for entry in history:
                for position, (letter, colour) in enumerate(zip(entry.word, entry.mask, strict=True)):
                    if colour is G:
                        assert word[position] == letter, (secret, entry, word)
                shown = [letter for letter, colour in zip(entry.word, entry.mask, strict=True) if colour is not B]
                for letter in set(shown):
                    assert word.count(letter) >= shown.count(letter), (secret, entry, word)
            history.append(Entry(word, feedback(word, secret)))


def test_hard_mode_hints_accumulate() -> None:
    engine, search = _small(True)
    crane = next(i for i, w in enumerate(engine.words) if len(set(w)) == 5)
    code = mask_code((G, Y, B, B, B))
    hints = search.hints_after(NO_HINTS, crane, code)
    word = engine.words[crane]
    assert hints[0][0] == ord(word[0]) and set(dict(hints[1])) == {ord(word[0]), ord(word[1])}
    allowed = [engine.words[i] for i in search.allowed(hints)]
    assert allowed and all(w[0] == word[0] and word[1] in w for w in allowed)


def test_outside_hard_mode_no_hint_binds() -> None:
    _, search = _small(False)
    assert search.hints_after(NO_HINTS, 0, mask_code((G, Y, B, B, B))) == NO_HINTS


def test_the_uniform_bound_is_the_weighted_one_with_every_weight_one() -> None:
    """The shortcut the search takes where every candidate weighs one gives the very bounds of
    the general weighted ones, so the two priors differ only in speed there."""
    engine, _ = _small(False)
    rng = np.random.default_rng(5)
    for size in (3, 17, 60):
        candidates = np.sort(rng.choice(engine.secret_indices, size=size, replace=False))
        pool = np.sort(rng.choice(len(engine.words), size=300, replace=False))
        codes = engine.colours.block(pool, candidates).T
        weighted = _guess_bounds(codes, pool, candidates, np.ones(size))
        assert np.array_equal(_uniform_bounds(codes, np.isin(pool, candidates)), weighted)


def test_the_shipped_trees_fingerprint_names_the_english_settings() -> None:
    assert "ties=False" in repr(ENGLISH_LIMITS) and "ties" not in repr(SearchLimits())


@pytest.mark.parametrize(("hard", "most"), [(False, 7940), (True, 8149)])
def test_the_shipped_trees_play_near_the_proven_optimum(hard: bool, most: int) -> None:
    """Proven optimum: 7,920 guesses (3.4212) normal, 8,122 (3.5084) hard; the targets 3.43 and 3.52."""
    assert json.loads(tree_file(hard).read_text("utf-8"))["tree"]["guess"] == "salet"
    engine = english_engine(hard)
    tries = [len(engine.play(secret)) for secret in engine.secrets]
    assert len(tries) == 2315 and max(tries) <= 6
    assert sum(tries) <= most


def test_the_opening_read_without_the_engine_is_the_engines() -> None:
    """A first /wordle is answered from the answers and the stored trees' first guesses alone."""
    opening = english_opening()
    assert opening.answers == english_engine(False).secrets == english_engine(True).secrets
    assert opening.guesses == {hard: english_engine(hard).first_guess() for hard in (False, True)}


def test_off_the_tree_hard_mode_suggests_a_word_that_uses_the_hints() -> None:
    engine = english_engine(True)
    history = [Entry("crane", feedback("crane", "cigar"))]  # not the tree's opening
    guess = engine.next_guess(history)
    assert guess[0] == "c" and "r" in guess and "a" in guess


def test_stats_command_prints_the_figures() -> None:
    command = ["wordle", "stats", "--lang", "en", "--json"]
    command += ["--answers", str(ANSWERS_FILE), "--guesses", str(GUESSES_FILE)]
    done = forkserver.run("solver", *command, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["opening"] == "salet" and report["words"] == 2315 and report["max"] <= 6
    assert report["total_guesses"] == round(report["average"] * 2315)
    assert report["total_guesses"] <= 7940


def test_next_and_review_commands_read_wordle_colours() -> None:
    done = forkserver.run("solver", "wordle", "next", "--lang", "en", "⬛🟨⬛⬛⬛", cwd=ROOT, timeout=120)
    assert done.returncode == 0 and "next guess:" in done.stdout, done.stderr
    review = forkserver.run(
        "solver", "wordle", "review", "--lang", "en", "--json", "salet:bybbb", "cigar:ggggg", cwd=ROOT, timeout=120
    )
    assert review.returncode == 0, review.stderr
    report = json.loads(review.stdout)
    assert len(report["guesses"]) == 2 and report["share"] == "⬛🟨⬛⬛⬛\n🟩🟩🟩🟩🟩"
