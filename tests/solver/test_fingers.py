"""The finger game: the Japanese article's results, an independent check of every state,
the move generator on hand-checked states, the computer's choices, the
HTML table and the command line."""

from __future__ import annotations

import json
import random
from html.parser import HTMLParser
from itertools import product
from pathlib import Path

import pytest

from solver.cli import main
from solver.cli.fingers import table_html
from solver.engine import NO_END, Value
from solver.fingers import (
    REPEATS,
    Course,
    Ending,
    FingerGame,
    FingerRules,
    Judged,
    Kind,
    Move,
    State,
    after_move,
    describe,
    legal_moves,
    move_code,
)
from solver.levels import Level
from solver.review import Grade, finger_options, grade_move, review_fingers

VARIANTS = [
    FingerRules(),
    FingerRules(overflow="modulo"),
    FingerRules(self_attack=True),
    FingerRules(overflow="modulo", self_attack=True),
    FingerRules(fingers=4),
    FingerRules(fingers=6),
]


@pytest.fixture(scope="module", params=VARIANTS, ids=lambda r: f"{r.fingers}-{r.overflow}-{r.self_attack}")
def game(request: pytest.FixtureRequest) -> FingerGame:
    return FingerGame(request.param)


@pytest.fixture(scope="module")
def seed_game() -> FingerGame:
    return FingerGame()


# ---------------------------------------------------------------- the Japanese article's results


def test_with_seed_rules_the_second_player_wins() -> None:
    assert FingerGame().winner_from_start() == "second"


def test_with_modulo_overflow_the_start_is_a_draw() -> None:
    game = FingerGame(FingerRules(overflow="modulo"))
    assert game.winner_from_start() == "draw"
    assert game.distance(game.start) == NO_END


# ---------------------------------------------------------------- the Japanese article's program, rewritten plainly

Seat = tuple[str, int, int, int, int]  # (player to move, A's hands, B's hands)


def plain_successors(seat: Seat, fingers: int, modulo: bool, self_attack: bool) -> set[Seat]:
    """The Japanese article's get_valids, with the variants, over plain tuples."""

    def overflow(total: int) -> int:
        if total < fingers:
            return total
        return total % fingers if modulo else 0

    player, a1, a2, b1, b2 = seat
    mine, theirs = ([a1, a2], [b1, b2]) if player == "A" else ([b1, b2], [a1, a2])
    results = []
    for i in range(2):
        for j in range(2):
            if mine[i] and theirs[j]:
                hit = list(theirs)
                hit[j] = overflow(mine[i] + theirs[j])
                results.append((list(mine), hit))
    if self_attack and mine[0] and mine[1]:
        for i in range(2):
            own = list(mine)
            own[1 - i] = overflow(mine[0] + mine[1])
            results.append((own, list(theirs)))
    total = mine[0] + mine[1]
    for left in range(fingers):
        right = total - left
        if 0 <= right < fingers and mine not in ([left, right], [right, left]):
            results.append(([left, right], list(theirs)))
    nexts = set()
    other = "B" if player == "A" else "A"
    for new_mine, new_theirs in results:
        a, b = (new_mine, new_theirs) if player == "A" else (new_theirs, new_mine)
        nexts.add((other, min(a), max(a), min(b), max(b)))
    return nexts


def plain_solve(fingers: int, modulo: bool, self_attack: bool) -> dict[Seat, str]:
    """The Japanese article's search: sweep every state until nothing changes; 'X' for a loop."""
    winner: dict[Seat, str] = {}
    moves: dict[Seat, set[Seat]] = {}
    for seat in product("AB", range(fingers), range(fingers), range(fingers), range(fingers)):
        _, a1, a2, b1, b2 = seat
        if a1 > a2 or b1 > b2 or (a2 == 0 and b2 == 0):
            continue
        if a2 == 0:
            winner[seat] = "B"
        elif b2 == 0:
            winner[seat] = "A"
        else:
            moves[seat] = plain_successors(seat, fingers, modulo, self_attack)
    changed = True
    while changed:
        changed = False
        for seat, targets in moves.items():
            if seat in winner:
                continue
            results = {winner.get(target, "X") for target in targets}
            if seat[0] in results:
                winner[seat] = seat[0]
                changed = True
            elif "X" not in results:
                winner[seat] = results.pop()
                changed = True
    return {seat: winner.get(seat, "X") for seat in moves.keys() | winner.keys()}


def as_state(seat: Seat) -> State:
    player, a1, a2, b1, b2 = seat
    return State((a1, a2), (b1, b2)) if player == "A" else State((b1, b2), (a1, a2))


def test_the_engine_agrees_with_the_japanese_articles_iteration_on_every_state(game: FingerGame) -> None:
    rules = game.rules
    plain = plain_solve(rules.fingers, rules.overflow == "modulo", rules.self_attack)
    assert len(plain) == 2 * game.positions
    for seat, expected in plain.items():
        value = game.value(as_state(seat))
        other = "B" if seat[0] == "A" else "A"
        found = "X" if value is Value.DRAW else seat[0] if value is Value.WIN else other
        assert found == expected, seat


def test_the_move_generator_agrees_with_the_japanese_articles(game: FingerGame) -> None:
    rules = game.rules
    for seat in plain_solve(rules.fingers, rules.overflow == "modulo", rules.self_attack):
        state = as_state(seat)
        nexts = {after_move(state, move) for move in game.moves(state)}
        expected = plain_successors(seat, rules.fingers, rules.overflow == "modulo", rules.self_attack)
        if game.is_over(state):
            assert nexts == set()
        else:
            assert nexts == {as_state(s) for s in expected}, seat


def test_distances_follow_best_play(game: FingerGame) -> None:
    """The winner hurries, the loser holds out, draws never end."""
    for state in game.states:
        if game.is_over(state):
            assert game.distance(state) == 0
            continue
        after = [after_move(state, move) for move in game.moves(state)]
        value = game.value(state)
        if value is Value.WIN:
            best = min(game.distance(s) for s in after if game.value(s) is Value.LOSS)
            assert game.distance(state) == best + 1
        elif value is Value.LOSS:
            assert game.distance(state) == max(game.distance(s) for s in after) + 1
        else:
            assert game.distance(state) == NO_END


# ---------------------------------------------------------------- the move generator


def split_results(game: FingerGame, mover: tuple[int, int]) -> set[tuple[int, int]]:
    state = State.of(mover, (1, 1))
    return {move.after for move in game.moves(state) if move.kind is Kind.SPLIT}


def test_splits_by_hand(seed_game: FingerGame) -> None:
    assert split_results(seed_game, (0, 2)) == {(1, 1)}  # (2, 0) would be a mere swap
    assert split_results(seed_game, (1, 3)) == {(0, 4), (2, 2)}  # (3, 1) is a swap
    assert split_results(seed_game, (0, 4)) == {(1, 3), (2, 2)}
    assert split_results(seed_game, (1, 1)) == {(0, 2)}
    assert split_results(seed_game, (2, 3)) == {(1, 4)}  # (0, 5) is out of range
    assert split_results(seed_game, (0, 1)) == set()
    assert split_results(seed_game, (4, 4)) == set()


def test_taps_that_kill_a_hand(seed_game: FingerGame) -> None:
    state = State((2, 3), (2, 3))
    taps = {describe(move): move.after for move in seed_game.moves(state) if move.kind is Kind.TAP}
    assert taps == {
        "left 2 taps left 2": (3, 4),
        "left 2 taps right 3": (0, 2),
        "right 3 taps left 2": (0, 3),
        "right 3 taps right 3": (0, 2),
    }


def test_modulo_keeps_the_remainder() -> None:
    game = FingerGame(FingerRules(overflow="modulo"))
    taps = {describe(move): move.after for move in game.moves(State((3, 4), (1, 4)))}
    assert taps["right 4 taps right 4"] == (1, 3)  # 8 mod 5
    assert taps["left 3 taps left 1"] == (4, 4)
    assert taps["left 3 taps right 4"] == (1, 2)
    assert game.play(State((1, 4), (1, 1)), next(iter(game.moves(State((1, 4), (1, 1)))))) == State((1, 2), (1, 4))


def test_a_dead_hand_neither_taps_nor_is_tapped(seed_game: FingerGame) -> None:
    taps = [describe(m) for m in seed_game.moves(State((0, 3), (0, 2))) if m.kind is Kind.TAP]
    assert taps == ["right 3 taps right 2"]


def test_no_moves_for_a_player_without_live_hands(seed_game: FingerGame) -> None:
    over = State((0, 0), (1, 2))
    assert seed_game.moves(over) == []
    assert seed_game.is_over(over)
    assert seed_game.value(over) is Value.LOSS
    assert not seed_game.is_over(seed_game.start)


def test_self_attack_is_off_by_default_and_taps_the_other_hand() -> None:
    state = State((1, 2), (1, 1))
    assert not any(m.kind is Kind.SELF_TAP for m in legal_moves(FingerRules(), state))
    selfish = FingerGame(FingerRules(self_attack=True))
    own = {describe(m): m.after for m in selfish.moves(state) if m.kind is Kind.SELF_TAP}
    assert own == {"left 1 taps own right 2": (1, 3), "right 2 taps own left 1": (2, 3)}
    assert selfish.play(state, next(m for m in selfish.moves(state) if m.kind is Kind.SELF_TAP)) == State(
        (1, 1), (1, 3)
    )


def test_play_swaps_the_players_and_refuses_illegal_moves(seed_game: FingerGame) -> None:
    start = seed_game.start
    tap = seed_game.moves(start)[0]
    assert seed_game.play(start, tap) == State((1, 2), (1, 1))
    with pytest.raises(ValueError, match="not a legal move"):
        seed_game.play(State((0, 2), (1, 1)), tap)


def test_moves_in_the_command_lines_words(seed_game: FingerGame) -> None:
    moves = seed_game.moves(State((3, 4), (1, 2)))
    assert "left 3 taps right 2" in [describe(m) for m in moves]
    splits = seed_game.moves(State((2, 2), (1, 1)))
    assert "split 2+2 → 1+3" in [describe(m) for m in splits]


def test_hands_are_unordered(seed_game: FingerGame) -> None:
    assert seed_game.value(State((2, 1), (3, 0))) is seed_game.value(State((1, 2), (0, 3)))


# ---------------------------------------------------------------- the computer's move


def test_the_best_move_wins_fastest_holds_out_longest_and_keeps_draws(game: FingerGame) -> None:
    for state in game.states:
        if game.is_over(state):
            continue
        after = game.play(state, game.best_move(state))
        value = game.value(state)
        if value is Value.DRAW:
            assert game.value(after) is Value.DRAW
        else:
            assert game.value(after) is Value(-value)
            assert game.distance(after) == game.distance(state) - 1


def test_in_a_draw_the_best_move_leaves_the_most_losing_replies(seed_game: FingerGame) -> None:
    def losing_replies(state: State) -> int:
        return sum(seed_game.value(seed_game.play(state, m)) is Value.WIN for m in seed_game.moves(state))

    drawn = [s for s in seed_game.states if seed_game.value(s) is Value.DRAW]
    assert drawn
    for state in drawn:
        options = [seed_game.play(state, m) for m in seed_game.moves(state)]
        most = max(losing_replies(s) for s in options if seed_game.value(s) is Value.DRAW)
        assert losing_replies(seed_game.play(state, seed_game.best_move(state))) == most


def test_the_perfect_computer_plays_the_best_move(seed_game: FingerGame) -> None:
    rng = random.Random(1)
    for state in seed_game.states[:60]:
        if not seed_game.is_over(state):
            assert seed_game.computer_move(state, Level.PERFECT, rng) == seed_game.best_move(state)


def test_the_easy_computer_plays_legal_moves_and_sometimes_errs(seed_game: FingerGame) -> None:
    rng = random.Random(7)
    state = seed_game.start
    chosen = {describe(seed_game.computer_move(state, Level.EASY, rng)) for _ in range(200)}
    assert chosen <= {describe(m) for m in seed_game.moves(state)}
    assert len(chosen) > 1


def test_a_whole_game_between_perfect_players_ends_as_solved(seed_game: FingerGame) -> None:
    state, plies = seed_game.start, 0
    while not seed_game.is_over(state):
        state = seed_game.play(state, seed_game.best_move(state))
        plies += 1
    assert plies == seed_game.distance(seed_game.start)
    assert plies % 2 == 0  # the first player is to move with no hands left: the second has won


# ---------------------------------------------------------------- the HTML table


class TagChecker(HTMLParser):
    """Checks every tag is closed in order and collects anchors and links."""

    VOID = frozenset({"meta", "br", "link", "img", "hr", "input"})

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.ids: list[str] = []
        self.links: list[str] = []
        self.entries = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("id"):
            self.ids.append(str(found["id"]))
            self.entries += tag == "li"
        if tag == "a" and found.get("href"):
            self.links.append(str(found["href"]))
        if tag not in self.VOID:
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.open and self.open.pop() == tag, f"unbalanced </{tag}>"


def test_the_html_table_is_well_formed_with_one_entry_per_seated_state(seed_game: FingerGame) -> None:
    checker = TagChecker()
    checker.feed(table_html(seed_game))
    checker.close()
    assert checker.open == []
    assert checker.entries == 2 * seed_game.positions  # A or B to move
    assert len(set(checker.ids)) == len(checker.ids)
    assert {link.lstrip("#") for link in checker.links} <= set(checker.ids)
    assert "#A-1-1-1-1" in checker.links


def test_the_html_colours_the_start_as_a_win_for_b(seed_game: FingerGame) -> None:
    page = table_html(seed_game)
    assert '<li id="A-1-1-1-1"><span class="B">(A,1,1,1,1)</span>' in page
    assert '<li id="B-1-1-1-1"><span class="A">(B,1,1,1,1)</span>' in page


# ---------------------------------------------------------------- the command line


def test_cli_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fingers", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["start"] == "second"
    assert report["positions"] == report["won"] + report["lost"] + report["drawn"] == 224
    assert isinstance(report["seconds"], float)
    assert main(["fingers", "--overflow", "modulo", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["start"] == "draw"


def test_cli_text_and_html(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    page = tmp_path / "table.html"
    assert main(["fingers", "--fingers", "4", "--self-attack", "--html", str(page)]) == 0
    out = capsys.readouterr().out
    assert "99 states" in out
    assert page.read_text(encoding="utf-8").count("<li id=") == 2 * 99


@pytest.mark.parametrize(
    "argv", [["--fingers", "1"], ["--fingers", "50"], ["--fingers", "five"], ["--overflow", "wrap"]]
)
def test_cli_bad_options_are_one_line(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    assert main(["fingers", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("error: ") and captured.err.count("\n") == 1


# ---------------------------------------------------------------- the draw rules of play

CAP = 100  # the bot's default cap on moves


def review_best(game: FingerGame, course: Course) -> list[Judged]:
    """The moves the review grades best at ``course`` (one each; equal targets kept apart)."""
    options = finger_options(game, course)
    judged = game.judge(course)
    return [j for j, o in zip(judged, options, strict=True) if grade_move(course.moves + 1, options, o).best]


def best_defences(game: FingerGame, course: Course) -> set[State]:
    """Where the perfect bot's best defences lead: every state its judge ranks first."""
    judged = game.judge(course)
    return {j.after for j in judged if j.rank == judged[0].rank}


def test_a_player_who_plays_best_wins_from_every_winning_position_under_the_draw_rules(
    seed_game: FingerGame,
) -> None:
    """From every position won for the player, with the player to move or the bot to move in a
    lost one: the player always plays a move the review grades best, the bot every one of its
    best defences in turn, under the threefold repetition and the move cap. Every line ends in
    the player's win, in exactly the table's distance, and no position comes up twice."""
    started = lines = 0

    def walk(course: Course, player_to_move: bool, plies: int) -> None:
        nonlocal lines
        ending = course.ending()
        if ending is not None:
            lines += 1
            assert ending is Ending.OVER and not player_to_move  # the bot to move with no hands: the player won
            assert course.moves == plies
            assert max(course.seen.values()) == 1
            return
        if player_to_move:
            best = review_best(seed_game, course)
            assert best and all(j.value is Value.WIN for j in best)
            for verdict in best:
                walk(course.then(verdict.after), False, plies)
        else:
            for after in best_defences(seed_game, course):
                walk(course.then(after), True, plies)

    for state in seed_game.states:
        value = seed_game.value(state)
        if seed_game.is_over(state) or value is Value.DRAW:
            continue
        started += 1
        walk(Course.begin(state, CAP), value is Value.WIN, seed_game.distance(state))
    assert started == 182 and lines >= started


def test_going_second_the_player_beats_the_perfect_bot(seed_game: FingerGame) -> None:
    """The claim of the README: the bot opens, the player answers with the review's best moves."""
    course = Course.begin(seed_game.start, CAP)
    assert seed_game.value(seed_game.start) is Value.LOSS  # for the first player, the bot here
    while course.ending() is None:
        mover_is_bot = course.moves % 2 == 0
        move = seed_game.computer_move(course) if mover_is_bot else review_best(seed_game, course)[0].move
        course = course.then(after_move(course.state, move))
    assert course.moves == seed_game.distance(seed_game.start) == 26 and course.moves % 2 == 0


def slowest_win(game: FingerGame, state: State) -> Move:
    """A move the bare table calls winning, the one furthest from the end."""
    winning = [m for m in game.moves(state) if game.value(after_move(state, m)) is Value.LOSS]
    return max(winning, key=lambda m: game.distance(after_move(state, m)))


def test_a_win_that_never_hurries_slips_into_a_repetition_and_the_judge_says_where(seed_game: FingerGame) -> None:
    """Going second and keeping the bare table's win every turn without hurrying it: the perfect
    bot runs for a repetition. The judge marks the first move that did not bring the win closer
    as not best, and the move that let it slip as a draw, by repetition."""
    course = Course.begin(seed_game.start, CAP)
    codes: list[str] = []
    while course.ending() is None:
        move = seed_game.computer_move(course) if course.moves % 2 == 0 else slowest_win(seed_game, course.state)
        codes.append(move_code(move))
        course = course.then(after_move(course.state, move))
    assert course.ending() is Ending.REPETITION
    graded = review_fingers(seed_game, codes, CAP, REPEATS)
    mine = [g for g in graded if g.mover == 2]
    slow = next(g for g in mine if not g.best)
    assert slow.grade is Grade.KEPT_WIN and slow.after_plies > slow.before_plies  # kept, but further away
    slip = next(g for g in graded if g.grade is Grade.THREW_WIN)
    assert slip.mover == 2 and slow.ply < slip.ply
    before = seed_game.replay(codes, CAP, REPEATS)[slip.ply - 1]
    verdict = next(j for j in seed_game.judge(before) if move_code(j.move) == slip.move)
    assert (verdict.value, verdict.slip) == (Value.DRAW, Ending.REPETITION)
    assert seed_game.value(verdict.after) is Value.LOSS  # the bare table still calls it a win
    # Without the draw rules (the Japanese article's endless game) the same moves keep the win throughout.
    assert all(g.grade is not Grade.THREW_WIN for g in review_fingers(seed_game, codes[: slip.ply]))


def test_a_win_further_than_the_cap_is_a_draw(seed_game: FingerGame) -> None:
    """The second player wins the start at the 26th move: a cap of 26 leaves the win (a move that
    ends the game counts before the cap), a cap of 25 makes it a draw."""
    state = seed_game.start
    answer = seed_game.play(state, seed_game.best_move(state))
    fastest = seed_game.best_move(answer)
    for cap, expected in ((26, Value.WIN), (25, Value.DRAW)):
        course = Course.begin(state, cap).then(answer)
        verdict = next(j for j in seed_game.judge(course) if j.move == fastest)
        assert verdict.value is expected, cap
        assert verdict.slip is (Ending.CAP if expected is Value.DRAW else None)
        assert seed_game.judge(course)[0].value is expected


def brute_force(game: FingerGame, course: Course) -> Value:
    """Plain minimax over the course itself, its repetition counts and cap included (short horizons only)."""
    ending = course.ending()
    if ending is Ending.OVER:
        return Value.LOSS  # the mover has no live hand
    if ending is not None:
        return Value.DRAW
    nexts = {after_move(course.state, m) for m in game.moves(course.state)}
    return max(Value(-int(brute_force(game, course.then(after)))) for after in nexts)


@pytest.mark.parametrize("seed", range(12))
def test_the_judge_is_exact_under_the_draw_rules(seed_game: FingerGame, seed: int) -> None:
    """After a random walk that repeats positions, with a cap a few moves ahead, the judge's value
    of each move is what plain minimax over the whole history says."""
    rng = random.Random(seed)
    course = Course.begin(rng.choice([s for s in seed_game.states if not seed_game.is_over(s)]))
    for _ in range(rng.randint(6, 30)):
        if course.ending() is not None:
            break
        moves = seed_game.moves(course.state)
        course = course.then(after_move(course.state, rng.choice(moves)))
    if course.ending() is not None:
        course = Course.begin(seed_game.start)
    course = Course(course.state, course.seat, course.moves, course.seen, course.moves + rng.randint(2, 5))
    for verdict in seed_game.judge(course):
        assert verdict.value is Value(-int(brute_force(seed_game, course.then(verdict.after)))), describe(verdict.move)
