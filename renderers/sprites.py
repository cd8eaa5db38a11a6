"""Small anti-aliased pictures (cubes, dice, metal tiles), drawn once and cached.

Pillow's shape drawing has no anti-aliasing, so sprites are drawn at ``SCALE`` times the size
and reduced. They are pure functions of their arguments, so ``lru_cache`` makes every later
render a cheap alpha paste.
"""

from __future__ import annotations

import math
from functools import lru_cache
from types import MappingProxyType

from PIL import Image, ImageDraw

RGB = tuple[int, int, int]
SCALE = 4
SHAPES = ("square", "circle", "triangle", "diamond")

# Pip positions on a 3×3 grid (column, row) for each die value.
PIPS: MappingProxyType[int, tuple[tuple[int, int], ...]] = MappingProxyType(
    {
        1: ((1, 1),),
        2: ((0, 0), (2, 2)),
        3: ((0, 0), (1, 1), (2, 2)),
        4: ((0, 0), (2, 0), (0, 2), (2, 2)),
        5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
        6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
    }
)


def _shape_mask(shape: str, box: int, inset: float, grow: float = 0) -> Image.Image:
    """Mask of ``shape`` filling a ``box``-pixel square less ``inset`` on every side, then
    grown outwards by ``grow`` pixels (an exact offset, so rings have an even width)."""
    mask = Image.new("L", (box, box), 0)
    draw = ImageDraw.Draw(mask)
    lo, hi = inset, box - 1 - inset
    mid = (box - 1) / 2
    if shape == "circle":
        draw.ellipse((lo - grow, lo - grow, hi + grow, hi + grow), fill=255)
        return mask
    if shape == "square":
        radius = (hi - lo) * 0.16
        draw.rounded_rectangle(
            (lo - grow, lo - grow, hi + grow, hi + grow), radius=radius + grow, fill=255
        )
        return mask
    if shape == "diamond":
        r = (hi - lo) / 2 * 1.12
        pts = [(mid, mid - r), (mid + r, mid), (mid, mid + r), (mid - r, mid)]
    elif shape == "triangle":
        r = (hi - lo) / 2 * 1.18  # circumradius; centred a little low so it looks centred
        cy = mid + r * 0.14
        pts = [
            (mid + r * math.cos(a), cy - r * math.sin(a))
            for a in (math.pi / 2, math.pi / 2 + 2 * math.pi / 3, math.pi / 2 + 4 * math.pi / 3)
        ]
    else:
        raise ValueError(f"unknown shape {shape!r}")
    draw.polygon(pts, fill=255)
    if grow > 0:  # Minkowski sum with a disc: thick edges plus round corners
        draw.line([*pts, pts[0]], fill=255, width=round(2 * grow))
        for x, y in pts:
            draw.ellipse((x - grow, y - grow, x + grow, y + grow), fill=255)
    return mask


def token_bands(size: int, band: float = 2.2) -> tuple[float, float]:
    """The widths in pixels of a ``size`` token's dark edge and of its ring (``band``)."""
    return round(max(1.2, size * 0.09) * SCALE) / SCALE, round(band * SCALE) / SCALE


@lru_cache(maxsize=64)
def token(
    colour: RGB, shape: str, size: int, ring: RGB = (255, 255, 255), band_px: float = 2.2
) -> Image.Image:
    """A seat's cube: ``shape`` in ``colour`` inside a ``ring`` ``band_px`` wide and a dark
    edge (RGBA)."""
    box = size * SCALE
    edge, band = (round(w * SCALE) for w in token_bands(size, band_px))
    inset = edge + band + SCALE
    body = _shape_mask(shape, box, inset)
    ringed = _shape_mask(shape, box, inset, band)
    outer = _shape_mask(shape, box, inset, band + edge)
    img = Image.new("RGBA", (box, box), (0, 0, 0, 0))
    img.paste((16, 16, 20, 255), (0, 0), outer)
    img.paste((*ring, 255), (0, 0), ringed)
    img.paste((*colour, 255), (0, 0), body)
    return img.resize((size, size), Image.Resampling.LANCZOS, reducing_gap=2.0)


@lru_cache(maxsize=64)
def die_face(
    value: int,
    size: int,
    face: RGB = (250, 248, 240),
    pip: RGB = (24, 24, 28),
    border: RGB | None = (16, 16, 20),
) -> Image.Image:
    """A die showing ``value`` (1–6) with round pips, as RGBA; value 0 draws a blank die."""
    box = size * SCALE
    img = Image.new("RGBA", (box, box), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    radius = box * 0.2
    if border is not None:
        draw.rounded_rectangle((0, 0, box - 1, box - 1), radius=radius, fill=(*border, 255))
        inset = max(SCALE, round(box * 0.045))
    else:
        inset = 0
    draw.rounded_rectangle(
        (inset, inset, box - 1 - inset, box - 1 - inset), radius=radius - inset, fill=(*face, 255)
    )
    step = box * 0.27
    pip_r = box * 0.095
    centre = (box - 1) / 2
    for col, row in PIPS.get(value, ()):
        cx, cy = centre + (col - 1) * step, centre + (row - 1) * step
        draw.ellipse((cx - pip_r, cy - pip_r, cx + pip_r, cy + pip_r), fill=(*pip, 255))
    return img.resize((size, size), Image.Resampling.LANCZOS, reducing_gap=2.0)


@lru_cache(maxsize=16)
def metal(light: RGB, dark: RGB, width: int, height: int, radius: int = 0) -> Image.Image:
    """A brushed-metal tile: a diagonal gradient from ``light`` to ``dark`` with a soft sheen
    band, so bronze and silver squares read as metal rather than flat brown and grey (RGBA)."""
    light_at = [_sheen(i / (width + height - 2 or 1)) for i in range(width + height - 1)]
    mask = Image.new("L", (width, height))
    mask.putdata([light_at[x + y] for y in range(height) for x in range(width)])
    img = Image.composite(
        Image.new("RGB", (width, height), light), Image.new("RGB", (width, height), dark), mask
    ).convert("RGBA")
    if radius:
        shape = Image.new("L", (width * SCALE, height * SCALE), 0)
        ImageDraw.Draw(shape).rounded_rectangle(
            (0, 0, width * SCALE - 1, height * SCALE - 1), radius=radius * SCALE, fill=255
        )
        img.putalpha(shape.resize((width, height), Image.Resampling.LANCZOS))
    return img


def _sheen(pos: float) -> int:
    """Lightness (0–255) at ``pos`` along the diagonal: light to dark, a bright streak."""
    level = 0.75 - 0.75 * pos + 0.5 * math.exp(-(((pos - 0.38) / 0.09) ** 2))
    level -= 0.2 * math.exp(-(((pos - 0.62) / 0.12) ** 2))
    return round(255 * min(1.0, max(0.0, level)))


@lru_cache(maxsize=32)
def rounded_tile(colour: RGB, width: int, height: int, radius: int) -> Image.Image:
    """A flat anti-aliased rounded rectangle (RGBA)."""
    shape = Image.new("L", (width * SCALE, height * SCALE), 0)
    ImageDraw.Draw(shape).rounded_rectangle(
        (0, 0, width * SCALE - 1, height * SCALE - 1), radius=radius * SCALE, fill=255
    )
    img = Image.new("RGBA", (width, height), (*colour, 255))
    img.putalpha(shape.resize((width, height), Image.Resampling.LANCZOS))
    return img
