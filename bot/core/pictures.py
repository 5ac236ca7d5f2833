"""Pictures for the reviews: tiles with letters, drawn with Pillow and sent as PNG.

Some people would rather look than read: a review's board or grid with each move coloured by its
grade. Every picture is built from the same review the text shows, so the two never disagree; the
text stays for those who prefer it.

Pillow is imported where a picture is drawn, not with the module: most starts of the bot draw
nothing for a while, and its import is a part of each start's CPU.
"""

from __future__ import annotations

import io
from functools import cache
from typing import TYPE_CHECKING

from solver.review import Grade, GradedMove

if TYPE_CHECKING:
    from PIL import Image, ImageDraw, ImageFont

    Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

RGB = tuple[int, int, int]

#: Fonts with Cyrillic letters, tried in order (the Docker image installs DejaVu).
FONT_FILES = ("DejaVuSans-Bold.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", "FreeSansBold.ttf")
BACKGROUND: RGB = (255, 255, 255)
INK: RGB = (33, 33, 33)
#: A move's colour by its grade: the best move, a good one that was not the best, the only kind
#: of move there was (lost anyway, the longest defence), a defence shorter than the best, a throw.
BEST: RGB = (67, 160, 71)
GOOD: RGB = (165, 214, 167)
HELD: RGB = (224, 224, 224)
SHORT: RGB = (255, 193, 7)
THREW: RGB = (229, 57, 53)


@cache
def font(size: int) -> Font:
    """A bold font with Cyrillic letters at ``size`` pixels; Pillow's own when none is installed."""
    from PIL import ImageFont

    for name in FONT_FILES:
        try:
            return ImageFont.truetype(name, size)
        except OSError:
            continue
    return ImageFont.load_default(size)


def grade_colour(move: GradedMove) -> RGB:
    """The colour a graded move is drawn in."""
    if move.grade in (Grade.THREW_WIN, Grade.THREW_DRAW):
        return THREW
    if move.grade is Grade.LOST_ANYWAY:
        return HELD if move.best else SHORT
    return BEST if move.best else GOOD


def canvas(width: int, height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (width, height), BACKGROUND)
    return image, ImageDraw.Draw(image)


Point = tuple[int, int]


def tile(draw: ImageDraw.ImageDraw, at: Point, size: int, letter: str, fill: RGB, *, ink: RGB = INK) -> None:
    """One square with a letter in its middle (a light tile gets a border, so white shows on white)."""
    x, y = at
    outline = (158, 158, 158) if sum(fill) > 600 else None
    draw.rounded_rectangle((x, y, x + size, y + size), radius=size // 8, fill=fill, outline=outline, width=2)
    draw.text((x + size / 2, y + size / 2), letter, fill=ink, font=font(size * 3 // 5), anchor="mm")


def text(draw: ImageDraw.ImageDraw, at: Point, words: str, size: int, *, fill: RGB = INK) -> None:
    draw.text(at, words, fill=fill, font=font(size))


def png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
