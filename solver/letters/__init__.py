"""The letter game, solved exactly: «Кто первым закончит слово?» and Ghost.

Players append letters to a shared board. After every move the board is judged: no word starts
with it, and the mover loses; it is a word, and the mover wins (rule *complete-wins*) or loses
(*complete-loses*, Ghost); otherwise play goes on.

One module a concept, after Norvig's Ghost notebook:

* :mod:`~solver.letters.vocabulary`: the words long enough to count, and the *reachable* ones: a
  word that starts with a shorter word can never be reached (the game ends at «пол» before
  «поляна»);
* :mod:`~solver.letters.tree`: the *fragments*, every beginning of a reachable word, as a tree of
  a few NumPy arrays; the reachable words are exactly its leaves;
* :mod:`~solver.letters.game`: two players, solved for every fragment by the generic engine
  (:mod:`solver.engine`) and read as moves, values and strategies;
* :mod:`~solver.letters.group`: N players, each seat against all the others together;
* :mod:`~solver.letters.typed`: what a player types, read as letters of the game's alphabet.

Everything public is importable from here.
"""

import importlib
from typing import TYPE_CHECKING

from solver.letters.game import LetterGame, Play, Verdict, WordInPlay
from solver.letters.rule import MAX_PLAYERS, MIN_PLAYERS, Rule
from solver.letters.tree import FragmentTree
from solver.letters.vocabulary import PackedWords, reachable_words, vocabulary

if TYPE_CHECKING:
    from solver.letters.group import GroupTable
    from solver.letters.typed import (
        CYRILLIC_LOOKALIKES,
        InputError,
        InputProblem,
        normalise_letter,
        normalise_letters,
    )

#: Names whose module is imported on first use: a cold start of ``python -m solver letters``
#: (a fresh process a user waits for) compiles and runs only the modules its game needs.
_ON_FIRST_USE = {
    "GroupTable": "group",
    "CYRILLIC_LOOKALIKES": "typed",
    "InputError": "typed",
    "InputProblem": "typed",
    "normalise_letter": "typed",
    "normalise_letters": "typed",
}


def __getattr__(name: str) -> object:
    if name not in _ON_FIRST_USE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_ON_FIRST_USE[name]}"), name)
    globals()[name] = value
    return value


__all__ = [
    "CYRILLIC_LOOKALIKES",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "FragmentTree",
    "GroupTable",
    "InputError",
    "InputProblem",
    "LetterGame",
    "PackedWords",
    "Play",
    "Rule",
    "Verdict",
    "WordInPlay",
    "normalise_letter",
    "normalise_letters",
    "reachable_words",
    "vocabulary",
]
