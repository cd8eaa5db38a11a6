"""Eintrichtern's state machine (RULES.md §8): 36 red dice cover the funnels of a yellow plate;
players roll a target (or adopt a neighbour's failed one), lift a red die and keep it when the
funnel's sum matches. The first to hold 8 red dice (9 with 5–6 players) wins.

``EinState.apply(action)`` checks everything first and raises a typed ``IllegalAction`` before
changing anything; then it changes the state and returns a ``Result``. The engine knows every
face; what a seat may see is ``view.view`` (covered walls hidden, §3.4), and the only place a
covered funnel's sum leaves the engine is the ``Result`` of the ``lift`` that revealed it (§8.5).

Phases: ``TARGET`` (the seat on turn rolls, or adopts a failed target at the start of his turn),
``LIFT`` (he lifts a red die), ``OVER``. Positions are geometry indices; sets of them are masks.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations_with_replacement

from games.common.errors import IllegalAction
from games.das_spiel import decisions as d
from games.das_spiel import geometry as g
from games.das_spiel.engine import SlotState, check_dice, check_seat, check_turn, where
from games.das_spiel.errors import WrongPhase
from games.das_spiel.pyramid import Pyramid
from games.das_spiel.sides import left_neighbour

__all__ = [
    "FUNNELS",
    "Action",
    "Adopt",
    "Cover",
    "EinState",
    "EndReason",
    "Lift",
    "NoRedDie",
    "NothingToAdopt",
    "OnlineStep",
    "Phase",
    "Result",
    "Reveal",
    "Roll",
    "reds_goal",
]

FUNNELS: int = g.LAYER_MASK[1]  # the 36 funnels of the plate, each covered by a red die at first
ROLLS: tuple[tuple[int, int, int], ...] = tuple(combinations_with_replacement(range(1, 7), 3))


def reds_goal(players: int) -> int:
    """The red dice that win (§8.3): 8 with 2–4 players, 9 with 5–6."""
    return d.limit_for(d.EIN_REDS_GOAL, players)


class Phase(StrEnum):
    TARGET = "target"
    LIFT = "lift"
    OVER = "over"


class EndReason(StrEnum):
    REDS_GOAL = "reds_goal"  # §8.3: someone holds his 8th (9th) red die
    REDS_GONE = "reds_gone"  # EIN-2: no red die left before that


# ------------------------------------------------------------------------------ actions


@dataclass(frozen=True, slots=True)
class Roll:
    """The three pearl dice (a chance event: the bot draws them; players never choose them)."""

    seat: int
    dice: tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Adopt:
    """Take over the previous turn's failed target (EIN-3)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Lift:
    seat: int
    pos: int  # a layer-1 position that still holds a red die


Action = Roll | Adopt | Lift


@dataclass(frozen=True, slots=True)
class Reveal:
    """§8.5 online step: show funnel ``pos`` with its three walls and sum to everyone in the
    channel, for ``ms`` (EIN-4) or, after a match, for good (``ms`` None: out of play)."""

    pos: int
    walls: tuple[int, int, int]
    funnel_sum: int
    ms: int | None


@dataclass(frozen=True, slots=True)
class Cover:
    """§8.5 online step after a miss: ``after_ms`` after the reveal began, show the covered
    picture again (the red die is back; the sum appears nowhere any more)."""

    pos: int
    after_ms: int


OnlineStep = Reveal | Cover


@dataclass(frozen=True, slots=True)
class Result:
    """What an event did, as everyone at the table saw it.

    A ``lift`` carries the revealed walls and sum, the only place a covered funnel's sum ever
    leaves the engine; ``online()`` says how the bot shows it (reveal, then cover on a miss).
    This is also the public announcement the computer players' memories are fed from."""

    kind: str  # "roll", "adopt" or "lift"
    seat: int
    target: int | None = None  # roll, adopt: the target now set
    dice: tuple[int, int, int] | None = None  # roll
    pos: int | None = None  # lift
    walls: tuple[int, int, int] | None = None  # lift: U_X, U_Y, U_Z of the funnel's walls
    funnel_sum: int | None = None
    success: bool | None = None
    reds: int | None = None  # lift: the seat's red dice after it
    end: EndReason | None = None  # the game ended with this event

    def online(self) -> tuple[OnlineStep, ...]:
        """The steps the bot drives after this event (§8.5): none for a roll or an adoption;
        for a lift the reveal, and on a miss the cover ``EIN_REVEAL_MS`` later."""
        if self.kind != "lift":
            return ()
        assert self.pos is not None and self.walls is not None and self.funnel_sum is not None
        if self.success:
            return (Reveal(self.pos, self.walls, self.funnel_sum, None),)
        ms = d.EIN_REVEAL_MS
        return (Reveal(self.pos, self.walls, self.funnel_sum, ms), Cover(self.pos, ms))

    def fields(self) -> dict[str, object]:
        """The event's part of the replay output (RECORD-FORMAT.md)."""
        if self.kind in ("roll", "adopt"):
            return {"sum": self.target}
        out: dict[str, object] = {
            "pos": g.LABELS[self.pos] if self.pos is not None else None,
            "funnel_sum": self.funnel_sum,
            "success": self.success,
        }
        if self.success:
            out["reds"] = self.reds
        return out


# ----------------------------------------------------------------------------- refusals


class NoRedDie(IllegalAction):
    """A lift where no red die lies (outside layer 1, or a funnel already out of play)."""


class NothingToAdopt(IllegalAction):
    """``adopt`` when the previous turn did not end with a failed lift, or mid-turn."""


# -------------------------------------------------------------------------------- state


class EinState(SlotState):
    __slots__ = (
        "adoptable",
        "covered",
        "current",
        "end_reason",
        "phase",
        "plate",
        "players",
        "reds",
        "start_seat",
        "sums",
        "target",
        "target_adopted",
        "winners",
    )
    LISTS = ("reds", "winners")

    def __init__(self, plate: Pyramid, players: int, start_seat: int = d.START_SEAT_DEFAULT):
        if not d.EIN_MIN_PLAYERS <= players <= d.EIN_MAX_PLAYERS:
            raise ValueError(
                f"Eintrichtern has {d.EIN_MIN_PLAYERS}–{d.EIN_MAX_PLAYERS} players, not {players}"
            )
        if not 0 <= start_seat < players:
            raise ValueError(f"no seat {start_seat} in a game of {players}")
        if plate.occupied != g.BOTTOM_MASK:
            raise ValueError("Eintrichtern's plate is the 45 bottom dice and nothing else")
        self.plate = plate
        self.sums: dict[int, int] = {q: plate.funnel_sum(q) for q in g.bits(FUNNELS)}
        self.players = players
        self.start_seat = start_seat
        self.current: int | None = start_seat
        self.phase = Phase.TARGET
        self.covered = FUNNELS
        self.reds = [0] * players
        self.target: int | None = None
        self.target_adopted = False
        self.adoptable: int | None = None  # set by a miss, until the next turn's first event
        self.end_reason: EndReason | None = None
        self.winners: list[int] = []

    # ------------------------------------------------------------------ queries

    @property
    def finished(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def goal(self) -> int:
        return reds_goal(self.players)

    def walls(self, q: int) -> tuple[int, int, int]:
        return self.plate.funnel_walls(q)

    # ---------------------------------------------------------------- checking

    def _check_actor(self, seat: int, phase: Phase, what: str) -> None:
        check_seat(self.finished, seat, self.players)
        if self.phase is not phase:
            raise WrongPhase(f"no {what} now: {self._expecting()}")
        check_turn(seat, self.current)

    def _expecting(self) -> str:
        if self.phase is Phase.TARGET:
            return f"seat {self.current} rolls" + (
                f" or adopts {self.adoptable}" if self.adoptable is not None else ""
            )
        return f"seat {self.current} lifts a red die for {self.target}"

    # ------------------------------------------------------------------- apply

    def apply(self, action: Action) -> Result:
        if isinstance(action, Roll):
            return self._roll(action)
        if isinstance(action, Adopt):
            return self._adopt(action)
        if isinstance(action, Lift):
            return self._lift(action)
        raise TypeError(f"not an Eintrichtern action: {action!r}")

    def _roll(self, a: Roll) -> Result:
        self._check_actor(a.seat, Phase.TARGET, "roll")
        check_dice(a.dice)
        return self._set_target(a.seat, sum(a.dice), adopted=False, dice=tuple(a.dice))

    def _adopt(self, a: Adopt) -> Result:
        self._check_actor(a.seat, Phase.TARGET, "adopt")
        if self.adoptable is None:
            raise NothingToAdopt("only a failed target of the previous turn can be adopted")
        return self._set_target(a.seat, self.adoptable, adopted=True, dice=None)

    def _set_target(
        self, seat: int, target: int, *, adopted: bool, dice: tuple[int, ...] | None
    ) -> Result:
        self.target = target
        self.target_adopted = adopted
        self.adoptable = None
        self.phase = Phase.LIFT
        kind = "adopt" if adopted else "roll"
        return Result(kind, seat, target=target, dice=dice)  # type: ignore[arg-type]

    def _lift(self, a: Lift) -> Result:
        self._check_actor(a.seat, Phase.LIFT, "lift")
        if not 0 <= a.pos < g.COUNT or not self.covered >> a.pos & 1:
            raise NoRedDie(f"no red die lies on {where(a.pos)}")
        assert self.target is not None
        walls = self.walls(a.pos)
        total = self.sums[a.pos]
        seat = a.seat
        if total == self.target:
            self.covered &= ~g.BIT[a.pos]
            self.reds[seat] += 1
            self.target = None
            self.phase = Phase.TARGET  # §8.2.3: he goes again and must roll (EIN-3)
            end = self._end_check(seat)
            return Result("lift", seat, pos=a.pos, walls=walls, funnel_sum=total, success=True,
                          reds=self.reds[seat], end=end)  # fmt: skip
        adoptable = self.target if d.EIN_ADOPT_CHAINS or not self.target_adopted else None
        self.adoptable = adoptable
        self.target = None
        self.phase = Phase.TARGET
        self.current = left_neighbour(seat, self.players)
        return Result("lift", seat, pos=a.pos, walls=walls, funnel_sum=total, success=False)

    def _end_check(self, seat: int) -> EndReason | None:
        if self.reds[seat] >= self.goal:
            self._end(EndReason.REDS_GOAL, [seat])
            return EndReason.REDS_GOAL
        if not self.covered:
            most = max(self.reds)
            winners = (
                [s for s in range(self.players) if self.reds[s] == most]
                if d.EIN_MOST_REDS_WIN_WHEN_GONE
                else []
            )
            self._end(EndReason.REDS_GONE, winners)
            return EndReason.REDS_GONE
        return None

    def _end(self, reason: EndReason, winners: list[int]) -> None:
        self.phase = Phase.OVER
        self.current = None
        self.target = None
        self.adoptable = None
        self.end_reason = reason
        self.winners = sorted(winners)

    # ------------------------------------------------------------------ choices

    def legal_actions(self) -> list[Action]:
        """What the seat on turn may do now. In the target phase the rolls (one per multiset of
        three dice; chance events the bot draws, listed so property tests can apply any) and,
        after a miss, ``Adopt``; in the lift phase one ``Lift`` per red die in label order."""
        seat = self.current
        if seat is None:
            return []
        if self.phase is Phase.LIFT:
            return [Lift(seat, q) for q in g.bits(self.covered)]
        out: list[Action] = [Adopt(seat)] if self.adoptable is not None else []
        return out + [Roll(seat, r) for r in ROLLS]
