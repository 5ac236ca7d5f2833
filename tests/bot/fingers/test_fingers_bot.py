"""The finger game end to end: a win for the bot, draws by the move cap and by repetition, stale buttons."""

from __future__ import annotations

from pathlib import Path

from bot_harness import Bot, Player, Reply, record, stored_state
from hypothesis import given
from hypothesis import strategies as st

from bot.core import texts
from bot.core.context import Services
from bot.core.solvers import Solvers
from bot.games.fingers import keyboards as fingers_keyboards
from bot.games.fingers.session import FingerSession, player_moves
from bot.games.fingers.tables import FingerTables
from bot.games.fingers.texts import finger_move
from bot.games.letters.group import keyboards as group_keyboards
from solver.fingers import FingerGame, State
from solver.levels import Level

STALE = texts.stale_button("ru")


def current_state(database: Path, chat_id: int) -> State:
    stored = stored_state(database, chat_id, "fingers")
    assert stored is not None
    player, bot = stored[0]["player"], stored[0]["bot"]
    assert isinstance(player, list) and isinstance(bot, list) and stored[0]["player_to_move"]
    return State.of((player[0], player[1]), (bot[0], bot[1]))


async def play_best(player: Player, game: FingerGame, database: Path, limit: int = 120) -> Reply:
    """The player presses the solver's best move every turn until the game ends (the button
    of that move's number, for the stored game's id and turn)."""
    for _ in range(limit):
        state = current_state(database, player.user_id)
        stored = stored_state(database, player.user_id, "fingers")
        assert stored is not None
        index = game.moves(state).index(game.best_move(state))
        message_id = player.keyboards[-1][0]
        reply = await player.press_data(message_id, f"F:{stored[0]['id']}:{stored[0]['moves']}:move:{index}")
        if "Ваш ход" not in reply.text and "Your move" not in reply.text:
            return reply
    raise AssertionError("the game did not end")


def notices(reply: Reply) -> list[str]:
    return [
        str(c.params.get("text", "")) for c in reply.calls if c.method == "answerCallbackQuery" and c.params.get("text")
    ]


async def test_perfect_bot_wins_from_the_start(bot: Bot, solvers: Solvers, database: Path) -> None:
    player = Player(bot, 501)
    assert "Игра на пальцах" in (await player.say("/fingers")).text
    assert "Кто начинает" in (await player.tap("Безупречный")).text
    reply = await player.tap("Я начинаю")
    assert "🙂 Вы: ✋1  ✋1" in reply.text and "Ваш ход" in reply.text
    labels = [b["text"] for b in player.buttons()]
    starting = FingerSession(level=Level.PERFECT, player_first=True)
    assert labels == [finger_move("ru", m) for m in player_moves(solvers.of(FingerTables).game, starting)]
    reply = await play_best(
        player, solvers.of(FingerTables).game, database
    )  # the second player wins the start (the Japanese article)
    assert "🤖 Я выиграл." in reply.text and "🙂 Вы: 💀  💀" in reply.text
    after = ["🔁 Ещё партию", "⚙️ Ещё партию, другие настройки", "🔍 Разбор партии"]
    assert [b["text"] for b in player.buttons()] == after
    assert record(database, 501, "fingers") == (1, 0, 1, 0)
    assert "Пальцы: игр 1, побед 0, поражений 1, ничьих 0" in (await player.say("/stats")).text


async def test_going_second_the_player_can_beat_the_perfect_bot(bot: Bot, solvers: Solvers, database: Path) -> None:
    player = Player(bot, 505, language_code="en")
    await player.say("/fingers")
    await player.tap("Perfect")
    reply = await player.tap("The bot starts")
    assert reply.text.startswith("Me: ") and "Your move" in reply.text
    reply = await play_best(player, solvers.of(FingerTables).game, database)
    assert "🎉 You won!" in reply.text and "🤖 Me:  💀  💀" in reply.text
    assert record(database, 505, "fingers") == (1, 1, 0, 0)


async def test_a_draw_at_the_move_cap(bot: Bot, solvers: Solvers, database: Path) -> None:
    deps: Services = bot.application.bot_data.services
    deps.settings.fingers_move_cap = 6
    player = Player(bot, 502)
    await player.say("/fingers")
    await player.tap("Безупречный")
    await player.tap("Я начинаю")
    reply = await play_best(player, solvers.of(FingerTables).game, database)
    assert "🤝 Ничья: достигнут предел в 6 ходов." in reply.text
    assert "ничьих 1" in (await player.say("/stats")).text


async def test_a_draw_by_threefold_repetition(bot: Bot, solvers: Solvers, database: Path) -> None:
    player = Player(bot, 503)
    await player.say("/fingers")
    await player.tap("Безупречный")
    await player.tap("Я начинаю")
    # Set up a drawn position (2,2 against 2,2, the player to move) through the bot's own store,
    # the file's only writer: best play by both keeps it drawn.
    store = bot.application.bot_data.services.db
    loaded = await store.load(503, "fingers")
    assert loaded is not None
    position = {"player": [2, 2], "bot": [2, 2], "seen": {"22:22:1": 1}}
    await store.save(503, "fingers", loaded.state | position, loaded.version)
    reply = await play_best(player, solvers.of(FingerTables).game, database)
    assert "🤝 Ничья: позиция повторилась трижды." in reply.text
    stored = stored_state(database, 503, "fingers")
    assert stored is not None and stored[0]["moves"] < 100 and max(stored[0]["seen"].values()) == 3  # type: ignore[union-attr]


async def test_stale_and_forged_finger_buttons(bot: Bot, solvers: Solvers, database: Path) -> None:
    player = Player(bot, 504)
    await player.say("/fingers")
    level_message, level_rows = player.keyboards[-1]
    await player.tap("Лёгкий")
    assert notices(await player.press_data(level_message, level_rows[0][0]["callback_data"])) == [STALE]
    await player.tap("Я начинаю")
    assert notices(
        await player.press_data(level_message, level_rows[0][0]["callback_data"].replace("level:easy", "first:0"))
    ) == [STALE]
    message_id, rows = player.keyboards[-1]
    first = rows[0][0]["callback_data"]
    game_id = first.split(":")[1]
    before = stored_state(database, 504, "fingers")
    for forged in (f"F:{game_id}:0:move:99", "F:abcdef:0:move:0", f"F:{game_id}:0:move:-1", f"F:{game_id}:0:jump:0"):
        assert notices(await player.press_data(message_id, forged)) == [STALE], forged
    assert stored_state(database, 504, "fingers") == before  # nothing moved
    await player.press_data(message_id, first)  # a real move: now the old buttons are a turn behind
    assert notices(await player.press_data(message_id, first)) == [STALE]
    # A new game asks first, then makes the old game's buttons stale too.
    assert "Сейчас идёт игра на пальцах" in (await player.say("/fingers")).text
    await player.tap("Сдаться и начать")
    assert notices(await player.press_data(message_id, f"F:{game_id}:2:move:0")) == [STALE]
    assert record(database, 504, "fingers") == (1, 0, 1, 0)


@given(st.text(max_size=70) | st.from_regex(r"\A[FG]:[0-9a-f]{0,7}:-?[0-9]{0,3}:[a-z]{0,6}(:[a-z0-9-]{0,15})?\Z"))
def test_callback_data_is_read_strictly(data: str) -> None:
    """Whatever a client sends, a finger or lobby press parses only to an action its handlers know."""
    press = fingers_keyboards.FingerButton.unpack(data) or group_keyboards.LobbyButton.unpack(data)
    if press is None:
        return
    assert press.step >= 0 and press.pack() == data  # one encoding: what reads back packs the same
    if isinstance(press, fingers_keyboards.FingerButton):
        assert isinstance(press, fingers_keyboards.ChooseLevel | fingers_keyboards.ChooseFirst | fingers_keyboards.Move)
        assert not isinstance(press, fingers_keyboards.Move) or 0 <= press.index < 100
    else:
        assert isinstance(press, group_keyboards.Join | group_keyboards.SeatBot | group_keyboards.Begin)


async def test_play_again_keeps_the_level_and_who_starts(bot: Bot, database: Path) -> None:
    player = Player(bot, 505)
    await player.say("/fingers")
    await player.tap("Сильный")
    await player.tap("Начинает бот")
    await player.say("/giveup")
    reply = await player.tap("🔁 Ещё партию")
    assert "Я: " in reply.text and "Ваш ход" in reply.text  # the bot opened again
    state = stored_state(database, 505, "fingers")
    assert state is not None and state[0]["level"] == "strong" and state[0]["player_first"] is False
    assert record(database, 505, "fingers") == (2, 0, 1, 0)
    await player.say("/giveup")
    assert "Насколько сильно" in (await player.tap("другие настройки")).text


async def test_a_game_only_set_up_is_no_line_in_stats(bot: Bot, database: Path) -> None:
    """/fingers opened and left at its set-up: /stats has no "played 0" line for it."""
    player = Player(bot, 1180)
    await player.say("/fingers")
    await player.tap("Безупречный")  # the level; who starts is still to choose
    stats = (await player.say("/stats")).text
    assert "Пальцы" not in stats and stats == texts.no_records("ru"), stats
