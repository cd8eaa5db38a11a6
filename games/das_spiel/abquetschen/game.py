"""An Abquetschen game: state + action log, the object the bot, the AIs and replay use.

``Abquetschen(start_seat)``; ``legal_actions()``; ``apply(action)`` → ``Result`` (refusals raise
and change nothing, GEN-6); ``roll(dice)`` draws the turquoise die from a ``DiceRng`` and applies
it. It is also the replay engine of ``games.das_spiel.record`` (``from_record``,
``apply_record_event``, ``standings`` …) and exports its own record (``to_record``).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from games.common.dice import DiceRng
from games.common.errors import GameOver
from games.das_spiel import geometry as g
from games.das_spiel.abquetschen.state import (
    SEATS,
    AbqState,
    Action,
    Bonus,
    Build,
    Result,
    Roll,
    Start,
)
from games.das_spiel.engine import LoggedGame
from games.das_spiel.orientation import ORIENTATIONS
from games.das_spiel.pyramid import Colour, Die, Pyramid
from games.das_spiel.record import Record

__all__ = ["COLOURS", "GAME", "Abquetschen", "from_record"]

GAME = "abquetschen"
COLOURS = (Colour.RED, Colour.YELLOW, Colour.PEARL)  # seat 0, 1, 2


class Abquetschen(LoggedGame[AbqState, Action, Result]):
    GAME = GAME
    EVENTS = MappingProxyType({"roll": Roll, "start": Start, "build": Build, "bonus": Bonus})

    def __init__(self, start_seat: int = 0, state: AbqState | None = None) -> None:
        self.state = state if state is not None else AbqState(start_seat)
        self.log: list[Action] = []

    # ---------------------------------------------------------------- playing

    def roll(self, dice: DiceRng) -> Result:
        """The seat on turn rolls the turquoise die (the bot does this; there is no choice)."""
        seat = self.state.current
        if seat is None:
            raise GameOver("the game is over")
        return self.apply(Roll(seat, dice.roll(1)[0]))

    def pyramid(self) -> Pyramid:
        """The pile as dice for pictures: each die in its owner's colour. Pips mean nothing in
        Abquetschen, so each position shows a fixed orientation (cosmetic only)."""
        dice: dict[int, Die] = {}
        for seat, mask in enumerate(self.state.owned):
            for i in g.bits(mask):
                dice[i] = Die(COLOURS[seat], ORIENTATIONS[i % 24])
        return Pyramid.from_dice(dice)

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What a seat may see (§3.4): in Abquetschen nothing is hidden, so every seat and
        onlookers (``None``) see the same: phase, who is on turn, the roll, bonus owed, and each
        seat's dice (labels), supply and open dice."""
        s = self.state
        return {
            "phase": s.phase.value,
            "current": s.current,
            "roll": s.roll,
            "bonus_due": s.bonus_due,
            "start_player": s.start_player,
            "start_rebuilt": s.start_rebuilt,
            "seats": [
                {
                    "dice": g.labels(s.owned[i]),
                    "supply": s.supply[i],
                    "open": g.labels(s.open_dice(i)),
                }
                for i in range(SEATS)
            ],
            "end_reason": self.end_reason,
            "winners": self.winners(),
        }

    # ------------------------------------------------------------- replayable

    @classmethod
    def from_record(cls, record: Record) -> Abquetschen:
        return cls(record.start_seat)

    def standings(self) -> list[dict[str, Any]]:
        s = self.state
        return [
            {
                "seat": seat,
                "supply": s.supply[seat],
                "in_pyramid": s.owned[seat].bit_count(),
                "open": s.open_dice(seat).bit_count(),
            }
            for seat in range(SEATS)
        ]

    def to_record(self, players: list[str]) -> dict[str, Any]:
        """The game's record (RECORD-FORMAT.md); export it only once the game has ended."""
        return self.record(players)


from_record = Abquetschen.from_record  # the registry's factory
