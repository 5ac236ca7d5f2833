"""The letter game in a group, end to end: lobby, turn order, intruders, timers (also across a restart), /stop."""

from __future__ import annotations

import asyncio
import itertools
import json
import re
import sqlite3
import time
from pathlib import Path

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
    stored_state,
)

from bot.deps import Deps
from bot.solvers import Solvers
from bot.standin import BotApiStandin
from bot.storage import _SCHEMA_V1, SCHEMA_VERSION
from solver.letters import Rule


def to_move(reply: Reply) -> str:
    found = re.findall(r"Ходит (\S+) \(", reply.text)
    assert found, reply.text
    return found[-1]


def notices(reply: Reply) -> list[str]:
    return [str(c.params.get("text", "")) for c in reply.calls if c.method == "answerCallbackQuery"]


def deps_of(bot: Bot) -> Deps:
    found: Deps = bot.application.bot_data["deps"]
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
    assert notices(await group.press(302, lobby, button(buttons, "Играю"))) == ["Вы уже в игре."]
    reply = await group.press(301, lobby, button(buttons, "Начать"))
    assert to_move(reply) == "Аня" and "Доска: «»" in reply.text
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
    game = solvers.games[Rule.COMPLETE_LOSES]
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
    lobby, buttons = await open_lobby(group, 301, 302)
    assert "уже идёт игра" in (await group.say(303, "/play")).text
    await group.press(301, lobby, button(buttons, "Начать"))
    assert "могут админы" in (await group.say(303, "/stop")).text
    bot.standin.admins[GROUP] = {303}
    assert "Игра остановлена" in (await group.say(303, "/stop")).text
    assert (await group.say(301, "а")).calls == []
    # The creator may stop their own game.
    lobby, buttons = await open_lobby(group, 302, 301)
    assert "Игра остановлена" in (await group.say(302, "/stop")).text


async def test_bot_as_a_player_and_giving_up(bot: Bot, database: Path) -> None:
    group = Group(bot)
    lobby, buttons = await open_lobby(group, 301, 302)
    lobby, buttons = lobby_buttons(await group.press(302, lobby, button(buttons, "Бот тоже")))
    reply = await group.press(302, lobby, button(buttons, "Начать"))
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
    assert notices(await group.press(301, lobby, start)) == ["Нужно хотя бы двое игроков."]
    game_id = start.split(":")[1]
    for forged in (f"G:{game_id}:0:rule:nonsense", "G:ffffff:1:join", f"G:{game_id}:x:join", f"G:{game_id}:1:own"):
        reply = await group.press(302, lobby, forged)
        assert notices(reply) == ["Эта кнопка уже не действует."], forged
    assert notices(await group.press(302, lobby, button(buttons, "проиграл"))) == ["Сначала нажмите «Играю»."]
    assert notices(await group.press(302, lobby, button(buttons, "Бот тоже"))) == ["Сначала нажмите «Играю»."]
    lobby, buttons = lobby_buttons(await group.press(302, lobby, button(buttons, "Играю")))
    await group.press(301, lobby, button(buttons, "Начать"))
    # Once the game runs, the lobby's buttons are stale.
    assert notices(await group.press(303, lobby, button(buttons, "Играю"))) == ["Эта кнопка уже не действует."]
    assert notices(await group.press(301, lobby, button(buttons, "Начать"))) == ["Эта кнопка уже не действует."]


async def test_a_turn_runs_out(bot: Bot, database: Path) -> None:
    group = Group(bot)
    settings = deps_of(bot).settings
    settings.group_turn_seconds = 0.4
    lobby, buttons = await open_lobby(group, 301, 302, 303)
    first = len(bot.standin.calls)
    reply = await group.press(301, lobby, button(buttons, "Начать"))
    assert to_move(reply) == "Аня" and "(0.4 с)" in reply.text
    settings.group_turn_seconds = 30  # Боря's turn, which starts at Аня's timeout, is a long one
    reply = await wait_for_text(bot.standin, "время на ход вышло", first)
    assert "Аня: время на ход вышло — выбывает" in reply.text and to_move(reply) == "Боря"
    assert "Доска: «»" in reply.text
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
        reply = await group.press(302, lobby, button(buttons, "Начать"))
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
    game = solvers.games[Rule.COMPLETE_WINS]
    dead = next(letter for letter in game.alphabet if not game.is_fragment(letter))
    reply = await group.say(301, dead)
    assert f"Ни одно слово не начинается с «{dead.upper()}» — Аня выбывает" in reply.text
    assert "Можно было" in reply.text and "Победитель: Боря" in reply.text
    assert record(database, 301, "group") == (1, 0, 1, 0)
