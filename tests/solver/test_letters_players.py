"""The letter game with N players: each seat against all the others, checked
against a plain recursion, and N = 2 against the two-player table."""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.engine import Value
from solver.letters import LetterGame, Rule
from solver.words import LANGUAGES

small_dictionaries = st.lists(st.text(alphabet="abc", min_size=1, max_size=6), min_size=1, max_size=25)


class PlainGroupGame:
    """Memoised recursion over a set of prefixes: ``r`` is how many plies
    remain until the seat we ask about moves (0: it moves now)."""

    def __init__(self, words: list[str], rule: Rule, players: int) -> None:
        self.words, self.rule, self.players = set(words), rule, players
        self.prefixes = {word[:i] for word in self.words for i in range(len(word) + 1)}
        self.alphabet = sorted(set("".join(self.words)))
        self.forces = cache(self._forces)
        self.chances = cache(self._chances)

    def moves(self, fragment: str) -> list[str]:
        return [fragment + c for c in self.alphabet if fragment + c in self.prefixes]

    def good_end(self, r: int) -> bool:
        completed_it = r == self.players - 1
        return completed_it if self.rule is Rule.COMPLETE_WINS else not completed_it

    def _forces(self, fragment: str, r: int) -> bool:
        if fragment in self.words:
            return self.good_end(r)
        after = [self.forces(move, (r - 1) % self.players) for move in self.moves(fragment)]
        return any(after) if r == 0 else all(after)

    def careful_moves(self, fragment: str) -> list[str]:
        moves = self.moves(fragment)
        completing = [m for m in moves if m in self.words]
        if self.rule is Rule.COMPLETE_WINS:
            return completing or moves
        return [m for m in moves if m not in self.words] or moves

    def _chances(self, fragment: str, r: int) -> float:
        if fragment in self.words:
            return float(self.good_end(r))
        if r == 0:
            return max(self.chances(move, self.players - 1) for move in self.moves(fragment))
        careful = self.careful_moves(fragment)
        return sum(self.chances(move, r - 1) for move in careful) / len(careful)

    def fragments(self) -> list[str]:
        found, stack = [], [""]
        while stack:
            fragment = stack.pop()
            found.append(fragment)
            if fragment not in self.words:
                stack.extend(self.moves(fragment))
        return found


@settings(max_examples=200, deadline=None)
@given(words=small_dictionaries, rule=st.sampled_from(list(Rule)), players=st.integers(2, 5))
def test_every_seat_forces_exactly_what_plain_recursion_says(words: list[str], rule: Rule, players: int) -> None:
    table = LetterGame(words, rule).with_players(players)
    plain = PlainGroupGame(words, rule, players)
    for fragment in plain.fragments():
        mover = len(fragment) % players + 1
        assert table.seat_to_move(fragment) == mover
        for seat in range(1, players + 1):
            assert table.can_force(fragment, seat) is plain.forces(fragment, (seat - mover) % players), (fragment, seat)
        if fragment not in plain.words:
            expected = sorted(m[-1] for m in plain.moves(fragment) if plain.forces(m, players - 1))
            assert table.winning_letters(fragment) == expected, fragment


@settings(max_examples=150, deadline=None)
@given(words=small_dictionaries, rule=st.sampled_from(list(Rule)), players=st.integers(2, 5))
def test_chances_and_the_chosen_letter_follow_plain_recursion(words: list[str], rule: Rule, players: int) -> None:
    table = LetterGame(words, rule).with_players(players)
    plain = PlainGroupGame(words, rule, players)
    for fragment in plain.fragments():
        if fragment in plain.words:
            continue
        chances = table.letter_chances(fragment)
        for move in plain.moves(fragment):
            assert chances[move[-1]] == pytest.approx(plain.chances(move, players - 1), rel=1e-6, abs=1e-6), move
        best = table.best_letter(fragment)
        if plain.forces(fragment, 0):
            assert best in table.winning_letters(fragment)
            assert table.forced_line(fragment) is not None
        else:
            assert chances[best] == pytest.approx(plain.chances(fragment, 0), rel=1e-6, abs=1e-6)
            assert table.forced_line(fragment) is None


@pytest.mark.parametrize("code", sorted(LANGUAGES))
@pytest.mark.parametrize("rule", list(Rule))
def test_two_players_is_the_two_player_table_on_the_shipped_lists(code: str, rule: Rule) -> None:
    language = LANGUAGES[code]
    game = LetterGame(language.words(), rule, language.min_length, language.alphabet)
    table = game.with_players(2)
    assert np.array_equal(table.forces[0], game.solution.value == Value.WIN)
    assert np.array_equal(table.forces[1], game.solution.value == Value.LOSS)
    assert table.winning_letters("") == game.winning_letters("")
    assert game.with_players(2) is table  # built once


def test_three_players_the_seat_that_must_complete_a_word_cannot_escape_it() -> None:
    # The game: Аня д, Боря э, and the third seat must complete дэв.
    game = LetterGame(["дэв", "дом", "дыра", "кот"], Rule.COMPLETE_LOSES)
    table = game.with_players(3)
    assert table.winning_letters("дэ") == []
    assert table.forcing_seats("дэ") == [1, 2]
    # After д, seat 2 puts seat 3 out with э or о, and seat 1 with ы: seat 3 is lost.
    assert table.winning_letters("д") == ["о", "ы", "э"]
    assert table.can_force("д", 3) is False
    assert table.winning_letters("") == ["к"]
    assert table.forced_line("") == "к → ко → кот"  # seat 3 completes it


def test_a_forced_line_lists_every_reply_of_the_others() -> None:
    # Four seats, completing wins. After «а» the fourth seat wins whatever seats 2 and 3 do.
    game = LetterGame(["абвг", "абгд", "авбв"], Rule.COMPLETE_WINS)
    table = game.with_players(4)
    assert table.forcing_seats("") == [4]
    assert table.forced_line("а") is None  # seat 2 to move cannot force
    assert table.forced_line("абв") == "абвг"
    assert table.winning_letters("абв") == ["г"]


def test_a_lost_seat_holds_out_longest() -> None:
    # Three seats: seat 1 completes «а» at once, or «бвгд» four letters later.
    table = LetterGame(["а", "бвгд"], Rule.COMPLETE_LOSES).with_players(3)
    assert table.letter_chances("") == {"а": 0.0, "б": 0.0}
    assert table.best_letter("") == "б"


def test_more_players_than_allowed_are_refused() -> None:
    game = LetterGame(["ab"], Rule.COMPLETE_WINS)
    with pytest.raises(ValueError, match="2 to 10"):
        game.with_players(11)
    with pytest.raises(ValueError, match="2 to 10"):
        game.with_players(1)


def test_a_table_is_solved_once_and_kept() -> None:
    game = LetterGame(["кот", "кит", "рак"], Rule.COMPLETE_LOSES, min_length=2)
    assert game.solved_seat_counts() == []
    table = game.with_players(3)
    assert game.with_players(3) is table and game.solved_seat_counts() == [3]
