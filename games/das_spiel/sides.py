"""Seats, sides and what a seat sees (RULES.md §2.7, §3.1).

- Play passes to the **left neighbour**, seat ``s + 1`` (mod the seats): ``left_neighbour``.
- In the games with sides (Raffzahn, Würfelmarsch) seat 0 sits at side X, 1 at Y, 2 at Z
  (``side_of_seat``; GEN-2). Seen from above X → Y → Z runs clockwise, so the side to the left
  of side ``P`` is ``left_side(P)`` = ``P + 1`` and to the right ``right_side(P)`` = ``P + 2``.
- A seat at side ``A`` sees the front die's ``U_A`` in each of the side's 45 cells:
  ``Pyramid.side_view(A)`` (or ``seat_view`` with a seat number).
- ``project(i, side)`` gives picture coordinates of a position's top corner in the canonical top
  view (``side = X``: side X along the bottom, row A at the top) or in the view from side Y / Z.
- ``MARCH_DIRECTIONS`` are the four Würfelmarsch moves in the player's own frame, as
  ``(name, gain_axis, lose_axis)`` for a move ``p → p + e_gain − e_lose``; ``march_target``
  applies one to a bottom position.
"""

from __future__ import annotations

import math
from typing import Final

from games.das_spiel import geometry as g
from games.das_spiel.decisions import SEAT_SIDES
from games.das_spiel.pyramid import Pyramid

__all__ = [
    "MARCH_DIRECTIONS",
    "left_neighbour",
    "left_side",
    "march_moves",
    "march_target",
    "project",
    "right_neighbour",
    "right_side",
    "seat_view",
    "side_of_seat",
]

_SQRT2 = math.sqrt(2)
_SQRT6 = math.sqrt(6)


def left_neighbour(seat: int, seats: int) -> int:
    """The seat that plays after ``seat`` (clockwise, §3.1)."""
    return (seat + 1) % seats


def right_neighbour(seat: int, seats: int) -> int:
    return (seat - 1) % seats


def side_of_seat(seat: int) -> int:
    """The side (axis) a seat sits at in the three-sided games (GEN-2)."""
    return SEAT_SIDES[seat]


def left_side(side: int) -> int:
    """The side of the left neighbour of the player at ``side`` (X → Y → Z clockwise)."""
    return (side + 1) % 3


def right_side(side: int) -> int:
    return (side + 2) % 3


def seat_view(pyramid: Pyramid, seat: int) -> tuple[tuple[int, int], ...]:
    """What the seat at a side sees: ``Pyramid.side_view`` of its side."""
    return pyramid.side_view(side_of_seat(seat))


def project(i: int, side: int = g.X) -> tuple[float, float]:
    """Picture coordinates ``(u, v)`` of position ``i``'s top corner, ``v`` pointing down the
    image: ``u = (y − z)/√2``, ``v = (y + z − 2x)/√6`` after turning the pyramid so that ``side``
    is along the bottom (``(x, y, z) → (y, z, x)`` once for Y, twice for Z). A true view from
    above, not a mirror image."""
    p = g.POSITIONS[i]
    x, y, z = p[side], p[(side + 1) % 3], p[(side + 2) % 3]
    return (y - z) / _SQRT2, (y + z - 2 * x) / _SQRT6


# (name, gain, lose) relative to the player's side P, left side L and right side R (§9.2).
_RELATIVE: Final = (
    ("forward-left", "P", "L"),
    ("forward-right", "P", "R"),
    ("left", "R", "L"),
    ("right", "L", "R"),
)


def march_moves(side: int) -> tuple[tuple[str, int, int], ...]:
    """The four moves of the player at ``side``: ``(name, gain_axis, lose_axis)``."""
    axis = {"P": side, "L": left_side(side), "R": right_side(side)}
    return tuple((name, axis[gain], axis[lose]) for name, gain, lose in _RELATIVE)


MARCH_DIRECTIONS: Final = tuple(march_moves(side) for side in g.AXES)


def march_target(i: int, gain: int, lose: int) -> int:
    """The bottom position ``p + e_gain − e_lose``, or ``NONE`` off the plate."""
    x, y, z = g.POSITIONS[i]
    q = [x, y, z]
    q[gain] += 1
    q[lose] -= 1
    if q[lose] < 0:
        return g.NONE
    return g.index_of(q[0], q[1], q[2])
