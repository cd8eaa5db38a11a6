"""The board: the triangle of 36 fields, empty ones numbered, bonus fields tinted with their
multiplier, and the tiles laid on it.

``empty_board`` (no text to translate) is built once per process; a render copies it and
pastes cached tile sprites.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from games.spectrangle.board import FIELDS
from games.spectrangle.state import PlacedTile
from games.spectrangle.tiles import TILE_BY_CODE
from locales import DEFAULT
from renderers.spectrangle import theme as th
from renderers.spectrangle import tiles
from renderers.text import font

BOARD_BOX = (0, 0, th.IMAGE_W, th.IMAGE_H)
# Badges on a tile, by their distance from its centre toward the corner opposite the
# horizontal side: the last tile's points, then the field's multiplier beyond them.
POINTS_BADGE = 44
BONUS_BADGE = round(th.ROW_H * 2 / 3 - 34)


def field_colour(index: int) -> th.RGB:
    bonus = FIELDS[index].bonus
    return th.BONUS_TINTS[bonus] if bonus > 1 else th.EMPTY_FIELD


@lru_cache(maxsize=1)
def empty_board() -> Image.Image:
    """The whole image with every field empty (RGB); callers copy it."""
    img = Image.new("RGB", BOARD_BOX[2:], th.BACKGROUND)
    _draw_backdrop(img)
    draw = ImageDraw.Draw(img)
    for f in FIELDS:
        x, y = th.field_origin(f.index)
        sprite = tiles.blank(field_colour(f.index), f.up, th.SIDE)
        img.paste(sprite, (x, y), sprite)
        draw_field_label(draw, f.index, th.MUTED, th.BONUS_TEXT)
    return img


def draw_field_label(
    draw: ImageDraw.ImageDraw, index: int, colour: th.RGB, bonus_colour: th.RGB
) -> None:
    """An empty field's number, and on a bonus field its multiplier above (below) it."""
    f = FIELDS[index]
    cx, cy = th.field_centre(index)
    if f.bonus > 1:
        toward_edge = 1 if f.up else -1  # the number sits toward the horizontal side
        draw.text(
            (cx, cy - 8 * toward_edge),
            f"×{f.bonus}",
            font=font(40, True),
            fill=bonus_colour,
            anchor="mm",
        )
        draw.text((cx, cy + 30 * toward_edge), str(index), font=font(20), fill=colour, anchor="mm")
    else:
        draw.text((cx, cy), str(index), font=font(28, True), fill=colour, anchor="mm")


def _draw_backdrop(img: Image.Image, pad: float = 10) -> None:
    """The board itself: a dark triangle ``pad`` pixels beyond the fields, anti-aliased.

    Pushing an equilateral triangle's sides out by ``pad`` moves its apex up by ``2·pad`` and
    its lower corners ``pad·√3`` outwards and ``pad`` down."""
    scale = 4
    ax, ay = th.APEX
    half, bottom = th.BOARD_SIDE / 2, th.BOARD_BOTTOM
    out = pad * 3**0.5
    pts = [(ax, ay - 2 * pad), (ax + half + out, bottom + pad), (ax - half - out, bottom + pad)]
    mask = Image.new("L", (img.width * scale, img.height * scale), 0)
    ImageDraw.Draw(mask).polygon([(x * scale, y * scale) for x, y in pts], fill=255)
    img.paste(th.BOARD, (0, 0), mask.resize(img.size, Image.Resampling.LANCZOS))


def draw_tiles(img: Image.Image, board: tuple[PlacedTile | None, ...], lang: str = DEFAULT) -> None:
    for f in FIELDS:
        placed = board[f.index]
        if placed is not None:
            paste_tile(img, f.index, placed.sides, TILE_BY_CODE[placed.tile].value, lang)


LAID_TILES_KEPT = 64  # × 93 KB; a board holds at most 36, so each game's renders hit


def paste_tile(
    img: Image.Image, index: int, sides: str, value: int | None, lang: str = DEFAULT
) -> None:
    f = FIELDS[index]
    sprite, cover = _laid_tile(sides, f.up, value, f.bonus, lang)
    img.paste(sprite, th.field_origin(index), cover)


@lru_cache(maxsize=LAID_TILES_KEPT)
def _laid_tile(
    sides: str, up: bool, value: int | None, bonus: int, lang: str = DEFAULT
) -> tuple[Image.Image, Image.Image]:
    """A tile already blended over its empty field (RGB) and a "1" mask of the pixels it
    touches. Fields lie ``FIELD_GAP`` apart on the plain board, so a tile's soft edge only
    ever blends with its own field: the blend is done once here, and a render pastes with a
    plain copy (a third of an alpha paste's time) and gets the same pixels."""
    sprite = _field_tile(sides, up, value, bonus, lang)
    field = tiles.blank(th.BONUS_TINTS[bonus] if bonus > 1 else th.EMPTY_FIELD, up, th.SIDE)
    laid = Image.new("RGB", sprite.size, th.BOARD)
    laid.paste(field, (0, 0), field)
    laid.paste(sprite, (0, 0), sprite)
    cover = sprite.getchannel("A").point(lambda a: 255 if a else 0).convert("1")
    return laid, cover


def _field_tile(
    sides: str, up: bool, value: int | None, bonus: int, lang: str = DEFAULT
) -> Image.Image:
    """A tile as laid on a field: on a bonus field with the multiplier in a small badge in the
    corner away from the horizontal side, so it stays visible under the tile. Not kept: only
    ``_laid_tile`` uses it, and keeps its result (a board-size RGBA tile is 118 KB; keeping
    those too doubled the renderer's memory on a busy bot)."""
    sprite = tiles.draw_tile(sides, up, th.SIDE, value, lang)
    if bonus == 1:
        return sprite
    draw = ImageDraw.Draw(sprite)
    cx, cy = tiles.centre(th.SIDE, up)
    y = cy + (-1 if up else 1) * BONUS_BADGE  # an up-field's far corner is above its centre
    draw.rounded_rectangle(
        (cx - 17, y - 12, cx + 17, y + 12),
        radius=8,
        fill=th.BONUS_TINTS[bonus],
        outline=th.OUTLINE,
        width=2,
    )
    draw.text((cx, y), f"×{bonus}", font=font(17, True), fill=th.BONUS_TEXT, anchor="mm")
    return sprite


def last_tile_mark(img: Image.Image, index: int, points: int) -> None:
    """A white frame round the tile laid last and its points in a badge by its centre."""
    f = FIELDS[index]
    ring = tiles.frame(f.up, th.SIDE, th.LAST_MARK, 6)
    img.paste(ring, th.field_origin(index), ring)
    draw = ImageDraw.Draw(img)
    cx, cy = th.field_centre(index)
    toward = -1 if f.up else 1
    y = cy + toward * POINTS_BADGE  # nearer the centre than a bonus badge
    label = f"+{points}"
    label_font = font(22, True)
    w = label_font.getlength(label) / 2 + 9
    draw.rounded_rectangle(
        (cx - w, y - 15, cx + w, y + 15),
        radius=12,
        fill=th.LAST_MARK,
        outline=th.OUTLINE,
        width=2,
    )
    draw.text((cx, y + 1), label, font=label_font, fill=th.DARK_TEXT, anchor="mm")


_DIM_LUT = [round(i * th.DIM_FACTOR) for i in range(256)] * 3  # a lookup: quicker than a blend


def dim(img: Image.Image) -> None:
    """Darken the board in place (the box round the triangle): the placing image's backdrop."""
    half = th.BOARD_SIDE // 2 + 30
    box = (th.IMAGE_W // 2 - half, 0, th.IMAGE_W // 2 + half, th.IMAGE_H)
    img.paste(img.crop(box).point(_DIM_LUT), box[:2], _board_mask())


@lru_cache(maxsize=1)
def _board_mask() -> Image.Image:
    """The board triangle (with its border) within ``dim``'s box, as an "L" mask."""
    half = th.BOARD_SIDE // 2 + 30
    mask = Image.new("L", (2 * half, th.IMAGE_H), 0)
    ax, ay = th.APEX
    pad = 12
    out = pad * 3**0.5
    cx = half
    pts = [
        (cx, ay - 2 * pad),
        (cx + th.BOARD_SIDE / 2 + out, th.BOARD_BOTTOM + pad),
        (cx - th.BOARD_SIDE / 2 - out, th.BOARD_BOTTOM + pad),
    ]
    del ax
    ImageDraw.Draw(mask).polygon(pts, fill=255)
    return mask
