"""The 5bukv colour table built in row chunks: the same colours as the plain rule, whatever the
chunk size, and without the transient copies that made the bot's peak memory (issue 22)."""

from __future__ import annotations

import itertools
import tracemalloc

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver import wordle
from solver.wordle import _group_by_repeats, colour_table, encode_words, feedback, mask_code

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
