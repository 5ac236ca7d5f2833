"""One active game per private chat, end to end: text and /undo, /hint, /giveup go to the game
being played; starting another game while one runs asks first, and resigning counts as a loss."""

from __future__ import annotations

import re
from pathlib import Path

from bot_harness import Bot, Player, new_letter_game, record, stored_state
from hypothesis import given
from hypothesis import strategies as st

from bot.core import keyboards, texts
from bot.core.solvers import Solvers
from bot.games.fingers import texts as fingers_texts
from bot.games.letters import texts as letters_texts
from bot.games.wordle.solver import WordleSolver
from solver.wordle import feedback

ASKS = "Начать новую игру — значит сдаться"


def mask(guess: str, secret: str) -> str:
    return "".join(colour.value for colour in feedback(guess, secret))


async def test_the_letter_game_after_5bukv_gets_the_letters_and_undo_leaves_5bukv_alone(
    bot: Bot, database: Path
) -> None:
    """The issue's path: /5bukv, ggggg, /play (set up), к, /undo, а."""
    player = Player(bot, 801)
    await player.say("/5bukv")
    await player.say("ggggg")
    assert ASKS in (await player.say("/play")).text
    await player.tap("Сдаться и начать")
    await player.tap("выиграл")
    await player.tap("Обычные слова")
    await player.tap("Я начинаю")
    await player.tap("Безупречный")
    await player.tap("Мягко")
    assert "Вы: К" in (await player.say("к")).text
    five_letters = stored_state(database, 801, "5bukv")
    undo = await player.say("/undo")
    assert "Ходы не отменяются" in undo.text and "Попробуйте" not in undo.text
    assert stored_state(database, 801, "5bukv") == five_letters
    assert "Не понимаю знак" not in (await player.say("а")).text
    assert record(database, 801, "5bukv") == (1, 0, 1, 0)  # the 5bukv game left is a loss


async def test_the_finger_game_gets_text_and_giveup(bot: Bot, database: Path) -> None:
    player = Player(bot, 802)
    await player.say("/fingers")
    await player.tap("Лёгкий")
    await player.tap("Я начинаю")
    assert fingers_texts.use_the_buttons("ru") in (await player.say("к")).text
    assert "Сейчас игры нет" not in (reply := await player.say("/giveup")).text
    assert fingers_texts.gave_up("ru") in reply.text
    assert record(database, 802, "fingers") == (1, 0, 1, 0)
    state = stored_state(database, 802, "fingers")
    assert state is not None and state[0]["result"] == "lost"


async def test_no_path_throws_a_running_game_away(bot: Bot, database: Path) -> None:
    """/play, the /start menu and an old «🔁 Ещё партию» button all ask first; keep playing keeps the game."""
    player = Player(bot, 803)
    await new_letter_game(player, "выиграл", "Я начинаю")
    await player.say("к")
    before = stored_state(database, 803, "letters")
    old_again = player.keyboards[-1][0]
    for start in (player.say("/play"), player.say("/5bukv"), player.say("/fingers")):
        assert ASKS in (await start).text
        await player.tap("Играть дальше")
    await player.say("/start")
    assert ASKS in (await player.tap("Игра в буквы")).text
    assert ASKS in (await player.press_data(old_again, "menu:letters")).text
    assert stored_state(database, 803, "letters") == before
    assert record(database, 803, "letters") == (1, 0, 0, 0)
    await player.tap("Сдаться и начать")
    assert record(database, 803, "letters") == (1, 0, 1, 0)
    assert letters_texts.ask_rule("ru") in player.bot.standin.calls[-1].text


async def test_keep_playing_sends_the_board_again(bot: Bot, database: Path) -> None:
    """After ▶️ the game's board and its move buttons come again, below the question, in every game."""
    player = Player(bot, 808)
    await player.say("/fingers")
    await player.tap("Лёгкий")
    await player.tap("Я начинаю")
    await player.press_data(player.keyboards[-1][0], player.buttons()[0]["callback_data"])  # a move: under way
    moves = [b["text"] for b in player.buttons()]
    assert ASKS in (await player.say("/5bukv")).text
    reply = await player.tap("Играть дальше")
    sent = [c.text for c in reply.calls if c.method == "sendMessage"]
    assert len(sent) == 1 and "🙂 Вы: ✋" in sent[0] and "Ваш ход" in sent[0]
    assert [b["text"] for b in player.buttons()] == moves and moves
    await player.say("/giveup")
    await player.say("/5bukv")
    entered = await player.say("ywggg")
    await player.say("/fingers")
    again = await player.tap("Играть дальше")
    assert again.texts[-1] == entered.text and "🟨⬜⬛⬛⬛" in again.texts[-1] and "Попробуйте" in again.texts[-1]


async def test_an_answer_to_an_old_question_is_stale(bot: Bot, database: Path) -> None:
    player = Player(bot, 804)
    await new_letter_game(player, "выиграл", "Я начинаю")
    await player.say("к")
    await player.say("/play")
    question = player.keyboards[-1]
    await player.tap("Играть дальше")
    await player.say("/giveup")  # the game the question was about is over
    reply = await player.press_data(question[0], question[1][0][0]["callback_data"])
    assert [c.method for c in reply.calls] == ["answerCallbackQuery"]
    assert record(database, 804, "letters") == (1, 0, 1, 0)  # one loss, not two


async def test_5bukv_solved_undone_and_solved_again_is_one_win(bot: Bot, solvers: Solvers, database: Path) -> None:
    player = Player(bot, 805)
    reply = await player.say("/5bukv")
    secret = reply.suggestion()
    await player.say("yyyyy")
    await player.say("/undo")
    assert "Отгадано" in (await player.say("yyyyy")).text
    assert record(database, 805, "5bukv") == (1, 1, 0, 0)
    assert secret == solvers.of(WordleSolver).first_guess


async def test_5bukv_solved_undone_then_resigned_stays_one_win(bot: Bot, solvers: Solvers, database: Path) -> None:
    """Solved (a win), undone, so under way again, then left through the resign-and-start question
    or /giveup: still one win, never also a loss."""
    player = Player(bot, 807)
    for leave in ("question", "/giveup"):
        first = (await player.say("/5bukv")).suggestion()
        await player.say(mask(first, solvers.of(WordleSolver).words[0]))
        await player.say(f"{solvers.of(WordleSolver).words[0]} yyyyy")  # the word those colours came from
        await player.say("/undo")
        if leave == "question":
            assert "победа останется" in (await player.say("/fingers")).text
            assert "победа остаётся" in (await player.tap("Сдаться и начать")).text
        else:
            assert "Вы сдались" in (await player.say("/giveup")).text
    assert record(database, 807, "5bukv") == (2, 2, 0, 0)


async def test_play_again_repeats_the_set_up_in_one_tap(bot: Bot, database: Path) -> None:
    player = Player(bot, 806)
    await new_letter_game(player, "проиграл", "Я начинаю", level="Лёгкий", strict="Строго")
    await player.say("/giveup")
    reply = await player.tap("🔁 Ещё партию")
    assert "Ваш ход" in reply.text and "Лёгкий" in reply.text and "Строго" in reply.text
    state = stored_state(database, 806, "letters")
    assert state is not None
    assert {k: state[0][k] for k in ("rule", "player_first", "level", "strict", "board", "over")} == {
        "rule": "complete-loses",
        "player_first": True,
        "level": "easy",
        "strict": True,
        "board": "",
        "over": False,
    }
    assert record(database, 806, "letters") == (2, 0, 1, 0)
    await player.say("/giveup")
    assert letters_texts.ask_rule("ru") in (await player.tap("другие настройки")).text


@given(
    st.text(max_size=70) | st.from_regex(r"\A(N|menu):[0-9a-z-]{0,8}(:-?[0-9]{0,3}:[a-z]{0,6}(:[a-z0-9-]{0,15})?)?\Z")
)
def test_start_and_switch_buttons_are_read_strictly(data: str) -> None:
    """Whatever a client sends, a start or switch press parses only to a short lower-case target
    (which game begins it is the registry's to say: a target none begins is stale)."""
    press = keyboards.Switch.unpack(data)
    if press is not None:
        assert isinstance(press, keyboards.Resign | keyboards.Keep) and keyboards.is_target(press.target)
        assert press.pack() == data
    start = keyboards.Start.unpack(data)
    assert start is None or re.fullmatch(r"[a-z0-9-]{1,20}", start.target)


async def test_a_start_button_for_a_game_no_one_begins_is_stale(bot: Bot) -> None:
    reply = await Player(bot, 890).press_data(1, "menu:chess")
    assert [c.params.get("text") for c in reply.calls if c.method == "answerCallbackQuery"] == [
        texts.stale_button("ru")
    ]
    assert not [c for c in reply.calls if c.method == "sendMessage"]


async def test_a_game_still_in_set_up_is_left_without_a_question(bot: Bot, database: Path) -> None:
    """By design: a set-up has no move to lose and counts nowhere, so starting another game
    just starts it (the choices made so far are dropped)."""
    player = Player(bot, 804)
    await player.say("/play")
    await player.tap("выиграл")  # the rule chosen, the set-up goes on
    reply = await player.say("/fingers")
    assert ASKS not in reply.text and "Насколько сильно" in reply.text
    assert record(database, 804, "letters") is None  # neither played nor lost
    assert "Игра на пальцах" in (await player.say("/rules")).text  # the finger game is the chat's game now


async def test_keep_playing_on_an_empty_board_says_whose_move_it_is(bot: Bot, database: Path) -> None:
    """A hint asked on the empty board puts the game under way; ▶️ then sends the board said in
    words and the player's move, not an empty «»."""
    player = Player(bot, 809)
    await new_letter_game(player, "выиграл", "Я начинаю")
    await player.say("/hint")
    assert ASKS in (await player.say("/5bukv")).text
    kept = await player.tap("Играть дальше")
    assert kept.texts[-1] == letters_texts.your_move("ru", "") and "«»" not in kept.text
    assert [b for b in player.buttons() if "Сдаться" in b["text"]]


async def test_a_game_waiting_for_the_first_move_is_left_without_a_loss(bot: Bot, database: Path) -> None:
    """A double tap on 🔁, or another game started before the player's first move (the bot's
    opening letter is not the player's), does not ask to resign and counts no loss."""
    player = Player(bot, 810)
    await new_letter_game(player, "выиграл", "Я начинаю")
    await player.say("/giveup")
    await player.tap("Ещё партию")
    again = await player.tap("Ещё партию")
    assert ASKS not in again.text and "Ваш ход" in again.text
    assert record(database, 810, "letters") == (3, 0, 1, 0)
    await new_letter_game(player, "выиграл", "Начинает бот")
    started = await player.say("/5bukv")
    assert ASKS not in started.text and started.suggestion()
    await player.say("/fingers")
    await player.tap("Лёгкий")
    await player.tap("Начинает бот")
    assert ASKS not in (await player.say("/play")).text
    assert record(database, 810, "letters") == (4, 0, 1, 0)
    assert record(database, 810, "fingers") == (1, 0, 0, 0)


async def test_english_ghost_is_named_in_the_resign_question(bot: Bot) -> None:
    player = Player(bot, 811, language_code="en")
    await player.say("/play en")
    await player.tap("Everyday words")
    await player.tap("I start")
    await player.tap("Perfect")
    await player.tap("Gentle")
    await player.say("n")
    asked = await player.say("/5bukv")
    assert texts.ask_to_resign("en", "English Ghost") in asked.text and "the letter game" not in asked.text
    resigned = await player.tap("Resign and start")
    assert texts.resigned("en", "English Ghost") in resigned.text
