"""The letter games' solver tables: the Russian game under both rules and English Ghost, each on
the everyday words and on every clean word, built at start (``bot.core.solvers``). The daily
puzzle and the group game play on these same tables."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from bot.core import i18n
from bot.core.part import Part
from bot.core.solvers import Solvers, SolverTables, Step
from solver.letters import LetterGame, Rule
from solver.lookup import look_up
from solver.words import LANGUAGES, Language, Tier

LANGUAGE = LANGUAGES[i18n.Language.RUSSIAN]
ENGLISH = LANGUAGES[i18n.Language.ENGLISH]  # English Ghost: the Ghost article, complete-loses, words of 4+ letters

#: The rules each language's letter game is played under: the Russian game under both, English
#: Ghost under its own only.
LETTER_RULES: dict[str, tuple[Rule, ...]] = {LANGUAGE.code: tuple(Rule), ENGLISH.code: (Rule(ENGLISH.rule),)}

#: A language's code and a tier: one fragment tree, which the language's rules share.
Table = tuple[str, Tier]

#: Where the letter games' steps sit among every game's (bot.core.solvers.Step): the everyday
#: Russian game right after the 5bukv engine (a letter game needs its tables only after its
#: set-up buttons), English Ghost after the rest of 5bukv's start but before English Wordle's rows
#: (a second's work that only spares positions off its tree some colouring: an English /daily
#: asked meanwhile found its table not built), then the word look-ups after the finger game, the
#: whole-dictionary games, and the group seats after them.
RUSSIAN_EVERYDAY_ORDER = 20
ENGLISH_EVERYDAY_ORDER = 42
LOOK_UPS_ORDER = 70
ENGLISH_FULL_ORDER = 80
RUSSIAN_FULL_ORDER = 90


class LetterGames(SolverTables):
    """Every letter game the bot plays, by (language, tier, rule): the one place a handler finds a
    game and the one place that says which language a game is in. Each (language, tier) table is
    one part of the start-up build (its rules share one fragment tree); reading a game waits for
    its own table only."""

    def __init__(self, tables: Mapping[Table, Part[dict[Rule, LetterGame]]] | None = None) -> None:
        self._tables = dict(tables) if tables is not None else empty_tables()

    def __getitem__(self, key: tuple[str, Tier, Rule]) -> LetterGame:
        language, tier, rule = key
        return self.rules(language, tier)[rule]

    def every_key(self) -> list[tuple[str, Tier, Rule]]:
        """Every (language, tier, rule) there is a game for (waits for every table)."""
        return [(language, tier, rule) for (language, tier) in self._tables for rule in self.rules(language, tier)]

    def rules(self, language: str, tier: Tier | str = Tier.COMMON) -> dict[Rule, LetterGame]:
        """``language``'s games on ``tier``, one for each rule it is played under."""
        return self._tables[(language, Tier(tier))].get()

    async def ready(self, dictionary: str, tier: Tier | str | None = Tier.COMMON) -> LetterGames:
        """These games once ``dictionary``'s table on ``tier`` is built (a session's dictionary
        and tier as stored, or a language's code), awaited: a handler reads a game after this,
        so it never holds the event loop while the start-up build makes its table."""
        await self._tables[(language_of_dictionary(dictionary), Tier(tier or Tier.COMMON))].wait()
        return self

    async def everyday(self) -> LetterGames:
        """These games once both languages' everyday tables are built, awaited (/whowins reads either)."""
        for language in (LANGUAGE.code, ENGLISH.code):
            await self.ready(language)
        return self

    def own_rule(self, dictionary: str) -> Rule:
        """The rule a game in ``dictionary`` is played under unless a player picks another, without
        waiting for any table."""
        return Rule(LANGUAGES[language_of_dictionary(dictionary)].rule)

    def game(self, language: str, tier: Tier | str = Tier.COMMON, rule: Rule | str | None = None) -> LetterGame:
        """The game in ``language`` on ``tier`` under ``rule`` (by default the language's own rule);
        a language played under one rule only (English Ghost) plays that one whatever ``rule`` says."""
        by_rule = self.rules(language, tier)
        if len(by_rule) == 1:
            return next(iter(by_rule.values()))
        return by_rule[Rule(rule or LANGUAGES[language].rule)]

    def letter_game(
        self, dictionary: str, rule: Rule | str | None = None, tier: Tier | str = Tier.COMMON
    ) -> LetterGame:
        """English Ghost for ``dictionary`` "en" (its rule is fixed), else the Russian game under ``rule``;
        on the common words, or on every clean word for the full ``tier``: a session's dictionary,
        rule and tier as stored, to a game."""
        return self.game(language_of_dictionary(dictionary), tier, rule)

    @property
    def alphabet(self) -> str:
        """The Russian game's letters."""
        return LANGUAGE.alphabet

    @property
    def default_rule(self) -> Rule:
        """The rule the Russian game is played under unless a player picks the other."""
        return Rule(LANGUAGE.rule)

    def language_of(self, game: LetterGame) -> str | None:
        """The language ``game`` is in (None for a game not from here), without waiting: a game a
        handler holds came from a table that is built, so a table not built yet is not the one."""
        for (language, _), part in self._tables.items():
            if part.ready() and any(game is own for own in part.get().values()):
                return language
        return None

    def part(self, language: str, tier: Tier) -> Part[dict[Rule, LetterGame]]:
        """The start-up part that holds ``language``'s games on ``tier``."""
        return self._tables[(language, tier)]

    def parts(self) -> Sequence[Part[dict[Rule, LetterGame]]]:
        return list(self._tables.values())

    def steps(self) -> Sequence[Step]:
        # English full before Russian full: the Russian build then fits in the scratch the English
        # one freed, while the English build's scratch came on top of the Russian tables: the
        # process peaks at 177 MB instead of 186 (the bot's imports and every table; VmHWM,
        # measured both ways).
        return (
            self.step(RUSSIAN_EVERYDAY_ORDER, "Russian letter game", LANGUAGE, Tier.COMMON),
            self.step(ENGLISH_EVERYDAY_ORDER, "English Ghost", ENGLISH, Tier.COMMON),
            Step(LOOK_UPS_ORDER, "word look-ups", read_look_ups),
            self.step(ENGLISH_FULL_ORDER, "whole-dictionary English Ghost", ENGLISH, Tier.FULL),
            self.step(RUSSIAN_FULL_ORDER, "whole-dictionary letter game", LANGUAGE, Tier.FULL),
        )

    def step(self, order: int, name: str, language: Language, tier: Tier) -> Step:
        """The step that builds one table; it reads no other, so a player waiting for it has it
        built next (on demand). An everyday table is built in slices; a whole-dictionary one at
        once, as two of those half-built side by side would raise the process's peak."""
        build = self.build_in_slices if tier is Tier.COMMON else self.build
        return Step(order, name, lambda _: build(language, tier), (self.part(language.code, tier),))

    def build(self, language: Language, tier: Tier) -> None:
        """``language``'s games on ``tier``, under each rule it is played under, at once."""
        for _ in self.build_in_slices(language, tier):
            pass

    def build_in_slices(self, language: Language, tier: Tier) -> Iterator[None]:
        """``language``'s games on ``tier`` in slices (the words read, the first rule's game, each
        other rule's), their ties and slips led by how common words are, the rules sharing one
        fragment tree: a ``/daily`` in the other language right after a start has its table built
        at the next slice, not after this whole one."""
        rules = LETTER_RULES[language.code]
        zipf = language.zipf(tier)
        yield
        first = LetterGame(list(zipf), rules[0], language.min_length, language.alphabet, zipf)
        games = {rules[0]: first}
        for rule in rules[1:]:
            yield
            games[rule] = first.with_rule(rule)
        self.part(language.code, tier).set(games)


def language_of_dictionary(dictionary: str) -> str:
    """The language a session's dictionary plays in: English Ghost for "en", else the Russian game."""
    return ENGLISH.code if dictionary == ENGLISH.code else LANGUAGE.code


def empty_tables() -> dict[Table, Part[dict[Rule, LetterGame]]]:
    """Every (language, tier) table, none built yet."""
    return {
        (LANGUAGE.code, Tier.COMMON): Part("Russian letter game"),
        (ENGLISH.code, Tier.COMMON): Part("English Ghost"),
        (LANGUAGE.code, Tier.FULL): Part("whole-dictionary letter game"),
        (ENGLISH.code, Tier.FULL): Part("whole-dictionary English Ghost"),
    }


def read_look_ups(_: Solvers) -> None:
    """What /word reads, read now, so no /word waits for it: the look-up's word lists and the
    reasons file."""
    for language, word in ((LANGUAGE, "кот"), (ENGLISH, "cat")):
        look_up(word, language.code)
        language.reason_of("")
