"""Abquetschen's groups (RULES.md §4.3–4.5, §4.7): every legal set of new dice, fast.

A group is a mask ``T`` of ``n`` empty positions that is stable on ``occupied | T``,
face-connected, has a die in ``anchors`` (the empty positions that touch a die the builder may
touch), and, when ``keep_open`` is given, leaves at least one die of ``keep_open`` open
(exception 2). ``groups`` lists them all; ``has_group`` answers whether one exists.

How: grow face-connected sets level by level from the anchor positions, adding one empty
face-neighbour at a time, and drop a set as soon as its size plus its missing supports (supports
neither in the pile nor in the set) exceeds ``n``. Every subset of a legal group passes that
test (its missing supports lie in the rest of the group), so nothing legal is lost, and no
unsupported branch is ever grown. Sets are deduplicated per level by mask.
"""

from __future__ import annotations

from games.das_spiel import geometry as g

__all__ = ["anchors_of", "groups", "has_group", "positions_in"]

_SUPPORT = g.SUPPORT_MASK
_FACE = g.FACE_MASK
_BIT = g.BIT


def anchors_of(occupied: int, dice: int) -> int:
    """Empty positions that touch a die of ``dice`` face to face. In a stable pile a new die
    can touch a present die only by resting on it, so these are the empty dependents."""
    return g.dependents_of(dice) & ~occupied


def _grow(occupied: int, anchors: int, n: int) -> list[int]:
    """Masks of the size-``n`` sets grown from ``anchors``. At size ``n`` the pruning leaves
    no missing support, so every one of them is stable."""
    if n < 1:
        return []
    empty = g.ALL_MASK & ~occupied
    level: dict[int, tuple[int, int]] = {}
    for a in g.bits(anchors & empty):
        sup = _SUPPORT[a]
        if 1 + (sup & empty).bit_count() <= n:
            level[_BIT[a]] = (sup, _FACE[a] & empty)
    for size in range(2, n + 1):
        nxt: dict[int, tuple[int, int]] = {}
        for m, (sup, nb) in level.items():
            cand = nb & ~m
            while cand:
                low = cand & -cand
                cand ^= low
                m2 = m | low
                if m2 in nxt:
                    continue
                p = low.bit_length() - 1
                sup2 = sup | _SUPPORT[p]
                if size + (sup2 & empty & ~m2).bit_count() > n:
                    continue
                nxt[m2] = (sup2, nb | (_FACE[p] & empty))
        level = nxt
    return list(level)


def groups(occupied: int, anchors: int, n: int, keep_open: int = 0) -> list[int]:
    """Every legal group of ``n`` new dice, sorted (by mask, a stable order)."""
    out = []
    for m in _grow(occupied, anchors, n):
        if keep_open and not g.open_dice(occupied | m) & keep_open:
            continue
        out.append(m)
    out.sort()
    return out


def has_group(occupied: int, anchors: int, n: int, keep_open: int = 0) -> bool:
    return bool(groups(occupied, anchors, n, keep_open))


def positions_in(found: list[int], picks: int = 0) -> int:
    """The positions of the groups that contain every position of ``picks``: what a picker may
    offer next (§4.7)."""
    out = 0
    for m in found:
        if m & picks == picks:
            out |= m
    return out & ~picks
