"""The letter game in a group, end to end: lobby, turn order, intruders, timers (also across a restart), /stop."""

from __future__ import annotations

import asyncio
import itertools
import json
import re
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from bot_harness import (
    GROUP,
    NAMES,
    Bot,
    Group,
    Player,
    Reply,
    button,
    lobby_buttons,
    open_lobby,
    record,
    running_bot,
    shown_buttons,
    stored_state,
    until,
)
from standin import BotApiStandin, Fault

from bot.core import texts
from bot.core.context import Services
from bot.core.solvers import Solvers
from bot.games.letters.group import texts as group_texts
from bot.games.letters.group.session import SEATS, GroupSession
from bot.games.letters.group.tables import group_games
from bot.games.letters.tables import LetterGames
from bot.storage import SCHEMA_VERSION
from bot.storage.schema import _SCHEMA_V1
from solver.letters import LetterGame, Rule


def to_move(reply: Reply) -> str:
    """Who the last turn message mentions as the player to move."""
    found = re.findall(r'Ходит (?:<a href="tg://user\?id=\d+">)?([^<(]+?)(?:</a>)? \(', reply.text)
    assert found, reply.text
    return found[-1]


def notices(reply: Reply) -> list[str]:
    return [str(c.params.get("text", "")) for c in reply.calls if c.method == "answerCallbackQuery"]


def stored_lobby(bot: Bot, chat_id: int = GROUP) -> GroupSession:
    """The group's game as the bot keeps it (read through the bot's own codec)."""
    path = deps_of(bot).settings.database_path
    state = stored_state(path, chat_id, "group")
    assert state is not None
    return GroupSession.from_dict(state[0])


def deps_of(bot: Bot) -> Services:
    found: Services = bot.application.bot_data.services
    return found


async def wait_for_text(standin: BotApiStandin, fragment: str, first: int, timeout: float = 10) -> Reply:
    """Wait for a message the bot sends on its own (a timer), from call number ``first`` on."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        calls = [c for c in standin.calls[first:] if c.chat_id == GROUP]
        if any(fragment in c.text for c in calls):
            return Reply(calls)
        await asyncio.sleep(0.05)
    raise AssertionError(f"no message with {fragment!r}")


async def test_three_players_to_the_end(bot: Bot, solvers: Solvers, database: Path) -> None:
    group = Group(bot)
    lobby, buttons = await open_lobby(group, 301, 302, 303, rule="проиграл")
    assert "Игроки: Аня, Боря, Вера" in bot.standin.messages[(GROUP, lobby)]["text"]
    assert "Уже в игре" not in notices(await group.press(302, lobby, button(buttons, "Играю")))
    assert notices(await group.press(302, lobby, button(buttons, "Играю"))) == [group_texts.already_joined("ru")]
    reply = await group.press(301, lobby, button(buttons, "Начать"))
    assert to_move(reply) == "Аня" and "Доска пуста" in reply.text and "«»" not in reply.text
    turn_message = next(c.message_id for c in reply.calls if c.method == "sendMessage")
    # Out of turn: a bare letter is table talk, ignored without a word ...
    assert (await group.say(302, "а")).calls == []
    assert (await group.say(399, "к")).calls == []
    # ... but addressing the bot, by a reply or a mention, earns a short notice; the board is unchanged.
    assert "Сейчас ходит Аня" in (await group.say(399, "к", reply_to=turn_message)).text
    assert "Сейчас ходит Аня" in (await group.say(302, "@bukvoed_bot к")).text
    assert "Сейчас ходит Аня" in (await group.say(303, "@Bukvoed_Bot к")).text
    assert (await group.say(301, "привет всем")).calls == []  # the player to move chatting
    state = stored_state(database, GROUP, "group")
    assert state is not None and state[0]["board"] == "" and state[0]["turn"] == 0

    # Short rounds: a group gets 20 messages a minute from a bot (Telegram's limit, kept by AIORateLimiter).
    game = solvers.of(LetterGames).game("ru", rule=Rule.COMPLETE_LOSES)
    ways = itertools.cycle(["bare", "command", "reply"])  # every way to move, with privacy mode on or off
    order = []
    out = []
    for _ in range(80):
        if "Победитель" in reply.text:
            break
        mover = to_move(reply)
        order.append(mover)
        board = reply.last_board()
        letter = min(game.plays(board), key=lambda play: len(play.example)).letter  # short rounds
        user = next(u for u, n in NAMES.items() if n == mover)
        way = next(ways)
        if way == "bare":
            reply = await group.say(user, letter.upper())
        elif way == "command":
            reply = await group.say(user, f"/l {letter}")
        else:
            sent = next(
                c.message_id for c in reversed(bot.standin.calls) if c.chat_id == GROUP and c.method == "sendMessage"
            )
            reply = await group.say(user, letter, reply_to=sent)
        assert f"{mover}: {letter.upper()}" in reply.text
        out += re.findall(r"(\S+) выбывает", reply.text)
    else:
        raise AssertionError("the game did not end")
    assert order[:3] == ["Аня", "Боря", "Вера"]  # join order
    assert len(out) == 2 and len(set(out)) == 2
    winner = re.findall(r"Победитель: (\S+)!", reply.text)[0]
    assert winner not in out
    for user, name in NAMES.items():
        if user == 399:
            assert record(database, user, "group") is None
            continue
        assert record(database, user, "group") == (1, int(name == winner), int(name in out), 0)
    assert "Буквы в группе" in (await group.say(301, "/stats")).text
    # After the end, letters are ignored and a new game can be gathered.
    assert (await group.say(301, "а")).calls == []
    assert "Игроки: Боря" in (await group.say(302, "/play")).text


async def test_one_game_per_group_and_stop(bot: Bot) -> None:
    group = Group(bot)
    assert "/l — сходить буквой" in (await group.say(303, "/help")).text
    scoped = [c for c in bot.standin.calls if c.method == "setMyCommands" and c.params.get("scope")]
    assert scoped and all(c.params["scope"] == {"type": "all_group_chats"} for c in scoped)
    assert any(c.params.get("language_code") == "en" for c in scoped)
    assert "/play en — English Ghost" in (await group.say(301, "/play fr")).text  # no lobby for a guess
    lobby, buttons = await open_lobby(group, 301, 302)
    reply = await group.say(303, "/play")  # where to join: a link to the lobby's message
    assert reply.text == group_texts.lobby_open("ru", stored_lobby(bot), GROUP)
    assert reply.text.endswith(f"https://t.me/c/{str(GROUP).removeprefix('-100')}/{lobby}")
    await group.press(301, lobby, button(buttons, "Начать"))
    assert group_texts.group_game_running("ru") in (await group.say(303, "/play")).text
    assert group_texts.group_stop_refused("ru") in (await group.say(303, "/stop")).text
    bot.standin.admins[GROUP] = {303}
    assert group_texts.group_stopped("ru", "Вера") in (await group.say(303, "/stop")).text
    assert (await group.say(301, "а")).calls == []
    # The creator may stop their own game.
    lobby, buttons = await open_lobby(group, 302, 301)
    assert group_texts.group_stopped("ru", "Боря") in (await group.say(302, "/stop")).text
    assert lobby_text(bot, lobby) == group_texts.group_stopped("ru", "Боря")  # the lobby's buttons are gone


async def test_bot_as_a_player_and_giving_up(bot: Bot, database: Path) -> None:
    group = Group(bot)
    lobby, buttons = await open_lobby(group, 301, 302)
    # Only the lobby's creator seats the bot and starts.
    assert notices(await group.press(302, lobby, button(buttons, "Бот тоже"))) == [
        "Это решает Аня — тот, кто собрал игру."
    ]
    assert notices(await group.press(302, lobby, button(buttons, "Начать"))) == [
        "Это решает Аня — тот, кто собрал игру."
    ]
    lobby, buttons = lobby_buttons(await group.press(301, lobby, button(buttons, "Бот тоже")))
    assert "Бот играет" in bot.standin.messages[(GROUP, lobby)]["text"]
    reply = await group.press(301, lobby, button(buttons, "Начать"))
    assert to_move(reply) == "Аня"
    reply = await group.say(301, "к")
    assert "Аня: К" in reply.text and to_move(reply) == "Боря"
    reply = await group.say(302, "/giveup")
    assert "Боря выходит из игры" in reply.text
    assert "Буквоед 🤖: " in reply.text and to_move(reply) == "Аня"  # the bot moved, then Аня's turn again
    reply = await group.say(301, "/giveup")
    assert "Победитель: Буквоед 🤖" in reply.text
    assert record(database, 301, "group") == (1, 0, 1, 0)
    assert record(database, 302, "group") == (1, 0, 1, 0)


async def test_stale_and_forged_lobby_buttons(bot: Bot) -> None:
    group = Group(bot)
    lobby, buttons = await open_lobby(group, 301)
    start = button(buttons, "Начать")
    assert notices(await group.press(301, lobby, start)) == [group_texts.need_two_players("ru")]
    game_id = start.split(":")[1]
    for forged in (f"G:{game_id}:0:rule:nonsense", "G:ffffff:1:join", f"G:{game_id}:x:join", f"G:{game_id}:1:own"):
        reply = await group.press(302, lobby, forged)
        assert notices(reply) == [texts.stale_button("ru")], forged
    only_anya = ["Это решает Аня — тот, кто собрал игру."]
    assert notices(await group.press(302, lobby, button(buttons, "проиграл"))) == only_anya
    assert notices(await group.press(302, lobby, button(buttons, "Бот тоже"))) == only_anya
    lobby, buttons = lobby_buttons(await group.press(302, lobby, button(buttons, "Играю")))
    await group.press(301, lobby, button(buttons, "Начать"))
    # Once the game runs, the lobby's buttons are stale.
    assert notices(await group.press(303, lobby, button(buttons, "Играю"))) == [texts.stale_button("ru")]
    assert notices(await group.press(301, lobby, button(buttons, "Начать"))) == [texts.stale_button("ru")]


async def test_lobby_buttons_of_a_closed_or_replaced_lobby_are_stale(bot: Bot) -> None:
    """Every way a lobby ends leaves its buttons stale, also once the group has a new lobby:
    stopped, left by everyone, or its game played out; and a lobby's buttons in another group."""
    group, other = Group(bot, chat_id=-1009903), Group(bot, chat_id=-1009904)
    stale = [texts.stale_button("ru")]
    stopped, stopped_buttons = await open_lobby(group, 301, 302)
    await group.say(301, "/stop")
    left, left_buttons = await open_lobby(group, 301)
    await group.say(301, "/giveup")
    played, played_buttons = await open_lobby(group, 301, 302)
    await group.press(301, played, button(played_buttons, "Начать"))
    await group.say(301, "/giveup")  # Боря is left: the game is over
    lobby, buttons = await open_lobby(group, 303)
    for old, old_buttons in ((stopped, stopped_buttons), (left, left_buttons), (played, played_buttons)):
        for label in ("Играю", "Бот тоже", "Мягко", "проиграл", "Начать"):
            assert notices(await group.press(303, old, button(old_buttons, label))) == stale, label
    assert notices(await other.press(303, lobby, button(buttons, "Играю"))) == stale
    assert "Игроки: Вера\n" in str(bot.standin.messages[(group.chat_id, lobby)]["text"])  # nothing changed it
    joined = await group.press(301, lobby, button(buttons, "Играю"))
    assert "Игроки: Вера, Аня" in joined.text


async def test_a_turn_runs_out(bot: Bot, database: Path) -> None:
    group = Group(bot)
    settings = deps_of(bot).settings
    settings.group_turn_seconds = 0.4
    lobby, buttons = await open_lobby(group, 301, 302, 303)
    first = len(bot.standin.calls)
    reply = await group.press(301, lobby, button(buttons, "Начать"))
    assert to_move(reply) == "Аня" and "(0.4 с на ход)" in reply.text
    settings.group_turn_seconds = 30  # Боря's turn, which starts at Аня's timeout, is a long one
    reply = await wait_for_text(bot.standin, "время на ход вышло", first)
    assert "Аня: время на ход вышло — выбывает" in reply.text and to_move(reply) == "Боря"
    assert "Доска пуста" in reply.text and "«»" not in reply.text
    settings.group_turn_seconds = 0.4
    first = len(bot.standin.calls)
    reply = await group.say(302, "к")  # a move in time replaces Боря's timer by Вера's
    assert to_move(reply) == "Вера"
    reply = await wait_for_text(bot.standin, "Вера: время на ход вышло", first)
    assert "Победитель: Боря" in reply.text
    assert record(database, 302, "group") == (1, 1, 0, 0)
    assert record(database, 301, "group") == (1, 0, 1, 0)
    assert record(database, 303, "group") == (1, 0, 1, 0)
    with sqlite3.connect(database) as db:
        assert db.execute("SELECT count(*) FROM turn_deadlines").fetchone() == (0,)  # nothing left to restore


async def test_a_turn_timer_survives_a_restart(standin: BotApiStandin, solvers: Solvers, database: Path) -> None:
    async with running_bot(standin, solvers, database) as bot:
        group = Group(bot)
        deps_of(bot).settings.group_turn_seconds = 2.5
        lobby, buttons = await open_lobby(group, 301, 302)
        reply = await group.press(301, lobby, button(buttons, "Начать"))
        assert to_move(reply) == "Аня"
    first = len(standin.calls)
    state = stored_state(database, GROUP, "group")
    assert state is not None and state[0]["deadline"] > time.time()  # stopped before the timer fired
    async with running_bot(standin, solvers, database) as bot:
        assert deps_of(bot).settings.group_turn_seconds == 60  # the stored deadline counts, not the setting
        reply = await wait_for_text(standin, "время на ход вышло", first)
        assert "Аня: время на ход вышло" in reply.text and "Победитель: Боря" in reply.text
    assert record(database, 301, "group") == (1, 0, 1, 0)


async def test_a_version_1_database_is_migrated_with_its_data(
    standin: BotApiStandin, solvers: Solvers, database: Path
) -> None:
    """Schema 2 (turn timers, drawn games) opens a file of schema 1 without losing a game or a record."""
    database.parent.mkdir(parents=True)
    with sqlite3.connect(database) as db:
        db.executescript(_SCHEMA_V1)
        db.execute("INSERT INTO records (user_id, kind, played, won, lost, hints) VALUES (301, 'letters', 5, 3, 2, 4)")
        state = json.dumps(
            {"id": "abc123", "rule": "complete-wins", "player_first": True, "level": "perfect", "strict": False}
            | {"board": "к"}
        )
        db.execute("INSERT INTO sessions VALUES (301, 'letters', ?, 7)", (state,))
        db.execute("INSERT INTO chats VALUES (301, 'letters')")
        db.execute("PRAGMA user_version=1")
    async with running_bot(standin, solvers, database) as bot:
        player = Player(bot, 301)
        assert "игр 5, побед 3, поражений 2, подсказок 4" in (await player.say("/stats")).text
        reply = await player.say("о")  # the stored game goes on from «к»
        assert reply.last_board().startswith("ко")
    with sqlite3.connect(database) as db:
        assert db.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
        assert db.execute("SELECT draws FROM records WHERE user_id = 301").fetchone() == (0,)
        assert db.execute("SELECT count(*) FROM turn_deadlines").fetchone() == (0,)


async def test_a_letter_no_word_starts_with_puts_the_player_out(bot: Bot, solvers: Solvers, database: Path) -> None:
    group = Group(bot)
    lobby, buttons = await open_lobby(group, 301, 302)
    await group.press(301, lobby, button(buttons, "Начать"))
    game = solvers.of(LetterGames).game("ru", rule=Rule.COMPLETE_WINS)
    dead = next(letter for letter in game.alphabet if not game.is_fragment(letter))
    reply = await group.say(301, dead)
    assert f"Ни одно слово не начинается с «{dead.upper()}» — Аня выбывает" in reply.text
    assert "Можно было" in reply.text and "Победитель: Боря" in reply.text
    assert record(database, 301, "group") == (1, 0, 1, 0)


async def test_three_people_and_the_bot_which_holds_a_forced_line_and_wins(bot: Bot, solvers: Solvers) -> None:
    # Seats: Аня, the bot, Боря, Вера; completing a word wins the game.
    game = solvers.of(LetterGames).game("ru", rule=Rule.COMPLETE_WINS)
    table = game.with_players(4)
    opening = next(p.letter for p in game.plays("") if table.can_force(p.letter, 2))
    group = Group(bot)
    lobby, buttons = lobby_buttons(await group.say(301, "/play"))
    lobby, buttons = lobby_buttons(await group.press(301, lobby, button(buttons, "Бот тоже играет")))
    for user in (302, 303):
        lobby, buttons = lobby_buttons(await group.press(user, lobby, button(buttons, "Играю")))
    assert "Игроки: Аня, Буквоед 🤖, Боря, Вера" in bot.standin.messages[(GROUP, lobby)]["text"]
    await group.press(301, lobby, button(buttons, "Начать"))
    reply = await group.say(301, opening)
    bot_letter = re.findall(r"Буквоед 🤖: (\S)", reply.text)[0].lower()
    assert bot_letter in table.winning_letters(opening)
    users = {"Боря": 302, "Вера": 303, "Аня": 301}
    for _ in range(40):
        if "Победитель" in reply.text:
            break
        board = reply.last_board()
        # The people play any letter that keeps a word possible; whatever they play, the bot completes the word.
        assert not any(play.completes_word for play in game.plays(board))
        reply = await group.say(users[to_move(reply)], game.plays(board)[0].letter)
    assert "🏆 Победитель: Буквоед 🤖!" in reply.text
    assert f"Я знал, чем кончится, с доски «{opening.upper()}»" in reply.text
    line = re.findall(r"как бы ни ходили остальные: (.+)", reply.text)[0]
    assert line == table.forced_line(opening)


class Namesakes(Group):
    """Four people called Аня: one with a last name, one with a username, one with neither."""

    def _user(self, user_id: int) -> dict[str, Any]:
        found = super()._user(user_id)
        extra = {304: {"last_name": "Котова"}, 305: {"username": "anya5"}, 306: {}}
        return found | {"first_name": "Аня"} | extra[user_id] if user_id in extra else found


async def test_the_player_to_move_is_mentioned_and_namesakes_are_told_apart(bot: Bot) -> None:
    group = Namesakes(bot)
    lobby, buttons = await open_lobby(group, 301, 304, 305, 306)
    assert "Игроки: Аня 1, Аня Котова, Аня (@anya5), Аня 2" in bot.standin.messages[(GROUP, lobby)]["text"]
    reply = await group.press(301, lobby, button(buttons, "Начать"))
    turn = next(c for c in reply.calls if c.method == "sendMessage")
    assert turn.params["parse_mode"] == "HTML"
    assert 'Ходит <a href="tg://user?id=301">Аня 1</a>' in turn.text
    reply = await group.say(301, "к")
    assert 'Ходит <a href="tg://user?id=304">Аня Котова</a>' in reply.text
    reply = await group.say(304, "о")
    assert 'Ходит <a href="tg://user?id=305">Аня (@anya5)</a>' in reply.text


def lobby_text(bot: Bot, lobby: int) -> str:
    return str(bot.standin.messages[(GROUP, lobby)]["text"])


ONLY_ANYA = ["Это решает Аня — тот, кто собрал игру."]


async def test_a_switch_pressed_twice_on_the_same_lobby_counts_once(bot: Bot) -> None:
    """A double tap (or a phone that has not yet shown the edit) sends the same button twice: the
    bot stays seated and gentle mode stays on, instead of the second press switching them back,
    and the repeat edits nothing; the language already chosen, tapped again, keeps the rule chosen;
    and a second switch pressed on the lobby as it was before the first still applies."""
    group = Group(bot, chat_id=-1009901)
    lobby, buttons = await open_lobby(group, 301, 302)
    seat_bot, gentle = button(buttons, "Бот тоже"), button(buttons, "Мягко")
    edits = []
    for data in (seat_bot, seat_bot, gentle, gentle):
        reply = await group.press(301, lobby, data)
        assert notices(reply) == [""]
        edits.append([call.method for call in reply.calls if call.method.startswith("edit")])
    assert edits == [["editMessageText"], [], ["editMessageText"], []]  # a repeat changes nothing: no call
    text = str(bot.standin.messages[(group.chat_id, lobby)]["text"])
    assert "Бот играет" in text and "Режим: мягкий" in text and "Игроки: Аня, Боря, Буквоед 🤖" in text
    buttons = shown_buttons(group, lobby)
    await group.press(301, lobby, button(buttons, "проиграл"))
    reply = await group.press(301, lobby, button(buttons, "Русские слова"))  # the language already chosen
    assert [call.method for call in reply.calls if call.method.startswith("edit")] == []
    assert "закончил слово — проиграл" in str(bot.standin.messages[(group.chat_id, lobby)]["text"])
    await group.press(301, lobby, button(buttons, "Убрать бота"))
    await group.press(301, lobby, button(buttons, "Мягко"))
    text = str(bot.standin.messages[(group.chat_id, lobby)]["text"])
    assert "Бот не играет" in text and "Режим: строгий" in text


async def test_the_lobby_says_the_game_has_begun(bot: Bot) -> None:
    """Start takes the lobby's buttons away; its text no longer invites anyone to tap Join."""
    group = Group(bot, chat_id=-1009902)
    lobby, buttons = await open_lobby(group, 301, 302)
    await group.press(301, lobby, button(buttons, "Начать"))
    started = str(bot.standin.messages[(group.chat_id, lobby)]["text"])
    assert "Игра началась" in started and "Нажмите «Играю»" not in started and "Игроки: Аня, Боря" in started


async def test_the_lobby_is_kept_up_to_date_and_run_by_its_creator(bot: Bot) -> None:
    group = Group(bot)
    lobby, buttons = await open_lobby(group, 301)
    assert "Режим: строгий" in lobby_text(bot, lobby) and "Бот не играет" in lobby_text(bot, lobby)
    # Someone not on the list presses Start, or moves before the start: told who starts it.
    assert notices(await group.press(302, lobby, button(buttons, "Начать"))) == ONLY_ANYA
    assert "ждём, когда Аня нажмёт «Начать»" in (await group.say(302, "/l а")).text
    lobby, buttons = lobby_buttons(await group.press(302, lobby, button(buttons, "Играю")))
    assert notices(await group.press(302, lobby, button(buttons, "Мягко"))) == ONLY_ANYA
    # The creator seats the bot and takes it off again.
    lobby, buttons = lobby_buttons(await group.press(301, lobby, button(buttons, "Бот тоже")))
    assert "Бот играет" in lobby_text(bot, lobby) and "Убрать бота" in " ".join(buttons)
    lobby, buttons = lobby_buttons(await group.press(301, lobby, button(buttons, "Убрать бота")))
    assert "Бот не играет" in lobby_text(bot, lobby) and "Игроки: Аня, Боря" in lobby_text(bot, lobby)
    # /giveup in the lobby: off the list, and the lobby's message says so.
    reply = await group.say(302, "/giveup")
    assert group_texts.left_lobby("ru", "Боря") in reply.text
    assert "Игроки: Аня\n" in lobby_text(bot, lobby)
    assert group_texts.not_in_game("ru") in (await group.say(302, "/giveup")).text
    # The creator leaving hands the lobby to the next person; the last one leaving closes it.
    await group.press(302, lobby, button(buttons, "Играю"))
    await group.say(301, "/giveup")
    assert "Игроки: Боря\n" in lobby_text(bot, lobby) and "выбирает Боря" in lobby_text(bot, lobby)
    await group.say(302, "/giveup")
    assert group_texts.lobby_closed("ru") in lobby_text(bot, lobby)
    assert "Игроки: Аня" in (await group.say(301, "/play")).text


async def test_a_lobby_nobody_starts_expires(bot: Bot) -> None:
    group = Group(bot)
    deps_of(bot).settings.group_lobby_seconds = 0.4
    first = len(bot.standin.calls)
    lobby, _ = await open_lobby(group, 301, 302)
    await wait_for_text(bot.standin, "Игру так и не начали", first)
    assert lobby_text(bot, lobby) == group_texts.lobby_expired("ru")
    assert "reply_markup" not in bot.standin.messages[(GROUP, lobby)]  # no buttons left to press
    assert "Игроки: Аня" in (await group.say(301, "/play")).text


async def test_commands_of_private_games_get_a_short_answer_in_a_group(bot: Bot) -> None:
    group = Group(bot)
    assert "/play — собрать игру" in (await group.say(301, "/start")).text
    for command in ("/5bukv", "/fingers"):
        assert "Это игра для личного чата" in (await group.say(301, command)).text
    assert group_texts.no_group_hints("ru") in (await group.say(301, "/hint")).text


async def test_gentle_mode_refuses_a_dead_letter_once(bot: Bot) -> None:
    group = Group(bot)
    lobby, buttons = await open_lobby(group, 301, 302)
    lobby, buttons = lobby_buttons(await group.press(301, lobby, button(buttons, "Мягко")))
    assert "Режим: мягкий" in lobby_text(bot, lobby) and "✅" in button(buttons, "Мягко") + " ".join(buttons)
    await group.press(301, lobby, button(buttons, "Начать"))
    reply = await group.say(301, "ъ")
    assert "Ни одно слово не начинается с «Ъ» — Аня, попробуйте другую букву" in reply.text
    assert "Можно: " in reply.text and to_move(reply) == "Аня"
    reply = await group.say(301, "ъ")
    assert "Аня выбывает" in reply.text and "Победитель: Боря" in reply.text


async def test_the_turn_clock_starts_when_the_turn_message_is_out(bot: Bot, database: Path) -> None:
    group = Group(bot)
    seconds = deps_of(bot).settings.group_turn_seconds
    lobby, buttons = await open_lobby(group, 301, 302)
    bot.standin.inject("sendMessage", Fault.RETRY_AFTER, retry_after=2)  # Telegram holds the turn message back
    reply = await group.press(301, lobby, button(buttons, "Начать"))
    sent = time.time()
    assert to_move(reply) == "Аня"

    def deadline() -> float:
        state = stored_state(database, GROUP, "group")
        assert state is not None
        return float(str(state[0]["deadline"]))

    # The whole turn is left once the message is out, not the turn minus the two seconds it waited
    # (the message's receipt restarts the clock in the group's line, right after it is out).
    await until(lambda: deadline() > sent + seconds - 1, seconds=5)


async def test_top_ranks_the_groups_winners_this_week_and_all_time(bot: Bot, database: Path) -> None:
    group = Group(bot)
    assert "пока никто не выигрывал" in (await group.say(301, "/top")).text
    for winner, loser in ((302, 301), (302, 303), (301, 302)):
        lobby, buttons = await open_lobby(group, loser, winner)
        await group.press(loser, lobby, button(buttons, "Начать"))
        assert f"Победитель: {NAMES[winner]}" in (await group.say(loser, "/giveup")).text
    with sqlite3.connect(database) as db:  # Вера won twice, ten days ago
        old = time.time() - 10 * 24 * 3600
        db.executemany("INSERT INTO group_wins VALUES (?, 303, 'Вера', ?)", [(GROUP, old), (GROUP, old + 1)])
    text = (await group.say(303, "/top")).text
    week, ever = text.split("За всё время:")
    assert "1. Боря — побед: 2\n2. Аня — побед: 1" in week and "Вера" not in week
    assert "1. Вера — побед: 2\n2. Боря — побед: 2\n3. Аня — побед: 1" in ever  # a tie: who got there first
    assert "пока никто не выигрывал" in (await Group(bot, chat_id=GROUP - 1).say(301, "/top")).text


async def test_a_lobby_expiry_survives_a_restart(standin: BotApiStandin, solvers: Solvers, database: Path) -> None:
    async with running_bot(standin, solvers, database) as bot:
        deps_of(bot).settings.group_lobby_seconds = 1.5
        lobby, _ = await open_lobby(Group(bot), 301, 302)
    first = len(standin.calls)
    async with running_bot(standin, solvers, database) as bot:
        await wait_for_text(standin, "Игру так и не начали", first)
        assert lobby_text(bot, lobby) == group_texts.lobby_expired("ru")
        assert "Игроки: Боря" in (await Group(bot).say(302, "/play")).text  # a new lobby can open


def test_the_group_tables_for_up_to_four_players_are_built_at_start(solvers: Solvers) -> None:
    """So no group's first bot move waits for its table (more seats: on first use)."""
    for game in group_games(solvers.of(LetterGames)):
        assert {2, 3, 4} <= set(game.solved_seat_counts())
    assert (
        solvers.of(LetterGames).game("ru", "full", Rule.COMPLETE_WINS).solved_seat_counts() == []
    )  # groups play everyday words


def five_letters_completing_no_word(game: LetterGame, board: str) -> str:
    """Letters after ``board`` up to five, none of which completes a word (empty: none found)."""
    if len(board) == 5:
        return board
    for play in game.plays(board):
        if not play.completes_word and (found := five_letters_completing_no_word(game, board + play.letter)):
            return found
    return ""


async def test_five_people_and_the_bot_get_their_table_solved_off_the_event_loop(
    bot: Bot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Six seats are not solved at start: the bot's first move solves them in a worker thread, so
    the event loop answers other chats meanwhile, and the move is the table's best letter."""
    solved_in: list[tuple[int, bool]] = []
    with_players = LetterGame.with_players

    def noted(game: LetterGame, players: int) -> Any:
        solved_in.append((players, threading.current_thread() is threading.main_thread()))
        return with_players(game, players)

    monkeypatch.setattr(LetterGame, "with_players", noted)
    group = Group(bot)
    lobby, buttons = await open_lobby(group, *range(301, 306))
    lobby, buttons = lobby_buttons(await group.press(301, lobby, button(buttons, "Бот тоже")))
    await group.press(301, lobby, button(buttons, "Начать"))
    game = deps_of(bot).solvers.of(LetterGames).game("ru", rule=Rule.COMPLETE_WINS)
    for user, letter in zip(range(301, 306), five_letters_completing_no_word(game, ""), strict=True):
        reply = await group.say(user, letter)  # the bot sits last
    assert "Буквоед 🤖: " in reply.text
    assert (6, False) in solved_in  # solved off the loop first; the move itself then reads the cached table
    assert solved_in.index((6, False)) < solved_in.index((6, True))


async def test_a_letter_typed_as_base_and_combining_mark_is_one_letter_in_a_group(bot: Bot) -> None:
    group = Group(bot)
    lobby, buttons = await open_lobby(group, 301, 302)
    await group.press(301, lobby, button(buttons, "Начать"))
    reply = await group.say(301, "и\u0306")  # «й» as some keyboards and pasted text send it
    assert "Доска: «Й»" in reply.text


async def test_a_full_lobby_says_so(bot: Bot) -> None:
    group = Group(bot)
    lobby, buttons = await open_lobby(group, *range(2001, 2001 + SEATS))
    full = [f"Мест нет: в игре до {SEATS} участников."]
    assert notices(await group.press(2999, lobby, button(buttons, "Играю"))) == full
    assert notices(await group.press(2001, lobby, button(buttons, "Бот тоже играет"))) == full
