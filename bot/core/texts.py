"""Words every game shares (the menu, help, records, errors): Russian first, English for
English-speaking Telegram users and those who chose it with /lang. Each game's own words are in
``bot/<game>/texts.py``."""

from __future__ import annotations

from typing import Literal

from babel import Locale

from bot.storage import Record
from solver.levels import Level
from solver.review import Summary

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


def ask_to_resign(lang: Lang, name: str, *, lost: bool = True) -> str:
    """``name``: the game under way; ``lost`` False: it was already counted as won (solved, then
    undone), and stays so."""
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


def button_review(lang: Lang) -> str:
    """The review button after a finished game: one for every game."""
    return t(lang, "🔍 Разбор партии", "🔍 Review")


def button_picture(lang: Lang) -> str:
    """Under a review: the same review as a picture."""
    return t(lang, "🖼 Картинкой", "🖼 As a picture")


def nothing_to_review(lang: Lang) -> str:
    return t(
        lang,
        "Разбирать пока нечего: разбор — после законченной партии.",
        "Nothing to review yet: a review comes after a finished game.",
    )


def review_after_the_end(lang: Lang) -> str:
    return t(
        lang,
        "Разбор — когда партия закончится (иначе это подсказка). Сдаться: /giveup.",
        "The review comes when the game is over (else it would be a hint). To give up: /giveup.",
    )


def button_other_setup(lang: Lang) -> str:
    return t(lang, "⚙️ Ещё партию, другие настройки", "⚙️ Play again, other settings")


def no_undo(lang: Lang, name: str) -> str:
    return t(
        lang,
        f"Ходы не отменяются ({name}); /undo — для масок «5 букв».",
        f"Moves cannot be taken back ({name}); /undo is for 5bukv's colours.",
    )


def keep_playing(lang: Lang) -> str:
    return t(lang, "Играем дальше.", "Playing on.")


def resigned(lang: Lang, name: str, *, lost: bool = True) -> str:
    if not lost:
        return t(lang, f"🏳 Вы сдались ({name}): победа остаётся.", f"🏳 You resigned {name}: it stays a win.")
    return t(lang, f"🏳 Вы сдались ({name}): засчитано поражение.", f"🏳 You resigned {name}: it counts as a loss.")


#: The commands no one game owns, in the command menu after the games' own (Russian, English).
COMMON_COMMANDS: list[tuple[str, str, str]] = [
    ("hint", "подсказка", "a hint"),
    ("giveup", "сдаться", "give up"),
    ("undo", "отменить последнюю маску", "take back the last mask"),
    ("review", "разбор последней партии", "review the last game"),
    ("stats", "мои результаты", "my record"),
    ("rules", "правила", "the rules"),
    ("help", "что умеет бот", "what the bot does"),
    ("lang", "язык бота: русский или English", "the bot's language: English or русский"),
]


def greeting(lang: Lang, name: str) -> str:
    return t(
        lang,
        f"Привет, {name}! Я Буквоед: играю в слова безупречно, потому что решил игры до конца.\n"
        "Во что сыграем? (In English: /lang en)",
        f"Hello, {name}! I am Bukvoed: I play word games perfectly, because I have solved them exactly.\n"
        "What shall we play? (По-русски: /lang ru)",
    )


def help_tail(lang: Lang) -> str:
    """The last lines of /help, after every game's own."""
    return t(
        lang,
        "/stats — ваши результаты\n/rules — правила\n/lang — язык бота (English: /lang en)",
        "/stats — your record\n/rules — the rules\n/lang — the bot's language (по-русски: /lang ru)",
    )


#: The languages /lang offers: its argument, and the button that chooses it (in that language).
LANGUAGES: dict[Lang, str] = {"ru": "🇷🇺 Русский", "en": "🇬🇧 English"}


def language_named(code: str) -> Lang | None:
    """The language ``code`` names (``ru``, ``en``, any case); None for any other."""
    return next((lang for lang in LANGUAGES if lang == code.lower()), None)


def ask_language(lang: Lang) -> str:
    """/lang without an argument: the buttons follow."""
    return t(
        lang,
        "Сейчас я говорю с вами по-русски. На каком языке говорить? (Или сразу: /lang en, /lang ru.)",
        "I speak English with you now. Which language shall I speak? (Or at once: /lang ru, /lang en.)",
    )


def language_chosen(lang: Lang) -> str:
    """Said in the language just chosen."""
    return t(
        lang,
        "Готово: теперь я говорю с вами по-русски (и запомню это). Английский Ghost — /play en.",
        "Done: I speak English with you now (and will remember it). The Russian letter game is /play ru.",
    )


def language_usage(lang: Lang) -> str:
    """/lang with an argument it does not know."""
    return t(
        lang,
        "/lang ru — по-русски, /lang en — in English; /lang — кнопками.",
        "/lang en — in English, /lang ru — по-русски; /lang alone shows buttons.",
    )


def with_other_rules(lang: Lang, rules: str, others: list[tuple[str, str]]) -> str:
    """A game's rules, then how to reach the other games' rules (``others``: command and name,
    each a tappable command)."""
    listed = ", ".join(f"/{command} — {name}" for command, name in others)
    return rules + "\n\n" + t(lang, "Правила других игр: ", "Other games' rules: ") + listed


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


def store_lost(lang: Lang) -> str:
    """The database file is gone from under the bot: this message was not saved, and the bot restarts."""
    return t(
        lang,
        "Не получилось сохранить это сообщение: бот перезапускается. Отправьте его ещё раз через пару минут.",
        "I could not save this message: the bot is restarting. Please send it again in a couple of minutes.",
    )


def stale_button(lang: Lang) -> str:
    return t(lang, "Эта кнопка уже не действует.", "This button no longer works.")


def no_records(lang: Lang) -> str:
    return t(lang, "Вы ещё не играли. /play — начать.", "You have not played yet. /play to start.")


def games_record(lang: Lang, name: str, record: Record) -> str:
    """A /stats line for a game won or lost, with hints."""
    return t(
        lang,
        f"{name}: игр {record.played}, побед {record.won}, поражений {record.lost}, подсказок {record.hints}",
        f"{name}: played {record.played}, won {record.won}, lost {record.lost}, hints {record.hints}",
    )


def button_first(lang: Lang, player_first: bool) -> str:
    return t(lang, "Я начинаю", "I start") if player_first else t(lang, "Начинает бот", "The bot starts")


def button_level(lang: Lang, level: Level) -> str:
    names = {
        Level.PERFECT: t(lang, "Безупречный", "Perfect"),
        Level.STRONG: t(lang, "Сильный", "Strong"),
        Level.EASY: t(lang, "Лёгкий", "Easy"),
    }
    return names[level]


def private_only(lang: Lang, username: str) -> str:
    return t(
        lang,
        f"Это игра для личного чата: напишите мне — @{username}. Здесь, в группе, играем в буквы: /play.",
        f"That game is for a private chat: write to me at @{username}. Here in the group we play letters: /play.",
    )


# ------------------------------------------------------------------ reviews (the letter and finger games)

MOVES_RU, MOVES_EN = ("ход", "хода", "ходов"), ("move", "moves")


def review_footer(lang: Lang, summary: Summary, player_seat: int, move_words: str) -> list[str]:
    """A review's last lines: where the game turned (``move_words``: that move as the game says it)
    and how many moves each side played best."""
    turning = summary.turning_point
    if turning is None:
        turned = t(
            lang,
            "Перелома не было: исход решила первая позиция.",
            "No move changed the result: it was decided from the start.",
        )
    else:
        yours = turning.mover == player_seat
        who = t(lang, "ваш" if yours else "мой", "yours" if yours else "mine")
        turned = t(
            lang,
            f"Перелом — ход {turning.ply} ({who}, {move_words}).",
            f"The game turned at move {turning.ply} ({who}, {move_words}).",
        )
    you, me = player_seat, 3 - player_seat
    best, made = summary.best_moves, summary.moves
    tally = t(  # bare numbers: «из 3 ходов» would need the genitive, which CLDR's forms do not give
        lang,
        f"Лучших ходов: у вас {best[you]} из {made[you]}, у меня {best[me]} из {made[me]}.",
        f"Best moves: yours {best[you]} of {made[you]}, mine {best[me]} of {made[me]}.",
    )
    return ["", turned, tally]
