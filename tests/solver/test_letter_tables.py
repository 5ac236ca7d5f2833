"""The letter game's tables, built with NumPy, against the same tables computed plainly: a word at a
time, a fragment at a time, ties broken by sorting Python tuples. Every array the game keeps must be
the same, on random lists (in any order, with repeats, short words and letters of any script) and on
shipped ones."""

from __future__ import annotations

import random
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.engine import Value
from solver.letters import LetterGame, Rule, reachable_words, vocabulary
from solver.letters.vocabulary import WordMatrix, left_out
from solver.words import LANGUAGES, Tier, read_text, read_words


@dataclass
class PlainTables:
    """What a game keeps, computed without NumPy."""

    word_count: int
    reachable: list[str]
    passed: list[str]
    alphabet: str
    fragments: list[str]  # numbered depth by depth, then alphabetically
    parent: list[int]
    letter: list[int]
    depth: list[int]
    first_child: list[int]
    word_index: list[int]
    value: list[int]
    distance: list[int]
    best: list[int]
    line_end: list[int]


def plain_tables(
    words: list[str],
    rule: Rule,
    min_length: int = 1,
    alphabet: str | None = None,
    commonness: Mapping[str, float] | None = None,
) -> PlainTables:
    kept = vocabulary(words, min_length)
    reachable = reachable_words(kept)
    letters = alphabet if alphabet is not None else "".join(sorted(set("".join(reachable))))
    fragments = sorted({word[:end] for word in reachable for end in range(len(word) + 1)}, key=lambda f: (len(f), f))
    number = {fragment: at for at, fragment in enumerate(fragments)}
    words_at = {word: at for at, word in enumerate(reachable)}
    children: list[list[int]] = [[] for _ in fragments]
    for fragment in fragments[1:]:
        children[number[fragment[:-1]]].append(number[fragment])
    first_child, total = [], 1
    for below in children:
        first_child.append(total)
        total += len(below)
    first_child.append(total)

    @cache
    def solved(node: int) -> tuple[int, int]:
        if not children[node]:
            return (Value.LOSS if rule is Rule.COMPLETE_WINS else Value.WIN), 0
        results = [solved(child) for child in children[node]]
        wins = [plies for value, plies in results if value == Value.LOSS]
        if wins:
            return Value.WIN, min(wins) + 1
        return Value.LOSS, max(plies for _, plies in results) + 1

    value = [int(solved(node)[0]) for node in range(len(fragments))]
    distance = [solved(node)[1] for node in range(len(fragments))]
    zipf = [(commonness or {}).get(word, 0.0) for word in reachable]
    mistakes = [sum(value[child] == Value.WIN for child in children[node]) for node in range(len(fragments))]

    @cache
    def line(node: int) -> tuple[int, int]:
        """The best move at ``node`` (-1 at a word) and the word its line ends at."""
        if not children[node]:
            return -1, node
        wins = value[node] == Value.WIN

        def preference(child: int) -> tuple[object, ...]:
            common = zipf[words_at[fragments[line(child)[1]]]]
            good = value[child] == Value.LOSS
            speed = distance[child] if wins else -distance[child]
            slips = mistakes[child]
            return (not good, speed, *((-common, -slips) if wins else (-slips, -common)), child)

        best = min(children[node], key=preference)
        return best, line(best)[1]

    return PlainTables(
        word_count=len(kept),
        reachable=reachable,
        passed=left_out(kept, reachable),
        alphabet=letters,
        fragments=fragments,
        parent=[-1] + [number[f[:-1]] for f in fragments[1:]],
        letter=[-1] + [letters.rfind(f[-1]) for f in fragments[1:]],
        depth=[len(f) for f in fragments],
        first_child=first_child,
        word_index=[words_at.get(f, -1) if not children[number[f]] else -1 for f in fragments],
        value=value,
        distance=distance,
        best=[line(node)[0] for node in range(len(fragments))],
        line_end=[line(node)[1] for node in range(len(fragments))],
    )


def assert_same_tables(game: LetterGame, plain: PlainTables) -> None:
    tree = game.tree
    assert game.word_count == plain.word_count
    assert [tree.words[at] for at in range(len(tree.words))] == plain.reachable
    assert [game._passed_words[at] for at in range(len(game._passed_words))] == plain.passed
    assert tree.alphabet == plain.alphabet
    assert [tree.fragment(node) for node in range(tree.size)] == plain.fragments
    assert tree.parent.tolist() == plain.parent
    assert tree.letter.tolist() == plain.letter
    assert tree.depth.tolist() == plain.depth
    assert tree.first_child.tolist() == plain.first_child
    assert tree.word_index.tolist() == plain.word_index
    assert game.solution.value.tolist() == plain.value
    assert game.solution.distance.tolist() == plain.distance
    assert game._best_child.tolist() == plain.best
    assert game._line_end.tolist() == plain.line_end
    assert (tree.parent.dtype, tree.letter.dtype, tree.word_index.dtype) == (np.int32, np.int16, np.int32)
    assert (game._best_child.dtype, game._line_end.dtype, game.solution.distance.dtype) == (np.int32,) * 3


#: Letters from several scripts, in no order: words of any of them sort by code point.
LETTERS = "abcёеяжz"
word_lists = st.lists(st.text(alphabet=LETTERS, min_size=0, max_size=6), min_size=1, max_size=40)
commonness = st.dictionaries(
    st.text(alphabet=LETTERS, min_size=1, max_size=6), st.sampled_from([0.0, 1.5, 2.25, 3.0, 7.5]), max_size=30
)


@settings(max_examples=300, deadline=None)
@given(words=word_lists, rule=st.sampled_from(list(Rule)), min_length=st.integers(0, 3), known=commonness)
def test_every_table_is_the_plain_computation(
    words: list[str], rule: Rule, min_length: int, known: dict[str, float]
) -> None:
    if not vocabulary(words, min_length):
        with pytest.raises(ValueError, match="no words"):
            LetterGame(words, rule, min_length)
        return
    for given_commonness in (None, known):
        game = LetterGame(words, rule, min_length, commonness=given_commonness)
        assert_same_tables(game, plain_tables(words, rule, min_length, commonness=given_commonness))


@settings(max_examples=60, deadline=None)
@given(words=word_lists, known=commonness, shuffle=st.randoms(use_true_random=False))
def test_the_order_and_repeats_of_the_list_change_nothing(
    words: list[str], known: dict[str, float], shuffle: random.Random
) -> None:
    if not vocabulary(words):
        return
    game = LetterGame(words, commonness=known)
    again = words + words[::2]
    shuffle.shuffle(again)
    assert_same_tables(
        LetterGame(iter(again), commonness=known), plain_tables(words, Rule.COMPLETE_WINS, commonness=known)
    )
    assert game.strategy("") == LetterGame(again, commonness=known).strategy("")


def test_long_words_sort_past_their_first_eight_letters() -> None:
    """Rows are sorted by their first eight letters at once, then by the rest where those tie."""
    words = ["abcdefghij", "abcdefghi", "abcdefgha", "abcdefgh", "abcdefghz", "abcdefgb", "b", "abcdefghib"]
    plain = plain_tables(words, Rule.COMPLETE_LOSES)
    assert_same_tables(LetterGame(words, Rule.COMPLETE_LOSES), plain)
    assert_same_tables(LetterGame(words[::-1], Rule.COMPLETE_LOSES), plain)


def test_letters_beyond_a_byte_code_are_letters_too() -> None:
    """Over 255 distinct letters among the words: each still a letter of its own, in code-point order;
    a game refuses only an alphabet of more than 255 letters its boards can reach."""
    behind = ["ж" + chr(0x4E00 + at) for at in range(300)]  # every one after the word «ж»
    words = ["ж", "яз", "ёб", *behind, "a\U0001f600b", "\U0001f600"]
    random.Random(4).shuffle(words)
    game = LetterGame(words)
    assert_same_tables(game, plain_tables(words, Rule.COMPLETE_WINS))
    assert game.word_in_play(behind[7]).ends_at == "ж"
    with pytest.raises(ValueError, match="more than 255 letters"):
        LetterGame([chr(0x4E00 + at) for at in range(300)])


def test_a_given_alphabet_numbers_the_letters_and_refuses_others() -> None:
    words = ["ёж", "ель", "ёлка", "яма"]
    game = LetterGame(words, alphabet=LANGUAGES["ru"].alphabet)
    assert_same_tables(game, plain_tables(words, Rule.COMPLETE_WINS, alphabet=LANGUAGES["ru"].alphabet))
    assert game.tree.last_letter(game.tree.node("ё")) == "ё"
    # Only the reachable words' letters must be in it: «пол» ends every board of «полz» first.
    assert LetterGame(["пол", "полz", "ель"], alphabet="елопь").reachable_word_count == 2
    with pytest.raises(ValueError, match="outside the alphabet: z"):
        LetterGame(["пол", "z"], alphabet="лоп")


@pytest.mark.parametrize("code", ["ru", "en"])
def test_a_shipped_everyday_list_gives_the_plain_tables(code: str) -> None:
    """The bot's own everyday games, commonness and all, under each rule (every tenth word: the plain
    computation is slow)."""
    language = LANGUAGES[code]
    zipf = language.zipf(Tier.COMMON)
    words = list(zipf)[::10]
    for rule in Rule:
        game = LetterGame(words, rule, language.min_length, language.alphabet, zipf)
        assert_same_tables(game, plain_tables(words, rule, language.min_length, language.alphabet, zipf))


#: What a word file may hold: letters of two cases and scripts (and the Kelvin sign, lower-cased to
#: k), the capital sigma (lower-cased by its neighbours), a letter lower-cased to two (İ), one beyond
#: two bytes, digits, white space and line breaks of every kind.
FILE_TEXT = st.text(alphabet="abkAБбёЁ19\u212aΣİ\U0001d538 \t\r\n\n\n\x0b\x85\u2028\xa0", max_size=60)


def matrix_arrays(matrix: WordMatrix) -> tuple[list[int], list[list[int]], list[int], list[str]]:
    return matrix.letters.tolist(), matrix.codes.tolist(), matrix.lengths.tolist(), matrix.words()


@settings(max_examples=400, deadline=None)
@given(text=FILE_TEXT, min_length=st.integers(0, 3))
def test_a_word_file_read_in_bulk_holds_the_words_read_words_reads(text: str, min_length: int) -> None:
    """Read in bulk or a word at a time, a file gives the same words; the bulk reading declines (None)
    only a file whose lines hold more than their words, or letters it cannot lower-case one by one."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "words.txt"
        path.write_text(text, encoding="utf-8", newline="")
        words, read = read_words(path), read_text(path)  # read as text, a CR or CR LF ends a line as LF
    bulk = WordMatrix.of_lines(read, min_length)
    assert (bulk is None) == any(c.isspace() or c in "Σİ\U0001d538" for c in read.replace("\n", ""))
    if bulk is not None:
        assert matrix_arrays(bulk) == matrix_arrays(WordMatrix.of(words, min_length))


def test_a_count_line_and_blank_lines_are_skipped_in_bulk_too() -> None:
    text = "\n3\nБык\n\nяк\nбык\n7\nЁж"
    bulk = WordMatrix.of_lines(text)
    assert bulk is not None
    assert bulk.words() == ["7", "бык", "як", "ёж"]
    blank = WordMatrix.of_lines("\n\n")
    assert blank is not None and len(blank) == 0
    two_letters = WordMatrix.of_lines(text, 2)
    assert two_letters is not None
    game = LetterGame(two_letters, min_length=2)
    assert_same_tables(game, plain_tables(["бык", "як", "бык", "ёж"], Rule.COMPLETE_WINS, 2))
