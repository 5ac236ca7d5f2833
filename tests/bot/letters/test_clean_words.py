"""What the bot shows never includes an excluded word: random games through the pure sessions
(its moves, hints, refusals, endings, /giveup trees, /whowins) on every dictionary and tier,
and 5bukv's guesses for random secrets."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.core.solvers import Solvers
from bot.games.letters import session as letters
from bot.games.letters.session import LetterSession
from bot.games.letters.tables import LetterGames
from bot.games.wordle.solver import WordleSolver
from solver.letters import LetterGame, Play, Rule
from solver.levels import Level
from solver.wordle import Entry, default_words, feedback, normalise_word
from solver.words import LANGUAGES, Reason, Tier

#: Reasons that keep a word out of every list.
EXCLUDED_REASONS = {Reason.OFFENSIVE, Reason.LETTER_NAME, Reason.ABBREVIATION, Reason.MALFORMED}
EXCLUDED = {
    code: {word for word, reason in language.reasons().items() if reason in EXCLUDED_REASONS}
    for code, language in LANGUAGES.items()
}
#: A word a strategy tree ends on: not followed by more letters or by a move.
TREE_WORD = re.compile(r"([^\W\d_]+)(?![^\W\d_]| →)")

games = st.tuples(st.sampled_from(["ru", "en"]), st.sampled_from(list(Tier)), st.sampled_from(list(Rule)))


def shown_words(found: object) -> list[str]:
    """The words a session result puts in front of the player."""
    words: list[str] = []
    if isinstance(found, letters.Turn) and found.ending is not None:
        words += [found.ending.word or "", *(p.example for p in found.ending.possible)]
    elif isinstance(found, letters.Refusal):
        words += [found.word_on_the_way or "", *(p.example for p in found.possible)]
    elif isinstance(found, letters.Hint | letters.WhoWins):
        plays: list[Play] = found.plays if isinstance(found, letters.Hint) else found.winning
        words += [p.example for p in plays]
    elif isinstance(found, letters.GiveUp):
        words += TREE_WORD.findall(found.strategy)
    return [word for word in words if word]


@pytest.mark.parametrize(("code", "tier"), [("ru", Tier.COMMON), ("ru", Tier.FULL), ("en", Tier.COMMON)])
def test_every_example_the_game_can_show_is_a_clean_word_of_its_tier(solvers: Solvers, code: str, tier: Tier) -> None:
    game = solvers.of(LetterGames).letter_game(code, LANGUAGES[code].rule, tier)
    tier_words = set(LANGUAGES[code].words(tier))
    examples = {game.example_word(game.tree.fragment(node)) for node in range(0, game.positions, 97)}
    assert examples <= tier_words
    assert not examples & EXCLUDED[code]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(choice=games, level=st.sampled_from(list(Level)), seed=st.integers(0, 2**32 - 1))
def test_random_games_never_show_an_excluded_word(
    solvers: Solvers, choice: tuple[str, Tier, Rule], level: Level, seed: int
) -> None:
    code, tier, rule = choice
    game = solvers.of(LetterGames).letter_game(code, rule, tier)
    rng = random.Random(seed)
    session = LetterSession(rule=game.rule, dictionary=code, tier=tier, player_first=rng.random() < 0.5, level=level)
    session.strict = False
    shown: list[str] = []
    if letters.bot_to_move(session):
        shown += shown_words(letters.bot_opens(game, session, rng))
    for _ in range(30):
        if session.over:
            break
        shown += shown_words(letters.who_wins(game, session.board))
        shown += shown_words(letters.hint(game, session))
        letter = rng.choice(game.alphabet)  # any letter: some are refused, some end the game
        shown += shown_words(letters.play_letter(game, session, letter, rng))
    if not session.over:
        shown += shown_words(letters.give_up(game, session))
    tier_words = set(LANGUAGES[code].words(tier))
    assert not set(shown) & EXCLUDED[code]
    assert set(shown) <= tier_words, set(shown) - tier_words


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(secret=st.sampled_from(default_words()), refused_first=st.booleans())
def test_5bukv_never_suggests_an_excluded_word(solvers: Solvers, secret: str, refused_first: bool) -> None:
    excluded = {normalise_word(word) for word in EXCLUDED["ru"]}
    wordle = solvers.of(WordleSolver)
    refused = [wordle.first_guess] if refused_first and wordle.first_guess != secret else []
    history: list[Entry] = []
    while not history or history[-1].word != secret:
        guess = wordle.next_guess(history, refused)
        # A crude word may be the game's answer: the engine names it only when it is all
        # that is left, and the bot never shows it then (masked: the player types it).
        if guess in excluded:
            assert not wordle.wordle.can_say(guess)
            assert wordle.candidates(history, refused) == [guess]
        history.append(Entry(guess, feedback(guess, secret)))
        assert len(history) <= 12
    assert all(not wordle.wordle.can_say(word) for word in set(wordle.candidates([], refused)) & excluded)


def test_the_bot_plays_every_dictionary_and_tier_it_offers(solvers: Solvers) -> None:
    for code in LANGUAGES:
        for tier in Tier:
            game: LetterGame = solvers.of(LetterGames).letter_game(code, LANGUAGES[code].rule, tier)
            assert game.word_count == len([w for w in LANGUAGES[code].words(tier) if len(w) >= game.min_length])
