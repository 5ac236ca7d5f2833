"""The finger game's review and hint end to end: the moves are kept in the session and graded after
the game under the draw rules it was played by, in a few lines; a win let slip into a repetition is
named at its move; the review names moves and hands as the game's buttons did at that move; /hint
names the judge's move; an old stored game without moves loads and has nothing to review."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from bot_harness import Bot, Player, Reply, no_game_now, stored_state

from bot.core.solvers import Solvers
from bot.games.fingers import texts as fingers_texts
from bot.games.fingers.session import FingerSession, player_moves
from bot.games.fingers.tables import FingerTables
from bot.games.fingers.texts import finger_move
from solver.engine import Value
from solver.fingers import REPEATS, FingerGame, Move, State, after_move
from solver.levels import Level
from solver.review import Grade, review_fingers

CAP = 100  # the bot's default move cap, which these games run under

Chooser = Callable[[FingerGame, State], Move]


def first_move(game: FingerGame, state: State) -> Move:
    return game.moves(state)[0]


def slowest_win(game: FingerGame, state: State) -> Move:
    """A move the bare table calls winning, the one furthest from the end: a win that never hurries."""
    winning = [move for move in game.moves(state) if game.value(after_move(state, move)) is Value.LOSS]
    return max(winning, key=lambda move: game.distance(after_move(state, move)))


#: Each of the player's moves by its number in the game: the labels of the move buttons then, and
#: the one pressed (the game's own words for the moves, as /hint says them too).
Shown = dict[int, tuple[list[str], str]]


async def play(
    player: Player, game: FingerGame, database: Path, choose: Chooser, *, limit: int = 120, shown: Shown | None = None
) -> Reply:
    """The player presses the button of the chosen move every turn until the game ends; the last
    reply. ``shown`` collects the buttons of each of the player's moves."""
    reply = Reply([])
    for _ in range(limit):
        stored = stored_state(database, player.user_id, "fingers")
        assert stored is not None
        session = FingerSession.from_dict(stored[0])
        if session.over:
            return reply
        index = game.moves(session.state).index(choose(game, session.state))
        message_id, rows = player.keyboards[-1]
        labels = [button["text"] for row in rows for button in row]
        if shown is not None:
            shown[session.moves + 1] = (labels, labels[index])
        reply = await player.press_data(message_id, f"F:{session.id}:{session.moves}:move:{index}")
    raise AssertionError("the game did not end")


def quoted(line: str) -> str:
    """The better move a review line names in quotation marks («…» or “…”)."""
    return (
        line.rsplit("«", 1)[-1].split("»", maxsplit=1)[0]
        if "«" in line
        else line.rsplit("“", 1)[-1].split("”", maxsplit=1)[0]
    )


async def test_a_win_let_slip_into_a_repetition_is_named_at_its_move(
    bot: Bot, solvers: Solvers, database: Path
) -> None:
    """Going second and keeping the win every turn without hurrying it: the perfect bot draws by
    repetition, and the review says so and where, instead of praising every move."""
    game = solvers.of(FingerTables).game
    player = Player(bot, 531)
    await player.say("/fingers")
    await player.tap("Безупречный")
    await player.tap("Начинает бот")
    assert "когда партия закончится" in (await player.say("/review")).text
    shown: Shown = {}
    ended = await play(player, game, database, slowest_win, shown=shown)
    assert "🤝 Ничья: позиция повторилась трижды." in ended.text
    stored = stored_state(database, 531, "fingers")
    assert stored is not None
    history = [str(code) for code in stored[0]["history"]]  # type: ignore[union-attr]
    graded = review_fingers(game, history, CAP, REPEATS)
    slip = next(move for move in graded if move.grade is Grade.THREW_WIN)
    assert slip.mover == 2  # the player's
    slow = [move for move in graded if move.mover == 2 and move.grade is Grade.KEPT_WIN and not move.best]
    assert slow and slow[0].ply < slip.ply
    text = (await player.tap("Разбор партии")).text
    lines = text.splitlines()
    assert lines[0] == "🔍 Разбор: ничья повтором позиции, хотя выигрыш с начала был ваш."
    labels, pressed = shown[slip.ply]
    line = next(line for line in lines if line.startswith(f"❌ Ход {slip.ply} (у вас "))
    assert f"), вы: {pressed} — выигрыш ушёл в повтор позиции; выигрывало «" in line, line
    assert quoted(line) in labels, (line, labels)  # the better move in the words of its button
    assert any(line.startswith("☑️ Ход") and str(slow[0].ply) in line and "не приблизил" in line for line in lines)
    assert lines[-1].startswith("Лучших ходов: у вас ")
    assert "Перелома не было" not in text and "сохранили выигрыш" not in text
    assert len(lines) <= 6 and len(text) <= 400, text
    # The same review in English, with the same lines.
    english = Player(bot, 531, language_code="en")
    text = (await english.say("/review")).text
    assert text.splitlines()[0] == "🔍 Review: a draw by repetition, though the win was yours from the start."
    english_line = next(line for line in text.splitlines() if line.startswith(f"❌ Move {slip.ply} (you "))
    assert any(word in english_line for word in ("left", "right", "split")), english_line
    assert f"❌ Move {slip.ply} (you " in text and "the win slipped into a repetition" in text
    assert "kept the win without bringing it closer" in text and len(text.splitlines()) == len(lines)


async def test_the_review_of_a_lost_game_names_the_turning_point(bot: Bot, solvers: Solvers, database: Path) -> None:
    game = solvers.of(FingerTables).game
    player = Player(bot, 532, language_code="en")
    await player.say("/fingers")
    await player.tap("Perfect")
    await player.tap("bot")
    shown: Shown = {}
    await play(player, game, database, first_move, shown=shown)
    stored = stored_state(database, 532, "fingers")
    assert stored is not None and stored[0]["result"] == "lost"
    history = [str(code) for code in stored[0]["history"]]  # type: ignore[union-attr]
    assert len(history) == stored[0]["moves"]
    graded = review_fingers(game, history, CAP, REPEATS)
    turning = [move for move in graded if move.grade in (Grade.THREW_WIN, Grade.THREW_DRAW)]
    text = (await player.say("/review")).text
    lines = text.splitlines()
    assert lines[0] == "🔍 Review: I won, though the win was yours from the start."
    named = [move for move in turning if move.mover == 2][:3]
    assert named and all(f"), you: {shown[move.ply][1]} — " in text for move in named)
    assert all(f"❌ Move {move.ply} (you " in text for move in named)
    for move in named:  # the hands before the move as the board showed them, the better move as a button
        line = next(line for line in lines if line.startswith(f"❌ Move {move.ply} (you "))
        assert quoted(line) in shown[move.ply][0], (line, shown[move.ply][0])
    best = sum(move.best for move in graded if move.mover == 2)
    assert lines[-1].startswith(f"Best moves: yours {best} of {len(graded) // 2}, mine ")


async def test_a_hint_names_the_bots_own_move_and_following_it_wins(bot: Bot, solvers: Solvers, database: Path) -> None:
    """Going second, the player who follows /hint beats the perfect bot: in either language."""
    game = solvers.of(FingerTables).game
    for user, lang, level, second, win in (
        (533, "ru", "Безупречный", "Начинает бот", "🎉 Вы выиграли!"),
        (534, "en", "Perfect", "The bot starts", "🎉 You won!"),
    ):
        player = Player(bot, user, language_code=lang)
        await player.say("/fingers")
        await player.tap(level)
        assert (await player.say("/hint")).text == fingers_texts.choose_with_buttons(lang)
        reply = await player.tap(second)
        for _ in range(60):
            stored = stored_state(database, user, "fingers")
            assert stored is not None
            session = FingerSession.from_dict(stored[0])
            if session.over:
                break
            hint = (await player.say("/hint")).text
            shown = player_moves(game, session)
            labels = [finger_move(lang, move) for move in shown]
            best = game.moves(session.state).index(game.best_move(session.course(CAP)))
            assert hint.startswith(f"💡 {labels[best]}: "), (hint, labels)
            assert ("победа" if lang == "ru" else "win") in hint
            reply = await player.press_data(player.keyboards[-1][0], f"F:{session.id}:{session.moves}:move:{best}")
        assert win in reply.text
        assert (await player.say("/hint")).text == no_game_now(lang)
        lines = (await player.say("/review")).text.splitlines()
        assert lines[1] == (
            "Перелома не было: выигрыш был ваш с первого хода."
            if lang == "ru"
            else "No move changed the result: the win was yours from the start."
        )
        assert len(lines) == 3


def test_a_game_stored_before_the_moves_were_kept_still_loads() -> None:
    old = FingerSession(level=Level.PERFECT, player_first=True, result="lost").to_dict()
    del old["history"]
    assert FingerSession.from_dict(old).history == []
