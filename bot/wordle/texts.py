"""Every word of 5bukv the player reads."""

from __future__ import annotations

from collections.abc import Sequence

from bot.texts import Lang, t
from bot.wordle.session import Progress
from solver.wordle import Colour, Entry, EntryError, EntryProblem

SQUARE = {Colour.YELLOW: "🟨", Colour.WHITE: "⬜", Colour.GREY: "⬛"}


def button_done(lang: Lang) -> str:
    return t(lang, "✅ Готово", "✅ Done")


def button_refused(lang: Lang) -> str:
    return t(lang, "🚫 Игра не приняла это слово", "🚫 The game did not take this word")


def button_undo(lang: Lang) -> str:
    return t(lang, "↩️ Отменить", "↩️ Undo")


def button_tile(letter: str, colour: Colour) -> str:
    return f"{SQUARE[colour]} {letter.upper()}"


def squares(mask: Sequence[Colour]) -> str:
    return "".join(SQUARE[c] for c in mask)


def entry_line(entry: Entry) -> str:
    return f"{squares(entry.mask)} {entry.word.upper()}"


def progress_text(lang: Lang, progress: Progress) -> str:
    lines = [entry_line(e) for e in progress.entries]
    if progress.refused:
        words = ", ".join(word.upper() for word in progress.refused)
        lines.append(t(lang, f"🚫 Игра не приняла: {words}", f"🚫 Not taken by the game: {words}"))
    if progress.solved:
        tries = len(progress.entries)
        lines.append(t(lang, f"🎉 Отгадано за {tries} попыт{_plural_ru(tries)}!", f"🎉 Solved in {tries} tries!"))
        return "\n".join(lines)
    if progress.no_candidate:
        lines.append(
            t(
                lang,
                "🤔 Ни одно слово из моего списка не подходит под эти маски. Проверьте их — /undo отменит последнюю.",
                "🤔 No word of my list fits these colours. Check them: /undo takes back the last one.",
            )
        )
        return "\n".join(lines)
    assert progress.suggestion is not None
    remaining = t(lang, f"Возможных слов: {progress.remaining}", f"Words still possible: {progress.remaining}")
    if progress.listed:
        remaining += ": " + ", ".join(progress.listed)
    lines += [
        remaining,
        t(lang, f"Попробуйте: {progress.suggestion.upper()}", f"Try: {progress.suggestion.upper()}"),
        t(
            lang,
            "Пришлите маску (например ЖБССС или ywggg) или отметьте цвета кнопками.",
            "Send the colours (like ywggg) or tap the buttons to colour the letters.",
        ),
    ]
    return "\n".join(lines)


def _plural_ru(n: int) -> str:
    if n % 10 == 1 and n % 100 != 11:
        return "ку"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "ки"
    return "ок"


def entry_problem(lang: Lang, error: EntryError) -> str:
    if error.problem is EntryProblem.WRONG_LENGTH:
        return t(
            lang, f"В маске должно быть 5 цветов, а не {error.length}.", f"A mask has 5 colours, not {error.length}."
        )
    if error.problem is EntryProblem.UNKNOWN_SYMBOL:
        return t(
            lang,
            f"Не понимаю знак «{error.symbol}». Цвета: Ж/y/🟨, Б/w/⬜, С/g/⬛.",
            f"I do not understand “{error.symbol}”. Colours: y/ж/🟨, w/б/⬜, g/с/⬛.",
        )
    if error.problem is EntryProblem.WORD_NOT_FIVE_LETTERS:
        return t(
            lang,
            "Слово должно быть из 5 букв: «слово маска», например «норка ggwyg».",
            "The word must have 5 letters: “word mask”, for example “норка ggwyg”.",
        )
    return t(lang, "Пришлите маску из 5 цветов, например ЖБССС.", "Send a mask of 5 colours, like ywggg.")


def expected_input(lang: Lang) -> str:
    """What the game waits for, told to a player who sent a sticker or a photo."""
    return entry_problem(lang, EntryError(EntryProblem.EMPTY, ""))


def nothing_to_undo(lang: Lang) -> str:
    return t(lang, "Отменять нечего.", "Nothing to undo.")


def already_solved(lang: Lang) -> str:
    return t(
        lang,
        "Это слово уже отгадано. /5bukv — новая игра, /undo — отменить.",
        "That word is solved. /5bukv for a new one, /undo to take it back.",
    )
