"""The list rules of scripts/build_data.py, on made-up words: no data packages needed."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

import build_data
from build_data import Reading, Source

from solver.words import Reason


class Dictionary:
    """A stand-in for hunspell: accepts the words it is given, with their capitals as written."""

    def __init__(self, *words: str) -> None:
        self.words = set(words)

    def lookup(self, word: str) -> bool:
        return word in self.words or word.lower() in self.words


@pytest.fixture
def second_source(monkeypatch: pytest.MonkeyPatch) -> None:
    dictionary = Dictionary("стол", "леса", "беда", "Казимир", "Йена", "йена")
    monkeypatch.setattr(build_data, "second_source", lambda language: dictionary)
    monkeypatch.setattr(build_data, "reviewed", lambda language: build_data.Reviewed(common={"йена"}))


def test_a_nouns_frequency_is_its_share_of_its_spelling(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(build_data, "zipf", lambda word, language: 4.0)
    source = Source({"леса", "беда", "тут"}, {}, {"леса": Reading(0.01, True), "тут": Reading(0.0, True)})
    assert build_data.word_zipf("леса", "ru", source) == 2.0  # 4 + log10(0.01)
    assert build_data.word_zipf("тут", "ru", source) == 2.0  # never seen as the noun: the estimate's floor
    assert build_data.word_zipf("беда", "ru", source) == 4.0  # no evidence: the spelling's frequency


def test_the_second_source_names_confirms_and_the_estimate_demotes(second_source: None) -> None:
    words = {"стол", "леса", "беда", "казимир", "лагер", "кхари", "йена"}
    source = Source(words, {}, {"леса": Reading(0.01, True), "беда": Reading(0.9, False)})
    frequencies = {"стол": 4.0, "леса": 2.6, "беда": 3.9, "казимир": 3.0, "лагер": 2.5, "кхари": 1.1, "йена": 3.0}
    result = build_data.confirm("ru", source, frequencies)
    assert result.reasons == {
        "леса": Reason.HOMOGRAPH,  # common by frequency, but likelier another word: full tier only
        "казимир": Reason.PROPER_NAME,  # the second source has it only with a capital
        "лагер": Reason.UNCONFIRMED,  # frequent, yet the second source lacks it: full tier only
    }
    # a spelling dictionary lacking a word is no evidence against it: лагер and кхари stay in the full tier
    assert result.words == words - {"казимир"}


def test_a_tie_with_another_reading_is_not_the_likeliest_reading() -> None:
    class Parse:
        def __init__(self, normal_form: str, tag: str) -> None:
            self.normal_form = normal_form
            self.tag = Tag(tag)

    class Tag:
        def __init__(self, text: str) -> None:
            self.text, self.POS = text, text.split(",", maxsplit=1)[0]
            self.grammemes = frozenset(text.replace(" ", ",").split(","))

    probabilities = {"NOUN,plur": 0.5, "ADJF,plur": 0.5}

    class Estimate:
        def prob(self, word: str, tag: Tag) -> float:
            return probabilities[tag.text]

    class Analyser:
        prob_estimator = type("P", (), {"p_t_given_w": Estimate()})()

        def parse(self, word: str) -> list[Parse]:
            return [Parse("белые", "NOUN,plur"), Parse("белый", "ADJF,plur")]

    reading = build_data.corpus_reading(Analyser(), "белые")
    assert reading == Reading(0.5, True)


class Analyser:
    """A stand-in for pymorphy3: reads the words it is given as nominative singular nouns, knows none."""

    def __init__(self, *nouns: str) -> None:
        self.nouns = set(nouns)

    def word_is_known(self, word: str) -> bool:
        return False

    def parse(self, word: str) -> list[object]:
        tag = type("Tag", (), {"POS": "NOUN", "grammemes": frozenset({"NOUN", "nomn", "sing"})})()
        return [type("Parse", (), {"tag": tag, "normal_form": word})()] if word in self.nouns else []


def test_the_broader_list_is_real_words_only_with_the_crude_ones_marked(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, second_source: None
) -> None:
    """Lemmas hunspell accepts in lower case and hunspell's own noun entries join; candidates, names,
    scraps and words only wordfreq has do not, unless crude (then marked, never said); ё is written е."""
    monkeypatch.setattr(build_data, "DATA_DIR", tmp_path)
    monkeypatch.setattr(build_data, "zipf", lambda word, language: 2.0)
    monkeypatch.setattr(build_data, "screen_offensive", lambda words: {"ёбена", "ебена"} & words)
    source = Source({"шорты", "стол", "лиссо"}, other_answers={"вдруг"})
    entries = {"кинза": frozenset("H"), "худож": frozenset(), "Логан": frozenset("K")}
    tokens = {"ёбена": 1.3, "логан": 3.8, "аарау": 1.4, "худож": 3.3, "кинза": 2.2}
    analyser = Analyser("ёбена", "логан", "аарау", "худож", "кинза")
    build_data.build_wordle_more(source, {"шорты", "вдруг"}, tokens, entries, analyser)
    rows = (tmp_path / "wordle_more.tsv").read_text(encoding="utf-8").splitlines()
    assert rows == ["ебена\t1.30\tcrude", "кинза\t2.20\tword"]
