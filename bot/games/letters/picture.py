"""The letter game's review as a picture: the board's letters in order, each tile coloured by its grade."""

from __future__ import annotations

from bot.core import pictures
from bot.core.i18n import gettext
from bot.core.texts import Lang
from bot.games.letters.session import Review

TILE, GAP, MARGIN, PER_ROW = 64, 10, 24, 10
LABEL = 22  # the line under a tile: who played it
TITLE = 48


def review_picture(lang: Lang, review: Review) -> bytes:
    """Tiles in rows of ``PER_ROW``, «вы»/«я» under each, and the colours' legend below."""
    moves = review.moves
    columns = min(len(moves), PER_ROW)
    rows = (len(moves) + PER_ROW - 1) // PER_ROW
    legend = _legend(lang)
    width = max(2 * MARGIN + columns * (TILE + GAP), 560)
    height = MARGIN + TITLE + rows * (TILE + LABEL + GAP) + len(legend) * 30 + MARGIN
    image, draw = pictures.canvas(width, height)
    pictures.text(draw, (MARGIN, MARGIN), gettext(lang, "Review of the game"), 28)
    for index, move in enumerate(moves):
        x = MARGIN + (index % PER_ROW) * (TILE + GAP)
        y = MARGIN + TITLE + (index // PER_ROW) * (TILE + LABEL + GAP)
        colour = pictures.THREW if move.dead else pictures.grade_colour(move)  # a dead letter is no defence
        pictures.tile(draw, (x, y), TILE, move.move.upper(), colour)
        you = move.mover == review.player_seat
        who = gettext(lang, "you") if you else gettext(lang, "me")
        pictures.text(draw, (x + 4, y + TILE + 2), f"{move.ply} {who}", 16)
    y = MARGIN + TITLE + rows * (TILE + LABEL + GAP) + 4
    for colour, words in legend:
        draw.rectangle((MARGIN, y + 2, MARGIN + 20, y + 22), fill=colour)
        pictures.text(draw, (MARGIN + 30, y), words, 18)
        y += 30
    return pictures.png(image)


def _legend(lang: Lang) -> list[tuple[pictures.RGB, str]]:
    return [
        (pictures.BEST, gettext(lang, "the best move")),
        (pictures.GOOD, gettext(lang, "kept the win, not the fastest way")),
        (pictures.THREW, gettext(lang, "threw the win away, or no word goes on")),
        (pictures.HELD, gettext(lang, "already lost, the longest defence")),
        (pictures.SHORT, gettext(lang, "already lost, a shorter defence")),
    ]
