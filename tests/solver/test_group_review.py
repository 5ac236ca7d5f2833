"""The group review's grading (did the player who wrote a letter force a good end before and after it)
checked against a plain recursion over prefixes, everyone else playing together against that player."""

from __future__ import annotations

import random
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.letters import LetterGame, Rule
from solver.review import grade_group_move

small_dictionaries = st.lists(st.text(alphabet="abc", min_size=1, max_size=6), min_size=1, max_size=25)


def plain_forces(words: list[str], rule: Rule, players: int):  # type: ignore[no-untyped-def]
    """forces(board, r): the seat moving r plies after the board's mover forces a good end."""
    vocabulary = set(words)
    prefixes = {word[:i] for word in vocabulary for i in range(len(word) + 1)}
    alphabet = sorted(set("".join(vocabulary)))

    @cache
    def forces(board: str, r: int) -> bool:
        if board in vocabulary:
            completed_it = r == players - 1
            return completed_it if rule is Rule.COMPLETE_WINS else not completed_it
        after = [forces(board + c, (r - 1) % players) for c in alphabet if board + c in prefixes]
        return any(after) if r == 0 else all(after)

    return forces, prefixes, alphabet


@settings(max_examples=150, deadline=None)
@given(
    words=small_dictionaries,
    rule=st.sampled_from(list(Rule)),
    players=st.integers(2, 5),
    seed=st.integers(0, 2**32),
)
def test_each_group_letter_is_graded_as_plain_recursion_says(
    words: list[str], rule: Rule, players: int, seed: int
) -> None:
    game = LetterGame(words, rule)
    forces, prefixes, alphabet = plain_forces(words, rule, players)
    rng, board = random.Random(seed), ""
    while game.is_fragment(board) and not game.is_word(board):
        letter = rng.choice(game.alphabet)  # sometimes a letter no word continues: it forces nothing
        grade = grade_group_move(game, players, board, letter)
        assert grade.forced_before == forces(board, 0)
        after = board + letter in prefixes and forces(board + letter, players - 1)
        assert grade.forced_after == after
        expected = [c for c in alphabet if board + c in prefixes and forces(board + c, players - 1)]
        assert list(grade.forcing_letters) == expected
        assert grade.threw == (forces(board, 0) and not after)
        board += letter
