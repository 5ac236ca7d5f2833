"""Starting the bot: settings, the token check, and the Docker files (no Docker engine here: parsed)."""

from __future__ import annotations

import asyncio
import subprocess
from pathlib import Path

import forkserver
import pytest
import yaml
from bot_harness import ROOT, bot_env, bot_process, scripted, until
from standin import FAKE_TOKEN, BotApiStandin
from telegram.ext import Application

from bot.core.game import Codecs, command_menu, start_lines
from bot.core.solvers import Solvers
from bot.core.texts import LocaleData, nothing_running
from bot.games.fingers.game import GAME as FINGERS
from bot.games.fingers.tables import FingerTables
from bot.games.letters import texts as letters_texts
from bot.games.letters.group.tables import GroupSeats
from bot.games.letters.tables import LetterGames
from bot.games.wordle.game import GAME as WORDLE
from bot.registry import GAMES, Settings, played, tables_of
from bot.runtime.cli import main, serve
from bot.runtime.console import MESSAGE_LIMIT, chat, too_long
from bot.storage import open_store
from solver.letters import Rule


def run_bot(env: dict[str, str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """``python -m bot`` in a folder with no .env, with only ``env`` beside PATH (forked: tests/forkserver.py)."""
    return forkserver.run("bot", cwd=tmp_path, env={"PATH": "/usr/bin:/bin", **env}, timeout=60)


@pytest.mark.parametrize("token", ["", "not-a-token", "123:short"])
@pytest.mark.process
def test_no_or_malformed_token_is_one_clear_line(tmp_path: Path, token: str) -> None:
    result = run_bot({"BOT_TOKEN": token} if token else {}, tmp_path)
    assert result.returncode != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "BOT_TOKEN" in lines[0] and ".env" in lines[0] and ".venv/bin/python -m bot --console" in lines[0]
    if token:
        assert token not in lines[0]  # the secret is never echoed


def test_settings_read_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("BOT_TOKEN", "123456:" + "A" * 35)
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "x.sqlite3"))
    monkeypatch.setenv("WEBHOOK_PORT", "9000")
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    assert settings.token_problem() is None
    assert settings.database_path == tmp_path / "x.sqlite3"
    assert settings.webhook_port == 9000 and settings.webhook_url is None
    assert "AAAA" not in repr(settings) and "AAAA" not in str(settings.bot_token)


def test_env_example_documents_every_setting() -> None:
    documented = {
        line.split("=", 1)[0]
        for line in (ROOT / ".env.example").read_text(encoding="utf-8").splitlines()
        if "=" in line and not line.startswith("#")
    }
    compose_only = {"WEBHOOK_DOMAIN", "POSTGRES_PASSWORD"}  # docker-compose.yml's postgres profile reads them
    assert documented - compose_only == {name.upper() for name in Settings.model_fields}
    assert compose_only <= documented and not compose_only & {name.upper() for name in Settings.model_fields}


def test_docker_compose_runs_the_bot_with_a_named_volume() -> None:
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text(encoding="utf-8"))
    service = compose["services"]["bot"]
    assert service["build"] == "."
    assert service["env_file"] == ".env"
    assert service["restart"] in ("unless-stopped", "always")
    volume, mount = service["volumes"][0].split(":")
    assert volume in compose["volumes"]
    assert Path(service["environment"]["DATABASE_PATH"]).parent == Path(mount)
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    assert 'CMD ["python", "-m", "bot"]' in dockerfile
    assert (
        "pip install" in dockerfile and "COPY data" in dockerfile and "COPY solver" in dockerfile
    )  # solver/data: a link
    assert ".env" in (ROOT / ".dockerignore").read_text(encoding="utf-8").split()


async def test_console_plays_with_numbered_buttons(
    solvers: Solvers, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`python -m bot --console`, in process: the same application, buttons picked by number."""
    read_line = scripted(["1", "1", "1", "1", "1", "1", "к", "/hint", "/5bukv", "1", "ggggg", "/undo"])

    settings = Settings(_env_file=None, database_path=tmp_path / "console.sqlite3")  # type: ignore[call-arg]
    assert await chat(settings, solvers, read_line) == 0
    out = capsys.readouterr().out
    assert f"[1] {letters_texts.menu_button('ru')}" in out
    assert f"[2] {letters_texts.button_russian_rule('ru', Rule.COMPLETE_LOSES)}" in out  # the menu's game is Russian
    assert "Вы: К" in out and "Доска: «К" in out and "Можно сыграть" in out
    assert "Сдаться и начать" in out and "засчитано поражение" in out  # /5bukv asked before leaving the game
    assert "⬛⬛⬛⬛⬛" in out and "Возможных слов" in out


def test_no_token_points_at_the_venvs_python_for_the_console() -> None:
    settings = Settings(_env_file=None, bot_token=None)  # type: ignore[call-arg]
    problem = settings.token_problem()
    assert problem is not None and "run: .venv/bin/python -m bot --console" in problem


async def test_a_console_line_longer_than_a_telegram_message_is_not_sent(
    solvers: Solvers, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Telegram takes at most 4,096 characters a message: a longer line is told so and not sent,
    and the console goes on."""
    settings = Settings(_env_file=None, database_path=tmp_path / "console.sqlite3")  # type: ignore[call-arg]
    long_line = "к" * (MESSAGE_LIMIT + 1)
    assert await chat(settings, solvers, scripted([long_line, "/rules_5bukv"])) == 0
    out = capsys.readouterr().out
    assert too_long(MESSAGE_LIMIT + 1) in out and "«5 букв»" in out
    assert "Сейчас игры нет" not in out  # the long line never reached the bot


async def test_the_console_started_twice_on_one_file_answers_the_second_time_too(
    solvers: Solvers, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each run numbers its updates afresh: from 1, the second run's were taken for the first
    run's redeliveries and ignored."""
    settings = Settings(_env_file=None, database_path=tmp_path / "console.sqlite3")  # type: ignore[call-arg]
    assert await chat(settings, solvers, scripted(["/play"])) == 0
    capsys.readouterr()
    assert await chat(settings, solvers, scripted(["/5bukv"])) == 0
    out = capsys.readouterr().out
    assert "✅" in out  # the second run's own /5bukv was answered: its letter buttons


async def test_console_offers_the_board_again_after_keep_playing(
    solvers: Solvers, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The answered question loses its buttons; ▶️ sends the finger game's board again, with its
    buttons, so a number taps a move (before f3716ee a number went as text; until ▶️ re-sent the
    board, the console offered the buttons of the board above the question)."""
    read_line = scripted(["/fingers", "1", "2", "1", "/5bukv", "2", "1"])  # a move first: the game is under way

    settings = Settings(_env_file=None, database_path=tmp_path / "console.sqlite3")  # type: ignore[call-arg]
    assert await chat(settings, solvers, read_line) == 0
    out = capsys.readouterr().out
    kept = out.split("Играем дальше", 1)[1]
    assert "Ваш ход:" in kept.split("(edited) Вы: ")[0] and "the buttons of an earlier message" not in out
    assert "(edited) Вы: " in out and "ходят кнопками" not in out


async def test_console_takes_a_pasted_script_longer_than_the_flood_limit(
    solvers: Solvers, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A script piped into the console is one person typing, not a flood: every line is answered.

    Before, the 21st line within 10 s was skipped by flood control, the console waited for
    its answer in vain and died with a TimeoutError traceback."""
    settings = Settings(_env_file=None, database_path=tmp_path / "console.sqlite3")  # type: ignore[call-arg]
    read_line = scripted(["/help"] * (settings.throttle_messages + 5))

    assert await chat(settings, solvers, read_line) == 0
    out = capsys.readouterr().out
    assert "Слишком много" not in out
    assert out.count("/5bukv") >= settings.throttle_messages + 5  # every /help answered


@pytest.mark.parametrize("webhook", [False, True])
def test_serve_polls_or_serves_a_webhook(
    solvers: Solvers, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, webhook: bool
) -> None:
    """Long polling unless WEBHOOK_URL is set; then the webhook listens at that URL's path."""
    calls: list[tuple[str, dict[str, object]]] = []
    monkeypatch.setattr("bot.core.solvers.start_solvers", lambda makers, players=None: solvers)
    monkeypatch.setattr(Application, "run_polling", lambda self, **kw: calls.append(("polling", kw)))
    monkeypatch.setattr("bot.runtime.cli.serve_webhook", lambda app, hook: calls.append(("webhook", vars(hook))))
    extra = (
        {"webhook_url": "https://bot.example.org/telegram/hook", "webhook_port": 8080, "webhook_secret_token": "s3cret"}
        if webhook
        else {}
    )
    settings = Settings(  # type: ignore[call-arg]
        _env_file=None, bot_token="123456:" + "A" * 35, database_path=tmp_path / "db.sqlite3", **extra
    )
    assert serve(settings) == 0
    assert len(calls) == 1
    mode, arguments = calls[0]
    if webhook:
        assert mode == "webhook"
        assert arguments["url_path"] == "/telegram/hook" and arguments["port"] == 8080
        assert arguments["url"] == "https://bot.example.org/telegram/hook"
        assert arguments["secret_token"] == "s3cret"
    else:
        assert mode == "polling"


@pytest.mark.process
async def test_python_m_bot_answers_and_shuts_down_cleanly(standin: BotApiStandin, tmp_path: Path) -> None:
    """The real entry point against the stand-in: commands set at start, a reply, exit 0 on Ctrl-C,
    and the token in no log line."""
    env = bot_env(standin, tmp_path / "db" / "bot.sqlite3", LOG_LEVEL="DEBUG")
    async with bot_process(env, tmp_path, standin) as finished:
        standin.push_message(9, "/start")
        await until(lambda: any(c.method == "sendMessage" for c in standin.calls), seconds=20)
    log = finished.log
    assert finished.status == 0, log
    commands = [c for c in standin.calls if c.method == "setMyCommands"]
    assert {c.params.get("language_code") for c in commands} == {"ru", "en", None}
    assert "Буквоед" in next(c.text for c in standin.calls if c.method == "sendMessage")
    assert (tmp_path / "db" / "bot.sqlite3").exists()
    assert FAKE_TOKEN not in log and FAKE_TOKEN.split(":")[1] not in log


@pytest.mark.process
async def test_a_second_bot_on_the_same_database_stops_with_one_line(standin: BotApiStandin, tmp_path: Path) -> None:
    """The bot remembers the sessions it wrote, so two processes must not share a file."""
    database = tmp_path / "db" / "bot.sqlite3"
    running = await open_store(database)  # as the first bot holds it
    try:
        env = bot_env(standin, database)
        second = await forkserver.start("bot", cwd=tmp_path, env=env, stderr=asyncio.subprocess.PIPE)
        _, stderr = await asyncio.wait_for(second.communicate(), 120)  # the stand-in answers meanwhile
    finally:
        await running.close()
    told = stderr.decode()
    assert second.returncode == 2, told
    expected = f"{database} is in use by another bot process; run one bot per DATABASE_PATH"
    assert told.strip().splitlines()[-1] == expected
    assert "Traceback" not in told


def test_games_names_the_games_a_bot_plays(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """GAMES picks games by name, in the registry's order, with the tables they play on; none
    named, every game; a name of no game stops the start with one line, naming the games."""

    def named(value: str) -> tuple[str, ...]:
        return tuple(game.kind for game in played(Settings(_env_file=None, games=value)))  # type: ignore[call-arg]

    assert named("") == tuple(game.kind for game in GAMES)
    assert named(" 5bukv, Fingers ") == ("fingers", "5bukv")
    group = played(Settings(_env_file=None, games="group,fingers"))  # type: ignore[call-arg]
    assert tables_of(group) == (Codecs, LocaleData, FingerTables, LetterGames, GroupSeats)
    with pytest.raises(ValueError, match="GAMES: name one a private chat plays too"):
        played(Settings(_env_file=None, games="group"))  # type: ignore[call-arg]  # /start would offer nothing
    monkeypatch.chdir(tmp_path)  # no .env there
    monkeypatch.setenv("GAMES", "fingers,chess")
    assert main([]) == 2
    assert capsys.readouterr().err.splitlines() == [
        "bad setting (environment or .env, see .env.example): GAMES: no game chess; the games are "
        + ", ".join(game.kind for game in GAMES)
    ]


@pytest.mark.process
async def test_python_m_bot_plays_only_the_games_named(standin: BotApiStandin, tmp_path: Path) -> None:
    """With GAMES set, ``python -m bot`` offers those games alone, in its menu and its answers,
    and plays them."""
    env = bot_env(standin, tmp_path / "bot.sqlite3", GAMES="5bukv,fingers")
    async with bot_process(env, tmp_path, standin) as finished:
        standin.push_message(9, "привет")
        await until(lambda: any(c.method == "sendMessage" for c in standin.calls), seconds=20)
        standin.push_message(9, "/5bukv")
        await until(lambda: sum(c.method == "sendMessage" for c in standin.calls) >= 2, seconds=20)
    assert finished.status == 0, finished.log
    menu = next(c for c in standin.calls if c.method == "setMyCommands" and c.params.get("language_code") == "ru")
    shown = [(command["command"], command["description"]) for command in menu.params["commands"]]
    assert shown == command_menu("ru", (FINGERS, WORDLE))
    first, second = [c.text for c in standin.calls if c.method == "sendMessage"][:2]
    assert first == nothing_running("ru", start_lines("ru", (FINGERS, WORDLE)))
    assert "Попробуйте: " in second, second  # 5bukv begun: its first suggestion
