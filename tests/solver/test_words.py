"""The shipped dictionaries: their file format, their tiers, and that no excluded word is in any list of any game."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from solver import words as words_module
from solver.letters import LetterGame, Rule
from solver.wordle import CRUDE, default_kinds, default_words, more_words, normalise_word
from solver.words import DATA_DIR, LANGUAGES, Language, Reason, Tier, WordListError, WordTable, read_table

#: Reasons that keep a word out of every list of every game.
OUT_OF_EVERY_LIST = {Reason.OFFENSIVE, Reason.LETTER_NAME, Reason.ABBREVIATION, Reason.MALFORMED}

#: Words the issue found the bot saying: obscene words, slurs, letter and note names, a glued entry.
ISSUE_EXAMPLES = {
    "ru": "пидор блядь еблан пизда хуйня кацап чухна шлюха мразь хуй жид ди лэ зи йо ти ми си фа эм чукчанкасмоленка",
    "en": "nigger kike coon wetback slut whore",
}


@pytest.fixture(params=sorted(LANGUAGES))
def language(request: pytest.FixtureRequest) -> Language:
    return LANGUAGES[request.param]


def every_list(language: Language) -> dict[str, set[str]]:
    """Each list a game plays with, by name, in the spelling that game compares words in."""
    lists = {f"letters {tier.value}": set(language.words(tier)) for tier in Tier}
    if language.code == "ru":
        kinds = default_kinds()  # a crude answer is a candidate the bot never shows
        lists["5bukv"] = {word for word in default_words() if kinds[word] != CRUDE}
    return lists


def test_the_word_file_is_sorted_unique_words_with_two_decimal_frequencies(language: Language) -> None:
    lines = (DATA_DIR / f"{language.name}.tsv").read_text(encoding="utf-8").splitlines()
    words = [line.split("\t")[0] for line in lines]
    assert words == sorted(set(words))
    row = re.compile(rf"[{language.alphabet}]+\t\d+\.\d\d")
    assert all(row.fullmatch(line) for line in lines)
    assert list(language.zipf()) == words


def test_russian_keeps_yo_in_the_word() -> None:
    zipf = LANGUAGES["ru"].zipf()
    assert "ёж" in zipf and "ёлка" in zipf
    assert zipf["ёлка"] > 0


def test_no_excluded_word_is_in_any_list(language: Language) -> None:
    excluded = {word for word, reason in language.reasons().items() if reason in OUT_OF_EVERY_LIST}
    assert len(excluded) > 100
    for name, words in every_list(language).items():
        spelled = {normalise_word(word) for word in excluded} if name == "5bukv" else excluded
        assert not (spelled & words), name


def test_the_issues_examples_are_in_no_list(language: Language) -> None:
    for name, words in every_list(language).items():
        assert not (set(ISSUE_EXAMPLES[language.code].split()) & words), name


def test_the_reviewed_decisions_are_applied(language: Language) -> None:
    reviewed = [line.split("\t") for line in (DATA_DIR / "reviewed_words.tsv").read_text("utf-8").splitlines()[1:]]
    full, reasons = set(language.words(Tier.FULL)), language.reasons()
    for lang, word, decision, why in reviewed:
        if lang != language.code:
            continue
        if "a wordfreq token OpenCorpora lacks" in why:  # not the source's: only in 5bukv's broader list
            assert word not in full and more_words()[word][1] is False, word  # never said
        elif decision == "not-an-answer":  # a word of the letter game 5bukv neither picks nor takes
            assert word not in default_kinds() and word not in more_words(), word
        elif decision == "keep":
            assert reasons.get(word) is not Reason.OFFENSIVE, word
        elif decision == "common":
            zipf = language.zipf_of(word)
            assert zipf is not None, word
            assert language.tier_of(word) is Tier.COMMON or zipf < language.common_zipf, word
        elif decision == Reason.RARE:
            # the second source takes a word it has only as a name out of every tier, whatever the review said
            second = reasons.get(word) is Reason.PROPER_NAME
            assert second or language.tier_of(word) is Tier.FULL, word
        else:
            assert word not in full and reasons.get(word) == Reason(decision), word


def test_the_common_tier_is_the_frequent_part_of_the_full_one(language: Language) -> None:
    common, zipf = language.words(Tier.COMMON), language.zipf()
    assert set(common) < set(zipf)
    assert all(zipf[word] >= language.common_zipf for word in common)
    uncommon = set(zipf) - set(common)
    assert all(zipf[word] < language.common_zipf or language.tier_of(word) is Tier.FULL for word in uncommon)
    assert len([word for word in common if len(word) >= language.min_length]) > 5000  # the game stays rich


def test_most_openings_do_not_end_on_the_second_letter() -> None:
    language = LANGUAGES["ru"]
    game = LetterGame(language.words(), Rule.COMPLETE_WINS, language.min_length, language.alphabet, language.zipf())
    openings = [play.letter for play in game.plays("")]
    ended = [letter for letter in openings if game.is_word(letter + game.best_letter(letter))]
    assert len(ended) < len(openings) / 2


def test_the_reasons_file_reads_as_a_table() -> None:
    rows = read_table(DATA_DIR / "russian_nouns_reasons.tsv")
    assert {Reason(reason) for _, reason in rows} >= {Reason.PROPER_NAME, Reason.NOT_A_NOUN, Reason.OFFENSIVE}


def test_one_word_lookups_agree_with_the_whole_tables(language: Language) -> None:
    zipf, reasons = language.zipf(), language.reasons()
    # Every 7th word and both ends (a lookup bisects the whole table, so any word's answer depends
    # on the table around it; all 209,000 English words took 20 s for nothing more).
    words, refused = list(zipf), list(reasons)
    for word in {*words[::7], words[0], words[-1]}:
        assert language.zipf_of(word) == zipf[word]
    for word in {*refused[::7], refused[0], refused[-1]}:
        assert language.reason_of(word) is reasons[word]
    outside = ["", "\n", "ъъъъъ", "zzzzzz", *(word + "ъ" for word in list(zipf)[::5000])]
    for word in (w for w in outside if w not in zipf and w not in reasons):
        assert language.zipf_of(word) is None and language.reason_of(word) is None and language.tier_of(word) is None


def test_a_word_table_finds_each_word_and_nothing_else() -> None:
    words = ["ab", "abc", "b", "ёж"]
    table = WordTable(words, np.array([3, 1, 4, 1], dtype=np.uint8))
    assert len(table) == 4 and table.words() == words
    assert [table.index(word) for word in words] == [0, 1, 2, 3]
    assert [table.index(word) for word in ("", "a", "abd", "ба", "я", "b\n")] == [None] * 6
    assert WordTable([], np.array([], dtype=np.uint8)).index("a") is None


def test_a_word_table_refuses_unsorted_or_repeated_words() -> None:
    for words in (["b", "a"], ["a", "a"]):
        with pytest.raises(WordListError):
            WordTable(words, np.zeros(2, dtype=np.uint8))


def test_the_common_tier_picked_from_the_raw_file_is_the_one_the_whole_table_gives(language: Language) -> None:
    """The common tier is picked out of the file's bytes (so a player right after a start does not
    wait for the whole list to be parsed): the same words, values and order as filtering the table."""
    table = words_module._frequency_table(DATA_DIR / f"{language.name}.tsv")
    rare = words_module._rare_words(DATA_DIR / f"{language.name}_reasons.tsv")
    filtered = [
        (word, int(value) / 100)
        for word, value in zip(table.words(), table.values.tolist(), strict=True)
        if int(value) / 100 >= language.common_zipf and word not in rare
    ]
    assert list(language.zipf(Tier.COMMON).items()) == filtered


@pytest.mark.parametrize(
    "text",
    ["кот\t3.5\n", "кот\t3.50", "кот 3.50\n", "\t3.50\n", "кот\t3,50\n", "кот\t3.5x\n", "кот\t/.50\n"],
)
def test_a_file_not_written_as_the_shipped_ones_is_left_to_the_whole_table(tmp_path: Path, text: str) -> None:
    path = tmp_path / "words.tsv"
    path.write_text("кит\t4.00\n" + text, encoding="utf-8")
    assert words_module._common_rows(path, 2.5) is None


def test_the_raw_file_pick_keeps_values_at_the_threshold(tmp_path: Path) -> None:
    path = tmp_path / "words.tsv"
    path.write_text("ёж\t2.50\nкит\t2.49\nкот\t7.01\n", encoding="utf-8")
    assert words_module._common_rows(path, 2.5) == [("ёж", 2.5), ("кот", 7.01)]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_word_of_a_length_is_each_tier_and_each_word_set_aside(lang: str) -> None:
    language = LANGUAGES[lang]
    every = [*language.words(Tier.FULL), *language.reasons()]
    for length in (1, 2, 5, 9):
        assert language.every_word_of_length(length) == [word for word in every if len(word) == length]
