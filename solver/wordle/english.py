"""English Wordle as a configuration of the 5bukv engine: the original lists (2,315 answers, each
equally likely, and the 12,972 words the game accepts), their trees built offline for normal and
hard mode (``scripts/build_wordle_en.py``) by the same search with ``ENGLISH_LIMITS``, and the
``Wordle`` engine that plays them.

The colours are coded as 5bukv's: 0 grey, 1 the letter is elsewhere (Wordle's yellow, 5bukv's
white), 2 the right place (Wordle's green, 5bukv's yellow); only their names and squares differ.
"""

from __future__ import annotations

import copy
import hashlib
import json
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from solver.wordle.colours import WORD_LENGTH, Colour, Mask
from solver.wordle.entries import Entry, EntryError, EntryProblem
from solver.wordle.plan import Plan, read_tree
from solver.wordle.search import SearchLimits, Wordle
from solver.words import DATA_DIR

ANSWERS_FILE = DATA_DIR / "wordle_en_answers.txt"
GUESSES_FILE = DATA_DIR / "wordle_en_guesses.txt"
#: The search for the trees: every answer weighs one and a sixth try costs nothing more, so the
#: cost is the total number of guesses, the benchmark's measure; 8 openers, then 16, 8, 4 and 3
#: guesses a level (past them while none keeps every answer within six), every guess from 8
#: candidates down; guesses of equal cost are not weighed (nothing is said by them here).
ENGLISH_LIMITS = SearchLimits(widths=(8, 16, 8, 4, 3), complete_up_to=8, widest=400, sixth_try=0.0, ties=False)


def tree_file(hard: bool) -> Path:
    return DATA_DIR / ("wordle_en_hard_tree.json" if hard else "wordle_en_tree.json")


def read_list(path: Path) -> list[str]:
    """A list file: one lower-case five-letter word a line."""
    return path.read_text("utf-8").split()


def lists_digest(answers: Sequence[str], guesses: Sequence[str], hard: bool, limits: SearchLimits) -> str:
    """The fingerprint of a tree built for these lists, mode and settings."""
    text = "|".join(["\n".join(answers), "\n".join(guesses), "hard" if hard else "normal", repr(limits)])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def uniform_engine(answers: Sequence[str], guesses: Sequence[str], hard: bool = False) -> Wordle:
    """The engine on these lists with every answer equally likely (no tree yet): the words it may
    guess are every accepted word, the answers first (its colour table's columns, see ColourTable)."""
    answer_list = sorted(set(answers))
    others = sorted(set(guesses) - set(answer_list))
    engine = Wordle(answer_list + others, guess_only=others)
    engine.hard = hard
    engine.rivals_on_the_whole_tree = False
    engine.rivals_from_every_guess = False
    return engine


def build_tree(
    answers: Sequence[str], guesses: Sequence[str], hard: bool, limits: SearchLimits = ENGLISH_LIMITS
) -> Plan:
    """The engine's whole tree for these lists (minutes for the original ones)."""
    return uniform_engine(answers, guesses, hard).build_plan(limits)


def save_tree(path: Path, tree: Plan, *, answers: Sequence[str], guesses: Sequence[str], hard: bool) -> None:
    """The tree with what it was built for (no build time: the script remakes the file byte for byte)."""
    digest = lists_digest(sorted(set(answers)), sorted(set(guesses) | set(answers)), hard, ENGLISH_LIMITS)
    document = {"digest": digest, "words": len(answers), "hard": hard}
    path.write_text(json.dumps(document | {"tree": tree}, separators=(",", ":")) + "\n", "utf-8")


def lists_engine(answers: Sequence[str], guesses: Sequence[str], hard: bool = False) -> Wordle:
    """The engine on these lists with every answer equally likely; its tree is the stored one where
    it was built for these very lists and mode, else built now (minutes) and stored for the next run."""
    engine = uniform_engine(answers, guesses, hard)
    stored = read_tree(tree_file(hard))
    if stored is not None and stored.digest == lists_digest(engine.secrets, sorted(engine.words), hard, ENGLISH_LIMITS):
        engine.plan = stored.tree
    else:
        engine.build_plan(ENGLISH_LIMITS)
    return engine


@dataclass(frozen=True)
class Opening:
    """What a game's first reply needs, without the engine: the answers (every one is still possible)
    and the stored trees' first guesses, by mode (a mode whose stored tree does not fit is absent)."""

    answers: list[str]
    guesses: dict[bool, str]


@cache
def english_opening() -> Opening:
    """The answers and each stored tree's first guess, in milliseconds (the engine takes a tenth of a
    second and more), read once per process: a first /wordle need not wait for the engine. The trees
    are checked as the engine checks them, so the guess is the very one the engine would give."""
    answers = sorted(set(read_list(ANSWERS_FILE)))
    every = sorted(set(read_list(GUESSES_FILE)) | set(answers))
    guesses = {}
    for hard in (False, True):
        stored = read_tree(tree_file(hard))
        if stored is not None and stored.digest == lists_digest(answers, every, hard, ENGLISH_LIMITS):
            guesses[hard] = str(stored.tree["guess"])
    return Opening(answers, guesses)


@cache
def english_engine(hard: bool = False) -> Wordle:
    """The shipped English engine (built once per process, from the stored tree); the hard-mode one
    is the normal one's twin with its own tree, sharing its lists and colour table."""
    if not hard:
        return lists_engine(read_list(ANSWERS_FILE), read_list(GUESSES_FILE))
    normal = english_engine(False)
    digest = lists_digest(normal.secrets, sorted(normal.words), True, ENGLISH_LIMITS)
    stored = read_tree(tree_file(True))
    if stored is None or stored.digest != digest:
        return lists_engine(normal.secrets, normal.words, hard=True)
    return twin(normal, stored.tree, hard=True)


def twin(engine: Wordle, plan: Plan, *, hard: bool) -> Wordle:
    """Another configuration of ``engine`` on the same lists: its own tree, mode and what it works
    out while playing; the words, prior and colour table shared (read only, or safe to share)."""
    other = copy.copy(engine)  # a lock of its own (Wordle.__getstate__)
    other.plan, other.hard = plan, hard
    other.splitting, other.guessable = engine.splitting.copy(), engine.guessable.copy()  # refusals change them
    other.refused_everywhere = set()
    other._online = None
    other._refused_searches, other._allowed, other._costs = {}, {}, {}
    return other


# --------------------------------------------------------------------------- what Wordle players type

#: Wordle's colours as players paste or type them: the share card's squares (dark and light theme,
#: and the high-contrast theme's 🟧 🟦), or letters: g green, y yellow, b, x or - grey. In the
#: engine's codes green is the right place (5bukv's yellow), yellow elsewhere (5bukv's white).
_ENGLISH_SYMBOLS = (
    dict.fromkeys("🟩🟧g", Colour.YELLOW)
    | dict.fromkeys("🟨🟦y", Colour.WHITE)
    | dict.fromkeys("⬛⬜◼◻■□▪▫◾◽bx-.", Colour.GREY)
)
_SQUARES = {Colour.YELLOW: "🟩", Colour.WHITE: "🟨", Colour.GREY: "⬛"}
_LETTERS = {Colour.YELLOW: "g", Colour.WHITE: "y", Colour.GREY: "b"}
_INVISIBLE = re.compile("[\\s\ufe0e\ufe0f\u200d\u200b,;|]+")


def parse_english_mask(text: str) -> Mask | EntryError:
    """Five Wordle colours: 🟩🟨⬛⬜ squares, or ``g y b`` / ``g y x`` letters."""
    symbols = _INVISIBLE.sub("", unicodedata.normalize("NFC", text).lower())
    if not symbols:
        return EntryError(EntryProblem.EMPTY, "the colours are empty", length=0)
    for symbol in symbols:
        if symbol not in _ENGLISH_SYMBOLS:
            return EntryError(EntryProblem.UNKNOWN_SYMBOL, f"unknown symbol {symbol!r} in the colours", symbol=symbol)
    if len(symbols) != WORD_LENGTH:
        detail = f"the colours are {len(symbols)}, not {WORD_LENGTH}"
        return EntryError(EntryProblem.WRONG_LENGTH, detail, length=len(symbols))
    return tuple(_ENGLISH_SYMBOLS[symbol] for symbol in symbols)


def parse_english_word(text: str) -> str | EntryError:
    """A typed guess: five Latin letters, any case."""
    word = unicodedata.normalize("NFC", text).strip().lower()
    if len(word) != WORD_LENGTH or not (word.isascii() and word.isalpha()):
        detail = f"the word {text.strip()!r} is not five English letters"
        return EntryError(EntryProblem.WORD_NOT_FIVE_LETTERS, detail, length=len(word))
    return word


def parse_english_entry(text: str, suggested: str) -> Entry | EntryError:
    """``COLOURS`` (for the suggested word), ``WORD COLOURS`` or ``WORD:COLOURS`` (the word the player
    typed), or ``COLOURS WORD`` when only that order reads."""
    word_text, mask_text_part = _split_english(text.strip())
    mask = parse_english_mask(mask_text_part)
    if isinstance(mask, EntryError):
        return mask
    word = parse_english_word(word_text if word_text is not None else suggested)
    if isinstance(word, EntryError):
        return word
    return Entry(word, mask)


def _split_english(text: str) -> tuple[str | None, str]:
    if ":" in text:
        word, _, mask = text.partition(":")
    else:
        parts = text.split(maxsplit=1)
        if len(parts) != 2 or _reads_as_english_mask(text):
            return None, text
        word, mask = parts
    if _reads_as_english_mask(word) and not _reads_as_english_mask(mask):
        return mask, word
    return word, mask


def _reads_as_english_mask(text: str) -> bool:
    return not isinstance(parse_english_mask(text), EntryError)


def english_squares(mask: Mask) -> str:
    """A mask as Wordle's share card paints it: 🟩 right place, 🟨 elsewhere, ⬛ absent."""
    return "".join(_SQUARES[colour] for colour in mask)


def english_letters(mask: Mask) -> str:
    """A mask as ``g y b`` letters."""
    return "".join(_LETTERS[colour] for colour in mask)
