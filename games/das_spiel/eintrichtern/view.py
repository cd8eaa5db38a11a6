"""What one seat of Eintrichtern may see (RULES.md §3.4, §8.5): everything at the table except
the walls of covered funnels.

Every upper face of a yellow bottom die is either on the outer wall (public, EIN-5) or a wall of
exactly one layer-1 funnel (visible once that funnel is out of play). ``EinView`` holds exactly
the visible ones, so the picture, the buttons and the computer players built on it cannot leak
a covered sum. A lift's reveal is not part of the view: it is the ``Result`` of that lift.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from games.das_spiel import decisions as d
from games.das_spiel import geometry as g
from games.das_spiel.eintrichtern.state import FUNNELS, EinState, EndReason, Phase
from games.das_spiel.pyramid import Pyramid

__all__ = ["OUTER_FACES", "EinView", "outer_faces", "view"]

# (position, axis) of every outer-wall face of the bottom layer: U_a with p_a = 0 (27 of them)
OUTER_FACES: tuple[tuple[int, int], ...] = tuple(
    (b, a) for b in g.bits(g.BOTTOM_MASK) for a in g.AXES if g.POSITIONS[b][a] == 0
)


def outer_faces(plate: Pyramid) -> tuple[tuple[int, int, int], ...]:
    """``(position, axis, pips)`` of every outer-wall face of the yellow dice."""
    return tuple((b, a, plate.face(b, a)) for b, a in OUTER_FACES)


@dataclass(frozen=True, slots=True)
class EinView:
    """The table as ``seat`` sees it. The same for every seat in Eintrichtern (nothing is
    private), but built per seat so every game offers the same ``view(seat)``."""

    seat: int
    players: int
    goal: int
    phase: Phase
    current: int | None
    target: int | None
    adoptable: int | None  # the failed target the seat on turn may adopt now
    covered: int  # mask of layer-1 positions still holding a red die
    reds: tuple[int, ...]  # red dice held, per seat
    open_walls: Mapping[int, tuple[int, int, int]]  # funnel out of play → its U_X, U_Y, U_Z walls
    outer: tuple[tuple[int, int, int], ...]  # (position, axis, pips) on the outer wall (EIN-5)
    end_reason: EndReason | None
    winners: tuple[int, ...]

    @property
    def finished(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def open_funnels(self) -> int:
        """Funnels out of play (lifted on a match): their walls and sums are public."""
        return FUNNELS & ~self.covered

    def open_sum(self, q: int) -> int:
        return sum(self.open_walls[q])

    def faces(self) -> dict[tuple[int, int], int]:
        """Every visible yellow face: ``(position, axis) → pips``."""
        out = {(b, a): v for b, a, v in self.outer}
        for q, walls in self.open_walls.items():
            for a, b in enumerate(g.SUPPORT_BY_AXIS[q]):
                out[(b, a)] = walls[a]
        return out


def view(state: EinState, seat: int) -> EinView:
    """What ``seat`` may see now: never a wall of a covered funnel."""
    if not 0 <= seat < state.players:
        raise ValueError(f"there is no seat {seat}")
    open_walls = {q: state.walls(q) for q in g.bits(FUNNELS & ~state.covered)}
    return EinView(
        seat=seat,
        players=state.players,
        goal=state.goal,
        phase=state.phase,
        current=state.current,
        target=state.target,
        adoptable=state.adoptable if state.phase is Phase.TARGET else None,
        covered=state.covered,
        reds=tuple(state.reds),
        open_walls=MappingProxyType(open_walls),
        outer=outer_faces(state.plate) if d.EIN_OUTER_FACES_PUBLIC else (),
        end_reason=state.end_reason,
        winners=tuple(state.winners),
    )
