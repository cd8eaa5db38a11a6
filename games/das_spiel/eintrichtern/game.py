"""An Eintrichtern game: state + action log, the object the bot, the computer players and replay
use.

``Eintrichtern.new(players, seed)``; ``legal_actions()``; ``apply(action)`` → ``Result`` (refusals
raise and change nothing, GEN-6); ``roll(dice)`` draws the pearl dice from a ``DiceRng`` and
applies them; ``view(seat)`` is what a seat may see. It is also the replay engine of
``games.das_spiel.record`` (``from_record``, ``apply_record_event`` …) and exports its own record
(``to_record``; only once the game has ended: a record holds every hidden face).
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import Any

from games.common.dice import DiceRng
from games.das_spiel import decisions as d
from games.das_spiel.eintrichtern.state import (
    Action,
    Adopt,
    EinState,
    Lift,
    Result,
    Roll,
)
from games.das_spiel.eintrichtern.view import EinView, view
from games.das_spiel.engine import LoggedGame
from games.das_spiel.pyramid import Colour, Pyramid
from games.das_spiel.record import Record
from games.das_spiel.setup import bottom_layer

__all__ = ["GAME", "Eintrichtern", "from_record"]

GAME = "eintrichtern"


class Eintrichtern(LoggedGame[EinState, Action, Result]):
    GAME = GAME
    EVENTS = MappingProxyType({"roll": Roll, "adopt": Adopt, "lift": Lift})

    def __init__(
        self,
        plate: Pyramid,
        players: int,
        start_seat: int = d.START_SEAT_DEFAULT,
        seed: int | None = None,
    ) -> None:
        self.state = EinState(plate, players, start_seat)
        self.seed = seed  # the set-up's seed, for the record (else the dice are listed)
        self.log: list[Action] = []

    @classmethod
    def new(cls, players: int, seed: int, start_seat: int = d.START_SEAT_DEFAULT) -> Eintrichtern:
        """A game on the seeded yellow plate of §3.2 (the same orientations as Bunte Kuh's)."""
        return cls(bottom_layer(seed, Colour.YELLOW), players, start_seat, seed)

    # ---------------------------------------------------------------- playing

    def roll(self, dice: DiceRng) -> Result:
        """The seat on turn rolls the three pearl dice (the bot does this; no choice in it)."""
        seat = self.state.current
        a, b, c = dice.roll(3)
        return self.apply(Roll(0 if seat is None else seat, (a, b, c)))

    def view(self, seat: int) -> EinView:
        return view(self.state, seat)

    # ------------------------------------------------------------- replayable

    @classmethod
    def from_record(cls, record: Record) -> Eintrichtern:
        plate = record.pyramid()
        assert plate is not None  # the record's shape check requires a set-up
        return cls(plate, len(record.players), record.start_seat, record.seed)

    def standings(self) -> list[dict[str, Any]]:
        return [{"seat": s, "reds": r} for s, r in enumerate(self.state.reds)]

    def to_record(self, players: Sequence[str]) -> dict[str, Any]:
        """The game's record (RECORD-FORMAT.md). It holds every hidden face: export it only once
        the game has ended (§3.4)."""
        return self.record(players, seed=self.seed, setup=self.state.plate)


from_record = Eintrichtern.from_record  # the registry's factory
