"""The letter game as a chat session: pure rules, no Telegram, no storage.

The handlers load a :class:`LetterSession`, call one function here, save the
session and render what the function returned with :mod:`bot.games.letters.texts`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum

from bot.core.i18n import Language
from bot.core.session import Session, new_id
from solver.engine import Value
from solver.letters import LetterGame, Play, Rule, Verdict
from solver.levels import Level
from solver.review import GradedMove, ReviewError, Summary, review_letters, summarise
from solver.words import Tier

KIND = "letters"
GHOST_KIND = "ghost"  # English Ghost's records, kept apart from the Russian game's


class Phase(Enum):
    RULE = "rule"
    TIER = "tier"
    FIRST = "first"
    LEVEL = "level"
    STRICT = "strict"
    PLAYING = "playing"
    OVER = "over"


@dataclass
class LetterSession(Session):
    """One chat's letter game; ``id`` ties buttons to this very game."""

    KIND = KIND
    id: str = field(default_factory=new_id)
    rule: Rule | None = None
    dictionary: Language = Language.RUSSIAN  # "en": English Ghost (the Ghost article), its rule fixed to complete-loses
    # The common words or every clean one. A new game asks (None); a game stored before
    # the tiers existed played the whole list, and goes on with the full tier.
    tier: Tier | None = Tier.FULL
    player_first: bool | None = None
    level: Level | None = None
    strict: bool | None = None
    board: str = ""
    hint_stage: int = 0  # hints asked in the current turn
    over: bool = False

    @property
    def phase(self) -> Phase:
        if self.over:
            return Phase.OVER
        for phase, value in (
            (Phase.RULE, self.rule),
            (Phase.TIER, self.tier),
            (Phase.FIRST, self.player_first),
            (Phase.LEVEL, self.level),
            (Phase.STRICT, self.strict),
        ):
            if value is None:
                return phase
        return Phase.PLAYING

    @property
    def english(self) -> bool:
        return self.dictionary == Language.ENGLISH

    @property
    def record_kind(self) -> str:
        return GHOST_KIND if self.english else KIND

    @property
    def running(self) -> bool:
        return self.phase is Phase.PLAYING

    @property
    def moved(self) -> bool:
        """A letter of the player's is on the board, or a hint was asked: before that, leaving the
        game loses nothing (the bot's opening letter is not the player's move)."""
        return len(self.board) >= (1 if self.player_first else 2) or self.hint_stage > 0

    def resign(self) -> None:
        self.over = True

    @property
    def word_tier(self) -> Tier:
        return Tier(self.tier or Tier.COMMON)

    @property
    def bot_level(self) -> Level:
        return Level(self.level or Level.PERFECT)


class EndReason(Enum):
    COMPLETED_WORD = "completed-word"  # the board became a word
    NO_WORD = "no-word"  # strict mode: no noun starts with the board


@dataclass(frozen=True)
class Ending:
    player_won: bool
    reason: EndReason
    board: str
    word: str | None  # the completed word
    possible: list[Play]  # NO_WORD: the letters that were playable instead


@dataclass(frozen=True)
class Turn:
    """The player's letter (None when the bot opens), the bot's answer, the board after."""

    player_letter: str | None
    bot_letter: str | None
    board: str
    ending: Ending | None


@dataclass(frozen=True)
class Refusal:
    """A letter after which no noun can be formed; the player moves again."""

    letter: str
    attempted: str
    word_on_the_way: str | None
    possible: list[Play]


@dataclass(frozen=True)
class Hint:
    stage: int  # 1: the playable letters; 2: which of them win
    plays: list[Play]
    repeated: bool = False  # asked again after both: shown again, not counted again


@dataclass(frozen=True)
class GiveUp:
    board: str
    bot_was_winning: bool
    winning_letters: list[str]  # for the player, had they played on
    strategy: str


@dataclass(frozen=True)
class WhoWins:
    board: str
    to_move: str  # "first" | "second"
    winner: str
    winning: list[Play]
    over_word: str | None  # the board is already a finished word


def asked_dictionary(args: Sequence[str]) -> Language | None:
    """Which words /play's arguments ask for: none (or ``ru``) the Russian nouns, ``en``
    English Ghost; None for anything else, which is answered, not guessed at."""
    asked = [arg.lower() for arg in args]
    if asked in ([], [Language.RUSSIAN]):
        return Language.RUSSIAN
    return Language.ENGLISH if asked == [Language.ENGLISH] else None


def same_setup(last: LetterSession) -> LetterSession:
    """A new game with ``last``'s set-up: "play again" in one tap."""
    return LetterSession(
        rule=last.rule,
        dictionary=last.dictionary,
        tier=last.tier,
        player_first=last.player_first,
        level=last.level,
        strict=last.strict,
    )


def bot_to_move(session: LetterSession) -> bool:
    return (len(session.board) % 2 == 0) != bool(session.player_first)


def bot_opens(game: LetterGame, session: LetterSession, rng: random.Random) -> Turn:
    """The bot's first letter when it starts."""
    letter = game.computer_letter(session.board, session.bot_level, rng)
    session.board += letter
    return Turn(None, letter, session.board, _judge(game, session, by_player=False, before=""))


def play_letter(game: LetterGame, session: LetterSession, letter: str, rng: random.Random) -> Turn | Refusal:
    """The player's letter, then the bot's reply unless the game ended."""
    before = session.board
    attempted = before + letter
    verdict = game.verdict(attempted)
    if verdict in (Verdict.NO_WORD, Verdict.UNREACHABLE) and not session.strict:
        return Refusal(letter, attempted, game.word_on_the_way(attempted), _not_losing_at_once(game, before))
    session.board = attempted
    session.hint_stage = 0
    ending = _judge(game, session, by_player=True, before=before)
    if ending is not None:
        return Turn(letter, None, session.board, ending)
    reply = game.computer_letter(session.board, session.bot_level, rng)
    previous = session.board
    session.board += reply
    return Turn(letter, reply, session.board, _judge(game, session, by_player=False, before=previous))


def _not_losing_at_once(game: LetterGame, board: str) -> list[Play]:
    """The letters to suggest after a refusal: none that completes a word under complete-loses
    (an example should not lose on the spot), unless every playable letter does."""
    plays = game.plays(board)
    if game.rule is not Rule.COMPLETE_LOSES:
        return plays
    return [play for play in plays if not game.is_word(board + play.letter)] or plays


def _judge(game: LetterGame, session: LetterSession, by_player: bool, before: str) -> Ending | None:
    verdict = game.verdict(session.board)
    if verdict is Verdict.GOES_ON:
        return None
    session.over = True
    if verdict is Verdict.COMPLETED_WORD:
        mover_wins = game.rule is Rule.COMPLETE_WINS
        return Ending(mover_wins == by_player, EndReason.COMPLETED_WORD, session.board, session.board, [])
    return Ending(not by_player, EndReason.NO_WORD, session.board, None, game.plays(before))


def retire_if_outdated(game: LetterGame, session: LetterSession) -> bool:
    """End a running game whose board the word list no longer has (words were excluded
    since it was saved): no move, hint or verdict is defined there. Counted for nobody."""
    if not session.running or game.verdict(session.board) is Verdict.GOES_ON:
        return False
    session.over = True
    return True


def hint(game: LetterGame, session: LetterSession) -> Hint:
    """First the playable letters; asked again in the same turn, which of them win."""
    repeated = session.hint_stage == 2
    session.hint_stage = min(session.hint_stage + 1, 2)
    plays = game.plays(session.board)
    if session.hint_stage == 2:
        plays = [play for play in plays if play.outcome is Value.WIN]
    return Hint(session.hint_stage, plays, repeated)


def give_up(game: LetterGame, session: LetterSession) -> GiveUp:
    session.over = True
    board = session.board
    bot_winning = game.value(board) is Value.LOSS  # the player is to move and lost
    return GiveUp(board, bot_winning, game.winning_letters(board), game.strategy(board, max_branches=12))


def who_wins(game: LetterGame, board: str) -> WhoWins:
    if game.is_word(board):
        return WhoWins(board, game.to_move(board), game.winner(board), [], board)
    winning = [play for play in game.plays(board) if play.outcome is Value.WIN]
    return WhoWins(board, game.to_move(board), game.winner(board), winning, None)


@dataclass(frozen=True)
class Review:
    """A finished game graded move by move; ``player_seat`` 1 when the player opened."""

    moves: list[GradedMove]
    summary: Summary
    player_seat: int


def review(game: LetterGame, session: LetterSession) -> Review | None:
    """The last game's review, once it is over (a review during play would be a hint for free);
    None when there is nothing to grade, or its board left the word list since."""
    if session.phase is not Phase.OVER or not session.board:
        return None
    try:
        moves = review_letters(game, session.board)
    except ReviewError:
        return None
    return Review(moves, summarise(moves), 1 if session.player_first else 2)
