"""Every word of 5bukv the player reads."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.storage import Record
from bot.texts import Lang, count, t
from bot.wordle.session import AnswerProblem, Progress, Review, Told, ToldAnswer
from solver.wordle import Colour, Entry, EntryError, EntryProblem, Known
from solver.wordle_review import GuessReview

MAX_SHOWN = 10
SQUARE = {Colour.YELLOW: "🟨", Colour.WHITE: "⬜", Colour.GREY: "⬛"}


def rules(lang: Lang) -> str:
    return t(
        lang,
        "🟨 «5 букв»: угадайте существительное из 5 букв за 6 попыток. 🟨 — буква на своём месте, "
        "⬜ — буква есть в другом месте, ⬛ — буквы нет. Присылайте маску (ЖБС, ywg или квадратики) — "
        "или «слово маска», если вводили своё слово. Если игра не приняла предложенное слово, нажмите "
        "«🚫 Игра не приняла это слово» — я предложу другое. /undo — отменить последнюю маску.",
        "🟨 5bukv: guess a 5-letter Russian noun in 6 tries. 🟨 right place, ⬜ elsewhere in the word, "
        "⬛ not in the word. Send the colours (ywg, жбс or the squares), or “word mask” if you typed your own word. "
        "If the game did not take the suggested word, press “🚫 The game did not take this word” for another. "
        "/undo takes back the last colours.",
    )


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


def entry_line(entry: Entry, unsaid: frozenset[str] = frozenset()) -> str:
    """A guess with its colours; a word the bot never writes (a crude answer the player typed) as a pattern."""
    return f"{squares(entry.mask)} {pattern(entry.word) if entry.word in unsaid else entry.word.upper()}"


def progress_text(lang: Lang, progress: Progress) -> str:
    lines = [entry_line(e, progress.unsaid) for e in progress.entries]
    if progress.refused:
        words = ", ".join(word.upper() for word in progress.refused)
        lines.append(t(lang, f"🚫 Игра не приняла: {words}", f"🚫 Not taken by the game: {words}"))
    if progress.lost:
        lines.append(lost_text(lang, progress.possible, progress.hidden))
        return "\n".join(lines)
    if progress.solved:
        tries = len(progress.entries)
        took = count(lang, tries, ("попытку", "попытки", "попыток"), ("try", "tries"))
        lines.append(t(lang, f"🎉 Отгадано за {took}!", f"🎉 Solved in {took}!"))
        return "\n".join(lines)
    if progress.clash is not None:
        first, second = (entry_line(entry, progress.unsaid) for entry in progress.clash)
        lines.append(
            t(
                lang,
                f"⚠️ Маски противоречат друг другу: {first} и {second} — ни одно слово не дало бы обе. "
                "Одна из них введена неверно: /undo отменит последнюю.",
                f"⚠️ These entries contradict each other: {first} and {second}: no word could show both. "
                "One of them is wrong: /undo takes back the last one.",
            )
        )
        return "\n".join(lines)
    if progress.no_candidate:
        lines.append(
            t(
                lang,
                "🤔 Ни одно слово из моего списка не подходит под эти маски. Проверьте их — /undo отменит последнюю.",
                "🤔 No word of my list fits these colours. Check them: /undo takes back the last one.",
            )
        )
        if progress.known is not None:
            lines += known_lines(lang, progress.known)
        lines.append(
            t(
                lang,
                "Если маски верны, в игре слово, которого я не знаю. Узнаете ответ — пришлите его мне одним словом.",
                "If the colours are right, the game has a word I do not know. "
                "When you learn the answer, send it to me as one word.",
            )
        )
        return "\n".join(lines)
    lines += next_lines(lang, progress)
    return "\n".join(lines)


def next_lines(lang: Lang, progress: Progress) -> list[str]:
    """How many words are left (a few listed) and the word to try next."""
    assert progress.suggestion is not None
    remaining = remaining_line(lang, progress.remaining, progress.listed)
    if progress.listed and progress.rare:
        rare = count(lang, progress.rare, ("редкое слово", "редких слова", "редких слов"), ("rare word", "rare words"))
        remaining += t(lang, f" и ещё {rare}", f" and {rare}")
    if progress.hidden:
        remaining += unsaid(lang, progress.hidden, also=bool(progress.listed))
    if progress.masked:
        return [
            remaining,
            t(
                lang,
                f"Осталось грубое слово, я его не пишу: {pattern(progress.suggestion)}. Впишите его в игру сами.",
                f"What is left is a crude word I do not write: {pattern(progress.suggestion)}. Type it yourself.",
            ),
        ]
    if progress.remaining == 1:
        return [
            t(lang, "Осталось одно слово.", "One word is left."),
            t(lang, f"Попробуйте: {progress.suggestion.upper()}", f"Try: {progress.suggestion.upper()}"),
            t(
                lang,
                "Всё жёлтое — нажмите «🎉 Это оно!»; нет — пришлите маску или отметьте цвета.",
                "All yellow? Tap “🎉 That's it!”; if not, send the colours or tap them.",
            ),
        ]
    return [
        remaining,
        t(lang, f"Попробуйте: {progress.suggestion.upper()}", f"Try: {progress.suggestion.upper()}"),
        t(
            lang,
            "Пришлите маску (например ЖБССС или ywggg) или отметьте цвета кнопками.",
            "Send the colours (like ywggg) or tap the buttons to colour the letters.",
        ),
    ]


def remaining_line(lang: Lang, remaining: int, listed: Sequence[str]) -> str:
    """How many words are still possible, then the few listed (one colon: «Возможных слов (5): …»)."""
    if not listed:
        return t(lang, f"Возможных слов: {remaining}", f"Words still possible: {remaining}")
    words = ", ".join(listed)
    return t(lang, f"Возможных слов ({remaining}): {words}", f"Words still possible ({remaining}): {words}")


def pattern(word: str) -> str:
    """A word the bot does not write, as its first and last letters with the rest hidden: Д•••К."""
    return word[0].upper() + "•" * (len(word) - 2) + word[-1].upper()


def unsaid(lang: Lang, hidden: int, also: bool) -> str:
    """The words that fit but the bot never says (crude words), only counted."""
    words = count(lang, hidden, ("грубое слово", "грубых слова", "грубых слов"), ("crude word", "crude words"))
    if also:
        return t(lang, f" и ещё {words}, которые я не пишу", f" and {words} I do not write")
    return t(lang, f" (среди них {words}, которые я не пишу)", f" (among them {words} I do not write)")


def lost_text(lang: Lang, possible: list[str], hidden: int) -> str:
    """Six tries without the answer: the game is over, as in the real game."""
    head = t(
        lang,
        "⌛ Шесть попыток — игра окончена, седьмой в «5 букв» нет. /5bukv — новое слово, /undo — отменить.",
        "⌛ Six tries: the game is over, 5bukv has no seventh. /5bukv for a new word, /undo to take one back.",
    )
    if not possible and not hidden:
        return head
    shown = ", ".join(word.upper() for word in possible[:MAX_SHOWN])
    more = len(possible) - MAX_SHOWN
    tail = t(lang, f" и ещё {more}", f" and {more} more") if more > 0 else ""
    fitting = t(lang, " Подходили: ", " Still fitting: ") + shown + tail if possible else ""
    return head + fitting + (unsaid(lang, hidden, also=bool(possible)) if hidden else "")


def known_lines(lang: Lang, known: Known) -> list[str]:
    """What the colours say: the letters in place (as a pattern), elsewhere, absent."""
    pattern = " ".join(known.in_place.get(position, "_").upper() for position in range(5))
    lines = [t(lang, f"Известно: {pattern}", f"Known so far: {pattern}")]
    if known.elsewhere:
        letters = ", ".join(letter.upper() for letter in known.elsewhere)
        lines.append(t(lang, f"Есть в слове, не на своих местах: {letters}", f"In the word, elsewhere: {letters}"))
    if known.absent:
        letters = ", ".join(letter.upper() for letter in known.absent)
        lines.append(t(lang, f"Нет в слове: {letters}", f"Not in the word: {letters}"))
    return lines


def told(lang: Lang, told: Told) -> str:
    """The reply to an answer the player told while no word fitted."""
    if told is AnswerProblem.NOT_A_WORD:
        return t(
            lang,
            "Ответ игры — слово из 5 русских букв. Пришлите его одним словом, или маску, или /undo.",
            "The game's answer is a word of 5 Russian letters. Send it as one word, or a mask, or /undo.",
        )
    if told is AnswerProblem.DOES_NOT_FIT:
        return t(
            lang,
            "Это слово не дало бы таких цветов. Проверьте слово и маски (/undo отменит последнюю).",
            "That word would not have shown these colours. Check the word and the masks (/undo takes one back).",
        )
    assert isinstance(told, ToldAnswer)
    word = told.word.upper()
    if told.players >= told.needed:
        return t(
            lang,
            f"Спасибо! {word} теперь в моём списке: я буду его предлагать. /5bukv — новая игра.",
            f"Thank you! {word} is in my list now: I will suggest it. /5bukv for a new game.",
        )
    players = count(lang, told.needed, ("игрок", "игрока", "игроков"), ("player", "players"))
    return t(
        lang,
        f"Спасибо, запомнил: {word}. Слово войдёт в мой список, когда о нём скажут {players}. /5bukv — новая игра.",
        f"Thank you, noted: {word}. It joins my list once {players} have told me. /5bukv for a new game.",
    )


def answer_told(lang: Lang, answer: str) -> str:
    """After the player told the game's answer: that game is over."""
    word = answer.upper()
    return t(
        lang,
        f"Эта игра окончена: ответ — {word}. /5bukv — новая игра.",
        f"This game is over: the answer was {word}. /5bukv for a new game.",
    )


def entry_problem(lang: Lang, error: EntryError) -> str:
    if error.problem is EntryProblem.WRONG_LENGTH:
        return t(
            lang, f"В маске должно быть 5 цветов, а не {error.length}.", f"A mask has 5 colours, not {error.length}."
        )
    if error.problem is EntryProblem.UNKNOWN_SYMBOL:
        text = t(
            lang,
            f"Не понимаю знак «{error.symbol}». Цвета: Ж/y/🟨, Б/w/⬜, С/g/⬛.",
            f"I do not understand “{error.symbol}”. Colours: y/ж/🟨, w/б/⬜, g/с/⬛.",
        )
        if error.symbol and error.symbol.isalpha():  # most likely a word typed without its mask
            text += "\n" + t(lang, "Своё слово — ", "Your own word: ") + own_word_tip(lang)
        return text
    if error.problem is EntryProblem.WORD_NOT_FIVE_LETTERS:
        return t(lang, "Слово должно быть из 5 букв: ", "The word must have 5 letters: ") + own_word_tip(lang)
    return t(lang, "Пришлите маску из 5 цветов, например ЖБССС.", "Send a mask of 5 colours, like ywggg.")


def own_word_tip(lang: Lang) -> str:
    return t(
        lang,
        "«слово маска», например «норка ggwyg».",
        "“word mask”, for example “норка ggwyg”.",
    )


def expected_input(lang: Lang) -> str:
    """What the game waits for, told to a player who sent a sticker or a photo."""
    return entry_problem(lang, EntryError(EntryProblem.EMPTY, ""))


def word_without_colours(lang: Lang, word: str) -> str:
    return t(
        lang,
        f"Какие цвета показала игра для «{word.upper()}»? Пришлите слово с маской, например «{word} ggwyg».",
        f"What colours did the game show for “{word.upper()}”? Send the word with them, for example “{word} ggwyg”.",
    )


def colours_need_a_word(lang: Lang) -> str:
    return t(
        lang,
        "Ни одно слово не подходит, так что этим цветам не к чему относиться: я не предлагал слова. "
        "Пришлите своё слово с маской — "
        + own_word_tip(lang)
        + " Ответ игры — одним словом; /undo отменит последнюю маску.",
        "No word fits, so I suggested no word for these colours. Send your word with them: "
        + own_word_tip(lang)
        + " The game's answer: as one word; /undo takes back the last colours.",
    )


def not_russian_word(lang: Lang) -> str:
    return t(
        lang,
        "Слово в «5 буквах» — из 5 русских букв, например «норка ggwyg».",
        "A 5bukv word has 5 Russian letters, for example “норка ggwyg”.",
    )


def not_in_list(lang: Lang, word: str) -> str:
    return t(
        lang,
        f"ℹ️ Слова «{word.upper()}» нет в моём списке; его цвета я учёл.",
        f"ℹ️ “{word.upper()}” is not in my word list; I have taken its colours into account.",
    )


def nothing_to_give_up(lang: Lang) -> str:
    return t(
        lang,
        "Сдаваться пока не в чем: введите первую маску, или /5bukv — новое слово.",
        "Nothing to give up yet: enter the first colours, or /5bukv for a new word.",
    )


def gave_up(lang: Lang, possible: list[str]) -> str:
    head = t(lang, "🏳 Вы сдались.", "🏳 You gave up.")
    if not possible:
        return head
    shown = ", ".join(word.upper() for word in possible[:MAX_SHOWN])
    more = len(possible) - MAX_SHOWN
    words = count(lang, len(possible), ("слово", "слова", "слов"), ("word", "words"))
    tail = t(lang, f" и ещё {more}", f" and {more} more") if more > 0 else ""
    return head + t(lang, f" Подходило {words}: ", f" {words} still fitted: ") + shown + tail


def button_solved(lang: Lang) -> str:
    return t(lang, "🎉 Это оно!", "🎉 That's it!")


def button_new_word(lang: Lang) -> str:
    return t(lang, "🟨 Новое слово", "🟨 A new word")


def nothing_to_undo(lang: Lang) -> str:
    return t(lang, "Отменять нечего.", "Nothing to undo.")


def already_solved(lang: Lang) -> str:
    return t(
        lang,
        "Это слово уже отгадано. /5bukv — новая игра, /undo — отменить.",
        "That word is solved. /5bukv for a new one, /undo to take it back.",
    )


def too_many_entries(lang: Lang, limit: int) -> str:
    return t(
        lang,
        f"Здесь уже {limit} попыток — больше я не принимаю. /undo — отменить последнюю, /5bukv — новая игра.",
        f"This game already has {limit} entries, the most I take. /undo takes one back, /5bukv starts anew.",
    )


def name(lang: Lang) -> str:
    return t(lang, "«5 букв»", "5bukv")


def menu_button(lang: Lang) -> str:
    return t(lang, "🟨 Помощник «5 букв»", "🟨 5bukv helper")


def help_lines(lang: Lang) -> str:
    return t(
        lang,
        "/5bukv — помощник для «5 букв»: присылайте маску, я подскажу слово\n/undo — отменить последнюю маску",
        "/5bukv — helper for 5bukv: send the colours, I suggest the next word\n/undo — take back the last mask",
    )


def record_line(lang: Lang, record: Record) -> str:
    return t(
        lang,
        f"«5 букв»: сессий {record.played}, отгадано {record.won}",
        f"5bukv: sessions {record.played}, solved {record.won}",
    )


# ------------------------------------------------------------------ review

WORDS_RU, WORDS_EN = ("слово", "слова", "слов"), ("word", "words")


def review_text(lang: Lang, review: Review, sayable: Callable[[str], bool]) -> str:
    """Each guess beside the engine's best there, with skill and luck, then the game's scores.
    ``sayable``: whether the bot may write a word (else its pattern is shown)."""
    lines = [t(lang, "🔍 Разбор партии", "🔍 Review of the game")]
    lines += [_guess_line(lang, guess, sayable) for guess in review.guesses]
    lines += [
        "",
        t(
            lang,
            f"Итог: мастерство {review.skill}, везение {review.luck}.",
            f"Overall: skill {review.skill}, luck {review.luck}.",
        ),
        t(
            lang,
            "Мастерство — место хода среди всех допустимых слов по тому, сколько слов он оставляет в среднем "
            "(100 — лучший); везение — как легли цвета против этого ожидания (50 — как обычно).",
            "Skill: where the guess ranks among all accepted words by how many words it leaves on average "
            "(100: the best); luck: how the colours fell against that expectation (50: as usual).",
        ),
    ]
    return "\n".join(lines)


def _guess_line(lang: Lang, guess: GuessReview, sayable: Callable[[str], bool]) -> str:
    word = guess.entry.word.upper() if sayable(guess.entry.word) else pattern(guess.entry.word)
    fitted = t(
        lang,
        f"подходило {count(lang, guess.before, WORDS_RU, WORDS_EN)}, осталось {guess.after}",
        f"{count(lang, guess.before, WORDS_RU, WORDS_EN)} fitted, {guess.after} left",
    )
    average = _decimal(lang, guess.expected)
    best = guess.best[0]
    if guess.solved:
        judged = t(lang, "отгадано", "solved")
    elif best.word == guess.entry.word:
        judged = t(lang, f"лучший ход (в среднем оставляет {average})", f"the best guess (leaves {average} on average)")
    else:
        better = f"{best.word.upper()} ({_decimal(lang, best.expected)})"
        judged = t(
            lang,
            f"в среднем оставляет {average}; лучше — {better}",
            f"leaves {average} on average; best: {better}",
        )
    scores = t(lang, f"мастерство {guess.skill}, везение {guess.luck}", f"skill {guess.skill}, luck {guess.luck}")
    return f"{guess.number}. {word} {_squares(guess.entry)} — {fitted}; {judged}; {scores}"


def _squares(entry: Entry) -> str:
    return "".join({Colour.YELLOW: "🟨", Colour.WHITE: "⬜", Colour.GREY: "⬛"}[colour] for colour in entry.mask)


def _decimal(lang: Lang, number: float) -> str:
    """One decimal, with the decimal comma in Russian."""
    text = f"{number:.1f}"
    return text.replace(".", ",") if lang == "ru" else text


def share_intro(lang: Lang) -> str:
    return t(lang, "Результат, чтобы поделиться (без слов):", "Your result to share (no words):")
