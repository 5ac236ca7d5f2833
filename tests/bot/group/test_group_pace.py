"""A group's pace: at most GROUP_MESSAGES_PER_MINUTE messages in any minute reach the group, a
newer turn message replaces one still waiting and tells its moves too, and nothing waiting is
lost across a restart."""

from __future__ import annotations

import asyncio
import itertools
import re
import sqlite3
import time
from pathlib import Path

from bot_harness import GROUP, NAMES, Bot, Group, button, lobby_buttons, open_lobby, running_bot, stored_state, until
from standin import BotApiStandin, Call

from bot.core.solvers import Solvers
from bot.delivery.outbox import Outbox, Pace
from bot.games.letters.group import session as group
from bot.games.letters.tables import LetterGames
from solver.letters import LetterGame, Rule

MESSAGES = ("sendMessage", "editMessageText", "editMessageReplyMarkup", "sendPhoto")
USERS = {name: user for user, name in NAMES.items()}


def to_group(standin: BotApiStandin, first: int = 0) -> list[Call]:
    return [c for c in standin.calls[first:] if c.chat_id == GROUP and c.method in MESSAGES]


def waiting_rows(database: Path) -> list[str]:
    with sqlite3.connect(database) as connection:
        rows = connection.execute("SELECT message FROM outbox WHERE chat_id = ? ORDER BY id", (GROUP,)).fetchall()
    return [str(row[0]) for row in rows]


def outbox_of(bot: Bot) -> Outbox:
    return bot.delivery.outbox


class Table:
    """The test's own copy of the game (the session's pure rules), to know who moves and a letter
    that keeps the round going, without waiting for the bot's message."""

    def __init__(self, game: LetterGame, players: list[int]) -> None:
        self.game = game
        self.session = group.GroupSession(creator=players[0], rule=Rule.COMPLETE_LOSES)
        for player in players:
            group.join(self.session, player, NAMES[player])
        group.start(self.session)

    def move(self) -> tuple[int, str]:
        """Who moves and the letter they play (one that begins the longest word: no round ends)."""
        player = self.session.current
        letter = max(self.game.plays(self.session.board), key=lambda play: len(play.example)).letter
        group.play_letter(self.game, self.session, letter)
        return player, letter


async def start_game(group_chat: Group, *players: int) -> None:
    lobby, buttons = await open_lobby(group_chat, players[0], *players[1:], rule="проиграл")
    await group_chat.press(players[0], lobby, button(buttons, "Начать"))


async def test_a_burst_of_moves_keeps_the_budget_tells_every_move_and_survives_a_restart(
    standin: BotApiStandin, solvers: Solvers, database: Path
) -> None:
    table = Table(solvers.of(LetterGames).game("ru", rule=Rule.COMPLETE_LOSES), [301, 302, 303])
    async with running_bot(standin, solvers, database) as bot:
        chat = Group(bot)
        await start_game(chat, 301, 302, 303)
        # Two a minute: one message at once, the next a minute later.
        outbox_of(bot).pace.budget = 2
        first = len(standin.calls)
        moves = [table.move() for _ in range(6)]
        for player, letter in moves:  # each sees the last letter in the chat and plays at once
            await chat.say(player, letter)
        # The first move was told at once; the other five wait as ONE row, not five.
        sent = to_group(standin, first)
        assert len(sent) == 1
        assert f"{NAMES[moves[0][0]]}: {moves[0][1].upper()}" in sent[0].text
        assert len(waiting_rows(database)) == 1
        state = stored_state(database, GROUP, "group")
        assert state is not None and state[0]["board"] == table.session.board
    first = len(standin.calls)
    async with running_bot(standin, solvers, database, group_messages_per_minute=2) as bot:
        await until(lambda: bool(to_group(standin, first)), seconds=10)
        told = to_group(standin, first)
        assert len(told) == 1 and told[0].method == "sendMessage"
        lines = [f"{NAMES[player]}: {letter.upper()}" for player, letter in moves[1:]]
        assert re.findall(r"^\S+: \S$", told[0].text, flags=re.MULTILINE) == lines  # every move, in order
        assert f'Ходит <a href="tg://user?id={table.session.current}">' in told[0].text
        assert not outbox_of(bot).pending  # (its row's delete rides with the next transaction)
        out_at = time.time()

        def deadline() -> float:
            state = stored_state(database, GROUP, "group")
            assert state is not None
            return float(str(state[0]["deadline"]))

        await until(lambda: deadline() > out_at + 59, seconds=5)  # the whole turn, from when it was out
        # The game goes on from there, in one message a move.
        outbox_of(bot).pace.budget = 0
        player, letter = table.move()
        reply = await Group(bot).say(player, letter)
        assert f"{NAMES[player]}: {letter.upper()}" in reply.text


async def test_only_the_newest_edit_of_a_waiting_lobby_goes_out(
    standin: BotApiStandin, solvers: Solvers, database: Path
) -> None:
    async with running_bot(standin, solvers, database, group_messages_per_minute=2) as bot:
        chat = Group(bot)
        lobby, buttons = lobby_buttons(await chat.say(301, "/play"))  # the one message at once
        for user in (302, 303, 399):
            await chat.press(user, lobby, button(buttons, "Играю"))
        assert len(to_group(standin)) == 1
        assert len(waiting_rows(database)) == 1  # three edits of one message: the newest
    first = len(standin.calls)
    async with running_bot(standin, solvers, database, group_messages_per_minute=2):
        await until(lambda: bool(to_group(standin, first)), seconds=10)
        told = to_group(standin, first)
        assert len(told) == 1 and "Аня, Боря, Вера, Чужой" in told[0].text
        assert told[0].buttons  # the lobby keeps its buttons


async def test_a_lively_game_never_exceeds_the_budget_in_any_window(
    standin: BotApiStandin, solvers: Solvers, database: Path
) -> None:
    budget, period = 4, 1.0
    arrived: list[tuple[float, Call]] = []
    standin.listeners.append(lambda call: arrived.append((time.monotonic(), call)))
    table = Table(solvers.of(LetterGames).game("ru", rule=Rule.COMPLETE_LOSES), [301, 302, 303])
    async with running_bot(standin, solvers, database) as bot:
        chat = Group(bot)
        await start_game(chat, 301, 302, 303)
        outbox_of(bot).pace.period = period  # a short minute, so that it rolls within the test
        outbox_of(bot).pace.budget = budget
        start = time.monotonic()
        moves = []
        for _ in range(12):
            moves.append(table.move())
            await chat.say(*moves[-1])
        mention = f'Ходит <a href="tg://user?id={table.session.current}">'
        await until(lambda: any(mention in c.text for c in to_group(standin)[-1:]) and not outbox_of(bot).pending, 20)
    times = [when for when, call in arrived if call.chat_id == GROUP and call.method in MESSAGES and when > start]
    # At the stand-in (a quarter of the window spared for the calls' own latency):
    assert all(later - times[index] > period * 0.75 for index, later in enumerate(times[budget:]))
    told = re.findall(r"^\S+: \S$", "\n".join(c.text for c in to_group(standin)), flags=re.MULTILINE)
    assert told == [f"{NAMES[player]}: {letter.upper()}" for player, letter in moves]  # each once, in order
    assert len(times) < len(moves)  # fewer messages than moves


async def test_a_turn_timer_waits_while_its_message_waits(
    standin: BotApiStandin, solvers: Solvers, database: Path
) -> None:
    table = Table(solvers.of(LetterGames).game("ru", rule=Rule.COMPLETE_LOSES), [301, 302])
    async with running_bot(standin, solvers, database, group_turn_seconds=1.0) as bot:
        chat = Group(bot)
        await start_game(chat, 301, 302)
        outbox_of(bot).pace.budget = 2  # one message at once, the next a minute later
        first = len(standin.calls)
        await chat.say(*table.move())  # told at once
        await chat.say(*table.move())  # waits: nobody has been told it is their turn
        assert len(waiting_rows(database)) == 1
        await asyncio.sleep(2.5)  # more than two turns' time
        state = stored_state(database, GROUP, "group")
        assert state is not None and state[0]["out"] == [] and not state[0]["over"]
        assert len(to_group(standin, first)) == 1


def test_the_pace_keeps_the_budget_in_every_minute_and_spreads_the_rest() -> None:
    """The bucket's promise, on a clock of its own: a group asking for a message every tenth of a
    second for five minutes gets a tenth of the budget at once, then one every 3.3 s, and no
    minute ever holds more than the budget."""
    now = [0.0]
    pace = Pace(20, clock=lambda: now[0])
    sent: list[float] = []
    while now[0] < 300:
        while pace.wait(GROUP) == 0:  # as many as it may have now
            pace.spend(GROUP)
            sent.append(now[0])
        now[0] = round(now[0] + 0.1, 1)
    assert sent[:3] == [0.0, 0.0, 3.4] and all(3.2 <= b - a <= 3.5 for a, b in itertools.pairwise(sent[2:]))
    assert max(sum(1 for t in sent if start <= t < start + 60) for start in sent) in (19, 20)
    assert pace.wait(-5) == 0 and pace.wait(5) == 0  # another group, a private chat: not held
