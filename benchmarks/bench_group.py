"""The bot in a group: four seats, the bot against three careful players.

A careful player picks at random among the letters a careful person would
play: under complete-loses never completing a word or playing a letter no
word starts with when it can avoid it; under complete-wins completing a word
whenever it can. The bot sits in each seat equally often. Under
complete-loses the figure is how often the bot is the first one out (chance:
one in four); under complete-wins, how often it completes the word and wins
(chance: one in four). Before: the bot plays from the two-player table, as
groups did until now; after: from the four-seat table (a forced line when it
has one, else the best chances against careful players). Both play the same
games: the same seeds for the careful players. A second run seats three
*shrewd* players instead, each playing the four-seat table for itself (the
bot's own method), to see the bot where its model of the others is wrong.

    .venv/bin/python benchmarks/bench_group.py [--games N]
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from functools import partial

from solver.letters import LetterGame, Rule
from solver.words import LANGUAGES

SEATS = 4
Chooser = Callable[[str], str]


def careful_letter(game: LetterGame, board: str, *, rng: random.Random) -> str:
    plays = game.plays(board)
    completing = [p.letter for p in plays if p.completes_word]
    others = [p.letter for p in plays if not p.completes_word]
    if game.rule is Rule.COMPLETE_WINS:
        return rng.choice(completing or others)
    return rng.choice(others or completing)


def round_completer(game: LetterGame, bot_seat: int, bot: Chooser, others: Chooser) -> int:
    """Play one round from the empty board; the seat (0-based) that completes the word."""
    board = ""
    while True:
        seat = len(board) % SEATS
        board += bot(board) if seat == bot_seat else others(board)
        if game.is_word(board):
            return seat


def bot_good_ends(game: LetterGame, bot: Chooser, games: int, shrewd: bool) -> int:
    good = 0
    for number in range(games):
        bot_seat = number % SEATS
        rng = random.Random(number)
        others = game.with_players(SEATS).best_letter if shrewd else partial(careful_letter, game, rng=rng)
        completer = round_completer(game, bot_seat, bot, others)
        completed_it = completer == bot_seat
        good += completed_it if game.rule is Rule.COMPLETE_WINS else not completed_it
    return good


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000)
    games = parser.parse_args().games
    print(f"{games} four-seat games each, the bot in each seat equally often")
    print(f"{'dictionary, rule':<28}{'measure':<16}{'the others':<10}{'before':>8}{'after':>8}{'chance':>8}")
    for code, rule in (("ru", Rule.COMPLETE_LOSES), ("ru", Rule.COMPLETE_WINS), ("en", Rule.COMPLETE_LOSES)):
        language = LANGUAGES[code]
        game = LetterGame(language.words(), rule, language.min_length, language.alphabet)
        table = game.with_players(SEATS)
        for shrewd in (False, True):
            before = bot_good_ends(game, game.best_letter, games, shrewd)
            after = bot_good_ends(game, table.best_letter, games, shrewd)
            if rule is Rule.COMPLETE_LOSES:
                measure, before_rate, after_rate = "bot out first", 1 - before / games, 1 - after / games
            else:
                measure, before_rate, after_rate = "bot wins", before / games, after / games
            label = f"{code} {rule.value} L={language.min_length}"
            others = "shrewd" if shrewd else "careful"
            print(f"{label:<28}{measure:<16}{others:<10}{before_rate:>8.1%}{after_rate:>8.1%}{1 / SEATS:>8.0%}")


if __name__ == "__main__":
    main()
