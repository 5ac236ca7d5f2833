"""5bukv's state in the bot, shared by every chat: the engine, its opening guess worked out once,
the answers players reported that the list lacks, the words refused for everyone, and the broader
list a game falls back on when no candidate fits."""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
from collections.abc import Callable, Sequence
from functools import cached_property

from bot.core.i18n import Language
from bot.core.part import Part
from bot.core.solvers import Solvers, SolverTables, Step
from solver import policy
from solver.wordle import WORD_LENGTH, Entry, Wordle, default_guessable, fits, normalise_word
from solver.wordle.review import broader_engine, prepare_first_guess
from solver.words import LANGUAGES

log = logging.getLogger(__name__)

#: Where 5bukv's steps sit among every game's (bot.core.solvers.Step): the engine first of all
#: (5bukv's very first reply needs it; a letter game needs its tables only after its set-up
#: buttons), its guessable words checked once the everyday Russian letter game (order 20) has read
#: the Russian dictionary, and the rest of its start right after.
ENGINE_ORDER = 10
CHECK_ORDER = 30
PREPARE_ORDER = 40
WORDS_ORDER = 90  # the dictionary's five-letter words (is a typed word a word at all?): last, in the background


class WordleSolver(SolverTables):
    """The 5bukv engine with its opening guess worked out once (it costs a search
    when no stored tree is shipped), so no chat waits for it: 5bukv's solver tables.

    ``wordle`` may be a part still being built (by default, one its ``steps`` build at start):
    the answers players reported, which the bot reads at start before any table is built, are
    kept until it is."""

    def __init__(self, wordle: Wordle | Part[Wordle] | None = None) -> None:
        if wordle is None:
            wordle = Part("5bukv")
        self._engine = wordle if isinstance(wordle, Part) else Part.built("5bukv", wordle)
        self._first_part = self._engine  # the part the start builds (check_guessable may replace the engine)
        self._answers: set[str] = set()  # answers players reported that the list lacks (this deployment's)
        self._reported: list[str] = []  # reported before the engine was built: sorted out once it is
        self._lock = threading.Lock()
        self._first_guesses: queue.SimpleQueue[tuple[Entry, tuple[str, ...], Callable[[], object]]] = (
            queue.SimpleQueue()
        )
        self._grading = False  # whether a worker is grading first guesses (it takes the ones waiting)

    @property
    def wordle(self) -> Wordle:
        return self._engine.get()

    async def ready(self) -> WordleSolver:
        """This solver once its engine is built, awaited: a handler never holds the event loop for it."""
        await self._engine.wait()
        return self

    def parts(self) -> Sequence[Part[Wordle]]:
        return (self._first_part,)

    def steps(self) -> Sequence[Step]:
        return (
            Step(ENGINE_ORDER, "5bukv engine", self._build_engine),
            Step(CHECK_ORDER, "5bukv guessable words", lambda _: self.check_guessable()),
            Step(PREPARE_ORDER, "5bukv rows", self._prepare),
            Step(WORDS_ORDER, "5bukv dictionary words", lambda _: self.prepare_words()),
        )

    def _build_engine(self, _: Solvers) -> None:
        """The engine with the guessable words stored with its tree (milliseconds, not the Russian
        dictionary; checked once the dictionary is read), its first guess, and what the first
        position off the tree cannot do without."""
        engine = Wordle.shipped()
        self._first_part.set(engine)
        self.first_guess  # noqa: B018  (worked out now, so no chat waits for it)
        engine.prepare_off_tree(rows=False)

    def _prepare(self, _: Solvers) -> None:
        """The rest of the engine's start: the rows it reads most, and the common tier."""
        self.wordle.prepare_off_tree()
        self.common  # noqa: B018

    @cached_property
    def first_guess(self) -> str:
        return self.wordle.first_guess()

    def prepare_review(
        self, first: Entry, refused: Sequence[str] = (), after: Callable[[], object] = lambda: None
    ) -> None:
        """Grade a game's first guess while the game goes on, one game after another, in a worker
        thread of the running event loop (``prepare_first_guess``: seconds for a word of the player's
        own, played out over every secret), so that its /review answers at once; the tree's first
        guess needs nothing. A loop's worker is one the process waits for before it exits: a thread
        ended inside NumPy aborts the process. ``after`` returns once the grading may start: the
        solver tables built, so that the rows it colours (15 MB) never come on top of the build's peak."""
        if first.word == self.first_guess and not refused:
            return
        self._first_guesses.put((first, tuple(refused), after))
        with self._lock:
            if self._grading:
                return  # the worker grading takes this one next
            self._grading = True
        asyncio.get_running_loop().run_in_executor(None, self._grade_first_guesses)

    def _grade_first_guesses(self) -> None:
        """Every first guess waiting, one after another, then the worker is free again. Once the
        process is exiting (its main thread done, waiting for this worker) only the guess under way
        is finished: the ones waiting are a review's work, which a review does itself."""
        while True:
            with self._lock:
                if self._first_guesses.empty() or not threading.main_thread().is_alive():
                    self._grading = False
                    return
                first, refused, after = self._first_guesses.get()
            try:
                after()
                prepare_first_guess(self.wordle, first, refused)
            except Exception:  # the review works it out itself, as without this
                log.exception("could not grade the first guess %s ahead", first)

    def refuse_for_everyone(self, words: Sequence[str]) -> None:
        """Words enough players reported the game refuses: never guessed again, the first guess
        included (it is worked out anew)."""
        self.wordle.refuse_for_everyone(words)
        self.__dict__.pop("first_guess", None)

    def check_guessable(self) -> None:
        """Check that the guessable words stored with the tree (``Wordle.shipped``, which the start
        uses so the first replies need not wait for the Russian dictionary) are the list's own, found
        in the dictionary. They are unless the tree file was left from other word files; then the
        engine is built again with the dictionary's (and the tree only if its fingerprint fits them),
        and answers from now on, keeping the words refused for everyone."""
        engine = self.wordle
        guessable = default_guessable()
        if engine.guessable_words == guessable:
            return
        log.warning("the 5bukv tree file stores other guessable words than the dictionary gives: built again")
        fresh = Wordle.shipped(guessable)
        fresh.refuse_for_everyone(engine.refused_everywhere)
        self._engine = Part.built("5bukv", fresh)
        for worked_out in ("first_guess", "common"):
            self.__dict__.pop(worked_out, None)

    @cached_property
    def common(self) -> set[str]:
        """The words a player knows: the common tier."""
        return {self.wordle.words[i] for i in self.wordle.guessable}

    @property
    def answers(self) -> set[str]:
        """Answers players reported that the list lacks (this deployment's)."""
        if self._reported:
            with self._lock:
                reported, self._reported = self._reported, []
            self._answers.update(word for word in reported if word not in self.wordle.index)
        return self._answers

    def is_rare(self, word: str) -> bool:
        """A word of the list outside the common tier: one a player may not know (an answer
        players reported is known to them)."""
        return (word in self.wordle.index and word not in self.common) or word in self.more.index

    def likelihood(self, word: str) -> tuple[float, float]:
        """How likely ``word`` is the answer, for ordering: the prior's weight, then the word's
        frequency (a reported answer counts as a known word)."""
        if word in self.more.index:  # from the broader list: after every candidate, by frequency
            return 0.0, self.more.zipf[word] if self.more.zipf is not None else 0.0
        if word not in self.wordle.index:
            return 1.0, 0.0
        zipf = self.wordle.zipf[word] if self.wordle.zipf is not None else 0.0
        return float(self.wordle.weights[self.wordle.index[word]]), zipf

    @property
    def words(self) -> list[str]:
        return self.wordle.words

    @cached_property
    def more(self) -> Wordle:
        """The broader list (every other five-letter word of the sources), as an engine only for its
        fast matching: built on first use, when a game first leaves no candidate (tens of milliseconds)."""
        return broader_engine()

    def can_say(self, word: str) -> bool:
        """Whether the bot may show ``word``: never a crude word of either list, nor one the policy questions."""
        if word in self.wordle.index:
            return self.wordle.can_say(word)
        return self.more.can_say(word) and policy.question(word, Language.RUSSIAN) is None

    def add_answers(self, words: Sequence[str]) -> None:
        """Reported answers join the candidates (the list's own words already are)."""
        if not self._engine.ready():  # at start: kept without waiting for the engine
            with self._lock:
                self._reported.extend(words)
            return
        self.answers.update(word for word in words if word not in self.wordle.index)

    def next_guess(self, history: Sequence[Entry], refused: Sequence[str] = ()) -> str:
        """The engine's guess; when only reported answers fit, the first of them."""
        if not history and not refused:
            return self.first_guess
        if self.wordle.candidates(history, refused):
            return self.wordle.suggest(history, refused)
        if answers := self._fitting_answers(history, refused):
            return answers[0]
        broader = self.more.candidates(history, refused)
        return max(broader, key=lambda word: (self.can_say(word), self.likelihood(word)))

    def from_broader(self, history: Sequence[Entry], refused: Sequence[str] = ()) -> bool:
        """Whether the candidates now come from the broader list: none of the list's words, nor a
        reported answer, fits (the player is told so once, in one line)."""
        if self.wordle.candidates(history, refused) or self._fitting_answers(history, refused):
            return False
        return bool(self.more.candidates(history, refused))

    def knows(self, word: str) -> bool:
        """Whether ``word`` is in one of the lists the helper plays with (so it never says it does not
        know a word it may have suggested itself)."""
        return word in self.wordle.index or word in self.more.index or word in self.answers

    def is_word(self, word: str) -> bool:
        """Whether ``word`` is a word at all, as far as the helper's dictionaries know: one of its lists,
        or a five-letter word of the Russian dictionary (any part of speech, any tier; ё as е). A typed
        ыыыыы is none: the game would not have taken it, so it is no try."""
        return self.knows(word) or word in self.dictionary_words

    @cached_property
    def dictionary_words(self) -> frozenset[str]:
        """The five-letter words of the Russian dictionary, in every tier and set aside for any reason."""
        return frozenset(map(normalise_word, LANGUAGES["ru"].every_word_of_length(WORD_LENGTH)))

    def prepare_words(self) -> None:
        """Read the dictionary's five-letter words now, not on the event loop at the first unknown word.
        (The first /review's sums from the start are not worked out here: they raise the process's
        peak memory by some 140 MB, past its 200 MB budget; that review pays a few seconds instead,
        off the event loop.)"""
        self.dictionary_words  # noqa: B018

    def candidates(self, history: Sequence[Entry], refused: Sequence[str] = ()) -> list[str]:
        """The list's words that fit, and the reported answers that do; when none fits, the broader
        list's (a rare answer costs a try or two, not the game). Empty only when even those fail."""
        fitting = self.wordle.candidates(history, refused) + self._fitting_answers(history, refused)
        return fitting or self.more.candidates(history, refused)

    def _fitting_answers(self, history: Sequence[Entry], refused: Sequence[str]) -> list[str]:
        """Reported answers that fit, but none the policy questions: a player may have told the
        bot a crude word, and the bot never writes one."""
        return sorted(
            word
            for word in self.answers
            if word not in refused and fits(word, history) and policy.question(word, Language.RUSSIAN) is None
        )
