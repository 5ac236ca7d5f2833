"""5bukv says one thing once: the same count of words everywhere, words left out said to be left
out, /stats with the games not solved, and an entry that contradicts earlier ones not taken."""

from __future__ import annotations

import re
from pathlib import Path

from bot_harness import Bot, Player, record, stored_state

from bot.core.i18n import ngettext
from bot.core.solvers import Solvers
from bot.games.wordle import session as wordle
from bot.games.wordle.solver import WordleSolver
from bot.games.wordle_common.session import MAX_LISTED
from solver.wordle import Entry, feedback, mask_text


def secret_with_a_crude_word_left(solvers: Solvers) -> str:
    """A common word whose game, following the suggestions, reaches a short list with a crude word in it."""
    engine = solvers.of(WordleSolver).wordle
    for index in engine.guessable:
        secret, history = engine.words[index], []
        while not history or history[-1].word != secret:
            guess = engine.next_guess(history)
            history.append(Entry(guess, feedback(guess, secret)))
            fitting = engine.candidates(history)
            if len(fitting) <= MAX_LISTED and any(not engine.can_say(word) for word in fitting):
                listed, _ = wordle.listed_words(solvers.of(WordleSolver), fitting)
                if secret in listed:
                    return secret
                break
    raise AssertionError("no game reaches a short list with a crude word")


async def test_words_left_out_are_counted_as_what_they_are(bot: Bot, solvers: Solvers) -> None:
    """A short list that leaves out a crude word counts it as a crude word, in both languages, and
    never as more ordinary words."""
    secret = secret_with_a_crude_word_left(solvers)
    for user, lang in ((401, "ru"), (402, "en")):
        player = Player(bot, user, language_code=lang)
        reply = await player.say("/5bukv")
        while not re.search(r"\((\d+)\): ", reply.text):
            reply = await player.say(mask_text(feedback(reply.suggestion(), secret)))
        crude = r"; и ещё \d+ груб(ое|ых) слов[оа]?, (его|их) я не пишу" if lang == "ru" else r"; and \d+ crude word"
        assert re.search(crude, reply.text), reply.text
        assert not re.search(r"остальные я не пишу|leave the rest out", reply.text), reply.text


async def test_giving_up_counts_the_words_that_were_shown(bot: Bot, solvers: Solvers) -> None:
    secret = solvers.of(WordleSolver).words[len(solvers.of(WordleSolver).words) // 5]
    for user, lang in ((403, "ru"), (404, "en")):
        player = Player(bot, user, language_code=lang)
        reply = await player.say(mask_text(feedback((await player.say("/5bukv")).suggestion(), secret)))
        shown = int(re.findall(r"(?:Возможных слов|Words still possible)[^\d]*(\d+)", reply.text)[-1])
        words = ngettext(lang, "{n} word", "{n} words", shown)
        gave_up = await player.say("/giveup")
        assert (f"Подходило {words}" if lang == "ru" else f"{words} fitted") in gave_up.text, gave_up.text


async def test_stats_count_games_with_an_entry_and_show_those_not_solved(bot: Bot, database: Path) -> None:
    player = Player(bot, 405)
    await player.say("/5bukv")
    await player.say("/5bukv")  # no entry in either: no game played
    await player.tap("Игра не приняла")  # a refused word is no try
    assert "Сдаваться пока не в чем" in (await player.say("/giveup")).text
    assert "Вы ещё не играли" in (await player.say("/stats")).text
    await player.say("ggggg")
    await player.say("/giveup")
    assert record(database, 405, "5bukv") == (1, 0, 1, 0)
    assert "«5 букв»: игр 1, отгадано 0, не отгадано 1" in (await player.say("/stats")).text
    english = Player(bot, 406, language_code="en")
    guess = (await english.say("/5bukv")).suggestion()
    for _ in range(6):  # six tries without the answer: a loss (the same word again once none fits)
        reply = await english.say(f"{guess} ggggg")
        guess = reply.suggestion() if "Try:" in reply.text else guess
    await english.say("/5bukv")
    await english.say("yyyyy")  # a second game, solved at once
    assert "5bukv: played 2, solved 1, not solved 1" in (await english.say("/stats")).text


async def test_an_entry_that_contradicts_earlier_ones_is_not_taken(bot: Bot, database: Path) -> None:
    for user, lang in ((407, "ru"), (408, "en")):
        player = Player(bot, user, language_code=lang)
        await player.say("/5bukv")
        await player.say("катер ygggg")  # к in its place
        await player.say("комар ygggg")
        before = stored_state(database, user, "5bukv")
        reply = await player.say("кошка ggggg")  # к absent: no word could show this and either of those
        after = stored_state(database, user, "5bukv")
        assert before is not None and after is not None and after[0] == before[0]  # nothing taken, nothing lost
        first, second = "🟨⬛⬛⬛⬛ КАТЕР", "🟨⬛⬛⬛⬛ КОМАР"
        if lang == "ru":
            assert f"⚠️ Не принял ⬛⬛⬛⬛⬛ КОШКА: эти цвета противоречат {first} и {second}" in reply.text
            assert "/undo" in reply.text
        else:
            assert f"⚠️ Not taken: ⬛⬛⬛⬛⬛ КОШКА contradicts {first} and {second}" in reply.text
        assert "Попробуйте" in reply.text or "Try:" in reply.text  # the game goes on from where it was
        off_list = await player.say("ткать ggggg")  # a word of none of the lists, and contradicting: not taken
        assert "Не принял" in off_list.text or "Not taken" in off_list.text
        assert "нет в моём списке" not in off_list.text and "not in my word list" not in off_list.text
