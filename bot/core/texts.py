"""Words every game shares (the menu, help, records, errors), and which language a user is spoken
to in: their Telegram language's or the one they chose with /lang, when it has a catalogue, else
Russian. Each game's own words are in ``bot/<game>/texts.py``."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from babel import Locale

from bot.core import i18n
from bot.core.i18n import NP_, Language, gettext, pgettext
from bot.core.part import Part
from bot.core.solvers import SolverTables, Step
from bot.storage import Record, StoreLostError, StoreWriteError
from solver.levels import Level
from solver.review import Summary

#: A language the bot speaks to its users: one with a catalogue (``i18n.languages()``), as "ru".
#: Not a game's word language (Russian nouns, English Ghost), which the game itself keeps.
Lang = str


#: The project's first language: spoken to anyone whose own has no catalogue.
FIRST_LANGUAGE: Lang = Language.RUSSIAN

#: Where the CLDR data's step sits among every game's (bot.core.solvers.Step): last, once the
#: whole-dictionary builds have freed their scratch (its 7 MB then stay under the process's peak),
#: since the replies right after a start read none of it but a first /daily's date, which has it
#: read before its turn (on demand). Read early, its 30 ms also held the interpreter while the
#: first replies were answered.
LOCALE_DATA_ORDER = 110


class LocaleData(SolverTables):
    """Each catalogue language's CLDR data (Babel's day names, number symbols, language names),
    read by the start-up build, one step a language: read where first used, it held the event
    loop 12 to 23 ms a language (a first /daily's date, a 5bukv review's figures, /lang's
    buttons), and a first /daily waits for its player's language only. A reply that reads it
    awaits :meth:`ready`."""

    def __init__(self) -> None:
        self._read = {lang: Part[bool](f"CLDR data ({lang})") for lang in sorted(i18n.languages())}

    def parts(self) -> Sequence[Part[bool]]:
        return tuple(self._read.values())

    def steps(self) -> Sequence[Step]:
        return tuple(
            Step(LOCALE_DATA_ORDER, f"CLDR data ({lang})", self._reader(lang), (part,))
            for lang, part in self._read.items()
        )

    async def ready(self, lang: Lang | None = None) -> None:
        """Once ``lang``'s data is read (every language's when None), built next if a reply waits."""
        for own, part in self._read.items():
            if lang is None or own == lang:
                await part.wait()

    def _reader(self, lang: Lang) -> Callable[[object], None]:
        def read(_: object) -> None:
            read_locale_data(lang)
            self._read[lang].set(True)

        return read


def read_locale_data(lang: Lang) -> None:
    """``lang``'s CLDR data, read now (Babel keeps it once read)."""
    Locale.parse(lang).days  # noqa: B018  (reading one field reads the language's whole data)


def language(code: str | None) -> Lang:
    """The language for a Telegram language code ("en-GB", "pt-br") or a stored choice: its own
    when a catalogue speaks it, else Russian."""
    own = (code or "").lower().replace("_", "-").partition("-")[0]
    return own if own in i18n.languages() else FIRST_LANGUAGE


def languages() -> list[Lang]:
    """Every language the bot speaks, the first one first, then by code: /lang's buttons and menus."""
    return sorted(i18n.languages(), key=lambda lang: (lang != FIRST_LANGUAGE, lang))


def own_words(lang: Lang, offered: Collection[str]) -> Language:
    """Of a game's word languages (``offered``, as "ru" and "en"), the one a reader of ``lang``
    plays unless they ask: their own when the game has it, else Russian (the words, not the
    language spoken: a German reader plays Russian words in German)."""
    return Language(lang) if lang in offered else Language.RUSSIAN


def ask_to_resign(lang: Lang, name: str, *, lost: bool = True) -> str:
    """``name``: the game under way; ``lost`` False: it was already counted as won (solved, then
    undone), and stays so."""
    if not lost:
        return gettext(
            lang,
            "You are in the middle of {name}. Starting a new game means resigning this one (you solved it "
            "before: it stays a win).",
            name=name,
        )
    return gettext(
        lang,
        "You are in the middle of {name}. Starting a new game means resigning this one (it counts as a loss).",
        name=name,
    )


def button_resign_and_start(lang: Lang) -> str:
    return gettext(lang, "🏳 Resign and start")


def button_keep_playing(lang: Lang) -> str:
    return gettext(lang, "▶️ Keep playing")


def button_again(lang: Lang) -> str:
    """The «play again» label after a finished game: one for every game."""
    return gettext(lang, "🔁 Play again")


def button_review(lang: Lang) -> str:
    """The review button after a finished game: one for every game."""
    return gettext(lang, "🔍 Review")


def button_picture(lang: Lang) -> str:
    """Under a review: the same review as a picture."""
    return gettext(lang, "🖼 As a picture")


def nothing_to_review(lang: Lang) -> str:
    return gettext(lang, "Nothing to review yet: a review comes after a finished game.")


def review_after_the_end(lang: Lang) -> str:
    return gettext(lang, "The review comes when the game is over (else it would be a hint). To give up: /giveup.")


def button_other_setup(lang: Lang) -> str:
    return gettext(lang, "⚙️ Play again, other settings")


def no_undo(lang: Lang, name: str) -> str:
    return gettext(lang, "Moves cannot be taken back ({name}); /undo is for 5bukv's colours.", name=name)


def keep_playing(lang: Lang) -> str:
    return gettext(lang, "Playing on.")


def resigned(lang: Lang, name: str, *, lost: bool = True) -> str:
    if not lost:
        return gettext(lang, "🏳 You resigned {name}: it stays a win.", name=name)
    return gettext(lang, "🏳 You resigned {name}: it counts as a loss.", name=name)


#: The commands no one game owns, in the command menu after the games' own (translated where shown).
COMMON_COMMANDS: list[tuple[str, str]] = [
    ("hint", NP_("menu", "a hint")),
    ("giveup", NP_("menu", "give up")),
    ("undo", NP_("menu", "take back the last entry")),
    ("review", NP_("menu", "review the last game")),
    ("stats", NP_("menu", "my record")),
    ("rules", NP_("menu", "the rules")),
    ("help", NP_("menu", "what the bot does")),
    ("lang", NP_("menu", "the bot's language: English or русский")),
]


def greeting(lang: Lang, name: str) -> str:
    return gettext(
        lang,
        "Hello, {name}! I am Bukvoed: I play word games perfectly, because I have solved them exactly.\n"
        "What shall we play? (По-русски: /lang ru)",
        name=name,
    )


def help_tail(lang: Lang) -> str:
    """The last lines of /help, after every game's own."""
    return gettext(
        lang,
        "/review — the last game reviewed: in letters and fingers ✅ the best move, ☑️ a better one was "
        "there, ❌ a mistake; in 5bukv and Wordle each guess's skill and luck\n"
        "/stats — your record\n"
        "/rules — the rules\n"
        "/lang — the bot's language (по-русски: /lang ru)",
    )


def language_button(lang: Lang) -> str:
    """/lang's button for ``lang``, in that language: its flag (its catalogue's) and its name
    (CLDR's, through Babel), as «🇷🇺 Русский»."""
    name = Locale.parse(lang).display_name or lang
    return pgettext(lang, "this language's flag", "🇬🇧") + " " + name[:1].upper() + name[1:]


def language_named(code: str) -> Lang | None:
    """The language ``code`` names (``ru``, ``en``, any case) when the bot speaks it; None for any other."""
    return code.lower() if code.lower() in i18n.languages() else None


def ask_language(lang: Lang) -> str:
    """/lang without an argument: the buttons follow."""
    return gettext(
        lang, "I speak English with you now. Which language shall I speak? (Or at once: /lang ru, /lang en.)"
    )


def language_chosen(lang: Lang) -> str:
    """Said in the language just chosen."""
    return gettext(lang, "Done: I speak English with you now (and will remember it). Every game: /start.")


def language_usage(lang: Lang) -> str:
    """/lang with an argument it does not know."""
    return gettext(lang, "/lang en — in English, /lang ru — по-русски; /lang alone shows buttons.")


def with_other_rules(lang: Lang, rules: str, others: list[tuple[str, str]]) -> str:
    """A game's rules, then how to reach the other games' rules (``others``: command and name,
    each a tappable command)."""
    listed = ", ".join(f"/{command} — {name}" for command, name in others)
    return rules + "\n\n" + gettext(lang, "Other games' rules: ") + listed


def quiet_while(lang: Lang, name: str) -> str:
    """/whowins or /word while a game that must be solved alone is under way."""
    return gettext(
        lang, "While {name} is under way I give nothing away: no /whowins, no /word. After it, /review.", name=name
    )


def unknown_command(lang: Lang) -> str:
    return gettext(lang, "I do not know that command. See /help.")


def nothing_running(lang: Lang, starts: Sequence[tuple[str, str]] = ()) -> str:
    """No game is under way: how to start each one (``starts``: command and what it starts)."""
    if not starts:
        return gettext(lang, "No game is running. Choose a game with /start.")
    listed = ", ".join(f"/{command} — {title}" for command, title in starts)
    return gettext(lang, "No game is running. {listed}.", listed=listed)


def only_text(lang: Lang) -> str:
    return gettext(lang, "I only read text. ")


def something_went_wrong(lang: Lang) -> str:
    return gettext(lang, "Something went wrong on my side. Your game is saved: please try again.")


def try_again_soon(lang: Lang) -> str:
    return gettext(
        lang, "I cannot save the game right now: please try again in a minute. Everything before this is saved."
    )


def game_unreadable(lang: Lang) -> str:
    """To a chat whose saved game could not be read back (a damaged row): it was ended, and the
    chat plays on."""
    return gettext(lang, "Your saved game could not be read, so it was ended. Start a new one whenever you like.")


def apology(code: str | None, error: BaseException) -> str:
    """To a player whose update could not be kept (``code``: their Telegram language): the bot
    restarts when its database file is gone, try again soon when the disk failed, or that
    something went wrong (a bug, logged)."""
    lang = language(code)
    if isinstance(error, StoreLostError):
        return store_lost(lang)
    return try_again_soon(lang) if isinstance(error, StoreWriteError) else something_went_wrong(lang)


def too_many_messages(lang: Lang) -> str:
    """Told once to a user whose messages come too fast (the rest are skipped)."""
    return gettext(lang, "Too many messages in a row, so I am skipping them. Please wait a few seconds.")


def store_lost(lang: Lang) -> str:
    """The database file is gone from under the bot: this message was not saved, and the bot restarts."""
    return gettext(
        lang, "I could not save this message: the bot is restarting. Please send it again in a couple of minutes."
    )


def stale_button(lang: Lang) -> str:
    return gettext(lang, "This button no longer works.")


def press_under_inline_message(lang: Lang, bot_username: str) -> str:
    """A press under a message posted through inline mode: the games are played in the bot's chat."""
    return gettext(lang, "The games are played in the chat with @{bot}: open it to play.", bot=bot_username)


def no_records(lang: Lang) -> str:
    return gettext(lang, "You have not played yet. Choose a game with /start.")


def games_record(lang: Lang, name: str, record: Record) -> str:
    """A /stats line for a game won or lost, with hints."""
    return gettext(
        lang,
        "{name}: played {played}, won {won}, lost {lost}, hints {hints}",
        name=name,
        played=record.played,
        won=record.won,
        lost=record.lost,
        hints=record.hints,
    )


def button_first(lang: Lang, player_first: bool) -> str:
    return gettext(lang, "I start") if player_first else gettext(lang, "The bot starts")


def button_level(lang: Lang, level: Level) -> str:
    names = {
        Level.PERFECT: gettext(lang, "Perfect"),
        Level.STRONG: gettext(lang, "Strong"),
        Level.EASY: gettext(lang, "Easy"),
    }
    return names[level]


def private_only(lang: Lang, username: str) -> str:
    return gettext(
        lang,
        "That game is for a private chat: write to me at @{username}. What works in a group: /help.",
        username=username,
    )


# ------------------------------------------------------------------ reviews (the letter and finger games)


def review_footer(lang: Lang, summary: Summary, player_seat: int, move_words: str) -> list[str]:
    """A review's last lines: where the game turned (``move_words``: that move as the game says it)
    and how many moves each side played best."""
    turning = summary.turning_point
    if turning is None:
        turned = gettext(lang, "No move changed the result: it was decided from the start.")
    else:
        yours = turning.mover == player_seat
        who = gettext(lang, "yours") if yours else gettext(lang, "mine")
        turned = gettext(
            lang,
            "The game turned at move {ply} ({who}, {move_words}).",
            ply=turning.ply,
            who=who,
            move_words=move_words,
        )
    you, me = player_seat, 3 - player_seat
    best, made = summary.best_moves, summary.moves
    # bare numbers: «из 3 ходов» would need the genitive, which CLDR's forms do not give
    your_tally = gettext(lang, "yours {best_you} of {made_you}", best_you=best[you], made_you=made[you])
    my_tally = gettext(lang, "mine {best_me} of {made_me}", best_me=best[me], made_me=made[me])
    sides = [side for side, moves in ((your_tally, made[you]), (my_tally, made[me])) if moves]  # no "0 of 0"
    return ["", turned, gettext(lang, "Best moves: ") + ", ".join(sides) + "."]
