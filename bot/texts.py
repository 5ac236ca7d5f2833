"""Words every game shares (the menu, help, records, errors): Russian first, English for
English-speaking Telegram users. Each game's own words are in ``bot/<game>/texts.py``."""

from __future__ import annotations

from typing import Literal

from bot.storage import Record
from solver.levels import Level

Lang = Literal["ru", "en"]


def language(code: str | None) -> Lang:
    return "en" if code and code.lower().startswith("en") else "ru"


def t(lang: Lang, ru: str, en: str) -> str:
    return en if lang == "en" else ru


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


def greeting(lang: Lang, name: str) -> str:
    return t(
        lang,
        f"Привет, {name}! Я Буквоед: играю в слова безупречно, потому что решил игры до конца.\nВо что сыграем?",
        f"Hello, {name}! I am Bukvoed: I play word games perfectly, because I have solved them exactly.\n"
        "What shall we play?",
    )


def help_text(lang: Lang) -> str:
    return t(
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
    return t(
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
    return t(lang, "Не знаю такой команды. Список — /help.", "I do not know that command. See /help.")


def nothing_running(lang: Lang) -> str:
    return t(
        lang,
        "Сейчас игры нет. /play — игра в буквы, /5bukv — помощник для «5 букв».",
        "No game is running. /play — the letter game, /5bukv — the 5bukv helper.",
    )


def only_text(lang: Lang) -> str:
    return t(lang, "Я понимаю только текст. ", "I only read text. ")


def something_went_wrong(lang: Lang) -> str:
    return t(
        lang,
        "Что-то пошло не так на моей стороне. Ваша игра сохранена — попробуйте ещё раз.",
        "Something went wrong on my side. Your game is saved: please try again.",
    )


def stale_button(lang: Lang) -> str:
    return t(lang, "Эта кнопка уже не действует.", "This button no longer works.")


def stats_text(lang: Lang, records: dict[str, Record]) -> str:
    if not records:
        return t(lang, "Вы ещё не играли. /play — начать.", "You have not played yet. /play to start.")
    names = {
        "letters": t(lang, "Буквы", "Letter game"),
        "5bukv": t(lang, "«5 букв»", "5bukv"),
        "group": t(lang, "Буквы в группе", "Letter game in groups"),
        "fingers": t(lang, "Пальцы", "Finger game"),
        "ghost": t(lang, "English Ghost", "English Ghost"),
    }
    lines = []
    for kind, record in sorted(records.items()):
        if kind == "fingers":
            lines.append(
                t(
                    lang,
                    f"{names[kind]}: игр {record.played}, побед {record.won}, поражений {record.lost}, "
                    f"ничьих {record.draws}",
                    f"{names[kind]}: played {record.played}, won {record.won}, lost {record.lost}, "
                    f"drawn {record.draws}",
                )
            )
        elif kind == "5bukv":
            lines.append(
                t(
                    lang,
                    f"{names[kind]}: сессий {record.played}, отгадано {record.won}",
                    f"{names[kind]}: sessions {record.played}, solved {record.won}",
                )
            )
        else:
            lines.append(
                t(
                    lang,
                    f"{names.get(kind, kind)}: игр {record.played}, побед {record.won}, поражений {record.lost}, "
                    f"подсказок {record.hints}",
                    f"{names.get(kind, kind)}: played {record.played}, won {record.won}, lost {record.lost}, "
                    f"hints {record.hints}",
                )
            )
    return "\n".join(lines)


def button_letters(lang: Lang) -> str:
    return t(lang, "🔤 Игра в буквы", "🔤 Letter game")


def button_5bukv(lang: Lang) -> str:
    return t(lang, "🟨 Помощник «5 букв»", "🟨 5bukv helper")


def button_first(lang: Lang, player_first: bool) -> str:
    return t(lang, "Хожу первым", "I start") if player_first else t(lang, "Начинает бот", "The bot starts")


def button_level(lang: Lang, level: Level) -> str:
    names = {
        Level.PERFECT: t(lang, "Безупречный", "Perfect"),
        Level.STRONG: t(lang, "Сильный", "Strong"),
        Level.EASY: t(lang, "Лёгкий", "Easy"),
    }
    return names[level]


def button_finger_game(lang: Lang) -> str:
    return t(lang, "✋ Игра на пальцах", "✋ Finger game")
