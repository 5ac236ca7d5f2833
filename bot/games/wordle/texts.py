"""Every word of 5bukv the player reads."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.core.texts import Lang, count, t
from bot.games.wordle.session import AnswerProblem, Progress, Review, Told, ToldAnswer
from bot.storage import Record
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


def entry_line(entry: Entry) -> str:
    return f"{squares(entry.mask)} {entry.word.upper()}"


def progress_text(lang: Lang, progress: Progress) -> str:
    lines = [rejected_text(lang, progress)] if progress.rejected is not None else []
    lines += [step_line(lang, step) for step in progress.steps]
    if progress.lost:
        lines.append(lost_text(lang, progress.possible, len(progress.possible) + progress.hidden))
        return "\n".join(lines)
    if progress.solved:
        tries = len(progress.entries)
        took = count(lang, tries, ("попытку", "попытки", "попыток"), ("try", "tries"))
        lines.append(t(lang, f"🎉 Отгадано за {took}!", f"🎉 Solved in {took}!"))
        return "\n".join(lines)
    if progress.clashes:
        pairs = pairs_text(lang, progress.clashes)
        lines.append(
            t(
                lang,
                f"⚠️ Маски противоречат друг другу: {pairs} — ни одно слово не дало бы обе. "
                "В каждой паре одна введена неверно: /undo отменяет последнюю.",
                f"⚠️ These entries contradict each other: {pairs}: no word could show both. "
                "One of each pair is wrong: /undo takes back the last entry.",
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


def step_line(lang: Lang, step: Entry | str) -> str:
    """An entry with its colours, or (text) a word the game refused, where it came in the game."""
    if isinstance(step, Entry):
        return entry_line(step)
    return t(lang, f"🚫 {step.upper()} — игра не приняла", f"🚫 {step.upper()}: not taken by the game")


def pairs_text(lang: Lang, pairs: Sequence[tuple[Entry, Entry]]) -> str:
    """Pairs of entries: «A и B; A и C»."""
    joined = [t(lang, f"{entry_line(a)} и {entry_line(b)}", f"{entry_line(a)} and {entry_line(b)}") for a, b in pairs]
    return "; ".join(joined)


def rejected_text(lang: Lang, progress: Progress) -> str:
    """An entry not taken because it contradicts earlier ones: which, and the way out."""
    assert progress.rejected is not None
    earlier = t(lang, " и ", " and ").join(entry_line(first) for first in progress.rejected_by)
    rejected = entry_line(progress.rejected)
    return t(
        lang,
        f"⚠️ Не принял {rejected}: эти цвета противоречат {earlier} — ни одно слово не дало бы и те, и другие. "
        "Проверьте цвета и пришлите снова; если ошиблись раньше, /undo отменяет последнюю маску.",
        f"⚠️ Not taken: {rejected} contradicts {earlier}: no word could show both. "
        "Check the colours and send them again; if an earlier entry is wrong, /undo takes back the last one.",
    )


def next_lines(lang: Lang, progress: Progress) -> list[str]:
    """How many words are left (a few listed) and the word to try next."""
    assert progress.suggestion is not None
    remaining = remaining_line(lang, progress.remaining, progress.listed)
    if progress.listed and len(progress.listed) < progress.remaining:
        remaining += t(lang, "; остальные я не пишу", "; I leave the rest out")
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
    words = ", ".join(word.upper() for word in listed)  # in capitals, as every word the bot shows
    return t(lang, f"Возможных слов ({remaining}): {words}", f"Words still possible ({remaining}): {words}")


def pattern(word: str) -> str:
    """A word the bot does not write, as its first and last letters with the rest hidden: Д•••К."""
    return word[0].upper() + "•" * (len(word) - 2) + word[-1].upper()


def fitting_words(lang: Lang, shown: Sequence[str], total: int) -> str:
    """The words that still fitted: all of them counted (the count the game showed), the likeliest
    of those the bot writes listed; the others are left out without saying how many are crude."""
    words = count(lang, total, ("слово", "слова", "слов"), ("word", "words"))
    listed = ", ".join(word.upper() for word in shown[:MAX_SHOWN])
    if not shown:
        return t(lang, f"Подходило {words} — такие я не пишу.", f"{words} fitted, of a kind I do not write.")
    if len(shown) > MAX_SHOWN:
        return t(lang, f"Подходило {words}, вероятнее всего: {listed}.", f"{words} fitted; the likeliest: {listed}.")
    if len(shown) < total:
        return t(
            lang,
            f"Подходило {words}: {listed}; остальные я не пишу.",
            f"{words} fitted: {listed}; I leave the rest out.",
        )
    return t(lang, f"Подходило {words}: {listed}.", f"{words} fitted: {listed}.")


def lost_text(lang: Lang, possible: list[str], total: int) -> str:
    """Six tries without the answer: the game is over, as in the real game; the words that fitted,
    then what to do next."""
    head = t(
        lang,
        "⌛ Шесть попыток — игра окончена, седьмой в «5 букв» нет.",
        "⌛ Six tries: the game is over, 5bukv has no seventh.",
    )
    fitting = f" {fitting_words(lang, possible, total)}" if total else ""
    then = t(lang, " /5bukv — новое слово, /undo — отменить.", " /5bukv for a new word, /undo to take one back.")
    return head + fitting + then


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


def gave_up(lang: Lang, possible: list[str], total: int) -> str:
    """The words that still fitted (``total``, as the game counted them; ``possible``: those the bot writes)."""
    head = t(lang, "🏳 Вы сдались.", "🏳 You gave up.")
    return f"{head} {fitting_words(lang, possible, total)}" if total else head


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
    """A word the game refused is an entry but no try: the limit counts entries."""
    entries = count(lang, limit, ("запись", "записи", "записей"), ("entry", "entries"))
    return t(
        lang,
        f"В этой игре уже {entries} — больше я не принимаю. /undo — отменить последнюю, /5bukv — новая игра.",
        f"This game already has {entries}, the most I take. /undo takes one back, /5bukv starts anew.",
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
        f"«5 букв»: игр {record.played}, отгадано {record.won}, не отгадано {record.lost}",
        f"5bukv: played {record.played}, solved {record.won}, not solved {record.lost}",
    )


# ------------------------------------------------------------------ review


def review_text(lang: Lang, review: Review, sayable: Callable[[str], bool]) -> str:
    """Each guess by the engine's measure (expected tries), with skill and luck, then the game's
    scores. ``sayable``: whether the bot may write a word (else its pattern is shown)."""
    lines = [t(lang, "🔍 Разбор партии", "🔍 Review of the game")]
    lines += [_guess_line(lang, guess, sayable) for guess in review.guesses]
    lines += ["", _total_line(lang, review)]
    lines.append(
        t(
            lang,
            "Всё в попытках до ответа, если дальше идти по моим подсказкам. Мастерство — сколько попыток ход "
            "сберёг против моей подсказки (0 — как она, минус — потерял); везение — сколько сберегли цвета "
            "против ожидания.",
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
        took = count(lang, review.tries, ("попытку", "попытки", "попыток"), ("try", "tries"))
        return t(
            lang,
            f"Итог: отгадано за {took}, в начале я ожидал {expected}. Мастерство {skill}, везение {luck}.",
            f"Overall: solved in {took}; I expected {expected} at the start. Skill {skill}, luck {luck}.",
        )
    if review.answer:  # the player told the answer no word of the list fitted
        answer = review.answer.upper()
        return t(
            lang,
            f"Итог: ответ — {answer}, его не было в моём списке. Мастерство {skill}, везение {luck}.",
            f"Overall: the answer was {answer}, not in my list. Skill {skill}, luck {luck}.",
        )
    if not review.over:
        return t(
            lang,
            f"Пока: мастерство {skill}, везение {luck}.",
            f"So far: skill {skill}, luck {luck}.",
        )
    return t(
        lang,
        f"Итог: слово не отгадано. Мастерство {skill}, везение {luck}.",
        f"Overall: not solved. Skill {skill}, luck {luck}.",
    )


def _guess_line(lang: Lang, guess: GuessReview, sayable: Callable[[str], bool]) -> str:
    def shown(word: str) -> str:
        return word.upper() if sayable(word) else pattern(word)

    fitted = t(lang, f"слов: {guess.before} → {guess.after}", f"words: {guess.before} → {guess.after}")
    expected = t(
        lang, f"ожидалось попыток: {_decimal(lang, guess.expected)}", f"{_decimal(lang, guess.expected)} tries expected"
    )
    suggested = shown(guess.suggested.word)
    followed = guess.suggested.word == guess.entry.word
    best = f"{shown(guess.best.word)} ({_decimal(lang, guess.best.tries)})"
    if guess.bettered and followed:  # my quick choice off the stored tree is not always the best
        judged = t(lang, f"моя подсказка, но лучше — {best}", f"my suggestion, but better: {best}")
    elif guess.bettered:
        judged = t(lang, f"лучше — {best}", f"better: {best}")
    elif followed:
        judged = t(lang, "моя подсказка", "my suggestion")
    else:
        judged = t(lang, f"не хуже моей подсказки {suggested}", f"as good as my suggestion {suggested}")
    skill = t(lang, f"мастерство {signed(lang, guess.skill)}", f"skill {signed(lang, guess.skill)}")
    if guess.luck is None:
        luck = t(lang, "после него из моего списка не подошло ни одно слово", "after it no word of my list fitted")
    else:
        luck = t(lang, f"везение {signed(lang, guess.luck)}", f"luck {signed(lang, guess.luck)}")
    played = f"{guess.number}. {shown(guess.entry.word)} {squares(guess.entry.mask)}"
    return f"{played} — {fitted}; {expected}; {judged}; {skill}, {luck}"


def _decimal(lang: Lang, number: float) -> str:
    """Two decimals, with the decimal comma in Russian."""
    text = f"{number:.2f}"
    return text.replace(".", ",") if lang == "ru" else text


def signed(lang: Lang, number: float) -> str:
    """Tries saved (+) or lost (−, the minus sign) to two decimals; 0 when less than half a hundredth."""
    if abs(number) < 0.005:
        return "0"
    return ("+" if number > 0 else "−") + _decimal(lang, abs(number))


def share_intro(lang: Lang) -> str:
    return t(lang, "Результат, чтобы поделиться (без слов):", "Your result to share (no words):")
