"""The board: 36 triangular fields in 6 rows, apex at the top, in one table (RULES.md, "The board").

Field ``i`` is row ``r = ⌊√i⌋``, position ``c = i − r²``; it points up when ``c`` is even. Every
field's sides are listed *clockwise from its horizontal side*: (bottom, left, right) on an
up-field, (top, right, left) on a down-field. In that order a tile laid with rotation ``k`` shows
``code[k:] + code[:k]``, and a field's side ``j`` always touches side ``j`` of the neighbour
across it (bottom↔top, left↔right), which keeps the matching rule a per-slot comparison.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum


class Side(Enum):
    BOTTOM = "bottom"
    TOP = "top"
    LEFT = "left"
    RIGHT = "right"


UP_SIDES = (Side.BOTTOM, Side.LEFT, Side.RIGHT)
DOWN_SIDES = (Side.TOP, Side.RIGHT, Side.LEFT)

_ = None
UP, DOWN = True, False
# index, row, position, points up, left neighbour, right neighbour, neighbour across the
# horizontal side (below an up-field, above a down-field), bonus multiplier.
FIELD_TABLE: tuple[tuple[int, int, int, bool, int | None, int | None, int | None, int], ...] = (
    (0, 0, 0, UP, _, _, 2, 1),
    (1, 1, 0, UP, _, 2, 5, 1),
    (2, 1, 1, DOWN, 1, 3, 0, 3),
    (3, 1, 2, UP, 2, _, 7, 1),
    (4, 2, 0, UP, _, 5, 10, 1),
    (5, 2, 1, DOWN, 4, 6, 1, 1),
    (6, 2, 2, UP, 5, 7, 12, 1),
    (7, 2, 3, DOWN, 6, 8, 3, 1),
    (8, 2, 4, UP, 7, _, 14, 1),
    (9, 3, 0, UP, _, 10, 17, 1),
    (10, 3, 1, DOWN, 9, 11, 4, 2),
    (11, 3, 2, UP, 10, 12, 19, 4),
    (12, 3, 3, DOWN, 11, 13, 6, 1),
    (13, 3, 4, UP, 12, 14, 21, 4),
    (14, 3, 5, DOWN, 13, 15, 8, 2),
    (15, 3, 6, UP, 14, _, 23, 1),
    (16, 4, 0, UP, _, 17, 26, 1),
    (17, 4, 1, DOWN, 16, 18, 9, 1),
    (18, 4, 2, UP, 17, 19, 28, 1),
    (19, 4, 3, DOWN, 18, 20, 11, 1),
    (20, 4, 4, UP, 19, 21, 30, 4),
    (21, 4, 5, DOWN, 20, 22, 13, 1),
    (22, 4, 6, UP, 21, 23, 32, 1),
    (23, 4, 7, DOWN, 22, 24, 15, 1),
    (24, 4, 8, UP, 23, _, 34, 1),
    (25, 5, 0, UP, _, 26, _, 1),
    (26, 5, 1, DOWN, 25, 27, 16, 3),
    (27, 5, 2, UP, 26, 28, _, 1),
    (28, 5, 3, DOWN, 27, 29, 18, 1),
    (29, 5, 4, UP, 28, 30, _, 1),
    (30, 5, 5, DOWN, 29, 31, 20, 2),
    (31, 5, 6, UP, 30, 32, _, 1),
    (32, 5, 7, DOWN, 31, 33, 22, 1),
    (33, 5, 8, UP, 32, 34, _, 1),
    (34, 5, 9, DOWN, 33, 35, 24, 3),
    (35, 5, 10, UP, 34, _, _, 1),
)
ROWS = 6
FIELD_COUNT = 36
ROW_HEIGHT = math.sqrt(3) / 2  # of a field with side 1

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Field:
    index: int
    row: int
    position: int  # 0 … 2·row, from the left
    up: bool
    left: int | None
    right: int | None
    across: int | None  # the neighbour across the horizontal side
    bonus: int  # 1, or the multiplier 2, 3 or 4

    @property
    def sides(self) -> tuple[Side, Side, Side]:
        """The three sides clockwise from the horizontal one."""
        return UP_SIDES if self.up else DOWN_SIDES

    @property
    def slot_neighbours(self) -> tuple[int | None, int | None, int | None]:
        """The neighbour across each side, in ``sides`` order (None at the board's edge)."""
        if self.up:
            return (self.across, self.left, self.right)
        return (self.across, self.right, self.left)

    @property
    def neighbours(self) -> tuple[int, ...]:
        """Fields sharing a whole side with this one, ascending."""
        return tuple(sorted(n for n in (self.across, self.left, self.right) if n is not None))

    def neighbour(self, side: Side) -> int | None:
        return self.slot_neighbours[self.sides.index(side)]

    @property
    def corners(self) -> tuple[Point, Point, Point]:
        """Corners for a board of side 6 with its apex at (0, 0), y pointing down (image axes).

        Up-fields: apex, bottom right, bottom left; down-fields: top left, top right, bottom.
        """
        k = self.position // 2
        x0 = k - self.row / 2  # the up-field apex / the down-field top-left corner
        top, bottom = self.row * ROW_HEIGHT, (self.row + 1) * ROW_HEIGHT
        if self.up:
            return ((x0, top), (x0 + 0.5, bottom), (x0 - 0.5, bottom))
        return ((x0, top), (x0 + 1, top), (x0 + 0.5, bottom))

    @property
    def side_segments(self) -> tuple[tuple[Point, Point], ...]:
        """Each side's end points, in ``sides`` order; a renderer puts colour letters by them."""
        a, b, c = self.corners
        if self.up:  # apex a, bottom right b, bottom left c: bottom, left, right
            return ((c, b), (c, a), (a, b))
        return ((a, b), (b, c), (c, a))  # top left a, top right b, bottom c: top, right, left

    @property
    def centre(self) -> Point:
        a, b, c = self.corners
        return ((a[0] + b[0] + c[0]) / 3, (a[1] + b[1] + c[1]) / 3)


FIELDS: tuple[Field, ...] = tuple(Field(*row) for row in FIELD_TABLE)
BONUS_FIELDS: tuple[int, ...] = tuple(f.index for f in FIELDS if f.bonus > 1)
FIRST_MOVE_FIELDS: tuple[int, ...] = tuple(f.index for f in FIELDS if f.bonus == 1)


def field_at(row: int, position: int) -> Field:
    if not 0 <= row < ROWS or not 0 <= position <= 2 * row:
        raise ValueError(f"no field at row {row}, position {position}")
    return FIELDS[row * row + position]
