"""The pyramid's fixed geometry (RULES.md §2.2–2.5): 165 positions, labels and relations.

How to use it (every game module does):

- A position is an **index** 0…164 in label order (layer ascending, then row letter, then
  column): ``0`` is ``0A1``, ``44`` is ``0I9``, ``164`` is the apex ``8A1``. Coordinates
  ``(x, y, z)`` with ``x + y + z ≤ 8`` are ``POSITIONS[i]``; labels players type are
  ``LABELS[i]``; ``index_of_label("0I5")`` / ``index_of(x, y, z)`` go back.
- A set of positions (who is in the pyramid, one player's dice, a build) is an ``int``
  bitmask: bit ``i`` set means position ``i`` is in the set. Masks are immutable, hashable and
  copy for free, so game states can keep them and AIs can branch on them. ``BIT[i]`` is
  ``1 << i``; ``bits(mask)`` lists the indices of a mask in label order.
- Every relation is a precomputed table indexed by position: ``SUPPORT_BY_AXIS[i]`` (the dice
  ``p + e_x, p + e_y, p + e_z``; the funnel walls when ``i`` is empty), ``DEPENDENT_BY_AXIS[i]``
  (``p − e_x, p − e_y, p − e_z``, ``NONE`` where that is off the pyramid), the same as masks
  (``SUPPORT_MASK``, ``DEPENDENT_MASK``, ``FACE_MASK``), rows along an axis (``LINES``,
  ``LINE_OF``), layers, levels, sides and lateral edges.
- The derived predicates of §2.5 are functions of an occupancy mask: ``free_dice``,
  ``open_dice``, ``funnels``, ``plate_hollows``, ``is_stable``, ``exposed_axes``,
  ``front_dice``, ``longest_row``. They only need *where* dice are; what a die shows is in
  ``games.das_spiel.pyramid`` (``Pyramid`` adds colours and orientations) and
  ``games.das_spiel.orientation``.

Axes are ``X = 0``, ``Y = 1``, ``Z = 2`` (plain ints so they index tuples directly). "Up" is
``−(1, 1, 1)``: the die at ``p`` rests on ``p + e_x, p + e_y, p + e_z`` one layer lower.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

__all__ = [
    "ALL_MASK",
    "AXES",
    "AXIS_NAMES",
    "BIT",
    "BOTTOM_MASK",
    "CORNER_HOLLOWS",
    "COUNT",
    "DEPENDENTS",
    "DEPENDENT_BY_AXIS",
    "DEPENDENT_MASK",
    "EDGE_HOLLOWS",
    "EDGE_HOLLOW_MASK",
    "FACE_MASK",
    "FACE_NEIGHBOURS",
    "LABELS",
    "LATERAL_EDGES",
    "LATERAL_EDGE_MASK",
    "LAYER",
    "LAYERS",
    "LAYER_MASK",
    "LAYER_NEIGHBOURS",
    "LAYER_SIZES",
    "LAYER_START",
    "LEVEL_MASK",
    "LINES",
    "LINE_OF",
    "NONE",
    "POSITIONS",
    "SIDE_MASK",
    "SUPPORTS",
    "SUPPORT_BY_AXIS",
    "SUPPORT_MASK",
    "TOP",
    "X",
    "Y",
    "Z",
    "bits",
    "dependents_of",
    "exposed_axes",
    "face_contacts",
    "free_dice",
    "front_dice",
    "funnels",
    "index_of",
    "index_of_label",
    "is_label",
    "is_stable",
    "label",
    "labels",
    "longest_row",
    "mask_of",
    "mask_of_labels",
    "open_dice",
    "plate_hollows",
    "row_axis",
    "step_down",
    "supports_of",
    "unsupported",
]

Pos = tuple[int, int, int]

TOP: Final = 8  # the largest coordinate sum; layers are 0 … TOP
LAYERS: Final = TOP + 1
X: Final = 0
Y: Final = 1
Z: Final = 2
AXES: Final = (X, Y, Z)
AXIS_NAMES: Final = ("X", "Y", "Z")
NONE: Final = -1  # "no such position" in the by-axis tables


def _label_order() -> tuple[Pos, ...]:
    out: list[Pos] = []
    for h in range(LAYERS):
        s = TOP - h
        for r in range(s + 1):  # row letter A + r, r = y + z
            for y in range(r + 1):  # column y + 1
                out.append((s - r, y, r - y))
    return tuple(out)


POSITIONS: Final[tuple[Pos, ...]] = _label_order()
COUNT: Final = len(POSITIONS)  # 165
_INDEX: Final[dict[Pos, int]] = {p: i for i, p in enumerate(POSITIONS)}


def _label(p: Pos) -> str:
    x, y, z = p
    return f"{TOP - (x + y + z)}{chr(ord('A') + y + z)}{y + 1}"


LABELS: Final[tuple[str, ...]] = tuple(_label(p) for p in POSITIONS)
_LABEL_INDEX: Final[dict[str, int]] = {s: i for i, s in enumerate(LABELS)}
LAYER: Final[tuple[int, ...]] = tuple(TOP - sum(p) for p in POSITIONS)
LAYER_SIZES: Final[tuple[int, ...]] = tuple(LAYER.count(h) for h in range(LAYERS))
LAYER_START: Final[tuple[int, ...]] = tuple(LAYER.index(h) for h in range(LAYERS))
BIT: Final[tuple[int, ...]] = tuple(1 << i for i in range(COUNT))
ALL_MASK: Final = (1 << COUNT) - 1


def _step(p: Pos, axis: int, delta: int) -> int:
    q = list(p)
    q[axis] += delta
    return _INDEX.get((q[0], q[1], q[2]), NONE)


def _mask(indices: object) -> int:
    m = 0
    for i in indices:  # type: ignore[attr-defined]
        if i != NONE:
            m |= 1 << i
    return m


# p + e_a for a = X, Y, Z: the three dice p rests on (all NONE for the bottom layer).
SUPPORT_BY_AXIS: Final[tuple[tuple[int, int, int], ...]] = tuple(
    (_step(p, X, 1), _step(p, Y, 1), _step(p, Z, 1)) for p in POSITIONS
)
# p − e_a for a = X, Y, Z: the dice that rest on p, NONE where a coordinate would be < 0.
DEPENDENT_BY_AXIS: Final[tuple[tuple[int, int, int], ...]] = tuple(
    (_step(p, X, -1), _step(p, Y, -1), _step(p, Z, -1)) for p in POSITIONS
)
SUPPORTS: Final = tuple(tuple(j for j in t if j != NONE) for t in SUPPORT_BY_AXIS)
DEPENDENTS: Final = tuple(tuple(j for j in t if j != NONE) for t in DEPENDENT_BY_AXIS)
FACE_NEIGHBOURS: Final = tuple(s + d for s, d in zip(SUPPORTS, DEPENDENTS, strict=True))
SUPPORT_MASK: Final[tuple[int, ...]] = tuple(_mask(t) for t in SUPPORTS)
DEPENDENT_MASK: Final[tuple[int, ...]] = tuple(_mask(t) for t in DEPENDENTS)
FACE_MASK: Final[tuple[int, ...]] = tuple(
    a | b for a, b in zip(SUPPORT_MASK, DEPENDENT_MASK, strict=True)
)


def _layer_neighbours(p: Pos) -> tuple[int, ...]:
    out = []
    for a in AXES:
        for b in AXES:
            if a != b:
                q = list(p)
                q[a] += 1
                q[b] -= 1
                j = _INDEX.get((q[0], q[1], q[2]))
                if j is not None:
                    out.append(j)
    return tuple(sorted(out))


# Same layer, differing by e_a − e_b: they share an edge, never a face.
LAYER_NEIGHBOURS: Final = tuple(_layer_neighbours(p) for p in POSITIONS)

LAYER_MASK: Final[tuple[int, ...]] = tuple(
    _mask(i for i in range(COUNT) if LAYER[i] == h) for h in range(LAYERS)
)
BOTTOM_MASK: Final = LAYER_MASK[0]
# LEVEL_MASK[a][c]: the plane p_a = c, parallel to side a (no rule uses it; for completeness).
LEVEL_MASK: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(_mask(i for i, p in enumerate(POSITIONS) if p[a] == c) for c in range(LAYERS))
    for a in AXES
)
# Side A is the outer wall p_a = 0: 45 positions, each showing its U_A face outward.
SIDE_MASK: Final[tuple[int, ...]] = tuple(LEVEL_MASK[a][0] for a in AXES)
# Lateral edge along axis a: (k·e_a), k = 0 … 8, apex first, down to its bottom corner.
LATERAL_EDGES: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(_INDEX[tuple(k if b == a else 0 for b in AXES)] for k in range(LAYERS))  # type: ignore[index]
    for a in AXES
)
LATERAL_EDGE_MASK: Final[tuple[int, ...]] = tuple(_mask(e) for e in LATERAL_EDGES)
EDGE_HOLLOWS: Final[tuple[int, ...]] = tuple(
    i for i in range(COUNT) if LAYER[i] == 0 and 0 in POSITIONS[i]
)
EDGE_HOLLOW_MASK: Final = _mask(EDGE_HOLLOWS)
CORNER_HOLLOWS: Final[tuple[int, ...]] = tuple(e[-1] for e in LATERAL_EDGES)  # 0A1, 0I9, 0I1


def _lines(axis: int) -> tuple[tuple[int, ...], ...]:
    """Lines parallel to ``axis``, one per cell of side ``axis``, in the label order of that
    cell; each runs from its smallest coordinate (its top, on the wall) down to the plate."""
    out = []
    for i in range(COUNT):
        if POSITIONS[i][axis] == 0:
            line = [i]
            while (j := SUPPORT_BY_AXIS[line[-1]][axis]) != NONE:
                line.append(j)
            out.append(tuple(line))
    return tuple(out)


# LINES[a]: the 45 lines (rows, §2.4) parallel to axis a; LINE_OF[a][i]: the line holding i.
LINES: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(_lines(a) for a in AXES)
LINE_OF: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(
        sorted((i, n) for n, line in enumerate(LINES[a]) for i in line)[k][1] for k in range(COUNT)
    )
    for a in AXES
)


# ------------------------------------------------------------------------------ labels


def label(i: int) -> str:
    """The label players use for position ``i`` (``"0I5"``)."""
    return LABELS[i]


def labels(mask: int) -> list[str]:
    """The labels of a mask in label order."""
    return [LABELS[i] for i in bits(mask)]


def is_label(text: object) -> bool:
    return isinstance(text, str) and text in _LABEL_INDEX


def index_of_label(text: str) -> int:
    """The position a label names; ``KeyError`` for anything that is not one of the 165."""
    return _LABEL_INDEX[text]


def index_of(x: int, y: int, z: int) -> int:
    """The index of coordinates ``(x, y, z)``; ``KeyError`` if they are off the pyramid."""
    return _INDEX[(x, y, z)]


def mask_of(indices: object) -> int:
    """The mask of an iterable of indices."""
    return _mask(indices)


def mask_of_labels(texts: object) -> int:
    """The mask of labels (e.g. ``"0F3 0G3 0G4 1F3".split()``); ``KeyError`` on a bad one."""
    return _mask(_LABEL_INDEX[t] for t in texts)  # type: ignore[attr-defined]


def bits(mask: int) -> list[int]:
    """The indices set in ``mask``, ascending (= label order)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _iter_bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# -------------------------------------------------------------------------- predicates
#
# The predicates work on whole masks at once: "the union of SUPPORT_MASK over a set of
# positions" is looked up a byte of the set at a time (21 lookups for 165 bits), so a query on
# the whole pyramid costs a few microseconds instead of a loop over 165 positions.


def _byte_tables(masks: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    tables = []
    for k in range((COUNT + 7) // 8):
        row = [0] * 256
        for b in range(1, 256):
            low = b & -b
            i = 8 * k + low.bit_length() - 1
            row[b] = row[b ^ low] | (masks[i] if i < COUNT else 0)
        tables.append(tuple(row))
    return tuple(tables)


_SUPPORT_BYTES: Final = _byte_tables(SUPPORT_MASK)
_DEPENDENT_BYTES: Final = _byte_tables(DEPENDENT_MASK)


def _union(tables: tuple[tuple[int, ...], ...], mask: int) -> int:
    out = 0
    for row in tables:
        if not mask:
            break
        b = mask & 255
        if b:
            out |= row[b]
        mask >>= 8
    return out


def supports_of(mask: int) -> int:
    """The union of the supports of every position in ``mask``."""
    return _union(_SUPPORT_BYTES, mask)


def dependents_of(mask: int) -> int:
    """The union of the dependent positions of every position in ``mask``."""
    return _union(_DEPENDENT_BYTES, mask)


def unsupported(occupied: int) -> int:
    """The dice above the bottom layer of ``occupied`` that miss a support (empty if stable)."""
    return occupied & dependents_of(ALL_MASK & ~occupied)


def is_stable(occupied: int) -> bool:
    """Every die above the bottom layer has all three supports (every game keeps this)."""
    return unsupported(occupied) == 0


def free_dice(occupied: int) -> int:
    """Present dice with no dependent present: they can be taken without moving others."""
    return occupied & ~supports_of(occupied)


def open_dice(occupied: int) -> int:
    """Present dice with at least one dependent position empty (Abquetschen's "open", ABQ-4).

    Dependent positions that are off the pyramid do not count: the apex is never open."""
    return occupied & supports_of(ALL_MASK & ~occupied)


def funnels(occupied: int) -> int:
    """Empty positions above the bottom layer whose three supports are all present."""
    empty = ALL_MASK & ~occupied
    return empty & ~BOTTOM_MASK & ~dependents_of(empty)


def plate_hollows(occupied: int) -> int:
    """Empty bottom positions."""
    return BOTTOM_MASK & ~occupied


def exposed_axes(occupied: int, i: int) -> tuple[int, ...]:
    """The axes ``a`` whose upper face ``U_a`` of the die at ``i`` is exposed: it lies on the
    outer wall (``p_a = 0``) or the dependent ``p − e_a`` is empty."""
    return tuple(
        a for a, d in enumerate(DEPENDENT_BY_AXIS[i]) if d == NONE or not occupied >> d & 1
    )


def face_contacts(occupied: int) -> int:
    """How many pairs of present dice touch face to face (360 for the full pyramid)."""
    return sum(
        (occupied & SUPPORT_MASK[i]).bit_count() for i in _iter_bits(occupied & ~BOTTOM_MASK)
    )


def front_dice(occupied: int, axis: int) -> tuple[int, ...]:
    """For each line parallel to ``axis`` (in ``LINES[axis]`` order, i.e. the label order of
    the side's 45 cells), the present die with the smallest coordinate ``axis``, or ``NONE``.
    Its face ``U_axis`` is what the seat at that side sees in that cell (§2.5, §2.7)."""
    out = []
    for line in LINES[axis]:
        front = NONE
        for i in line:
            if occupied >> i & 1:
                front = i
                break
        out.append(front)
    return tuple(out)


_STEP_BYTES: Final = tuple(
    _byte_tables(tuple(0 if t[a] == NONE else 1 << t[a] for t in SUPPORT_BY_AXIS)) for a in AXES
)


def step_down(mask: int, axis: int) -> int:
    """Every position of ``mask`` moved one step down along ``axis`` (``p → p + e_axis``), those
    on the bottom dropped: the positions whose dependent along ``axis`` is in ``mask``."""
    return _union(_STEP_BYTES[axis], mask)


def row_axis(mask: int, axis: int) -> int:
    """The longest run of consecutive positions of ``mask`` along ``axis``: how often the set
    of run starts survives a step down along ``axis`` inside ``mask``."""
    steps = _STEP_BYTES[axis]
    n, cur = 0, mask
    while cur:
        n += 1
        cur = mask & _union(steps, cur)
    return n


def longest_row(mask: int) -> int:
    """The longest row (§2.4) inside ``mask``, along any axis: 1 for a lone die, 0 if empty."""
    return max(row_axis(mask, a) for a in AXES)
