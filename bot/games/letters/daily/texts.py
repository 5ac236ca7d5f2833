"""What the daily puzzle says, in Russian and English."""

from __future__ import annotations

from babel.dates import get_day_names

from bot.core.i18n import Language, gettext, ngettext, pgettext
from bot.core.texts import Lang
from bot.games.letters.daily.session import SQUARES, DailySession, Turn
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


def game_name(lang: Lang, english_ghost: bool) -> str:
    """Which daily it is, language and rule in a few words: two cards side by side are told apart."""
    if english_ghost:
        return gettext(lang, "English Ghost, completing a word loses")
    return gettext(lang, "Russian nouns, completing a word wins")


def rule_line(lang: Lang, english_ghost: bool) -> str:
    if english_ghost:
        return gettext(lang, "English words of 4+ letters; whoever completes a word loses.")
    return gettext(lang, "Everyday Russian nouns; whoever completes a word wins.")


def intro(lang: Lang, puzzle: Puzzle, *, counted: bool, archive: bool = False) -> str:
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
    if archive:
        lines.append(gettext(lang, "A puzzle from the archive: played for fun, never counted."))
    elif not counted:
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


def replay_note(lang: Lang, session: DailySession) -> str:
    if session.archive:
        return gettext(lang, "A puzzle from the archive: not counted.")
    return gettext(lang, "That was a replay: the day's result stays as it was.")


def outcome(lang: Lang, won: bool, player_moves: int) -> str:
    mark = "✅" if won else "❌"
    return gettext(lang, "{mark} in {moves}", mark=mark, moves=moves(lang, player_moves))


def card(lang: Lang, session: DailySession, squares: str, current_streak: int) -> str:
    """The spoiler-free result to share: which puzzle (number, language and rule), the outcome,
    the streak, a square per move."""
    head = gettext(
        lang,
        "Bukvoed · daily #{number} · {game}",
        number=session.number,
        game=game_name(lang, session.lang == Language.ENGLISH),
    )
    done = gettext(
        lang,
        "{outcome} · streak {current_streak}",
        outcome=outcome(lang, session.won, session.player_moves),
        current_streak=current_streak,
    )
    return f"{head}\n{done}\n{squares}"


def card_legend(lang: Lang) -> str:
    return gettext(lang, "🟩 best move · 🟨 kept the win, slower · 🟥 let the win go · ⬛ the win was already gone")


def over_now(lang: Lang) -> str:
    """/hint once the go is over: nothing is secret any more."""
    return gettext(
        lang,
        "The puzzle is over: /review explains every move, and /whowins and /word answer again. /daily for "
        "how the day went.",
    )


def no_undo(lang: Lang, over: bool) -> str:
    if over:
        return gettext(lang, "Nothing to take back: the puzzle is over. /review shows every move.")
    return gettext(lang, "Moves cannot be taken back in the daily puzzle: think before each letter.")


def sure(lang: Lang, session: DailySession, letter: str, verdict: Verdict, word: str | None) -> str:
    """A letter that would end the go lost at once: asked once before it counts."""
    shown = board(lang, session.position + letter)
    if verdict is Verdict.COMPLETED_WORD:
        why = gettext(lang, "{shown} is a word, and completing a word loses.", shown=shown)
    elif verdict is Verdict.UNREACHABLE and word:
        why = gettext(lang, "{shown} passes the word {word}.", shown=shown, word=board(lang, word))
    else:
        why = gettext(lang, "No word starts with {shown}.", shown=shown)
    return gettext(
        lang,
        "Sure? {why} That letter ends the puzzle, lost. Send {letter} again to play it, or another letter.",
        why=why,
        letter=letter.upper(),
    )


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
    return gettext(
        lang,
        "/daily — the day's puzzle; /daily en — English Ghost's; /daily 2026-11-20 (or /daily en 2026-11-20) — "
        "a past day's, not counted.",
    )


def not_out_yet(lang: Lang, day: str) -> str:
    return gettext(lang, "The puzzle of {day} is not out yet: /daily plays today's.", day=day)


def before_the_first(lang: Lang, first: str) -> str:
    return gettext(lang, "The first daily puzzle was on {first}: pick a day from then on.", first=first)


def finish_first(lang: Lang) -> str:
    return gettext(lang, "A game is under way: finish it or /giveup, then ask for the past day's puzzle again.")


def review_text(lang: Lang, session: DailySession, judged: list[tuple[str, Square, tuple[str, ...]]], line: str) -> str:
    """The player's moves, each with its square, and for a move that was not best the letters that were."""
    lines = [
        gettext(
            lang, "Review of puzzle #{number} (from {board}):", number=session.number, board=board(lang, session.board)
        )
    ]
    for number, (letter, square, best) in enumerate(judged, start=1):
        mark = SQUARES[square]
        note = ""
        if square is Square.GONE:
            note = gettext(lang, " — no winning letter was left")
        elif square is not Square.BEST:
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


def inline_title(lang: Lang, number: int, english_ghost: bool) -> str:
    """The inline result's title: which puzzle, so two results offered side by side differ."""
    game = gettext(lang, "English Ghost") if english_ghost else gettext(lang, "Russian")
    return gettext(lang, "My daily #{number} · {game}", number=number, game=game)


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
        "your streak is how many days in a row you solved it. No hints; a letter that would lose at once is "
        "asked about once («Sure?») before it counts. After the game /review explains every move. "
        "/daily 2026-11-20 plays a past day's puzzle, never counted.",
    )


def record_line(lang: Lang, solved: int) -> str:
    return gettext(lang, "solved {solved}", solved=solved)


def result_of_day(lang: Lang, result: Result) -> str:
    """How the day's counted go went, for /daily asked again."""
    if result.won:
        return gettext(
            lang, "Solved today already, in {moves}: {squares}", moves=moves(lang, result.moves), squares=result.squares
        )
    if result.won is False:
        return gettext(
            lang,
            "Today's go is counted: not solved, {moves} made: {squares}",
            moves=moves(lang, result.moves),
            squares=result.squares,
        )
    return gettext(lang, "Today's go is counted: it was left unfinished.")
