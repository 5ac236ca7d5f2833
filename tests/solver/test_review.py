"""The letter game and finger game reviews, checked move by move against plain recursions
that know nothing of the engine's tables."""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.engine import NO_END, Value
from solver.fingers import FingerGame, FingerRules, State, after_move, legal_moves
from solver.letters import LetterGame, Rule
from solver.review import Grade, GradedMove, move_code, review_fingers, review_letters, summarise

small_dictionaries = st.lists(st.text(alphabet="abc", min_size=1, max_size=6), min_size=1, max_size=25)


def preference(value: Value, plies: int) -> tuple[int, int]:
    """Smallest best: win fastest, then draw, then lose slowest."""
    return (0, plies) if value is Value.WIN else (1, 0) if value is Value.DRAW else (2, -plies)


def expected_grade(before: Value, after: Value) -> Grade:
    if before is Value.WIN:
        return Grade.KEPT_WIN if after is Value.WIN else Grade.THREW_WIN
    if before is Value.DRAW:
        return Grade.KEPT_DRAW if after is Value.DRAW else Grade.THREW_DRAW
    return Grade.LOST_ANYWAY


def check_move(graded: GradedMove, options: dict[str, tuple[Value, int]], chosen: str, dead: bool = False) -> None:
    """``options``: every legal move of the position → (value for the mover, plies after it), by plain
    recursion; ``dead``: ``chosen`` is none of them but a letter no word goes on with, which loses at
    once and is worse than any legal move (never the best, never a defence)."""
    top = min(options.values(), key=lambda o: preference(*o))
    after = (Value.LOSS, 0) if dead else options[chosen]
    assert (graded.move, graded.before, graded.after, graded.after_plies) == (chosen, top[0], after[0], after[1])
    assert graded.before_plies == (NO_END if top[0] is Value.DRAW else top[1] + 1)
    assert graded.grade is expected_grade(top[0], after[0])
    assert graded.dead == dead
    assert graded.best == (not dead and preference(*after) == preference(*top))
    best_value = {m for m, (v, _) in options.items() if v is top[0]}
    assert {o.move for o in graded.best_moves} == best_value
    assert all((o.value, o.plies) == options[o.move] for o in graded.best_moves)
    if dead:
        assert not graded.only
    elif top[0] is Value.LOSS:  # lost anyway: the only move that did not lose at once
        survivors = [m for m, (_, plies) in options.items() if plies > 0]
        assert graded.only == (len(options) > 1 and survivors == [chosen])
    else:
        assert graded.only == (len(best_value) == 1 and len(options) > 1 and after[0] is top[0])


class PlainLetterGame:
    """Memoised minimax over a set of prefixes, with the distance to the end."""

    def __init__(self, words: list[str], rule: Rule) -> None:
        self.words, self.rule = set(words), rule
        self.prefixes = {word[:i] for word in self.words for i in range(len(word) + 1)}
        self.alphabet = sorted(set("".join(self.words)))
        self.solve = cache(self._solve)

    def moves(self, board: str) -> list[str]:
        return [c for c in self.alphabet if board + c in self.prefixes]

    def options(self, board: str) -> dict[str, tuple[Value, int]]:
        """Each legal letter → (value for the player who plays it, plies after it)."""
        return {c: (Value(-self.solve(board + c)[0]), self.solve(board + c)[1]) for c in self.moves(board)}

    def _solve(self, board: str) -> tuple[Value, int]:
        """(value for the player to move, plies to the end)."""
        if board in self.words:  # the previous player completed it
            return (Value.LOSS if self.rule is Rule.COMPLETE_WINS else Value.WIN), 0
        value, plies = min(self.options(board).values(), key=lambda o: preference(*o))
        return value, plies + 1


def random_letter_game(plain: PlainLetterGame, alphabet: str, rng: random.Random) -> str:
    """Random letters until the game ends; now and then a letter no word continues, which ends it too."""
    board = ""
    while board not in plain.words:
        moves = plain.moves(board)
        if rng.random() < 0.1:
            return board + rng.choice(alphabet)  # may or may not continue a word
        board += rng.choice(moves)
    return board


@settings(max_examples=200, deadline=None)
@given(words=small_dictionaries, rule=st.sampled_from(list(Rule)), seed=st.integers(0, 2**32))
def test_each_letter_is_graded_as_plain_recursion_says(words: list[str], rule: Rule, seed: int) -> None:
    game, plain = LetterGame(words, rule), PlainLetterGame(words, rule)
    letters = random_letter_game(plain, game.alphabet, random.Random(seed))
    graded = review_letters(game, letters)
    assert [g.move for g in graded] == list(letters)
    for ply, move in enumerate(graded, start=1):
        board, letter = letters[: ply - 1], letters[ply - 1]
        options = plain.options(board)
        check_move(move, options, letter, dead=letter not in options)
        assert move.mover == (1 if ply % 2 else 2)


def test_the_russian_articles_example_names_the_letter_that_kept_the_win() -> None:
    game = LetterGame(["йог", "йод", "йеменец", "йеменка", "агар-агар"])
    first, second, third = review_letters(game, "йео")
    assert first.grade is Grade.KEPT_WIN and first.best
    assert second.grade is Grade.LOST_ANYWAY and second.best  # е holds out longest
    assert third.grade is Grade.THREW_WIN and [o.move for o in third.best_moves] == ["м"]
    assert third.best_moves[0].example in ("йеменец", "йеменка")
    summary = summarise([first, second, third])
    assert summary.turning_point is third and summary.best_moves == {1: 1, 2: 1}


def test_a_move_after_the_end_is_refused() -> None:
    game = LetterGame(["ab", "b"])
    with pytest.raises(ValueError, match="over"):
        review_letters(game, "bb")


class PlainFingerGame:
    """The finger game by naive value iteration over a dict of states: a state is won in n when a move
    leaves a state lost in n - 1, lost in n when every move leaves a state won in at most n - 1."""

    def __init__(self, rules: FingerRules) -> None:
        self.rules = rules
        hands = [(a, b) for b in range(rules.fingers) for a in range(b + 1)]
        states = [State(m, w) for m in hands for w in hands if not (m == (0, 0) and w == (0, 0))]
        nexts = {s: {after_move(s, move) for move in legal_moves(rules, s)} for s in states}
        self.result: dict[State, tuple[Value, int]] = {
            s: ((Value.LOSS if s.mover == (0, 0) else Value.WIN), 0) for s in states if not nexts[s]
        }
        for n in range(1, 4 * len(states)):
            found = {}
            for state, targets in nexts.items():
                if state in self.result or not targets:
                    continue
                known = [self.result.get(t) for t in targets]
                if any(k == (Value.LOSS, n - 1) for k in known):
                    found[state] = (Value.WIN, n)
                elif all(k is not None and k[0] is Value.WIN for k in known):
                    found[state] = (Value.LOSS, n)
            self.result.update(found)

    def value(self, state: State) -> tuple[Value, int]:
        return self.result.get(state, (Value.DRAW, NO_END))

    def options(self, state: State) -> dict[str, tuple[Value, int]]:
        found = {}
        for move in legal_moves(self.rules, state):
            value, plies = self.value(after_move(state, move))
            found[move_code(move)] = (Value(-value), plies)
        return found


@pytest.mark.parametrize(
    "rules", [FingerRules(), FingerRules(5, "modulo"), FingerRules(4, "cutoff", True), FingerRules(3, "modulo", True)]
)
def test_each_finger_move_is_graded_as_value_iteration_says(rules: FingerRules) -> None:
    game, plain, rng = FingerGame(rules), PlainFingerGame(rules), random.Random(23)
    for _ in range(40):
        state, codes = game.start, []
        while not game.is_over(state) and len(codes) < 30:
            move = rng.choice(legal_moves(rules, state))
            codes.append(move_code(move))
            state = after_move(state, move)
        state = game.start
        for move, code in zip(review_fingers(game, codes), codes, strict=True):
            check_move(move, plain.options(state), code)
            state = after_move(state, next(m for m in legal_moves(rules, state) if move_code(m) == code))


def test_an_illegal_finger_move_names_the_legal_ones() -> None:
    with pytest.raises(ValueError, match="0\\+3"):
        review_fingers(FingerGame(), ["1x1", "9x9"])
