"""The placing image: for one chosen tile, the fields it may go to lit on a dimmed board, each
with the tile drawn small in every rotation that fits there and that option's label."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from games.spectrangle.board import FIELDS
from games.spectrangle.tiles import TILE_BY_CODE
from locales import DEFAULT
from renderers.spectrangle import theme as th
from renderers.spectrangle import tiles
from renderers.text import fit_font, font

ROTATION_LETTERS = "abc"


def placing_label(field: int, rotation: int) -> str:
    """How the image names one option: the field and a letter for the rotation (``13b``)."""
    return f"{field}{ROTATION_LETTERS[rotation]}"


def mini_side(count: int) -> int:
    """Small tiles as large as ``count`` of them fit in a row inside a field."""
    return (80, 74, 50)[count - 1]


def mini_origins(field: int, count: int) -> list[tuple[int, int]]:
    """Top left corners of ``count`` small tiles in a row along the field's horizontal side."""
    f = FIELDS[field]
    side = mini_side(count)
    h = tiles.height_of(side)
    step = side + 4
    cx, _ = th.field_centre(field)
    _, y0 = th.field_origin(field)
    y = y0 + th.ROW_H - 12 - h if f.up else y0 + 12
    return [(round(cx + (i - (count - 1) / 2) * step - side / 2), y) for i in range(count)]


def draw_options(
    img: Image.Image, code: str, fits: Sequence[tuple[int, int]], lang: str = DEFAULT
) -> None:
    """Light every field in ``fits`` ((field, rotation) pairs) and draw its options."""
    by_field: dict[int, list[int]] = {}
    for field, rotation in fits:
        by_field.setdefault(field, []).append(rotation)
    draw = ImageDraw.Draw(img)
    tile = TILE_BY_CODE[code]
    label_font = font(16, True)
    for field, rotations in sorted(by_field.items()):
        f = FIELDS[field]
        lit = tiles.blank(th.ALLOWED_FILL, f.up, th.SIDE, th.ALLOWED_MARK)
        img.paste(lit, th.field_origin(field), lit)
        side = mini_side(len(rotations))
        h = tiles.height_of(side)
        for (x, y), rotation in zip(mini_origins(field, len(rotations)), rotations, strict=True):
            sprite = tiles.tile(tile.rotated(rotation), f.up, side, None, lang)
            img.paste(sprite, (x, y), sprite)
            gx, gy = tiles.centre(side, f.up)
            cx, cy = x + gx, y + gy
            draw.ellipse(
                (cx - 11, cy - 11, cx + 11, cy + 11), fill=th.LIGHT_TEXT, outline=th.OUTLINE
            )
            draw.text(
                (cx, cy + 1),
                ROTATION_LETTERS[rotation],
                font=label_font,
                fill=th.DARK_TEXT,
                anchor="mm",
            )
        _, top = mini_origins(field, len(rotations))[0]
        cx, _ = th.field_centre(field)
        ny = top - 20 if f.up else top + h + 20
        draw.text(
            (cx, ny),
            str(field),
            font=font(30, True),
            fill=th.LIGHT_TEXT,
            anchor="mm",
            stroke_width=3,
            stroke_fill=th.OUTLINE,
        )


def draw_chosen(img: Image.Image, code: str, heading: str, top: int, lang: str = DEFAULT) -> None:
    """Under the left column of cards: the heading and the chosen tile, large."""
    draw = ImageDraw.Draw(img)
    x = th.MARGIN + 4
    head_font, head = fit_font(heading, 22, th.CARD_W - 60, bold=True)
    draw.text((x, top + 16), head, font=head_font, fill=th.ACCENT, anchor="lm")
    sprite = tiles.tile(code, True, 110, TILE_BY_CODE[code].value, lang)
    img.paste(sprite, (x, top + 36), sprite)
