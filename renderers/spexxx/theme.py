"""Colours, seat cues and the pixel geometry of the Spexxx images, in one place to tune."""

from __future__ import annotations

from types import MappingProxyType

from games.spexxx.board import HEIGHT, WIDTH, Zone
from locales import N_

RGB = tuple[int, int, int]

# Seat cubes: black, white, blue and orange differ in lightness as well as hue, so they stay
# apart for every kind of colour blindness; each also has its own shape (SEAT_MARKS), and the
# cube sits in a white ring with a dark edge so it stands out on every zone colour.
SEAT_COLOURS: tuple[RGB, RGB, RGB, RGB] = (
    (28, 30, 36),  # black
    (246, 246, 240),  # white
    (28, 100, 220),  # blue
    (240, 110, 20),  # orange
)
SEAT_COLOUR_NAMES: tuple[str, str, str, str] = ("black", "white", "blue", "orange")
SEAT_MARKS: tuple[str, str, str, str] = ("square", "circle", "triangle", "diamond")

ZONE_COLOURS: MappingProxyType[Zone, RGB] = MappingProxyType(
    {
        Zone.ORANGE: (240, 148, 56),
        Zone.GREEN: (96, 178, 86),
        Zone.YELLOW: (238, 206, 72),
        Zone.BLUE: (74, 150, 214),
        Zone.PURPLE: (148, 106, 196),
        Zone.RED: (212, 74, 68),
    }
)
# Square colour names as drawn: English message ids, translated with ``t(name)`` where shown.
ZONE_NAMES: MappingProxyType[Zone, str] = MappingProxyType(
    {
        Zone.ORANGE: N_("orange"),
        Zone.GREEN: N_("green"),
        Zone.YELLOW: N_("yellow"),
        Zone.BLUE: N_("blue"),
        Zone.PURPLE: N_("purple"),
        Zone.RED: N_("red"),
        Zone.BRONZE: N_("bronze"),
        Zone.SILVER: N_("silver"),
    }
)
GOLD_NAME = N_("gold")  # the five-of-a-kind throw: any empty square
# Metallic squares: (light, dark) ends of a diagonal gradient with a sheen.
METAL_COLOURS: MappingProxyType[str, tuple[RGB, RGB]] = MappingProxyType(
    {
        "bronze": ((238, 190, 132), (140, 86, 40)),
        "silver": ((250, 252, 255), (138, 146, 160)),
        "gold": ((255, 236, 140), (184, 130, 20)),
    }
)

BACKGROUND: RGB = (24, 26, 32)
PANEL: RGB = (36, 40, 50)
PANEL_HIGHLIGHT: RGB = (58, 64, 80)
TEXT: RGB = (238, 240, 244)
MUTED: RGB = (156, 162, 176)
FAINT: RGB = (96, 102, 116)
OUTLINE: RGB = (16, 16, 20)
LINE_MARK: RGB = (255, 255, 255)  # outline of a Spexxx that scored
BLOCK_MARK: RGB = (255, 214, 64)  # outline of a 3×3 block that scored
LAST_MARK: RGB = (255, 214, 64)  # frame of the cube placed last
ALLOWED_MARK: RGB = (255, 255, 255)
DIM_FACTOR = 0.42  # brightness of the squares the dice do not allow, while placing

# Geometry (pixels) of the turn image.
CELL = 52
GAP = 2  # dark grid line between squares
LEFT = 36  # row numbers
TOP = 14
RIGHT = 82  # row labels: count and die face
BOTTOM = 70  # column letters, then count and die face
BOARD_X = LEFT
BOARD_Y = TOP
BOARD_W = WIDTH * CELL
BOARD_H = HEIGHT * CELL
IMAGE_W = LEFT + BOARD_W + RIGHT
IMAGE_H = TOP + BOARD_H + BOTTOM
TOKEN = 40  # seat cube on the board
# Its white ring: at least a pixel wide when the picture is shown 400 px wide (a phone), so
# an orange diamond on an orange square or a blue triangle on a blue one keeps a light halo
# between its body and the square (a test measures every seat on every square).
TOKEN_RING = 3.8
LABEL_DIE = 22

# Final image: the board above, standings and score plot below.
FINAL_EXTRA_H = 380


def cell_box(x: int, y: int) -> tuple[int, int, int, int]:
    """Pixel box (left, top, right, bottom) of grid cell x, y (y = 0 is the bottom row)."""
    left = BOARD_X + x * CELL
    top = BOARD_Y + (HEIGHT - 1 - y) * CELL
    return left, top, left + CELL, top + CELL


def cell_centre(index: int) -> tuple[int, int]:
    x, y = index % WIDTH, index // WIDTH
    left, top, _, _ = cell_box(x, y)
    return left + CELL // 2, top + CELL // 2


def region(x0: int, y_top: int, x1: int, y_bottom: int) -> tuple[int, int, int, int]:
    """Pixel box spanning grid columns x0..x1 and rows y_top (upper) .. y_bottom, inclusive."""
    left, top, _, _ = cell_box(x0, y_top)
    _, _, right, bottom = cell_box(x1, y_bottom)
    return left, top, right, bottom
