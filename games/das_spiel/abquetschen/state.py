"""Abquetschen's state machine (RULES.md §4): three players build the pyramid; first to use up
his supply (or to roll more than it) wins.

``AbqState.apply(action)`` checks everything first and raises a typed ``IllegalAction`` before
changing anything; then it changes the state and returns a ``Result`` (the event's outcome:
passes, bonus owed, the end). Everything that follows from the rules alone happens inside the
event that causes it (the automatic pass of ABQ-10, skipping an unbuildable bonus, the end when
a turn begins). Positions are geometry indices; sets of them are masks.

Phases: ``SEARCH`` (seats roll for a 4 from ``start_seat``), ``START`` (the start player lays a
start pyramid), ``ROLL`` (the seat on turn rolls the turquoise die), ``BUILD`` (he must build the
roll), ``BONUS`` (he builds ``bonus_due`` bonus dice or declines), ``OVER``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from games.common.errors import IllegalAction
from games.das_spiel import decisions as d
from games.das_spiel import geometry as g
from games.das_spiel.abquetschen.builds import anchors_of, groups
from games.das_spiel.engine import SlotState, check_die, check_seat, check_turn
from games.das_spiel.errors import PositionTaken, Unsupported, WrongPhase
from games.das_spiel.sides import left_neighbour

__all__ = [
    "START_PYRAMIDS",
    "AbqState",
    "Action",
    "Bonus",
    "Build",
    "EndReason",
    "NotConnected",
    "NotTouching",
    "Phase",
    "Result",
    "Roll",
    "Start",
    "StartPlayerBuried",
    "StartPyramidRefused",
    "WrongCount",
]

SEATS = d.ABQ_PLAYERS


def _start_pyramids() -> tuple[int, ...]:
    """The 15 start pyramids ``{q} ∪ supports(q)``, ``q`` in layer 1 with every coordinate ≥ 1
    (no edge hollow, §4.1), by the label order of ``q``."""
    out = []
    for q in g.bits(g.LAYER_MASK[1]):
        if min(g.POSITIONS[q]) >= 1:
            out.append(g.BIT[q] | g.SUPPORT_MASK[q])
    return tuple(out)


START_PYRAMIDS: tuple[int, ...] = _start_pyramids()
_CENTRAL = {g.index_of_label(s) for s in ("1E3", "1F3", "1F4")}


class Phase(StrEnum):
    SEARCH = "search"
    START = "start"
    ROLL = "roll"
    BUILD = "build"
    BONUS = "bonus"
    OVER = "over"


class EndReason(StrEnum):
    SUPPLY_USED = "supply_used"  # (a)
    ROLL_OVER_SUPPLY = "roll_over_supply"  # (b)
    BURIED = "buried"  # (c)
    STALLED = "stalled"  # (d), ABQ-9


# ------------------------------------------------------------------------------ actions


@dataclass(frozen=True, slots=True)
class Roll:
    """A turquoise roll (a chance event: the bot draws ``value``; players never choose it)."""

    seat: int
    value: int


@dataclass(frozen=True, slots=True)
class Start:
    seat: int
    positions: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Build:
    seat: int
    positions: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Bonus:
    """Bonus dice: exactly ``bonus_due`` positions, or none to decline."""

    seat: int
    positions: tuple[int, ...]


Action = Roll | Start | Build | Bonus


@dataclass(frozen=True, slots=True)
class Result:
    """What an event did; ``fields()`` is its part of the replay output (RECORD-FORMAT.md)."""

    kind: str
    value: int | None = None
    start_player: int | None = None
    passed: bool = False
    wins: bool = False
    row: int | None = None
    bonus: int | None = None
    count: int | None = None
    supply: int | None = None
    end: EndReason | None = None  # the game ended with this event

    def fields(self) -> dict[str, object]:
        out: dict[str, object] = {}
        if self.kind == "roll":
            out["value"] = self.value
            if self.start_player is not None:
                out["start_player"] = self.start_player
            if self.passed:
                out["passed"] = True
            if self.wins:
                out["wins"] = True
        elif self.kind == "build":
            out.update(row=self.row, bonus=self.bonus, supply=self.supply)
        elif self.kind == "bonus":
            out.update(count=self.count, supply=self.supply)
        else:
            out["supply"] = self.supply
        return out


# ----------------------------------------------------------------------------- refusals


class WrongCount(IllegalAction):
    pass


class NotConnected(IllegalAction):
    pass


class NotTouching(IllegalAction):
    pass


class StartPlayerBuried(IllegalAction):
    """Exception 2: the build would leave no die of the start player open."""


class StartPyramidRefused(IllegalAction):
    pass


# -------------------------------------------------------------------------------- state


class AbqState(SlotState):
    __slots__ = (
        "bonus_due",
        "current",
        "end_reason",
        "occupied",
        "owned",
        "passes_in_a_row",
        "phase",
        "roll",
        "start_player",
        "start_rebuilt",
        "start_seat",
        "supply",
        "winners",
    )
    LISTS = ("owned", "supply", "winners")

    def __init__(self, start_seat: int = d.START_SEAT_DEFAULT) -> None:
        if not 0 <= start_seat < SEATS:
            raise ValueError(f"no seat {start_seat} in a game of {SEATS}")
        self.start_seat = start_seat
        self.phase = Phase.SEARCH
        self.current: int | None = start_seat
        self.occupied = 0
        self.owned = [0] * SEATS
        self.supply = [d.ABQ_SUPPLY] * SEATS
        self.start_player: int | None = None
        self.start_rebuilt = False
        self.roll: int | None = None
        self.bonus_due = 0
        self.passes_in_a_row = 0
        self.end_reason: EndReason | None = None
        self.winners: list[int] = []

    @classmethod
    def constructed(
        cls,
        owned: list[int],
        *,
        current: int,
        start_player: int,
        start_rebuilt: bool,
        supply: list[int] | None = None,
    ) -> AbqState:
        """A position for tests and examples: who owns which dice, whose turn it is (about to
        roll), and the exception-2 flag. Supplies default to 55 minus the dice built."""
        state = cls()
        state.owned = list(owned)
        state.occupied = owned[0] | owned[1] | owned[2]
        if not g.is_stable(state.occupied) or sum(m.bit_count() for m in owned) != len(state):
            raise ValueError("a constructed pile must be stable and owned once")
        state.supply = (
            list(supply) if supply is not None else [d.ABQ_SUPPLY - m.bit_count() for m in owned]
        )
        state.start_player = start_player
        state.start_rebuilt = start_rebuilt
        state.phase = Phase.ROLL
        state.current = current
        return state

    def __len__(self) -> int:
        return self.occupied.bit_count()

    # ------------------------------------------------------------------ queries

    @property
    def finished(self) -> bool:
        return self.phase is Phase.OVER

    def open_dice(self, seat: int) -> int:
        return g.open_dice(self.occupied) & self.owned[seat]

    def keep_open(self, seat: int) -> int:
        """Exception 2's mask for a build by ``seat``: the start player's dice while he has not
        built again (another player must leave one of them open), else 0."""
        sp = self.start_player
        if sp is None or self.start_rebuilt or seat == sp:
            return 0
        return self.owned[sp]

    def anchors(self, seat: int) -> int:
        """Empty positions a regular build of ``seat`` may touch through: his own dice, or any
        die while he has none (exception 1)."""
        dice = self.owned[seat] or self.occupied
        return anchors_of(self.occupied, dice)

    def builds(self, seat: int, n: int) -> list[int]:
        """Every legal regular build of ``n`` dice by ``seat`` now (masks)."""
        if n < d.ABQ_MIN_BUILD or n > self.supply[seat]:
            return []
        return groups(self.occupied, self.anchors(seat), n, self.keep_open(seat))

    def bonus_groups(self, seat: int, k: int) -> list[int]:
        """Every legal bonus group of ``k`` dice (touching any own die, this turn's included)."""
        return groups(
            self.occupied, anchors_of(self.occupied, self.owned[seat]), k, self.keep_open(seat)
        )

    def can_build_any(self, seat: int) -> bool:
        return any(
            self.builds(seat, n) for n in range(d.ABQ_MIN_BUILD, min(6, self.supply[seat]) + 1)
        )

    def buried(self, seat: int) -> bool:
        return bool(self.owned[seat]) and not self.open_dice(seat)

    # ---------------------------------------------------------------- checking

    def _check_actor(self, seat: int, phases: tuple[Phase, ...], what: str) -> None:
        check_seat(self.finished, seat, SEATS)
        if self.phase not in phases:
            raise WrongPhase(f"no {what} now: {self._expecting()}")
        check_turn(seat, self.current)

    def _expecting(self) -> str:
        return {
            Phase.SEARCH: f"seat {self.current} rolls for the start player",
            Phase.START: f"seat {self.current} lays the start pyramid",
            Phase.ROLL: f"seat {self.current} rolls",
            Phase.BUILD: f"seat {self.current} builds {self.roll} dice",
            Phase.BONUS: f"seat {self.current} builds {self.bonus_due} bonus dice or declines",
            Phase.OVER: "the game is over",
        }[self.phase]

    def _mask(self, positions: tuple[int, ...], n: int) -> int:
        if len(positions) != n:
            raise WrongCount(f"{n} positions are needed, not {len(positions)}")
        m = g.mask_of(positions)
        if m.bit_count() != n:
            raise WrongCount("a position is named twice")
        taken = m & self.occupied
        if taken:
            raise PositionTaken(f"{' '.join(g.labels(taken))} is taken")
        return m

    def _check_group(self, seat: int, m: int, anchor_dice: int, bonus: bool) -> None:
        """The rules of §4.3 (or §4.4 for a bonus group) for the new dice ``m``."""
        floating = g.unsupported(self.occupied | m)
        if floating:
            raise Unsupported(f"{' '.join(g.labels(floating))} would not rest on three dice")
        n = m.bit_count()
        if n >= 2 and not _connected(m):
            raise NotConnected("every new die must touch another new die face to face")
        if not m & anchors_of(self.occupied, anchor_dice):
            if bonus or self.owned[seat]:
                raise NotTouching("no new die touches an own die")
            raise NotTouching("no new die touches a die in the pyramid")
        keep = self.keep_open(seat)
        if keep and not g.open_dice(self.occupied | m) & keep:
            raise StartPlayerBuried(
                f"seat {self.start_player} must keep an open die until he has built again"
            )

    # ------------------------------------------------------------------- apply

    def apply(self, action: Action) -> Result:
        if isinstance(action, Roll):
            return self._roll(action)
        if isinstance(action, Start):
            return self._start(action)
        if isinstance(action, Build):
            return self._build(action)
        if isinstance(action, Bonus):
            return self._bonus(action)
        raise TypeError(f"not an Abquetschen action: {action!r}")

    def _roll(self, a: Roll) -> Result:
        self._check_actor(a.seat, (Phase.SEARCH, Phase.ROLL), "roll")
        check_die(a.value)
        if self.phase is Phase.SEARCH:
            if a.value == d.ABQ_START_ROLL:
                self.start_player = a.seat
                self.phase = Phase.START
                return Result("roll", a.value, start_player=a.seat)
            self.current = left_neighbour(a.seat, SEATS)
            return Result("roll", a.value)
        supply = self.supply[a.seat]
        if a.value > supply or (d.ABQ_ROLL_EQUAL_SUPPLY_WINS and a.value == supply):
            self._end(EndReason.ROLL_OVER_SUPPLY, [a.seat])
            return Result("roll", a.value, wins=True, end=EndReason.ROLL_OVER_SUPPLY)
        if not self.builds(a.seat, a.value):
            self.passes_in_a_row += 1
            end = self._next_turn()
            return Result("roll", a.value, passed=True, end=end)
        self.roll = a.value
        self.phase = Phase.BUILD
        return Result("roll", a.value)

    def _start(self, a: Start) -> Result:
        self._check_actor(a.seat, (Phase.START,), "start pyramid")
        m = self._mask(a.positions, 4)
        if m not in START_PYRAMIDS:
            raise StartPyramidRefused(
                "a start pyramid is three bottom dice and one on them, with no edge hollow"
            )
        self._place(a.seat, m)
        self.current = left_neighbour(a.seat, SEATS)
        self.phase = Phase.ROLL
        return Result("start", supply=self.supply[a.seat])

    def _build(self, a: Build) -> Result:
        self._check_actor(a.seat, (Phase.BUILD,), "build")
        assert self.roll is not None
        m = self._mask(a.positions, self.roll)
        self._check_group(a.seat, m, self.owned[a.seat] or self.occupied, bonus=False)
        self._place(a.seat, m)
        self.passes_in_a_row = 0
        if a.seat == self.start_player:
            self.start_rebuilt = True
        row = g.longest_row(m)
        supply = self.supply[a.seat]
        if supply == 0:
            self._end(EndReason.SUPPLY_USED, [a.seat])
            return Result("build", row=row, bonus=0, supply=0, end=EndReason.SUPPLY_USED)
        k = bonus_dice(row, supply)
        if k and self.bonus_groups(a.seat, k):
            self.bonus_due = k
            self.phase = Phase.BONUS
            return Result("build", row=row, bonus=k, supply=supply)
        end = self._next_turn()
        return Result("build", row=row, bonus=0, supply=supply, end=end)

    def _bonus(self, a: Bonus) -> Result:
        self._check_actor(a.seat, (Phase.BONUS,), "bonus")
        count = len(a.positions)
        if count:
            m = self._mask(a.positions, self.bonus_due)
            self._check_group(a.seat, m, self.owned[a.seat], bonus=True)
            self._place(a.seat, m)
        self.bonus_due = 0
        if self.supply[a.seat] == 0:
            self._end(EndReason.SUPPLY_USED, [a.seat])
            return Result("bonus", count=count, supply=0, end=EndReason.SUPPLY_USED)
        end = self._next_turn()
        return Result("bonus", count=count, supply=self.supply[a.seat], end=end)

    # ----------------------------------------------------------------- changes

    def _place(self, seat: int, m: int) -> None:
        self.occupied |= m
        self.owned[seat] |= m
        self.supply[seat] -= m.bit_count()

    def _end(self, reason: EndReason, winners: list[int]) -> None:
        self.phase = Phase.OVER
        self.current = None
        self.roll = None
        self.end_reason = reason
        self.winners = sorted(winners)

    def _fewest_supply(self) -> list[int]:
        low = min(self.supply)
        return [s for s in range(SEATS) if self.supply[s] == low]

    def _next_turn(self) -> EndReason | None:
        """Pass the turn left and apply the ends that hold as a turn begins (§4.6 c, d)."""
        assert self.current is not None
        self.current = left_neighbour(self.current, SEATS)
        self.phase = Phase.ROLL
        self.roll = None
        if self.buried(self.current):
            self._end(EndReason.BURIED, self._fewest_supply())
            return EndReason.BURIED
        if self.stalled():
            self._end(EndReason.STALLED, self._fewest_supply())
            return EndReason.STALLED
        return None

    def stalled(self) -> bool:
        """(d): enough passes in a row, every supply ≥ 6, and nobody can build any roll."""
        return (
            self.passes_in_a_row >= d.ABQ_STALL_PASSES
            and min(self.supply) >= 6
            and not any(self.can_build_any(s) for s in range(SEATS))
        )

    # ------------------------------------------------------------------ choices

    def legal_actions(self) -> list[Action]:
        """What the seat on turn may do now. In the roll phases these are the six ``Roll``s, one
        per face: chance events the bot draws, listed so property tests can apply any of them."""
        seat = self.current
        if seat is None:
            return []
        if self.phase in (Phase.SEARCH, Phase.ROLL):
            return [Roll(seat, v) for v in range(1, 7)]
        if self.phase is Phase.START:
            return [Start(seat, tuple(g.bits(m))) for m in start_pyramid_order()]
        if self.phase is Phase.BUILD:
            assert self.roll is not None
            return [Build(seat, tuple(g.bits(m))) for m in self.builds(seat, self.roll)]
        found = self.bonus_groups(seat, self.bonus_due)
        return [Bonus(seat, tuple(g.bits(m))) for m in found] + [Bonus(seat, ())]


def bonus_dice(row: int, supply: int) -> int:
    """The bonus dice a build whose longest row is ``row`` earns, leaving ``supply`` (§4.4)."""
    return min(max(0, row - d.ABQ_BONUS_ROW_OFFSET), supply)


def start_pyramid_order() -> list[int]:
    """The 15 start pyramids, the three central ones first (§4.7)."""
    central = [m for m in START_PYRAMIDS if _top(m) in _CENTRAL]
    return central + [m for m in START_PYRAMIDS if _top(m) not in _CENTRAL]


def _top(m: int) -> int:
    return max(g.bits(m))  # the layer-1 die has the highest index


def _connected(m: int) -> bool:
    start = m & -m
    seen = start
    frontier = start
    while frontier:
        low = frontier & -frontier
        frontier ^= low
        nb = g.FACE_MASK[low.bit_length() - 1] & m & ~seen
        seen |= nb
        frontier |= nb
    return seen == m
