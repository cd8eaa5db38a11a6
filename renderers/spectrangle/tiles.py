"""Triangle sprites: a tile with its three side colours, letters and value, and an empty field.

A tile is drawn as three regions, one per side, meeting at the centre, as the printed tiles
are (no seams between them: a seam would double the edges, and the PNG's size). Shapes are
drawn at ``SCALE`` times the size and reduced, as masks once per shape (Pillow's polygons have
no anti-aliasing); text is drawn after, at full size. Every sprite is a pure function of its
arguments and cached, so a render is alpha pastes.

Sides come in the engine's order: clockwise from the horizontal side, that is (bottom, left,
right) on an up-pointing triangle and (top, right, left) on a down-pointing one.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from games.spectrangle.tiles import Colour
from locales import DEFAULT
from renderers.spectrangle import theme as th
from renderers.text import font

SCALE = 4
# BOX reduction: no ringing, so edges take few palette colours and the PNG stays small.
REDUCE = Image.Resampling.BOX
Point = tuple[float, float]
# The letter by each side is the colour's initial in the reader's language; the codes' own
# letters (English) elsewhere. German needs two letters for gelb and grün.
LETTERS: dict[str, dict[Colour, str]] = {
    "de": {Colour.GREEN: "Gr", Colour.YELLOW: "Ge", Colour.PURPLE: "L"},
}


def letter(colour: Colour, lang: str = DEFAULT) -> str:
    """``colour``'s initial as a ``lang`` reader knows it (``Ge`` for gelb)."""
    return LETTERS.get(lang, {}).get(colour, colour.value)


def height_of(side: int) -> int:
    return round(side * math.sqrt(3) / 2)


def corners(side: int, up: bool, gap: float = 0.0) -> tuple[Point, Point, Point]:
    """The triangle's corners in a ``side`` × ``height_of(side)`` box, ``gap`` pixels inside
    its edges: up (apex, bottom right, bottom left), down (top left, top right, bottom)."""
    h = height_of(side)
    pts: tuple[Point, Point, Point] = (
        ((side / 2, 0.0), (float(side), float(h)), (0.0, float(h)))
        if up
        else ((0.0, 0.0), (float(side), 0.0), (side / 2, float(h)))
    )
    if not gap:
        return pts
    gx, gy = centre(side, up)
    shrink = 1 - gap / (h / 3)  # h / 3: the centre's distance to each side
    a, b, c = ((gx + (x - gx) * shrink, gy + (y - gy) * shrink) for x, y in pts)
    return a, b, c


def centre(side: int, up: bool) -> Point:
    h = height_of(side)
    return (side / 2, 2 * h / 3 if up else h / 3)


def side_segments(pts: tuple[Point, Point, Point], up: bool) -> tuple[tuple[Point, Point], ...]:
    """Each side's end points in the engine's side order (see the module docstring)."""
    a, b, c = pts
    if up:  # apex a, bottom right b, bottom left c: bottom, left, right
        return ((c, b), (c, a), (a, b))
    return ((a, b), (b, c), (c, a))  # top left a, top right b, bottom c: top, right, left


def letter_points(side: int, up: bool, reach: float = 0.66) -> tuple[Point, Point, Point]:
    """Where each side's letter goes: ``reach`` of the way from the centre to the side."""
    gx, gy = centre(side, up)
    out = []
    for (x1, y1), (x2, y2) in side_segments(corners(side, up), up):
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        out.append((gx + (mx - gx) * reach, gy + (my - gy) * reach))
    return out[0], out[1], out[2]


def _scaled(pts: tuple[Point, ...]) -> list[Point]:
    return [(x * SCALE, y * SCALE) for x, y in pts]


@lru_cache(maxsize=8)
def _masks(up: bool, side: int) -> tuple[Image.Image, Image.Image, Image.Image, Image.Image]:
    """Anti-aliased "L" masks, drawn once per shape: the wedges from the centre through sides
    1 and 2 (reaching past the edge, so colours blend only along the seams), the triangle,
    and the value's disc. A tile is then three flat fills and two pastes."""
    h = height_of(side)
    gap = th.FIELD_GAP if side >= th.SIDE else 1.5
    pts = corners(side, up, gap)
    gx, gy = centre(side, up)
    size = ((side + 1) * SCALE, (h + 1) * SCALE)
    out = []
    for p, q in side_segments(pts, up)[1:]:
        far = tuple((gx + 3 * (x - gx), gy + 3 * (y - gy)) for x, y in (p, q))
        mask = Image.new("L", size, 0)
        ImageDraw.Draw(mask).polygon(_scaled(((gx, gy), *far)), fill=255)
        out.append(mask)
    triangle = Image.new("L", size, 0)
    ImageDraw.Draw(triangle).polygon(_scaled(pts), fill=255)
    disc = Image.new("L", size, 0)
    r = side * 0.105 * SCALE
    cx, cy = gx * SCALE, gy * SCALE
    ImageDraw.Draw(disc).ellipse((cx - r, cy - r, cx + r, cy + r), fill=255)
    small = [m.resize((side + 1, h + 1), REDUCE) for m in (*out, triangle, disc)]
    return small[0], small[1], small[2], small[3]


@lru_cache(maxsize=128)
def tile(
    sides: str, up: bool, side: int, value: int | None = None, lang: str = DEFAULT
) -> Image.Image:
    """``draw_tile``, kept: hands, panels and the placing overlay draw the same few again."""
    return draw_tile(sides, up, side, value, lang)


def draw_tile(
    sides: str, up: bool, side: int, value: int | None = None, lang: str = DEFAULT
) -> Image.Image:
    """A tile (RGBA, ``side`` + 1 × ``height_of(side)`` + 1): colour regions, the colour's
    letter by each side and the value in a dark disc at the centre (None: no value)."""
    wedge1, wedge2, triangle, disc = _masks(up, side)
    colours = [Colour(ch) for ch in sides]
    img = Image.new("RGB", triangle.size, th.TILE_COLOURS[colours[0]])
    img.paste(th.TILE_COLOURS[colours[1]], (0, 0), wedge1)
    img.paste(th.TILE_COLOURS[colours[2]], (0, 0), wedge2)
    if value is not None:
        img.paste(th.OUTLINE, (0, 0), disc)
    img.putalpha(triangle)
    out = ImageDraw.Draw(img)
    letter_font = font(max(11, round(side * 0.12)), True)
    for (x, y), colour in zip(letter_points(side, up), colours, strict=True):
        out.text(
            (x, y),
            letter(colour, lang),
            font=letter_font,
            fill=th.LETTER_COLOURS[colour],
            anchor="mm",
        )
    if value is not None:
        gx, gy = centre(side, up)
        value_font = font(max(11, round(side * 0.125)), True)
        out.text((gx, gy + 1), str(value), font=value_font, fill=th.LIGHT_TEXT, anchor="mm")
    return img


@lru_cache(maxsize=16)
def blank(colour: th.RGB, up: bool, side: int, outline: th.RGB | None = None) -> Image.Image:
    """An empty field (RGBA): a flat triangle, optionally with a 4-pixel ``outline``."""
    h = height_of(side)
    big = Image.new("RGBA", ((side + 1) * SCALE, (h + 1) * SCALE), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    if outline is not None:
        draw.polygon(_scaled(corners(side, up, th.FIELD_GAP)), fill=(*outline, 255))
        draw.polygon(_scaled(corners(side, up, th.FIELD_GAP + 5)), fill=(*colour, 255))
    else:
        draw.polygon(_scaled(corners(side, up, th.FIELD_GAP)), fill=(*colour, 255))
    return big.resize((side + 1, h + 1), REDUCE)


@lru_cache(maxsize=4)
def frame(up: bool, side: int, colour: th.RGB, width: float) -> Image.Image:
    """A triangular frame just inside a field's edge (RGBA): the mark of the tile laid last."""
    h = height_of(side)
    big = Image.new("RGBA", ((side + 1) * SCALE, (h + 1) * SCALE), (0, 0, 0, 0))
    mask = Image.new("L", big.size, 0)
    mdraw = ImageDraw.Draw(mask)
    mdraw.polygon(_scaled(corners(side, up, 0.5)), fill=255)
    mdraw.polygon(_scaled(corners(side, up, 0.5 + width)), fill=0)
    big.paste((*colour, 255), (0, 0), mask)
    return big.resize((side + 1, h + 1), REDUCE)
