"""What the daily puzzle says, in Russian and English."""

from __future__ import annotations

from bot.core.texts import Lang, count, t
from bot.games.daily.session import DailySession, Turn
from bot.games.daily.store import Result
from bot.storage import Record
from solver.daily import Puzzle, Square
from solver.letters import Verdict

MOVES_RU = ("ход", "хода", "ходов")
MOVES_EN = ("move", "moves")
WEEKDAYS = {
    "ru": ("пн", "вт", "ср", "чт", "пт", "сб", "вс"),
    "en": ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"),
}


def name(lang: Lang) -> str:
    return t(lang, "ежедневная задача", "the daily puzzle")


def board(lang: Lang, letters: str) -> str:
    shown = letters.upper()
    return f"«{shown}»" if lang == "ru" else f'"{shown}"'


def moves(lang: Lang, number: int) -> str:
    return count(lang, number, MOVES_RU, MOVES_EN)


def _title(lang: Lang, puzzle_number: int, day: str, weekday: int, english_ghost: bool) -> str:
    when = f"{WEEKDAYS[lang][weekday]} {day[8:10]}.{day[5:7]}" if lang == "ru" else f"{WEEKDAYS[lang][weekday]} {day}"
    game = t(lang, " · английский Ghost", " · English Ghost") if english_ghost else ""
    return t(
        lang,
        f"🧩 Ежедневная задача №{puzzle_number} ({when}){game}",
        f"🧩 Daily puzzle #{puzzle_number} ({when}){game}",
    )


def rule_line(lang: Lang, english_ghost: bool) -> str:
    if english_ghost:
        return t(
            lang,
            "Английские слова от 4 букв; кто закончил слово — проиграл.",
            "English words of 4+ letters; whoever completes a word loses.",
        )
    return t(
        lang,
        "Обычные русские существительные; кто закончил слово — выиграл.",
        "Everyday Russian nouns; whoever completes a word wins.",
    )


def intro(lang: Lang, puzzle: Puzzle, *, counted: bool) -> str:
    english_ghost = puzzle.lang == "en"
    lines = [
        _title(lang, puzzle.number, puzzle.day.isoformat(), puzzle.weekday, english_ghost),
        t(
            lang,
            f"На доске {board(lang, puzzle.board)}, ваш ход. Вы выигрываете при любой защите — "
            f"найдите как, за {moves(lang, puzzle.moves)}. Я защищаюсь безупречно.",
            f"The board is {board(lang, puzzle.board)} and it is your move. You win against any defence: "
            f"find how, in {moves(lang, puzzle.moves)}. I defend perfectly.",
        ),
        rule_line(lang, english_ghost),
    ]
    if not counted:
        lines.append(
            t(lang, "Это повтор: засчитывается только первая попытка дня.", "A replay: only the day's first go counts.")
        )
    lines.append(t(lang, "Пришлите букву.", "Send a letter."))
    return "\n".join(lines)


def turn_text(lang: Lang, session: DailySession, turn: Turn) -> str:
    lines = [t(lang, f"Вы: {turn.letter.upper()}", f"You: {turn.letter.upper()}")]
    if turn.reply is not None:
        lines.append(t(lang, f"Я: {turn.reply.upper()}", f"Me: {turn.reply.upper()}"))
    lines.append(t(lang, f"Доска: {board(lang, session.position)}", f"Board: {board(lang, session.position)}"))
    if not turn.over:
        lines.append(t(lang, "Ваш ход.", "Your move."))
    return "\n".join(lines)


def ending(lang: Lang, session: DailySession, turn: Turn) -> str:
    """Why the game ended, then the verdict."""
    verdict = turn.reply_verdict if turn.reply_verdict is not None else turn.verdict
    shown = board(lang, session.position)
    if verdict is Verdict.COMPLETED_WORD:
        why = t(lang, f"Слово {shown} закончено.", f"{shown} is a word.")
    elif verdict is Verdict.UNREACHABLE:
        why = t(
            lang, f"С {shown} игра кончилась бы раньше, на более коротком слове.", f"{shown} passes a shorter word."
        )
    else:
        why = t(lang, f"Ни одно слово не начинается с {shown}.", f"No word starts with {shown}.")
    if session.won:
        done = t(
            lang,
            f"✅ Решено за {moves(lang, session.player_moves)}!",
            f"✅ Solved in {moves(lang, session.player_moves)}!",
        )
    else:
        done = t(
            lang,
            "❌ На этот раз нет: выигрыш был, но ускользнул.",
            "❌ Not this time: the win was there, and slipped away.",
        )
    return f"{why}\n{done}"


def streak_line(lang: Lang, current: int, best: int) -> str:
    return t(lang, f"Серия: {current} (лучшая {best}).", f"Streak: {current} (best {best}).")


def replay_note(lang: Lang) -> str:
    return t(
        lang, "Это был повтор: результат дня не изменился.", "That was a replay: the day's result stays as it was."
    )


def card(lang: Lang, session: DailySession, squares: str, current_streak: int) -> str:
    """The spoiler-free result to share: the number, the outcome, the streak, a square per move."""
    mark = "✅" if session.won else "❌"
    done = t(lang, f"{mark} за {moves(lang, session.player_moves)}", f"{mark} in {moves(lang, session.player_moves)}")
    head = t(
        lang,
        f"Буквоед · ежедневная №{session.number} · {done} · серия {current_streak}",
        f"Bukvoed · daily #{session.number} · {done} · streak {current_streak}",
    )
    return f"{head}\n{squares}"


def card_legend(lang: Lang) -> str:
    return t(
        lang,
        "🟩 лучший ход · 🟨 выигрыш сохранён, но дольше · 🟥 выигрыш упущен",
        "🟩 best move · 🟨 kept the win, slower · 🟥 let the win go",
    )


def no_hints(lang: Lang) -> str:
    return t(
        lang,
        "В ежедневной задаче подсказок нет, и /whowins с /word молчат, пока она не решена. "
        "После неё /review разберёт каждый ход.",
        "The daily puzzle has no hints, and /whowins and /word keep quiet until it is over. "
        "After it, /review explains every move.",
    )


def expected_letter(lang: Lang) -> str:
    return t(lang, "Пришлите одну букву.", "Send one letter.")


def not_a_letter(lang: Lang, english_ghost: bool) -> str:
    if english_ghost:
        return t(lang, "Нужна одна английская буква.", "Send one English letter.")
    return t(lang, "Нужна одна русская буква.", "Send one Russian letter.")


def gave_up(lang: Lang) -> str:
    return t(lang, "Сдались. /review покажет, как было выиграть.", "Given up. /review shows how it was won.")


def nothing_to_give_up(lang: Lang) -> str:
    return t(lang, "Сдаваться нечего: задача не начата.", "Nothing to give up: no puzzle under way.")


def usage(lang: Lang) -> str:
    return t(
        lang,
        "/daily — задача дня по-русски, /daily en — английский Ghost.",
        "/daily — the day's puzzle; /daily en — English Ghost's.",
    )


def review_text(lang: Lang, session: DailySession, judged: list[tuple[str, Square, tuple[str, ...]]], line: str) -> str:
    """The player's moves, each with its square, and for a move that was not best the letters that were."""
    lines = [
        t(
            lang,
            f"Разбор задачи №{session.number} (с {board(lang, session.board)}):",
            f"Review of puzzle #{session.number} (from {board(lang, session.board)}):",
        )
    ]
    for number, (letter, square, best) in enumerate(judged, start=1):
        mark = {Square.BEST: "🟩", Square.SLOWER: "🟨", Square.THREW: "🟥"}[square]
        note = ""
        if square is not Square.BEST:
            better = ", ".join(b.upper() for b in best)
            note = t(lang, f" — лучше: {better}", f" — better: {better}")
        lines.append(f"{number}. {mark} {letter.upper()}{note}")
    lines.append(t(lang, f"Решение: {board(lang, line)}", f"The solution: {board(lang, line)}"))
    lines.append(card_legend(lang))
    return "\n".join(lines)


def nothing_to_review(lang: Lang) -> str:
    return t(
        lang,
        "Разбирать пока нечего: сначала решите задачу дня — /daily.",
        "Nothing to review yet: solve the day's puzzle first — /daily.",
    )


def record_text(lang: Lang, record: Record, *, english_ghost: bool) -> str:
    """The /stats line of the counted goes (the first of each day)."""
    name = t(lang, "Задача дня", "Daily puzzle") + (
        t(lang, " (английский Ghost)", " (English Ghost)") if english_ghost else ""
    )
    return t(
        lang,
        f"{name}: решено {record.won} из {record.played}",
        f"{name}: solved {record.won} of {record.played}",
    )


def streak_stats(lang: Lang, current: int, best: int, *, english_ghost: bool) -> str:
    name = t(lang, "Задача дня", "Daily puzzle") + (
        t(lang, " (английский Ghost)", " (English Ghost)") if english_ghost else ""
    )
    return t(lang, f"{name}: серия {current} (лучшая {best})", f"{name}: streak {current} (best {best})")


def group_board(lang: Lang, puzzle: Puzzle, username: str, rows: list[tuple[str, bool | None, int]]) -> str:
    """The day's board in a group and who of its members solved it (never the solution)."""
    lines = [
        _title(lang, puzzle.number, puzzle.day.isoformat(), puzzle.weekday, puzzle.lang == "en"),
        t(
            lang,
            f"Доска {board(lang, puzzle.board)}: ходящий выигрывает за {moves(lang, puzzle.moves)}. "
            f"Решайте у меня в личке: @{username}, /daily.",
            f"Board {board(lang, puzzle.board)}: the player to move wins in {moves(lang, puzzle.moves)}. "
            f"Solve it with me in private: @{username}, /daily.",
        ),
    ]
    if rows:
        lines.append(t(lang, "Сегодня в группе:", "Today in this group:"))
        for who, won, made in rows:
            if won is True:
                lines.append(t(lang, f"✅ {who} — {moves(lang, made)}", f"✅ {who} — {moves(lang, made)}"))
            elif won is False:
                lines.append(f"❌ {who}")
            else:
                lines.append(t(lang, f"⏳ {who} — ещё не решал(а)", f"⏳ {who} — not yet"))
    return "\n".join(lines)


def group_only_board(lang: Lang) -> str:
    return t(
        lang,
        "Вы в таблице группы: решите задачу в личке, и результат появится здесь.",
        "You are on this group's board: solve the puzzle in private and your result shows here.",
    )


def share_button(lang: Lang) -> str:
    return t(lang, "📤 Поделиться", "📤 Share")


def replay_button(lang: Lang) -> str:
    return t(lang, "🔁 Ещё раз (не в зачёт)", "🔁 Again (not counted)")


def inline_title(lang: Lang) -> str:
    return t(lang, "Мой результат задачи дня", "My daily puzzle result")


def inline_nothing(lang: Lang) -> str:
    return t(lang, "Сначала решите задачу дня", "Solve today's puzzle first")


def menu_button(lang: Lang) -> str:
    return t(lang, "🧩 Задача дня", "🧩 Daily puzzle")


def help_lines(lang: Lang) -> str:
    return t(
        lang,
        "/daily — задача дня: одна позиция игры в буквы, выигрыш доказан (/daily en — английский Ghost)",
        "/daily — the daily puzzle: one letter-game position, its win proven (/daily en — English Ghost's)",
    )


def rules(lang: Lang) -> str:
    return t(
        lang,
        "Задача дня — позиция игры в буквы на обычных словах, одна на всех и на весь день. "
        "Ходящий выигрывает при любой защите; найдите как, против безупречной защиты бота. "
        "С понедельника к воскресенью задачи всё длиннее и всё меньше букв выигрывает. "
        "Засчитывается первая попытка дня; серия — сколько дней подряд задача решена. "
        "Подсказок нет; после игры /review разбирает каждый ход.",
        "The daily puzzle is a letter-game position on everyday words, one for everyone for the whole day. "
        "The player to move wins against any defence: find how, against the bot's perfect defence. "
        "From Monday to Sunday the lines grow longer and fewer letters win. "
        "The day's first go counts; your streak is how many days in a row you solved it. "
        "No hints; after the game /review explains every move.",
    )


def record_line(lang: Lang, solved: int) -> str:
    return t(lang, f"решено {solved}", f"solved {solved}")


def result_of_day(lang: Lang, result: Result) -> str:
    if result.won:
        return t(
            lang,
            f"Сегодня уже решено за {moves(lang, result.moves)}.",
            f"Solved today already, in {moves(lang, result.moves)}.",
        )
    return t(lang, "Сегодняшняя попытка уже засчитана.", "Today's go has been counted already.")
