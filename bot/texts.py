"""Words every game shares (the menu, help, records, errors): Russian first, English for
English-speaking Telegram users. Each game's own words are in ``bot/<game>/texts.py``."""

from __future__ import annotations

from typing import Literal

from babel import Locale

from bot.storage import Record
from solver.levels import Level

Lang = Literal["ru", "en"]


def language(code: str | None) -> Lang:
    return "en" if code and code.lower().startswith("en") else "ru"


def t(lang: Lang, ru: str, en: str) -> str:
    return en if lang == "en" else ru


_LOCALES: dict[Lang, Locale] = {"ru": Locale("ru"), "en": Locale("en")}
_RUSSIAN_FORM = {"one": 0, "few": 1, "many": 2, "other": 1}


def count(lang: Lang, number: int, ru: tuple[str, str, str], en: tuple[str, str]) -> str:
    """``number`` with its noun in the plural form CLDR's rules give for it (through Babel):
    ``ru`` is the noun for 1, 2 and 5 («ход», «хода», «ходов»), ``en`` for 1 and 2."""
    form = _LOCALES[lang].plural_form(number)
    noun = (en[0] if form == "one" else en[1]) if lang == "en" else ru[_RUSSIAN_FORM[form]]
    return f"{number} {noun}"


def game_name(lang: Lang, kind: str) -> str:
    """A private game's name, by its session kind."""
    names = {
        "letters": t(lang, "игра в буквы", "the letter game"),
        "5bukv": t(lang, "«5 букв»", "5bukv"),
        "fingers": t(lang, "игра на пальцах", "the finger game"),
    }
    return names.get(kind, kind)


def ask_to_resign(lang: Lang, kind: str, *, lost: bool = True) -> str:
    """``lost`` False: the game was already counted as won (solved, then undone), and stays so."""
    name = game_name(lang, kind)
    if not lost:
        return t(
            lang,
            f"Сейчас идёт {name}. Начать новую игру — значит сдаться в этой (слово вы уже отгадали: победа останется).",
            f"You are in the middle of {name}. Starting a new game means resigning this one "
            "(you solved it before: it stays a win).",
        )
    return t(
        lang,
        f"Сейчас идёт {name}. Начать новую игру — значит сдаться в этой (засчитается поражение).",
        f"You are in the middle of {name}. Starting a new game means resigning this one (it counts as a loss).",
    )


def button_resign_and_start(lang: Lang) -> str:
    return t(lang, "🏳 Сдаться и начать", "🏳 Resign and start")


def button_keep_playing(lang: Lang) -> str:
    return t(lang, "▶️ Играть дальше", "▶️ Keep playing")


def button_again(lang: Lang) -> str:
    """The «play again» label after a finished game: one for every game."""
    return t(lang, "🔁 Ещё партию", "🔁 Play again")


def button_other_setup(lang: Lang) -> str:
    return t(lang, "⚙️ Ещё партию, другие настройки", "⚙️ Play again, other settings")


def no_undo(lang: Lang, kind: str) -> str:
    return t(
        lang,
        f"Ходы не отменяются ({game_name(lang, kind)}); /undo — для масок «5 букв».",
        f"Moves cannot be taken back ({game_name(lang, kind)}); /undo is for 5bukv's colours.",
    )


def keep_playing(lang: Lang) -> str:
    return t(lang, "Играем дальше.", "Playing on.")


def resigned(lang: Lang, kind: str, *, lost: bool = True) -> str:
    name = game_name(lang, kind)
    if not lost:
        return t(lang, f"🏳 Вы сдались ({name}): победа остаётся.", f"🏳 You resigned {name}: it stays a win.")
    return t(lang, f"🏳 Вы сдались ({name}): засчитано поражение.", f"🏳 You resigned {name}: it counts as a loss.")


COMMANDS: dict[Lang, list[tuple[str, str]]] = {
    "ru": [
        ("play", "сыграть в буквы"),
        ("hint", "подсказка"),
        ("giveup", "сдаться"),
        ("whowins", "кто выигрывает с этих букв"),
        ("word", "есть ли слово в играх"),
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
        ("word", "does a word count in the games"),
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
        "/word слово — есть ли слово в играх, а если нет, то почему\n"
        "/play en — английский Ghost (слова от 4 букв, закончил слово — проиграл)\n"
        "/fingers — игра на пальцах («палочки», Chopsticks)\n"
        "/5bukv — помощник для «5 букв»: присылайте маску, я подскажу слово\n"
        "/undo — отменить последнюю маску\n"
        "/stats — ваши результаты\n"
        "/rules — правила",
        "/play — the letter game: we take turns adding a letter to a word's beginning\n"
        "/hint — the letters you can play; again — which of them win\n"
        "/giveup — give up (I show how I would have won)\n"
        "/whowins [letters] — who wins from these letters with perfect play\n"
        "/word WORD — does a word count in the games, and if not, why\n"
        "/play en — English Ghost (words of 4+ letters; completing a word loses)\n"
        "/fingers — the finger game (chopsticks)\n"
        "/5bukv — helper for 5bukv: send the colours, I suggest the next word\n"
        "/undo — take back the last mask\n"
        "/stats — your record\n"
        "/rules — the rules",
    )


#: One /rules_<game> command per game: (command, Russian name, English name).
RULES_COMMANDS = [
    ("rules_letters", "буквы", "the letter game"),
    ("rules_5bukv", "«5 букв»", "5bukv"),
    ("rules_fingers", "пальцы", "the finger game"),
    ("rules_group", "буквы в группе", "the letter game in a group"),
]


def with_other_rules(lang: Lang, rules: str, command: str) -> str:
    """A game's rules, then how to reach the other games' rules (each a tappable command)."""
    others = ", ".join(f"/{name} — {t(lang, ru, en)}" for name, ru, en in RULES_COMMANDS if name != command)
    return rules + "\n\n" + t(lang, "Правила других игр: ", "Other games' rules: ") + others


def unknown_command(lang: Lang) -> str:
    return t(lang, "Не знаю такой команды. Список — /help.", "I do not know that command. See /help.")


def nothing_running(lang: Lang) -> str:
    return t(
        lang,
        "Сейчас игры нет. /play — игра в буквы, /5bukv — помощник для «5 букв», /fingers — игра на пальцах.",
        "No game is running. /play — the letter game, /5bukv — the 5bukv helper, /fingers — the finger game.",
    )


def only_text(lang: Lang) -> str:
    return t(lang, "Я понимаю только текст. ", "I only read text. ")


def something_went_wrong(lang: Lang) -> str:
    return t(
        lang,
        "Что-то пошло не так на моей стороне. Ваша игра сохранена — попробуйте ещё раз.",
        "Something went wrong on my side. Your game is saved: please try again.",
    )


def try_again_soon(lang: Lang) -> str:
    return t(
        lang,
        "Не получается сохранить игру: попробуйте ещё раз через минуту. Всё, что было до этого, сохранено.",
        "I cannot save the game right now: please try again in a minute. Everything before this is saved.",
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
    return t(lang, "Я начинаю", "I start") if player_first else t(lang, "Начинает бот", "The bot starts")


def button_level(lang: Lang, level: Level) -> str:
    names = {
        Level.PERFECT: t(lang, "Безупречный", "Perfect"),
        Level.STRONG: t(lang, "Сильный", "Strong"),
        Level.EASY: t(lang, "Лёгкий", "Easy"),
    }
    return names[level]


def button_finger_game(lang: Lang) -> str:
    return t(lang, "✋ Игра на пальцах", "✋ Finger game")
