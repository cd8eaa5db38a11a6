"""A Würfelmarsch game: state + action log, the object the bot, the AIs and replay use.

``Wuerfelmarsch(start_seat)``; ``legal_actions()``; ``apply(action)`` → ``Result`` (refusals
raise and change nothing, GEN-6). It is also the replay engine of ``games.das_spiel.record``
(``from_record``, ``apply_record_event``, ``standings`` …), exports its own record
(``to_record``) and offers ``view(seat)``: nothing is hidden in Würfelmarsch (§9.4), so every
seat's view is the same public picture.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from games.das_spiel import decisions as d
from games.das_spiel import geometry as g
from games.das_spiel.engine import LoggedGame
from games.das_spiel.orientation import Orientation
from games.das_spiel.pyramid import Pyramid
from games.das_spiel.record import Record
from games.das_spiel.wuerfelmarsch.state import (
    SEATS,
    TARGETS,
    Action,
    Result,
    Rotate,
    Tip,
    WmState,
)

__all__ = ["GAME", "View", "Wuerfelmarsch", "from_record"]

GAME = "wuerfelmarsch"


@dataclass(frozen=True, slots=True)
class View:
    """What one seat sees: everything (§3.4, §9.4): every die with its owner and its three upper
    faces, the scores, whose turn it is, and each seat's target corner."""

    seat: int
    dice: tuple[tuple[int, int, Orientation], ...]  # (position, owner, orientation), label order
    targets: tuple[int, ...]
    captured: tuple[int, ...]
    removed: tuple[int, ...]
    current: int | None
    finished: bool
    winners: tuple[int, ...]


class Wuerfelmarsch(LoggedGame[WmState, Action, Result]):
    GAME = GAME
    EVENTS = MappingProxyType({"tip": Tip, "rotate": Rotate})
    RENAMED = MappingProxyType({"from": "frm"})

    def __init__(
        self,
        start_seat: int = d.START_SEAT_DEFAULT,
        quiet_turns: int = d.WM_QUIET_TURNS,
        state: WmState | None = None,
    ) -> None:
        self.state = state if state is not None else WmState(start_seat, quiet_turns)
        self.log: list[Action] = []

    # ---------------------------------------------------------------- playing

    def pyramid(self) -> Pyramid:
        """The plate's dice for pictures (each in its owner's colour)."""
        return self.state.pyramid

    def view(self, seat: int) -> View:
        if not 0 <= seat < SEATS:
            raise ValueError(f"there is no seat {seat}")
        s = self.state
        owners = s.owners()
        dice = tuple((i, owners[i], s.orientation(i)) for i in g.bits(s.pyramid.occupied))
        return View(
            seat,
            dice,
            TARGETS,
            tuple(s.captured),
            tuple(s.removed),
            s.current,
            s.finished,
            tuple(s.winners),
        )

    # ------------------------------------------------------------- replayable

    @classmethod
    def from_record(cls, record: Record) -> Wuerfelmarsch:
        return cls(record.start_seat, record.options["quiet_turns"])

    def standings(self) -> list[dict[str, Any]]:
        s = self.state
        return [
            {
                "seat": seat,
                "captured": s.captured[seat],
                "removed": s.removed[seat],
                "score": s.score(seat),
                "on_plate": s.owned[seat].bit_count(),
            }
            for seat in range(SEATS)
        ]

    def to_record(self, players: list[str]) -> dict[str, Any]:
        """The game's record (RECORD-FORMAT.md)."""
        return self.record(players, options={"quiet_turns": self.state.quiet_turns})


from_record = Wuerfelmarsch.from_record  # the registry's factory
