"""Every word the player reads: Russian first, English for English-speaking Telegram users."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from bot.fingers_session import FingerSession, FingerTurn
from bot.fingers_session import Result as FingerResult
from bot.group_session import BOT, Event, GroupSession, Outcome
from bot.letter_session import EndReason, GiveUp, Hint, Refusal, Turn, WhoWins
from bot.storage import Record
from bot.wordle_session import Progress
from solver.fingers import Move, describe
from solver.letters import InputError, InputProblem, Play, Rule
from solver.levels import Level
from solver.wordle import Colour, Entry, EntryError, EntryProblem

Lang = Literal["ru", "en"]

SQUARE = {Colour.YELLOW: "🟨", Colour.WHITE: "⬜", Colour.GREY: "⬛"}


def language(code: str | None) -> Lang:
    return "en" if code and code.lower().startswith("en") else "ru"


def _t(lang: Lang, ru: str, en: str) -> str:
    return en if lang == "en" else ru


def board(letters: str) -> str:
    return f"«{letters.upper()}»" if letters else "«»"


# ------------------------------------------------------------------ commands

COMMANDS: dict[Lang, list[tuple[str, str]]] = {
    "ru": [
        ("play", "сыграть в буквы"),
        ("hint", "подсказка"),
        ("giveup", "сдаться"),
        ("whowins", "кто выигрывает с этих букв"),
        ("fingers", "игра на пальцах"),
        ("5bukv", "помощник для «5 букв»"),
        ("undo", "отменить последнюю маску"),
        ("stats", "мои результаты"),
        ("rules", "правила"),
        ("help", "что умеет бот"),
    ],
    "en": [
        ("play", "play the letter game"),
        ("hint", "a hint"),
        ("giveup", "give up"),
        ("whowins", "who wins from these letters"),
        ("fingers", "the finger game"),
        ("5bukv", "helper for the 5bukv word game"),
        ("undo", "take back the last mask"),
        ("stats", "my record"),
        ("rules", "the rules"),
        ("help", "what the bot does"),
    ],
}


GROUP_COMMANDS: dict[Lang, list[tuple[str, str]]] = {
    "ru": [
        ("play", "собрать игру в буквы (/play en — английский Ghost)"),
        ("l", "сходить буквой: /l к"),
        ("giveup", "выйти из игры"),
        ("stop", "остановить игру (админы и тот, кто начал)"),
        ("stats", "мои результаты"),
        ("rules", "правила"),
        ("help", "как играть в группе"),
    ],
    "en": [
        ("play", "gather a letter game (/play en: English Ghost)"),
        ("l", "move with a letter: /l k"),
        ("giveup", "leave the game"),
        ("stop", "stop the game (admins and whoever started it)"),
        ("stats", "my record"),
        ("rules", "the rules"),
        ("help", "how to play in a group"),
    ],
}


def group_help_text(lang: Lang) -> str:
    commands = "\n".join(f"/{name} — {description}" for name, description in GROUP_COMMANDS[lang])
    return (
        _t(
            lang,
            "Игра в буквы на всю группу: /play, кнопка «Играю», затем «Начать». Ходят по очереди; "
            "букву можно прислать сообщением, ответом на сообщение бота или /l буква.\n",
            "The letter game for the whole group: /play, tap Join, then Start. Players move in turn; "
            "send a letter as a message, as a reply to the bot's message or as /l letter.\n",
        )
        + commands
        + _t(lang, "\nОстальные игры — в личном чате с ботом.", "\nThe other games are in a private chat with the bot.")
    )


def greeting(lang: Lang, name: str) -> str:
    return _t(
        lang,
        f"Привет, {name}! Я Буквоед: играю в слова безупречно, потому что решил игры до конца.\nВо что сыграем?",
        f"Hello, {name}! I am Bukvoed: I play word games perfectly, because I have solved them exactly.\n"
        "What shall we play?",
    )


def help_text(lang: Lang) -> str:
    return _t(
        lang,
        "/play — игра в буквы: по очереди добавляем по букве к слову-началу\n"
        "/hint — какие буквы можно сыграть; ещё раз — какие из них выигрывают\n"
        "/giveup — сдаться (покажу, как выиграл бы я)\n"
        "/whowins [буквы] — кто выигрывает с этого начала при лучшей игре\n"
        "/play en — английский Ghost (слова от 4 букв, закончил слово — проиграл)\n"
        "/fingers — игра на пальцах (割り箸)\n"
        "/5bukv — помощник для «5 букв»: присылайте маску, я подскажу слово\n"
        "/undo — отменить последнюю маску\n"
        "/stats — ваши результаты\n"
        "/rules — правила",
        "/play — the letter game: we take turns adding a letter to a word's beginning\n"
        "/hint — the letters you can play; again — which of them win\n"
        "/giveup — give up (I show how I would have won)\n"
        "/whowins [letters] — who wins from these letters with perfect play\n"
        "/play en — English Ghost (words of 4+ letters; completing a word loses)\n"
        "/fingers — the finger game (chopsticks)\n"
        "/5bukv — helper for 5bukv: send the colours, I suggest the next word\n"
        "/undo — take back the last mask\n"
        "/stats — your record\n"
        "/rules — the rules",
    )


def rules_text(lang: Lang) -> str:
    return _t(
        lang,
        "Игра в буквы. Мы по очереди приписываем по одной букве. Каждая буква должна оставлять начало "
        "какого-нибудь существительного (нарицательного, в начальной форме, от 2 букв). Е и Ё — разные буквы.\n"
        "Правило «кто закончит слово — выиграл»: составивший слово побеждает.\n"
        "Правило «кто закончит слово — проиграл» (как в Ghost): составивший слово проигрывает.\n"
        "Буква, после которой слова не составить, отклоняется и вы ходите снова; в строгом режиме она проигрывает.\n\n"
        "«5 букв»: угадайте существительное из 5 букв за 6 попыток. 🟨 — буква на своём месте, "
        "⬜ — буква есть в другом месте, ⬛ — буквы нет. Присылайте маску (ЖБС, ywg или квадратики) — "
        "или «слово маска», если вводили своё слово. Если игра не приняла предложенное слово, нажмите "
        "«🚫 Игра не приняла это слово» — я предложу другое.\n\n"
        "В группе: /play собирает игроков (кнопка «Играю», бот может играть тоже), ходят по очереди вступления. "
        "Букву можно прислать сообщением, ответом на сообщение бота или командой /l буква. "
        "Кто закончил слово (при правиле «закончил — проиграл») или написал букву, после которой слова нет, "
        "выбывает; следующий начинает новый круг с пустой доски. При правиле «закончил — выиграл» "
        "закончивший слово сразу побеждает. Игра идёт, пока не останется один. "
        "Кто не сходил вовремя или сдался (/giveup), выбывает, доска остаётся. "
        "/stop — остановить игру (админам и тому, кто её начал).\n\n"
        "English Ghost (/play en): английские слова от 4 букв, кто закончил слово — проиграл.\n\n"
        "Игра на пальцах (/fingers): у каждого две руки по пальцу; ход — ударить рукой по руке соперника "
        "(прибавить свои пальцы) или перераспределить свои. Рука с 5+ пальцами умирает; обе руки мертвы — "
        "проигрыш. Позиция трижды или лимит ходов — ничья.",
        "The letter game. We take turns adding one letter. Every letter must leave the beginning of some "
        "noun (a common noun in its dictionary form, 2+ letters). Е and Ё are different letters.\n"
        "Rule “completing a word wins”: whoever completes a word wins.\n"
        "Rule “completing a word loses” (like Ghost): whoever completes a word loses.\n"
        "A letter after which no noun can be formed is refused and you move again; in strict mode it loses.\n\n"
        "5bukv: guess a 5-letter Russian noun in 6 tries. 🟨 right place, ⬜ elsewhere in the word, "
        "⬛ not in the word. Send the colours (ywg, жбс or the squares), or “word mask” if you typed your own word. "
        "If the game did not take the suggested word, press “🚫 The game did not take this word” for another.\n\n"
        "In a group: /play gathers players (the Join button; the bot may play too), who move in join order. "
        "Send a letter as a message, as a reply to the bot's message or as /l letter. "
        "Whoever completes a word (under “completing a word loses”) or plays a letter no word starts with "
        "is out, and the next player starts a new round on an empty board. Under “completing a word wins” "
        "completing a word wins at once. The game goes on until one player is left. "
        "A player who does not move in time, or gives up (/giveup), is out and the board stays. "
        "/stop ends the game (for the group's admins and whoever started it).\n\n"
        "English Ghost (/play en): English words of 4+ letters; completing a word loses.\n\n"
        "The finger game (/fingers): each player has two hands with a finger each; a move taps an opponent's "
        "hand (adding your fingers) or splits your own. A hand with 5+ dies; both hands dead loses. "
        "A position seen three times, or the move cap, is a draw.",
    )


def unknown_command(lang: Lang) -> str:
    return _t(lang, "Не знаю такой команды. Список — /help.", "I do not know that command. See /help.")


def nothing_running(lang: Lang) -> str:
    return _t(
        lang,
        "Сейчас игры нет. /play — игра в буквы, /5bukv — помощник для «5 букв».",
        "No game is running. /play — the letter game, /5bukv — the 5bukv helper.",
    )


def only_text(lang: Lang) -> str:
    return _t(lang, "Я понимаю только текст. ", "I only read text. ")


def something_went_wrong(lang: Lang) -> str:
    return _t(
        lang,
        "Что-то пошло не так на моей стороне. Ваша игра сохранена — попробуйте ещё раз.",
        "Something went wrong on my side. Your game is saved: please try again.",
    )


def stale_button(lang: Lang) -> str:
    return _t(lang, "Эта кнопка уже не действует.", "This button no longer works.")


def stats_text(lang: Lang, records: dict[str, Record]) -> str:
    if not records:
        return _t(lang, "Вы ещё не играли. /play — начать.", "You have not played yet. /play to start.")
    names = {
        "letters": _t(lang, "Буквы", "Letter game"),
        "5bukv": _t(lang, "«5 букв»", "5bukv"),
        "group": _t(lang, "Буквы в группе", "Letter game in groups"),
        "fingers": _t(lang, "Пальцы", "Finger game"),
        "ghost": _t(lang, "English Ghost", "English Ghost"),
    }
    lines = []
    for kind, record in sorted(records.items()):
        if kind == "fingers":
            lines.append(
                _t(
                    lang,
                    f"{names[kind]}: игр {record.played}, побед {record.won}, поражений {record.lost}, "
                    f"ничьих {record.draws}",
                    f"{names[kind]}: played {record.played}, won {record.won}, lost {record.lost}, "
                    f"drawn {record.draws}",
                )
            )
        elif kind == "5bukv":
            lines.append(
                _t(
                    lang,
                    f"{names[kind]}: сессий {record.played}, отгадано {record.won}",
                    f"{names[kind]}: sessions {record.played}, solved {record.won}",
                )
            )
        else:
            lines.append(
                _t(
                    lang,
                    f"{names.get(kind, kind)}: игр {record.played}, побед {record.won}, поражений {record.lost}, "
                    f"подсказок {record.hints}",
                    f"{names.get(kind, kind)}: played {record.played}, won {record.won}, lost {record.lost}, "
                    f"hints {record.hints}",
                )
            )
    return "\n".join(lines)


# ------------------------------------------------------------------ buttons


def button_letters(lang: Lang) -> str:
    return _t(lang, "🔤 Игра в буквы", "🔤 Letter game")


def button_5bukv(lang: Lang) -> str:
    return _t(lang, "🟨 Помощник «5 букв»", "🟨 5bukv helper")


def button_rule(lang: Lang, rule: Rule) -> str:
    if rule is Rule.COMPLETE_WINS:
        return _t(lang, "Закончил слово — выиграл", "Completing a word wins")
    return _t(lang, "Закончил слово — проиграл", "Completing a word loses")


def button_english_ghost(lang: Lang) -> str:
    return _t(lang, "👻 English Ghost", "👻 English Ghost (words of 4+ letters)")


def ghost_intro(lang: Lang) -> str:
    return _t(
        lang,
        "👻 English Ghost: английские слова от 4 букв (список Unix), кто закончил слово — проиграл.",
        "👻 English Ghost: English words of 4+ letters (the Unix word list); completing a word loses.",
    )


def button_first(lang: Lang, player_first: bool) -> str:
    return _t(lang, "Хожу первым", "I start") if player_first else _t(lang, "Начинает бот", "The bot starts")


def button_level(lang: Lang, level: Level) -> str:
    names = {
        Level.PERFECT: _t(lang, "Безупречный", "Perfect"),
        Level.STRONG: _t(lang, "Сильный", "Strong"),
        Level.EASY: _t(lang, "Лёгкий", "Easy"),
    }
    return names[level]


def button_strict(lang: Lang, strict: bool) -> str:
    if strict:
        return _t(lang, "Строго: плохая буква проигрывает", "Strict: a bad letter loses")
    return _t(lang, "Мягко: плохую букву можно переходить", "Gentle: a bad letter is refused")


def button_hint(lang: Lang, stage: int) -> str:
    return _t(lang, "💡 Подсказка", "💡 Hint") if stage == 0 else _t(lang, "🏆 Какие выигрывают?", "🏆 Which win?")


def button_giveup(lang: Lang) -> str:
    return _t(lang, "🏳 Сдаться", "🏳 Give up")


def button_again(lang: Lang) -> str:
    return _t(lang, "🔁 Ещё партию", "🔁 Play again")


def button_done(lang: Lang) -> str:
    return _t(lang, "✅ Готово", "✅ Done")


def button_refused(lang: Lang) -> str:
    return _t(lang, "🚫 Игра не приняла это слово", "🚫 The game did not take this word")


def button_undo(lang: Lang) -> str:
    return _t(lang, "↩️ Отменить", "↩️ Undo")


def button_tile(letter: str, colour: Colour) -> str:
    return f"{SQUARE[colour]} {letter.upper()}"


# ------------------------------------------------------------------ letter game: setup


def ask_rule(lang: Lang) -> str:
    return _t(lang, "Игра в буквы. Какое правило?", "The letter game. Which rule?")


def ask_first(lang: Lang) -> str:
    return _t(lang, "Кто начинает?", "Who starts?")


def ask_level(lang: Lang) -> str:
    return _t(lang, "Насколько сильно мне играть?", "How strong should I play?")


def ask_strict(lang: Lang) -> str:
    return _t(
        lang,
        "А если написать букву, после которой слова не составить?",
        "And a letter after which no noun can be formed?",
    )


def choose_with_buttons(lang: Lang) -> str:
    return _t(lang, "Выберите кнопкой выше (или /play заново).", "Choose with a button above (or /play again).")


def game_set(lang: Lang, rule: Rule, player_first: bool, level: Level, strict: bool, *, english: bool = False) -> str:
    name = button_english_ghost(lang) if english else button_rule(lang, rule)
    return (
        f"{name} · {button_level(lang, level)} · {button_strict(lang, strict)}\n"
        + (_t(lang, "Ваш ход: пришлите букву.", "Your move: send a letter.") if player_first else "")
    ).rstrip()


# ------------------------------------------------------------------ letter game: play


def _examples(lang: Lang, plays: Sequence[Play], limit: int = 8) -> str:
    shown = ", ".join(f"{p.letter.upper()} ({p.example})" for p in plays[:limit])
    more = len(plays) - limit
    return shown + (_t(lang, f" и ещё {more}", f" and {more} more") if more > 0 else "")


def turn_text(lang: Lang, turn: Turn, rule: Rule) -> str:
    lines = []
    if turn.player_letter is not None:
        lines.append(_t(lang, f"Вы: {turn.player_letter.upper()}", f"You: {turn.player_letter.upper()}"))
    if turn.bot_letter is not None:
        lines.append(_t(lang, f"Я: {turn.bot_letter.upper()}", f"Me: {turn.bot_letter.upper()}"))
    lines.append(_t(lang, f"Доска: {board(turn.board)}", f"Board: {board(turn.board)}"))
    ending = turn.ending
    if ending is None:
        lines.append(_t(lang, "Ваш ход.", "Your move."))
        return "\n".join(lines)
    if ending.reason is EndReason.COMPLETED_WORD:
        word = board(ending.word or "")
        if rule is Rule.COMPLETE_WINS:
            why = _t(
                lang,
                f"Слово {word} закончено — кто закончил, тот выиграл.",
                f"The word {word} is complete, and completing a word wins.",
            )
        else:
            why = _t(
                lang,
                f"Слово {word} закончено — кто закончил, тот проиграл.",
                f"The word {word} is complete, and completing a word loses.",
            )
    else:
        why = _t(
            lang,
            f"Ни одно существительное не начинается с {board(ending.board)}.",
            f"No noun starts with {board(ending.board)}.",
        )
        if ending.possible:
            why += _t(lang, " Можно было: ", " Possible letters were: ") + _examples(lang, ending.possible)
    lines.append(why)
    lines.append(
        _t(lang, "🎉 Вы выиграли!", "🎉 You won!") if ending.player_won else _t(lang, "🤖 Я выиграл.", "🤖 I won.")
    )
    return "\n".join(lines)


def refusal_text(lang: Lang, refusal: Refusal) -> str:
    if refusal.word_on_the_way:
        why = _t(
            lang,
            f"{board(refusal.attempted)}: игра закончится раньше, на слове {board(refusal.word_on_the_way)}.",
            f"{board(refusal.attempted)}: the game would end earlier, at {board(refusal.word_on_the_way)}.",
        )
    else:
        why = _t(
            lang,
            f"Ни одно существительное не начинается с {board(refusal.attempted)}.",
            f"No noun starts with {board(refusal.attempted)}.",
        )
    return (
        f"❌ {why}\n"
        + _t(lang, "Ходите ещё раз. Например: ", "Move again. For example: ")
        + _examples(lang, refusal.possible, limit=5)
    )


def not_a_letter(lang: Lang, error: InputError, english: bool = False) -> str:
    if error.problem is InputProblem.NOT_ONE_LETTER:
        return _t(lang, "Нужна ровно одна буква.", "One letter, please.")
    if english:
        return _t(
            lang, "Пришлите одну латинскую букву (или /hint, /giveup).", "Send one letter a-z (or /hint, /giveup)."
        )
    return _t(lang, "Пришлите одну русскую букву (или /hint, /giveup).", "Send one Russian letter (or /hint, /giveup).")


def hint_text(lang: Lang, hint: Hint) -> str:
    if hint.stage == 1:
        letters = " ".join(p.letter.upper() for p in hint.plays)
        return _t(lang, f"💡 Можно сыграть: {letters}", f"💡 You can play: {letters}")
    if not hint.plays:
        return _t(
            lang, "🏆 При моей лучшей игре здесь выигрывающих букв нет.", "🏆 Against my best play no letter wins here."
        )
    return _t(lang, "🏆 Выигрывают: ", "🏆 Winning letters: ") + _examples(lang, hint.plays, limit=12)


def no_game_to_hint(lang: Lang) -> str:
    return _t(
        lang,
        "Подсказки — во время игры в буквы. /play — начать.",
        "Hints are for a letter game in progress. /play to start.",
    )


def gave_up_text(lang: Lang, give_up: GiveUp) -> str:
    head = _t(lang, f"🏳 Вы сдались на {board(give_up.board)}.", f"🏳 You gave up at {board(give_up.board)}.")
    if give_up.bot_was_winning:
        how = _t(lang, "Я выигрывал так: ", "I was winning like this: ") + give_up.strategy
    else:
        letters = " ".join(letter.upper() for letter in give_up.winning_letters)
        how = (
            _t(
                lang,
                f"А ведь вы выигрывали: {letters}. Например: ",
                f"Yet you were winning with {letters}. For example: ",
            )
            + give_up.strategy
        )
    return f"{head}\n{how[:3500]}"


def who_wins_text(lang: Lang, answer: WhoWins, rule: Rule) -> str:
    rule_name = button_rule(lang, rule)
    where = board(answer.board) if answer.board else _t(lang, "пустой доски", "the empty board")
    if answer.over_word:
        return _t(
            lang,
            f"{board(answer.board)} — уже слово: игра окончена ({rule_name}).",
            f"{board(answer.board)} is already a word: the game is over ({rule_name}).",
        )
    first = answer.winner == "first"
    winner = _t(lang, "первый игрок" if first else "второй игрок", "the first player" if first else "the second player")
    text = _t(
        lang,
        f"{rule_name}. С {where} при лучшей игре выигрывает {winner}.",
        f"{rule_name}. From {where}, with perfect play, {winner} wins.",
    )
    if answer.winning:
        text += _t(lang, "\nВыигрывающие буквы: ", "\nWinning letters: ") + _examples(lang, answer.winning, limit=12)
    else:
        text += _t(lang, "\nУ того, кто ходит, выигрывающих букв нет.", "\nThe player to move has no winning letter.")
    return text


def who_wins_bad(lang: Lang, letters: str, why: str) -> str:
    return _t(lang, f"С {board(letters)} игры нет: {why}", f"No game from {board(letters)}: {why}")


def no_word_starts(lang: Lang) -> str:
    return _t(lang, "ни одно существительное так не начинается.", "no noun starts like that.")


def ends_earlier(lang: Lang, word: str) -> str:
    return _t(lang, f"игра кончится раньше, на {board(word)}.", f"the game ends earlier, at {board(word)}.")


def not_letters(lang: Lang) -> str:
    return _t(
        lang,
        "после /whowins нужны русские буквы, например /whowins йо.",
        "/whowins takes Russian letters, for example /whowins йо.",
    )


# ------------------------------------------------------------------ 5bukv


def squares(mask: Sequence[Colour]) -> str:
    return "".join(SQUARE[c] for c in mask)


def entry_line(entry: Entry) -> str:
    return f"{squares(entry.mask)} {entry.word.upper()}"


def progress_text(lang: Lang, progress: Progress) -> str:
    lines = [entry_line(e) for e in progress.entries]
    if progress.refused:
        words = ", ".join(word.upper() for word in progress.refused)
        lines.append(_t(lang, f"🚫 Игра не приняла: {words}", f"🚫 Not taken by the game: {words}"))
    if progress.solved:
        tries = len(progress.entries)
        lines.append(_t(lang, f"🎉 Отгадано за {tries} попыт{_plural_ru(tries)}!", f"🎉 Solved in {tries} tries!"))
        return "\n".join(lines)
    if progress.no_candidate:
        lines.append(
            _t(
                lang,
                "🤔 Ни одно слово из моего списка не подходит под эти маски. Проверьте их — /undo отменит последнюю.",
                "🤔 No word of my list fits these colours. Check them: /undo takes back the last one.",
            )
        )
        return "\n".join(lines)
    assert progress.suggestion is not None
    remaining = _t(lang, f"Возможных слов: {progress.remaining}", f"Words still possible: {progress.remaining}")
    if progress.listed:
        remaining += ": " + ", ".join(progress.listed)
    lines += [
        remaining,
        _t(lang, f"Попробуйте: {progress.suggestion.upper()}", f"Try: {progress.suggestion.upper()}"),
        _t(
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
        return _t(
            lang, f"В маске должно быть 5 цветов, а не {error.length}.", f"A mask has 5 colours, not {error.length}."
        )
    if error.problem is EntryProblem.UNKNOWN_SYMBOL:
        return _t(
            lang,
            f"Не понимаю знак «{error.symbol}». Цвета: Ж/y/🟨, Б/w/⬜, С/g/⬛.",
            f"I do not understand “{error.symbol}”. Colours: y/ж/🟨, w/б/⬜, g/с/⬛.",
        )
    if error.problem is EntryProblem.WORD_NOT_FIVE_LETTERS:
        return _t(
            lang,
            "Слово должно быть из 5 букв: «слово маска», например «норка ggwyg».",
            "The word must have 5 letters: “word mask”, for example “норка ggwyg”.",
        )
    return _t(lang, "Пришлите маску из 5 цветов, например ЖБССС.", "Send a mask of 5 colours, like ywggg.")


def nothing_to_undo(lang: Lang) -> str:
    return _t(lang, "Отменять нечего.", "Nothing to undo.")


def helper_finished(lang: Lang) -> str:
    return _t(
        lang,
        "Это слово уже отгадано. /5bukv — новая игра, /undo — отменить.",
        "That word is solved. /5bukv for a new one, /undo to take it back.",
    )


# ------------------------------------------------------------------ the letter game in a group


def _player(session: GroupSession, player: int, lang: Lang) -> str:
    return _t(lang, "Буквоед 🤖", "Bukvoed 🤖") if player == BOT else session.name(player)


def button_join(lang: Lang) -> str:
    return _t(lang, "🙋 Играю", "🙋 Join")


def button_add_bot(lang: Lang) -> str:
    return _t(lang, "🤖 Бот тоже играет", "🤖 The bot plays too")


def button_start(lang: Lang) -> str:
    return _t(lang, "▶️ Начать", "▶️ Start")


def _group_rule(lang: Lang, session: GroupSession) -> str:
    if session.dictionary == "en":
        return _t(lang, "английский Ghost (слова от 4 букв, закончил — проиграл)", "English Ghost (4+ letters)")
    return button_rule(lang, Rule(session.rule))


def lobby_text(lang: Lang, session: GroupSession) -> str:
    players = ", ".join(_player(session, p, lang) for p in session.players) or "—"
    return _t(
        lang,
        f"🔤 Игра в буквы на всю группу. Правило: {_group_rule(lang, session)}.\n"
        f"Игроки: {players}\nНажмите «Играю»; «Начать» — когда игроков двое или больше.",
        f"🔤 The letter game for the whole group. Rule: {_group_rule(lang, session)}.\n"
        f"Players: {players}\nTap Join; Start when there are two players or more.",
    )


def group_game_running(lang: Lang) -> str:
    return _t(
        lang,
        "В группе уже идёт игра. /stop — остановить (админам и тому, кто её начал).",
        "A game is already running here. /stop ends it (for admins and whoever started it).",
    )


def already_joined(lang: Lang) -> str:
    return _t(lang, "Вы уже в игре.", "You are in already.")


def join_first(lang: Lang) -> str:
    return _t(lang, "Сначала нажмите «Играю».", "Tap Join first.")


def need_two_players(lang: Lang) -> str:
    return _t(lang, "Нужно хотя бы двое игроков.", "At least two players are needed.")


def not_your_turn(lang: Lang, session: GroupSession) -> str:
    who = _player(session, session.current, lang)
    return _t(lang, f"Сейчас ходит {who}.", f"It is {who}'s turn.")


def no_group_game(lang: Lang) -> str:
    return _t(lang, "Игры нет. /play — собрать игру в буквы.", "No game is running. /play gathers a letter game.")


def not_in_game(lang: Lang) -> str:
    return _t(lang, "Вы не в этой игре.", "You are not in this game.")


def group_stop_refused(lang: Lang) -> str:
    return _t(
        lang,
        "Остановить игру могут админы группы и тот, кто её начал.",
        "Only the group's admins and whoever started the game can stop it.",
    )


def group_stopped(lang: Lang) -> str:
    return _t(lang, "⏹ Игра остановлена.", "⏹ The game is stopped.")


def group_letter_usage(lang: Lang) -> str:
    return _t(lang, "Напишите букву после команды: /l к", "Put the letter after the command: /l k")


def _event_lines(lang: Lang, session: GroupSession, event: Event) -> list[str]:
    who = _player(session, event.player, lang)
    lines = [f"{who}: {event.letter.upper()}"] if event.letter else []
    if event.outcome is Outcome.WORD:
        if event.winner == event.player and event.player not in event.out:
            lines.append(
                _t(
                    lang,
                    f"Слово {board(event.board)} закончено — кто закончил, тот выиграл.",
                    f"The word {board(event.board)} is complete, and completing a word wins.",
                )
            )
        else:
            lines.append(
                _t(
                    lang,
                    f"Слово {board(event.board)} закончено — {who} выбывает.",
                    f"The word {board(event.board)} is complete: {who} is out.",
                )
            )
    elif event.outcome is Outcome.NO_WORD:
        line = _t(
            lang,
            f"Ни одно слово не начинается с {board(event.board)} — {who} выбывает.",
            f"No word starts with {board(event.board)}: {who} is out.",
        )
        if event.possible:
            line += _t(lang, " Можно было: ", " Possible letters were: ") + _examples(lang, event.possible, limit=5)
        lines.append(line)
    elif event.outcome is Outcome.TIMEOUT:
        lines.append(_t(lang, f"⏰ {who} не успел сходить и выбывает.", f"⏰ {who} ran out of time and is out."))
    elif event.outcome is Outcome.LEFT:
        lines.append(_t(lang, f"🏳 {who} выходит из игры.", f"🏳 {who} leaves the game."))
    return lines


def group_turn_text(lang: Lang, session: GroupSession, events: Sequence[Event], seconds: float) -> str:
    """The events since the last message, then the board and who moves next (or who won)."""
    lines = [line for event in events for line in _event_lines(lang, session, event)]
    if session.over:
        if session.winner is not None:
            winner = _player(session, session.winner, lang)
            lines.append(_t(lang, f"🏆 Победитель: {winner}!", f"🏆 The winner: {winner}!"))
        return "\n".join(lines)
    who = _player(session, session.current, lang)
    lines.append(_t(lang, f"Доска: {board(session.board)}", f"Board: {board(session.board)}"))
    lines.append(
        _t(
            lang,
            f"Ходит {who} ({seconds:g} с): букву — сообщением, ответом на это сообщение или /l буква.",
            f"{who} to move ({seconds:g} s): a letter, as a message, a reply to this one or /l letter.",
        )
    )
    return "\n".join(lines)


# ------------------------------------------------------------------ the finger game


def fingers_intro(lang: Lang) -> str:
    return _t(
        lang,
        "✋ Игра на пальцах (割り箸). У каждого две руки, на каждой сначала по пальцу. Ход — ударить своей рукой "
        "по руке соперника (к ней прибавится столько пальцев) или перераспределить свои пальцы. Рука с 5 и больше "
        "пальцами умирает 💀; у кого обе руки мертвы — проиграл.\nНасколько сильно мне играть?",
        "✋ The finger game (chopsticks, 割り箸). Each player has two hands with one finger each. A move: tap one of "
        "the opponent's hands with one of yours (it gets your fingers added) or split your fingers anew. A hand "
        "with 5 or more dies 💀; whoever has both hands dead has lost.\nHow strong should I play?",
    )


def _hands(hands: Sequence[int]) -> str:
    return "  ".join(f"✋{count}" if count else "💀" for count in sorted(hands))


def fingers_board(lang: Lang, session: FingerSession) -> str:
    return (
        _t(lang, f"🤖 Я:   {_hands(session.bot)}", f"🤖 Me:  {_hands(session.bot)}")
        + "\n"
        + _t(lang, f"🙂 Вы: {_hands(session.player)}", f"🙂 You: {_hands(session.player)}")
    )


def finger_move(lang: Lang, move: Move) -> str:
    return describe(move, lang)


def fingers_text(lang: Lang, session: FingerSession, turn: FingerTurn | None, cap: int) -> str:
    lines = []
    if turn is not None and turn.player_move is not None:
        lines.append(_t(lang, "Вы: ", "You: ") + finger_move(lang, turn.player_move))
    if turn is not None and turn.bot_move is not None:
        lines.append(_t(lang, "Я: ", "Me: ") + finger_move(lang, turn.bot_move))
    lines.append(fingers_board(lang, session))
    result = turn.result if turn is not None else None
    if result is FingerResult.WON:
        lines.append(_t(lang, "🎉 Вы выиграли!", "🎉 You won!"))
    elif result is FingerResult.LOST:
        lines.append(_t(lang, "🤖 Я выиграл.", "🤖 I won."))
    elif result is FingerResult.DRAW_REPETITION:
        lines.append(_t(lang, "🤝 Ничья: позиция повторилась трижды.", "🤝 A draw: the position came up three times."))
    elif result is FingerResult.DRAW_CAP:
        lines.append(_t(lang, f"🤝 Ничья: сделано {cap} ходов.", f"🤝 A draw: {cap} moves have been made."))
    else:
        lines.append(_t(lang, "Ваш ход:", "Your move:"))
    return "\n".join(lines)


def fingers_ask_first(lang: Lang) -> str:
    return _t(
        lang,
        "Кто начинает? (При безупречной игре обеих сторон начинающий проигрывает.)",
        "Who starts? (With perfect play on both sides, whoever starts loses.)",
    )


def button_finger_game(lang: Lang) -> str:
    return _t(lang, "✋ Игра на пальцах", "✋ Finger game")


def button_fingers(lang: Lang) -> str:
    return _t(lang, "✋ Ещё партию", "✋ Play again")
