"""Sessions survive a restart; updates for one chat at the same time never lose or double a move."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bot_harness import Bot, Player, new_letter_game, on_each_engine, record, running_bot, stored_state
from standin import BotApiStandin

from bot.core import texts
from bot.core.solvers import Solvers
from bot.games.letters import session as letter_session
from bot.games.letters.tables import LetterGames
from bot.games.wordle.solver import WordleSolver
from solver.letters import Rule
from solver.wordle import feedback

SOMETHING_WRONG = "Что-то пошло не так"


database = on_each_engine  # a SQLite file and a PostgreSQL server alike


async def test_restart_mid_game_resumes(standin: BotApiStandin, solvers: Solvers, database: Path) -> None:
    game = solvers.of(LetterGames).game("ru", rule=Rule.COMPLETE_WINS)
    async with running_bot(standin, solvers, database) as first_run:
        player = Player(first_run, 401)
        await new_letter_game(player, "выиграл", "Я начинаю")
        board = (await player.say("к")).last_board()
    before = stored_state(database, 401, "letters")

    async with running_bot(standin, solvers, database) as second_run:
        player = Player(second_run, 401)
        assert stored_state(database, 401, "letters") == before
        letter = game.plays(board)[0].letter
        reply = await player.say(letter)
        assert SOMETHING_WRONG not in reply.text
        assert reply.last_board().startswith(board + letter)
        secret = solvers.of(WordleSolver).words[7]
        guess = (await player.say("/5bukv")).suggestion()
        reply = await player.say("".join(c.value for c in feedback(guess, secret)))
        entries = stored_state(database, 401, "5bukv")

    async with running_bot(standin, solvers, database) as third_run:
        player = Player(third_run, 401)
        assert stored_state(database, 401, "5bukv") == entries
        if "Отгадано" not in reply.text:
            guess = reply.suggestion()
            reply = await player.say("".join(c.value for c in feedback(guess, secret)))
            state = stored_state(database, 401, "5bukv")
            assert state is not None and len(state[0]["entries"]) == 2  # type: ignore[arg-type]


async def test_two_updates_at_once_for_one_chat(bot: Bot, database: Path) -> None:
    player = Player(bot, 402)
    await new_letter_game(player, "выиграл", "Я начинаю")
    first = len(bot.standin.calls)
    await bot.wait(bot.standin.push_message(402, "/hint"), bot.standin.push_message(402, "/hint"))
    assert record(database, 402, "letters") == (1, 0, 0, 2)  # neither hint lost

    await bot.wait(bot.standin.push_message(402, "к"), bot.standin.push_message(402, "о"))
    reply = player.collect(first)
    assert SOMETHING_WRONG not in reply.text
    assert len([c for c in reply.calls if c.method == "sendMessage"]) == 4  # every update answered once
    boards = [b.lower() for b in re.findall(r"Доска: «([^»]*)»", reply.text)]
    assert boards and len(boards[0]) == 2  # the first letter and the bot's answer
    if len(boards) == 2:  # the second letter was legal after the first move: it extends that board
        assert boards[1].startswith(boards[0]) and len(boards[1]) in (3, 4)
    state = stored_state(database, 402, "letters")
    assert state is not None and state[0]["board"] == boards[-1]


async def test_a_fault_is_reported_and_the_game_kept(bot: Bot, database: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    player = Player(bot, 403)
    await new_letter_game(player, "выиграл", "Я начинаю")
    before = stored_state(database, 403, "letters")

    def broken(*args: object) -> None:
        raise RuntimeError("a fault in the middle of a move")

    monkeypatch.setattr(letter_session, "play_letter", broken)
    reply = await player.say("к")
    assert texts.something_went_wrong("ru") in reply.text
    assert stored_state(database, 403, "letters") == before
    monkeypatch.undo()
    assert (await player.say("к")).last_board().startswith("к")


async def test_two_undo_taps_at_once_take_back_one_entry(bot: Bot, database: Path) -> None:
    player = Player(bot, 404)
    await player.say("/5bukv")
    await player.say("ggggg")
    await player.say("/undo")  # back to the opening...
    await player.say("ggggg")
    reply = await player.say("gggww")  # ...and two entries
    assert "Ни одно слово" in reply.text or "Возможных слов" in reply.text
    undo = next(b for b in player.buttons() if "Отменить" in b["text"])
    message_id = player.keyboards[-1][0]
    taps = [bot.standin.push_callback(404, message_id, undo["callback_data"]) for _ in range(2)]
    await bot.wait(*taps)
    state = stored_state(database, 404, "5bukv")
    assert state is not None and len(state[0]["entries"]) == 1  # type: ignore[arg-type]
    notices = [c.params.get("text") for c in bot.standin.calls[-4:] if c.method == "answerCallbackQuery"]
    assert texts.stale_button("ru") in notices
