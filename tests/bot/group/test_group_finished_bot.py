"""A group game, end to end: the game's language is a lobby choice, namesakes are all named
fully, one language per conversation, the wording, and a game that feels finished (standings,
🔁 rematch, the seconds-left nudge, the bot's level)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any, ClassVar

import pytest
from bot_harness import (
    GROUP,
    Bot,
    Group,
    Reply,
    button,
    lobby_buttons,
    open_lobby,
    running_bot,
    stored_state,
    until,
)
from standin import BotApiStandin

from bot.core import texts
from bot.core.context import Services
from bot.core.solvers import Solvers
from bot.games.letters.group import handlers
from bot.games.letters.group import texts as group_texts
from bot.games.letters.group.session import GroupSession
from bot.games.letters.tables import LetterGames
from solver.letters import InputError, InputProblem
from solver.levels import Level

NOT_IN_ALPHABET = InputError(InputProblem.NOT_IN_ALPHABET, "")


def settings_of(bot: Bot) -> Any:
    services: Services = bot.application.bot_data.services
    return services.settings


def stored(bot: Bot, chat_id: int = GROUP) -> GroupSession:
    state = stored_state(settings_of(bot).database_path, chat_id, "group")
    assert state is not None
    return GroupSession.from_dict(state[0])


def notices(reply: Reply) -> list[str]:
    return [str(c.params.get("text", "")) for c in reply.calls if c.method == "answerCallbackQuery"]


def sent(reply: Reply) -> list[Any]:
    return [c for c in reply.calls if c.method == "sendMessage"]


async def wait_for(bot: Bot, fragment: str, first: int, chat_id: int = GROUP) -> Reply:
    """A message the bot sends on its own (a timer), from call number ``first`` on."""
    for _ in range(200):
        calls = [c for c in bot.standin.calls[first:] if c.chat_id == chat_id]
        if any(fragment in c.text for c in calls):
            return Reply(calls)
        await asyncio.sleep(0.05)
    raise AssertionError(f"no message with {fragment!r}")


class Mixed(Group):
    """A group where each member's Telegram speaks their own language, some share a first name."""

    PEOPLE: ClassVar[dict[int, dict[str, Any]]] = {
        301: {"first_name": "Аня", "language_code": "ru"},
        304: {"first_name": "Аня", "last_name": "Смирнова", "language_code": "ru"},
        501: {"first_name": "Ann", "language_code": "en"},
        502: {"first_name": "Bob", "language_code": "en"},
    }

    def _user(self, user_id: int) -> dict[str, Any]:
        return super()._user(user_id) | self.PEOPLE.get(user_id, {})


# ------------------------------------------------------------------ (2) the language is a lobby choice


async def test_an_english_group_gets_english_ghost_and_the_lobby_offers_both(bot: Bot) -> None:
    group = Group(bot, language="en")
    lobby, buttons = lobby_buttons(await group.say(301, "/play"))
    assert stored(bot).dictionary == "en"
    text = str(bot.standin.messages[(GROUP, lobby)]["text"])
    assert "A game of English words. Rule: English Ghost" in text
    assert "✅ 🇬🇧 English Ghost" in buttons and "🇷🇺 Russian words" in buttons
    # The creator switches to the Russian game: the lobby says so, and offers the rule again.
    lobby, buttons = lobby_buttons(await group.press(301, lobby, button(buttons, "Russian words")))
    assert stored(bot).dictionary == "ru" and "Russian words." in str(bot.standin.messages[(GROUP, lobby)]["text"])
    assert "✅ 🇷🇺 Russian words" in buttons
    lobby, buttons = lobby_buttons(await group.press(301, lobby, button(buttons, "English Ghost")))
    lobby, buttons = lobby_buttons(await group.press(302, lobby, button(buttons, "Join")))
    await group.press(301, lobby, button(buttons, "Start"))
    # A Cyrillic letter in English Ghost: the answer offers no /hint (a group has none).
    reply = await group.say(301, "ж")
    assert reply.text == group_texts.group_not_a_letter("en", NOT_IN_ALPHABET, english=True)
    assert "/hint" not in reply.text


async def test_the_russian_game_in_a_group_refuses_latin_letters_clearly(bot: Bot) -> None:
    group = Group(bot)
    lobby, buttons = await open_lobby(group, 301, 302)
    assert "Игра на русских словах" in str(bot.standin.messages[(GROUP, lobby)]["text"])
    await group.press(301, lobby, button(buttons, "Начать"))
    latin = group_texts.group_not_a_letter("ru", NOT_IN_ALPHABET, english=False, latin=True)
    for text in ("p", "a", "/l a"):  # look like Р, А: not read as them
        reply = await group.say(301, text)
        assert reply.text == latin and "/hint" not in reply.text
    assert stored(bot).board == "" and stored(bot).current == 301
    assert "/hint" not in (await group.say(301, "/l 12")).text


# ------------------------------------------------------------------ (4) namesakes


async def test_a_second_anya_joining_renames_the_first_in_the_lobby_and_every_later_message(bot: Bot) -> None:
    group = Mixed(bot)
    settings_of(bot).group_turn_seconds = 0.4
    lobby, buttons = await open_lobby(group, 301)
    assert "Игроки: Аня\n" in str(bot.standin.messages[(GROUP, lobby)]["text"])
    lobby, buttons = lobby_buttons(await group.press(304, lobby, button(buttons, "Играю")))
    assert "Игроки: Аня 1, Аня Смирнова\n" in str(bot.standin.messages[(GROUP, lobby)]["text"])
    first = len(bot.standin.calls)
    reply = await group.press(301, lobby, button(buttons, "Начать"))
    assert 'Ходит <a href="tg://user?id=301">Аня 1</a>' in reply.text
    reply = await wait_for(bot, "🏆", first)
    assert "⏰ Аня 1: время на ход вышло" in reply.text and "Победитель: Аня Смирнова!" in reply.text


# ------------------------------------------------------------------ (11) the wording


async def test_the_first_turn_says_how_to_move_once_and_later_turns_are_short(bot: Bot) -> None:
    group = Group(bot)
    lobby, buttons = await open_lobby(group, 301, 302, 303)
    lobby, buttons = lobby_buttons(await group.press(301, lobby, button(buttons, "Мягко")))
    reply = await group.press(301, lobby, button(buttons, "Начать"))
    empty_first = group_texts.board_line("ru", "", new_round=False)
    assert empty_first in reply.text and group_texts.board_line("ru", "") not in reply.text
    assert "/l буква" in reply.text
    reply = await group.say(301, "к")
    assert "/l буква" not in reply.text and "Боря" in reply.text
    # Gentle mode's refusal no longer says «второй раз выбываете».
    reply = await group.say(302, "ъ")
    assert "ещё одна такая — и вы выбываете" in reply.text and "второй раз" not in reply.text


async def test_group_stats_count_no_hints(bot: Bot) -> None:
    group = Group(bot)
    lobby, buttons = await open_lobby(group, 301, 302)
    await group.press(301, lobby, button(buttons, "Начать"))
    await group.say(301, "/giveup")
    reply = await group.say(301, "/stats")
    assert "Буквы в группе: игр 1, побед 0, поражений 1" in reply.text and "подсказок" not in reply.text


# ------------------------------------------------------------------ one language per conversation


async def test_the_lobby_speaks_its_language_and_a_toast_the_pressers(bot: Bot) -> None:
    group = Mixed(bot)
    lobby, buttons = lobby_buttons(await group.say(501, "/play"))  # Ann's lobby: English
    reply = await group.press(301, lobby, button(buttons, "Join"))  # Аня joins: the lobby stays English
    lobby, buttons = lobby_buttons(reply)
    assert "Players: Ann, Аня" in str(bot.standin.messages[(GROUP, lobby)]["text"])
    assert notices(await group.press(301, lobby, button(buttons, "Start"))) == [
        group_texts.only_creator("ru", stored(bot))  # a note to Аня alone: in Russian
    ]
    assert (await group.say(301, "/play")).text == group_texts.lobby_open("en", stored(bot), GROUP)  # the lobby's
    await group.press(501, lobby, button(buttons, "Start"))
    assert (await group.say(301, "/play")).text == group_texts.group_game_running("en")


# ------------------------------------------------------------------ a game that feels finished


async def test_final_standings_and_a_rematch_in_one_tap(bot: Bot) -> None:
    group = Group(bot)
    lobby, buttons = await open_lobby(group, 301, 302, 303, rule="проиграл")
    lobby, buttons = lobby_buttons(await group.press(301, lobby, button(buttons, "Бот тоже")))
    lobby, buttons = lobby_buttons(await group.press(301, lobby, button(buttons, "помягче")))
    await group.press(301, lobby, button(buttons, "Начать"))
    await group.say(301, "/giveup")
    await group.say(302, "/giveup")
    await group.say(303, "/giveup")
    final = next(c for c in reversed(bot.standin.calls) if c.method == "sendMessage" and "🏆" in c.text)
    over = stored(bot)
    assert over.over and final.text.endswith("\n".join(group_texts.standings("ru", over)))
    lines = final.text.split("\n")
    at = lines.index(group_texts.standings("ru", over)[0])
    assert [line.split(" — ")[0] for line in lines[at + 1 :]] == ["1. 🏆 Буквоед 🤖", "2. Вера", "3. Боря", "4. Аня"]
    assert all(line.endswith("выход из игры, не сыграв ни одной буквы") for line in lines[at + 2 :])
    rematch = final.buttons[0][0]["callback_data"]
    # Someone who did not play cannot start it; a player can, once: the same players, set-up kept.
    assert notices(await group.press(399, final.message_id, rematch)) == [group_texts.rematch_not_yours("ru")]
    reply = await group.press(302, final.message_id, rematch)
    new_lobby, new_buttons = lobby_buttons(reply)
    again = stored(bot)
    assert again.phase.value == "lobby" and again.id != over.id and again.creator == 302
    assert again.players == over.players and again.rule is over.rule and again.level is Level.EASY
    assert "Игроки: Аня, Боря, Вера, Буквоед 🤖" in str(bot.standin.messages[(GROUP, new_lobby)]["text"])
    assert not bot.standin.messages[(GROUP, final.message_id)].get("reply_markup")  # 🔁 is gone from it
    # A double tap, or a tap on the old game's message later: answered, nothing opened twice.
    assert notices(await group.press(303, final.message_id, rematch)) == [texts.stale_button("ru")]
    assert stored(bot).id == again.id
    # Each can still leave the rematch.
    assert group_texts.left_lobby("ru", "Аня") in (await group.say(301, "/giveup")).text
    await group.press(302, new_lobby, button(new_buttons, "Начать"))
    assert stored(bot).players == [302, 303, 0]


async def test_a_nudge_comes_once_before_the_turn_times_out(bot: Bot, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(handlers, "NUDGE_SECONDS", 0.9)
    monkeypatch.setattr(handlers, "NUDGE_FROM", 1)
    settings_of(bot).group_turn_seconds = 1.2
    group = Group(bot)
    lobby, buttons = await open_lobby(group, 301, 302)
    first = len(bot.standin.calls)
    started = time.monotonic()
    await group.press(301, lobby, button(buttons, "Начать"))
    await wait_for(bot, "🏆", first)
    assert time.monotonic() - started < 10
    calls = [c for c in bot.standin.calls[first:] if c.chat_id == GROUP and c.method == "sendMessage"]
    nudges = [c for c in calls if c.text.startswith("⏳")]
    assert len(nudges) == 1 and 'href="tg://user?id=301">Аня</a>' in nudges[0].text
    assert calls.index(nudges[0]) < next(i for i, c in enumerate(calls) if "🏆" in c.text)


async def test_short_turns_get_no_nudge(bot: Bot) -> None:
    settings_of(bot).group_turn_seconds = 0.4  # not above handlers.NUDGE_FROM
    group = Group(bot)
    lobby, buttons = await open_lobby(group, 301, 302)
    first = len(bot.standin.calls)
    await group.press(301, lobby, button(buttons, "Начать"))
    reply = await wait_for(bot, "🏆", first)
    assert not any(c.text.startswith("⏳") for c in reply.calls)


async def test_the_nudge_is_restored_after_a_restart_and_sent_once(
    standin: BotApiStandin, solvers: Solvers, database: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(handlers, "NUDGE_FROM", 1000)  # the first run sets no nudge: only a restart can
    async with running_bot(standin, solvers, database) as bot:
        group = Group(bot)
        lobby, buttons = await open_lobby(group, 301, 302)
        await group.press(301, lobby, button(buttons, "Начать"))  # a 60 s turn
    monkeypatch.setattr(handlers, "NUDGE_FROM", 1)
    monkeypatch.setattr(handlers, "NUDGE_SECONDS", 59.5)  # the nudge is due half a second into the turn
    first = len(standin.calls)
    async with running_bot(standin, solvers, database) as bot:
        reply = await wait_for(bot, "⏳", first)
        assert 'href="tg://user?id=301">Аня</a>' in reply.text
    assert stored_state(database, GROUP, "group") is not None
    first = len(standin.calls)
    async with running_bot(standin, solvers, database) as bot:  # restored again, but already sent
        timers = bot.delivery.timers
        await until(lambda: not timers.pending(GROUP, "group", nudge=True), 5)
        assert "Победитель: Аня" in (await Group(bot).say(302, "/giveup")).text
    assert not [c for c in standin.calls[first:] if c.text.startswith("⏳")]


async def test_a_group_of_four_plays_english_ghost_to_the_end_in_english(bot: Bot, solvers: Solvers) -> None:
    group = Group(bot, language="en")
    lobby, buttons = lobby_buttons(await group.say(301, "/play"))
    for user in (302, 303):
        lobby, buttons = lobby_buttons(await group.press(user, lobby, button(buttons, "Join")))
    lobby, buttons = lobby_buttons(await group.press(301, lobby, button(buttons, "The bot plays too")))
    reply = await group.press(301, lobby, button(buttons, "Start"))
    game = solvers.of(LetterGames).letter_game("en", stored(bot).rule)
    for _ in range(200):
        session = stored(bot)
        if session.over:
            break
        letter = min(game.plays(session.board), key=lambda play: len(play.example)).letter  # short rounds
        reply = await group.say(session.current, letter)
        assert f"{session.name(session.current)}: {letter.upper()}" in reply.text
    else:
        raise AssertionError("the game did not end")
    final = next(c for c in reversed(reply.calls) if c.method == "sendMessage")
    assert "🏆 The winner: " in final.text and "📋 Standings:" in final.text
    assert final.buttons[0][0]["text"] == group_texts.button_rematch("en")
    assert not any(c.text.startswith("⏳") for c in bot.standin.calls)  # short test turns: no nudge
