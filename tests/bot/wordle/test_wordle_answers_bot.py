"""5bukv end to end with the answers the real game picks beyond everyday nouns: a rare noun, a slang
word, a plural-only noun and a crude word are each found within six tries, the crude one never
written out; a real word of none of the candidates is still found through the broader list."""

from __future__ import annotations

import pytest
from bot_harness import Bot, Player, Reply

from bot.core.solvers import Solvers
from bot.games.wordle.solver import WordleSolver
from solver.wordle import CRUDE, MAX_TRIES, NOUN, default_kinds, default_zipf, feedback, more_words

MASKED = "Осталось грубое слово, я его не пишу"


def mask_text(guess: str, secret: str) -> str:
    return "".join(colour.value for colour in feedback(guess, secret))


async def play(player: Player, secret: str) -> tuple[list[Reply], int]:
    """Follow the bot's suggestions against ``secret``: every reply, and the tries the game took.
    When the bot leaves a word unwritten the player types it, as the bot asks."""
    replies = [await player.say("/5bukv")]
    for tries in range(1, MAX_TRIES + 2):
        text = replies[-1].text
        assert "Ни одно слово" not in text, text
        guess = secret if MASKED in text else replies[-1].suggestion()
        entry = f"{guess} {mask_text(guess, secret)}" if MASKED in text else mask_text(guess, secret)
        replies.append(await player.say(entry))
        if "🎉 Отгадано" in replies[-1].text:
            return replies, tries
    raise AssertionError(f"{secret} not found: {replies[-1].text}")


@pytest.mark.parametrize(
    ("secret", "kind", "why"),
    [
        ("армяк", NOUN, "a rare noun few people use (Zipf below 1.5)"),
        ("бабло", NOUN, "slang, which the old spelling dictionary lacks"),
        ("чипсы", NOUN, "a plural-only noun"),
    ],
)
async def test_a_rare_a_slang_and_a_plural_only_answer_are_found(
    bot: Bot, solvers: Solvers, secret: str, kind: str, why: str
) -> None:
    assert default_kinds()[secret] == kind, why
    if secret == "армяк":
        assert default_zipf()[secret] < 1.5
    replies, tries = await play(Player(bot, 401 + len(secret) + ord(secret[0])), secret)
    assert tries <= MAX_TRIES and f"🟨🟨🟨🟨🟨 {secret.upper()}" in replies[-1].text


async def test_a_crude_answer_is_found_and_never_written(bot: Bot, solvers: Solvers) -> None:
    secret = "мудак"
    assert default_kinds()[secret] == CRUDE
    replies, tries = await play(Player(bot, 420), secret)
    assert tries <= MAX_TRIES and "🎉 Отгадано" in replies[-1].text
    assert any(MASKED in reply.text for reply in replies)  # the player typed it, as asked
    written = " ".join(reply.text for reply in replies).lower()
    assert secret not in written and "м•••к" in written


async def test_an_answer_of_no_candidate_is_found_through_the_broader_list(bot: Bot, solvers: Solvers) -> None:
    """трусы is no candidate (the plural of трус, a count noun, though also a word of its own): once
    no candidate fits, the next guesses come from the broader list of real words, not a request for
    the answer."""
    secret = "трусы"
    assert secret not in solvers.of(WordleSolver).words and more_words()[secret][1]
    replies, tries = await play(Player(bot, 421), secret)
    assert tries <= MAX_TRIES and f"🟨🟨🟨🟨🟨 {secret.upper()}" in replies[-1].text
