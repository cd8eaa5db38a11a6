"""The 36 Spectrangle tiles: one table, in RULES.md's order (tile 0 is RRR, tile 35 the joker).

A tile's code lists its side colours clockwise; the code is the tile's identity. Correcting a
tile (RULES.md calls the arrangement of the three-colour tiles an open point) is a one-line
change in ``TILE_TABLE``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Colour(Enum):
    """Side colours; the value is the letter used in codes. White (the joker) matches all."""

    RED = "R"
    GREEN = "G"
    BLUE = "B"
    YELLOW = "Y"
    PURPLE = "P"
    WHITE = "W"


# value -> codes, exactly as the table in RULES.md, "Material: 36 tiles".
TILE_TABLE: tuple[tuple[int, tuple[str, ...]], ...] = (
    (6, ("RRR", "BBB", "GGG", "YYY", "PPP")),
    (5, ("RRY", "RRP", "BBR", "BBP", "GGR", "GGB", "YYG", "YYB", "PPY", "PPG")),
    (4, ("RRB", "RRG", "BBG", "BBY", "GGY", "GGP", "YYR", "YYP", "PPR", "PPB")),
    (3, ("YBP", "RGY", "BGP", "GRB")),
    (2, ("BRP", "YPR", "YPG")),
    (1, ("GRP", "BYG", "RYB", "WWW")),
)

JOKER = "WWW"
ROTATIONS = (0, 1, 2)


@dataclass(frozen=True, slots=True)
class Tile:
    index: int  # position in the table order, used wherever a fixed order is needed
    code: str
    value: int

    @property
    def colours(self) -> tuple[Colour, Colour, Colour]:
        return (Colour(self.code[0]), Colour(self.code[1]), Colour(self.code[2]))

    def rotated(self, rotation: int) -> str:
        """The code read clockwise from the horizontal side when laid with ``rotation``."""
        return self.code[rotation:] + self.code[:rotation]

    @property
    def distinct_rotations(self) -> tuple[int, ...]:
        """Rotations giving different colours: (0,) for single-colour tiles, else (0, 1, 2)."""
        return (0,) if len(set(self.code)) == 1 else ROTATIONS


TILES: tuple[Tile, ...] = tuple(
    Tile(i, code, value)
    for i, (value, code) in enumerate(
        (value, code) for value, codes in TILE_TABLE for code in codes
    )
)
TILE_BY_CODE: dict[str, Tile] = {t.code: t for t in TILES}
TILE_CODES: tuple[str, ...] = tuple(t.code for t in TILES)


def get_tile(code: object) -> Tile | None:
    """The tile with exactly this code (``"RRY"``, not a rotation such as ``"RYR"``), or None."""
    return TILE_BY_CODE.get(code) if isinstance(code, str) else None
