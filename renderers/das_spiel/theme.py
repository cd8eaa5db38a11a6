"""Colours and sizes of the Das Spiel pictures, in one place.

The die colours are told apart by hue and by a second cue that survives colour blindness
(tests measure it): red is dark with white pips, yellow is mid-light with dark pips, pearl is
light with a striped sheen, turquoise has ring pips. Faces are shaded by the side they face
(light from the upper left), so the pile reads as a solid in the top view.
"""

from __future__ import annotations

from typing import Final

from games.das_spiel.pyramid import Colour

RGB = tuple[int, int, int]

IMAGE_W: Final = 1200
MARGIN: Final = 24
# The top view's unit steps in pixels: a die's top corner moves (±FACE_U, FACE_V / 2) to a
# neighbour one layer down along Y or Z and (0, −FACE_V) along X (``sides.project`` × 88).
FACE_U: Final = 62
FACE_V: Final = 72
FACE_GAP: Final = 2.2  # pixels of dark edge between neighbouring faces, on each side

BACKGROUND: Final[RGB] = (26, 30, 38)
PANEL: Final[RGB] = (40, 46, 58)
PANEL_HIGHLIGHT: Final[RGB] = (58, 66, 84)
TEXT: Final[RGB] = (236, 238, 244)
MUTED: Final[RGB] = (160, 168, 184)
ACCENT: Final[RGB] = (255, 196, 60)
OUTLINE: Final[RGB] = (14, 16, 20)
PLOT_BG: Final[RGB] = (92, 98, 112)
PLOT_GRID: Final[RGB] = (112, 118, 132)

PLATE: Final[RGB] = (74, 62, 52)  # the base plate's rim
HOLLOW: Final[tuple[RGB, RGB, RGB]] = ((52, 44, 38), (44, 37, 32), (36, 30, 26))  # by role
FUNNEL_SHADE: Final = 0.62  # a funnel's walls lie in its shadow
FUNNEL: Final[RGB] = (12, 12, 16)  # the dark hole at a funnel's deepest point
FUNNEL_TEXT: Final[RGB] = (255, 255, 255)

DIE: Final[dict[Colour, RGB]] = {
    Colour.RED: (206, 40, 46),
    Colour.YELLOW: (240, 186, 28),
    Colour.PEARL: (236, 232, 222),
    Colour.TURQUOISE: (24, 168, 160),
}
PIPS: Final[dict[Colour, RGB]] = {
    Colour.RED: (255, 255, 255),
    Colour.YELLOW: (36, 28, 16),
    Colour.PEARL: (44, 44, 66),
    Colour.TURQUOISE: (10, 34, 40),
}
PEARL_STRIPE: Final[RGB] = (208, 212, 232)  # the sheen stripes of pearl faces
# Brightness by screen role (0 the lower face, 1 the upper-left, 2 the upper-right).
SHADE: Final[tuple[float, float, float]] = (0.82, 1.0, 0.91)

LABEL_BG: Final[RGB] = (16, 20, 28)
LABEL_TEXT: Final[RGB] = (255, 255, 255)
LABEL_RING: Final[RGB] = (90, 220, 255)
LABEL_SIZE: Final = 30
FUNNEL_LABEL_SIZE: Final = 22  # a funnel's label, between its walls' digits (Bunte Kuh)
LAST_RING: Final[RGB] = (255, 64, 170)  # the last action's dice: a magenta outline on black
FUNNEL_SUM_SIZE: Final = 22

# Seats' colours in the games where a seat has a colour (Abquetschen: red, yellow, pearl).
SEAT_DIE: Final[tuple[Colour, ...]] = (Colour.RED, Colour.YELLOW, Colour.PEARL)


def shade(rgb: RGB, factor: float) -> RGB:
    r, g, b = (min(255, round(c * factor)) for c in rgb)
    return r, g, b


# Raffzahn draws a seat's view, which has no colours: the seat's own faces light with dark
# pips, every other face a blank slate grey; free dice (takeable when they show the roll)
# lighter than the dice something rests on.
RAF_OWN: Final[RGB] = (246, 242, 230)
RAF_OWN_COVERED: Final[RGB] = (196, 192, 182)
RAF_PIPS: Final[RGB] = (28, 30, 44)
RAF_BLANK: Final[RGB] = (150, 158, 176)
RAF_BLANK_COVERED: Final[RGB] = (96, 102, 118)
