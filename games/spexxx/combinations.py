"""Which squares a throw names, precomputed for all 252 multisets of five dice.

A throw's allowed squares then cost one dict lookup and a bitmask ``&`` with the empty squares.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from itertools import combinations_with_replacement

from games.spexxx.board import GRID, ON_FIELD_MASK, SQUARES, Square, Zone

DICE_PER_THROW = 5
DIE_FACES = (1, 2, 3, 4, 5, 6)
_STRAIGHTS_OF_FOUR = ({1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6})
_STRAIGHTS_OF_FIVE = ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6})

DiceKey = tuple[int, ...]


def dice_key(dice: Iterable[int]) -> DiceKey:
    return tuple(sorted(dice))


def is_gold(dice: Iterable[int]) -> bool:
    """Five of a kind: every empty square is allowed."""
    return len(set(dice)) == 1


def has_four_in_a_row(dice: Iterable[int]) -> bool:
    values = set(dice)
    return any(run <= values for run in _STRAIGHTS_OF_FOUR)


def has_five_in_a_row(dice: Iterable[int]) -> bool:
    values = set(dice)
    return any(run == values for run in _STRAIGHTS_OF_FIVE)


def square_allows(square: Square, dice: Iterable[int]) -> bool:
    """The rule for one square, spelled out; used to build the table and to explain refusals."""
    dice = tuple(dice)
    if is_gold(dice):
        return True
    if square.zone is Zone.BRONZE:
        return has_four_in_a_row(dice)
    if square.zone is Zone.SILVER:
        return has_five_in_a_row(dice)
    combo = square.combination
    assert combo is not None
    counts = Counter(dice)
    return counts[combo.value] >= combo.count and counts[combo.value2] >= combo.count2


def _build_table() -> dict[DiceKey, int]:
    """``square_allows`` for every multiset and square, with each multiset's counts taken once
    (calling it 44,000 times cost most of the engine's import time)."""
    bronze = [sq.index for sq in SQUARES if sq.zone is Zone.BRONZE]
    silver = [sq.index for sq in SQUARES if sq.zone is Zone.SILVER]
    combos = [(sq.index, sq.combination) for sq in SQUARES if sq.combination is not None]
    table: dict[DiceKey, int] = {}
    for key in combinations_with_replacement(DIE_FACES, DICE_PER_THROW):
        if is_gold(key):
            table[key] = ON_FIELD_MASK
            continue
        counts = Counter(key)
        mask = 0
        for index, combo in combos:
            if counts[combo.value] >= combo.count and counts[combo.value2] >= combo.count2:
                mask |= 1 << index
        if has_four_in_a_row(key):
            mask |= sum(1 << i for i in bronze)
        if has_five_in_a_row(key):
            mask |= sum(1 << i for i in silver)
        table[key] = mask
    return table


ALLOWED_BY_KEY: dict[DiceKey, int] = _build_table()


def allowed_mask(dice: Iterable[int]) -> int:
    """Bitmask (grid indices) of every on-field square this throw names, empty or not."""
    return ALLOWED_BY_KEY[tuple(sorted(dice))]


def iter_mask(mask: int) -> Iterator[Square]:
    """Squares of a bitmask in index order (bottom row first, left to right)."""
    while mask:
        low = mask & -mask
        sq = GRID[low.bit_length() - 1]
        assert sq is not None
        yield sq
        mask ^= low


# The same table as grid indices in index order: listing the empty ones is then a short filter
# over a list lookup, cheaper than walking the bits of a 288-bit mask.
ALLOWED_INDICES_BY_KEY: dict[DiceKey, tuple[int, ...]] = {
    key: tuple(sq.index for sq in iter_mask(mask)) for key, mask in ALLOWED_BY_KEY.items()
}
