"""What the daily puzzle says, in Russian and English."""

from __future__ import annotations

from babel.dates import get_day_names

from bot.core.i18n import Language, gettext, ngettext, pgettext
from bot.core.texts import Lang
from bot.games.letters.daily.session import DailySession, Turn
from bot.games.letters.daily.store import Result
from bot.storage import Record
from solver.daily import Puzzle, Square
from solver.letters import Verdict


def name(lang: Lang) -> str:
    return gettext(lang, "the daily puzzle")


def board(lang: Lang, letters: str) -> str:
    return pgettext(lang, "quotation marks", '"{text}"', text=letters.upper())


def moves(lang: Lang, number: int) -> str:
    return ngettext(lang, "{n} move", "{n} moves", number)


def _title(lang: Lang, puzzle_number: int, day: str, weekday: int, english_ghost: bool) -> str:
    when = pgettext(
        lang,
        "a daily puzzle's date",
        "{weekday} {year}-{month}-{day}",
        weekday=get_day_names("abbreviated", locale=lang)[weekday],  # CLDR's, as «пн» and "Mon"
        year=day[0:4],
        month=day[5:7],
        day=day[8:10],
    )
    game = gettext(lang, " · English Ghost") if english_ghost else ""
    return gettext(
        lang, "🧩 Daily puzzle #{puzzle_number} ({when}){game}", puzzle_number=puzzle_number, when=when, game=game
    )


def rule_line(lang: Lang, english_ghost: bool) -> str:
    if english_ghost:
        return gettext(lang, "English words of 4+ letters; whoever completes a word loses.")
    return gettext(lang, "Everyday Russian nouns; whoever completes a word wins.")


def intro(lang: Lang, puzzle: Puzzle, *, counted: bool) -> str:
    english_ghost = puzzle.lang == Language.ENGLISH
    lines = [
        _title(lang, puzzle.number, puzzle.day.isoformat(), puzzle.weekday, english_ghost),
        gettext(
            lang,
            "The board is {board} and it is your move. You win against any defence: find how, in {moves}. I "
            "defend perfectly.",
            board=board(lang, puzzle.board),
            moves=moves(lang, puzzle.moves),
        ),
        rule_line(lang, english_ghost),
    ]
    if not counted:
        lines.append(gettext(lang, "A replay: only the day's first go counts."))
    lines.append(gettext(lang, "Send a letter."))
    return "\n".join(lines)


def turn_text(lang: Lang, session: DailySession, turn: Turn) -> str:
    lines = [gettext(lang, "You: {letter}", letter=turn.letter.upper())]
    if turn.reply is not None:
        lines.append(gettext(lang, "Me: {reply}", reply=turn.reply.upper()))
    lines.append(gettext(lang, "Board: {board}", board=board(lang, session.position)))
    if not turn.over:
        lines.append(gettext(lang, "Your move."))
    return "\n".join(lines)


def ending(lang: Lang, session: DailySession, turn: Turn) -> str:
    """Why the game ended, then the verdict."""
    verdict = turn.reply_verdict if turn.reply_verdict is not None else turn.verdict
    shown = board(lang, session.position)
    if verdict is Verdict.COMPLETED_WORD:
        why = gettext(lang, "{shown} is a word.", shown=shown)
    elif verdict is Verdict.UNREACHABLE:
        why = gettext(lang, "{shown} passes a shorter word.", shown=shown)
    else:
        why = gettext(lang, "No word starts with {shown}.", shown=shown)
    if session.won:
        done = gettext(lang, "✅ Solved in {moves}!", moves=moves(lang, session.player_moves))
    else:
        done = gettext(lang, "❌ Not this time: the win was there, and slipped away.")
    return f"{why}\n{done}"


def streak_line(lang: Lang, current: int, best: int) -> str:
    return gettext(lang, "Streak: {current} (best {best}).", current=current, best=best)


def replay_note(lang: Lang) -> str:
    return gettext(lang, "That was a replay: the day's result stays as it was.")


def card(lang: Lang, session: DailySession, squares: str, current_streak: int) -> str:
    """The spoiler-free result to share: the number, the outcome, the streak, a square per move."""
    mark = "✅" if session.won else "❌"
    done = gettext(lang, "{mark} in {moves}", mark=mark, moves=moves(lang, session.player_moves))
    head = gettext(
        lang,
        "Bukvoed · daily #{number} · {done} · streak {current_streak}",
        number=session.number,
        done=done,
        current_streak=current_streak,
    )
    return f"{head}\n{squares}"


def card_legend(lang: Lang) -> str:
    return gettext(lang, "🟩 best move · 🟨 kept the win, slower · 🟥 let the win go")


def no_hints(lang: Lang) -> str:
    return gettext(
        lang,
        "The daily puzzle has no hints, and /whowins and /word keep quiet until it is over. After it, "
        "/review explains every move.",
    )


def expected_letter(lang: Lang) -> str:
    return gettext(lang, "Send one letter.")


def not_a_letter(lang: Lang, english_ghost: bool) -> str:
    if english_ghost:
        return gettext(lang, "Send one English letter.")
    return gettext(lang, "Send one Russian letter.")


def gave_up(lang: Lang) -> str:
    return gettext(lang, "Given up. /review shows how it was won.")


def nothing_to_give_up(lang: Lang) -> str:
    return gettext(lang, "Nothing to give up: no puzzle under way.")


def usage(lang: Lang) -> str:
    return gettext(lang, "/daily — the day's puzzle; /daily en — English Ghost's.")


def review_text(lang: Lang, session: DailySession, judged: list[tuple[str, Square, tuple[str, ...]]], line: str) -> str:
    """The player's moves, each with its square, and for a move that was not best the letters that were."""
    lines = [
        gettext(
            lang, "Review of puzzle #{number} (from {board}):", number=session.number, board=board(lang, session.board)
        )
    ]
    for number, (letter, square, best) in enumerate(judged, start=1):
        mark = {Square.BEST: "🟩", Square.SLOWER: "🟨", Square.THREW: "🟥"}[square]
        note = ""
        if square is not Square.BEST:
            better = ", ".join(b.upper() for b in best)
            note = gettext(lang, " — better: {better}", better=better)
        lines.append(f"{number}. {mark} {letter.upper()}{note}")
    lines.append(gettext(lang, "The solution: {board}", board=board(lang, line)))
    lines.append(card_legend(lang))
    return "\n".join(lines)


def nothing_to_review(lang: Lang) -> str:
    return gettext(lang, "Nothing to review yet: solve the day's puzzle first — /daily.")


def record_text(lang: Lang, record: Record, *, english_ghost: bool) -> str:
    """The /stats line of the counted goes (the first of each day)."""
    name = gettext(lang, "Daily puzzle") + (gettext(lang, " (English Ghost)") if english_ghost else "")
    return gettext(lang, "{name}: solved {won} of {played}", name=name, won=record.won, played=record.played)


def streak_stats(lang: Lang, current: int, best: int, *, english_ghost: bool) -> str:
    name = gettext(lang, "Daily puzzle") + (gettext(lang, " (English Ghost)") if english_ghost else "")
    return gettext(lang, "{name}: streak {current} (best {best})", name=name, current=current, best=best)


def group_board(lang: Lang, puzzle: Puzzle, username: str, rows: list[tuple[str, bool | None, int]]) -> str:
    """The day's board in a group and who of its members solved it (never the solution)."""
    lines = [
        _title(lang, puzzle.number, puzzle.day.isoformat(), puzzle.weekday, puzzle.lang == Language.ENGLISH),
        gettext(
            lang,
            "Board {board}: the player to move wins in {moves}. Solve it with me in private: @{username}, /daily.",
            board=board(lang, puzzle.board),
            moves=moves(lang, puzzle.moves),
            username=username,
        ),
    ]
    if rows:
        lines.append(gettext(lang, "Today in this group:"))
        for who, won, made in rows:
            if won is True:
                lines.append(gettext(lang, "✅ {who} — {moves}", who=who, moves=moves(lang, made)))
            elif won is False:
                lines.append(f"❌ {who}")
            else:
                lines.append(gettext(lang, "⏳ {who} — not yet", who=who))
    return "\n".join(lines)


def group_only_board(lang: Lang) -> str:
    return gettext(lang, "You are on this group's board: solve the puzzle in private and your result shows here.")


def share_button(lang: Lang) -> str:
    return gettext(lang, "📤 Share")


def replay_button(lang: Lang) -> str:
    return gettext(lang, "🔁 Again (not counted)")


def inline_title(lang: Lang) -> str:
    return gettext(lang, "My daily puzzle result")


def inline_nothing(lang: Lang) -> str:
    return gettext(lang, "Solve today's puzzle first")


def menu_button(lang: Lang) -> str:
    return gettext(lang, "🧩 Daily puzzle")


def help_lines(lang: Lang) -> str:
    return gettext(
        lang, "/daily — the daily puzzle: one letter-game position, its win proven (/daily en — English Ghost's)"
    )


def rules(lang: Lang) -> str:
    return gettext(
        lang,
        "The daily puzzle is a letter-game position on everyday words, one for everyone for the whole "
        "day. The player to move wins against any defence: find how, against the bot's perfect defence. "
        "From Monday to Sunday the lines grow longer and fewer letters win. The day's first go counts; "
        "your streak is how many days in a row you solved it. No hints; after the game /review explains "
        "every move.",
    )


def record_line(lang: Lang, solved: int) -> str:
    return gettext(lang, "solved {solved}", solved=solved)


def result_of_day(lang: Lang, result: Result) -> str:
    if result.won:
        return gettext(lang, "Solved today already, in {moves}.", moves=moves(lang, result.moves))
    return gettext(lang, "Today's go has been counted already.")
