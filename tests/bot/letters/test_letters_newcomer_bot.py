"""A newcomer's letter game, in both languages: English Ghost takes a Cyrillic look-alike as its
Latin letter (in private and in a group), its set-up speaks of a dictionary a player knows, and
/cancel leaves the set-up; a webhook URL with no host is refused at start in one line."""

from __future__ import annotations

from pathlib import Path

import forkserver
import pytest
from bot_harness import Bot, Group, Player, button, lobby_buttons

from bot.core.solvers import Solvers
from bot.games.letters.tables import LetterGames

ROOT = Path(__file__).resolve().parents[3]
#: Each language's set-up labels and words.
SETUP = {
    "ru": {"tier": "Обычные слова", "first": "Я начинаю", "level": "Безупречный", "mode": "Строго", "you": "Вы: "},
    "en": {"tier": "Everyday words", "first": "I start", "level": "Perfect", "mode": "Strict", "you": "You: "},
}
#: Cyrillic letters and the Latin ones they look like.
LOOK_ALIKES = {"а": "a", "о": "o", "е": "e", "с": "c", "р": "p", "х": "x", "у": "y"}


async def english_ghost(player: Player, lang: str) -> str:
    """/play en through its set-up, the player first; the set-up's first answer."""
    intro = (await player.say("/play en")).text
    for step in ("tier", "first", "level", "mode"):
        await player.tap(SETUP[lang][step])
    return intro


@pytest.mark.parametrize("lang", ["ru", "en"])
async def test_english_ghost_reads_a_cyrillic_look_alike_as_its_latin_letter(
    bot: Bot, solvers: Solvers, lang: str
) -> None:
    game = solvers.of(LetterGames).game("en")
    cyrillic, latin = next((cy, la) for cy, la in LOOK_ALIKES.items() if game.is_fragment(la))
    player = Player(bot, 1401 if lang == "ru" else 1402, language_code=lang)
    intro = await english_ghost(player, lang)
    assert "Unix" not in intro and {"ru": "словаря Вебстера", "en": "Webster's dictionary"}[lang] in intro
    reply = (await player.say(cyrillic)).text
    assert f"{cyrillic} → {latin.upper()}" in reply, reply
    assert f"{SETUP[lang]['you']}{latin.upper()}" in reply
    assert "a-z" not in reply


@pytest.mark.parametrize("lang", ["ru", "en"])
async def test_a_group_s_english_ghost_takes_a_cyrillic_look_alike(bot: Bot, solvers: Solvers, lang: str) -> None:
    game = solvers.of(LetterGames).letter_game("en", None)
    cyrillic, latin = next((cy, la) for cy, la in LOOK_ALIKES.items() if game.is_fragment(la))
    group = Group(bot, chat_id=-1009876 - (lang == "en"), language=lang)
    lobby, buttons = lobby_buttons(await group.say(301, "/play en"))
    join, start = {"ru": ("Играю", "Начать"), "en": ("Join", "Start")}[lang]
    lobby, buttons = lobby_buttons(await group.press(302, lobby, button(buttons, join)))
    await group.press(301, lobby, button(buttons, start))
    reply = (await group.say(301, cyrillic)).text
    assert f"Аня: {latin.upper()}" in reply, reply


@pytest.mark.parametrize("lang", ["ru", "en"])
async def test_cancel_leaves_the_set_up(bot: Bot, lang: str) -> None:
    player = Player(bot, 1403 if lang == "ru" else 1404, language_code=lang)
    await player.say("/play en")
    left = (await player.say("/cancel")).text
    assert {"ru": "Выбор отменён", "en": "Set-up left"}[lang] in left
    assert "/help" not in left  # not «I do not know that command»
    assert {"ru": "Отменять нечего", "en": "Nothing to cancel"}[lang] in (await player.say("/cancel")).text
    stale = await player.tap(SETUP[lang]["tier"])  # the set-up's buttons went with it
    assert SETUP[lang]["you"] not in stale.text
    assert (await player.say("/stats")).text  # nothing counted, and the chat goes on


def test_a_webhook_url_with_no_host_is_refused_at_start(tmp_path: Path) -> None:
    """What docker compose's postgres profile gives a replica with WEBHOOK_DOMAIN left empty."""
    env = {
        "PATH": "/usr/bin:/bin",
        "BOT_TOKEN": "123456:" + "A" * 35,
        "WEBHOOK_URL": "https:///telegram",
        "TELEGRAM_API_BASE_URL": "http://127.0.0.1:9/bot",  # nothing listens: no call leaves the machine
        "WEBHOOK_SECRET_TOKEN": "s3cret",
        "DATABASE_PATH": str(tmp_path / "bot.sqlite3"),
    }
    run = forkserver.run("bot", cwd=tmp_path, env=env, timeout=60)
    assert run.returncode == 2, run.stderr
    assert "has no host" in run.stderr and "WEBHOOK_DOMAIN" in run.stderr and len(run.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("lang", ["ru", "en"])
async def test_hint_does_what_playing_md_says(bot: Bot, solvers: Solvers, lang: str) -> None:
    """docs/playing.md: the first /hint lists the letters you can play; a second in the same turn
    which of them win, each with a word; a third repeats that."""
    player = Player(bot, 1405 if lang == "ru" else 1406, language_code=lang)
    await english_ghost(player, lang)
    first, second, third = [(await player.say("/hint")).text for _ in range(3)]
    game = solvers.of(LetterGames).game("en")
    assert "(" not in first and all(p.letter.upper() in first for p in game.plays(""))
    winning = [p for p in game.plays("") if p.outcome.name == "WIN"]
    assert winning and all(f"{p.letter.upper()} (" in second for p in winning), second
    assert third == second
    page = " ".join((ROOT / "docs" / "playing.md").read_text(encoding="utf-8").split())
    assert "the first lists the letters you can play; a second in the same turn names which of them win" in page
    assert "A third repeats that answer" in page and "a second `/hint` repeats the answer" not in page
