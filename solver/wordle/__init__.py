"""5bukv («5 букв», the Russian Wordle of docs/rules.md's 5bukv article): exact colours, every way
players write a mask, and a guess engine.

5bukv paints a letter yellow when it is in the right place, white when it is
elsewhere in the secret and grey when the secret has no further copy of it;
repeated letters are coloured the Wordle way (GAMES.md §2). A mask is stored
as an integer 0..242 (grey 0, white 1, yellow 2, first letter most
significant), so the colours of every guess against every secret fit in one
``uint8`` matrix and a partition of the candidates is one ``np.bincount``.

The engine picks the guess with the lowest expected number of tries still
needed when each secret is as likely as its word frequency and kind say (the
prior), keeping every secret within six tries: an exact recursive search over
the guesses with the best lower bounds. The candidates are every word the real
game may choose (crude words and other parts of speech too); the guesses are
clean common nouns, and a candidate of another kind is named only as one of the
last two. A crude candidate is never shown (``Wordle.can_say``): the player types it.
For the shipped list the whole decision tree is built ahead of time by
``scripts/build_wordle_tree.py`` and read from ``solver/data/wordle_tree.json``; any
position off that tree is answered on the spot by a fast, shallower version
of the same search.

The package's modules: ``colours`` (exact colours, masks, the colour table), ``entries``
(what players type and what a history of entries says), ``search`` (the prior, the search and
the ``Wordle`` engine), ``plan`` (the stored tree file), ``tree`` (building and saving the tree,
the engine's statistics), ``answers`` (the shipped lists), ``review`` (a game graded guess by guess)
and ``verdict`` (what the lists say of one word, for ``/word``). They import one another in that
order, never back: answers and plan before search, search before tree and review; no module of
``solver/`` outside this package imports it. Every public name of the modules before ``review`` is
re-exported here, so ``from solver.wordle import X`` works whichever of them ``X`` lives in;
``review`` and ``verdict`` are imported by their own names (only a review or ``/word`` needs them).
"""

from __future__ import annotations

from solver.wordle.answers import (
    CRUDE,
    MORE_FILE,
    NOUN,
    OTHER,
    RARE,
    RUSSIAN,
    WORD_KINDS,
    WORDS_FILE,
    default_guessable,
    default_kinds,
    default_words,
    default_zipf,
    more_words,
)
from solver.wordle.colours import (
    COLOUR_CELLS,
    MAX_TRIES,
    PATTERNS,
    SOLVED_CODE,
    WORD_LENGTH,
    BoolArray,
    CodeArray,
    Colour,
    ColourTable,
    FloatArray,
    IntArray,
    Mask,
    colour_table,
    composed,
    encode_words,
    feedback,
    mask_code,
    mask_from_code,
    mask_text,
    normalise_word,
    prepare_words,
)
from solver.wordle.colours import _group_by_repeats as _group_by_repeats  # the colour table's tests
from solver.wordle.entries import (
    Entry,
    EntryError,
    EntryProblem,
    Known,
    clashing_entries,
    fits,
    parse_entry,
    parse_mask,
    parse_word,
    what_is_known,
)
from solver.wordle.plan import TREE_FILE, Opening, Plan, StoredTree, load_plan, read_tree
from solver.wordle.search import (
    BROAD_GUESSES,
    BUILD_LIMITS,
    LISTS_LIMITS,
    ONLINE_EXACT_UP_TO,
    ONLINE_HELPERS,
    ONLINE_LIMITS,
    PRESENT_LIMITS,
    PRIOR,
    OneStep,
    Prior,
    Search,
    SearchLimits,
    Wordle,
    build_plan,
    five_letter_zipf,
    prior_weight,
)
from solver.wordle.tree import Stats, past_the_last_try, play_all, save_plan, timed_build, tree_tries

__all__ = [
    "BROAD_GUESSES",
    "BUILD_LIMITS",
    "COLOUR_CELLS",
    "CRUDE",
    "LISTS_LIMITS",
    "MAX_TRIES",
    "MORE_FILE",
    "NOUN",
    "ONLINE_EXACT_UP_TO",
    "ONLINE_HELPERS",
    "ONLINE_LIMITS",
    "OTHER",
    "PATTERNS",
    "PRESENT_LIMITS",
    "PRIOR",
    "RARE",
    "RUSSIAN",
    "SOLVED_CODE",
    "TREE_FILE",
    "WORDS_FILE",
    "WORD_KINDS",
    "WORD_LENGTH",
    "BoolArray",
    "CodeArray",
    "Colour",
    "ColourTable",
    "Entry",
    "EntryError",
    "EntryProblem",
    "FloatArray",
    "IntArray",
    "Known",
    "Mask",
    "OneStep",
    "Opening",
    "Plan",
    "Prior",
    "Search",
    "SearchLimits",
    "Stats",
    "StoredTree",
    "Wordle",
    "build_plan",
    "clashing_entries",
    "colour_table",
    "composed",
    "default_guessable",
    "default_kinds",
    "default_words",
    "default_zipf",
    "encode_words",
    "feedback",
    "fits",
    "five_letter_zipf",
    "load_plan",
    "mask_code",
    "mask_from_code",
    "mask_text",
    "more_words",
    "normalise_word",
    "parse_entry",
    "parse_mask",
    "parse_word",
    "past_the_last_try",
    "play_all",
    "prepare_words",
    "prior_weight",
    "read_tree",
    "save_plan",
    "timed_build",
    "tree_tries",
    "what_is_known",
]
