"""The 5bukv colour table built in row chunks: the same colours as the plain rule, whatever the
chunk size, and without the transient copies that made the bot's peak memory."""

from __future__ import annotations

import itertools
import os
import tracemalloc

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver import wordle
from solver.wordle import ColourTable, _group_by_repeats, colour_table, colours, encode_words, feedback, mask_code

five_letters = st.text(alphabet="абекорт", min_size=5, max_size=5)


def plain_table(guesses: list[str], secrets: list[str]) -> list[list[int]]:
    return [[mask_code(feedback(guess, secret)) for secret in secrets] for guess in guesses]


@pytest.mark.parametrize("cells", [1, 7, 40, 1 << 18])
@settings(max_examples=15, deadline=None)
@given(st.lists(five_letters, min_size=1, max_size=25), st.lists(five_letters, min_size=1, max_size=9))
def test_every_chunk_size_gives_the_plain_colours(cells: int, guesses: list[str], secrets: list[str]) -> None:
    """Chunks of one row, of a few rows that split the groups unevenly, and of whole groups."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(wordle, "COLOUR_CELLS", cells)
        table = colour_table(encode_words(guesses), encode_words(secrets))
    assert table.dtype == np.uint8
    assert table.tolist() == plain_table(guesses, secrets)


def test_guesses_are_grouped_by_where_they_repeat_a_letter() -> None:
    words = ["абвгд", "кошка", "ааааа", "еглан", "папка", "молот"]
    groups = _group_by_repeats(encode_words(words))
    rows_of = {tuple(int(r) for r in rows) for rows in groups.values()}
    assert rows_of == {(0, 3), (1,), (2,), (4,), (5,)}  # кошка: к at 0 and 3; папка: п at 0 and 2; молот: о at 1 and 3
    assert groups[((0,), (1,), (2,), (3,), (4,))].tolist() == [0, 3]
    assert groups[((0, 3), (1,), (2,), (0, 3), (4,))].tolist() == [1]
    assert groups[((0, 1, 2, 3, 4),) * 5].tolist() == [2]
    assert sorted(itertools.chain.from_iterable(rows.tolist() for rows in groups.values())) == list(range(len(words)))


def test_the_table_is_built_without_a_transient_copy() -> None:
    """A whole group coloured at once took 17.5 MB of scratch here (147 MB for the 5bukv list); in
    chunks the scratch is bounded by COLOUR_CELLS (3.7 MB here), whatever the list."""
    rng = np.random.default_rng(22)
    letters = np.array([ord(c) for c in "абвгдежзиклмнопрстуф"])
    codes = letters[rng.integers(0, len(letters), size=(1500, 5))].astype(np.int64)
    tracemalloc.start()
    try:
        table = colour_table(codes, codes)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    scratch = peak - table.nbytes
    assert scratch < 24 * wordle.COLOUR_CELLS, (
        f"{scratch / 2**20:.1f} MB of scratch beside a {table.nbytes / 2**20:.1f} MB table"
    )


@settings(max_examples=25, deadline=None)
@given(
    st.lists(five_letters, min_size=1, max_size=30, unique=True),
    st.lists(st.text(alphabet="абекортщэ", min_size=5, max_size=5), min_size=1, max_size=4),
    st.data(),
)
def test_the_lazy_table_gives_the_whole_tables_colours(
    words: list[str], others: list[str], data: st.DataObject
) -> None:
    """Rows coloured one by one or a few at once, blocks narrow (coloured on the spot) or wide (from
    kept rows), words off the list (letters the list lacks too) and the whole table at the end: every
    cell is the one the whole table has."""
    codes = encode_words(words)
    whole = colour_table(codes, codes)
    lazy = ColourTable(codes)
    indices = st.integers(0, len(words) - 1)
    for _ in range(4):
        guesses = np.array(data.draw(st.lists(indices, min_size=1, max_size=6)), dtype=np.int64)
        secrets = np.array(data.draw(st.lists(indices, min_size=1, max_size=len(words))), dtype=np.int64)
        assert lazy.block(guesses, secrets).tolist() == whole[np.ix_(guesses, secrets)].tolist()
        assert lazy.row(int(guesses[0])).tolist() == whole[guesses[0]].tolist()
        assert lazy.rows(guesses).tolist() == whole[guesses].tolist()
    assert lazy.against(encode_words(others)).tolist() == colour_table(encode_words(others), codes).tolist()
    assert lazy.full().tolist() == whole.tolist()


def test_the_lazy_table_colours_only_the_rows_read() -> None:
    words = ["кошка", "мышка", "норка", "тоска", "шмель", "катер"]
    lazy = ColourTable(encode_words(words))
    lazy.row(2)
    lazy.block(np.array([0, 1]), np.array([3]))  # narrow: coloured on the spot, not kept
    assert lazy._coloured.tolist() == [False, False, True, False, False, False]
    lazy.block(np.array([4]), np.arange(6))  # as wide as the list: the row is kept
    assert lazy._coloured.tolist() == [False, False, True, False, True, False]


def test_the_lazy_table_colours_the_rest_without_a_transient_copy() -> None:
    """Its place is reserved at once; colouring every row left writes into it chunk by chunk, with
    no scratch beyond COLOUR_CELLS' bound (a copy of the rows on the side would be the table's size)."""
    rng = np.random.default_rng(22)
    letters = np.array([ord(c) for c in "абвгдежзиклмнопрстуф"])
    codes = letters[rng.integers(0, len(letters), size=(4000, 5))].astype(np.int64)  # a 16 MB table
    lazy = ColourTable(codes)
    lazy.rows(np.arange(0, 4000, 7))
    tracemalloc.start()
    try:
        table = lazy.full()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 24 * wordle.COLOUR_CELLS < table.nbytes
    assert table.tolist() == colour_table(codes, codes).tolist()


def resident_bytes() -> int:
    """The process's resident memory (Linux, where the bot runs: /proc)."""
    with open("/proc/self/statm", encoding="ascii") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def test_rows_never_coloured_take_no_memory() -> None:
    """A table of 6,000 words reserves 36 MB; a row in seven coloured here and there makes about
    two pages a row resident (8 MB with the colouring's scratch), not the whole table (NumPy's own
    array of that size is backed by huge pages, so rows spread over it made all of it resident)."""
    rng = np.random.default_rng(7)
    letters = np.array([ord(c) for c in "абвгдежзиклмнопрстуф"])
    codes = letters[rng.integers(0, len(letters), size=(6000, 5))].astype(np.int64)
    lazy = ColourTable(codes)
    before = resident_bytes()
    lazy.colour(np.arange(0, 6000, 7))
    grown = resident_bytes() - before
    assert grown < 16 * 2**20 < lazy._table.nbytes / 2, f"{grown / 2**20:.1f} MB resident for 858 rows"


@settings(max_examples=25, deadline=None)
@given(st.lists(five_letters, min_size=1, max_size=25), st.lists(five_letters, min_size=1, max_size=9))
def test_a_small_block_coloured_whole_gives_the_plain_colours(guesses: list[str], secrets: list[str]) -> None:
    """The rule applied to guesses of every repeat pattern at once (a small block coloured on the
    spot) gives the colours of the rule applied group by group."""
    table = ColourTable(encode_words(guesses + secrets))
    secret_rows = np.arange(len(guesses), len(guesses) + len(secrets))
    block = colours._colour_block(
        table._coded[: len(guesses)], table._coded[secret_rows], table._counts[:, secret_rows]
    )
    assert block.tolist() == plain_table(guesses, secrets)


@settings(max_examples=20, deadline=None)
@given(st.lists(five_letters, min_size=2, max_size=30, unique=True), st.data())
def test_a_table_against_the_first_words_only_gives_their_colours(words: list[str], data: st.DataObject) -> None:
    """A table whose columns are the first words only (the secrets, listed before the words only
    guessed): its cells are the whole table's there."""
    codes = encode_words(words)
    width = data.draw(st.integers(1, len(words)))
    whole = colour_table(codes, codes[:width])
    lazy = ColourTable(codes, width)
    guesses = np.array(data.draw(st.lists(st.integers(0, len(words) - 1), min_size=1, max_size=6)), dtype=np.int64)
    secrets = np.array(data.draw(st.lists(st.integers(0, width - 1), min_size=1, max_size=width)), dtype=np.int64)
    assert lazy.block(guesses, secrets).tolist() == whole[np.ix_(guesses, secrets)].tolist()
    assert lazy.row(int(guesses[0])).tolist() == whole[guesses[0]].tolist()
    assert lazy.full().tolist() == whole.tolist()
