"""The letter game: published results, hand-checked dictionaries, and an
independent minimax that must agree with the engine on every position."""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.engine import Value, solve, solve_layered, solve_tree
from solver.letters import (
    FragmentTree,
    InputError,
    InputProblem,
    LetterGame,
    Rule,
    Verdict,
    WordInPlay,
    normalise_letter,
    normalise_letters,
    reachable_words,
    vocabulary,
)
from solver.levels import Level
from solver.words import RUSSIAN_ALPHABET

BOKSTAVSLEK_WORDS = ["fe", "fri", "fria", "ko", "se", "stuga", "stugby", "stup"]
RUSSIAN_ARTICLE_ENDING = ["йог", "йод", "йеменец", "йеменка"]


# ---------------------------------------------------------------- published results


def test_bokstavslek_safe_letters_are_k_and_s() -> None:
    game = LetterGame(BOKSTAVSLEK_WORDS, Rule.COMPLETE_LOSES)
    assert game.winning_letters("") == ["k", "s"]
    assert game.winner("") == "first"


def test_bokstavslek_worked_example() -> None:
    game = LetterGame(BOKSTAVSLEK_WORDS, Rule.COMPLETE_LOSES)
    # After S, T, U: P completes STUP and loses; J leaves no word; G goes on.
    assert game.verdict("stup") is Verdict.COMPLETED_WORD
    assert game.verdict("stuj") is Verdict.NO_WORD
    assert game.verdict("stug") is Verdict.GOES_ON
    # Anna must not say A (STUGA); B forces Bosse to finish STUGBY.
    assert game.best_letter("stug") == "b"
    assert [p.letter for p in game.plays("stug") if p.outcome is Value.WIN] == ["b"]


def test_the_russian_article_strategy_reads_like_the_article() -> None:
    game = LetterGame(RUSSIAN_ARTICLE_ENDING, Rule.COMPLETE_WINS)
    assert game.winning_letters("") == ["й"]
    # The article's tree, with the replies in alphabetical order (е before о).
    assert game.strategy("") == "й → йе → йем → йеменец / йеменка; йо → йог / йод"


def test_a_word_behind_a_shorter_word_is_unreachable() -> None:
    game = LetterGame(["пол", "поляна", "полка", "поле", "кот"], Rule.COMPLETE_WINS)
    assert game.word_count == 5
    assert game.reachable_word_count == 2  # пол, кот
    assert game.verdict("поля") is Verdict.UNREACHABLE
    assert game.word_on_the_way("поляна") == "пол"
    assert not game.is_fragment("пол" + "я")
    # пол is reached after 3 letters: the first player completes it.
    assert game.winner("") == "first"


def test_minimum_length_drops_short_words_before_anything_else() -> None:
    words = ["ab", "abcd", "b", "bcde"]
    assert LetterGame(words, Rule.COMPLETE_LOSES, min_length=1).reachable_word_count == 2  # ab, b
    longer = LetterGame(words, Rule.COMPLETE_LOSES, min_length=3)
    assert longer.word_count == 2
    assert longer.is_word("abcd")
    assert longer.verdict("ab") is Verdict.GOES_ON


def test_the_two_rules_mirror_each_other_on_a_single_word() -> None:
    # "ab": the second player completes it.
    assert LetterGame(["ab"], Rule.COMPLETE_WINS).winner("") == "second"
    assert LetterGame(["ab"], Rule.COMPLETE_LOSES).winner("") == "first"


def test_norvig_style_example_complete_loses() -> None:
    # Norvig's Ghost notebook reasons about small vocabularies like this one:
    # with "the", "them", "then", "they": t-h forces the first player to write "the".
    game = LetterGame(["the", "them", "then", "they"], Rule.COMPLETE_LOSES)
    assert game.reachable_word_count == 1
    assert game.winner("") == "second"
    assert game.example_word("") == "the"


# ---------------------------------------------------------------- plays and moves


def test_plays_judge_every_legal_letter_for_its_player() -> None:
    game = LetterGame(["кот", "кит", "кора"], Rule.COMPLETE_WINS)
    plays = {p.letter: p for p in game.plays("ко")}
    assert set(plays) == {"т", "р"}
    assert plays["т"].outcome is Value.WIN and plays["т"].plies == 0 and plays["т"].completes_word
    assert plays["р"].outcome is Value.LOSS and plays["р"].example == "кора"


def test_perfect_play_wins_fastest() -> None:
    # At "a" the second player can win at once with "ab" or later with "acde".
    game = LetterGame(["ab", "acde"], Rule.COMPLETE_WINS)
    assert game.best_letter("a") == "b"


def test_a_lost_player_holds_out_longest() -> None:
    game = LetterGame(["ab", "acde", "ba"], Rule.COMPLETE_LOSES)
    # At "a" the second player loses either way (b completes "ab" at once,
    # c only delays: "acde" is completed by the second player too).
    assert game.value("a") is Value.LOSS
    assert game.best_letter("a") == "c"


def test_weaker_levels_make_mistakes_and_perfect_never_does() -> None:
    game = LetterGame(BOKSTAVSLEK_WORDS, Rule.COMPLETE_LOSES)
    rng = random.Random(7)
    perfect = {game.computer_letter("", Level.PERFECT, rng) for _ in range(200)}
    easy = {game.computer_letter("", Level.EASY, rng) for _ in range(200)}
    assert perfect == {game.best_letter("")}
    assert game.best_letter("") in {"k", "s"}
    assert easy - {"k", "s"}, "the easy level should sometimes open with a losing letter"
    assert easy <= {"f", "k", "s"}


def test_a_slip_still_avoids_completing_a_losing_word_when_it_can() -> None:
    game = LetterGame(["ab", "acd"], Rule.COMPLETE_LOSES)
    rng = random.Random(1)
    assert {game.computer_letter("a", Level.EASY, rng) for _ in range(100)} == {"c"}


# ---------------------------------------------------------------- input


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        *[("К", "к"), ("  к ", "к"), ("C", "с"), ("c", "с"), ("ё", "ё"), ("Ë", "ё"), ("P", "р"), ("y", "у")],
        *[("и\u0306", "й"), ("И\u0306", "й"), ("е\u0308", "ё"), ("Е\u0308", "ё")],  # letter + combining mark
    ],
)
def test_letters_are_folded_and_latin_lookalikes_read_as_cyrillic(typed: str, expected: str) -> None:
    assert normalise_letter(typed, RUSSIAN_ALPHABET) == expected


@pytest.mark.parametrize(
    ("typed", "problem"),
    [
        ("", InputProblem.EMPTY),
        ("   ", InputProblem.EMPTY),
        ("кот", InputProblem.NOT_ONE_LETTER),
        ("q", InputProblem.NOT_IN_ALPHABET),
        ("7", InputProblem.NOT_IN_ALPHABET),
        ("😀", InputProblem.NOT_IN_ALPHABET),
    ],
)
def test_anything_else_is_an_error_value(typed: str, problem: InputProblem) -> None:
    result = normalise_letter(typed, RUSSIAN_ALPHABET)
    assert isinstance(result, InputError)
    assert result.problem is problem


def test_english_games_do_not_read_lookalikes() -> None:
    assert normalise_letters("Cab", "abcdefghijklmnopqrstuvwxyz") == "cab"


def test_a_dictionary_with_letters_outside_a_given_alphabet_is_refused() -> None:
    with pytest.raises(ValueError, match="outside the alphabet"):
        LetterGame(["cat"], alphabet="абв")


def test_an_empty_dictionary_is_refused() -> None:
    with pytest.raises(ValueError, match="no words"):
        LetterGame(["ab"], min_length=3)


# ---------------------------------------------------------------- an independent minimax


def plain_minimax(words: set[str], rule: Rule) -> dict[str, tuple[bool, int]]:
    """Every reachable fragment → (does the player to move win, plies to the end),
    by memoised recursion over a set of prefixes, as the Ghost article and Norvig do."""
    prefixes = {word[:i] for word in words for i in range(len(word) + 1)}
    alphabet = sorted(set("".join(words)))

    @cache
    def outcome(fragment: str) -> tuple[bool, int]:
        if fragment in words:
            return rule is Rule.COMPLETE_LOSES, 0
        results = [outcome(fragment + c) for c in alphabet if fragment + c in prefixes]
        wins = [plies for mover_wins, plies in results if not mover_wins]
        if wins:
            return True, 1 + min(wins)
        return False, 1 + max(plies for _, plies in results)

    table: dict[str, tuple[bool, int]] = {}
    stack = [""]
    while stack:
        fragment = stack.pop()
        table[fragment] = outcome(fragment)
        if fragment not in words:
            stack.extend(fragment + c for c in alphabet if fragment + c in prefixes)
    return table


small_dictionaries = st.lists(st.text(alphabet="abc", min_size=1, max_size=6), min_size=1, max_size=25)


@settings(max_examples=300, deadline=None)
@given(words=small_dictionaries, rule=st.sampled_from(list(Rule)))
def test_the_engine_agrees_with_plain_minimax_on_every_position(words: list[str], rule: Rule) -> None:
    game = LetterGame(words, rule)
    expected = plain_minimax(set(words), rule)
    assert game.positions == len(expected)
    assert game.reachable_word_count == len(reachable_words(sorted(set(words))))
    for fragment, (mover_wins, plies) in expected.items():
        assert game.value(fragment) is (Value.WIN if mover_wins else Value.LOSS), fragment
        assert game.distance(fragment) == plies, fragment


@settings(max_examples=200, deadline=None)
@given(words=small_dictionaries, word_value=st.sampled_from([Value.WIN, Value.LOSS]))
def test_the_tree_solved_in_layers_gives_the_retrograde_table(words: list[str], word_value: Value) -> None:
    """The letter game solves its fragment tree layer by layer (little scratch): the same values and
    distances as the retrograde sweep over the reversed graph, whose moves are the tree's letters,
    whether the layers' moves are looked up in the graph or are slices of the tree."""
    tree = FragmentTree.build(reachable_words(vocabulary(words)))
    graph, layers = tree.graph(), tree.depth_starts()
    assert all(graph.successors(p).tolist() == list(tree.children(p)) for p in range(tree.size))
    assert all(
        tree.depth[graph.successors(p)].tolist() == [tree.depth[p] + 1] * len(tree.children(p))
        for p in range(tree.size)
    )
    assert layers[0] == 0 and layers[-1] == tree.size
    expected = solve(graph, word_value)
    for solved in (solve_layered(graph, layers, word_value), solve_tree(tree.first_child, layers, word_value)):
        assert solved.value.tolist() == expected.value.tolist()
        assert solved.distance.tolist() == expected.distance.tolist()


@settings(max_examples=150, deadline=None)
@given(words=small_dictionaries, rule=st.sampled_from(list(Rule)))
def test_perfect_moves_and_examples_follow_the_table(words: list[str], rule: Rule) -> None:
    game = LetterGame(words, rule)
    for fragment in plain_minimax(set(words), rule):
        if game.is_word(fragment):
            continue
        plays = game.plays(fragment)
        best = next(p for p in plays if p.letter == game.best_letter(fragment))
        if game.value(fragment) is Value.WIN:
            assert best.outcome is Value.WIN
            assert best.plies == min(p.plies for p in plays if p.outcome is Value.WIN)
        else:
            assert best.plies == max(p.plies for p in plays)
        for play in plays:
            assert play.example.startswith(fragment + play.letter)
            assert game.is_word(play.example)


# ---------------------------------------------------------------- commonness


def test_ties_go_to_the_common_word_and_alphabetically_without_commonness() -> None:
    words = ["кол", "кот", "ком"]
    plain = LetterGame(words, Rule.COMPLETE_WINS)
    assert plain.best_letter("ко") == "л"  # every letter completes a word and wins: alphabetical
    known = LetterGame(words, Rule.COMPLETE_WINS, commonness={"кот": 5.0, "кол": 3.0, "ком": 4.0})
    assert known.best_letter("ко") == "т"
    assert known.example_word("к") == known.example_word("") == "кот"


def test_slips_lean_toward_common_words() -> None:
    # а leads to one very common word, б to ten unknown ones; neither loses on the spot.
    words = ["ах", *(f"б{letter}а" for letter in "вгдежзиклм")]
    commonness = {"ах": 6.0}

    def share_of_a(game: LetterGame) -> float:
        rng = random.Random(7)
        picks = [game.tree.last_letter(game._plausible_child(0, rng)) for _ in range(400)]
        return picks.count("а") / len(picks)

    assert share_of_a(LetterGame(words, Rule.COMPLETE_LOSES, commonness=commonness)) > 0.9
    assert share_of_a(LetterGame(words, Rule.COMPLETE_LOSES)) < 0.3


small_commonness = st.dictionaries(st.text(alphabet="abc", min_size=1, max_size=6), st.floats(0, 7), max_size=25)


@settings(max_examples=150, deadline=None)
@given(words=small_dictionaries, rule=st.sampled_from(list(Rule)), commonness=small_commonness)
def test_among_equally_good_moves_the_line_ends_on_the_most_common_word(
    words: list[str], rule: Rule, commonness: dict[str, float]
) -> None:
    game = LetterGame(words, rule, commonness=commonness)
    for fragment in plain_minimax(set(words), rule):
        if game.is_word(fragment) or game.value(fragment) is not Value.WIN:
            continue
        plays = game.plays(fragment)
        fastest = min(p.plies for p in plays if p.outcome is Value.WIN)
        equally_good = [p for p in plays if p.outcome is Value.WIN and p.plies == fastest]
        best = next(p for p in plays if p.letter == game.best_letter(fragment))
        assert best in equally_good
        assert commonness.get(best.example, 0.0) == max(commonness.get(p.example, 0.0) for p in equally_good)
        assert game.example_word(fragment) == best.example


@settings(max_examples=60, deadline=None)
@given(words=small_dictionaries, rule=st.sampled_from(list(Rule)), commonness=small_commonness)
def test_a_game_under_the_other_rule_shares_the_tree_and_plays_as_one_built_for_it(
    words: list[str], rule: Rule, commonness: dict[str, float]
) -> None:
    other = Rule.COMPLETE_LOSES if rule is Rule.COMPLETE_WINS else Rule.COMPLETE_WINS
    original = LetterGame(words, rule, commonness=commonness)
    original.with_players(3)
    shared = original.with_rule(other)
    built = LetterGame(words, other, commonness=commonness)
    assert shared.tree is original.tree and shared.rule is other and original.rule is rule
    assert shared.solved_seat_counts() == [] and original.solved_seat_counts() == [3]
    rng_shared, rng_built = random.Random(3), random.Random(3)
    for fragment in plain_minimax(set(words), other):
        assert shared.is_word(fragment) == built.is_word(fragment)
        assert (shared.value(fragment), shared.distance(fragment)) == (built.value(fragment), built.distance(fragment))
        assert shared.plays(fragment) == built.plays(fragment)
        assert shared.strategy(fragment) == built.strategy(fragment)
        if not built.is_word(fragment):
            assert shared.best_letter(fragment) == built.best_letter(fragment)
            slips = [shared.computer_letter(fragment, level, rng_shared) for level in Level]
            assert slips == [built.computer_letter(fragment, level, rng_built) for level in Level]


def test_a_game_knows_its_words_also_those_no_board_reaches() -> None:
    """поляна is one of the game's words, though the board always ends at пол first; полк is none."""
    game = LetterGame(["кот", "пол", "полка", "поляна", "ёж"], min_length=3)
    assert game.has_word("поляна") and game.has_word("полка") and game.has_word("пол")
    assert not game.has_word("полк") and not game.has_word("ёж") and not game.has_word("")
    assert game.word_in_play("поляна") == WordInPlay(counts=True, ends_at="пол")
    assert game.word_in_play("кот").playable and not game.word_in_play("поляна").playable
    assert game.word_in_play("полк") == WordInPlay(counts=False, ends_at="пол")
