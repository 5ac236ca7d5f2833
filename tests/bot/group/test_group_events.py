"""What real groups send besides moves: a group upgraded to a supergroup (a new chat id), the bot
removed from a group mid-game, anonymous admins, forum topics; end to end through the stand-in."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from bot_harness import NAMES, Bot, Group, Reply, button, open_lobby, record, stored_state, until
from standin import Fault
from telegram import Update

from bot.core.solvers import Solvers
from bot.delivery.outbox import MAX_WAITING_CHATTER, Pace
from bot.games.letters.group.session import GroupSession, Outcome
from bot.games.letters.tables import LetterGames
from bot.runtime.throttle import Throttle
from solver.letters import Rule

OLD, NEW = -4242, -1004242


def to_move(reply: Reply) -> int:
    """The user id of the player the last turn message names."""
    text = reply.text.rsplit("Ходит", 1)[-1]
    return next(user for user, name in NAMES.items() if name in text.split("(")[0])


def a_letter(solvers: Solvers, board: str) -> str:
    game = solvers.of(LetterGames).game("ru", rule=Rule.COMPLETE_LOSES)
    return min(game.plays(board), key=lambda play: len(play.example)).letter


async def started(group: Group) -> Reply:
    """Аня and Боря in a game, Аня's lobby started."""
    lobby, buttons = await open_lobby(group, 301, 302, rule="проиграл")
    return await group.press(301, lobby, button(buttons, "Начать"))


def old_group(bot: Bot) -> Group:
    group = Group(bot, chat_id=OLD)
    group.chat = {"id": OLD, "type": "group", "title": "Буквоеды"}
    return group


def session_at(database: Path, chat_id: int) -> GroupSession | None:
    state = stored_state(database, chat_id, "group")
    return None if state is None else GroupSession.from_dict(state[0])


def wins_of(database: Path, chat_id: int) -> int:
    with sqlite3.connect(database) as db:
        return int(db.execute("SELECT count(*) FROM group_wins WHERE chat_id = ?", (chat_id,)).fetchone()[0])


def service(group: Group, **fields: Any) -> dict[str, Any]:
    message = {"message_id": int(time.time() * 1000) % 10**9, "date": int(time.time()), "chat": group.chat}
    return {"message": message | {"from": group._user(301)} | fields}


async def test_a_group_upgraded_to_a_supergroup_plays_on_there(bot: Bot, solvers: Solvers, database: Path) -> None:
    old = old_group(bot)
    with sqlite3.connect(database) as db:  # a game won there earlier: /top follows the group
        db.execute("INSERT INTO group_wins VALUES (?, 301, 'Аня', ?)", (OLD, time.time()))
    reply = await started(old)
    mover = to_move(reply)
    bot.standin.migrate(OLD, NEW)
    new = Group(bot, chat_id=NEW)
    await new._push(service(new, migrate_from_chat_id=OLD))
    await old._push(service(old, migrate_to_chat_id=NEW))  # the second signal finds nothing left to move
    assert session_at(database, OLD) is None
    moved = session_at(database, NEW)
    assert moved is not None and moved.started and not moved.over
    assert wins_of(database, NEW) == 1 and wins_of(database, OLD) == 0
    letter = a_letter(solvers, "")
    reply = await new.say(mover, letter)
    assert f"{NAMES[mover]}: {letter.upper()}" in reply.text, reply.text
    assert all(c.chat_id != OLD for c in reply.calls)
    assert "Аня" in (await new.say(302, "/top")).text


async def test_a_send_refused_as_migrated_moves_the_game_and_its_message(
    bot: Bot, solvers: Solvers, database: Path
) -> None:
    old = old_group(bot)
    mover = to_move(await started(old))
    bot.standin.migrate(OLD, NEW)  # no service message yet: the turn message's send says so
    letter = a_letter(solvers, "")
    first = len(bot.standin.calls)
    await old.say(mover, letter)
    await until(lambda: any(c.chat_id == NEW and letter.upper() in c.text for c in bot.standin.calls[first:]), 10)
    assert session_at(database, OLD) is None
    moved = session_at(database, NEW)
    assert moved is not None and moved.board == letter
    refused = [call for call, fault in bot.standin.refused if call.chat_id == OLD]
    assert len(refused) == 1  # not retried five times and dropped
    new = Group(bot, chat_id=NEW)
    nxt = 302 if mover == 301 else 301
    second = a_letter(solvers, letter)
    assert f"{NAMES[nxt]}: {second.upper()}" in (await new.say(nxt, second)).text


@pytest.mark.parametrize("signal", ["my_chat_member", "403 on a send"])
async def test_a_bot_removed_from_the_group_stops_its_game_counted_for_nobody(
    bot: Bot, solvers: Solvers, database: Path, signal: str
) -> None:
    group = Group(bot)
    mover = to_move(await started(group))
    bot.standin.kick(group.chat_id)
    if signal == "my_chat_member":
        member = {"user": {"id": 7000001, "is_bot": True, "first_name": "Bukvoed"}, "status": "kicked", "until_date": 0}
        change = {
            "chat": group.chat,
            "from": group._user(302),
            "date": int(time.time()),
            "old_chat_member": member | {"status": "member"},
            "new_chat_member": member,
        }
        await group._push({"my_chat_member": change})
    else:
        await group.say(mover, a_letter(solvers, ""))
        await until(lambda: (session_at(database, group.chat_id) or GroupSession()).over, 10)
    session = session_at(database, group.chat_id)
    assert session is not None and session.over and session.winner is None
    with sqlite3.connect(database) as db:
        assert db.execute("SELECT count(*) FROM turn_deadlines").fetchone()[0] == 0
        assert db.execute("SELECT count(*) FROM outbox").fetchone()[0] == 0
    for player in (301, 302):
        assert record(database, player, "group") == (1, 0, 0, 0)


ANONYMOUS = {"id": 1087968824, "is_bot": True, "first_name": "Group", "username": "GroupAnonymousBot"}


async def as_the_group(group: Group, text: str, sender_chat: dict[str, Any] | None = None) -> Reply:
    """A message an anonymous admin posts (as the group itself), or one posted as ``sender_chat``."""
    message = service(group, text=text) | {}
    message["message"] |= {"from": ANONYMOUS, "sender_chat": sender_chat or group.chat}
    if text.startswith("/"):
        message["message"]["entities"] = [
            {"type": "bot_command", "offset": 0, "length": len(text.split(maxsplit=1)[0])}
        ]
    return await group._push(message)


async def test_an_anonymous_admin_stops_the_game_without_asking_telegram(bot: Bot, database: Path) -> None:
    group = Group(bot)
    await started(group)
    reply = await as_the_group(group, "/stop")
    assert "Админ группы останавливает игру" in reply.text, reply.text
    assert not any(c.method == "getChatMember" for c in bot.standin.calls)
    session = session_at(database, group.chat_id)
    assert session is not None and session.over


async def test_stop_when_telegram_will_not_say_who_is_an_admin_says_so_and_plays_on(bot: Bot, database: Path) -> None:
    group = Group(bot)
    await started(group)
    bot.standin.inject("getChatMember", Fault.SERVER_ERROR, times=20)
    reply = await group.say(303, "/stop")
    assert "Не удалось узнать у Telegram" in reply.text and "пошло не так" not in reply.text, reply.text
    session = session_at(database, group.chat_id)
    assert session is not None and not session.over


async def test_play_as_the_group_or_a_channel_asks_for_a_person(bot: Bot, database: Path) -> None:
    group = Group(bot)
    assert "от своего имени" in (await as_the_group(group, "/play")).text
    channel = {"id": -100777, "type": "channel", "title": "Канал"}
    assert "от своего имени" in (await as_the_group(group, "/play", channel)).text
    assert session_at(database, group.chat_id) is None


async def test_only_letters_in_the_games_topic_are_moves(bot: Bot, solvers: Solvers, database: Path) -> None:
    in_topic = Group(bot, topic=5)
    mover = to_move(await started(in_topic))
    general = Group(bot, topic=None)
    general.chat = in_topic.chat
    other = Group(bot, topic=7)
    letter = a_letter(solvers, "")
    assert (await general.say(mover, letter)).calls == []
    assert (await other.say(mover, letter)).calls == []
    assert "в другой теме" in (await other.say(mover, f"/l {letter}")).text
    session = session_at(database, in_topic.chat_id)
    assert session is not None and session.board == ""
    assert f"{NAMES[mover]}: {letter.upper()}" in (await in_topic.say(mover, letter)).text


async def test_flood_control_counts_anonymous_admins_and_channels_by_the_chat_they_post_as() -> None:
    throttle = Throttle(2, 60.0)

    def posted(sender_chat: int | None, user: dict[str, Any]) -> Update:
        message: dict[str, Any] = {"message_id": 1, "date": 0, "chat": {"id": -5, "type": "supergroup"}, "from": user}
        if sender_chat is not None:
            message["sender_chat"] = {"id": sender_chat, "type": "channel", "title": "c"}
        return Update.de_json({"update_id": 1, "message": message}, None)

    assert [throttle.admits(posted(-100, ANONYMOUS)) for _ in range(3)] == [True, True, False]
    assert throttle.admits(posted(-200, ANONYMOUS))  # another channel, the same user id: its own count
    person = {"id": 301, "is_bot": False, "first_name": "Аня"}
    assert [throttle.admits(posted(None, person)) for _ in range(3)] == [True, True, False]


async def test_a_member_spamming_a_command_does_not_hold_the_game_back(
    bot: Bot, solvers: Solvers, database: Path
) -> None:
    group = Group(bot)
    mover = to_move(await started(group))
    outbox = bot.delivery.outbox
    outbox.pace = Pace(20)  # Telegram's 20 a minute: 2 at once, then one each 3.3 s
    first = len(bot.standin.calls)
    for _ in range(10):
        await group.say(303, "/whowins")
    letter = a_letter(solvers, "")
    moved_at = time.monotonic()
    await group.say(mover, letter)
    told = f"{NAMES[mover]}: {letter.upper()}"
    await until(lambda: any(told in c.text for c in bot.standin.calls[first:]), 10)
    assert time.monotonic() - moved_at < 4.0  # one token's time at most, not ten replies' (33 s)
    waiting = outbox.pending.get(group.chat_id, ())
    assert 0 < len(waiting) <= MAX_WAITING_CHATTER  # the replies past that were dropped


def left_the_group(group: Group, user_id: int) -> dict[str, Any]:
    """The service message of a member leaving (or removed), which every bot in a group gets."""
    return service(group, left_chat_member=group._user(user_id))


def member_change(group: Group, user_id: int, status: str) -> dict[str, Any]:
    """What a bot that is an admin gets when a member's status changes."""
    member = {"user": group._user(user_id), "status": status} | ({"until_date": 0} if status == "kicked" else {})
    return {
        "chat_member": {
            "chat": group.chat,
            "from": group._user(user_id),
            "date": int(time.time()),
            "old_chat_member": {"user": group._user(user_id), "status": "member"},
            "new_chat_member": member,
        }
    }


async def test_a_player_who_leaves_the_group_on_their_turn_is_out_at_once(
    bot: Bot, solvers: Solvers, database: Path
) -> None:
    group = Group(bot)
    lobby, buttons = await open_lobby(group, 301, 302, 303, rule="проиграл")
    reply = await group.press(301, lobby, button(buttons, "Начать"))
    assert to_move(reply) == 301
    reply = await group._push(left_the_group(group, 301))
    assert "Аня покидает группу и выбывает из игры" in reply.text, reply.text
    assert to_move(reply) == 302  # the turn passed on, not left to run out
    session = session_at(database, group.chat_id)
    assert session is not None and session.out == [301] and not session.over
    assert [(gone.player, gone.how) for gone in session.exits] == [(301, Outcome.GONE)]
    letter = a_letter(solvers, "")
    assert f"{NAMES[302]}: {letter.upper()}" in (await group.say(302, letter)).text
    again = await group._push(left_the_group(group, 301))  # a second signal of the same leaving: nothing
    assert not [c for c in again.calls if c.method == "sendMessage"]


async def test_a_player_removed_while_another_moves_is_out_and_the_turn_stays(bot: Bot, database: Path) -> None:
    group = Group(bot)
    lobby, buttons = await open_lobby(group, 301, 302, 303, rule="проиграл")
    await group.press(301, lobby, button(buttons, "Начать"))
    reply = await group._push(member_change(group, 303, "kicked"))
    assert to_move(reply) == 301
    session = session_at(database, group.chat_id)
    assert session is not None and session.out == [303] and session.current == 301
    assert [(gone.player, gone.how) for gone in session.exits] == [(303, Outcome.GONE)]


async def test_the_last_opponent_leaving_the_group_ends_the_game_with_a_winner(bot: Bot, database: Path) -> None:
    group = Group(bot)
    await started(group)
    await group._push(member_change(group, 302, "left"))
    session = session_at(database, group.chat_id)
    assert session is not None and session.over and session.winner == 301
    assert record(database, 301, "group") == (1, 1, 0, 0) and record(database, 302, "group") == (1, 0, 1, 0)
    with sqlite3.connect(database) as db:
        assert db.execute("SELECT count(*) FROM turn_deadlines").fetchone()[0] == 0


async def test_a_member_leaving_the_lobby_leaves_its_list(bot: Bot, database: Path) -> None:
    group = Group(bot)
    await open_lobby(group, 301, 302)
    await group._push(left_the_group(group, 302))
    session = session_at(database, group.chat_id)
    assert session is not None and session.players == [301] and not session.started
