"""A game saved on a board the word list no longer has (words were excluded since) ends
gracefully, uncounted, at its next use after a restart: in private and in a group."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from bot_harness import GROUP, Group, Player, button, new_letter_game, open_lobby, record, running_bot, stored_state
from standin import BotApiStandin

from bot.core.solvers import Solvers
from bot.games.letters.tables import LetterGames
from solver.letters import Rule, Verdict

NOTICE = "словарь обновился"


def outdated_board(solvers: Solvers) -> str:
    """Letters that begin no word of the current list: what an excluded word leaves behind."""
    board = "ъъ"
    assert solvers.of(LetterGames).game("ru", rule=Rule.COMPLETE_WINS).verdict(board) is Verdict.NO_WORD
    return board


def store_board(database: Path, chat_id: int, kind: str, board: str) -> None:
    """Put ``board`` into the stored session (the bot stopped), as a game saved before the lists changed."""
    found = stored_state(database, chat_id, kind)
    assert found is not None
    state, _ = found
    state["board"] = board
    with sqlite3.connect(database) as db:
        db.execute("UPDATE sessions SET state = ? WHERE chat_id = ? AND kind = ?", (json.dumps(state), chat_id, kind))


@pytest.mark.parametrize("command", ["к", "/hint", "/giveup", "/whowins"])
async def test_a_private_game_on_an_outdated_board_ends_uncounted(
    standin: BotApiStandin, solvers: Solvers, database: Path, command: str
) -> None:
    async with running_bot(standin, solvers, database) as first_run:
        await new_letter_game(Player(first_run, 501), "выиграл", "Я начинаю")
    store_board(database, 501, "letters", outdated_board(solvers))
    before = record(database, 501, "letters")

    async with running_bot(standin, solvers, database) as second_run:
        player = Player(second_run, 501)
        reply = await player.say(command)
        assert NOTICE in reply.text and "«ЪЪ»" in reply.text
        assert "Что-то пошло не так" not in reply.text
        state = stored_state(database, 501, "letters")
        assert state is not None and state[0]["over"] is True
        assert record(database, 501, "letters") == before  # neither a loss nor a hint
        assert "/play" in (await player.say("к")).text  # then it is simply over


async def test_a_group_game_on_an_outdated_board_is_stopped_for_nobody(
    standin: BotApiStandin, solvers: Solvers, database: Path
) -> None:
    async with running_bot(standin, solvers, database) as first_run:
        group = Group(first_run)
        lobby, buttons = await open_lobby(group, 601, 602)
        await group.press(601, lobby, button(buttons, "Начать"))
    store_board(database, GROUP, "group", outdated_board(solvers))
    before = [record(database, user, "group") for user in (601, 602)]

    async with running_bot(standin, solvers, database) as second_run:
        reply = await Group(second_run).say(601, "к")
        assert NOTICE in reply.text and "Что-то пошло не так" not in reply.text
        state = stored_state(database, GROUP, "group")
        assert state is not None and state[0]["over"] is True and state[0]["winner"] is None
        assert [record(database, user, "group") for user in (601, 602)] == before
