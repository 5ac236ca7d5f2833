"""The console is a full way in, in both languages: every button of a daily's result works (📤
Share asks the inline query and prints its results), a group game is played by simulated members
taking turns at the keyboard, a link button says what it would open; `python -m bot --help`
names `--group` and `migrate-to`."""

from __future__ import annotations

import asyncio
import logging
import re
from pathlib import Path

import aiohttp
import forkserver
import pytest
from bot_harness import scripted

from bot.core.solvers import Solvers
from bot.games.letters.tables import LetterGames
from bot.registry import Settings
from bot.runtime.console import Choice, Keyboard, chat
from bot.runtime.local_api import FAKE_TOKEN, LocalBotApi
from solver.daily import DailyBook
from solver.words import Tier

ROOT = Path(__file__).resolve().parents[2]


def settings(tmp_path: Path, language: str) -> Settings:
    return Settings(  # type: ignore[call-arg]
        _env_file=None, database_path=tmp_path / "console.sqlite3", console_language=language
    )


@pytest.mark.parametrize("language", ["ru", "en"])
async def test_every_button_of_a_daily_result_works_in_the_console(
    solvers: Solvers, tmp_path: Path, capsys: pytest.CaptureFixture[str], language: str
) -> None:
    """/daily en, solved, then each of the three buttons: Share, the review, again."""
    from datetime import datetime
    from zoneinfo import ZoneInfo

    game = solvers.of(LetterGames).game("en", Tier.COMMON)
    puzzle = DailyBook(game, "en").puzzle(datetime.now(ZoneInfo("Europe/Moscow")).date())
    letters = list(puzzle.line[len(puzzle.board) :: 2])
    lines = ["/daily en", *letters, "1", "2", "3"]  # the buttons of the result, by number
    assert await chat(settings(tmp_path, language), solvers, scripted(lines)) == 0
    out = capsys.readouterr().out
    assert "Traceback" not in out and "KeyError" not in out
    shared = out.split("(Telegram would type @bukvoed_bot", 1)
    assert len(shared) == 2, out[-2000:]
    offered = shared[1].split("\n> ", 1)[0]
    title = {
        "ru": f"Моя задача дня №{puzzle.number} · английский Ghost",
        "en": f"My daily #{puzzle.number} · English Ghost",
    }
    assert "(the bot offers 1 result(s) to post:)" in offered and title[language] in offered
    assert "🟩" * puzzle.moves in offered
    review = {"ru": f"Разбор задачи №{puzzle.number}", "en": f"Review of puzzle #{puzzle.number}"}[language]
    assert review in out
    again = {"ru": "Это повтор", "en": "A replay:"}[language]  # 🔁 begins the puzzle again, uncounted
    assert again in out.split(review, 1)[1], out[-1500:]
    assert "Эта кнопка уже не действует" not in out and "This button no longer works" not in out


@pytest.mark.parametrize("language", ["ru", "en"])
async def test_the_console_plays_a_group_game_with_members_at_one_keyboard(
    solvers: Solvers, tmp_path: Path, capsys: pytest.CaptureFixture[str], language: str
) -> None:
    """--group 3: member 1 opens the lobby, 2 and 3 join by tapping, 1 starts, 1 and 2 play letters."""
    join, start = {"ru": ("Играю", "Начать"), "en": ("Join", "Start")}[language]
    lines = ["1: /play ru"]
    assert await chat(settings(tmp_path, language), solvers, scripted(lines), members=3) == 0
    lobby = capsys.readouterr().out
    numbers = dict(re.findall(r"\[(\d+)\] [^\[\n]*?(" + join + "|" + start + ")", lobby))
    number = {label: n for n, label in numbers.items()}
    game = solvers.of(LetterGames).game("ru")
    first = game.plays("")[0].letter
    second = game.plays(first)[0].letter
    lines = [
        "1: /play ru",
        f"2: {number[join]}",
        f"3: {number[join]}",
        f"1: {number[start]}",
        f"1: {first}",
        f"2: {second}",
    ]
    assert await chat(settings(tmp_path / "second", language), solvers, scripted(lines), members=3) == 0
    out = capsys.readouterr().out
    names = {"ru": ("Аня", "Боря", "Вера"), "en": ("Ann", "Bob", "Cat")}[language]
    players = {"ru": "Игроки: ", "en": "Players: "}[language] + ", ".join(names)
    assert players in out, out[-3000:]
    assert f"{names[0]}: {first.upper()}" in out and f"{names[1]}: {second.upper()}" in out
    assert "<a href" not in out  # a mention is shown as the name it links
    assert "Traceback" not in out


def test_a_button_that_sends_nothing_says_what_telegram_would_do(capsys: pytest.CaptureFixture[str]) -> None:
    keyboard = Keyboard(LocalBotApi(), "ru", 0)
    assert keyboard.tap(Choice(1, 5, {"text": "Сайт", "url": "https://example.org/rules"})) is None
    assert "(Telegram would open https://example.org/rules)" in capsys.readouterr().out


def test_help_lists_the_group_console_and_migrate_to(bot_help: str) -> None:
    """``bot_help``: what ``python -m bot --help`` printed (it exited 0)."""
    assert "migrate-to URL" in bot_help and "--group N" in bot_help and "--console" in bot_help
    alone = forkserver.run("bot", "--group", "3", cwd=ROOT, timeout=60)
    assert alone.returncode == 2 and "add --console" in alone.stderr


async def test_a_bot_gone_in_the_middle_of_a_call_is_no_error_of_the_local_api(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A bot stopped or killed while it sends a call (its body cut short) leaves nothing to answer:
    the local API logs no error for it and goes on answering."""
    api = LocalBotApi()
    base = await api.start()
    port = int(base.rsplit(":", 1)[1].split("/")[0])
    try:
        _, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(
            b"POST /bot" + FAKE_TOKEN.encode() + b"/sendMessage HTTP/1.1\r\nHost: x\r\n"
            b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 500\r\n\r\nchat_id=1&te"
        )
        await writer.drain()
        writer.close()
        await writer.wait_closed()
        await asyncio.sleep(0.2)
        async with aiohttp.ClientSession() as session, session.post(f"{base}{FAKE_TOKEN}/getMe") as response:
            assert (await response.json())["ok"]
    finally:
        await api.stop()
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]
