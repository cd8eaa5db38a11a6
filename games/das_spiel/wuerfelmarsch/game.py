"""A Würfelmarsch game: state + action log, the object the bot, the AIs and replay use.

``Wuerfelmarsch(start_seat)``; ``legal_actions()``; ``apply(action)`` → ``Result`` (refusals
raise and change nothing, GEN-6). It is also the replay engine of ``games.das_spiel.record``
(``from_record``, ``apply_record_event``, ``standings`` …), exports its own record
(``to_record``) and offers ``view(seat)``: nothing is hidden in Würfelmarsch (§9.4), so every
seat's view is the same public picture.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.das_spiel import decisions as d
from games.das_spiel import geometry as g
from games.das_spiel.orientation import Orientation
from games.das_spiel.pyramid import Pyramid
from games.das_spiel.record import Record, RecordEvent, ReplayableState, record_json
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


class Wuerfelmarsch(ReplayableState):
    def __init__(
        self,
        start_seat: int = d.START_SEAT_DEFAULT,
        quiet_turns: int = d.WM_QUIET_TURNS,
        state: WmState | None = None,
    ) -> None:
        self.state = state if state is not None else WmState(start_seat, quiet_turns)
        self.log: list[Action] = []

    # ---------------------------------------------------------------- playing

    def apply(self, action: Action) -> Result:
        result = self.state.apply(action)
        self.log.append(action)
        return result

    def legal_actions(self) -> list[Action]:
        return self.state.legal_actions()

    def copy(self) -> Wuerfelmarsch:
        other = Wuerfelmarsch(state=self.state.copy())
        other.log = list(self.log)
        return other

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

    def apply_record_event(self, event: RecordEvent) -> dict[str, Any]:
        seat = event.seat
        assert seat is not None
        f = event.fields
        action: Action
        if event.type == "tip":
            action = Tip(seat, f["from"], f["to"])
        else:
            action = Rotate(seat, f["pos"], f["orientation"])
        return self.apply(action).fields()

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
        events = []
        for a in self.log:
            if isinstance(a, Tip):
                events.append(RecordEvent("tip", a.seat, None, {"from": a.frm, "to": a.to}))
            else:
                fields = {"pos": a.pos, "orientation": a.orientation}
                events.append(RecordEvent("rotate", a.seat, None, fields))
        return record_json(
            GAME,
            players,
            events,
            start_seat=self.state.start_seat,
            options={"quiet_turns": self.state.quiet_turns},
        )


def from_record(record: Record) -> Wuerfelmarsch:
    """The registry's factory."""
    return Wuerfelmarsch.from_record(record)
