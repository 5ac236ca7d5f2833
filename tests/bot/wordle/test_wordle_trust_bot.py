"""5bukv a player can trust at every step, end to end in both languages: a game that leaves the
candidates says so once and suggests only real words (never one it then says it does not know); a
lost game's review grades every try, in its text, picture and share card alike; /word in a 5bukv game
answers from 5bukv's own lists first; a non-word entry (ыыыыы) is not taken and is no try."""

from __future__ import annotations

import io
import re
from pathlib import Path

from bot_harness import Bot, Player, stored_state
from PIL import Image

from bot.core.solvers import Solvers
from bot.games.wordle.picture import GAP, TILE
from bot.games.wordle.solver import WordleSolver
from solver.wordle import MAX_TRIES, default_kinds, feedback, mask_text, more_words
from solver.words import LANGUAGES, Tier

BEYOND = {
    "ru": "Из моих слов ничего не подходит — дальше предлагаю из полного словаря.",
    "en": "None of my words fits — from here on I suggest from the full dictionary.",
}
NOT_KNOWN = ("нет в моём списке", "not in my word list")


def broader_secret(solvers: Solvers) -> str:
    """A word of the broader list the bot may say: no candidate, yet a real word the game may pick."""
    more = more_words()
    return "трусы" if more.get("трусы", (0, False))[1] else next(word for word, (_, say) in sorted(more.items()) if say)


def entries(database: Path, chat_id: int) -> list[object]:
    state = stored_state(database, chat_id, "5bukv")
    assert state is not None
    found = state[0]["entries"]
    assert isinstance(found, list)
    return found


async def test_a_game_that_leaves_the_candidates_says_so_and_suggests_only_real_words(
    bot: Bot, solvers: Solvers
) -> None:
    wordle = solvers.of(WordleSolver)
    secret = broader_secret(solvers)
    assert secret not in wordle.words
    real = set(wordle.words) | set(more_words())
    for user, lang in ((451, "ru"), (452, "en")):
        player = Player(bot, user, language_code=lang)
        reply = await player.say("/5bukv")
        suggested, said_beyond = [], 0
        for _ in range(MAX_TRIES):
            guess = reply.suggestion()
            suggested.append(guess)
            reply = await player.say(f"{guess} {mask_text(feedback(guess, secret))}")
            said_beyond += reply.text.count(BEYOND[lang])
            assert not any(phrase in reply.text for phrase in NOT_KNOWN), reply.text
            if guess == secret:
                break
        assert suggested[-1] == secret, reply.text  # found through the broader list, within six
        assert said_beyond >= 1 and set(suggested) <= real


async def test_a_lost_games_review_grades_every_try_in_its_text_picture_and_card(bot: Bot, solvers: Solvers) -> None:
    """The player follows the suggestions while words fit, then goes on with words of their own after
    none does (the game's answer, кринж, is in no list): six tries, the game lost, and every one of
    them in the review's text, its picture and its share card."""
    wordle = solvers.of(WordleSolver)
    secret = "кринж"
    assert not wordle.knows(secret)
    common = [wordle.words[i] for i in wordle.wordle.guessable]
    for user, lang in ((453, "ru"), (454, "en")):
        player = Player(bot, user, language_code=lang)
        reply = await player.say("/5bukv")
        tries: list[str] = []
        while len(tries) < MAX_TRIES:
            follows = "Попробуйте" in reply.text or "Try:" in reply.text
            guess = reply.suggestion() if follows else common[len(tries)]
            tries.append(guess)
            reply = await player.say(f"{guess} {mask_text(feedback(guess, secret))}")
        review = await player.say("/review")
        lines = [line for line in review.text.splitlines() if re.match(r"\d+\. ", line)]
        assert [int(line.split(".")[0]) for line in lines] == list(range(1, MAX_TRIES + 1)), review.text
        card = next(text for text in review.texts if text.startswith("5 букв"))
        assert card.splitlines()[0] == f"5 букв X/{MAX_TRIES}" and len(card.splitlines()) == MAX_TRIES + 1
        picture = await player.tap("Картинкой" if lang == "ru" else "picture")
        photo = next(call for call in picture.calls if call.method == "sendPhoto")
        image = Image.open(io.BytesIO(photo.params["photo"]))
        assert round((image.height - 24 - 48 - 40 - 24) / (TILE + GAP)) == MAX_TRIES


async def test_word_in_a_5bukv_game_answers_from_5bukvs_lists(bot: Bot, solvers: Solvers) -> None:
    other = next(word for word, kind in sorted(default_kinds().items()) if kind == "other")
    broader = broader_secret(solvers)
    for user, lang in ((455, "ru"), (456, "en")):
        player = Player(bot, user, language_code=lang)
        await player.say("/5bukv")
        label = "• «5 букв»: " if lang == "ru" else "• 5bukv: "
        answer = await player.say(f"/word {other}")
        first = answer.text.splitlines()[1]
        assert first.startswith(label + "✅"), answer.text
        assert "не существительное" not in first and "not a noun" not in first
        assert (await player.say(f"/word {broader}")).text.splitlines()[1].startswith(label + "☑️")
        nonsense = (await player.say("/word ыыыыы")).text
        assert label + "❌" in nonsense, nonsense
        assert "не существительное" not in nonsense.split(label)[-1] and "not a noun" not in nonsense.split(label)[-1]


async def test_a_non_word_entry_is_refused_and_is_no_try(bot: Bot, database: Path) -> None:
    assert "ыыыыы" not in {word for word in LANGUAGES["ru"].words(Tier.FULL)}
    for user, lang in ((457, "ru"), (458, "en")):
        player = Player(bot, user, language_code=lang)
        await player.say("/5bukv")
        reply = await player.say("ыыыыы ggggg")
        said = "«ЫЫЫЫЫ» — не слово" if lang == "ru" else "“ЫЫЫЫЫ” is not a word"
        assert said in reply.text and entries(database, user) == []
        real = await player.say("ехать ggggg")  # a word of the dictionary, if none of the lists: taken
        assert len(entries(database, user)) == 1, real.text
