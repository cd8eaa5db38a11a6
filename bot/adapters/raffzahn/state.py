"""Raffzahn's state and actions as JSON: a click loads the position, never replays it.

The pile's dice are stored as they lie (the full pyramid's faces, RULES.md §3.2); the state is
stored, never posted, so it may hold every face (the record's rule: no export before the end).
"""

from __future__ import annotations

from typing import Any

from games.common.errors import RecordError
from games.das_spiel import geometry as g
from games.das_spiel.pyramid import Pyramid
from games.das_spiel.raffzahn import (
    Action,
    Close,
    EndReason,
    Phase,
    RaffState,
    Roll,
    Stop,
    Take,
    Timeout,
)
from games.das_spiel.setup import parse_die
from games.das_spiel.timing import Clock, Window


def state_to_dict(s: RaffState) -> dict[str, Any]:
    window = s.clock.window
    return {
        "dice": [None if die is None else die.text for die in s.pyramid.dice],
        "start_seat": s.start_seat,
        "round_ms": s.round_ms,
        "roller": s.roller,
        "phase": s.phase.value,
        "value": s.value,
        "taken": [g.labels(m) for m in s.taken],
        "now": s.clock.now,
        "window": None if window is None else [window.kind, window.deadline],
        "last_close": None if s.last_close is None else s.last_close.value,
        "end": None if s.end_reason is None else s.end_reason.value,
        "winners": list(s.winners),
    }


def _int_or_none(value: Any) -> int | None:
    return None if value is None else int(value)


def state_from_dict(data: Any) -> RaffState:
    s = RaffState.__new__(RaffState)
    dice = [None if text is None else parse_die(text) for text in data["dice"]]
    if len(dice) != g.COUNT:
        raise RecordError("a pile has 165 positions")
    s.pyramid = Pyramid.from_dice(dice)
    s.start_seat = int(data["start_seat"])
    s.round_ms = int(data["round_ms"])
    s.roller = int(data["roller"])
    s.phase = Phase(data["phase"])
    s.value = _int_or_none(data["value"])
    s.taken = [g.mask_of_labels(labels) for labels in data["taken"]]
    if any(m & s.pyramid.occupied for m in s.taken):
        raise RecordError("a taken die still lies in the pile")
    window = data["window"]
    s.clock = Clock(
        int(data["now"]), None if window is None else Window(str(window[0]), int(window[1]))
    )
    s.last_close = None if data["last_close"] is None else Close(data["last_close"])
    s.end_reason = None if data["end"] is None else EndReason(data["end"])
    s.winners = [int(w) for w in data["winners"]]
    return s


def action_to_dict(a: Action) -> dict[str, Any]:
    """As the record writes it (RECORD-FORMAT.md): a position as its label, ``t`` in ms."""
    if isinstance(a, Roll):
        return {"type": "roll", "seat": a.seat, "value": a.value, "t": a.t}
    if isinstance(a, Take):
        return {"type": "take", "seat": a.seat, "pos": g.LABELS[a.pos], "t": a.t}
    if isinstance(a, Stop):
        return {"type": "stop", "seat": a.seat, "t": a.t}
    return {"type": "timeout", "t": a.t}


def action_from_dict(data: dict[str, Any]) -> Action:
    try:
        kind, t = data["type"], int(data["t"])
        if kind == "timeout":
            return Timeout(t)
        seat = int(data["seat"])
        if kind == "roll":
            return Roll(seat, int(data["value"]), t)
        if kind == "take":
            return Take(seat, g.index_of_label(data["pos"]), t)
        if kind == "stop":
            return Stop(seat, t)
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"not a Raffzahn event: {data!r}") from exc
    raise RecordError(f"not a Raffzahn event: {data!r}")
