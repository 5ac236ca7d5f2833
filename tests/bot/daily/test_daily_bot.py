"""The daily puzzle through the real bot and the Bot API stand-in: the day's board, played to a win
against the perfect defence, the streak and the card, the review after it, silence from the other
games' analysis while it is under way, an uncounted replay, the card through inline mode, and a
group's board that never shows the solution."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from bot_harness import GROUP, NAMES, Bot, Group, Player, record

from bot.core.solvers import Solvers
from bot.games.letters.tables import LetterGames
from solver.daily import DailyBook, Puzzle
from solver.words import Tier


def todays(solvers: Solvers, lang: str) -> Puzzle:
    """The puzzle the bot must show today (the default time zone, Europe/Moscow)."""
    day = datetime.now(ZoneInfo("Europe/Moscow")).date()
    return DailyBook(solvers.of(LetterGames).game(lang, Tier.COMMON), lang).puzzle(day)


async def solve(player: Player, puzzle: Puzzle) -> str:
    """Play the winner's letters of the main line; the bot answers with its own best letters."""
    text = ""
    for letter in puzzle.line[len(puzzle.board) :: 2]:
        text = (await player.say(letter)).text
    return text


async def test_a_player_solves_the_day_s_puzzle_and_gets_a_streak_and_a_card(
    bot: Bot, solvers: Solvers, database: Path
) -> None:
    puzzle = todays(solvers, "ru")
    player = Player(bot, 1201)
    intro = (await player.say("/daily")).text
    assert f"Ежедневная задача №{puzzle.number}" in intro and f"«{puzzle.board.upper()}»" in intro
    assert puzzle.line[len(puzzle.board) :].upper() not in intro  # the puzzle, not its answer
    assert "подсказок нет" in (await player.say("/hint")).text
    assert "ничего не подсказываю" in (await player.say(f"/whowins {puzzle.board}")).text
    assert "ничего не подсказываю" in (await player.say(f"/word {puzzle.line}")).text
    ended = await solve(player, puzzle)
    assert "✅ Решено за" in ended and "Серия: 1 (лучшая 1)" in ended
    assert f"Буквоед · задача дня №{puzzle.number} · русские слова, закончил слово — выиграл\n✅ за" in ended
    assert "🟩" * puzzle.moves in ended
    assert not any(square in ended for square in ("🟨", "🟥"))
    labels = [button["text"] for button in player.buttons()]
    assert labels == ["📤 Поделиться", "🔍 Разбор партии", "🔁 Ещё раз (не в зачёт)"]
    share = player.keyboards[-1][1][0][0]
    assert share.get("switch_inline_query") == ""
    review = (await player.say("/review")).text
    assert f"Разбор задачи №{puzzle.number}" in review and f"Решение: «{puzzle.line.upper()}»" in review
    stats = (await player.say("/stats")).text
    assert "Задача дня: решено 1 из 1" in stats and "Задача дня: серия 1 (лучшая 1)" in stats
    assert record(database, 1201, "daily") == (1, 1, 0, 0)


async def test_only_the_first_go_of_the_day_counts(bot: Bot, solvers: Solvers, database: Path) -> None:
    puzzle = todays(solvers, "ru")
    player = Player(bot, 1202)
    await player.say("/daily")
    losing = next(
        p.letter
        for p in solvers.of(LetterGames).game("ru").plays(puzzle.board)
        if p.letter not in puzzle.winning_letters
    )
    lost = (await player.say(losing)).text
    letter = losing
    while "❌" not in lost:  # the defence finishes the game
        if "Точно?" not in lost:  # a letter that loses at once is asked about once: sent again, it counts
            letter = solvers.of(LetterGames).game("ru").best_letter(lost.split("«")[-1].split("»")[0].lower())
        lost = (await player.say(letter)).text
    assert "Серия: 0 (лучшая 0)" in lost and "🟥" in lost
    replay = (await player.say("/daily")).text
    assert "Сегодняшняя попытка засчитана: не решено" in replay and "повтор" in replay
    again = await solve(player, puzzle)
    assert "✅ Решено" in again and "Это был повтор" in again
    assert "Буквоед ·" not in again and "серия" not in again  # a replay prints no result card
    assert record(database, 1202, "daily") == (1, 0, 1, 0)  # the replay's win counts nowhere
    assert "Задача дня: решено 0 из 1" in (await player.say("/stats")).text


async def test_stats_keep_each_games_lines_together(bot: Bot, solvers: Solvers) -> None:
    """The daily puzzle's record and its streak stand together, in the order the games are wired,
    not split by another game's line."""
    player = Player(bot, 1207)
    await player.say("/wordle")  # a game of a kind sorted between the daily's two lines
    await player.say("salet bbbbb")
    await player.say("/giveup")
    await player.say("/daily")
    lines = (await player.say("/stats")).text.splitlines()
    daily = [at for at, line in enumerate(lines) if line.startswith("Задача дня")]
    assert len(daily) == 2 and daily[1] == daily[0] + 1, lines
    assert any(line.startswith("Wordle") for line in lines), lines


async def test_english_ghost_has_its_own_daily_in_english(bot: Bot, solvers: Solvers) -> None:
    puzzle = todays(solvers, "en")
    player = Player(bot, 1203, language_code="en")
    intro = (await player.say("/daily")).text
    assert (
        f"Daily puzzle #{puzzle.number}" in intro and "English Ghost" in intro and f'"{puzzle.board.upper()}"' in intro
    )
    ended = await solve(player, puzzle)
    assert "✅ Solved in" in ended
    assert f"Bukvoed · daily #{puzzle.number} · English Ghost, completing a word loses\n✅ in" in ended


async def test_the_share_button_s_inline_query_gets_the_card_and_nothing_else(bot: Bot, solvers: Solvers) -> None:
    player = Player(bot, 1204)
    first = len(bot.standin.calls)
    await bot.wait(bot.standin.push_inline(1204))
    empty = next(c for c in bot.standin.calls[first:] if c.method == "answerInlineQuery")
    assert empty.params["results"] == [] and empty.params["button"]["start_parameter"] == "daily"
    puzzle = todays(solvers, "ru")
    await player.say("/daily")
    await solve(player, puzzle)
    first = len(bot.standin.calls)
    await bot.wait(bot.standin.push_inline(1204, "anything"))
    answer = next(c for c in bot.standin.calls[first:] if c.method == "answerInlineQuery")
    assert answer.params["is_personal"] is True and len(answer.params["results"]) == 1
    card = answer.params["results"][0]["input_message_content"]["message_text"]
    assert (
        card.startswith(f"Буквоед · задача дня №{puzzle.number} · русские слова") and puzzle.board.upper() not in card
    )
    assert "\n✅ за " in card


async def test_a_group_sees_the_board_and_who_solved_it_never_the_solution(bot: Bot, solvers: Solvers) -> None:
    puzzle = todays(solvers, "ru")
    group = Group(bot)
    shown = (await group.say(301, "/daily")).text
    assert f"«{puzzle.board.upper()}»" in shown and "ещё не решал" in shown
    anya = Player(bot, 301)
    await anya.say("/daily")
    await solve(anya, puzzle)
    board = (await group.say(302, "/daily")).text
    assert f"✅ {NAMES[301]}" in board and f"⏳ {NAMES[302]}" in board
    assert puzzle.line.upper() not in board and "Решение" not in board
    assert group.chat_id == GROUP


async def test_the_final_move_delivered_twice_counts_once(bot: Bot, solvers: Solvers, database: Path) -> None:
    puzzle = todays(solvers, "ru")
    player = Player(bot, 1205)
    await player.say("/daily")
    letters = puzzle.line[len(puzzle.board) :: 2]
    for letter in letters[:-1]:
        await player.say(letter)
    last = bot.standin.push_message(1205, letters[-1])
    await bot.wait(last)
    bot.standin.redeliver(last)  # Telegram hands the same update out again
    await bot.wait(last)
    assert record(database, 1205, "daily") == (1, 1, 0, 0)
    stats = (await player.say("/stats")).text
    assert "Задача дня: решено 1 из 1" in stats and "серия 1" in stats
