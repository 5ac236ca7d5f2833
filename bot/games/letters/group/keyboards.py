"""The group lobby's buttons: join, the language, the bot as a player and its level, the rule,
start; and the finished game's rematch."""

from __future__ import annotations

from dataclasses import dataclass

from telegram import InlineKeyboardMarkup

from bot.core.i18n import Language
from bot.core.keyboards import GameButton, button
from bot.core.texts import Lang
from bot.games.letters.group import texts
from bot.games.letters.group.session import BOT, LEVELS, GroupSession
from bot.games.letters.texts import button_rule
from solver.letters import Rule
from solver.levels import Level

#: The word languages a lobby offers.
DICTIONARIES = (Language.RUSSIAN, Language.ENGLISH)


@dataclass(frozen=True)
class LobbyButton(GameButton, prefix="G"):
    """A button of a group's game, tied to the game and the step it was shown at."""


@dataclass(frozen=True)
class Join(LobbyButton, action="join"):
    """The presser joins the lobby."""


@dataclass(frozen=True)
class Begin(LobbyButton, action="start"):
    """The creator starts the game."""


@dataclass(frozen=True)
class Rematch(LobbyButton, action="again"):
    """Under a finished game: a new lobby with the same players."""


# Buttons that set a setting on or off carry the state they ask for, so a double tap, or a tap on a
# lobby the phone has not yet shown changed, never switches it back.


@dataclass(frozen=True)
class SeatBot(LobbyButton, action="bot"):
    """The bot plays too (``seated``), or no longer."""

    seated: bool


@dataclass(frozen=True)
class Gentle(LobbyButton, action="gentle"):
    """Gentle mode on or off."""

    on: bool


@dataclass(frozen=True)
class ChooseRule(LobbyButton, action="rule"):
    rule: Rule


@dataclass(frozen=True)
class ChooseWords(LobbyButton, action="dict"):
    """The language of the game's words."""

    dictionary: Language


@dataclass(frozen=True)
class ChooseLevel(LobbyButton, action="level"):
    """The bot's level, of those a lobby offers."""

    level: Level

    def valid(self) -> bool:
        return self.level in LEVELS


def lobby(lang: Lang, session: GroupSession) -> InlineKeyboardMarkup:
    """Join, the bot in or out, the language, the bot's level (when it plays), the rule (Russian
    list only), gentle mode and Start."""
    at = (session.id, session.step)
    bot_label = texts.button_remove_bot(lang) if BOT in session.players else texts.button_add_bot(lang)
    rows = [[button(texts.button_join(lang), Join(*at)), button(bot_label, SeatBot(*at, BOT not in session.players))]]
    rows.append(
        [
            button(
                texts.button_dictionary(lang, dictionary, dictionary == session.dictionary),
                ChooseWords(*at, dictionary),
            )
            for dictionary in DICTIONARIES
        ]
    )
    if BOT in session.players:
        rows.append(
            [
                button(texts.button_bot_level(lang, level, level is session.level), ChooseLevel(*at, level))
                for level in LEVELS
            ]
        )
    if session.dictionary == Language.RUSSIAN:
        rows += [
            [button(("✅ " if rule == session.rule else "") + button_rule(lang, rule), ChooseRule(*at, rule))]
            for rule in Rule
        ]
    rows.append([button(texts.button_gentle(lang, session.gentle), Gentle(*at, not session.gentle))])
    rows.append([button(texts.button_start(lang), Begin(*at))])
    return InlineKeyboardMarkup(rows)


def rematch(lang: Lang, session: GroupSession) -> InlineKeyboardMarkup:
    """Under a finished game's last message: a new lobby with the same players, in one tap."""
    return InlineKeyboardMarkup([[button(texts.button_rematch(lang), Rematch(session.id, session.step))]])
