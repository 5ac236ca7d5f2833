"""The finger game's review end to end: the moves are kept in the session and graded after the game
as solver.review grades them; an old stored game without them loads and has nothing to review."""

from __future__ import annotations

from pathlib import Path

from bot_harness import Bot, Player, stored_state

from bot.core.solvers import Solvers
from bot.games.fingers.session import FingerSession
from bot.games.fingers.texts import review_move
from solver.levels import Level
from solver.review import Grade, review_fingers


async def play_first_moves(player: Player, database: Path, limit: int = 120) -> None:
    """The player presses the first move button every turn until the game ends."""
    for _ in range(limit):
        stored = stored_state(database, player.user_id, "fingers")
        assert stored is not None
        if stored[0]["result"] is not None:
            return
        message_id = player.keyboards[-1][0]
        await player.press_data(message_id, f"F:{stored[0]['id']}:{stored[0]['moves']}:move:0")
    raise AssertionError("the game did not end")


async def test_the_review_grades_every_move_kept(bot: Bot, solvers: Solvers, database: Path) -> None:
    player = Player(bot, 531)
    await player.say("/fingers")
    await player.tap("Безупречный")
    await player.tap("Я начинаю")
    assert "когда партия закончится" in (await player.say("/review")).text
    await play_first_moves(player, database)
    stored = stored_state(database, 531, "fingers")
    assert stored is not None
    history = stored[0]["history"]
    assert isinstance(history, list) and len(history) == stored[0]["moves"]
    graded = review_fingers(solvers.fingers, [str(code) for code in history])
    reply = await player.tap("Разбор партии")
    lines = [line for line in reply.text.splitlines() if line[:1].isdigit()]
    assert len(lines) == len(graded)
    for line, move in zip(lines, graded, strict=True):
        assert f": {review_move('ru', move.move)} — " in line
        assert ("вы:" in line) == (move.mover == 1)
        assert ("упустил" in line) == (move.grade in (Grade.THREW_WIN, Grade.THREW_DRAW))
    assert "Лучших ходов" in reply.text


async def test_the_review_in_english(bot: Bot, database: Path) -> None:
    player = Player(bot, 532, language_code="en")
    await player.say("/fingers")
    await player.tap("Perfect")
    await player.tap("bot")
    await play_first_moves(player, database)
    reply = await player.say("/review")
    assert "🔍 Review of the game" in reply.text and "Best moves: yours" in reply.text


def test_a_game_stored_before_the_moves_were_kept_still_loads() -> None:
    old = FingerSession(level=Level.PERFECT, player_first=True, result="lost").to_dict()
    del old["history"]
    assert FingerSession.from_dict(old).history == []
