"""Colours, seat cues and the pixel geometry of the Spectrangle images, in one place to tune."""

from __future__ import annotations

import math
from types import MappingProxyType

from games.spectrangle.board import FIELDS, ROW_HEIGHT, ROWS
from games.spectrangle.tiles import Colour

RGB = tuple[int, int, int]
Point = tuple[float, float]

DARK_TEXT: RGB = (20, 20, 24)
LIGHT_TEXT: RGB = (255, 255, 255)

# Tile side colours. Each is dark or light enough that its letter (LETTER_COLOURS) has a WCAG
# contrast of at least 4.5 (tests measure it), and they differ in lightness as well as hue.
TILE_COLOURS: MappingProxyType[Colour, RGB] = MappingProxyType(
    {
        Colour.RED: (200, 36, 40),
        Colour.GREEN: (58, 170, 84),
        Colour.BLUE: (34, 94, 206),
        Colour.YELLOW: (248, 206, 48),
        Colour.PURPLE: (126, 64, 176),
        Colour.WHITE: (244, 242, 236),
    }
)
LETTER_COLOURS: MappingProxyType[Colour, RGB] = MappingProxyType(
    {
        Colour.RED: LIGHT_TEXT,
        Colour.GREEN: DARK_TEXT,
        Colour.BLUE: LIGHT_TEXT,
        Colour.YELLOW: DARK_TEXT,
        Colour.PURPLE: LIGHT_TEXT,
        Colour.WHITE: DARK_TEXT,
    }
)
# Seat markers: a shape each, in colours that are none of the tile colours.
SEAT_COLOURS: tuple[RGB, RGB, RGB, RGB] = (
    (28, 30, 36),  # black
    (246, 246, 240),  # white
    (240, 120, 20),  # orange
    (40, 190, 200),  # cyan
)
SEAT_COLOUR_NAMES: tuple[str, str, str, str] = ("black", "white", "orange", "cyan")
SEAT_MARKS: tuple[str, str, str, str] = ("square", "circle", "triangle", "diamond")

BACKGROUND: RGB = (24, 26, 32)
PANEL: RGB = (36, 40, 50)
PANEL_HIGHLIGHT: RGB = (58, 64, 80)
TEXT: RGB = (238, 240, 244)
MUTED: RGB = (156, 162, 176)
FAINT: RGB = (96, 102, 116)
OUTLINE: RGB = (16, 16, 20)
BOARD: RGB = (14, 15, 19)  # the board behind the fields: the lines between them
EMPTY_FIELD: RGB = (60, 66, 82)
# Bonus fields: a warm tint, stronger for a higher multiplier.
BONUS_TINTS: MappingProxyType[int, RGB] = MappingProxyType(
    {2: (104, 88, 52), 3: (142, 108, 40), 4: (184, 128, 30)}
)
BONUS_TEXT: RGB = (255, 236, 190)
ACCENT: RGB = (255, 214, 64)  # the winner, the seat on turn
LAST_MARK: RGB = (255, 255, 255)  # frame of the tile laid last
ALLOWED_FILL: RGB = (88, 112, 150)  # a field the chosen tile may go to
ALLOWED_MARK: RGB = (255, 255, 255)
DIM_FACTOR = 0.45  # brightness of the fields the chosen tile cannot go to
PLOT_BG: RGB = (118, 124, 140)
PLOT_GRID: RGB = (136, 142, 158)

# Geometry (pixels). The board is an equilateral triangle of side BOARD_SIDE, apex at APEX.
IMAGE_W = 1200
SIDE = 184  # of one field
BOARD_SIDE = ROWS * SIDE
ROW_H = round(SIDE * math.sqrt(3) / 2)  # whole pixels, so every row's sprites are alike
APEX: Point = (IMAGE_W / 2, 30.0)
FIELD_GAP = 3.0  # pixels of board between neighbouring fields, on each side
BOARD_BOTTOM = round(APEX[1]) + ROWS * ROW_H
MARGIN = 24
IMAGE_H = BOARD_BOTTOM + 2 * MARGIN
# The players' cards fill the free corners beside the board's apex: seats 0 and 2 on the
# left, 1 and 3 on the right (in the team game each side of the board is one team).
CARD_W = 340
CARD_H = 132
CARD_TOP = 128
CARD_GAP = 8
HAND_TILE = 72  # side of a tile in a hand
FINAL_EXTRA_H = 400  # standings and plot below the board in the final image


def to_px(point: Point) -> Point:
    """A point of ``Field.corners`` (board of side 6, apex at 0, 0) in image pixels."""
    return (APEX[0] + point[0] * SIDE, APEX[1] + point[1] / ROW_HEIGHT * ROW_H)


def field_corners(index: int) -> tuple[Point, Point, Point]:
    a, b, c = FIELDS[index].corners
    return to_px(a), to_px(b), to_px(c)


def field_centre(index: int) -> Point:
    return to_px(FIELDS[index].centre)


def field_origin(index: int) -> tuple[int, int]:
    """The top left of a field's corners' bounding box: where its sprite is pasted."""
    pts = field_corners(index)
    return round(min(x for x, _ in pts)), round(min(y for _, y in pts))


def card_box(seat: int) -> tuple[int, int, int, int]:
    """Seat ``seat``'s card: even seats down the left corner, odd ones down the right."""
    top = CARD_TOP + (seat // 2) * (CARD_H + CARD_GAP)
    left = MARGIN if seat % 2 == 0 else IMAGE_W - MARGIN - CARD_W
    return left, top, left + CARD_W, top + CARD_H
