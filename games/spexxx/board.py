"""The Spexxx board as one table.

The layout is reconstructed from the rulebooks (see RULES.md); it lives here and nowhere else so a
correction is a one-place change. Squares are indexed by grid position ``y * WIDTH + x`` so the
same index works for names, bitmasks and the renderer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

WIDTH = 24
HEIGHT = 12
GRID_SIZE = WIDTH * HEIGHT
COLUMN_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWX"


class Zone(Enum):
    """Square colours; the value is the name players see."""

    ORANGE = "orange"
    GREEN = "green"
    YELLOW = "yellow"
    BLUE = "blue"
    PURPLE = "purple"
    RED = "red"
    BRONZE = "bronze"
    SILVER = "silver"

    @property
    def points(self) -> int:
        return ZONE_POINTS[self]


ZONE_POINTS: dict[Zone, int] = {
    Zone.ORANGE: 1,
    Zone.GREEN: 2,
    Zone.YELLOW: 4,
    Zone.BLUE: 5,
    Zone.PURPLE: 7,
    Zone.RED: 12,
    Zone.BRONZE: 3,
    Zone.SILVER: 8,
}

# Zone of the off-diagonal squares, keyed by (column group c, row group r); None = off the field.
_ZONE_BY_GROUP: dict[tuple[int, int], Zone | None] = {
    (1, 1): Zone.ORANGE,
    (2, 1): Zone.GREEN,
    (3, 1): Zone.BLUE,
    (4, 1): Zone.RED,
    (1, 2): None,
    (2, 2): Zone.YELLOW,
    (3, 2): Zone.PURPLE,
    (4, 2): None,
}
# Zone of the diagonal squares (v == w) where the group has one.
_DIAGONAL_ZONE: dict[tuple[int, int], Zone] = {
    (2, 1): Zone.BRONZE,
    (3, 1): Zone.BRONZE,
    (4, 1): Zone.SILVER,
    (3, 2): Zone.SILVER,
}
# Groups whose squares exist only above the diagonal (v > w): the rest would repeat a combination.
_UPPER_ONLY = {(1, 1), (2, 2)}


@dataclass(frozen=True, slots=True)
class Combination:
    """``count × value + count2 × value2``: at least that many dice of each value."""

    count: int
    value: int
    count2: int
    value2: int

    def __str__(self) -> str:
        return f"{self.count}×{self.value} + {self.count2}×{self.value2}"


@dataclass(frozen=True, slots=True)
class Square:
    index: int
    x: int
    y: int
    name: str
    zone: Zone
    combination: Combination | None  # None for bronze and silver
    neighbours: tuple[int, ...]

    @property
    def points(self) -> int:
        return ZONE_POINTS[self.zone]

    @property
    def requirement(self) -> str:
        """What the dice must show, in the words used in chat and error messages."""
        if self.zone is Zone.BRONZE:
            return "four in a row (bronze)"
        if self.zone is Zone.SILVER:
            return "five in a row (silver)"
        return str(self.combination)


def square_name(x: int, y: int) -> str:
    return f"{COLUMN_LETTERS[x]}{y + 1}"


def column_label(x: int) -> tuple[int, int]:
    """(count, die value) printed under column ``x``."""
    return x // 6 + 1, x % 6 + 1


def row_label(y: int) -> tuple[int, int]:
    """(count, die value) printed beside row ``y`` (0 = bottom)."""
    return y // 6 + 1, y % 6 + 1


def _zone_and_combination(x: int, y: int) -> tuple[Zone, Combination | None] | None:
    c, v = column_label(x)
    r, w = row_label(y)
    group = (c, r)
    if _ZONE_BY_GROUP[group] is None:
        return None
    if v == w:
        diagonal = _DIAGONAL_ZONE.get(group)
        return None if diagonal is None else (diagonal, None)
    if group in _UPPER_ONLY and v < w:
        return None
    return _ZONE_BY_GROUP[group], Combination(c, v, r, w)  # type: ignore[return-value]


def _build() -> tuple[tuple[Square | None, ...], dict[str, Square]]:
    cells: list[tuple[Zone, Combination | None] | None] = [
        _zone_and_combination(i % WIDTH, i // WIDTH) for i in range(GRID_SIZE)
    ]
    grid: list[Square | None] = []
    for i, cell in enumerate(cells):
        if cell is None:
            grid.append(None)
            continue
        x, y = i % WIDTH, i // WIDTH
        neighbours = tuple(
            (y + dy) * WIDTH + x + dx
            for dy in (-1, 0, 1)
            for dx in (-1, 0, 1)
            if (dx or dy)
            and 0 <= x + dx < WIDTH
            and 0 <= y + dy < HEIGHT
            and cells[(y + dy) * WIDTH + x + dx] is not None
        )
        grid.append(Square(i, x, y, square_name(x, y), cell[0], cell[1], neighbours))
    by_name = {sq.name: sq for sq in grid if sq is not None}
    return tuple(grid), by_name


GRID, _BY_NAME = _build()
SQUARES: tuple[Square, ...] = tuple(sq for sq in GRID if sq is not None)
ON_FIELD_MASK: int = sum(1 << sq.index for sq in SQUARES)

_NAME_RE = re.compile(r"^\s*([A-Xa-x])\s*(\d{1,2})\s*$")


def parse_square_name(name: str) -> tuple[int, int] | None:
    """Grid (x, y) for a name like ``N4`` or ``n 4``; None if it is not on the 24×12 grid."""
    match = _NAME_RE.match(name)
    if not match:
        return None
    x = COLUMN_LETTERS.index(match.group(1).upper())
    y = int(match.group(2)) - 1
    if not 0 <= y < HEIGHT:
        return None
    return x, y


def square_at(x: int, y: int) -> Square | None:
    if not (0 <= x < WIDTH and 0 <= y < HEIGHT):
        return None
    return GRID[y * WIDTH + x]


def get_square(name: str) -> Square | None:
    """The on-field square with this name, or None (off the field or no such grid cell)."""
    sq = _BY_NAME.get(name)
    if sq is not None:
        return sq
    pos = parse_square_name(name)
    return None if pos is None else square_at(*pos)


def squares_in(zone: Zone) -> tuple[Square, ...]:
    return tuple(sq for sq in SQUARES if sq.zone is zone)
