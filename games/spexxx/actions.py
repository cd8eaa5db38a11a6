"""What players do (actions) and what happened (events).

Events are actions with their chance outcome filled in: ``Throw`` becomes ``Thrown`` with the
dice. The other actions carry no chance and are their own event. The event log is the game: the
state is rebuilt from it with no RNG.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.common.actions import Resign
from games.common.errors import RecordError


@dataclass(frozen=True, slots=True)
class Throw:
    """Throw the dice that are not held (the first throw of a turn: all five)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Thrown:
    seat: int
    dice: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Hold:
    """Set which dice (indices 0–4) are kept for the next throw; idempotent, so safe to repeat."""

    seat: int
    dice: frozenset[int]


@dataclass(frozen=True, slots=True)
class Place:
    seat: int
    square: str


@dataclass(frozen=True, slots=True)
class Discard:
    seat: int


Action = Throw | Hold | Place | Discard | Resign
Event = Thrown | Hold | Place | Discard | Resign


def event_to_dict(event: Event) -> dict[str, Any]:
    match event:
        case Thrown(seat, dice):
            return {"type": "throw", "seat": seat, "dice": list(dice)}
        case Hold(seat, dice):
            return {"type": "hold", "seat": seat, "dice": sorted(dice)}
        case Place(seat, square):
            return {"type": "place", "seat": seat, "square": square}
        case Discard(seat):
            return {"type": "discard", "seat": seat}
        case Resign(seat):
            return {"type": "resign", "seat": seat}
    raise TypeError(f"not an event: {event!r}")


def event_from_dict(data: Any) -> Event:
    try:
        kind, seat = data["type"], data["seat"]
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise TypeError
        if kind == "throw":
            dice = tuple(data["dice"])
            if not all(isinstance(d, int) and not isinstance(d, bool) for d in dice):
                raise TypeError
            return Thrown(seat, dice)
        if kind == "hold":
            held = frozenset(data["dice"])
            if not all(isinstance(d, int) for d in held):
                raise TypeError
            return Hold(seat, held)
        if kind == "place":
            if not isinstance(data["square"], str):
                raise TypeError
            return Place(seat, data["square"])
        if kind == "discard":
            return Discard(seat)
        if kind == "resign":
            return Resign(seat)
    except (KeyError, TypeError) as exc:
        raise RecordError(f"malformed event: {data!r}") from exc
    raise RecordError(f"unknown event type: {kind!r}")
