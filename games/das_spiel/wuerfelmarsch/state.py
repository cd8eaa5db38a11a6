"""Würfelmarsch's state machine (RULES.md §9): three armies of five dice march over the plate
toward the corner opposite their side; a tip that completes a funnel captures or removes dice.

``WmState.apply(action)`` checks everything first and raises a typed ``IllegalAction`` before
changing anything; then it changes the state and returns a ``Result``. What follows from the
rules alone happens inside the event that causes it: captures and removals, skipping seats with
no die on the plate (WM-8), and the three ends (corner, empty plate, quiet cap). Positions are
geometry indices of the bottom layer; each seat's dice are a mask (``owned``); the faces are in
a ``Pyramid`` of bottom dice whose colour is the owner's (cosmetic, §9.1).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from games.common.errors import IllegalAction
from games.das_spiel import decisions as d
from games.das_spiel import geometry as g
from games.das_spiel.engine import SlotState, check_seat, check_turn
from games.das_spiel.errors import BadOrientation, PositionEmpty, PositionTaken
from games.das_spiel.orientation import ORIENTATIONS, Orientation, is_orientation, tip
from games.das_spiel.pyramid import Colour, Die, Pyramid
from games.das_spiel.sides import left_neighbour, march_moves, march_target, side_of_seat

__all__ = [
    "COLOURS",
    "MOVES",
    "SEATS",
    "SETUP",
    "TARGETS",
    "Action",
    "BackwardMove",
    "Capture",
    "EndReason",
    "Funnel",
    "NotANeighbour",
    "NotYourDie",
    "Result",
    "Rotate",
    "Tip",
    "WmState",
    "judge",
]

SEATS = d.WM_PLAYERS
COLOURS = (Colour.RED, Colour.YELLOW, Colour.PEARL)  # seat 0, 1, 2 (cosmetic, §9.1)


def _target(side: int) -> int:
    """The corner hollow opposite ``side``: the bottom position with coordinate 8 on its axis."""
    p = [0, 0, 0]
    p[side] = g.TOP
    return g.index_of(p[0], p[1], p[2])


TARGETS: tuple[int, ...] = tuple(_target(side_of_seat(s)) for s in range(SEATS))  # 0A1 0I9 0I1

# §9.1: the five middle edge hollows of each side; 3 toward the player, 2 toward the left
# neighbour, 1 toward the right neighbour.
SETUP: tuple[tuple[tuple[str, ...], Orientation], ...] = (
    (("0I3", "0I4", "0I5", "0I6", "0I7"), (3, 2, 1)),
    (("0C1", "0D1", "0E1", "0F1", "0G1"), (1, 3, 2)),
    (("0C3", "0D4", "0E5", "0F6", "0G7"), (2, 1, 3)),
)


def _moves(seat: int) -> tuple[tuple[tuple[int, str, int, int], ...], ...]:
    """Per position: the seat's legal tip destinations ``(to, name, gain, lose)`` on the plate."""
    out = []
    for i in range(g.COUNT):
        row = []
        if g.LAYER[i] == 0:
            for name, gain, lose in march_moves(side_of_seat(seat)):
                t = march_target(i, gain, lose)
                if t != g.NONE:
                    row.append((t, name, gain, lose))
        out.append(tuple(row))
    return tuple(out)


# MOVES[seat][i]: where the seat's die at bottom position i may tip (before checking emptiness).
MOVES: tuple[tuple[tuple[tuple[int, str, int, int], ...], ...], ...] = tuple(
    _moves(s) for s in range(SEATS)
)


class EndReason(StrEnum):
    CORNER = "corner"
    PLATE_EMPTY = "plate_empty"
    QUIET_CAP = "quiet_cap"  # WM-8


# ------------------------------------------------------------------------------ actions


@dataclass(frozen=True, slots=True)
class Tip:
    """KANTELEN: the die at ``frm`` rolls into the adjacent empty hollow ``to``."""

    seat: int
    frm: int
    to: int


@dataclass(frozen=True, slots=True)
class Rotate:
    """DRAAIEN: the die at ``pos`` is set down again showing ``orientation``."""

    seat: int
    pos: int
    orientation: Orientation


Action = Tip | Rotate


@dataclass(frozen=True, slots=True)
class Funnel:
    """One funnel a tip completed: its walls ``(U_X, U_Y, U_Z)`` and what it did."""

    funnel: int
    walls: tuple[int, int, int]
    result: str  # "capture", "tie" or "own"
    by: int | None = None  # the capturing seat


@dataclass(frozen=True, slots=True)
class Capture:
    pos: int
    by: int


@dataclass(frozen=True, slots=True)
class Result:
    """What an event did; ``fields()`` is its part of the replay output (RECORD-FORMAT.md)."""

    kind: str  # "tip" or "rotate"
    pos: int  # tip: from; rotate: the die
    orientation: Orientation  # after the event
    to: int | None = None
    direction: str | None = None
    funnels: tuple[Funnel, ...] = ()
    captured: tuple[Capture, ...] = ()
    removed: tuple[int, ...] = ()
    skipped: tuple[int, ...] = ()  # seats passed over because they have no die (WM-8)
    end: EndReason | None = None  # the game ended with this event

    def fields(self) -> dict[str, object]:
        o = "".join(map(str, self.orientation))
        if self.kind == "rotate":
            return {"pos": g.LABELS[self.pos], "orientation": o}
        assert self.to is not None
        funnels: list[dict[str, object]] = []
        for f in self.funnels:
            entry: dict[str, object] = {
                "funnel": g.LABELS[f.funnel],
                "walls": list(f.walls),
                "result": f.result,
            }
            if f.by is not None:
                entry["by"] = f.by
            funnels.append(entry)
        return {
            "from": g.LABELS[self.pos],
            "to": g.LABELS[self.to],
            "dir": self.direction,
            "orientation": o,
            "funnels": funnels,
            "captured": [{"pos": g.LABELS[c.pos], "by": c.by} for c in self.captured],
            "removed": [g.LABELS[i] for i in self.removed],
        }


# ----------------------------------------------------------------------------- refusals


class NotYourDie(IllegalAction):
    pass


class NotANeighbour(IllegalAction):
    """A tip whose destination is not an adjacent hollow of the plate."""


class BackwardMove(IllegalAction):
    """A tip toward the player's own side (§9.2: never backward)."""


# ------------------------------------------------------------------------------ judging


def _owner(owned: list[int], i: int) -> int:
    for seat, mask in enumerate(owned):
        if mask >> i & 1:
            return seat
    raise KeyError(g.LABELS[i])


def judge(
    pyramid: Pyramid, owned: list[int], moved: int, mover: int
) -> tuple[tuple[Funnel, ...], tuple[Capture, ...], tuple[int, ...]]:
    """Judge every funnel the die just tipped to ``moved`` completes, all at once on the board
    as it stands (§9.2 steps 1–4, WM-3 … WM-5). ``owned[seat]`` is the mask of the seat's dice.
    Returns the funnels (label order), the captures and the removed dice (label order)."""
    occupied = pyramid.occupied
    funnels: list[Funnel] = []
    removed = 0
    claims: dict[int, list[tuple[int, int]]] = {}  # die → [(capturing seat, its wall)]
    for q in sorted(j for j in g.DEPENDENT_BY_AXIS[moved] if j != g.NONE):
        supports = g.SUPPORT_BY_AXIS[q]
        if any(not occupied >> s & 1 for s in supports):
            continue
        walls = pyramid.funnel_walls(q)
        owners = tuple(_owner(owned, s) for s in supports)
        top = max(walls)
        if d.WM_OWN_FUNNEL_INERT and owners[0] == owners[1] == owners[2]:
            funnels.append(Funnel(q, walls, "own"))
            continue
        if walls.count(top) > 1:
            funnels.append(Funnel(q, walls, "tie"))
            for s in supports:
                removed |= g.BIT[s]
            continue
        k = walls.index(top)
        by = owners[k]
        if not d.WM_HIGHEST_OWNER_CAPTURES and by != mover:
            funnels.append(Funnel(q, walls, "own"))  # WM-5 switched off: only the mover captures
            continue
        funnels.append(Funnel(q, walls, "capture", by))
        for s, o in zip(supports, owners, strict=True):
            if o != by:
                claims.setdefault(s, []).append((by, top))
    captures = []
    for s in sorted(claims):
        if removed >> s & 1:
            continue  # removal beats capture (WM-4)
        best = max(wall for _, wall in claims[s])
        seats = {seat for seat, wall in claims[s] if wall == best}
        if len(seats) > 1:
            removed |= g.BIT[s]  # captured by two owners with equal walls: removed
        else:
            captures.append(Capture(s, seats.pop()))
    return tuple(funnels), tuple(captures), tuple(g.bits(removed))


# -------------------------------------------------------------------------------- state


class WmState(SlotState):
    __slots__ = (
        "captured",
        "current",
        "end_reason",
        "last_turn",
        "owned",
        "pyramid",
        "quiet",
        "quiet_turns",
        "removed",
        "start_seat",
        "turn",
        "winners",
    )
    LISTS = ("owned", "captured", "removed", "last_turn", "winners")

    def __init__(
        self, start_seat: int = d.START_SEAT_DEFAULT, quiet_turns: int = d.WM_QUIET_TURNS
    ) -> None:
        if not 0 <= start_seat < SEATS:
            raise ValueError(f"no seat {start_seat} in a game of {SEATS}")
        if quiet_turns < 1:
            raise ValueError("quiet_turns is a positive number of turns")
        self.start_seat = start_seat
        self.quiet_turns = quiet_turns
        dice: dict[int, Die] = {}
        self.owned = [0] * SEATS
        for seat, (labels, o) in enumerate(SETUP):
            for text in labels:
                i = g.index_of_label(text)
                dice[i] = Die(COLOURS[seat], o)
                self.owned[seat] |= g.BIT[i]
        self.pyramid = Pyramid.from_dice(dice)
        self.current: int | None = start_seat
        self.turn = 0  # turns played
        self.quiet = 0  # turns in a row without a capture or removal
        self.captured = [0] * SEATS  # opponents' dice each seat has captured
        self.removed = [0] * SEATS  # each seat's own dice removed in ties
        self.last_turn = [-1] * SEATS  # the turn number of each seat's latest turn
        self.end_reason: EndReason | None = None
        self.winners: list[int] = []

    @classmethod
    def constructed(
        cls,
        dice: dict[str, tuple[int, str]],
        *,
        current: int,
        quiet_turns: int = d.WM_QUIET_TURNS,
    ) -> WmState:
        """A position for tests and examples: ``{"0E3": (seat, "465"), …}`` and who is on turn."""
        state = cls(quiet_turns=quiet_turns)
        state.owned = [0] * SEATS
        placed: dict[int, Die] = {}
        for text, (seat, o) in dice.items():
            i = g.index_of_label(text)
            if g.LAYER[i] != 0:
                raise ValueError(f"{text} is not on the plate")
            orientation = tuple(int(c) for c in o)
            if not is_orientation(orientation):
                raise ValueError(f"{o} is not a die")
            placed[i] = Die(COLOURS[seat], orientation)  # type: ignore[arg-type]
            state.owned[seat] |= g.BIT[i]
        state.pyramid = Pyramid.from_dice(placed)
        state.current = current
        state.start_seat = current
        return state

    # ------------------------------------------------------------------ queries

    @property
    def finished(self) -> bool:
        return self.end_reason is not None

    def owner_of(self, i: int) -> int | None:
        try:
            return _owner(self.owned, i)
        except KeyError:
            return None

    def owners(self) -> tuple[int, ...]:
        """``owners()[i]``: the seat owning the die at ``i`` (−1 for an empty position)."""
        out = [-1] * g.COUNT
        for seat in range(SEATS):
            for i in g.bits(self.owned[seat]):
                out[i] = seat
        return tuple(out)

    def score(self, seat: int) -> int:
        """Captured dice minus own dice removed in ties (WM-6)."""
        return self.captured[seat] - (self.removed[seat] if d.WM_DEDUCT_OWN_REMOVED else 0)

    def orientation(self, i: int) -> Orientation:
        die = self.pyramid.dice[i]
        if die is None:
            raise KeyError(g.LABELS[i])
        return die.orientation

    def tips(self, seat: int) -> list[Tip]:
        """Every legal tip of ``seat`` now, by die then direction (forward-left … right)."""
        occupied = self.pyramid.occupied
        return [
            Tip(seat, i, t)
            for i in g.bits(self.owned[seat])
            for t, _name, _gain, _lose in MOVES[seat][i]
            if not occupied >> t & 1
        ]

    def rotations(self, seat: int) -> list[Rotate]:
        """Every legal rotation of ``seat`` now (23 per die, WM-7)."""
        out = []
        for i in g.bits(self.owned[seat]):
            own = self.orientation(i)
            out.extend(
                Rotate(seat, i, o)
                for o in ORIENTATIONS
                if o != own or not d.WM_ROTATION_MUST_CHANGE
            )
        return out

    def legal_actions(self) -> list[Action]:
        seat = self.current
        if seat is None:
            return []
        return [*self.tips(seat), *self.rotations(seat)]

    # ---------------------------------------------------------------- checking

    def _check_actor(self, seat: int) -> None:
        check_seat(self.finished, seat, SEATS)
        check_turn(seat, self.current)

    def _check_own(self, seat: int, i: int) -> None:
        if not 0 <= i < g.COUNT:
            raise PositionEmpty(f"there is no position {i}")
        if not self.pyramid.occupied >> i & 1:
            raise PositionEmpty(f"no die lies at {g.LABELS[i]}")
        if not self.owned[seat] >> i & 1:
            raise NotYourDie(f"the die at {g.LABELS[i]} is not seat {seat}'s")

    def _move(self, a: Tip) -> tuple[str, int, int]:
        """The direction of a tip, or the refusal saying why it is none."""
        if not 0 <= a.to < g.COUNT or g.LAYER[a.to] != 0:
            raise NotANeighbour(f"a die tips only into a hollow of the plate, not {a.to}")
        for t, name, gain, lose in MOVES[a.seat][a.frm]:
            if t == a.to:
                if self.pyramid.occupied >> t & 1:
                    raise PositionTaken(f"{g.LABELS[t]} is taken")
                return name, gain, lose
        frm, to = g.LABELS[a.frm], g.LABELS[a.to]
        if a.to in g.LAYER_NEIGHBOURS[a.frm]:
            raise BackwardMove(f"{frm} -> {to} is a backward move for seat {a.seat}")
        raise NotANeighbour(f"{to} is not next to {frm}")

    # ------------------------------------------------------------------- apply

    def apply(self, action: Action) -> Result:
        if isinstance(action, Tip):
            return self._tip(action)
        if isinstance(action, Rotate):
            return self._rotate(action)
        raise TypeError(f"not a Würfelmarsch action: {action!r}")

    def _tip(self, a: Tip) -> Result:
        self._check_actor(a.seat)
        self._check_own(a.seat, a.frm)
        name, gain, lose = self._move(a)
        die = self.pyramid.dice[a.frm]
        assert die is not None
        o = tip(die.orientation, gain, lose)
        self.pyramid = self.pyramid.replace({a.frm: None, a.to: Die(die.colour, o)})
        self.owned[a.seat] = self.owned[a.seat] & ~g.BIT[a.frm] | g.BIT[a.to]
        funnels, captures, removed = judge(self.pyramid, self.owned, a.to, a.seat)
        gone = g.mask_of(removed) | g.mask_of(c.pos for c in captures)
        if gone:
            for c in captures:
                self.captured[c.by] += 1
            for i in removed:
                owner = self.owner_of(i)
                assert owner is not None
                self.removed[owner] += 1
            self.owned = [m & ~gone for m in self.owned]
            self.pyramid = self.pyramid.replace({i: None for i in g.bits(gone)})
        end = None
        if a.to == TARGETS[a.seat]:
            end = EndReason.CORNER  # a die arriving at a corner completes no funnel (§9.3)
        skipped = self._end_turn(a.seat, bool(gone), end)
        return Result(
            "tip", a.frm, o, a.to, name, funnels, captures, removed, skipped, self.end_reason
        )

    def _rotate(self, a: Rotate) -> Result:
        self._check_actor(a.seat)
        self._check_own(a.seat, a.pos)
        if not is_orientation(a.orientation):
            raise BadOrientation(f"{a.orientation} is not one of the 24 orientations")
        die = self.pyramid.dice[a.pos]
        assert die is not None
        if d.WM_ROTATION_MUST_CHANGE and die.orientation == a.orientation:
            raise BadOrientation(f"the die at {g.LABELS[a.pos]} already shows that")
        self.pyramid = self.pyramid.replace({a.pos: Die(die.colour, a.orientation)})
        skipped = self._end_turn(a.seat, False, None)
        return Result("rotate", a.pos, a.orientation, skipped=skipped, end=self.end_reason)

    # ----------------------------------------------------------------- changes

    def _end_turn(self, seat: int, eventful: bool, end: EndReason | None) -> tuple[int, ...]:
        """Count the turn, apply the ends (corner before cap, §9.3), pass the turn left and skip
        seats without dice (WM-8); returns the skipped seats."""
        self.last_turn[seat] = self.turn
        self.turn += 1
        self.quiet = 0 if eventful else self.quiet + 1
        if end is EndReason.CORNER:
            self._end(end, [seat])
            return ()
        if not self.pyramid.occupied:
            self._end(EndReason.PLATE_EMPTY, self._best())
            return ()
        if self.quiet >= self.quiet_turns:
            self._end(EndReason.QUIET_CAP, self._best())
            return ()
        skipped = []
        nxt = left_neighbour(seat, SEATS)
        while not self.owned[nxt]:
            skipped.append(nxt)
            nxt = left_neighbour(nxt, SEATS)
        self.current = nxt
        return tuple(skipped)

    def _best(self) -> list[int]:
        """Highest score; among tied players the one whose last turn came latest (§9.3)."""
        top = max(self.score(s) for s in range(SEATS))
        tied = [s for s in range(SEATS) if self.score(s) == top]
        return [max(tied, key=lambda s: self.last_turn[s])]

    def _end(self, reason: EndReason, winners: list[int]) -> None:
        self.end_reason = reason
        self.current = None
        self.winners = sorted(winners)
