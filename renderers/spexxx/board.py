"""The parts of the turn image that never change, built once per process (and language) and
cached.

``empty_board`` is the printed board: squares, metal diagonals, edge labels, the legend and
the off-field panels. ``dimmed_board`` and ``named_board`` are its variants for the placing
view, so highlighting allowed squares is a few crops and pastes, not a redraw. The legend is
the only translated text, so ``empty_board`` and ``dimmed_board`` are cached per language;
``named_board`` is used only for its squares and is the same in every language.
"""

from __future__ import annotations

from functools import cache, lru_cache

from PIL import Image, ImageDraw, ImageEnhance

from games.spexxx.board import (
    COLUMN_LETTERS,
    GRID,
    HEIGHT,
    SQUARES,
    WIDTH,
    Zone,
    column_label,
    row_label,
)
from locales import DEFAULT, resolve, translator
from renderers import sprites
from renderers.spexxx import theme as th
from renderers.text import fit_font, font

LEGEND_ORDER = (
    Zone.ORANGE,
    Zone.GREEN,
    Zone.BRONZE,
    Zone.YELLOW,
    Zone.BLUE,
    Zone.PURPLE,
    Zone.SILVER,
    Zone.RED,
)
RADIUS = 6


def square_tile(zone: Zone, size: int, radius: int = RADIUS) -> Image.Image:
    """One board square's look: flat zone colour with a faint top light, or metal."""
    if zone in (Zone.BRONZE, Zone.SILVER):
        light, dark = th.METAL_COLOURS[zone.value]
        return sprites.metal(light, dark, size, size, radius)
    return _zone_tile(th.ZONE_COLOURS[zone], size, radius)


@lru_cache(maxsize=32)
def _zone_tile(colour: th.RGB, size: int, radius: int) -> Image.Image:
    tile = sprites.rounded_tile(colour, size, size, radius).copy()
    shade = Image.new("RGBA", (size, size), (255, 255, 255, 0))
    draw = ImageDraw.Draw(shade)
    for row in range(size // 3):  # soft light on the upper third
        draw.line((0, row, size, row), fill=(255, 255, 255, round(34 * (1 - row / (size / 3)))))
    shade.putalpha(
        Image.composite(shade.getchannel("A"), Image.new("L", shade.size), tile.getchannel("A"))
    )
    return Image.alpha_composite(tile, shade)


def off_field_cells() -> list[tuple[int, int]]:
    return [(x, y) for y in range(HEIGHT) for x in range(WIDTH) if GRID[y * WIDTH + x] is None]


def empty_board(lang: str = DEFAULT) -> Image.Image:
    """The board with nothing on it (RGB), its legend in ``lang``; callers copy it before
    drawing."""
    return _empty_board(resolve(lang))


@cache  # keyed by a resolved language: at most one board per language
def _empty_board(lang: str) -> Image.Image:
    img = Image.new("RGB", (th.IMAGE_W, th.IMAGE_H), th.BACKGROUND)
    draw = ImageDraw.Draw(img)
    for x, y in off_field_cells():
        draw.rectangle(th.cell_box(x, y), fill=th.PANEL)
    inner = th.CELL - 2 * th.GAP
    for sq in SQUARES:
        left, top, _, _ = th.cell_box(sq.x, sq.y)
        tile = square_tile(sq.zone, inner)
        img.paste(tile, (left + th.GAP, top + th.GAP), tile)
    _draw_edge_labels(img, draw)
    _draw_legend(img, draw, lang)
    _draw_logo(draw)
    return img


def _draw_edge_labels(img: Image.Image, draw: ImageDraw.ImageDraw) -> None:
    """Coordinates (A–X, 1–12) and the printed count × die face labels."""
    letter_font, count_font = font(19, True), font(17, True)
    bottom = th.BOARD_Y + th.BOARD_H
    d = th.LABEL_DIE
    for x in range(WIDTH):
        left, _, right, _ = th.cell_box(x, 0)
        cx = (left + right) // 2
        draw.text((cx, bottom + 13), COLUMN_LETTERS[x], font=letter_font, fill=th.TEXT, anchor="mm")
        count, value = column_label(x)
        label = f"{count}×"
        width = count_font.getlength(label)
        start = cx - (width + 3 + d) / 2
        draw.text((start, bottom + 47), label, font=count_font, fill=th.MUTED, anchor="lm")
        die = sprites.die_face(value, d)
        img.paste(die, (round(start + width + 3), bottom + 47 - d // 2), die)
    right_edge = th.BOARD_X + th.BOARD_W
    for y in range(HEIGHT):
        _, top, _, bottom_px = th.cell_box(0, y)
        cy = (top + bottom_px) // 2
        draw.text((th.LEFT - 8, cy), str(y + 1), font=letter_font, fill=th.TEXT, anchor="rm")
        count, value = row_label(y)
        draw.text((right_edge + 10, cy), f"{count}×", font=count_font, fill=th.MUTED, anchor="lm")
        die = sprites.die_face(value, d)
        img.paste(die, (right_edge + 10 + round(count_font.getlength("2×")) + 4, cy - d // 2), die)


def legend_box() -> tuple[int, int, int, int]:
    return th.region(0, 9, 5, 6)


def _draw_legend(img: Image.Image, draw: ImageDraw.ImageDraw, lang: str) -> None:
    """Points per cube in a Spexxx, by square colour, in the off-field area as on the board."""
    t = translator(lang)
    left, top, right, bottom = legend_box()
    heading_font, heading = fit_font(t("Points per cube").upper(), 15, right - left - 28, bold=True)
    draw.text((left + 14, top + 14), heading, font=heading_font, fill=th.MUTED)
    rows, col_w = 4, (right - left - 20) // 2
    row_h = (bottom - top - 40) // rows
    swatch = 30
    for i, zone in enumerate(LEGEND_ORDER):
        col, row = divmod(i, rows)
        x = left + 14 + col * col_w
        y = top + 38 + row * row_h
        tile = square_tile(zone, swatch, 5)
        img.paste(tile, (x, y), tile)
        dark = zone in (Zone.YELLOW, Zone.SILVER, Zone.ORANGE, Zone.BRONZE, Zone.GREEN)
        draw.text(
            (x + swatch // 2, y + swatch // 2 + 1),
            str(zone.points),
            font=font(16, True),
            fill=(20, 20, 24) if dark else (255, 255, 255),
            anchor="mm",
        )
        name_font, name = fit_font(t(th.ZONE_NAMES[zone]), 17, col_w - swatch - 14)
        draw.text(
            (x + swatch + 8, y + swatch // 2), name, font=name_font, fill=th.TEXT, anchor="lm"
        )


def _draw_logo(draw: ImageDraw.ImageDraw) -> None:
    left, top, _, bottom = th.region(0, 5, 4, 5)
    draw.text(
        (left + 14, (top + bottom) // 2 + 2),
        "SPEXXX",
        font=font(34, True),
        fill=th.TEXT,
        anchor="lm",
    )


def dimmed_board(lang: str = DEFAULT) -> Image.Image:
    """``empty_board`` with the squares darkened: the backdrop of the placing view."""
    return _dimmed_board(resolve(lang))


@cache  # keyed by a resolved language, as ``_empty_board``
def _dimmed_board(lang: str) -> Image.Image:
    base = _empty_board(lang)
    box = (th.BOARD_X, th.BOARD_Y, th.BOARD_X + th.BOARD_W, th.BOARD_Y + th.BOARD_H)
    img = base.copy()
    dark = ImageEnhance.Brightness(base.crop(box)).enhance(th.DIM_FACTOR)
    panels = Image.new("L", dark.size, 0)
    pdraw = ImageDraw.Draw(panels)
    for x, y in off_field_cells():  # keep the legend and panels bright
        left, top, right, bottom = th.cell_box(x, y)
        pdraw.rectangle((left - box[0], top - box[1], right - box[0], bottom - box[1]), fill=255)
    dark.paste(base.crop(box), (0, 0), panels)
    img.paste(dark, box[:2])
    return img


@lru_cache(maxsize=1)
def named_board() -> Image.Image:
    """``empty_board`` with every square's name written on it, for the squares you may pick.
    Only its squares are used (square names are not translated), so one serves every language.
    """
    img = empty_board(DEFAULT).copy()
    draw = ImageDraw.Draw(img)
    name_font = font(17, True)
    for sq in SQUARES:
        left, top, right, bottom = th.cell_box(sq.x, sq.y)
        draw.text(
            ((left + right) // 2, (top + bottom) // 2),
            sq.name,
            font=name_font,
            fill=(255, 255, 255),
            anchor="mm",
            stroke_width=3,
            stroke_fill=(20, 20, 24),
        )
    return img
