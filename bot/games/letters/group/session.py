"""The letter game for a group chat: lobby, turn order, who is out. Pure rules, no Telegram.

Decisions (also in ``bot.games.letters.group.texts``):

* players move in join order; the bot may join as one more player (:data:`BOT`);
* a player who completes a word under complete-loses, or makes a board no word
  starts with, is out; the board is cleared and the next player starts a new
  round. Under complete-wins, completing a word wins the whole game at once;
* with three or more players the game goes on until one player is left, who wins;
* a player whose turn timer runs out, or who gives up, is out too; the board is
  kept and the next player moves on it;
* the bot plays from the table for as many players as are still in: a forced
  good end whenever it has one (remembered, and shown when the round ends with
  a word), otherwise its best chances against careful players; at the gentler
  level it now and then (the private game's mistake rate) plays the next-ranked
  letter instead;
* when two players share a first name, every one of them is called by a fuller
  name (:func:`tell_apart`); who went out, how and when is kept for the standings.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Annotated

from pydantic import BeforeValidator, PlainSerializer

from bot.core.i18n import Language
from bot.core.session import Session, new_id
from solver.letters import MAX_PLAYERS, LetterGame, Play, Rule, Verdict
from solver.levels import MISTAKE_RATE, Level
from solver.review import ReviewError, grade_group_move

KIND = "group"
BOT = 0  # the bot's seat among the players
MIN_PLAYERS = 2
#: The most seats the solver has tables for (the bot plays from the table for those still in).
SEATS = MAX_PLAYERS
#: The bot's levels a lobby offers: perfect, or a gentler one that now and then plays a weaker letter.
LEVELS = (Level.PERFECT, Level.EASY)


class GroupPhase(Enum):
    LOBBY = "lobby"
    PLAYING = "playing"
    OVER = "over"


class Outcome(Enum):
    GOES_ON = "goes-on"
    WORD = "word"  # the board became a word
    NO_WORD = "no-word"  # no word starts with the board
    TIMEOUT = "timeout"
    LEFT = "left"  # gave up
    GONE = "gone"  # left the group (or was removed from it)
    REFUSED = "refused"  # gentle mode: a letter no word starts with, refused once a turn
    BEATEN = "beaten"  # the others, when a completed word won the game (in ``GroupSession.exits``)


@dataclass(frozen=True)
class Move:
    """A letter played, for the review: who played it, on which board, and how many were still in."""

    player: int
    board: str  # before the letter
    letter: str
    live: int


@dataclass(frozen=True)
class Exit:
    """Who went out, how, and after how many letters of the game."""

    player: int
    how: Outcome
    letters: int


def _from_row(names: tuple[str, ...]) -> Callable[[object], object]:
    """Read a record stored as a JSON list (compact, and as the rows have always been written)."""

    def read(value: object) -> object:
        return dict(zip(names, value, strict=True)) if isinstance(value, list | tuple) else value

    return read


#: Moves and exits are stored as lists, ``[player, board, letter, live]`` and ``[player, how, letters]``.
StoredMove = Annotated[
    Move,
    BeforeValidator(_from_row(("player", "board", "letter", "live"))),
    PlainSerializer(lambda move: [move.player, move.board, move.letter, move.live]),
]
StoredExit = Annotated[
    Exit,
    BeforeValidator(_from_row(("player", "how", "letters"))),
    PlainSerializer(lambda gone: [gone.player, gone.how.value, gone.letters]),
]


@dataclass
class GroupSession(Session):
    """One group's game; ``id`` ties the lobby buttons to this very game, ``step`` counts events."""

    KIND = KIND
    creator: int
    lang: str = Language.RUSSIAN  # the language the group is spoken to in (the creator's)
    dictionary: Language = Language.RUSSIAN
    rule: Rule = Rule.COMPLETE_WINS
    id: str = field(default_factory=new_id)
    players: list[int] = field(default_factory=list)  # join order
    names: dict[int, str] = field(default_factory=dict)  # user id -> the name the game calls them by
    out: list[int] = field(default_factory=list)
    started: bool = False
    over: bool = False
    turn: int = 0  # index into players of the player to move
    board: str = ""
    step: int = 0
    winner: int | None = None
    deadline: float | None = None  # epoch seconds by which the player to move must move
    sure_from: str | None = None  # the board at which the bot first held a forced line this round
    sure_line: str | None = None  # that line, as the solver writes it
    gentle: bool = False  # a letter no word starts with is refused once a turn instead of putting the player out
    refused: bool = False  # the player to move has had their one refusal this turn
    lobby_message: int | None = None  # the lobby's message, kept up to date
    thread: int | None = None  # the forum topic the lobby was opened in: every message of the game goes there
    # Every letter played, for the review (a game stored before they were kept has none).
    moves: list[StoredMove] = field(default_factory=list)
    # Each player's names, fuller and fuller (first name, with the last name, with the username):
    # when two share a name, every holder is called by a fuller one (``names``).
    forms: dict[int, list[str]] = field(default_factory=dict)
    level: Level = Level.PERFECT  # the bot's, when it plays
    exits: list[StoredExit] = field(default_factory=list)  # who went out, how and when, in order
    started_step: int | None = None  # ``step`` just after the start: tells the game's first message
    nudged: float | None = None  # the turn deadline the "seconds left" nudge was sent for

    @property
    def phase(self) -> GroupPhase:
        if self.over:
            return GroupPhase.OVER
        return GroupPhase.PLAYING if self.started else GroupPhase.LOBBY

    @property
    def current(self) -> int:
        return self.players[self.turn]

    @property
    def live(self) -> list[int]:
        return [player for player in self.players if player not in self.out]

    def name(self, player: int) -> str:
        return self.names.get(player, str(player))


@dataclass(frozen=True)
class Event:
    """What one move (or timeout, or leaving) did to the game."""

    player: int
    outcome: Outcome
    letter: str | None = None
    board: str = ""  # the board the outcome is about
    possible: list[Play] = field(default_factory=list)  # NO_WORD: the letters that were playable
    out: list[int] = field(default_factory=list)  # players who lost by this event
    winner: int | None = None  # set when the event ended the game
    sure_from: str | None = None  # a round the bot was sure of: where it knew
    sure_line: str | None = None  # and the line it held from there


def join(session: GroupSession, player: int, name: str, forms: Sequence[str] = ()) -> bool:
    """Add a player to the lobby; False when already in, the lobby is full or the game has begun.
    ``forms`` are the person's names, fuller and fuller (``name`` alone when none are given)."""
    if session.started or player in session.players or is_full(session):
        return False
    session.players.append(player)
    session.names[player] = name
    if player != BOT:
        session.forms[player] = list(forms) or [name]
        tell_apart(session)
    return True


def tell_apart(session: GroupSession) -> None:
    """Call every player by their shortest name no other player goes by in any form, so two
    people called the same are both named fully (a shared name is never left to one of them);
    someone with no such form gets their first form numbered in join order."""
    people = [player for player in session.players if player != BOT]
    forms = {player: session.forms.get(player) or [session.name(player)] for player in people}
    unique: dict[int, str | None] = {}
    for player in people:
        others = {form for other in people if other != player for form in forms[other]}
        unique[player] = next((form for form in forms[player] if form and form not in others), None)
    for player in people:
        base = forms[player][0]
        numbered = [other for other in people if unique[other] is None and forms[other][0] == base]
        session.names[player] = unique[player] or f"{base} {numbered.index(player) + 1}"


def start(session: GroupSession) -> bool:
    """Begin the game with the lobby's players; False with fewer than two."""
    if session.started or len(session.players) < MIN_PLAYERS:
        return False
    session.started = True
    session.turn = 0
    session.step += 1
    session.started_step = session.step
    session.deadline = None  # the lobby's expiry; the first turn sets its own
    return True


def is_full(session: GroupSession) -> bool:
    return len(session.players) >= SEATS


def seat_bot(session: GroupSession, seated: bool) -> bool:
    """Seat the bot (``seated``) or take it off the list; only in the lobby, and nothing when it is
    so already. False when there is no seat for it."""
    if session.started or (BOT in session.players) == seated:
        return True
    if not seated:
        session.players.remove(BOT)
    elif not join(session, BOT, ""):
        return False
    session.step += 1
    return True


def expire(session: GroupSession) -> None:
    """Nobody started the lobby in time: it closes."""
    stop(session)


def play_letter(game: LetterGame, session: GroupSession, letter: str) -> Event:
    """The player to move adds ``letter``; the board is judged as in the two-player game."""
    player = session.current
    before = session.board
    board = before + letter
    session.step += 1
    verdict = game.verdict(board)
    if verdict is Verdict.NO_WORD and session.gentle and not session.refused:
        session.refused = True
        return Event(player, Outcome.REFUSED, letter, board, possible=not_losing_at_once(game, before))
    session.moves.append(Move(player, before, letter, len(session.live)))
    if verdict is Verdict.GOES_ON:
        session.board = board
        _advance(session)
        return Event(player, Outcome.GOES_ON, letter, board)
    session.board = ""  # a new round, whoever is out
    sure_from, sure_line = session.sure_from, session.sure_line
    _forget_sure_line(session)
    if verdict is Verdict.COMPLETED_WORD:
        if game.rule is Rule.COMPLETE_WINS:
            losers = [other for other in session.live if other != player]
            session.out += losers
            session.exits += [Exit(loser, Outcome.BEATEN, len(session.moves)) for loser in losers]
            event = _finish(session, Event(player, Outcome.WORD, letter, board, out=losers, winner=player))
        else:
            event = _eliminate(session, player, Outcome.WORD, letter=letter, board=board, possible=[])
        return replace(event, sure_from=sure_from, sure_line=sure_line)
    return _eliminate(
        session, player, Outcome.NO_WORD, letter=letter, board=board, possible=not_losing_at_once(game, before)
    )


def not_losing_at_once(game: LetterGame, board: str) -> list[Play]:
    """The letters to name as possible after a dead letter: none that completes a word where that
    loses (it would have put the player out as well), unless every playable letter does."""
    plays = game.plays(board)
    if game.rule is not Rule.COMPLETE_LOSES:
        return plays
    return [play for play in plays if not game.is_word(board + play.letter)] or plays


def bot_letter(game: LetterGame, session: GroupSession, rng: random.Random | None = None) -> Event:
    """The bot's move when it is the player to move, from the table for the players still in;
    at a gentler level, now and then (the private game's mistake rate) a lower-ranked letter."""
    assert session.current == BOT
    table = game.with_players(len(session.live))
    if session.sure_line is None:
        session.sure_line = table.forced_line(session.board)
        session.sure_from = session.board if session.sure_line else None
    letter = table.best_letter(session.board)
    if (rng or random.Random()).random() < MISTAKE_RATE[session.level]:
        letter = weaker_letter(table.letter_chances(session.board), letter)
    return play_letter(game, session, letter)


def weaker_letter(chances: dict[str, float], best: str) -> str:
    """The next letter down the table's ranking after ``best`` (by the chances of a good end, so a
    letter that ends the round badly comes last); ``best`` when it is the only letter."""
    ranked = sorted((letter for letter in chances if letter != best), key=lambda letter: -chances[letter])
    return next(iter(ranked), best)


def time_out(session: GroupSession) -> Event:
    """The player to move ran out of time: out, the board stays."""
    session.step += 1
    _forget_sure_line(session)  # fewer players: the line was for another table
    return _eliminate(session, session.current, Outcome.TIMEOUT, letter=None, board=session.board, possible=[])


def leave(session: GroupSession, player: int, how: Outcome = Outcome.LEFT) -> Event | None:
    """A player gives up (or left the group: ``how`` is ``GONE``): out of a running game, the turn
    passing on when it was theirs, or off the lobby's list. None if not playing."""
    if player not in session.live:
        return None
    session.step += 1
    if not session.started:
        session.players.remove(player)
        session.names.pop(player, None)
        session.forms.pop(player, None)
        tell_apart(session)
        _hand_on_the_lobby(session, player)
        return Event(player, how, board=session.board)
    _forget_sure_line(session)
    return _eliminate(session, player, how, letter=None, board=session.board, possible=[])


def is_outdated(game: LetterGame, session: GroupSession) -> bool:
    """A running game saved on a board the word list no longer has (words were excluded
    since): no move or bot letter is defined there, so it can only be stopped."""
    return session.phase is GroupPhase.PLAYING and game.verdict(session.board) is not Verdict.GOES_ON


def stop(session: GroupSession) -> None:
    session.over = True
    session.step += 1
    session.deadline = None


def _eliminate(
    session: GroupSession, player: int, outcome: Outcome, *, letter: str | None, board: str, possible: list[Play]
) -> Event:
    was_current = session.current == player
    session.out.append(player)
    session.exits.append(Exit(player, outcome, len(session.moves)))
    if len(session.live) == 1:
        return _finish(session, Event(player, outcome, letter, board, possible, [player], session.live[0]))
    if was_current:
        _advance(session)
    return Event(player, outcome, letter, board, possible, [player])


def _hand_on_the_lobby(session: GroupSession, leaving: int) -> None:
    """The creator left the lobby: the next person on the list runs it; with nobody, it closes."""
    if leaving != session.creator:
        return
    people = [player for player in session.players if player != BOT]
    if people:
        session.creator = people[0]
    else:
        stop(session)


def _forget_sure_line(session: GroupSession) -> None:
    session.sure_from = session.sure_line = None


def _finish(session: GroupSession, event: Event) -> Event:
    session.over = True
    session.winner = event.winner
    session.deadline = None
    return event


def _advance(session: GroupSession) -> None:
    """The turn passes to the next player in join order who is still in."""
    session.refused = False
    count = len(session.players)
    for offset in range(1, count + 1):
        index = (session.turn + offset) % count
        if session.players[index] not in session.out:
            session.turn = index
            return


@dataclass(frozen=True)
class TurningPoint:
    """Where a player let a forced good end go: the board, the letter played, the letters that kept it."""

    board: str
    letter: str
    kept_by: tuple[str, ...]
    example: str  # a word the first of those letters' best line ends at


def turning_points(game: LetterGame, session: GroupSession) -> dict[int, TurningPoint | None] | None:
    """Each player's first letter that threw away a forced good end (None: they never did);
    None when no letter was kept, or a board left the word list since."""
    if not session.moves:
        return None
    found: dict[int, TurningPoint | None] = {player: None for player in session.players}
    try:
        for move in session.moves:
            if found.get(move.player) is not None:
                continue
            grade = grade_group_move(game, move.live, move.board, move.letter)
            if grade.threw:
                kept = grade.forcing_letters
                example = game.example_word(move.board + kept[0])
                found[move.player] = TurningPoint(move.board, move.letter, kept, example)
    except ReviewError:
        return None
    return found
