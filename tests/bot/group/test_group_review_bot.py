"""The group game's review end to end: after the game, /review gives each player's turning point in
one line, as the N-seat tables say; during the game it is refused (it would tell everyone the winning letters)."""

from __future__ import annotations

import re
from pathlib import Path

from bot_harness import GROUP, NAMES, Bot, Group, Reply, button, lobby_buttons, open_lobby, stored_state

from bot.core.solvers import Solvers
from bot.games.letters.group.session import GroupSession, turning_points
from bot.games.letters.tables import LetterGames
from solver.letters import Rule


def to_move(reply: Reply) -> str:
    found = re.findall(r'Ходит (?:<a href="tg://user\?id=\d+">)?([^<(]+?)(?:</a>)? \(', reply.text)
    assert found, reply.text
    return found[-1]


async def test_each_player_gets_one_line(bot: Bot, solvers: Solvers, database: Path) -> None:
    group = Group(bot)
    lobby, buttons = await open_lobby(group, 301, 302, 303, rule="проиграл")
    reply = await group.press(301, lobby, button(buttons, "Начать"))
    assert "когда игра закончится" in (await group.say(301, "/review")).text
    game = solvers.of(LetterGames).game("ru", rule=Rule.COMPLETE_LOSES)
    for _ in range(80):
        if "Победитель" in reply.text:
            break
        mover = to_move(reply)
        plays = game.plays(reply.last_board())
        user = next(u for u, n in NAMES.items() if n == mover)
        reply = await group.say(user, plays[len(plays) // 2].letter.upper())
    else:
        raise AssertionError("the game did not end")
    stored = stored_state(database, GROUP, "group")
    assert stored is not None
    session = GroupSession.from_dict(stored[0])
    points = turning_points(game, session)
    assert points is not None and set(points) == {301, 302, 303}
    reply = await group.say(302, "/review")
    lines = reply.text.splitlines()
    assert lines[0].startswith("🔍 Разбор")
    for player, point in points.items():
        line = next(line for line in lines if line.startswith(f"{NAMES[player]}: "))
        if point is None:
            assert "ни разу не упущен" in line
        else:
            assert f"— {point.letter.upper()}, а выигрыш держала {point.kept_by[0].upper()} ({point.example})" in line


async def test_nothing_to_review_in_a_new_group(bot: Bot) -> None:
    assert "Разбирать пока нечего" in (await Group(bot).say(301, "/review")).text


async def test_an_english_group_reviews_its_ghost_game_in_english(bot: Bot, solvers: Solvers, database: Path) -> None:
    """English Ghost in a group of English speakers, played out, then /review: one English line each."""
    group = Group(bot, language="en")
    lobby, buttons = lobby_buttons(await group.say(301, "/play en"))
    lobby, buttons = lobby_buttons(await group.press(302, lobby, button(buttons, "Join")))
    reply = await group.press(301, lobby, button(buttons, "Start"))
    game = solvers.of(LetterGames).game("en")
    for _ in range(80):
        if "The winner" in reply.text:
            break
        mover = re.findall(r'(?:<a href="tg://user\?id=\d+">)?([^<>\n]+?)(?:</a>)? to move \(', reply.text)[-1]
        plays = game.plays(reply.last_board())
        user = next(u for u, n in NAMES.items() if n == mover)
        reply = await group.say(user, plays[len(plays) // 2].letter)
    else:
        raise AssertionError("the game did not end")
    stored = stored_state(database, GROUP, "group")
    assert stored is not None
    points = turning_points(game, GroupSession.from_dict(stored[0]))
    assert points is not None and set(points) == {301, 302}
    lines = (await group.say(302, "/review")).text.splitlines()
    assert lines[0] == "🔍 Review: where each player let the win go"
    for player, point in points.items():
        line = next(line for line in lines if line.startswith(f"{NAMES[player]}: "))
        if point is None:
            assert line.endswith("never let a forced win go.")
        else:
            assert f"played {point.letter.upper()}; {point.kept_by[0].upper()} ({point.example}) kept the win." in line


def test_the_group_review_in_english() -> None:
    """A group is spoken to in its creator's language: the same lines in English."""
    from bot.games.letters.group.session import TurningPoint
    from bot.games.letters.group.texts import review_text

    session = GroupSession(creator=1, lang="en", players=[1, 2, 0], names={1: "Ann", 2: "Bob"})
    points: dict[int, TurningPoint | None] = {1: TurningPoint("ca", "t", ("r",), "car"), 2: None, 0: None}
    lines = review_text("en", session, points).splitlines()
    assert lines[0].startswith("🔍 Review")
    assert lines[1] == "Ann: at “CA” played T; R (car) kept the win."
    assert lines[2] == "Bob: never let a forced win go."
    assert lines[3].startswith("Bukvoed 🤖: never")
