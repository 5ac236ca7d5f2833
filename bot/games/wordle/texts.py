"""Every word of 5bukv the player reads."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal

from babel.numbers import format_decimal

from bot.core.i18n import gettext, ngettext
from bot.core.texts import Lang
from bot.games.wordle.session import AnswerProblem, Progress, Review, Told, ToldAnswer
from bot.games.wordle_common import texts as common
from bot.storage import Record
from solver.wordle import Colour, Entry, EntryError, EntryProblem, Known
from solver.wordle.review import GuessReview

MAX_SHOWN = 10
SQUARE = {Colour.YELLOW: "🟨", Colour.WHITE: "⬜", Colour.GREY: "⬛"}


def rules(lang: Lang) -> str:
    return gettext(
        lang,
        "🟨 5bukv: guess a 5-letter Russian noun in 6 tries. 🟨 right place, ⬜ elsewhere in the word, ⬛ "
        "not in the word. Send the colours (ywg, жбс or the squares), or “word mask” if you typed your "
        "own word. If the game did not take the suggested word, press “🚫 The game did not take this "
        "word” for another. /undo takes back the last colours.",
    )


def button_refused(lang: Lang) -> str:
    return gettext(lang, "🚫 The game did not take this word")


def button_tile(letter: str, colour: Colour) -> str:
    return f"{SQUARE[colour]} {letter.upper()}"


def squares(mask: Sequence[Colour]) -> str:
    return "".join(SQUARE[c] for c in mask)


def entry_line(entry: Entry, unsaid: frozenset[str] = frozenset()) -> str:
    """A guess with its colours; a word the bot never writes (a crude answer the player typed) as a pattern."""
    return f"{squares(entry.mask)} {pattern(entry.word) if entry.word in unsaid else entry.word.upper()}"


def progress_text(lang: Lang, progress: Progress) -> str:
    lines = [rejected_text(lang, progress)] if progress.rejected is not None else []
    lines += [step_line(lang, step, progress.unsaid) for step in progress.steps]
    if progress.lost:
        lines.append(lost_text(lang, progress.possible, len(progress.possible) + progress.hidden))
        return "\n".join(lines)
    if progress.solved:
        lines.append(common.solved_in(lang, len(progress.entries)))
        return "\n".join(lines)
    if progress.clashes:
        pairs = pairs_text(lang, progress.clashes, progress.unsaid)
        lines.append(
            gettext(
                lang,
                "⚠️ These entries contradict each other: {pairs}: no word could show both. One of each pair is "
                "wrong: /undo takes back the last entry.",
                pairs=pairs,
            )
        )
        return "\n".join(lines)
    if progress.no_candidate:
        lines.append(
            gettext(lang, "🤔 No word of my list fits these colours. Check them: /undo takes back the last one.")
        )
        if progress.known is not None:
            lines += known_lines(lang, progress.known)
        lines.append(
            gettext(
                lang,
                "If the colours are right, the game has a word I do not know. When you learn the answer, send it "
                "to me as one word.",
            )
        )
        return "\n".join(lines)
    lines += next_lines(lang, progress)
    return "\n".join(lines)


def step_line(lang: Lang, step: Entry | str, unsaid: frozenset[str] = frozenset()) -> str:
    """An entry with its colours, or (text) a word the game refused, where it came in the game."""
    if isinstance(step, Entry):
        return entry_line(step, unsaid)
    return gettext(lang, "🚫 {step}: not taken by the game", step=step.upper())


def pairs_text(lang: Lang, pairs: Sequence[tuple[Entry, Entry]], unsaid: frozenset[str] = frozenset()) -> str:
    """Pairs of entries: «A и B; A и C»."""
    joined = [
        gettext(
            lang,
            "{entry_line_a} and {entry_line_b}",
            entry_line_a=entry_line(a, unsaid),
            entry_line_b=entry_line(b, unsaid),
        )
        for a, b in pairs
    ]
    return "; ".join(joined)


def rejected_text(lang: Lang, progress: Progress) -> str:
    """An entry not taken because it contradicts earlier ones: which, and the way out."""
    assert progress.rejected is not None
    earlier = gettext(lang, " and ").join(entry_line(first, progress.unsaid) for first in progress.rejected_by)
    rejected = entry_line(progress.rejected, progress.unsaid)
    return gettext(
        lang,
        "⚠️ Not taken: {rejected} contradicts {earlier}: no word could show both. Check the colours and "
        "send them again; if an earlier entry is wrong, /undo takes back the last one.",
        rejected=rejected,
        earlier=earlier,
    )


def next_lines(lang: Lang, progress: Progress) -> list[str]:
    """How many words are left (a few listed) and the word to try next."""
    assert progress.suggestion is not None
    beyond = [gettext(lang, "None of my words fits — from here on I suggest from the full dictionary.")]
    return (beyond if progress.beyond else []) + _next_lines(lang, progress)


def _next_lines(lang: Lang, progress: Progress) -> list[str]:
    assert progress.suggestion is not None
    remaining = common.remaining_line(lang, progress.remaining, progress.listed) + left_out(lang, progress)
    if progress.masked:
        return [
            remaining,
            gettext(
                lang,
                "What is left is a crude word I do not write: {pattern}. Type it yourself.",
                pattern=pattern(progress.suggestion),
            ),
        ]
    if progress.remaining == 1:
        return [
            gettext(lang, "One word is left."),
            common.try_word(lang, progress.suggestion),
            gettext(lang, "All yellow? Tap “🎉 That's it!”; if not, send the colours or tap them."),
        ]
    return [
        remaining,
        common.try_word(lang, progress.suggestion),
        gettext(lang, "Send the colours (like ywggg) or tap the buttons to colour the letters."),
    ]


def left_out(lang: Lang, progress: Progress) -> str:
    """The words a short list leaves out, counted as what they are: rare words as more words, crude
    ones (which the bot never writes) as crude words."""
    if not progress.listed:
        return ""
    text = ""
    if progress.rare:
        text += ngettext(lang, "; and {n} more word", "; and {n} more words", progress.rare)
    if progress.hidden:
        text += crude_left_out(lang, progress.hidden)
    return text


def crude_left_out(lang: Lang, count: int) -> str:
    return ngettext(lang, "; and {n} crude word I do not write", "; and {n} crude words I do not write", count)


def pattern(word: str) -> str:
    """A word the bot does not write, as its first and last letters with the rest hidden: Д•••К."""
    return word[0].upper() + "•" * (len(word) - 2) + word[-1].upper()


def fitting_words(lang: Lang, shown: Sequence[str], total: int) -> str:
    """The words that still fitted: all of them counted (the count the game showed), the likeliest
    of those the bot writes listed; the others, crude words, counted as such."""
    words = ngettext(lang, "{n} word", "{n} words", total)
    listed = ", ".join(word.upper() for word in shown[:MAX_SHOWN])
    if not shown:
        return gettext(lang, "{words} fitted, of a kind I do not write.", words=words)
    if len(shown) > MAX_SHOWN:
        return gettext(lang, "{words} fitted; the likeliest: {listed}.", words=words, listed=listed)
    if len(shown) < total:  # the others are crude words (the bot never writes them)
        return gettext(lang, "{words} fitted: {listed}", words=words, listed=listed) + (
            crude_left_out(lang, total - len(shown)) + "."
        )
    return gettext(lang, "{words} fitted: {listed}.", words=words, listed=listed)


def lost_text(lang: Lang, possible: list[str], total: int) -> str:
    """Six tries without the answer: the game is over, as in the real game; the words that fitted,
    then what to do next."""
    head = gettext(lang, "⌛ Six tries: the game is over, 5bukv has no seventh.")
    fitting = f" {fitting_words(lang, possible, total)}" if total else ""
    then = gettext(lang, " /5bukv for a new word, /undo to take one back.")
    return head + fitting + then


def known_lines(lang: Lang, known: Known) -> list[str]:
    """What the colours say: the letters in place (as a pattern), elsewhere, absent."""
    pattern = " ".join(known.in_place.get(position, "_").upper() for position in range(5))
    lines = [gettext(lang, "Known so far: {pattern}", pattern=pattern)]
    if known.elsewhere:
        letters = ", ".join(letter.upper() for letter in known.elsewhere)
        lines.append(gettext(lang, "In the word, elsewhere: {letters}", letters=letters))
    if known.absent:
        letters = ", ".join(letter.upper() for letter in known.absent)
        lines.append(gettext(lang, "Not in the word: {letters}", letters=letters))
    return lines


def told(lang: Lang, told: Told) -> str:
    """The reply to an answer the player told while no word fitted."""
    if told is AnswerProblem.NOT_A_WORD:
        return gettext(
            lang, "The game's answer is a word of 5 Russian letters. Send it as one word, or a mask, or /undo."
        )
    if told is AnswerProblem.DOES_NOT_FIT:
        return gettext(
            lang, "That word would not have shown these colours. Check the word and the masks (/undo takes one back)."
        )
    assert isinstance(told, ToldAnswer)
    word = told.word.upper()
    if told.players >= told.needed:
        return gettext(
            lang, "Thank you! {word} is in my list now: I will suggest it. /5bukv for a new game.", word=word
        )
    players = ngettext(lang, "{n} player", "{n} players", told.needed)
    return gettext(
        lang,
        "Thank you, noted: {word}. It joins my list once {players} have told me. /5bukv for a new game.",
        word=word,
        players=players,
    )


def answer_told(lang: Lang, answer: str) -> str:
    """After the player told the game's answer: that game is over."""
    word = answer.upper()
    return gettext(lang, "This game is over: the answer was {word}. /5bukv for a new game.", word=word)


def entry_problem(lang: Lang, error: EntryError) -> str:
    if error.problem is EntryProblem.WRONG_LENGTH:
        return gettext(lang, "A mask has 5 colours, not {length}.", length=error.length)
    if error.problem is EntryProblem.UNKNOWN_SYMBOL:
        text = gettext(lang, "I do not understand “{symbol}”. Colours: y/ж/🟨, w/б/⬜, g/с/⬛.", symbol=error.symbol)
        if error.symbol and error.symbol.isalpha():  # most likely a word typed without its mask
            text += "\n" + gettext(lang, "Your own word: ") + own_word_tip(lang)
        return text
    if error.problem is EntryProblem.WORD_NOT_FIVE_LETTERS:
        return gettext(lang, "The word must have 5 letters: ") + own_word_tip(lang)
    return gettext(lang, "Send a mask of 5 colours, like ywggg.")


def own_word_tip(lang: Lang) -> str:
    return gettext(lang, "“word mask”, for example “норка ggwyg”.")


def expected_input(lang: Lang) -> str:
    """What the game waits for, told to a player who sent a sticker or a photo."""
    return entry_problem(lang, EntryError(EntryProblem.EMPTY, ""))


def word_without_colours(lang: Lang, word: str) -> str:
    return gettext(
        lang,
        "What colours did the game show for “{word}”? Send the word with them, for example “{word_2} ggwyg”.",
        word=word.upper(),
        word_2=word,
    )


def colours_need_a_word(lang: Lang) -> str:
    return gettext(
        lang,
        "No word fits, so I suggested no word for these colours. Send your word with them: "
        "{own_word_tip} The game's answer: as one word; /undo takes back the last colours.",
        own_word_tip=own_word_tip(lang),
    )


def not_russian_word(lang: Lang) -> str:
    return gettext(lang, "A 5bukv word has 5 Russian letters, for example “норка ggwyg”.")


def not_a_word(lang: Lang, word: str) -> str:
    """A typed entry whose word no dictionary of the helper knows (ыыыыы): not taken, and no try."""
    return gettext(
        lang,
        "“{word}” is not a word: the game would not have taken it, so it is no try. Send the word you "
        "entered in the game with its colours.",
        word=word.upper(),
    )


def not_in_list(lang: Lang, word: str) -> str:
    return gettext(lang, "ℹ️ “{word}” is not in my word list; I have taken its colours into account.", word=word.upper())


def nothing_to_give_up(lang: Lang) -> str:
    return gettext(lang, "Nothing to give up yet: enter the first colours, or /5bukv for a new word.")


def gave_up(lang: Lang, possible: list[str], total: int) -> str:
    """The words that still fitted (``total``, as the game counted them; ``possible``: those the bot writes)."""
    head = gettext(lang, "🏳 You gave up.")
    return f"{head} {fitting_words(lang, possible, total)}" if total else head


def button_new_word(lang: Lang) -> str:
    return gettext(lang, "🟨 A new word")


def already_solved(lang: Lang) -> str:
    return gettext(lang, "That word is solved. /5bukv for a new one, /undo to take it back.")


def too_many_entries(lang: Lang, limit: int) -> str:
    """A word the game refused is an entry but no try: the limit counts entries."""
    entries = ngettext(lang, "{n} entry", "{n} entries", limit)
    return gettext(
        lang,
        "This game already has {entries}, the most I take. /undo takes one back, /5bukv starts anew.",
        entries=entries,
    )


def name(lang: Lang) -> str:
    return gettext(lang, "5bukv")


def menu_button(lang: Lang) -> str:
    return gettext(lang, "🟨 5bukv helper")


def help_lines(lang: Lang) -> str:
    colours = gettext(lang, "🟨 5bukv: 🟨 yellow is the right place, ⬜ white elsewhere (not Wordle's colours).")
    commands = gettext(
        lang, "/5bukv — helper for 5bukv: send the colours, I suggest the next word\n/undo — take back the last mask"
    )
    return f"{colours}\n{commands}"


def record_line(lang: Lang, record: Record) -> str:
    return gettext(
        lang,
        "5bukv: played {played}, solved {won}, not solved {lost}",
        played=record.played,
        won=record.won,
        lost=record.lost,
    )


# ------------------------------------------------------------------ review


def review_text(lang: Lang, review: Review, sayable: Callable[[str], bool]) -> str:
    """Each guess by the engine's measure (expected tries), with skill and luck, then the game's
    scores. ``sayable``: whether the bot may write a word (else its pattern is shown)."""
    lines = [gettext(lang, "🔍 Review of the game")]
    lines += [_guess_line(lang, guess, sayable) for guess in review.guesses]
    lines += ["", _total_line(lang, review)]
    lines.append(
        gettext(
            lang,
            "All in tries to the answer, following my suggestions from there. Skill: the tries a guess saved "
            "against my suggestion (0: as good, minus: it cost); luck: the tries the colours saved against "
            "the expectation.",
        )
    )
    return "\n".join(lines)


def _total_line(lang: Lang, review: Review) -> str:
    scores = review.scores
    skill, luck, expected = signed(lang, scores.skill), signed(lang, scores.luck), _decimal(lang, scores.expected)
    if review.solved:
        took = common.tries(lang, review.tries)
        return gettext(
            lang,
            "Overall: solved in {took}; I expected {expected} at the start. Skill {skill}, luck {luck}.",
            took=took,
            expected=expected,
            skill=skill,
            luck=luck,
        )
    if review.answer:  # the player told the answer no word of the list fitted
        answer = review.answer.upper()
        return gettext(
            lang,
            "Overall: the answer was {answer}, not in my list. Skill {skill}, luck {luck}.",
            answer=answer,
            skill=skill,
            luck=luck,
        )
    if not review.over:
        return gettext(lang, "So far: skill {skill}, luck {luck}.", skill=skill, luck=luck)
    return gettext(lang, "Overall: not solved. Skill {skill}, luck {luck}.", skill=skill, luck=luck)


def _guess_line(lang: Lang, guess: GuessReview, sayable: Callable[[str], bool]) -> str:
    def shown(word: str) -> str:
        return word.upper() if sayable(word) else pattern(word)

    played = f"{guess.number}. {shown(guess.entry.word)} {squares(guess.entry.mask)}"
    if not guess.graded:
        return f"{played} — " + gettext(lang, "no word of my lists fitted before it: not graded")
    fitted = gettext(lang, "words: {before} → {after}", before=guess.before, after=guess.after)
    expected = gettext(lang, "{decimal} tries expected", decimal=_decimal(lang, guess.expected))
    suggested = shown(guess.suggested.word)
    followed = guess.suggested.word == guess.entry.word
    best = f"{shown(guess.best.word)} ({_decimal(lang, guess.best.tries)})"
    if guess.bettered and guess.best.tries >= guess.expected:  # better because it cannot lose the game
        judged = gettext(lang, "safer: {best} finds every word within six tries", best=best)
    elif guess.bettered and followed:  # my quick choice off the stored tree is not always the best
        judged = gettext(lang, "my suggestion, but better: {best}", best=best)
    elif guess.bettered:
        judged = gettext(lang, "better: {best}", best=best)
    elif followed:
        judged = gettext(lang, "my suggestion")
    else:
        judged = gettext(lang, "as good as my suggestion {suggested}", suggested=suggested)
    skill = gettext(lang, "skill {signed}", signed=signed(lang, guess.skill))
    if guess.luck is None:
        luck = gettext(lang, "after it no word of my lists fitted")
    else:
        luck = gettext(lang, "luck {signed}", signed=signed(lang, guess.luck))
    broader = gettext(lang, " (graded against the full dictionary: none of my words fitted)") if guess.broader else ""
    return f"{played} — {fitted}; {expected}; {judged}; {skill}, {luck}{broader}"


def _decimal(lang: Lang, number: float) -> str:
    """Two decimals, in the reader's language's number format (CLDR's: «0,25» in Russian); the exact
    float is rounded, as ``f"{number:.2f}"`` rounds it."""
    return format_decimal(Decimal(number), "0.00", locale=lang)


def signed(lang: Lang, number: float) -> str:
    """Tries saved (+) or lost (−, the minus sign) to two decimals; 0 when less than half a hundredth."""
    if abs(number) < 0.005:
        return "0"
    return ("+" if number > 0 else "−") + _decimal(lang, abs(number))


def share_intro(lang: Lang) -> str:
    return gettext(lang, "Your result to share (no words):")
