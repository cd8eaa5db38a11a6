"""Cui bono?'s state machine (RULES.md §7): pull a bottom die, let the pile slide, put the die
back into a funnel that passes rules A and B, or keep it for minus points.

``CuiState.apply(action)`` checks everything first and raises a typed ``IllegalAction`` before
changing anything; then it changes the state and returns a ``Result``. What follows from the
rules alone happens inside the event that causes it: the slide (``Pyramid.pull``, CUI-6) in the
pull, and the three ends (CUI-4, CUI-5, CUI-7) in the put or keep that passes the turn.

The rule predicates (``pullable``, ``rule_a``, ``rule_b_edge``, ``put_refusal``,
``legal_funnels``) take a ``Pyramid`` and are public: the computer players ask them about a
seat's view (``public``: interior dice are ``None``, §3.4). They never need an interior die: a
pullable die, its sliding row, every funnel wall and every lateral edge lie on the surface. A
pull can reveal dice, though: the walls of the funnel it opens may have been interior before.

Phases: ``PULL`` (the seat on turn pulls), ``PLACE`` (he puts the held die back or keeps it),
``OVER``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from games.common.errors import IllegalAction
from games.das_spiel import decisions as d
from games.das_spiel import geometry as g
from games.das_spiel.engine import SlotState, check_seat, check_turn
from games.das_spiel.errors import WrongPhase
from games.das_spiel.pyramid import Colour, Die, Pyramid
from games.das_spiel.sides import left_neighbour

__all__ = [
    "COLOURS",
    "Action",
    "CuiState",
    "EndReason",
    "Keep",
    "NotPullable",
    "Phase",
    "Pull",
    "Put",
    "PutRefused",
    "Result",
    "hidden_dice",
    "legal_funnels",
    "public",
    "pullable",
    "put_refusal",
    "rule_a",
    "rule_b_edge",
]

COLOURS = (Colour.RED, Colour.YELLOW, Colour.PEARL)  # the order the booklet lists them
_EDGE_AXIS_NAMES = ("x", "y", "z")
_COLOUR_NAMES = {Colour.RED: "red", Colour.YELLOW: "yellow", Colour.PEARL: "pearl"}
_WALLS = g.SIDE_MASK[0] | g.SIDE_MASK[1] | g.SIDE_MASK[2]


class Phase(StrEnum):
    PULL = "pull"
    PLACE = "place"
    OVER = "over"


class EndReason(StrEnum):
    DICE_LIMIT = "dice_limit"  # CUI-4: someone kept his 10th (7th) die
    NOTHING_TO_PULL = "nothing_to_pull"  # CUI-5
    QUIET_CAP = "quiet_cap"  # CUI-7


# ------------------------------------------------------------------------------ actions


@dataclass(frozen=True, slots=True)
class Pull:
    seat: int
    pos: int


@dataclass(frozen=True, slots=True)
class Put:
    """Put the held die back into funnel ``pos``."""

    seat: int
    pos: int


@dataclass(frozen=True, slots=True)
class Keep:
    seat: int


Action = Pull | Put | Keep


@dataclass(frozen=True, slots=True)
class Result:
    """What an event did; ``fields()`` is its part of the replay output (RECORD-FORMAT.md)."""

    kind: str
    pos: int | None = None
    colour: Colour | None = None
    vacated: int | None = None
    funnels: int = 0  # mask: the legal put-backs for the pulled die
    kept: int | None = None
    end: EndReason | None = None  # the game ended with this event

    def fields(self) -> dict[str, object]:
        if self.kind == "pull":
            assert self.pos is not None and self.vacated is not None and self.colour is not None
            return {
                "pos": g.LABELS[self.pos],
                "colour": self.colour.value,
                "vacated": g.LABELS[self.vacated],
                "funnels": g.labels(self.funnels),
            }
        if self.kind == "put":
            assert self.pos is not None
            return {"pos": g.LABELS[self.pos]}
        assert self.colour is not None
        return {"colour": self.colour.value, "kept": self.kept}


# ----------------------------------------------------------------------------- refusals


class NotPullable(IllegalAction):
    """Not a bottom die with two free (exposed upper) faces (§7.2 step 1, CUI-2)."""


class PutRefused(IllegalAction):
    """Not a funnel, an empty plate hollow, or a funnel that fails rule A or B."""


# ---------------------------------------------------------------------------- predicates


def _covered(occupied: int, i: int) -> int:
    """How many upper faces of the die at ``i`` are covered by a die resting on it."""
    return sum(1 for j in g.DEPENDENT_BY_AXIS[i] if j != g.NONE and occupied >> j & 1)


def pullable(occupied: int) -> int:
    """Bottom dice with at least two exposed upper faces (CUI-2): the dice a seat may pull.

    Upper face ``U_a`` of a bottom die is covered when its dependent along ``a`` is present,
    i.e. the die is in ``step_down(layer 1, a)``: count the covered faces bit-parallel."""
    upper = occupied & g.LAYER_MASK[1]
    cx, cy, cz = (g.step_down(upper, a) for a in g.AXES)
    covered = (cx | cy | cz, (cx & cy) | (cx & cz) | (cy & cz), cx & cy & cz)
    return occupied & g.BOTTOM_MASK & ~covered[3 - d.CUI_PULL_MIN_EXPOSED]  # covered too often


def hidden_dice(occupied: int) -> int:
    """Present dice with no exposed upper face: the interior, whose colours nobody sees."""
    return occupied & ~(_WALLS | g.supports_of(g.ALL_MASK & ~occupied))


def public(pyramid: Pyramid) -> Pyramid:
    """``pyramid`` as every seat sees it (§3.4, §7.4): interior dice blanked to ``None`` but
    still present. ``Pyramid.pull`` and the rule predicates work on it: a pullable die, its
    sliding row and every funnel wall lie on the surface. What a pull will reveal does not."""
    hidden = hidden_dice(pyramid.occupied)
    if not hidden:
        return pyramid
    dice = tuple(None if hidden >> i & 1 else die for i, die in enumerate(pyramid.dice))
    return Pyramid(pyramid.occupied, dice)


def colour_at(pyramid: Pyramid, i: int) -> Colour | None:
    """The colour of the die at ``i``; ``None`` where it is hidden in a view (or empty)."""
    die = pyramid.dice[i]
    return None if die is None else die.colour


def rule_a(walls: tuple[Colour, Colour, Colour], colour: Colour) -> bool:
    """Rule A: the funnel's three dice show all three colours, or one colour not the die's."""
    a, b, c = walls
    if a is b is c:
        return a is not colour
    return a is not b and b is not c and a is not c


def rule_b_edge(pyramid: Pyramid, q: int, colour: Colour) -> int | None:
    """Rule B (CUI-3): the axis of a lateral edge through ``q`` whose dice would all be
    ``colour`` with the new die on top (the edge's top is ``q``, every die below it is present),
    or ``None`` if none would."""
    for axis in g.AXES:
        edge = g.LATERAL_EDGE_MASK[axis]
        if not edge >> q & 1:
            continue
        if all(colour_at(pyramid, i) is colour for i in g.bits(edge & pyramid.occupied)):
            return axis
    return None


def walls_of(pyramid: Pyramid, q: int) -> tuple[Colour | None, Colour | None, Colour | None]:
    sx, sy, sz = g.SUPPORT_BY_AXIS[q]
    return colour_at(pyramid, sx), colour_at(pyramid, sy), colour_at(pyramid, sz)


def put_refusal(pyramid: Pyramid, q: int, colour: Colour) -> str | None:
    """Why a die of ``colour`` may not go back into ``q`` now, or ``None`` if it may (§7.2 step
    3). The reasons are fit to show the player."""
    where = g.LABELS[q]
    if pyramid.occupied >> q & 1:
        return f"{where} is taken"
    if g.LAYER[q] == 0:
        return f"{where} is an empty plate hollow: a die never goes back onto the plate"
    if not g.funnels(pyramid.occupied) >> q & 1:
        return f"{where} is not a funnel: it does not rest on three dice"
    walls = walls_of(pyramid, q)
    if None in walls:
        raise ValueError(f"the walls of {where} are not known in this view")
    if not rule_a(walls, colour):  # type: ignore[arg-type]
        text = " ".join(c.value for c in walls)  # type: ignore[union-attr]
        if walls[0] is walls[1] is walls[2]:
            return f"rule A: funnel {where} ({text}) is the die's own colour"
        return f"rule A: funnel {where} ({text}) is neither three colours nor one colour"
    axis = rule_b_edge(pyramid, q, colour)
    if axis is not None:
        name = _COLOUR_NAMES[colour]
        return f"rule B: the {_EDGE_AXIS_NAMES[axis]}-edge would be all {name}"
    return None


def legal_funnels(pyramid: Pyramid, colour: Colour) -> int:
    """The funnels a die of ``colour`` may go back into (rules A and B), as a mask."""
    out = 0
    for q in g.bits(g.funnels(pyramid.occupied)):
        walls = walls_of(pyramid, q)
        if None in walls:
            raise ValueError(f"the walls of {g.LABELS[q]} are not known in this view")
        if rule_a(walls, colour) and rule_b_edge(pyramid, q, colour) is None:  # type: ignore[arg-type]
            out |= g.BIT[q]
    return out


# -------------------------------------------------------------------------------- state


class CuiState(SlotState):
    __slots__ = (
        "current",
        "dice_limit",
        "end_reason",
        "funnels",
        "held",
        "kept",
        "penalty",
        "phase",
        "pulled",
        "pyramid",
        "quiet",
        "quiet_turns",
        "seats",
        "start_seat",
        "vacated",
        "winners",
    )
    LISTS = ("winners",)
    NESTED = ("kept",)

    def __init__(
        self,
        pyramid: Pyramid,
        seats: int,
        *,
        start_seat: int = d.START_SEAT_DEFAULT,
        penalty: Mapping[str, int] = d.CUI_PENALTY,
        quiet_turns: int = d.CUI_QUIET_TURNS,
    ) -> None:
        if not d.CUI_MIN_PLAYERS <= seats <= d.CUI_MAX_PLAYERS:
            raise ValueError(f"Cui bono? is for 2 to 6 players, not {seats}")
        if not 0 <= start_seat < seats:
            raise ValueError(f"no seat {start_seat} in a game of {seats}")
        if not pyramid.is_stable():
            raise ValueError("the pile must be stable")
        self.pyramid = pyramid
        self.seats = seats
        self.start_seat = start_seat
        self.penalty = {Colour(k): v for k, v in penalty.items()}
        self.quiet_turns = quiet_turns
        self.dice_limit = d.limit_for(d.CUI_DICE_LIMIT, seats)
        self.current: int | None = start_seat
        self.phase = Phase.PULL
        self.held: Die | None = None
        self.pulled: int | None = None  # where the held die was pulled from
        self.vacated: int | None = None  # the position the slide left empty
        self.funnels = 0  # the held die's legal put-backs
        self.kept: list[list[Colour]] = [[] for _ in range(seats)]
        self.quiet = 0  # turns in a row without a kept die (CUI-7)
        self.end_reason: EndReason | None = None
        self.winners: list[int] = []
        if not pullable(pyramid.occupied):
            self._end(EndReason.NOTHING_TO_PULL)

    def snapshot(self) -> tuple[object, ...]:
        """Everything the state holds, comparable (tests: refusals change nothing, replay)."""
        out: list[object] = []
        for name in CuiState.__slots__:
            value = getattr(self, name)
            if name == "kept":
                value = tuple(tuple(k) for k in value)
            elif name == "penalty":
                value = tuple(sorted(value.items()))
            elif name == "winners":
                value = tuple(value)
            out.append(value)
        return tuple(out)

    # ------------------------------------------------------------------ queries

    @property
    def finished(self) -> bool:
        return self.phase is Phase.OVER

    def minus_points(self, seat: int) -> int:
        return sum(self.penalty[c] for c in self.kept[seat])

    def pullable(self) -> int:
        return pullable(self.pyramid.occupied) if self.phase is Phase.PULL else 0

    # ---------------------------------------------------------------- checking

    def _check_actor(self, seat: int, phase: Phase, what: str) -> None:
        check_seat(self.finished, seat, self.seats)
        check_turn(seat, self.current)
        if self.phase is not phase:
            raise WrongPhase(f"no {what} now: {self._expecting()}")

    def _expecting(self) -> str:
        if self.phase is Phase.PULL:
            return f"seat {self.current} pulls a bottom die"
        if self.phase is Phase.PLACE:
            return f"seat {self.current} puts the pulled die back or keeps it"
        return "the game is over"

    # ------------------------------------------------------------------- apply

    def apply(self, action: Action) -> Result:
        if isinstance(action, Pull):
            return self._pull(action)
        if isinstance(action, Put):
            return self._put(action)
        if isinstance(action, Keep):
            return self._keep(action)
        raise TypeError(f"not a Cui bono? action: {action!r}")

    def _pull(self, a: Pull) -> Result:
        self._check_actor(a.seat, Phase.PULL, "pull")
        b, where = a.pos, g.LABELS[a.pos]
        if not self.pyramid.occupied >> b & 1:
            raise NotPullable(f"{where} is empty")
        if g.LAYER[b] != 0:
            raise NotPullable(f"{where} is not in the bottom layer")
        if not pullable(self.pyramid.occupied) >> b & 1:
            raise NotPullable(
                f"{where} has fewer than two free faces: "
                f"{_covered(self.pyramid.occupied, b)} dice rest on it"
            )
        self.pyramid, die, self.vacated = self.pyramid.pull(b)
        self.held, self.pulled, self.phase = die, b, Phase.PLACE
        self.funnels = legal_funnels(self.pyramid, die.colour)
        return Result("pull", b, die.colour, self.vacated, self.funnels)

    def _put(self, a: Put) -> Result:
        self._check_actor(a.seat, Phase.PLACE, "put-back")
        assert self.held is not None
        reason = put_refusal(self.pyramid, a.pos, self.held.colour)
        if reason is not None:
            raise PutRefused(reason)
        self.pyramid = self.pyramid.place(a.pos, self.held)
        self.quiet += 1
        end = EndReason.QUIET_CAP if self.quiet >= self.quiet_turns else None
        return Result("put", a.pos, end=self._next_turn(end))

    def _keep(self, a: Keep) -> Result:
        self._check_actor(a.seat, Phase.PLACE, "keep")
        assert self.held is not None
        colour = self.held.colour
        self.kept[a.seat].append(colour)
        self.quiet = 0
        count = len(self.kept[a.seat])
        end = EndReason.DICE_LIMIT if count >= self.dice_limit else None
        return Result("keep", colour=colour, kept=count, end=self._next_turn(end))

    # ----------------------------------------------------------------- changes

    def _next_turn(self, end: EndReason | None) -> EndReason | None:
        """Pass the turn left, or end the game: with ``end``, or when nothing can be pulled."""
        assert self.current is not None
        self.held, self.pulled, self.vacated, self.funnels = None, None, None, 0
        if end is None and not pullable(self.pyramid.occupied):
            end = EndReason.NOTHING_TO_PULL
        if end is not None:
            self._end(end)
            return end
        self.current = left_neighbour(self.current, self.seats)
        self.phase = Phase.PULL
        return None

    def _end(self, reason: EndReason) -> None:
        self.phase = Phase.OVER
        self.current = None
        self.end_reason = reason
        self.winners = self.leaders()

    def leaders(self) -> list[int]:
        """Fewest minus points, then fewest kept dice; remaining ties share (§7.3, CUI-5)."""
        key = [(self.minus_points(s), len(self.kept[s])) for s in range(self.seats)]
        best = min(key)
        return [s for s in range(self.seats) if key[s] == best]

    # ------------------------------------------------------------------ choices

    def legal_actions(self) -> list[Action]:
        """What the seat on turn may do now: pulls in label order; put-backs in label order,
        then keep."""
        seat = self.current
        if seat is None:
            return []
        if self.phase is Phase.PULL:
            return [Pull(seat, b) for b in g.bits(pullable(self.pyramid.occupied))]
        return [Put(seat, q) for q in g.bits(self.funnels)] + [Keep(seat)]
