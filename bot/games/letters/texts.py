"""Every word of the private letter game (and English Ghost) the player reads."""

from __future__ import annotations

from collections.abc import Sequence

from bot.core.texts import MOVES_EN, MOVES_RU, Lang, button_level, count, games_record, review_footer, t
from bot.games.letters.session import EndReason, GiveUp, Hint, LetterSession, Refusal, Review, Turn, WhoWins
from bot.storage import Record
from solver.letters import InputError, InputProblem, Play, Rule
from solver.levels import Level
from solver.lookup import Absence, TypedWordProblem, WordReport, offensive
from solver.review import Grade, GradedMove
from solver.words import Reason, Tier


def play_usage(lang: Lang) -> str:
    """/play with an argument it does not know."""
    return t(
        lang,
        "/play — игра в буквы по-русски, /play en — English Ghost (английские слова).",
        "/play for the Russian letter game, /play en for English Ghost (English words).",
    )


def rules(lang: Lang) -> str:
    return t(
        lang,
        "🔤 Игра в буквы по-русски (/play ru). Мы по очереди приписываем по одной букве. Каждая буква должна "
        "оставлять начало какого-нибудь русского существительного (нарицательного, в начальной форме, "
        "от 2 букв). Е и Ё — разные буквы.\n"
        "Правило «кто закончит слово — выиграл»: составивший слово побеждает.\n"
        "Правило «кто закончит слово — проиграл» (как в Ghost): составивший слово проигрывает.\n"
        "Буква, после которой слова не составить, отклоняется и вы ходите снова; в строгом режиме она проигрывает.\n"
        "/hint — подсказка, /giveup — сдаться, /whowins — кто выигрывает с этих букв.\n"
        "👻 Английский Ghost (/play en) — та же игра на английских словах от 4 букв: кто закончил слово — проиграл.",
        "🔤 The letter game in Russian (/play ru). We take turns adding one letter. Every letter must leave the "
        "beginning of some Russian noun (a common noun in its dictionary form, 2+ letters). "
        "Е and Ё are different letters.\n"
        "Rule “completing a word wins”: whoever completes a word wins.\n"
        "Rule “completing a word loses” (like Ghost): whoever completes a word loses.\n"
        "A letter no noun goes on with is refused and you move again; in strict mode it loses.\n"
        "/hint for a hint, /giveup to resign, /whowins: who wins from these letters.\n"
        "👻 English Ghost (/play en): the same game in English, on English words of 4+ letters; completing a word "
        "loses.",
    )


def board(letters: str, lang: Lang = "ru") -> str:
    """Letters on the board, in capitals and in the quotation marks of the text's language."""
    opening, closing = ("«", "»") if lang == "ru" else ("“", "”")
    return f"{opening}{letters.upper()}{closing}"


def attempt(letters: str, lang: Lang = "ru") -> str:
    """Letters a player tried that no word goes on with, shown as :func:`board` shows them, except an
    offensive word (or its start), which is never repeated back: its first letter, then asterisks."""
    code = "en" if any("a" <= letter <= "z" for letter in letters.lower()) else "ru"
    if letters and offensive(letters.lower(), code):
        return board(letters[0] + "*" * (len(letters) - 1), lang)
    return board(letters, lang)


def your_move(lang: Lang, letters: str) -> str:
    """Where a game under way stands, sent again (after ▶️ Keep playing): its board, said in words
    when empty, and whose move it is (the player's: the bot answers at once)."""
    shown = (
        t(lang, f"Доска: {board(letters)}", f"Board: {board(letters, 'en')}")
        if letters
        else t(lang, "Доска пуста.", "The board is empty.")
    )
    return shown + "\n" + t(lang, "Ваш ход: пришлите букву.", "Your move: send a letter.")


def button_rule(lang: Lang, rule: Rule) -> str:
    if rule is Rule.COMPLETE_WINS:
        return t(lang, "Закончил слово — выиграл", "Completing a word wins")
    return t(lang, "Закончил слово — проиграл", "Completing a word loses")


def button_russian_rule(lang: Lang, rule: Rule) -> str:
    """A private set-up's choice of the Russian game: its language, then its rule (English Ghost is
    offered beside it, so the rule alone would not say which words are played)."""
    return t(lang, "🔤 По-русски: ", "🔤 Russian: ") + button_rule(lang, rule).lower()


def button_english_ghost(lang: Lang) -> str:
    return t(lang, "👻 Английский Ghost (слова от 4 букв)", "👻 English Ghost (words of 4+ letters)")


def ghost_intro(lang: Lang) -> str:
    return t(
        lang,
        "👻 Английский Ghost: английские слова от 4 букв (список Unix), кто закончил слово — проиграл.",
        "👻 English Ghost: English words of 4+ letters (the Unix word list); completing a word loses.",
    )


def button_strict(lang: Lang, strict: bool) -> str:
    if strict:
        return t(lang, "Строго: плохая буква проигрывает", "Strict: a bad letter loses")
    return t(lang, "Мягко: плохую букву можно заменить", "Gentle: a bad letter may be replaced")


def button_hint(lang: Lang, stage: int) -> str:
    return t(lang, "💡 Подсказка", "💡 Hint") if stage == 0 else t(lang, "🏆 Какие выигрывают?", "🏆 Which win?")


def button_giveup(lang: Lang) -> str:
    return t(lang, "🏳 Сдаться", "🏳 Give up")


def ask_rule(lang: Lang) -> str:
    return t(
        lang,
        "Игра в буквы: в какую играем? По-русски (русские существительные, два правила) или английский Ghost?",
        "The letter game: which one? English Ghost (English words), or the Russian game (Russian nouns, two rules)?",
    )


def ask_russian_rule(lang: Lang) -> str:
    return t(
        lang,
        "Игра в буквы по-русски (русские существительные). Какое правило?",
        "The letter game in Russian (Russian nouns). Which rule?",
    )


def ask_tier(lang: Lang) -> str:
    return t(lang, "Какими словами играем?", "Which words do we play with?")


def button_tier(lang: Lang, tier: Tier) -> str:
    if tier is Tier.COMMON:
        return t(lang, "📗 Обычные слова", "📗 Everyday words")
    return t(lang, "📚 Весь словарь, с редкими", "📚 The whole dictionary, rare words too")


def ask_first(lang: Lang) -> str:
    return t(lang, "Кто начинает?", "Who starts?")


def ask_level(lang: Lang) -> str:
    return t(lang, "Насколько сильно мне играть?", "How strong should I play?")


def ask_strict(lang: Lang) -> str:
    return t(
        lang,
        "А если написать букву, после которой слова не составить?",
        "What if you send a letter no word goes on with?",
    )


def choose_with_buttons(lang: Lang, *, english: bool = False) -> str:
    """During the set-up; English Ghost's starts again with /play en (/play alone starts the Russian game)."""
    play = "/play en" if english else "/play"
    return t(lang, f"Выберите кнопкой выше (или {play} заново).", f"Choose with a button above (or {play} again).")


def game_set(
    lang: Lang,
    rule: Rule,
    player_first: bool,
    level: Level,
    strict: bool,
    *,
    english: bool = False,
    tier: Tier = Tier.COMMON,
) -> str:
    name = button_english_ghost(lang) if english else button_russian_rule(lang, rule)
    return (
        f"{name} · {button_tier(lang, tier)} · {button_level(lang, level)} · {button_strict(lang, strict)}\n"
        + (t(lang, "Ваш ход: пришлите букву.", "Your move: send a letter.") if player_first else "")
    ).rstrip()


def examples(lang: Lang, plays: Sequence[Play], limit: int = 8) -> str:
    shown = ", ".join(f"{p.letter.upper()} ({p.example})" for p in plays[:limit])
    more = len(plays) - limit
    return shown + (t(lang, f" и ещё {more}", f" and {more} more") if more > 0 else "")


def no_word_starts_with(lang: Lang, letters: str, *, english: bool) -> str:
    """Russian games use nouns only; English Ghost any word, so it must not say "noun"."""
    if english:
        return t(
            lang,
            f"Ни одно английское слово не начинается с {attempt(letters)}.",
            f"No word starts with {attempt(letters, 'en')}.",
        )
    return t(
        lang,
        f"Ни одно существительное не начинается с {attempt(letters)}.",
        f"No noun starts with {attempt(letters, 'en')}.",
    )


def turn_text(lang: Lang, turn: Turn, rule: Rule, *, english: bool) -> str:
    lines = []
    if turn.player_letter is not None:
        lines.append(t(lang, f"Вы: {turn.player_letter.upper()}", f"You: {turn.player_letter.upper()}"))
    if turn.bot_letter is not None:
        lines.append(t(lang, f"Я: {turn.bot_letter.upper()}", f"Me: {turn.bot_letter.upper()}"))
    ending = turn.ending
    dead = ending is not None and ending.reason is EndReason.NO_WORD  # the board is the letters tried
    shown = attempt if dead else board
    lines.append(t(lang, f"Доска: {shown(turn.board)}", f"Board: {shown(turn.board, 'en')}"))
    if ending is None:
        lines.append(t(lang, "Ваш ход.", "Your move."))
        return "\n".join(lines)
    if ending.reason is EndReason.COMPLETED_WORD:
        word = board(ending.word or "", lang)
        if rule is Rule.COMPLETE_WINS:
            why = t(
                lang,
                f"Слово {word} закончено — кто закончил, тот выиграл.",
                f"The word {word} is complete, and completing a word wins.",
            )
        else:
            why = t(
                lang,
                f"Слово {word} закончено — кто закончил, тот проиграл.",
                f"The word {word} is complete, and completing a word loses.",
            )
    else:
        why = no_word_starts_with(lang, ending.board, english=english)
        if ending.possible:
            why += t(lang, " Можно было: ", " Possible letters were: ") + examples(lang, ending.possible)
    lines.append(why)
    lines.append(
        t(lang, "🎉 Вы выиграли!", "🎉 You won!") if ending.player_won else t(lang, "🤖 Я выиграл.", "🤖 I won.")
    )
    return "\n".join(lines)


def refusal_text(lang: Lang, refusal: Refusal, *, english: bool) -> str:
    if refusal.word_on_the_way:
        why = t(
            lang,
            f"{attempt(refusal.attempted)}: игра закончится раньше, на слове {board(refusal.word_on_the_way)}.",
            f"{attempt(refusal.attempted, 'en')}: the game would end earlier, "
            f"at {board(refusal.word_on_the_way, 'en')}.",
        )
    else:
        why = no_word_starts_with(lang, refusal.attempted, english=english)
    return (
        f"❌ {why}\n"
        + t(lang, "Ходите ещё раз. Например: ", "Move again. For example: ")
        + examples(lang, refusal.possible, limit=5)
    )


def not_a_letter(lang: Lang, error: InputError, english: bool = False) -> str:
    if error.problem is InputProblem.NOT_ONE_LETTER:
        return t(lang, "Нужна ровно одна буква.", "One letter, please.")
    if english:
        return t(
            lang, "Пришлите одну латинскую букву (или /hint, /giveup).", "Send one letter a-z (or /hint, /giveup)."
        )
    return t(lang, "Пришлите одну русскую букву (или /hint, /giveup).", "Send one Russian letter (or /hint, /giveup).")


def read_as_russian(lang: Lang, typed: str, letter: str) -> str:
    """A Latin letter the Russian game took for its Cyrillic look-alike, said before the move's
    answer: a Russian player on the wrong keyboard layout keeps playing, and no one is misled."""
    return t(
        lang,
        f"{typed} → {letter.upper()} (русская буква: игра по-русски)",
        f"{typed} → {letter.upper()} (a Russian letter: this game is in Russian; English Ghost is /play en)",
    )


def russian_letters_only(lang: Lang) -> str:
    """After a Latin letter the Russian game cannot read: which game this is, and where English is."""
    return t(
        lang,
        "Эта игра — по-русски; английский Ghost — /play en.",
        "This game is in Russian; for English Ghost, /play en.",
    )


def expected_input(lang: Lang, *, english: bool) -> str:
    """What the game waits for, told to a player who sent a sticker or a photo."""
    return not_a_letter(lang, InputError(InputProblem.NOT_IN_ALPHABET, ""), english=english)


def hint_text(lang: Lang, hint: Hint) -> str:
    if hint.stage == 1:
        letters = " ".join(p.letter.upper() for p in hint.plays)
        return t(lang, f"💡 Можно сыграть: {letters}", f"💡 You can play: {letters}")
    if not hint.plays:
        return t(
            lang, "🏆 При моей лучшей игре здесь выигрывающих букв нет.", "🏆 Against my best play no letter wins here."
        )
    return t(lang, "🏆 Выигрывают: ", "🏆 Winning letters: ") + examples(lang, hint.plays, limit=12)


def board_outdated(lang: Lang, letters: str, *, english: bool) -> str:
    """A saved game whose board the updated word list no longer has: ended, counted for nobody."""
    play = "/play en" if english else "/play"
    return t(
        lang,
        f"⚠️ Партия остановлена: словарь обновился, и с {board(letters)} больше не начинается ни одно слово. "
        f"В статистику она не идёт. {play} — новая игра.",
        f"⚠️ This game is stopped: the word list was updated and no word begins with {board(letters, 'en')} any more. "
        f"It does not count in your stats. {play} for a new game.",
    )


def no_game_to_hint(lang: Lang) -> str:
    return t(
        lang,
        "Подсказки — во время игры в буквы. /play — начать.",
        "Hints are for a letter game in progress. /play to start.",
    )


def gave_up_text(lang: Lang, give_up: GiveUp) -> str:
    if give_up.board:
        head = t(lang, f"🏳 Вы сдались на {board(give_up.board)}.", f"🏳 You gave up at {board(give_up.board, 'en')}.")
    else:
        head = t(lang, "🏳 Вы сдались до первой буквы.", "🏳 You gave up before the first letter.")
    if give_up.bot_was_winning:
        how = t(lang, "Я выигрывал так: ", "I was winning like this: ") + give_up.strategy
    else:
        how = (
            t(
                lang,
                f"А ведь выигрыш был у вас: {_either(lang, give_up.winning_letters)}. Например: ",
                f"Yet you could have won with {_either(lang, give_up.winning_letters)}. For example: ",
            )
            + give_up.strategy
        )
    return f"{head}\n{how[:3500]}"


def _either(lang: Lang, letters: Sequence[str]) -> str:
    """Letters any one of which would do: «С, Т или М», "C, T or M"."""
    shown = [letter.upper() for letter in letters]
    if len(shown) < 2:
        return "".join(shown)
    return ", ".join(shown[:-1]) + t(lang, " или ", " or ") + shown[-1]


def who_wins_text(lang: Lang, answer: WhoWins, rule: Rule, *, english: bool) -> str:
    """The players are the first and the second: /whowins never answers on the board of the
    asker's game under way (that would be a free hint)."""
    # The game is named: /whowins is asked from any game, and its answer is about this one.
    rule_name = (
        t(lang, "👻 Английский Ghost", "👻 English Ghost")
        if english
        else t(lang, "🔤 Игра в буквы по-русски, ", "🔤 The Russian letter game, ") + button_rule(lang, rule).lower()
    )
    where = board(answer.board, lang) if answer.board else t(lang, "пустой доски", "the empty board")
    if answer.over_word:
        return t(
            lang,
            f"{board(answer.board)} — уже слово: игра окончена ({rule_name}).",
            f"{board(answer.board, 'en')} is already a word: the game is over ({rule_name}).",
        )
    wins = _of_seat(lang, WINS, answer.winner)
    text = t(
        lang,
        f"{rule_name}. С {where} при лучшей игре {wins}.",
        f"{rule_name}. From {where}, with perfect play, {wins}.",
    )
    if answer.board:  # "first" is who opened the game; a reader otherwise takes it for who moves now
        text += " " + _of_seat(lang, MOVES, answer.to_move)
    if answer.winning:
        text += t(lang, "\nВыигрывающие буквы: ", "\nWinning letters: ") + examples(lang, answer.winning, limit=12)
    else:
        text += t(lang, "\nУ того, кто ходит, выигрывающих букв нет.", "\nThe player to move has no winning letter.")
    return text


#: What /whowins says of a seat (Russian, English).
WINS = ("выигрывает {}", "{} wins")
MOVES = ("Сейчас ходит {}.", "It is {}'s move.")


def _of_seat(lang: Lang, said: tuple[str, str], which: str) -> str:
    """``said`` of the ``which`` seat, named by its number."""
    russian, english = said
    return t(lang, russian.format(_player(lang, which)), english.format(_player(lang, which)))


def _player(lang: Lang, which: str) -> str:
    first = which == "first"
    return t(lang, "первый игрок" if first else "второй игрок", "the first player" if first else "the second player")


def who_wins_mid_game(lang: Lang, *, in_group: bool) -> str:
    """/whowins on the board of a game under way (or a board that goes on from it): a free hint."""
    if in_group:
        return t(
            lang,
            "/whowins о доске идущей игры — после игры: в групповой игре подсказок нет.",
            "/whowins on the board of the game under way is for after the game: a group game has no hints.",
        )
    return t(
        lang,
        "Во время партии /whowins о её доске — это подсказка: спросите /hint (она засчитывается) или после игры.",
        "During a game, /whowins on its board is a hint: ask /hint (it counts) or ask after the game.",
    )


def who_wins_bad(lang: Lang, letters: str, why: str) -> str:
    return t(lang, f"С {attempt(letters)} игры нет: {why}", f"No game from {attempt(letters, 'en')}: {why}")


def no_word_starts(lang: Lang, *, english: bool) -> str:
    if english:
        return t(lang, "ни одно английское слово так не начинается.", "no word starts like that.")
    return t(lang, "ни одно существительное так не начинается.", "no noun starts like that.")


def ends_earlier(lang: Lang, word: str) -> str:
    return t(lang, f"игра кончится раньше, на {board(word)}.", f"the game ends earlier, at {board(word, 'en')}.")


def too_many_letters(lang: Lang, limit: int) -> str:
    return t(
        lang,
        f"После /whowins — не больше {limit} букв: длиннее слов в словаре нет.",
        f"/whowins takes at most {limit} letters: no word in the dictionary is longer.",
    )


def not_letters(lang: Lang, *, english: bool = False) -> str:
    if english:
        return t(
            lang, "После /whowins нужны буквы, например /whowins hel.", "/whowins takes letters, like /whowins hel."
        )
    return t(
        lang,
        "После /whowins нужны русские буквы, например /whowins йо.",
        "/whowins takes Russian letters, for example /whowins йо.",
    )


# ------------------------------------------------------------------ /word

#: Why a word does not count, as the player reads it (keys: solver.lookup's reasons).
WORD_REASONS: dict[str, tuple[str, str]] = {
    "offensive": ("грубое или оскорбительное слово", "an offensive word"),
    "letter-name": ("название буквы или ноты, а не слово", "the name of a letter or a note, not a word"),
    "abbreviation": ("сокращение", "an abbreviation"),
    "malformed": ("ошибочная запись в словаре", "a malformed entry of the dictionary"),
    "proper-name": ("имя собственное", "a proper name"),
    "not-a-noun": ("не существительное", "not a noun"),
    "rare": ("редкое слово", "a rare word"),
    "uncommon": ("редкое слово", "a rare word"),
    "not-in-source": ("его нет в словаре", "it is not in the dictionary"),
    "not-five-letters": ("не пять букв", "not five letters"),
    "not-in-list": ("его нет в списке существительных", "it is not among the list's nouns"),
    "homograph": (
        "так чаще пишется другое слово (имя, форма другого слова)",
        "its spelling is more often another word (a name, another word's form)",
    ),
    "unconfirmed": (
        "его нет во втором словаре, с которым я сверяюсь",
        "the second dictionary I check against lacks it",
    ),
}


def word_usage(lang: Lang) -> str:
    return t(
        lang,
        "Пришлите слово после команды, например /word кошка (или /word cat для английского Ghost).",
        "Send a word after the command, for example /word cat (or /word кошка for the Russian game).",
    )


def word_one_at_a_time(lang: Lang) -> str:
    """/word with several words: each is asked about on its own."""
    return t(
        lang,
        "По одному слову за раз: /word кошка, потом /word собака.",
        "One word at a time: /word cat, then /word dog.",
    )


def word_too_long(lang: Lang, limit: int) -> str:
    """/word with more letters than any word of the dictionaries has (not repeated back)."""
    return t(
        lang,
        f"Это длиннее {count(lang, limit, LETTERS_RU, LETTERS_EN)}: таких длинных слов в словарях нет.",
        f"That is longer than {count(lang, limit, LETTERS_RU, LETTERS_EN)}: no word of the dictionaries is.",
    )


#: A number of letters (CLDR plural forms), as «длиннее N …» takes it.
LETTERS_RU = ("буквы", "букв", "букв")  # after «длиннее»: the genitive
LETTERS_EN = ("letter", "letters")


def word_not_a_word(lang: Lang, problem: TypedWordProblem) -> str:
    """/word given something that is no word: a number, signs inside, two alphabets mixed."""
    if problem is TypedWordProblem.DIGITS:
        why = t(lang, "в словах не бывает цифр", "words have no digits")
    elif problem is TypedWordProblem.MIXED_SCRIPTS:
        why = t(lang, "в нём смешаны русские и латинские буквы", "it mixes Russian and Latin letters")
    else:
        why = t(lang, "в слове бывают только буквы (и дефис)", "a word has only letters (and hyphens)")
    return t(lang, f"Это не слово: {why}. ", f"That is not a word: {why}. ") + word_usage(lang)


def word_offensive(lang: Lang, *, english: bool) -> str:
    """An offensive word, not repeated back; 5bukv is not mentioned (it may know such a word as a
    possible answer, which it never shows)."""
    if english:
        return t(
            lang,
            "Этого слова нет в английском Ghost: грубых и оскорбительных слов я не использую.",
            "That word is not in English Ghost: I never use offensive words.",
        )
    return t(
        lang,
        "Этого слова нет в игре в буквы: грубых и оскорбительных слов я не использую.",
        "That word is not in the letter game: I never use offensive words.",
    )


def word_report_text(lang: Lang, report: WordReport) -> str:
    """Where the word counts, game by game (each named with its words: everyday ones, which a new
    game plays by default, and the whole dictionary), and why not; an offensive word is not repeated back."""
    english = report.language == "en"
    if Reason.OFFENSIVE in (report.why_not_common, report.wordle_problem):
        return word_offensive(lang, english=english)
    spelled = t(lang, " (так в словаре)", " (as the dictionary spells it)") if report.asked else ""
    game = t(lang, "английский Ghost", "English Ghost") if english else t(lang, "игра в буквы", "the letter game")
    lines = [board(report.word, lang) + spelled + ":"]
    everyday = f"{game}, " + t(lang, "обычные слова", "everyday words")
    whole = t(lang, "весь словарь, с редкими", "the whole dictionary, rare words too")
    if report.tier is None:
        lines.append(f"• {game}: {_not_counted(lang, report)}")
    elif report.tier is Tier.COMMON and report.ends_first.get(Tier.FULL) == report.ends_first.get(Tier.COMMON):
        both = f"{game}, " + t(lang, "обычные слова и весь словарь", "everyday words and the whole dictionary")
        lines.append(f"• {both}: {_counted(lang, report.ends_first.get(Tier.COMMON))}")
    else:
        if report.tier is Tier.COMMON:
            lines.append(f"• {everyday}: {_counted(lang, report.ends_first.get(Tier.COMMON))}")
        else:
            lines.append(f"• {everyday}: ❌ " + _reason(lang, report.why_not_common))
        lines.append(f"• {whole}: {_counted(lang, report.ends_first.get(Tier.FULL))}")
    if report.wordle is not None:
        wordle = (
            t(lang, "✅ есть в списке", "✅ in the list")
            if report.wordle
            else "❌ " + _reason(lang, report.wordle_problem)
        )
        lines.append(f"• «5 букв»: {wordle}" if lang == "ru" else f"• 5bukv: {wordle}")
    return "\n".join(lines)


def _counted(lang: Lang, ends_at: str | None) -> str:
    """A word the game has: it counts, and the game can end on it unless a shorter word ends it first."""
    if ends_at is None:
        return t(lang, "✅ считается", "✅ counts")
    return t(
        lang,
        f"✅ считается, но закончить его нельзя: игра кончится раньше, на {board(ends_at)}",
        f"✅ counts, but it can never be completed: the game ends first, at {board(ends_at, 'en')}",
    )


def _not_counted(lang: Lang, report: WordReport) -> str:
    if report.form_of:
        form = report.form_of.upper()
        return t(
            lang,
            f"❌ это не начальная форма; начальная форма — {form} (/word {report.form_of})",
            f"❌ not the dictionary form; the dictionary form is {form} (/word {report.form_of})",
        )
    if report.why_not_common is Absence.TOO_SHORT:
        return t(lang, f"❌ короче {report.min_length} букв", f"❌ shorter than {report.min_length} letters")
    return "❌ " + _reason(lang, report.why_not_common)


def _reason(lang: Lang, reason: object) -> str:
    ru, en = WORD_REASONS.get(str(reason), ("не подходит", "does not count"))
    return t(lang, ru, en)


def name(lang: Lang) -> str:
    return t(lang, "игра в буквы", "the letter game")


def session_name(lang: Lang, session: LetterSession) -> str:
    """One game's name: English Ghost is not "the letter game" (the Russian one)."""
    return t(lang, "английский Ghost", "English Ghost") if session.english else name(lang)


def menu_button(lang: Lang) -> str:
    return t(lang, "🔤 Игра в буквы (русские слова)", "🔤 Letter game (Russian words)")


def ghost_menu_button(lang: Lang) -> str:
    return t(lang, "👻 Английский Ghost", "👻 English Ghost (English words)")


def help_lines(lang: Lang) -> str:
    return t(
        lang,
        "/play — игра в буквы, по-русски или английский Ghost: по очереди добавляем по букве к слову-началу\n"
        "/hint — какие буквы можно сыграть; ещё раз — какие из них выигрывают\n"
        "/giveup — сдаться (покажу, как выиграл бы я)\n"
        "/whowins [буквы] — кто выигрывает с этого начала при лучшей игре\n"
        "/word слово — есть ли слово в играх, а если нет, то почему\n"
        "/play en — английский Ghost (слова от 4 букв, закончил слово — проиграл)",
        "/play — the letter game, English Ghost or in Russian: we take turns adding a letter to a word's beginning\n"
        "/hint — the letters you can play; again — which of them win\n"
        "/giveup — give up (I show how I would have won)\n"
        "/whowins [letters] — who wins from these letters with perfect play\n"
        "/word WORD — does a word count in the games, and if not, why\n"
        "/play en — English Ghost (words of 4+ letters; completing a word loses)",
    )


def letters_record(lang: Lang, record: Record) -> str:
    return games_record(lang, t(lang, "Буквы", "Letter game"), record)


def ghost_record(lang: Lang, record: Record) -> str:
    return games_record(lang, t(lang, "Английский Ghost", "English Ghost"), record)


# ------------------------------------------------------------------ review


def review_text(lang: Lang, review: Review) -> str:
    """The engine's review: a line per letter, then where the game turned and how many moves were best."""
    lines = [t(lang, "🔍 Разбор партии", "🔍 Review of the game")]
    lines += [_review_line(lang, move, review.player_seat) for move in review.moves]
    turning = review.summary.turning_point
    lines += review_footer(lang, review.summary, review.player_seat, turning.move.upper() if turning else "")
    lines.append(review_marks(lang))
    return "\n".join(lines)


def review_marks(lang: Lang) -> str:
    """What the review's marks mean, said once under it."""
    return t(
        lang,
        "✅ лучший ход · ☑️ исход тот же, но был ход лучше · ❌ выигрыш упущен или буква, с которой слов нет",
        "✅ the best move · ☑️ the same result, but a better move was there · "
        "❌ threw the win away, or a letter no word goes on with",
    )


def _review_line(lang: Lang, move: GradedMove, player_seat: int) -> str:
    you = move.mover == player_seat
    who = t(lang, "вы" if you else "я", "you" if you else "I")
    mark = "✅" if move.best else ("❌" if move.grade is Grade.THREW_WIN or move.dead else "☑️")
    return f"{move.ply}. {mark} {who}: {move.move.upper()} — {_grade_words(lang, move, you)}"


def _grade_words(lang: Lang, move: GradedMove, you: bool) -> str:
    if move.dead:
        return _dead_letter_words(lang, move)
    if move.grade is Grade.KEPT_WIN:
        kept = t(lang, "сохранили выигрыш" if you else "сохранил выигрыш", "kept the win")
        if move.only:
            return kept + t(lang, " (единственная выигрывающая буква)", " (the only winning letter)")
        return kept if move.best else kept + t(lang, ", но быстрее было ", ", but faster was ") + _alternative(move)
    if move.grade is Grade.THREW_WIN:
        threw = t(lang, "упустили выигрыш" if you else "упустил выигрыш", "threw the win away")
        return f"{threw}: " + t(lang, "выигрывала буква ", "the winning letter was ") + _alternative(move)
    return _lost_words(lang, move)


def _lost_words(lang: Lang, move: GradedMove) -> str:
    """A legal letter in a lost position: the longest defence or a shorter one."""
    lost = t(lang, "партия уже проиграна", "already lost")
    if move.only:
        return lost + t(
            lang, ", единственная буква, что не проигрывала сразу", ", the only letter that did not lose at once"
        )
    if move.best:
        longest = count(lang, move.after_plies + 1, MOVES_RU, MOVES_EN)
        return lost + t(lang, f", лучшая защита ({longest} до конца)", f", the longest defence ({longest} to the end)")
    held = count(lang, move.before_plies, MOVES_RU, MOVES_EN)
    return lost + t(lang, f"; буква {_alternative(move)} держалась бы {held}", f"; {_alternative(move)} held {held}")


def _dead_letter_words(lang: Lang, move: GradedMove) -> str:
    """A letter no word goes on with: the game ended with it, lost; never a defence."""
    lost = t(lang, "слов с этой буквой дальше нет — проигрыш", "no word goes on with this letter: a loss")
    if move.grade is Grade.THREW_WIN:
        return lost + t(lang, "; выигрывала буква ", "; the winning letter was ") + _alternative(move)
    held = count(lang, move.before_plies, MOVES_RU, MOVES_EN)
    return lost + t(lang, f"; буква {_alternative(move)} держалась бы {held}", f"; {_alternative(move)} held {held}")


def _alternative(move: GradedMove) -> str:
    """The best letter there, with the word best play ends at."""
    option = move.best_moves[0]
    return f"{option.move.upper()} ({option.example})" if option.example else option.move.upper()
