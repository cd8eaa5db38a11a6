"""The physical pile: which die (colour, orientation) lies where. Immutable and cheap to copy.

``Pyramid`` pairs an occupancy mask (``occupied``, see ``games.das_spiel.geometry``) with a
165-tuple of ``Die | None`` in label order. Every change returns a new ``Pyramid`` (one tuple
copy, about a microsecond), so game states can share it, keep old ones for undo and hand it to
AIs without defensive copies. Ownership (who built, took or laid a die) is game business: keep
it as a separate mask per seat in the game state.

Typical use::

    pyr = Pyramid.empty().place(index_of_label("0A1"), Die(Colour.RED, (3, 2, 1)))
    pyr.funnels()            # mask of funnels; bits(...) / labels(...) to list them
    pyr.funnel_sum(q)        # U_X(q+e_x) + U_Y(q+e_y) + U_Z(q+e_z)
    pyr.side_view(Y)         # what the seat at side Y sees: one (position, pips) per cell

The methods never check the rules of a game: ``place`` refuses only a taken position and
``is_stable`` is a question, not an invariant, so a game can move several dice (a slide) and
check once.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from games.das_spiel import geometry as g
from games.das_spiel.orientation import Orientation

__all__ = ["Colour", "Die", "Pyramid"]


class Colour(StrEnum):
    """Colour letters of RULES.md §2.1 (records write a die as colour letter + orientation)."""

    RED = "R"
    YELLOW = "Y"
    PEARL = "P"
    TURQUOISE = "T"


class Die(NamedTuple):
    colour: Colour
    orientation: Orientation

    @property
    def text(self) -> str:
        """The record form, e.g. ``"Y531"``."""
        u = self.orientation
        return f"{self.colour.value}{u[0]}{u[1]}{u[2]}"


_EMPTY_DICE: tuple[Die | None, ...] = (None,) * g.COUNT


@dataclass(frozen=True, slots=True)
class Pyramid:
    occupied: int
    dice: tuple[Die | None, ...]

    # ---------------------------------------------------------------- building

    @classmethod
    def empty(cls) -> Pyramid:
        return cls(0, _EMPTY_DICE)

    @classmethod
    def from_dice(cls, dice: Mapping[int, Die] | Iterable[Die | None]) -> Pyramid:
        """From ``{index: Die}`` or a label-order sequence (``None`` = empty, shorter = the rest
        empty)."""
        if isinstance(dice, Mapping):
            full: list[Die | None] = [None] * g.COUNT
            for i, d in dice.items():
                full[i] = d
        else:
            full = list(dice)
            if len(full) > g.COUNT:
                raise ValueError(f"{len(full)} dice for {g.COUNT} positions")
            full += [None] * (g.COUNT - len(full))
        occupied = 0
        for i, d in enumerate(full):
            if d is not None:
                occupied |= 1 << i
        return cls(occupied, tuple(full))

    def place(self, i: int, die: Die) -> Pyramid:
        if self.occupied >> i & 1:
            raise ValueError(f"{g.LABELS[i]} is taken")
        return Pyramid(self.occupied | 1 << i, (*self.dice[:i], die, *self.dice[i + 1 :]))

    def remove(self, i: int) -> Pyramid:
        if not self.occupied >> i & 1:
            raise ValueError(f"{g.LABELS[i]} is empty")
        return Pyramid(self.occupied & ~(1 << i), (*self.dice[:i], None, *self.dice[i + 1 :]))

    def replace(self, changes: Mapping[int, Die | None]) -> Pyramid:
        """Set several positions at once (``None`` empties one), e.g. a slide."""
        dice = list(self.dice)
        occupied = self.occupied
        for i, d in changes.items():
            dice[i] = d
            occupied = occupied | 1 << i if d is not None else occupied & ~(1 << i)
        return Pyramid(occupied, tuple(dice))

    def pull(self, b: int) -> tuple[Pyramid, Die, int]:
        """Pull the bottom die at ``b`` and let the pile slide (Cui bono?, §7.2, CUI-6).

        If exactly one upper face ``U_k`` of ``b`` is covered, the occupied row ``b − e_k,
        b − 2e_k, …`` slides one step down along ``e_k`` (each die takes the place of the one
        below it); if none is covered nothing moves. Returns the new pyramid, the pulled die and
        the position left empty. ``ValueError`` for an empty or non-bottom ``b`` or one with two
        or more covered faces (no single slide; such dice are not pullable, CUI-2)."""
        die = self.dice[b]
        if die is None or g.LAYER[b] != 0:
            raise ValueError(f"{g.LABELS[b]} holds no bottom die")
        occupied = self.occupied
        covered = [a for a in g.AXES if a not in g.exposed_axes(occupied, b)]
        if len(covered) > 1:
            raise ValueError(f"{g.LABELS[b]} is held by {len(covered)} dice above it")
        if not covered:
            return self.remove(b), die, b
        k = covered[0]
        dice = list(self.dice)
        below, above = b, g.DEPENDENT_BY_AXIS[b][k]
        while above != g.NONE and occupied >> above & 1:
            dice[below] = dice[above]
            below, above = above, g.DEPENDENT_BY_AXIS[above][k]
        dice[below] = None
        return Pyramid(occupied & ~(1 << below), tuple(dice)), die, below

    # ----------------------------------------------------------------- queries

    def __contains__(self, i: object) -> bool:
        return isinstance(i, int) and 0 <= i < g.COUNT and bool(self.occupied >> i & 1)

    def __len__(self) -> int:
        return self.occupied.bit_count()

    def die(self, i: int) -> Die | None:
        return self.dice[i]

    def face(self, i: int, axis: int) -> int:
        """``U_axis`` of the die at ``i`` (``KeyError`` when ``i`` is empty)."""
        d = self.dice[i]
        if d is None:
            raise KeyError(g.LABELS[i])
        return d.orientation[axis]

    def colour_mask(self, colour: Colour) -> int:
        return g.mask_of(i for i, d in enumerate(self.dice) if d is not None and d.colour is colour)

    def is_stable(self) -> bool:
        return g.is_stable(self.occupied)

    def free_dice(self) -> int:
        return g.free_dice(self.occupied)

    def open_dice(self) -> int:
        return g.open_dice(self.occupied)

    def funnels(self) -> int:
        return g.funnels(self.occupied)

    def funnel_walls(self, q: int) -> tuple[int, int, int]:
        """The three wall faces of funnel ``q``: ``U_X(q+e_x), U_Y(q+e_y), U_Z(q+e_z)``, the faces
        that point to the other two supports (§2.5). ``KeyError`` if a support is missing."""
        sx, sy, sz = g.SUPPORT_BY_AXIS[q]
        return (self.face(sx, g.X), self.face(sy, g.Y), self.face(sz, g.Z))

    def funnel_sum(self, q: int) -> int:
        return sum(self.funnel_walls(q))

    def exposed_faces(self) -> list[tuple[int, int, int]]:
        """Every exposed upper face as ``(position, axis, pips)``, in label order then axis.

        A view may keep interior dice present but unknown (``None``, Cui bono?'s ``public``):
        they expose no face, so they are skipped; an exposed face of an unknown die is a bug."""
        out = []
        occupied = self.occupied
        dice = self.dice
        for i in g.bits(occupied):
            axes = g.exposed_axes(occupied, i)
            if not axes:
                continue
            die = dice[i]
            if die is None:
                raise ValueError(f"{g.LABELS[i]} shows a face but its die is unknown")
            o = die.orientation
            for a in axes:
                out.append((i, a, o[a]))
        return out

    def side_view(self, axis: int) -> tuple[tuple[int, int], ...]:
        """What the seat at side ``axis`` sees: per cell of the side (``LINES[axis]`` order), the
        front die and its ``U_axis`` pips, or ``(NONE, 0)`` for an empty line (§2.5, §2.7)."""
        out = []
        for i in g.front_dice(self.occupied, axis):
            out.append((i, 0) if i == g.NONE else (i, self.dice[i].orientation[axis]))  # type: ignore[union-attr]
        return tuple(out)
