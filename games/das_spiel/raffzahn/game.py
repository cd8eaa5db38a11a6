"""A Raffzahn game: state + action log, the object the bot, the computer players and replay use.

``Raffzahn.new(seed)``; ``legal_actions(t)``; ``apply(action)`` → ``Result`` (refusals raise
and change nothing, GEN-6); ``roll(dice, t)`` draws the turquoise die for the roller;
``view(seat)`` is what one seat may see: the shape for everyone and the pips of the viewer's own
side only (§3.4, RAF-4); ``view(None)`` is the public picture without any pips. It is also the
replay engine of ``games.das_spiel.record`` (``from_record``) and exports its own record.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from games.common.dice import DiceRng
from games.das_spiel import decisions as d
from games.das_spiel.engine import TimedGame
from games.das_spiel.pyramid import Pyramid
from games.das_spiel.raffzahn.state import (
    SEATS,
    Action,
    Phase,
    RaffState,
    Result,
    Roll,
    Stop,
    Take,
    Timeout,
)
from games.das_spiel.record import Record
from games.das_spiel.setup import full_pyramid
from games.das_spiel.sides import side_of_seat

__all__ = ["GAME", "RaffView", "Raffzahn", "from_record"]

GAME = "raffzahn"


@dataclass(frozen=True, slots=True)
class RaffView:
    """What one seat may see (RULES.md §3.4, §5.5). Everyone sees the shape (which positions
    hold a die, which are free), the roll, the piles and the clock. Only a seat's own view has
    pips: ``cells`` is its side's 45 cells (front die and the pips it shows, ``(NONE, 0)`` for an
    empty line) and ``takeable`` what it may take now. The public view (``seat`` None) has
    neither."""

    seat: int | None
    side: int | None
    phase: Phase
    roller: int | None
    value: int | None
    occupied: int  # mask
    free: int  # mask
    piles: tuple[int, ...]
    deadline: int | None
    cells: tuple[tuple[int, int], ...]
    takeable: int  # mask
    winners: tuple[int, ...]


class Raffzahn(TimedGame[RaffState, Action, Result]):
    GAME = GAME
    EVENTS = MappingProxyType({"roll": Roll, "take": Take, "stop": Stop, "timeout": Timeout})

    def __init__(self, state: RaffState, setup: Pyramid, *, seed: int | None = None) -> None:
        self.state = state
        self.setup = setup  # the full pyramid before the apex was removed, for records
        self.seed = seed  # None: the record lists the dice
        self.log: list[Action] = []

    @classmethod
    def new(
        cls, seed: int, start_seat: int = d.START_SEAT_DEFAULT, *, round_ms: int = d.RAF_ROUND_MS
    ) -> Raffzahn:
        """A game on the seeded full pyramid (§3.2); the apex is removed (RAF-6)."""
        setup = full_pyramid(seed)
        return cls(RaffState(setup, start_seat, round_ms=round_ms), setup, seed=seed)

    # ---------------------------------------------------------------- playing

    def roll(self, dice: DiceRng, t: int) -> Result:
        """The roller rolls the turquoise die at ``t`` (the bot does this; no choice)."""
        return self.apply(Roll(self.state.roller, dice.roll(1)[0], t))

    def pyramid(self) -> Pyramid:
        return self.state.pyramid

    def view(self, seat: int | None) -> RaffView:
        s = self.state
        if seat is not None and not 0 <= seat < SEATS:
            raise ValueError(f"no seat {seat}")
        pyr = s.pyramid
        side = None if seat is None else side_of_seat(seat)
        return RaffView(
            seat=seat,
            side=side,
            phase=s.phase,
            roller=s.current,
            value=s.value,
            occupied=pyr.occupied,
            free=pyr.free_dice(),
            piles=tuple(s.piles()),
            deadline=s.deadline,
            cells=() if side is None else pyr.side_view(side),
            takeable=0 if seat is None else s.takeable(seat),
            winners=tuple(s.winners),
        )

    # ------------------------------------------------------------- replayable

    @classmethod
    def from_record(cls, record: Record) -> Raffzahn:
        setup = record.pyramid()
        assert setup is not None
        state = RaffState(setup, record.start_seat, round_ms=record.options["round_ms"])
        return cls(state, setup, seed=record.seed)

    def standings(self) -> list[dict[str, Any]]:
        return [{"seat": s, "dice": n} for s, n in enumerate(self.state.piles())]

    def to_record(self, players: list[str]) -> dict[str, Any]:
        """The game's record (RECORD-FORMAT.md); export it only once the game has ended: it
        holds every face of the pyramid."""
        if len(players) != SEATS:
            raise ValueError(f"Raffzahn has {SEATS} seats, not {len(players)}")
        options = {"round_ms": self.state.round_ms}
        return self.record(players, seed=self.seed, setup=self.setup, options=options)


from_record = Raffzahn.from_record  # the registry's factory
