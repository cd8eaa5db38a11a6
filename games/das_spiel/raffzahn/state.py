"""Raffzahn's state machine (RULES.md §5): three players, each at one side of the pyramid, take
free dice that show the roll on their own side, all at once, in timed rounds.

The online procedure of §5.5 (GEN-7): every action carries ``t`` (ms since the game began,
supplied by the caller); the engine never reads a clock. Phases:

- ``ROLL``: the roller rolls the turquoise die (a chance event the bot draws); a round opens
  with a window of ``round_ms`` (RAF-1).
- ``ROUND``: anyone takes a free die whose face toward his side shows the roll (any layer,
  RAF-2). The round closes by the roller's STOP, by itself inside the ``roll`` or ``take``
  after which nobody can take anything, or by ``timeout`` at the deadline. A take after the
  close is refused without penalty (RAF-3).
- ``OVER``: a round closed with no die above the plate; the most dice win, ties share (§5.4).

After each close the roller's left neighbour rolls. ``apply`` checks everything before changing
anything and raises a typed ``IllegalAction``; positions are geometry indices.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from games.common.errors import IllegalAction, NotYourTurn
from games.das_spiel import decisions as d
from games.das_spiel import geometry as g
from games.das_spiel.engine import TimedState, Timeout, check_die, check_seat, where
from games.das_spiel.errors import NotFree, PositionEmpty, WrongPhase
from games.das_spiel.pyramid import Pyramid
from games.das_spiel.sides import left_neighbour, side_of_seat
from games.das_spiel.timing import Clock

__all__ = [
    "SEATS",
    "Action",
    "Close",
    "EndReason",
    "Phase",
    "RaffState",
    "Result",
    "Roll",
    "Stop",
    "Take",
    "Timeout",
    "WrongFace",
]

SEATS = d.RAF_PLAYERS
if d.RAF_LATE_PENALTY:  # RAF-3: a late click is refused, and a refusal is never recorded (GEN-6)
    raise NotImplementedError("the give-back penalty for late takes needs a recorded late take")
ROUND = "round"  # the window name of the timing.Clock
_TAKEABLE_AREA = g.ALL_MASK if d.RAF_BOTTOM_TAKEABLE else g.ALL_MASK & ~g.BOTTOM_MASK


class Phase(StrEnum):
    ROLL = "roll"
    ROUND = "round"
    OVER = "over"


class Close(StrEnum):
    """Why a round closed (the ``round_closed`` of a result)."""

    STOP = "stop"
    NOTHING_TO_TAKE = "nothing_to_take"
    TIMEOUT = "timeout"


class EndReason(StrEnum):
    PLATE_ONLY = "plate_only"


# ------------------------------------------------------------------------------ actions


@dataclass(frozen=True, slots=True)
class Roll:
    """The roller rolls the turquoise die (a chance event the bot draws)."""

    seat: int
    value: int
    t: int


@dataclass(frozen=True, slots=True)
class Take:
    seat: int
    pos: int
    t: int


@dataclass(frozen=True, slots=True)
class Stop:
    """The roller's STOP."""

    seat: int
    t: int


Action = Roll | Take | Stop | Timeout


@dataclass(frozen=True, slots=True)
class Result:
    """What an event did; ``fields()`` is its part of the replay output (RECORD-FORMAT.md)."""

    kind: str
    value: int | None = None  # roll
    pos: int | None = None  # take
    dice: int | None = None  # take: the taker's pile
    closed: Close | None = None  # the round closed with this event
    end: EndReason | None = None  # the game ended with this event

    def fields(self) -> dict[str, object]:
        out: dict[str, object] = {}
        if self.kind == "roll":
            out["value"] = self.value
        elif self.kind == "take":
            assert self.pos is not None
            out["pos"] = g.LABELS[self.pos]
            out["dice"] = self.dice
        if self.closed is not None:
            out["round_closed"] = self.closed.value
        return out


# ----------------------------------------------------------------------------- refusals


class WrongFace(IllegalAction):
    """The die's face toward the taker's side does not show the roll."""


# -------------------------------------------------------------------------------- state


class RaffState(TimedState):
    __slots__ = (
        "clock",
        "end_reason",
        "last_close",
        "phase",
        "pyramid",
        "roller",
        "round_ms",
        "start_seat",
        "taken",
        "value",
        "winners",
    )
    LISTS = ("taken", "winners")

    def __init__(
        self,
        pyramid: Pyramid,
        start_seat: int = d.START_SEAT_DEFAULT,
        *,
        round_ms: int = d.RAF_ROUND_MS,
    ) -> None:
        """``pyramid`` is the full set-up; its apex is removed before play (RAF-6)."""
        if pyramid.occupied != g.ALL_MASK:
            raise ValueError("Raffzahn starts from the full pyramid")
        if not 0 <= start_seat < SEATS:
            raise ValueError(f"no seat {start_seat} in a game of {SEATS}")
        if round_ms <= 0:
            raise ValueError("a round lasts a positive number of ms")
        apex = g.LATERAL_EDGES[g.X][0]
        self.pyramid = pyramid.remove(apex) if d.RAF_APEX_REMOVED else pyramid
        self.start_seat = start_seat
        self.round_ms = round_ms
        self.roller = start_seat
        self.phase = Phase.ROLL
        self.value: int | None = None
        self.taken = [0] * SEATS  # the positions each seat's dice came from
        self.clock = Clock()
        self.last_close: Close | None = None
        self.end_reason: EndReason | None = None
        self.winners: list[int] = []

    # ------------------------------------------------------------------ queries

    @property
    def current(self) -> int | None:
        """The roller (also while his round runs); None once over."""
        return None if self.phase is Phase.OVER else self.roller

    def piles(self) -> list[int]:
        return [m.bit_count() for m in self.taken]

    def showing(self, seat: int, value: int) -> int:
        """The free dice whose face toward ``seat``'s side shows ``value`` (mask)."""
        pyr = self.pyramid
        axis = side_of_seat(seat)
        free = pyr.free_dice() & _TAKEABLE_AREA
        out = 0
        for i in g.bits(free):
            if pyr.face(i, axis) == value:
                out |= g.BIT[i]
        return out

    def takeable(self, seat: int) -> int:
        """What ``seat`` may take now (mask): nothing outside a round."""
        if self.phase is not Phase.ROUND or self.value is None:
            return 0
        return self.showing(seat, self.value)

    def anyone_can_take(self) -> bool:
        return any(self.takeable(s) for s in range(SEATS))

    # ---------------------------------------------------------------- checking

    def _check_seat(self, seat: int) -> None:
        check_seat(self.finished, seat, SEATS)

    def _check_round(self, what: str) -> None:
        if self.phase is not Phase.ROUND:
            closed = f" (closed by {self.last_close.value})" if self.last_close else ""
            raise WrongPhase(f"no {what} now: the round is closed{closed}")

    # ------------------------------------------------------------------- apply

    def apply(self, action: Action) -> Result:
        if isinstance(action, Roll):
            return self._roll(action)
        if isinstance(action, Take):
            return self._take(action)
        if isinstance(action, Stop):
            return self._stop(action)
        if isinstance(action, Timeout):
            return self._timeout(action)
        raise TypeError(f"not a Raffzahn action: {action!r}")

    def _roll(self, a: Roll) -> Result:
        self._check_seat(a.seat)
        if self.phase is not Phase.ROLL:
            raise WrongPhase(f"no roll now: the round of seat {self.roller} is running")
        if a.seat != self.roller:
            raise NotYourTurn(f"seat {self.roller} rolls, not seat {a.seat}")
        check_die(a.value)
        self.clock.check_event(a.t)
        self.value = a.value
        self.phase = Phase.ROUND
        self.clock = self.clock.opened(ROUND, a.t, self.round_ms)
        closed, end = self._close_if_stuck(a.t)
        return Result("roll", value=a.value, closed=closed, end=end)

    def _take(self, a: Take) -> Result:
        self._check_seat(a.seat)
        self._check_round("take")
        self.clock.check_event(a.t)
        pyr = self.pyramid
        if not 0 <= a.pos < g.COUNT or a.pos not in pyr:
            raise PositionEmpty(f"no die lies at {where(a.pos)}")
        label = g.LABELS[a.pos]
        above = g.DEPENDENT_MASK[a.pos] & pyr.occupied
        if above:
            raise NotFree(f"{label} is not free: {' '.join(g.labels(above))} rest on it")
        if not _TAKEABLE_AREA >> a.pos & 1:
            raise NotFree(f"{label} lies on the plate, which is not taken from")
        face = pyr.face(a.pos, side_of_seat(a.seat))
        if face != self.value:
            raise WrongFace(f"{label} shows {face} to seat {a.seat}, not {self.value}")
        self.pyramid = pyr.remove(a.pos)
        self.taken[a.seat] |= g.BIT[a.pos]
        self.clock = self.clock.at(a.t)
        closed, end = self._close_if_stuck(a.t)
        pile = self.taken[a.seat].bit_count()
        return Result("take", pos=a.pos, dice=pile, closed=closed, end=end)

    def _stop(self, a: Stop) -> Result:
        self._check_seat(a.seat)
        self._check_round("STOP")
        if a.seat != self.roller:
            raise NotYourTurn(f"only the roller, seat {self.roller}, calls STOP")
        self.clock.check_event(a.t)
        end = self._close(Close.STOP, a.t)
        return Result("stop", closed=Close.STOP, end=end)

    def _timeout(self, a: Timeout) -> Result:
        self._check_timeout(a.t)
        end = self._close(Close.TIMEOUT, a.t)
        return Result("timeout", closed=Close.TIMEOUT, end=end)

    # ----------------------------------------------------------------- changes

    def _close_if_stuck(self, t: int) -> tuple[Close | None, EndReason | None]:
        if self.anyone_can_take():
            return None, None
        return Close.NOTHING_TO_TAKE, self._close(Close.NOTHING_TO_TAKE, t)

    def _close(self, why: Close, t: int) -> EndReason | None:
        """Close the round: the end check (§5.4), else the die passes left."""
        self.last_close = why
        self.value = None
        self.clock = self.clock.closed(t)
        if not self.pyramid.occupied & ~g.BOTTOM_MASK:
            self.phase = Phase.OVER
            self.end_reason = EndReason.PLATE_ONLY
            piles = self.piles()
            best = max(piles)
            self.winners = [s for s in range(SEATS) if piles[s] == best]
            return self.end_reason
        self.phase = Phase.ROLL
        self.roller = left_neighbour(self.roller, SEATS)
        return None

    # ------------------------------------------------------------------ choices

    def actions_at(self, now: int) -> list[Action]:
        """Before the deadline (``legal_actions``): rolls as the six faces (chance events the
        bot draws); in a round every seat's takes and the roller's STOP."""
        if self.phase is Phase.ROLL:
            return [Roll(self.roller, v, now) for v in range(1, 7)]
        out: list[Action] = [
            Take(seat, i, now) for seat in range(SEATS) for i in g.bits(self.takeable(seat))
        ]
        out.append(Stop(self.roller, now))
        return out
