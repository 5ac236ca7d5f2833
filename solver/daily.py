"""The daily puzzle: one letter-game position a day, the same for everyone, from which the player to
move forces a win against perfect play.

Few concepts, all from the solved table:

* a **candidate** is a board of the everyday words (two letters or more, not a word) whose player
  to move wins, with a letter that keeps the board in the dictionary yet loses (a trap), and at least
  :data:`MIN_WORDS` words ahead (so the defence has choices): a board with one word ahead is spelling,
  not a puzzle;
* its **difficulty** is ``2 × moves + (1 if exactly one letter wins)``, where ``moves`` is how many
  letters the winner writes in the forced line (the winner hurrying, the loser holding out);
* a **pool** is the candidates of one difficulty band; each weekday draws from its own band, from
  gentle on Monday to hard on Sunday (:data:`WEEK`), and days that share a band share a pool;
* the **puzzle of a day** is the next entry of its pool in a fixed shuffle, so the date alone decides
  it, and a pool of n boards repeats only after n draws (every pool holds more than a year's draws:
  ``tests/solver/test_daily.py`` proves it, and that each of the next 366 puzzles is a forced win).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from enum import StrEnum
from functools import cached_property

import numpy as np
from numpy.typing import NDArray

from solver.engine import Value
from solver.letters import LetterGame, Verdict

#: Puzzle №1; a Monday, so a puzzle's number and weekday agree everywhere.
EPOCH = date(2026, 1, 5)

#: Shortest board a puzzle starts from: the empty board and single letters are the whole game.
MIN_BOARD = 2

#: Fewest words a puzzle's board leads to.
MIN_WORDS = 2


@dataclass(frozen=True)
class Band:
    """A range of difficulty, ``low`` to ``high`` inclusive (None: no upper bound)."""

    low: int
    high: int | None = None

    def holds(self, difficulty: int) -> bool:
        return difficulty >= self.low and (self.high is None or difficulty <= self.high)


#: Each weekday's band (Monday first), by language. Russian («кто первым закончит слово»: the
#: winner completes the word) and English Ghost (the loser completes it) have lines of different
#: lengths among their everyday words, so their weeks differ. Monday's Russian puzzle is one letter
#: that completes a word; English Ghost has too few three-move lines for two pools, so its Friday
#: and Saturday share one.
WEEK: dict[str, tuple[Band, ...]] = {
    "ru": (Band(2, 3), Band(4, 4), Band(5, 5), Band(6, 6), Band(7, 7), Band(8, 9), Band(10)),
    "en": (Band(2, 2), Band(3, 3), Band(4, 4), Band(5, 5), Band(6, 7), Band(6, 7), Band(8)),
}


def difficulty(moves: int, winning_letters: int) -> int:
    """How hard a position is to win: longer forced lines, and a single winning letter, are harder."""
    return 2 * moves + (1 if winning_letters == 1 else 0)


class Square(StrEnum):
    """A move of the solver's player, as the share card shows it."""

    BEST = "best"  # kept the win on a fastest line
    SLOWER = "slower"  # kept the win, on a longer line
    THREW = "threw"  # gave the win away
    GONE = "gone"  # the win had been given away before this move: nothing left to keep


@dataclass(frozen=True)
class Puzzle:
    """The puzzle of ``day``: ``board`` with the player to move winning in ``moves`` letters."""

    number: int
    day: date
    lang: str
    board: str
    moves: int
    winning_letters: tuple[str, ...]
    difficulty: int
    line: str  # the main line from the board: the winner's fastest letters and the best defence
    strategy: str  # the winner's whole strategy, as ``LetterGame.strategy`` writes it

    @property
    def weekday(self) -> int:
        return self.day.weekday()

    def as_json(self) -> dict[str, object]:
        return {
            "number": self.number,
            "date": self.day.isoformat(),
            "lang": self.lang,
            "board": self.board,
            "moves": self.moves,
            "winning_letters": list(self.winning_letters),
            "difficulty": self.difficulty,
            "line": self.line,
            "strategy": self.strategy,
        }


def number_of(day: date) -> int:
    """The puzzle's number: №1 on :data:`EPOCH`, one more each day."""
    return (day - EPOCH).days + 1


class DailyBook:
    """Every day's puzzle for one solved game (its everyday words, its language's rule)."""

    def __init__(self, game: LetterGame, lang: str) -> None:
        self.game = game
        self.lang = lang
        self.week = WEEK[lang]

    @cached_property
    def _difficulties(self) -> NDArray[np.int32]:
        """Each fragment's difficulty; -1 where it is no candidate."""
        tree, solution = self.game.tree, self.game.solution
        losing_child = (solution.value == Value.LOSS).astype(np.int32)  # a win for whoever moved there
        starts = tree.first_child[:-1]
        ends = tree.first_child[1:]
        cumulative = np.concatenate([[0], np.cumsum(losing_child)])
        winning_letters = cumulative[ends] - cumulative[starts]
        moves = (solution.distance.astype(np.int64) + 1) // 2
        scores = (2 * moves + (winning_letters == 1)).astype(np.int32)
        has_trap = (ends - starts) > winning_letters
        candidate = (solution.value == Value.WIN) & (tree.word_index < 0) & (tree.depth >= MIN_BOARD) & has_trap
        candidate &= _words_ahead(self.game) >= MIN_WORDS
        return np.where(candidate, scores, -1).astype(np.int32)

    def pool(self, band: Band) -> list[int]:
        """The candidates of ``band``, in the fixed shuffled order the days draw them in."""
        scores = self._difficulties
        chosen = (scores >= band.low) & ((scores <= band.high) if band.high is not None else True)
        nodes = np.nonzero(chosen)[0].tolist()  # numbered depth by depth, then alphabetically: a fixed order
        random.Random(f"bukvoed-daily-{self.lang}-{band.low}-{band.high}").shuffle(nodes)
        return nodes

    @cached_property
    def _pools(self) -> dict[Band, list[int]]:
        return {band: self.pool(band) for band in dict.fromkeys(self.week)}

    def draws_per_week(self, band: Band) -> int:
        return sum(1 for other in self.week if other == band)

    def puzzle(self, day: date) -> Puzzle:
        """The puzzle of ``day``: the next entry of its weekday's pool."""
        band = self.week[day.weekday()]
        sharing = [weekday for weekday, other in enumerate(self.week) if other == band]
        week = (day - EPOCH).days // 7
        draw = week * len(sharing) + sharing.index(day.weekday())
        nodes = self._pools[band]
        node = nodes[draw % len(nodes)]
        board = self.game.tree.fragment(node)
        return Puzzle(
            number=number_of(day),
            day=day,
            lang=self.lang,
            board=board,
            moves=(self.game.distance(board) + 1) // 2,
            winning_letters=tuple(self.game.winning_letters(board)),
            difficulty=int(self._difficulties[node]),
            line=board + main_line(self.game, board),
            strategy=self.game.strategy(board),
        )


def _words_ahead(game: LetterGame) -> NDArray[np.int64]:
    """For each fragment, how many words it leads to (itself included when it is one)."""
    tree = game.tree
    words = (tree.word_index >= 0).astype(np.int64)
    for depth in range(int(tree.depth.max()), 0, -1):
        nodes = np.nonzero(tree.depth == depth)[0]
        np.add.at(words, tree.parent[nodes], words[nodes])
    return words


def main_line(game: LetterGame, board: str) -> str:
    """The letters best play adds to ``board`` until the game ends (both sides perfect)."""
    letters = []
    while game.verdict(board) is Verdict.GOES_ON:
        letter = game.best_letter(board)
        letters.append(letter)
        board += letter
    return "".join(letters)


def squares(game: LetterGame, board: str, letters: str) -> list[Square]:
    """The solver's player's moves among ``letters`` (played from ``board``, the player first),
    each judged against the best letter it had: a fastest win, a slower win, the win thrown, or
    (after that) a move with no win left to keep: one square for every move the player made."""
    judged: list[Square] = []
    for index in range(0, len(letters), 2):
        before = board + letters[:index]
        if game.verdict(before) is not Verdict.GOES_ON and before:
            break
        plays = game.plays(before)
        winning = [play for play in plays if play.outcome is Value.WIN]
        chosen = next((play for play in plays if play.letter == letters[index]), None)
        if not winning:
            judged.append(Square.GONE)
        elif chosen is None or chosen.outcome is not Value.WIN:
            judged.append(Square.THREW)
        elif chosen.plies == min(play.plies for play in winning):
            judged.append(Square.BEST)
        else:
            judged.append(Square.SLOWER)
    return judged


def forced_win(game: LetterGame, board: str, limit: int = 64) -> bool:
    """Whether the player to move at ``board`` wins against every defence, found by searching the
    tree of moves itself (not read from the solved table): the check the puzzles are proved with."""
    verdict = game.verdict(board)
    if verdict is not Verdict.GOES_ON:
        raise ValueError(f"{board!r} is not a position in play")
    return _wins(game, board, limit)


def _wins(game: LetterGame, board: str, limit: int) -> bool:
    if limit <= 0:
        return False
    return any(_move_wins(game, board + letter, limit) for letter in _letters(game, board))


def _move_wins(game: LetterGame, after: str, limit: int) -> bool:
    """Whether writing the last letter of ``after`` wins for the one who wrote it."""
    verdict = game.verdict(after)
    if verdict is Verdict.COMPLETED_WORD:
        return game.rule == "complete-wins"
    if verdict is not Verdict.GOES_ON:
        return False  # no word goes on (or one ended the game earlier): whoever wrote it lost
    return all(not _move_wins(game, after + reply, limit - 1) for reply in _letters(game, after))


def _letters(game: LetterGame, board: str) -> Sequence[str]:
    """The letters that keep ``board`` a fragment or complete a word: any other loses at once."""
    node = game.tree.find(board)
    assert node is not None
    return [game.alphabet[int(game.tree.letter[child])] for child in game.tree.children(node)]
