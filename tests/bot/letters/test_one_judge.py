"""One judge per game: on the same position, every surface of a letter game gives the answer of
the same solved table. The bot's move is among /hint's winning letters (or the position is lost),
/whowins names the same winner and letters, the review grades the bot's move best, the group
referee forces a good end with the same letters, and /word agrees with the words in play."""

from __future__ import annotations

import random

import pytest
from bot_harness import Bot, Player

from bot.core.solvers import Solvers
from bot.games.letters import session as letters
from bot.games.letters.handlers import word_report
from bot.games.letters.session import LetterSession
from bot.games.letters.tables import LetterGames
from solver.engine import Value
from solver.letters import LetterGame, Rule
from solver.levels import Level
from solver.lookup import TypedWord
from solver.review import grade_group_move, review_letters
from solver.words import Tier

#: Positions sampled in each game (random walks from the empty board, the same every run).
POSITIONS = 120


def sampled_boards(game: LetterGame, rng: random.Random) -> list[str]:
    """Boards on which a letter can be played, reached by random legal letters."""
    boards: list[str] = []
    while len(boards) < POSITIONS:
        board = ""
        while not game.is_word(board) and len(boards) < POSITIONS:
            boards.append(board)
            board += rng.choice(game.plays(board)).letter
    return boards


def hint_winning(game: LetterGame, board: str) -> set[str]:
    """/hint asked twice in one turn, as a player asks it: the winning letters it names."""
    session = LetterSession(rule=game.rule, board=board)
    letters.hint(game, session)
    return {play.letter for play in letters.hint(game, session).plays}


#: Every game: the Russian one under each rule and English Ghost (its own rule), on each tier.
LANGUAGE_RULES: tuple[tuple[str, tuple[Rule | None, ...]], ...] = (("ru", tuple(Rule)), ("en", (None,)))
GAMES = [(code, tier, rule) for code, rules in LANGUAGE_RULES for tier in Tier for rule in rules]


@pytest.mark.parametrize(("code", "tier", "rule"), GAMES)
def test_every_surface_agrees_on_every_position(solvers: Solvers, code: str, tier: Tier, rule: Rule | None) -> None:
    game = solvers.of(LetterGames).game(code, tier, rule)
    games = {each: solvers.of(LetterGames).game(code, each) for each in Tier}
    group = tier is Tier.COMMON  # a group plays the everyday words
    rng = random.Random(f"{code}-{tier}-{rule}")
    for board in sampled_boards(game, rng):
        move = game.computer_letter(board, Level.PERFECT, rng)
        winning = hint_winning(game, board)
        if winning:
            assert move in winning, board
        else:
            assert game.value(board) is Value.LOSS, board
        answer = letters.who_wins(game, board)
        assert {play.letter for play in answer.winning} == winning
        assert (answer.winner == answer.to_move) == bool(winning)
        assert review_letters(game, board + move)[-1].best, board
        if group:
            table = game.with_players(2)
            assert set(table.winning_letters(board)) == winning
            assert grade_group_move(game, 2, board, move).forced_after == bool(winning)
        ending = game.example_word(board + move)
        report = word_report(solvers.of(LetterGames), TypedWord(ending, code))
        assert game.word_in_play(ending).playable and tier not in report.ends_first
        assert report.tier is Tier.COMMON or (report.tier is Tier.FULL and tier is Tier.FULL)
        assert all(games[each].has_word(ending) == (each is Tier.FULL or report.tier is each) for each in Tier)


async def test_word_and_the_game_agree_on_a_word_the_game_ends_on(bot: Bot, solvers: Solvers) -> None:
    """Through the bot: a word the everyday game's best line ends at is one /word says can be completed."""
    game = solvers.of(LetterGames).game("ru")
    for lang, counts, never in (("ru", "✅ считается", "нельзя"), ("en", "✅ counts", "never")):
        player = Player(bot, 7101 if lang == "ru" else 7102, language_code=lang)
        for board in ("", "к", "по", "мо"):
            ending = game.example_word(board)
            everyday = (await player.say(f"/word {ending}")).text.splitlines()[1]
            assert counts in everyday and never not in everyday, everyday
