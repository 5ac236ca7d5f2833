"""Which letter game a chat's typed letters are about, when the chat plays none: picked by the
script they are written in. Pure: the letters and the games in, a game out."""

from __future__ import annotations

import unicodedata

from bot.core.texts import own_words
from bot.games.letters.tables import ENGLISH, LANGUAGE, LetterGames
from solver.letters import InputError, LetterGame, normalise_letters


def language_by_script(typed: str, fallback: str) -> str:
    """Cyrillic letters ask about the Russian game, Latin ones about English Ghost (so «ace» is
    not read as Cyrillic look-alikes); neither, ``fallback`` (the user's language's game)."""
    if _any_of_script(typed, "CYRILLIC"):
        return LANGUAGE.code
    if _any_of_script(typed, "LATIN"):
        return ENGLISH.code
    return fallback


def game_by_script(games: LetterGames, typed: str, lang: str) -> LetterGame:
    """The everyday game (its default rule) in the language of ``typed``'s script; with neither
    script, English Ghost for an English-speaking user and the Russian game for anyone else."""
    fallback = own_words(lang, (LANGUAGE.code, ENGLISH.code))
    return games.game(language_by_script(typed, fallback))


def game_for_letters(games: LetterGames, game: LetterGame, typed: str) -> tuple[LetterGame, str | InputError]:
    """The letters read in ``game``'s alphabet; if they are not, in the other language's game."""
    board = normalise_letters(typed, game.alphabet)
    if not isinstance(board, InputError):
        return game, board
    other = games.game(LANGUAGE.code if games.language_of(game) == ENGLISH.code else ENGLISH.code)
    other_board = normalise_letters(typed, other.alphabet)
    return (game, board) if isinstance(other_board, InputError) else (other, other_board)


def written_in_latin(typed: str) -> bool:
    """Whether ``typed`` has a Latin letter (which the Russian game reads as its look-alike)."""
    return _any_of_script(typed, "LATIN")


def written_in_cyrillic(typed: str) -> bool:
    """Whether ``typed`` has a Cyrillic letter (which English Ghost reads as its Latin look-alike)."""
    return _any_of_script(typed, "CYRILLIC")


def _any_of_script(typed: str, script: str) -> bool:
    return any(unicodedata.name(letter, "").startswith(script) for letter in typed)
