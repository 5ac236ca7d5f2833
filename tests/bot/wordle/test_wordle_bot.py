"""5bukv end to end: typed masks, button taps, undo, and a history no word fits."""

from __future__ import annotations

import re
from pathlib import Path

from bot_harness import Bot, Player, Reply, no_game_now, record, running_bot, stored_state, until
from standin import BotApiStandin

from bot.core import texts
from bot.core.solvers import Solvers
from bot.games.wordle import texts as wordle_texts
from bot.games.wordle.solver import WordleSolver
from bot.games.wordle_common import texts as common_texts
from solver.wordle import Colour, Entry, Wordle, feedback

TAPS = {Colour.GREY: 0, Colour.WHITE: 1, Colour.YELLOW: 2}  # grey → white → yellow


def secret_of(solvers: Solvers) -> str:
    words = solvers.of(WordleSolver).words
    return "канон" if "канон" in words else words[len(words) // 3]


def mask_text(guess: str, secret: str) -> str:
    return "".join(colour.value for colour in feedback(guess, secret))


async def test_typed_masks_reach_the_word(bot: Bot, solvers: Solvers, database: Path) -> None:
    secret = secret_of(solvers)
    player = Player(bot, 301)
    reply = await player.say("/5bukv")
    assert "Возможных слов: " in reply.text
    for _ in range(8):
        if "Отгадано" in reply.text:
            break
        guess = reply.suggestion()
        reply = await player.say(mask_text(guess, secret))
    assert "🎉 Отгадано за" in reply.text
    assert f"🟨🟨🟨🟨🟨 {secret.upper()}" in reply.text
    state = stored_state(database, 301, "5bukv")
    assert state is not None and state[0]["solved"] is True
    assert record(database, 301, "5bukv") == (1, 1, 0, 0)
    assert wordle_texts.already_solved("ru") in (await player.say("ggggg")).text


async def test_button_taps_reach_the_word(bot: Bot, solvers: Solvers) -> None:
    secret = secret_of(solvers)
    player = Player(bot, 302)
    reply = await player.say("/5bukv")
    for _ in range(8):
        if "Отгадано" in reply.text:
            break
        guess = reply.suggestion()
        for index, colour in enumerate(feedback(guess, secret)):
            for _ in range(TAPS[colour]):
                tile = next(b for b in player.buttons() if b["callback_data"].endswith(f":tap:{index}"))
                tapped = await player.press_data(player.keyboards[-1][0], tile["callback_data"])
                assert sorted(c.method for c in tapped.calls) == ["answerCallbackQuery", "editMessageReplyMarkup"]
        shown = "".join(b["text"][0] for b in player.buttons()[:5])
        assert shown == "".join({"y": "🟨", "w": "⬜", "g": "⬛"}[c.value] for c in feedback(guess, secret))
        reply = await player.tap("Готово")
    assert "🎉 Отгадано за" in reply.text


async def test_word_and_mask_then_undo(bot: Bot, solvers: Solvers, database: Path) -> None:
    player = Player(bot, 303)
    first = (await player.say("/5bukv")).suggestion()
    reply = await player.say("норка жбссс")  # a word of the player's own, colours in Russian letters
    assert "🟨⬜⬛⬛⬛ НОРКА" in reply.text
    assert reply.suggestion() != ""
    state = stored_state(database, 303, "5bukv")
    assert state is not None and state[0]["entries"] == [["норка", "ywggg"]]
    reply = await player.say("/undo")
    assert reply.suggestion() == first and "НОРКА" not in reply.text
    state = stored_state(database, 303, "5bukv")
    assert state is not None and state[0]["entries"] == []
    assert common_texts.nothing_to_undo("ru") in (await player.say("/undo")).text


async def test_no_candidate_left_offers_undo(bot: Bot, solvers: Solvers, database: Path) -> None:
    player = Player(bot, 304)
    await player.say("/5bukv")
    reply = await player.say("yyyyw")  # four right letters and a fifth elsewhere: impossible
    assert "Ни одно слово из моего списка не подходит" in reply.text
    assert any("Отменить" in b["text"] for b in player.buttons())
    assert not any(":tap:" in b["callback_data"] for b in player.buttons())
    reply = await player.tap("Отменить")
    assert "Возможных слов: " in reply.text
    state = stored_state(database, 304, "5bukv")
    assert state is not None and state[0]["entries"] == []


async def test_bad_masks_get_a_reminder(bot: Bot) -> None:
    player = Player(bot, 305)
    await player.say("/5bukv")
    assert "5 цветов" in (await player.say("yyy")).text
    assert "Не понимаю знак" in (await player.say("hello")).text


async def test_a_word_the_game_refused_is_replaced_and_never_suggested_again(
    bot: Bot, solvers: Solvers, database: Path
) -> None:
    secret = secret_of(solvers)
    player = Player(bot, 305)
    first = (await player.say("/5bukv")).suggestion()
    old_message, old_rows = player.keyboards[-1]
    refused_button = next(b for row in old_rows for b in row if "не приняла" in b["text"])
    reply = await player.tap("Игра не приняла")
    assert f"🚫 {first.upper()} — игра не приняла" in reply.text
    second = reply.suggestion()
    assert second not in ("", first)
    state = stored_state(database, 305, "5bukv")
    assert state is not None and state[0]["entries"] == [
        [first, None]
    ]  # refused: no mask (rows before the typed entries said "-")
    stale = await player.press_data(old_message, refused_button["callback_data"])  # a second tap on the old one
    assert stale.calls[-1].params.get("text") == texts.stale_button("ru")
    assert stored_state(database, 305, "5bukv") == state
    suggested = []
    for _ in range(8):
        if "Отгадано" in reply.text:
            break
        suggested.append(reply.suggestion())
        reply = await player.say(mask_text(suggested[-1], secret))
    assert "🎉 Отгадано за" in reply.text and first not in suggested
    assert record(database, 305, "5bukv") == (1, 1, 0, 0)


async def test_undo_takes_back_a_refusal(bot: Bot, solvers: Solvers, database: Path) -> None:
    player = Player(bot, 306)
    first = (await player.say("/5bukv")).suggestion()
    await player.tap("Игра не приняла")
    reply = await player.say("/undo")
    assert reply.suggestion() == first and "не приняла:" not in reply.text
    state = stored_state(database, 306, "5bukv")
    assert state is not None and state[0]["entries"] == []


async def test_a_typed_word_must_be_five_russian_letters(bot: Bot, database: Path) -> None:
    player = Player(bot, 307)
    await player.say("/5bukv")
    before = stored_state(database, 307, "5bukv")
    for typed in ("hello ggggg", "ggggg ggggg", "нelло ggggg"):
        reply = await player.say(typed)
        assert "из 5 русских букв" in reply.text, typed
    assert stored_state(database, 307, "5bukv") == before


async def test_latin_look_alikes_and_a_mask_first_are_read(bot: Bot, database: Path) -> None:
    """«katep» typed in Latin look-alikes is КАТЕР, and the mask may come before the word."""
    player = Player(bot, 308)
    await player.say("/5bukv")
    assert "⬛⬛⬛⬛⬛ КАТЕР" in (await player.say("katep ggggg")).text
    assert "🟨⬜⬛⬛⬛ НОРКА" in (await player.say("ywggg норка")).text
    assert state_entries(database, 308) == [["катер", "ggggg"], ["норка", "ywggg"]]


async def test_the_few_words_left_follow_their_count_after_one_colon(
    bot: Bot, solvers: Solvers, database: Path
) -> None:
    engine, first = solvers.of(WordleSolver), solvers.of(WordleSolver).first_guess
    secret = next(
        word
        for word in engine.words
        if engine.wordle.can_say(word)
        and not engine.is_rare(word)
        and 2 <= len(engine.candidates([Entry(first, feedback(first, word))], [])) <= 10
    )
    player = Player(bot, 319)
    await player.say("/5bukv")
    reply = await player.say(mask_text(first, secret))
    assert re.search(r"Возможных слов \(\d+\): [А-ЯЁ]", reply.text), reply.text  # in capitals, as every word shown
    assert not re.search(r"Возможных слов: \d+:", reply.text)


async def test_a_letter_typed_with_a_combining_mark_counts_as_one(bot: Bot, database: Path) -> None:
    """«й» sent as «и» + U+0306 (some keyboards do): the word is five letters, not refused."""
    player = Player(bot, 320)
    await player.say("/5bukv")
    reply = await player.say("строи\u0306 ggggg")
    assert "из 5 русских букв" not in reply.text and "⬛⬛⬛⬛⬛ СТРОЙ" in reply.text
    state = stored_state(database, 320, "5bukv")
    assert state is not None and state[0]["entries"] == [["строй", "ggggg"]]


async def test_a_word_not_in_the_list_is_taken_and_said_so(bot: Bot, solvers: Solvers, database: Path) -> None:
    player = Player(bot, 308)
    await player.say("/5bukv")
    assert not solvers.of(WordleSolver).knows("ехать")  # a verb: a word, but in none of 5bukv's lists
    reply = await player.say("ехать ggggg")
    assert "«ЕХАТЬ» нет в моём списке" in reply.text and "⬛⬛⬛⬛⬛ ЕХАТЬ" in reply.text
    in_list = await player.say(f"{solvers.of(WordleSolver).words[0]} ggggg")
    assert "нет в моём списке" not in in_list.text


async def test_one_word_left_is_solved_in_one_tap(bot: Bot, solvers: Solvers, database: Path) -> None:
    secret = secret_of(solvers)
    player = Player(bot, 309)
    reply = await player.say("/5bukv")
    while "Осталось одно слово" not in reply.text:
        reply = await player.say(mask_text(reply.suggestion(), secret))
    assert reply.suggestion() == secret and "🎉 Это оно!" in [b["text"] for b in player.buttons()]
    reply = await player.tap("Это оно")
    assert f"🟨🟨🟨🟨🟨 {secret.upper()}" in reply.text and "🎉 Отгадано за" in reply.text
    assert record(database, 309, "5bukv") == (1, 1, 0, 0)


async def test_hint_and_giveup_answer_in_5bukv(bot: Bot, database: Path) -> None:
    player = Player(bot, 310)
    await player.say("/5bukv")
    assert wordle_texts.nothing_to_give_up("ru") in (await player.say("/giveup")).text
    shown = await player.say("ggggg")
    hint = await player.say("/hint")
    assert hint.suggestion() == shown.suggestion()
    gave_up = await player.say("/giveup")
    assert "Вы сдались" in gave_up.text and "Подходил" in gave_up.text
    assert record(database, 310, "5bukv") == (1, 0, 1, 0)
    assert no_game_now("ru") in (await player.say("ggggg")).text
    again = await player.say("/giveup")
    assert no_game_now("ru") in again.text and "первую маску" not in again.text


async def test_giveup_after_the_word_is_solved_says_it_is_solved(bot: Bot, database: Path) -> None:
    player = Player(bot, 315)
    await player.say("/5bukv")
    await player.say("yyyyy")
    reply = await player.say("/giveup")
    assert wordle_texts.already_solved("ru") in reply.text and "первую маску" not in reply.text
    assert record(database, 315, "5bukv") == (1, 1, 0, 0)


ANSWER = "кринж"  # not in the list: the game's word the bot does not know


async def play_until_stuck(player: Player, secret: str) -> Reply:
    reply = await player.say("/5bukv")
    for _ in range(8):
        if "Ни одно слово" in reply.text or "Отгадано" in reply.text:
            break
        reply = await player.say(mask_text(reply.suggestion(), secret))
    return reply


async def test_stuck_shows_what_is_known_and_takes_the_answer(
    standin: BotApiStandin, solvers: Solvers, database: Path
) -> None:
    """No word fits: the bot says what the colours tell and takes the game's answer; told by two
    different players (the setting), the answer joins the words, also after a restart."""
    assert ANSWER not in solvers.of(WordleSolver).words
    own = solvers.replacing(WordleSolver(solvers.of(WordleSolver).wordle))  # answers join this deployment only
    async with running_bot(standin, own, database, wordle_answer_players=2) as bot:
        first = Player(bot, 311)
        reply = await play_until_stuck(first, ANSWER)
        assert "Ни одно слово из моего списка не подходит" in reply.text
        assert "Известно: " in reply.text and "Нет в слове: " in reply.text
        assert "пришлите его мне одним словом" in reply.text
        assert "не дало бы таких цветов" in (await first.say("абвгд")).text
        assert "слово из 5 русских букв" in (await first.say("hello")).text
        assert "Спасибо, запомнил: КРИНЖ" in (await first.say("Кринж")).text
        await play_until_stuck(first, ANSWER)  # that game is over: a new one, told again
        assert "Спасибо, запомнил" in (await first.say("кринж")).text  # the same player counts once
        second = Player(bot, 312)
        await play_until_stuck(second, ANSWER)
        assert "КРИНЖ теперь в моём списке" in (await second.say("кринж")).text
        assert "🎉 Отгадано" in (await play_until_stuck(Player(bot, 313), ANSWER)).text
    restarted = solvers.replacing(WordleSolver(solvers.of(WordleSolver).wordle))
    async with running_bot(standin, restarted, database, wordle_answer_players=2) as bot:
        assert "🎉 Отгадано" in (await play_until_stuck(Player(bot, 314), ANSWER)).text


async def test_a_told_answer_ends_the_game(bot: Bot, database: Path) -> None:
    """Once the player told the game's answer the game is over: a later entry is not applied to
    it, and /5bukv starts a new game at once (no "resign?"), counting no loss."""
    player = Player(bot, 318)
    await play_until_stuck(player, ANSWER)
    assert "Спасибо, запомнил: КРИНЖ" in (await player.say("кринж")).text
    entries = len(state_entries(database, 318))
    for late in ("шкура ggggg", "ggggg"):
        assert wordle_texts.answer_told("ru", ANSWER) in (await player.say(late)).text
    assert len(state_entries(database, 318)) == entries
    assert wordle_texts.answer_told("ru", ANSWER) in (await player.say("/undo")).text
    again = await player.say("/5bukv")
    assert "Сейчас идёт" not in again.text and again.suggestion()
    assert state_entries(database, 318) == []
    assert record(database, 318, "5bukv") == (1, 0, 0, 0)  # the new game has no entry yet: not counted


async def test_colours_alone_while_no_word_fits_ask_for_the_word(bot: Bot, database: Path) -> None:
    """With no word left there is no suggestion: colours alone would only repeat the last word."""
    player = Player(bot, 316)
    stuck = await play_until_stuck(player, ANSWER)
    assert "Ни одно слово из моего списка не подходит" in stuck.text
    entries = len(state_entries(database, 316))
    reply = await player.say("ggggg")
    assert wordle_texts.colours_need_a_word("ru") in reply.text
    assert len(state_entries(database, 316)) == entries
    own = await player.say(f"шкура {mask_text('шкура', ANSWER)}")
    assert "ШКУРА" in own.text and len(state_entries(database, 316)) == entries + 1


def state_entries(database: Path, chat_id: int) -> list[object]:
    state = stored_state(database, chat_id, "5bukv")
    assert state is not None
    entries = state[0]["entries"]
    assert isinstance(entries, list)
    return entries


async def test_a_word_typed_without_colours_is_asked_for_them(bot: Bot, database: Path) -> None:
    """While words fit, five letters alone are a guess without its colours: asked for them, not
    told that «к» is an unknown colour; nothing is entered."""
    player = Player(bot, 317)
    await player.say("/5bukv")
    reply = await player.say("Скала")
    assert "Какие цвета показала игра для «СКАЛА»" in reply.text and "скала ggwyg" in reply.text
    assert "Не понимаю знак" not in reply.text and state_entries(database, 317) == []
    assert "Не понимаю знак" in (await player.say("привет")).text  # six letters: not a guess


async def test_a_word_refused_by_enough_players_leaves_the_guesses_for_everyone(
    standin: BotApiStandin, solvers: Solvers, database: Path
) -> None:
    """🚫 from two different players (the setting here): the next player, and the next process,
    never get that word as the first guess; one player's report alone changes nobody else's."""
    first = solvers.of(WordleSolver).first_guess

    def own_engine() -> Solvers:  # a deployment's refusals change its engine, not the shared one
        return solvers.replacing(WordleSolver(Wordle.shipped()))  # as a process starts it

    async with running_bot(standin, own_engine(), database, wordle_refused_players=2) as bot:
        one, two, three = Player(bot, 331), Player(bot, 332), Player(bot, 333)
        assert (await one.say("/5bukv")).suggestion() == first
        await one.tap("Игра не приняла")
        assert (await two.say("/5bukv")).suggestion() == first  # one player's report: still suggested
        await two.tap("Игра не приняла")
        assert (await three.say("/5bukv")).suggestion() != first
    async with running_bot(standin, own_engine(), database, wordle_refused_players=2) as bot:
        await until(lambda: bot.application.bot_data.services.solvers.of(WordleSolver).first_guess != first, seconds=10)
        assert (await Player(bot, 335).say("/5bukv")).suggestion() != first


async def test_six_tries_without_the_answer_lose_the_game_once(bot: Bot, solvers: Solvers, database: Path) -> None:
    """The real game has six tries: after six entries that did not solve it, the game is lost
    (counted once) and a seventh entry is not taken."""
    player = Player(bot, 334)
    reply = await player.say("/5bukv")
    guesses = [reply.suggestion()]
    for _ in range(6):
        reply = await player.say(f"{guesses[-1]} ggggg")  # a word of its own would do; the suggestion is at hand
        if "Попробуйте" in reply.text:
            guesses.append(reply.suggestion())
    state = stored_state(database, 334, "5bukv")
    assert state is not None and len(state[0]["entries"]) == 6
    assert record(database, 334, "5bukv") == (1, 0, 1, 0)
    seventh = await player.say(f"{guesses[0]} yyyyy")
    state = stored_state(database, 334, "5bukv")
    assert state is not None and len(state[0]["entries"]) == 6 and not state[0]["solved"]
    assert record(database, 334, "5bukv") == (1, 0, 1, 0)
    assert seventh.texts
