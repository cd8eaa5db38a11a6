"""Precomputed tables that make legality a lookup (RULES.md, "Placing" and "Scoring").

Colours are small ints (``COLOUR_INDEX``); ``NONE`` marks a side with no tile across it. An empty
field's *constraint key* packs, for each of its sides in clockwise order, the colour of the laid
side across it (or ``NONE``): ``key = c0·49 + c1·7 + c2``. The state keeps every empty field's key
up to date, so legality is a lookup in ``FIT_BITS[key]``: bit ``3·tile + rotation`` is set when
that tile in that rotation matches every occupied neighbour. Sets of tiles use bit ``3·tile``
(``TILE_BIT``), so ``ANY_FIT[key] & tiles`` says whether any of them fits in some rotation.
"""

from __future__ import annotations

from games.spectrangle.board import FIELDS
from games.spectrangle.tiles import TILES, Colour

COLOUR_INDEX: dict[str, int] = {c.value: i for i, c in enumerate(Colour)}
COLOUR_LETTER: tuple[str, ...] = tuple(c.value for c in Colour)
WHITE = COLOUR_INDEX[Colour.WHITE.value]
NONE = len(COLOUR_INDEX)  # no tile across this side
SLOT_WEIGHT = (49, 7, 1)
OPEN_KEY = NONE * 49 + NONE * 7 + NONE  # a field with no occupied neighbour
KEY_COUNT = OPEN_KEY + 1

# ROTATED[tile][rotation]: side colours clockwise from the horizontal side.
ROTATED: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple(tuple(COLOUR_INDEX[ch] for ch in t.rotated(k)) for k in range(3))  # type: ignore[misc]
    for t in TILES
)
TILE_BIT: tuple[int, ...] = tuple(1 << (3 * t) for t in range(len(TILES)))
ALL_TILES = sum(TILE_BIT)
# ROTATIONS_OF[bits]: the rotations whose bits (of a tile's three) are set.
ROTATIONS_OF: tuple[tuple[int, ...], ...] = tuple(
    tuple(k for k in range(3) if bits >> k & 1) for bits in range(8)
)


def matches(mine: int, theirs: int) -> bool:
    """Two touching sides match: same colour, or either is white (or nothing is across)."""
    return theirs in (NONE, WHITE) or mine in (theirs, WHITE)


def key_colours(key: int) -> tuple[int, int, int]:
    return (key // 49, key // 7 % 7, key % 7)


# _SLOT_OK[slot][colour]: bits 3·tile + rotation whose side in that slot matches that colour.
_SLOT_OK = tuple(
    tuple(
        sum(
            1 << (3 * t + k)
            for t, rotations in enumerate(ROTATED)
            for k, sides in enumerate(rotations)
            if matches(sides[slot], colour)
        )
        for colour in range(NONE + 1)
    )
    for slot in range(3)
)
FIT_BITS: tuple[int, ...] = tuple(
    _SLOT_OK[0][c0] & _SLOT_OK[1][c1] & _SLOT_OK[2][c2]
    for c0, c1, c2 in map(key_colours, range(KEY_COUNT))
)
ANY_FIT: tuple[int, ...] = tuple((b | b >> 1 | b >> 2) & ALL_TILES for b in FIT_BITS)
# TOUCHING[key]: how many sides have a tile across them.
TOUCHING: tuple[int, ...] = tuple(sum(c != NONE for c in key_colours(k)) for k in range(KEY_COUNT))
# SLOT_NEIGHBOURS[field]: (slot, neighbour) for each side with a field across it.
SLOT_NEIGHBOURS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((j, n) for j, n in enumerate(f.slot_neighbours) if n is not None) for f in FIELDS
)
BONUS: tuple[int, ...] = tuple(f.bonus for f in FIELDS)
VALUES: tuple[int, ...] = tuple(t.value for t in TILES)
