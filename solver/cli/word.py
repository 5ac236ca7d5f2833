"""``python -m solver word WORD``: does a word count in the letter game and in 5bukv, and why not."""

from __future__ import annotations

import argparse
import json
import unicodedata
from typing import TYPE_CHECKING

from solver.cli import UsageError

if TYPE_CHECKING:
    from solver.lookup import WordReport


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from solver.words import LANGUAGES

    parser.add_argument("word", metavar="WORD", help="the word to ask about")
    parser.add_argument(
        "--lang",
        choices=sorted(LANGUAGES),
        help="which dictionaries (default: by the word's script, Latin → en, Cyrillic → ru)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def run(args: argparse.Namespace) -> int:
    from solver.lookup import look_up, shipped_games
    from solver.wordle.verdict import wordle_answer
    from solver.words import WordListError

    if not args.word.strip():
        raise UsageError("WORD is empty")
    try:
        code = args.lang or language_by_script(args.word)
        report = look_up(args.word, code, shipped_games(code), wordle_answer)
    except WordListError as error:
        raise UsageError(f"{error} (rebuild it with 'make data')") from None
    print(json.dumps(report.as_json(), ensure_ascii=False) if args.json else "\n".join(_text(report)))
    return 0


#: The script of each shipped dictionary, as Unicode names a letter's.
SCRIPTS = {"LATIN": "en", "CYRILLIC": "ru"}


def language_by_script(word: str) -> str:
    """The shipped dictionary whose script ``word`` is written in.

    A word in both scripts (a Latin «c» typed among Cyrillic letters) or in
    neither is refused: guessing would answer for a word nobody asked about.
    """
    seen: dict[str, list[str]] = {}
    for letter in dict.fromkeys(word.strip()):
        script = unicodedata.name(letter, "").split(" ")[0]
        if letter.isalpha() and script in SCRIPTS:
            seen.setdefault(script, []).append(letter)
    if len(seen) == 1:
        return SCRIPTS[next(iter(seen))]
    if not seen:
        raise UsageError(f"{word!r} has no Latin or Cyrillic letter: choose the dictionary with --lang ru or --lang en")
    mixed = " and ".join(f"{script.title()} ({' '.join(letters)})" for script, letters in seen.items())
    raise UsageError(
        f"{word!r} mixes {mixed} letters: retype it in one script, or choose one with --lang ru or --lang en"
    )


#: Why a word is out, in a few words, for the text output.
EXPLANATIONS = {
    "offensive": "excluded as offensive (obscene, vulgar, an insult or a slur)",
    "letter-name": "the name of a letter or a note, not a word players accept",
    "abbreviation": "an abbreviation",
    "malformed": "a malformed entry of the source",
    "proper-name": "a proper name",
    "not-a-noun": "not a noun in the source",
    "rare": "rare: its frequency counts another word spelled the same (marked by hand)",
    "homograph": "not common: its spelling is more often another word (a name, another word's form or part of speech)",
    "unconfirmed": "frequent in text, but the second dictionary (hunspell) lacks it: a loan, brand, name or scrap",
    "uncommon": "below the common tier",
    "not-in-source": "not in the source dictionary",
    "too-short": "shorter than the game's minimum length",
    "not-five-letters": "not five letters",
    "guess": "a possible answer, and a word the helper guesses with",
    "candidate": "a possible answer, named only when it fits (a rarer word, or not a noun)",
    "broader": "not among the possible answers; in the broader list, suggested only when none of them fits",
    "not-taken": "not a word the game takes, as far as the lists know",
}


def _text(report: WordReport) -> list[str]:
    frequency = "" if report.zipf is None else f" (Zipf {report.zipf:.2f}; common from {report.common_zipf:.2f})"
    if report.tier is None:
        assert report.why_not_common is not None
        letters = f"no: {EXPLANATIONS[report.why_not_common.value]}"
    elif report.why_not_common is None:
        letters = "yes, in the common tier (the default) and the full one"
    else:
        letters = f"only in the full tier: {EXPLANATIONS[report.why_not_common.value]}"
    spelled = f", as the dictionary spells {report.asked}" if report.asked else ""
    lines = [f"{report.word} ({report.language}{spelled})", f"letter game: {letters}{frequency}"]
    for tier, shorter in report.ends_first.items():
        lines.append(f"  never completed in the {tier.value} tier: the game ends at {shorter} first")
    if report.wordle is not None:
        wordle = ("yes: " if report.wordle else "no: ") + EXPLANATIONS[str(report.wordle_reason)]
        lines.append(f"5bukv: {wordle}")
    return lines
