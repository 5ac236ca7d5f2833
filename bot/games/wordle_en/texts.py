"""Every word of English Wordle the player reads. Its colours are Wordle's own: 🟩 right place,
🟨 elsewhere, ⬛ not in the word (5bukv's are 🟨 right place, ⬜ elsewhere: the two never mix)."""

from __future__ import annotations

from babel.numbers import format_decimal

from bot.core.i18n import gettext
from bot.core.texts import Lang
from bot.games.wordle_common import texts as common
from bot.games.wordle_en.session import Progress, Review
from bot.storage import Record
from solver.wordle import Colour, Entry, EntryError, EntryProblem
from solver.wordle.english import english_squares
from solver.wordle.review import GuessReview

SQUARE = {Colour.YELLOW: "🟩", Colour.WHITE: "🟨", Colour.GREY: "⬛"}


def colours_line(lang: Lang) -> str:
    """The one line that opens Wordle's help and rules: its colours, and that they are not 5bukv's."""
    return gettext(
        lang, "🟩 Wordle: 🟩 green is the right place, 🟨 yellow elsewhere, ⬛ not in the word (not 5bukv's colours)."
    )


def rules(lang: Lang) -> str:
    return (
        colours_line(lang)
        + "\n"
        + gettext(
            lang,
            "Guess a 5-letter English word in 6 tries. Paste the colours the game showed (🟩🟨⬛⬜ squares, or "
            "letters g y b, or g y x), or the word then the colours if you typed your own, or tap the letters. "
            "/undo takes back the last colours, /review grades your guesses, and the hard mode button keeps every "
            "hint in use.",
        )
    )


def name(lang: Lang) -> str:
    return gettext(lang, "Wordle")


def menu_button(lang: Lang) -> str:
    return gettext(lang, "🟩 Wordle helper (English)")


def help_lines(lang: Lang) -> str:
    return (
        colours_line(lang)
        + "\n"
        + gettext(lang, "/wordle — helper for English Wordle: paste the colours, I suggest the next word")
    )


def record_line(lang: Lang, record: Record) -> str:
    return gettext(
        lang,
        "Wordle: played {played}, solved {won}, not solved {lost}",
        played=record.played,
        won=record.won,
        lost=record.lost,
    )


def button_tile(letter: str, colour: Colour) -> str:
    return f"{SQUARE[colour]} {letter.upper()}"


def button_new_word(lang: Lang) -> str:
    return gettext(lang, "🔄 New Wordle")


def button_hard(lang: Lang, hard: bool) -> str:
    return gettext(lang, "💪 Hard mode: on") if hard else gettext(lang, "💪 Hard mode: off")


def entry_line(entry: Entry) -> str:
    return f"{english_squares(entry.mask)} {entry.word.upper()}"


def progress_text(lang: Lang, progress: Progress) -> str:
    lines = []
    if progress.rejected is not None:
        lines.append(
            gettext(
                lang,
                "⚠️ Not taken: {entry} contradicts an earlier entry. Check the colours; /undo takes back the last one.",
                entry=entry_line(progress.rejected),
            )
        )
    if progress.hard:
        lines.append(gettext(lang, "💪 Hard mode: every hint is used in each guess."))
    lines += [entry_line(entry) for entry in progress.entries]
    if progress.solved:
        lines.append(common.solved_in(lang, len(progress.entries)))
        return "\n".join(lines)
    if progress.lost:
        lines.append(gettext(lang, "⌛ Six tries: the game is over. /wordle for a new one, /undo to take one back."))
        return "\n".join(lines)
    if progress.suggestion is None:
        lines.append(
            gettext(
                lang, "🤔 No word of Wordle's answers fits these colours. Check them: /undo takes back the last one."
            )
        )
        return "\n".join(lines)
    lines.append(common.remaining_line(lang, progress.remaining, progress.listed))
    lines.append(common.try_word(lang, progress.suggestion))
    lines.append(gettext(lang, "Paste the colours (🟩🟨⬛ or g y b) or tap the letters."))
    return "\n".join(lines)


def entry_problem(lang: Lang, error: EntryError) -> str:
    if error.problem is EntryProblem.WRONG_LENGTH:
        return gettext(
            lang, "Wordle shows 5 colours; I read {n}. Paste them again, like 🟩🟨⬛⬛⬛ or gybbb.", n=error.length
        )
    if error.problem is EntryProblem.WORD_NOT_FIVE_LETTERS:
        return gettext(lang, "A Wordle word is five English letters. Send the word then its colours, like: crane gybbb")
    text = gettext(
        lang,
        "I do not understand “{symbol}”. Paste Wordle's colours: 🟩 right place, 🟨 elsewhere, ⬛ or ⬜ absent "
        "(or g, y, b).",
        symbol=error.symbol or "",
    )
    if error.symbol and error.symbol.isalpha():  # most likely a word typed without its colours
        text += "\n" + gettext(lang, "A word of your own: send it then its colours, like: crane gybbb")
    return text


def already_solved(lang: Lang) -> str:
    return gettext(lang, "This Wordle is solved. /wordle for a new one, /review to see how you played.")


def too_many_entries(lang: Lang) -> str:
    return gettext(lang, "That is enough entries for one game: /undo or /wordle for a new one.")


def gave_up(lang: Lang, words: list[str], remaining: int) -> str:
    listed = ", ".join(word.upper() for word in words[:10])
    if not remaining:
        return gettext(lang, "Game over. No word of Wordle's answers fitted the colours.")
    return gettext(
        lang, "Game over. Words that still fitted ({remaining}): {listed}", remaining=remaining, listed=listed
    )


def nothing_to_give_up(lang: Lang) -> str:
    return gettext(lang, "No try yet, so nothing to give up: paste the colours of your first guess.")


def expected_input(lang: Lang) -> str:
    return gettext(lang, "Paste the colours Wordle showed (🟩🟨⬛ or g y b), or the word then the colours.")


# ------------------------------------------------------------------ review


def review_text(lang: Lang, review: Review) -> str:
    """Each guess by the engine's measure (expected tries), with skill and luck, as NYT's WordleBot does."""
    lines = [gettext(lang, "🔍 Review of your Wordle")]
    lines += [_guess_line(lang, guess) for guess in review.guesses]
    lines.append("")
    lines.append(
        gettext(
            lang,
            "Expected at the start: {expected} tries. Skill {skill}, luck {luck} (in tries saved).",
            expected=_number(lang, review.scores.expected),
            skill=_signed(lang, review.scores.skill),
            luck=_signed(lang, review.scores.luck),
        )
    )
    lines.append(
        gettext(
            lang,
            "Skill: the tries a guess saved against my best guess there (0: as good, minus: it cost); luck: the "
            "tries the colours saved against the expectation.",
        )
    )
    return "\n".join(lines)


def _guess_line(lang: Lang, guess: GuessReview) -> str:
    luck = "—" if guess.luck is None else _signed(lang, guess.luck)
    return gettext(
        lang,
        "{number}. {squares} {word}: {before} → {after} words; skill {skill} (mine: {best}), luck {luck}",
        number=guess.number,
        squares=english_squares(guess.entry.mask),
        word=guess.entry.word.upper(),
        before=guess.before,
        after=guess.after,
        skill=_signed(lang, guess.skill),
        best=guess.suggested.word.upper(),
        luck=luck,
    )


def share_intro(lang: Lang) -> str:
    return gettext(lang, "Your result to share:")


def _number(lang: Lang, value: float) -> str:
    return format_decimal(round(value, 2), format="0.00", locale=lang)


def _signed(lang: Lang, value: float) -> str:
    shown = round(value, 2) + 0.0  # no −0.00
    return ("+" if shown >= 0 else "−") + format_decimal(abs(shown), format="0.00", locale=lang)
