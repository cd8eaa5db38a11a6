"""What players do (actions) and what happened (events).

Events are actions with their chance outcome filled in: ``Exchange`` becomes ``Exchanged`` with
the bag position the returned tile went to. Draws need no chance in the log: the bag order is
part of the setup. The other actions are their own event. The event log is the game: the state
is rebuilt from it with no RNG.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.common.actions import Resign
from games.common.errors import RecordError


@dataclass(frozen=True, slots=True)
class Place:
    """Lay ``tile`` (a code) on ``field`` with ``rotation``: letter ``rotation`` of the code lies
    on the field's horizontal side and the colours run clockwise."""

    seat: int
    tile: str
    field: int
    rotation: int


@dataclass(frozen=True, slots=True)
class Exchange:
    """Give ``tile`` back for the next one from the bag; only when no placement exists."""

    seat: int
    tile: str


@dataclass(frozen=True, slots=True)
class Exchanged:
    """An exchange whose returned tile became position ``return_at`` of the bag after the draw."""

    seat: int
    tile: str
    return_at: int


@dataclass(frozen=True, slots=True)
class Pass:
    seat: int


Action = Place | Exchange | Pass | Resign
Event = Place | Exchanged | Pass | Resign


def event_to_dict(event: Event) -> dict[str, Any]:
    match event:
        case Place(seat, tile, field, rotation):
            return {
                "type": "place",
                "seat": seat,
                "tile": tile,
                "field": field,
                "rotation": rotation,
            }
        case Exchanged(seat, tile, return_at):
            return {"type": "exchange", "seat": seat, "tile": tile, "return_at": return_at}
        case Pass(seat):
            return {"type": "pass", "seat": seat}
        case Resign(seat):
            return {"type": "resign", "seat": seat}
    raise TypeError(f"not an event: {event!r}")


def _int(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{value!r} is not an integer")
    return value


def _str(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{value!r} is not a string")
    return value


def event_from_dict(data: Any) -> Event:
    try:
        kind, seat = data["type"], _int(data["seat"])
        if kind == "place":
            return Place(seat, _str(data["tile"]), _int(data["field"]), _int(data["rotation"]))
        if kind == "exchange":
            return Exchanged(seat, _str(data["tile"]), _int(data["return_at"]))
        if kind == "pass":
            return Pass(seat)
        if kind == "resign":
            return Resign(seat)
    except (KeyError, TypeError) as exc:
        raise RecordError(f"malformed event: {data!r}") from exc
    raise RecordError(f"unknown event type: {kind!r}")
