"""The letter games speak with one voice: /word judges with the words of the game it names, a
review never calls a letter no word goes on with a defence, and what /word and /whowins are asked
is answered plainly (one word at a time, nothing offensive repeated back)."""

from __future__ import annotations

from bot_harness import Bot, Player, Reply

from bot.core.solvers import Solvers
from bot.games.letters.tables import LetterGames
from solver.engine import Value
from solver.letters import LetterGame, Rule

#: The set-up's labels in each language: rule, tier, who starts, level, strictness.
SETUP = {
    "ru": ("выиграл", "Обычные слова", "Я начинаю", "Безупречный", "Строго"),
    "en": ("completing a word wins", "Everyday words", "I start", "Perfect", "Strict"),
}


async def test_word_judges_with_the_everyday_game_and_names_it(bot: Bot, solvers: Solvers) -> None:
    """йогурт is in the everyday game, which has no йог: it can be completed there; only the whole
    dictionary ends at ЙОГ, and the reply says which game says what."""
    common = solvers.of(LetterGames).game("ru")
    full = solvers.of(LetterGames).game("ru", "full")
    for word, shorter in (("йогурт", "йог"), ("госбюджет", "го")):
        assert common.word_in_play(word).playable and full.word_in_play(word).ends_at == shorter
    zombie = solvers.of(LetterGames).game("en")
    assert zombie.word_in_play("zombie").playable and not zombie.has_word("zombi")
    for lang, everyday, whole, ends in (
        ("ru", "обычные слова: ✅ считается\n", "весь словарь, с редкими: ✅ считается, но", "раньше, на «{}»"),
        ("en", "everyday words: ✅ counts\n", "the whole dictionary, rare words too: ✅ counts, but", "at “{}”"),
    ):
        player = Player(bot, 7001 if lang == "ru" else 7002, language_code=lang)
        for word, shorter in (("йогурт", "йог"), ("госбюджет", "го"), ("zombie", "zombi")):
            text = (await player.say(f"/word {word}")).text
            everyday_line, whole_line = text.splitlines()[1:3]
            assert ("Ghost" in everyday_line) == (word == "zombie")  # the game is named
            assert everyday.strip() in everyday_line and shorter.upper() not in everyday_line
            assert whole in whole_line and ends.format(shorter.upper()) in whole_line


async def test_word_refuses_offensive_words_alike_and_never_repeats_them(bot: Bot) -> None:
    for lang, said in (("ru", "грубых и оскорбительных слов я не использую"), ("en", "I never use offensive words")):
        player = Player(bot, 7011 if lang == "ru" else 7012, language_code=lang)
        for word in ("fuck", "bitch", "Fucker", "cunt"):
            reply = await player.say(f"/word {word}")
            assert said in reply.text and word.lower() not in reply.text.lower()
            assert "Ghost" in reply.text
        reply = await player.say("/word дурак")  # 5bukv may know it as an answer it never shows
        assert said in reply.text and "дурак" not in reply.text.lower()
        assert "5" not in reply.text and ("ни одной" not in reply.text and "none of" not in reply.text)


async def test_word_answers_several_words_and_a_wall_of_letters_each_its_own_way(bot: Bot) -> None:
    for lang, one, too_long in (
        ("ru", "По одному слову за раз", "длиннее 40 букв"),
        ("en", "One word at a time", "longer than 40 letters"),
    ):
        player = Player(bot, 7021 if lang == "ru" else 7022, language_code=lang)
        assert one in (await player.say("/word кот собака")).text
        reply = await player.say("/word " + "а" * 3000)
        assert too_long in reply.text and "ааааа" not in reply.text
        assert one not in reply.text


def _losing_letter(game: LetterGame, board: str) -> str | None:
    """A letter that keeps the game going and leaves the bot winning (None when there is none)."""
    for play in game.plays(board):
        if play.outcome is Value.LOSS and not play.completes_word:
            return play.letter
    return None


def _dead_letter(game: LetterGame, board: str) -> str:
    legal = {play.letter for play in game.plays(board)}
    return next(letter for letter in game.alphabet if letter not in legal)


async def _play_into_a_dead_letter(player: Player, game: LetterGame, reply: Reply, ended: tuple[str, ...]) -> str:
    """Play losing letters until the player stands lost, then a letter no word goes on with: the
    board the strict game ended on."""
    board = ""
    for _ in range(40):
        if game.value(board) is Value.LOSS:
            dead = _dead_letter(game, board)
            reply = await player.say(dead.upper())
            assert any(end in reply.text for end in ended)
            return board + dead
        letter = _losing_letter(game, board)
        assert letter is not None
        reply = await player.say(letter.upper())
        board = reply.last_board().lower()
    raise AssertionError("the player never stood lost")


async def test_a_letter_no_word_goes_on_with_is_never_a_defence(bot: Bot, solvers: Solvers) -> None:
    game = solvers.of(LetterGames).game("ru", rule=Rule.COMPLETE_WINS)
    for lang, user, lost, best, legend in (
        ("ru", 7031, "слов с этой буквой дальше нет — проигрыш", "лучшая защита", "✅ лучший ход · ☑️"),
        ("en", 7032, "no word goes on with this letter: a loss", "longest defence", "✅ the best move · ☑️"),
    ):
        player = Player(bot, user, language_code=lang)
        await player.say("/play ru")
        rule, tier, first, level, strict = SETUP[lang]
        await player.tap(rule)
        await player.tap(tier)
        await player.tap(first)
        await player.tap(level)
        reply = await player.tap(strict)
        board = await _play_into_a_dead_letter(player, game, reply, ("Я выиграл", "I won"))
        review = (await player.say("/review")).text
        last = next(line for line in review.splitlines() if line.startswith(f"{len(board)}. "))
        assert last.startswith(f"{len(board)}. ❌") and lost in last and best not in last
        assert legend in review


async def test_help_lists_review_and_its_marks_in_both_languages(bot: Bot) -> None:
    for lang, marks in (("ru", "✅ лучший ход, ☑️ был лучше, ❌ ошибка"), ("en", "✅ the best move, ☑️ a better")):
        text = (await Player(bot, 7041 if lang == "ru" else 7042, language_code=lang).say("/help")).text
        assert "/review" in text and marks in text


async def test_russian_stats_and_whowins_name_english_ghost_in_russian(bot: Bot) -> None:
    player = Player(bot, 7051)
    await player.say("/play en")
    await player.tap("Обычные слова")
    await player.tap("Я начинаю")
    await player.tap("Безупречный")
    await player.tap("Мягко")
    await player.say("q")
    await player.say("/giveup")
    stats = (await player.say("/stats")).text
    assert "Английский Ghost: игр 1" in stats and "English" not in stats
    assert (await player.say("/whowins qu")).text.startswith("👻 Английский Ghost. С «QU»")
    english = Player(bot, 7052, language_code="en")
    assert (await english.say("/whowins qu")).text.startswith("👻 English Ghost. From “QU”")


def test_a_give_up_names_the_winning_letters_as_a_choice() -> None:
    from bot.games.letters.session import GiveUp
    from bot.games.letters.texts import gave_up_text

    given = GiveUp("кт", bot_was_winning=False, winning_letters=["а", "о", "у"], strategy="кта → …")
    assert "Yet you could have won with А, О or У. For example: кта" in gave_up_text("en", given)
    assert "А ведь выигрыш был у вас: А, О или У. Например: кта" in gave_up_text("ru", given)
    assert "You gave up at “КТ”." in gave_up_text("en", given)


async def test_whowins_never_repeats_an_offensive_word(bot: Bot) -> None:
    for lang, no_game in (("ru", "С «{}» игры нет"), ("en", "No game from “{}”")):
        player = Player(bot, 7061 if lang == "ru" else 7062, language_code=lang)
        for letters, masked in (("fuck", "F***"), ("хуй", "Х**"), ("bitch", "B****")):
            text = (await player.say(f"/whowins {letters}")).text
            assert no_game.format(masked) in text and letters.upper() not in text.upper()
        assert no_game.format("QZ") in (await player.say("/whowins qz")).text  # other letters are shown


def test_a_refused_offensive_attempt_is_not_repeated() -> None:
    from bot.games.letters.session import Refusal
    from bot.games.letters.texts import refusal_text

    for lang in ("ru", "en"):
        text = refusal_text(lang, Refusal("й", "хуй", None, []), english=False)
        assert "Х**" in text and "ХУЙ" not in text


async def test_a_review_counts_best_moves_only_for_a_side_that_moved(bot: Bot) -> None:
    """The player gave up after the bot's first letter: the review counts the bot's moves only."""
    for lang, mine, yours in (
        ("ru", "Лучших ходов: у меня 1 из 1.", "у вас"),
        ("en", "Best moves: mine 1 of 1.", "yours"),
    ):
        player = Player(bot, 7071 if lang == "ru" else 7072, language_code=lang)
        await player.say("/play ru")
        rule, tier, _, level, strict = SETUP[lang]
        await player.tap(rule)
        await player.tap(tier)
        await player.tap("Начинает бот" if lang == "ru" else "The bot starts")
        await player.tap(level)
        await player.tap(strict)
        await player.say("/giveup")
        review = (await player.say("/review")).text
        assert mine in review and yours not in review.split("\n\n")[-1]
