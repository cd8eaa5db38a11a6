"""Bunte Kuh's state machine (RULES.md §6): 2–6 players race to lay their dice in funnels whose
sum matches three rolled pearl dice; the first with an empty supply wins.

The online procedure of §6.4 is a timed race (GEN-7): every action carries ``t`` (ms since the
game began, supplied by the caller); the engine never reads a clock. Phases:

- ``ROLL``: the holder rolls (a chance event the bot draws; no window is open).
- ``CALL``: the call window (``call_ms``) is open; anyone may call STOP at a funnel or NERGENS.
  The first call locks the round and is judged at once (BK-1, BK-6): a wrong call costs every
  other player one die to the caller and ends the round; a right one opens the place window.
  ``timeout`` at the deadline voids the round (BK-7).
- ``PLACE``: the correct caller lays one die (any of the 24 orientations, BK-2) in the called
  funnel (STOP) or any funnel (NERGENS) before ``place_ms``; ``timeout`` lays it for him in the
  called / first funnel with ``BK_DEFAULT_ORIENTATION`` (BK-7).
- ``OVER``: a supply is empty (by laying or by paying a penalty, §6.3, BK-4).

After every round the holder's left neighbour holds the dice. ``apply`` checks everything
before changing anything and raises a typed ``IllegalAction``; positions are geometry indices.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from games.common.errors import IllegalAction, NotYourTurn
from games.das_spiel import decisions as d
from games.das_spiel import geometry as g
from games.das_spiel.engine import TimedState, Timeout, check_dice, check_seat, where
from games.das_spiel.errors import BadOrientation, NotAFunnel, WrongPhase
from games.das_spiel.orientation import ORIENTATIONS, Orientation, orientation_text
from games.das_spiel.pyramid import Colour, Die, Pyramid
from games.das_spiel.sides import left_neighbour
from games.das_spiel.timing import Clock

__all__ = [
    "Action",
    "BkState",
    "EndReason",
    "Nowhere",
    "Outcome",
    "Phase",
    "Place",
    "Result",
    "Roll",
    "RoundLocked",
    "Stop",
    "Timeout",
    "WrongFunnel",
    "supply_for",
]

CALL = "call"  # the window names of the timing.Clock
PLACE = "place"


def supply_for(players: int) -> int:
    """Each player's supply: the 60 red and yellow dice shared out evenly (BK-8)."""
    if not d.BK_MIN_PLAYERS <= players <= d.BK_MAX_PLAYERS:
        raise ValueError(f"Bunte Kuh is for {d.BK_MIN_PLAYERS}–{d.BK_MAX_PLAYERS} players")
    return d.BK_SHARED_DICE // players


def laid_colour(seat: int) -> Colour:
    """The colour a seat's laid dice are drawn in. Cosmetic: the colour plays no role (BK-8)."""
    return Colour.RED if seat % 2 == 0 else Colour.YELLOW


class Phase(StrEnum):
    ROLL = "roll"
    CALL = "call"
    PLACE = "place"
    OVER = "over"


class EndReason(StrEnum):
    SUPPLY_USED = "supply_used"


class Outcome(StrEnum):
    """How a timeout ended a window (the ``outcome`` of its result)."""

    NO_CALL = "no_call"
    DEFAULT_PLACEMENT = "default_placement"


# ------------------------------------------------------------------------------ actions


@dataclass(frozen=True, slots=True)
class Roll:
    """The holder rolls the three pearl dice (a chance event the bot draws)."""

    seat: int
    dice: tuple[int, int, int]
    t: int


@dataclass(frozen=True, slots=True)
class Stop:
    """STOP, pointing at funnel ``pos`` (BK-6: one action)."""

    seat: int
    pos: int
    t: int


@dataclass(frozen=True, slots=True)
class Nowhere:
    """NERGENS: no funnel has the rolled sum."""

    seat: int
    t: int


@dataclass(frozen=True, slots=True)
class Place:
    seat: int
    pos: int
    orientation: Orientation
    t: int


Action = Roll | Stop | Nowhere | Place | Timeout


@dataclass(frozen=True, slots=True)
class Result:
    """What an event did; ``fields()`` is its part of the replay output (RECORD-FORMAT.md)."""

    kind: str
    sum: int | None = None  # roll
    pos: int | None = None  # stop, place, default placement
    funnel_sum: int | None = None  # stop at a funnel
    correct: bool | None = None  # stop, nowhere
    match: int | None = None  # wrong nowhere: the first matching funnel
    received: int | None = None  # wrong call: dice received as penalty
    orientation: Orientation | None = None  # place, default placement
    supply: int | None = None  # the placer's supply after laying
    outcome: Outcome | None = None  # timeout
    seat: int | None = None  # timeout: the caller for whom the engine laid the die
    end: EndReason | None = None  # the game ended with this event

    def fields(self) -> dict[str, object]:
        out: dict[str, object] = {}
        if self.kind == "roll":
            out["sum"] = self.sum
        elif self.kind in ("stop", "nowhere"):
            if self.pos is not None:
                out["pos"] = g.LABELS[self.pos]
            if self.funnel_sum is not None:
                out["funnel_sum"] = self.funnel_sum
            if self.match is not None:
                out["match"] = g.LABELS[self.match]
            out["correct"] = self.correct
            if self.received is not None:
                out["received"] = self.received
        elif self.kind == "place":
            out.update(self._placement())
        else:
            assert self.outcome is not None
            out["outcome"] = self.outcome.value
            if self.outcome is Outcome.DEFAULT_PLACEMENT:
                out["seat"] = self.seat
                out.update(self._placement())
        return out

    def _placement(self) -> dict[str, object]:
        assert self.pos is not None and self.orientation is not None
        return {
            "pos": g.LABELS[self.pos],
            "orientation": orientation_text(self.orientation),
            "supply": self.supply,
        }


# ----------------------------------------------------------------------------- refusals


class RoundLocked(IllegalAction):
    """A call after the round's first call (BK-1): "Ben called first"."""


class WrongFunnel(IllegalAction):
    """A placement away from the called funnel."""


# -------------------------------------------------------------------------------- state


class BkState(TimedState):
    __slots__ = (
        "barred",
        "call_ms",
        "called",
        "caller",
        "clock",
        "dice",
        "end_reason",
        "holder",
        "laid",
        "last_caller",
        "last_laid",
        "phase",
        "place_ms",
        "players",
        "pyramid",
        "start_seat",
        "supply",
        "winners",
    )
    LISTS = ("supply", "laid", "winners")

    def __init__(
        self,
        plate: Pyramid,
        players: int,
        start_seat: int = d.START_SEAT_DEFAULT,
        *,
        call_ms: int = d.BK_CALL_MS,
        place_ms: int = d.BK_PLACE_MS,
    ) -> None:
        if plate.occupied != g.BOTTOM_MASK:
            raise ValueError("Bunte Kuh starts from a full plate and nothing above it")
        self.players = players
        self.supply = [supply_for(players)] * players
        if not 0 <= start_seat < players:
            raise ValueError(f"no seat {start_seat} in a game of {players}")
        if call_ms <= 0 or place_ms <= 0:
            raise ValueError("windows last a positive number of ms")
        self.start_seat = start_seat
        self.call_ms = call_ms
        self.place_ms = place_ms
        self.pyramid = plate
        self.laid = [0] * players  # who laid which die (BK-8)
        self.last_laid: int | None = None  # the latest die laid, by its caller or by timeout
        self.holder = start_seat
        self.phase = Phase.ROLL
        self.dice: tuple[int, int, int] | None = None
        self.caller: int | None = None  # the correct caller while PLACE is pending
        self.called: int | None = None  # his funnel after STOP; None after NERGENS
        self.last_caller: int | None = None  # who locked the latest round, for refusals
        self.barred = 0  # seats that called wrong in this round (only without BK-1)
        self.clock = Clock()
        self.end_reason: EndReason | None = None
        self.winners: list[int] = []

    # ------------------------------------------------------------------ queries

    @property
    def roll_sum(self) -> int | None:
        return None if self.dice is None else sum(self.dice)

    @property
    def current(self) -> int | None:
        """The holder, or the caller while his placement is pending; None once over."""
        if self.phase is Phase.OVER:
            return None
        return self.caller if self.phase is Phase.PLACE else self.holder

    def funnels(self) -> int:
        """The current funnels (all above the plate, which stays full)."""
        return self.pyramid.funnels()

    def matching(self, total: int) -> list[int]:
        """The funnels whose sum is ``total``, in label order."""
        pyr = self.pyramid
        return [q for q in g.bits(self.funnels()) if pyr.funnel_sum(q) == total]

    # ---------------------------------------------------------------- checking

    def _check_seat(self, seat: int) -> None:
        check_seat(self.finished, seat, self.players)

    def _check_call(self, seat: int, t: int) -> None:
        self._check_seat(seat)
        if self.phase is Phase.PLACE:
            raise RoundLocked(f"the round is locked (seat {self.caller} called first)")
        if self.phase is not Phase.CALL:
            if self.last_caller is not None:
                raise RoundLocked(f"the round is over (seat {self.last_caller} called first)")
            raise WrongPhase(f"no call now: seat {self.holder} rolls first")
        if not d.BK_HOLDER_MAY_CALL and seat == self.holder:
            raise NotYourTurn("the holder may not call")
        if self.barred >> seat & 1:
            raise RoundLocked(f"seat {seat} has called wrong in this round already")
        self.clock.check_event(t)

    # ------------------------------------------------------------------- apply

    def apply(self, action: Action) -> Result:
        if isinstance(action, Roll):
            return self._roll(action)
        if isinstance(action, Stop):
            return self._stop(action)
        if isinstance(action, Nowhere):
            return self._nowhere(action)
        if isinstance(action, Place):
            return self._place(action)
        if isinstance(action, Timeout):
            return self._timeout(action)
        raise TypeError(f"not a Bunte Kuh action: {action!r}")

    def _roll(self, a: Roll) -> Result:
        self._check_seat(a.seat)
        if self.phase is not Phase.ROLL:
            raise WrongPhase(f"no roll now: the round of seat {self.holder} is running")
        if a.seat != self.holder:
            raise NotYourTurn(f"seat {self.holder} holds the dice, not seat {a.seat}")
        check_dice(a.dice)
        self.clock.check_event(a.t)
        self.dice = (a.dice[0], a.dice[1], a.dice[2])
        self.last_caller = None
        self.barred = 0
        self.clock = self.clock.opened(CALL, a.t, self.call_ms)
        self.phase = Phase.CALL
        return Result("roll", sum=sum(self.dice))

    def _stop(self, a: Stop) -> Result:
        self._check_call(a.seat, a.t)
        if not 0 <= a.pos < g.COUNT:
            raise NotAFunnel(f"there is no position {a.pos}")
        total = self.roll_sum
        is_funnel = bool(self.funnels() >> a.pos & 1)
        funnel_sum = self.pyramid.funnel_sum(a.pos) if is_funnel else None
        self.last_caller = a.seat
        if funnel_sum == total:
            self._open_place(a.seat, a.pos, a.t)
            return Result("stop", pos=a.pos, funnel_sum=funnel_sum, correct=True)
        received, end = self._penalty(a.seat, a.t)
        return Result(
            "stop", pos=a.pos, funnel_sum=funnel_sum, correct=False, received=received, end=end
        )

    def _nowhere(self, a: Nowhere) -> Result:
        self._check_call(a.seat, a.t)
        assert self.roll_sum is not None
        found = self.matching(self.roll_sum)
        self.last_caller = a.seat
        if not found:
            self._open_place(a.seat, None, a.t)
            return Result("nowhere", correct=True)
        received, end = self._penalty(a.seat, a.t)
        return Result("nowhere", correct=False, match=found[0], received=received, end=end)

    def _place(self, a: Place) -> Result:
        self._check_seat(a.seat)
        if self.phase is not Phase.PLACE:
            raise WrongPhase("no die is to be laid now")
        if a.seat != self.caller:
            raise NotYourTurn(f"seat {self.caller} called and lays the die, not seat {a.seat}")
        self.clock.check_event(a.t)
        if a.orientation not in ORIENTATIONS:
            raise BadOrientation(f"{a.orientation} is not one of the 24 orientations")
        if not 0 <= a.pos < g.COUNT or not self.funnels() >> a.pos & 1:
            raise NotAFunnel(f"{where(a.pos)} is not a funnel")
        if self.called is not None and a.pos != self.called:
            raise WrongFunnel(f"the die goes into the called funnel {g.LABELS[self.called]}")
        supply, end = self._lay(a.seat, a.pos, a.orientation, a.t)
        return Result("place", pos=a.pos, orientation=a.orientation, supply=supply, end=end)

    def _timeout(self, a: Timeout) -> Result:
        self._check_timeout(a.t)
        if self.phase is Phase.CALL:
            self._next_round(a.t)
            return Result("timeout", outcome=Outcome.NO_CALL)
        seat = self.caller
        assert seat is not None
        pos = self.called if self.called is not None else g.bits(self.funnels())[0]
        orientation = d.BK_DEFAULT_ORIENTATION
        supply, end = self._lay(seat, pos, orientation, a.t)
        return Result(
            "timeout",
            outcome=Outcome.DEFAULT_PLACEMENT,
            seat=seat,
            pos=pos,
            orientation=orientation,
            supply=supply,
            end=end,
        )

    # ----------------------------------------------------------------- changes

    def _open_place(self, seat: int, pos: int | None, t: int) -> None:
        self.phase = Phase.PLACE
        self.caller = seat
        self.called = pos
        self.clock = self.clock.opened(PLACE, t, self.place_ms)

    def _penalty(self, caller: int, t: int) -> tuple[int, EndReason | None]:
        """A wrong call: every other player with a die gives the caller one (§6.2 step 4).
        It ends the round (BK-1); with BK-1 switched off the others may still call."""
        givers = [s for s in range(self.players) if s != caller and self.supply[s] > 0]
        for s in givers:
            self.supply[s] -= 1
        self.supply[caller] += len(givers)
        if d.BK_FIRST_CALL_ENDS_ROUND or min(self.supply) == 0:
            return len(givers), self._end_or_next(t)
        self.barred |= 1 << caller
        self.last_caller = None
        self.clock = self.clock.at(t)
        return len(givers), None

    def _lay(
        self, seat: int, pos: int, orientation: Orientation, t: int
    ) -> tuple[int, EndReason | None]:
        self.pyramid = self.pyramid.place(pos, Die(laid_colour(seat), orientation))
        self.laid[seat] |= g.BIT[pos]
        self.last_laid = pos
        self.supply[seat] -= 1
        return self.supply[seat], self._end_or_next(t)

    def _end_or_next(self, t: int) -> EndReason | None:
        """After a round: the end check (§6.3), else the dice pass left."""
        emptied = [s for s in range(self.players) if self.supply[s] == 0]
        if emptied:
            self.phase = Phase.OVER
            self.end_reason = EndReason.SUPPLY_USED
            self.winners = emptied if d.BK_SHARED_WIN else emptied[:1]
            self.caller = self.called = None
            self.clock = self.clock.closed(t)
            return self.end_reason
        self._next_round(t)
        return None

    def _next_round(self, t: int) -> None:
        self.phase = Phase.ROLL
        self.holder = left_neighbour(self.holder, self.players)
        self.caller = self.called = None
        self.clock = self.clock.closed(t)

    # ------------------------------------------------------------------ choices

    def actions_at(self, now: int) -> list[Action]:
        """Before a deadline (``legal_actions``): rolls as all 216 outcomes (chance events the
        bot draws); calls as STOP at every funnel and NERGENS, for every seat. A STOP at a
        position that is not a funnel is accepted too (as a wrong call) but not listed."""
        if self.phase is Phase.ROLL:
            r = range(1, 7)
            return [Roll(self.holder, (a, b, c), now) for a in r for b in r for c in r]
        funnels = g.bits(self.funnels())
        if self.phase is Phase.CALL:
            out: list[Action] = []
            for seat in range(self.players):
                if (seat == self.holder and not d.BK_HOLDER_MAY_CALL) or self.barred >> seat & 1:
                    continue
                out.extend(Stop(seat, q, now) for q in funnels)
                out.append(Nowhere(seat, now))
            return out
        seat = self.caller
        assert seat is not None
        where = funnels if self.called is None else [self.called]
        return [Place(seat, q, o, now) for q in where for o in ORIENTATIONS]
