"""5bukv's review as a picture: the game's grid in its colours, each guess with its skill and luck."""

from __future__ import annotations

from collections.abc import Callable

from bot.core import pictures
from bot.core.i18n import gettext
from bot.core.texts import Lang
from bot.games.wordle.session import Review
from bot.games.wordle.texts import signed
from solver.wordle import Colour

TILE, GAP, MARGIN, TITLE = 56, 8, 24, 48
NOTES = 420  # room right of the tiles for the numbers (skill and luck in tries, signed)
#: 5bukv's colours (not Wordle's): right place yellow, elsewhere white, absent grey.
TILE_COLOURS: dict[Colour, pictures.RGB] = {
    Colour.YELLOW: (245, 197, 24),
    Colour.WHITE: (255, 255, 255),
    Colour.GREY: (95, 99, 104),
}
INK: dict[Colour, pictures.RGB] = {
    Colour.YELLOW: pictures.INK,
    Colour.WHITE: pictures.INK,
    Colour.GREY: (255, 255, 255),
}


def skill_colour(skill: float) -> pictures.RGB:
    """Green for a guess as good as the engine's (within a twentieth of a try), amber for one that
    costs up to a third of a try, red beyond."""
    return pictures.BEST if skill >= -0.05 else pictures.SHORT if skill >= -1 / 3 else pictures.THREW


def review_picture(lang: Lang, review: Review, sayable: Callable[[str], bool]) -> bytes:
    """The grid with each guess's letters (a word the bot never writes: dots), its counts, skill and luck."""
    rows = len(review.guesses)
    width = 2 * MARGIN + 5 * (TILE + GAP) + NOTES
    height = MARGIN + TITLE + rows * (TILE + GAP) + 40 + MARGIN
    image, draw = pictures.canvas(width, height)
    pictures.text(draw, (MARGIN, MARGIN), gettext(lang, "Review: 5bukv"), 28)
    for row, guess in enumerate(review.guesses):
        y = MARGIN + TITLE + row * (TILE + GAP)
        word = guess.entry.word if sayable(guess.entry.word) else "•" * len(guess.entry.word)
        for column, (letter, colour) in enumerate(zip(word, guess.entry.mask, strict=True)):
            x = MARGIN + column * (TILE + GAP)
            pictures.tile(draw, (x, y), TILE, letter.upper(), TILE_COLOURS[colour], ink=INK[colour])
        notes_x = MARGIN + 5 * (TILE + GAP) + 12
        if not guess.graded:
            pictures.text(draw, (notes_x + 24, y + 4), gettext(lang, "not graded"), 18)
            continue
        draw.ellipse((notes_x, y + 8, notes_x + 16, y + 24), fill=skill_colour(guess.skill))
        skill = signed(lang, guess.skill)
        luck = "—" if guess.luck is None else signed(lang, guess.luck)
        scores = gettext(lang, "skill {skill} · luck {luck}", skill=skill, luck=luck)
        pictures.text(draw, (notes_x + 24, y + 4), scores, 18)
        pictures.text(draw, (notes_x + 24, y + 30), f"{guess.before} → {guess.after}", 16)
    skill, luck = signed(lang, review.scores.skill), signed(lang, review.scores.luck)
    total = gettext(lang, "Overall: skill {skill}, luck {luck}", skill=skill, luck=luck)
    pictures.text(draw, (MARGIN, MARGIN + TITLE + rows * (TILE + GAP) + 8), total, 20)
    return pictures.png(image)
