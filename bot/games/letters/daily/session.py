"""The daily puzzle as a chat session, and the streaks of a player's dailies: pure rules, no
Telegram, no storage. The player writes a letter; the bot answers with the perfect defence."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import ClassVar

from bot.core.i18n import Language
from bot.core.session import Session, new_id
from bot.games.letters.daily.store import Result
from solver.daily import Puzzle, Square, squares
from solver.letters import LetterGame, Verdict

KIND = "daily"

#: The squares of the share card, by the grade of each of the player's moves.
SQUARES = {Square.BEST: "🟩", Square.SLOWER: "🟨", Square.THREW: "🟥", Square.GONE: "⬛"}


@dataclass
class DailySession(Session):
    """A player's go at one day's puzzle; ``letters`` are those written since the puzzle's
    board, the player's and the bot's in turn. Only the day's first go is counted (``counted_go``);
    a past day's puzzle (``archive``) never is. ``pending`` is a letter that would end the go
    lost at once, asked about once before it counts."""

    KIND: ClassVar[str] = KIND
    id: str = field(default_factory=new_id)
    lang: Language = Language.RUSSIAN
    day: str = ""  # ISO date of the puzzle
    number: int = 0
    board: str = ""
    letters: str = ""
    counted_go: bool = True
    over: bool = False
    won: bool = False
    archive: bool = False
    pending: str = ""

    @classmethod
    def of(cls, puzzle: Puzzle, *, counted: bool, archive: bool = False) -> DailySession:
        return cls(
            lang=Language(puzzle.lang),
            day=puzzle.day.isoformat(),
            number=puzzle.number,
            board=puzzle.board,
            counted_go=counted and not archive,
            archive=archive,
        )

    @property
    def date(self) -> date:
        return date.fromisoformat(self.day)

    @property
    def running(self) -> bool:
        return not self.over

    @property
    def moved(self) -> bool:
        return bool(self.letters)

    @property
    def counted(self) -> bool:
        """A replay counts nothing, so leaving it counts no loss either."""
        return not self.counted_go or self.won_counted

    def resign(self) -> None:
        self.over = True
        self.won = False

    @property
    def record_kind(self) -> str:
        """/stats counts English Ghost's dailies apart from the Russian ones."""
        return KIND if self.lang == Language.RUSSIAN else f"{KIND}_{Language.ENGLISH}"

    @property
    def position(self) -> str:
        return self.board + self.letters

    @property
    def player_moves(self) -> int:
        return (len(self.letters) + 1) // 2

    def card_squares(self, game: LetterGame) -> str:
        return "".join(SQUARES[square] for square in squares(game, self.board, self.letters))


@dataclass(frozen=True)
class Turn:
    """What one letter of the player did: ``verdict`` after it, the bot's answer (if the game went
    on) and the verdict after that; ``over`` and ``won`` when the game ended."""

    letter: str
    verdict: Verdict
    reply: str | None = None
    reply_verdict: Verdict | None = None

    @property
    def over(self) -> bool:
        return self.verdict is not Verdict.GOES_ON or (self.reply_verdict not in (None, Verdict.GOES_ON))


def loses_at_once(game: LetterGame, session: DailySession, letter: str) -> Verdict | None:
    """How ``letter`` would end the go on the spot, lost (no word starts so, it passes a shorter
    word, or completes one where that loses); None when the game goes on or the letter wins."""
    verdict = game.verdict(session.position + letter)
    if verdict is Verdict.GOES_ON or (verdict is Verdict.COMPLETED_WORD and game.rule == "complete-wins"):
        return None
    return verdict


def play(game: LetterGame, session: DailySession, letter: str) -> Turn:
    """The player writes ``letter``; the bot answers with its best letter while the game goes on."""
    session.letters += letter
    verdict = game.verdict(session.position)
    if verdict is not Verdict.GOES_ON:
        return _end(game, session, Turn(letter, verdict), mover_is_player=True)
    reply = game.best_letter(session.position)
    session.letters += reply
    after = game.verdict(session.position)
    turn = Turn(letter, verdict, reply, after)
    return _end(game, session, turn, mover_is_player=False) if after is not Verdict.GOES_ON else turn


def _end(game: LetterGame, session: DailySession, turn: Turn, *, mover_is_player: bool) -> Turn:
    """The game ended on the last letter: completing a word wins under "complete-wins" and loses
    under Ghost; any other end (no word goes on) loses for whoever wrote it."""
    ended = turn.reply_verdict if turn.reply_verdict is not None else turn.verdict
    mover_won = ended is Verdict.COMPLETED_WORD and game.rule == "complete-wins"
    session.over = True
    session.won = mover_won if mover_is_player else not mover_won
    return turn


def streaks(results: Sequence[Result], today: date, *, loss_keeps: bool) -> tuple[int, int]:
    """The current and the best streak of dailies solved on consecutive days. A day missed ends a
    streak; a day lost ends it too unless ``loss_keeps`` (then it neither adds nor ends); today's
    go still under way changes nothing yet. A streak whose last day is before yesterday is over."""
    run = best = 0
    last: date | None = None
    for result in sorted(results, key=lambda r: r.day):
        if result.won is None and result.day == today:
            continue
        follows = last is not None and (result.day - last).days == 1
        if result.won:
            run = run + 1 if follows else 1
        elif not (loss_keeps and follows):
            run = 0
        last = result.day
        best = max(best, run)
    current = run if last is not None and (today - last).days <= 1 else 0
    return current, best
