"""A Bunte Kuh game: state + action log, the object the bot, the computer players and replay use.

``BunteKuh.new(players, seed)``; ``legal_actions(t)``; ``apply(action)`` → ``Result`` (refusals
raise and change nothing, GEN-6); ``roll(dice, t)`` draws the three pearl dice from a
``DiceRng`` for the holder; ``view(seat)`` is what a seat may see (§3.4, §6.4: every exposed
face, the funnels, the dice, but no funnel sum). It is also the replay engine of
``games.das_spiel.record`` (``from_record``) and exports its own record (``to_record``).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from games.common.dice import DiceRng
from games.das_spiel import decisions as d
from games.das_spiel import geometry as g
from games.das_spiel.bunte_kuh.state import (
    Action,
    BkState,
    Nowhere,
    Phase,
    Place,
    Result,
    Roll,
    Stop,
    Timeout,
)
from games.das_spiel.engine import TimedGame
from games.das_spiel.pyramid import Colour, Pyramid
from games.das_spiel.record import Record
from games.das_spiel.setup import bottom_layer

__all__ = ["GAME", "BkView", "BunteKuh", "from_record"]

GAME = "bunte-kuh"


@dataclass(frozen=True, slots=True)
class BkView:
    """What one seat may see (RULES.md §3.4, §6.4). Everyone sees the same table: every exposed
    face with its pips, the funnels by position, the three dice (as dice, not their sum), the
    supplies and who laid what. No funnel sum appears: finding them is the game. The called
    funnel's sum is the roll itself once a correct STOP has claimed it (``claimed``)."""

    seat: int
    phase: Phase
    holder: int
    next_seat: int | None
    dice: tuple[int, int, int] | None
    faces: tuple[tuple[int, int, int], ...]  # (position, axis, pips) of every exposed face
    funnels: tuple[int, ...]  # label order
    laid: tuple[int, ...]  # per seat: mask of the dice he laid
    supply: tuple[int, ...]
    deadline: int | None
    caller: int | None  # the correct caller while his placement is pending
    claimed: int | None  # the funnel he called (None after NERGENS)
    winners: tuple[int, ...]


class BunteKuh(TimedGame[BkState, Action, Result]):
    GAME = GAME
    EVENTS = MappingProxyType(
        {"roll": Roll, "stop": Stop, "nowhere": Nowhere, "place": Place, "timeout": Timeout}
    )

    def __init__(self, state: BkState, *, seed: int | None = None) -> None:
        self.state = state
        self.seed = seed  # the set-up's seed, for the record; None: the dice are listed
        self.plate = state.pyramid  # the set-up, for records
        self.log: list[Action] = []

    @classmethod
    def new(
        cls,
        players: int,
        seed: int,
        start_seat: int = d.START_SEAT_DEFAULT,
        *,
        call_ms: int = d.BK_CALL_MS,
        place_ms: int = d.BK_PLACE_MS,
    ) -> BunteKuh:
        """A game on the seeded plate of 45 pearl dice (§3.2)."""
        plate = bottom_layer(seed, Colour.PEARL)
        state = BkState(plate, players, start_seat, call_ms=call_ms, place_ms=place_ms)
        return cls(state, seed=seed)

    # ---------------------------------------------------------------- playing

    def roll(self, dice: DiceRng, t: int) -> Result:
        """The holder rolls the pearl dice at ``t`` (the bot does this; there is no choice)."""
        a, b, c = dice.roll(3)
        return self.apply(Roll(self.state.holder, (a, b, c), t))

    def pyramid(self) -> Pyramid:
        return self.state.pyramid

    def view(self, seat: int) -> BkView:
        s = self.state
        if not 0 <= seat < s.players:
            raise ValueError(f"no seat {seat}")
        return BkView(
            seat=seat,
            phase=s.phase,
            holder=s.holder,
            next_seat=s.current,
            dice=s.dice if s.phase is not Phase.ROLL else None,
            faces=tuple(s.pyramid.exposed_faces()),
            funnels=tuple(g.bits(s.funnels())),
            laid=tuple(s.laid),
            supply=tuple(s.supply),
            deadline=s.deadline,
            caller=s.caller,
            claimed=s.called,
            winners=tuple(s.winners),
        )

    # ------------------------------------------------------------- replayable

    @classmethod
    def from_record(cls, record: Record) -> BunteKuh:
        plate = record.pyramid()
        assert plate is not None
        state = BkState(
            plate,
            len(record.players),
            record.start_seat,
            call_ms=record.options["call_ms"],
            place_ms=record.options["place_ms"],
        )
        return cls(state, seed=record.seed)

    def standings(self) -> list[dict[str, Any]]:
        return [{"seat": s, "supply": n} for s, n in enumerate(self.state.supply)]

    def to_record(self, players: list[str]) -> dict[str, Any]:
        """The game's record (RECORD-FORMAT.md); export it only once the game has ended."""
        s = self.state
        if len(players) != s.players:
            raise ValueError(f"{len(players)} names for {s.players} seats")
        options = {"call_ms": s.call_ms, "place_ms": s.place_ms}
        return self.record(players, seed=self.seed, setup=self.plate, options=options)


from_record = BunteKuh.from_record  # the registry's factory
