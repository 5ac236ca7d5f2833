"""The group lobby's buttons: join, the language, the bot as a player and its level, the rule,
start; and the finished game's rematch."""

from __future__ import annotations

from telegram import InlineKeyboardMarkup

from bot.core.keyboards import Buttons, button
from bot.core.texts import Lang
from bot.games.letters.group import texts
from bot.games.letters.group.session import BOT, LEVELS, GroupSession
from bot.games.letters.texts import button_rule
from solver.letters import Rule

KIND = "G"
ACTIONS = ("join", "start", "again")
DICTIONARIES = ("ru", "en")
#: Buttons that set a setting on or off: each carries the state it asks for ("1" on, "0" off), so a
#: double tap, or a tap on a lobby the phone has not yet shown changed, never switches it back.
SWITCHES = ("bot", "gentle")


def _valid(action: str, argument: str) -> bool:
    return (
        (action in ACTIONS and not argument)
        or (action in SWITCHES and argument in ("0", "1"))
        or (action == "rule" and argument in [r.value for r in Rule])
        or (action == "dict" and argument in DICTIONARIES)
        or (action == "level" and argument in [level.value for level in LEVELS])
    )


BUTTONS = Buttons(KIND, _valid)


def lobby(lang: Lang, session: GroupSession) -> InlineKeyboardMarkup:
    """Join, the bot in or out, the language, the bot's level (when it plays), the rule (Russian
    list only), gentle mode and Start."""
    prefix = f"{KIND}:{session.id}:{session.step}"
    bot_label = texts.button_remove_bot(lang) if BOT in session.players else texts.button_add_bot(lang)
    seat_bot = f"{prefix}:bot:{int(BOT not in session.players)}"
    rows = [[button(texts.button_join(lang), f"{prefix}:join"), button(bot_label, seat_bot)]]
    rows.append(
        [
            button(
                texts.button_dictionary(lang, dictionary, dictionary == session.dictionary),
                f"{prefix}:dict:{dictionary}",
            )
            for dictionary in DICTIONARIES
        ]
    )
    if BOT in session.players:
        rows.append(
            [
                button(texts.button_bot_level(lang, level, level is session.level), f"{prefix}:level:{level.value}")
                for level in LEVELS
            ]
        )
    if session.dictionary == "ru":
        rows += [
            [
                button(
                    ("✅ " if rule.value == session.rule else "") + button_rule(lang, rule),
                    f"{prefix}:rule:{rule.value}",
                )
            ]
            for rule in Rule
        ]
    rows.append([button(texts.button_gentle(lang, session.gentle), f"{prefix}:gentle:{int(not session.gentle)}")])
    rows.append([button(texts.button_start(lang), f"{prefix}:start")])
    return InlineKeyboardMarkup(rows)


def rematch(lang: Lang, session: GroupSession) -> InlineKeyboardMarkup:
    """Under a finished game's last message: a new lobby with the same players, in one tap."""
    return InlineKeyboardMarkup([[button(texts.button_rematch(lang), f"{KIND}:{session.id}:{session.step}:again")]])
