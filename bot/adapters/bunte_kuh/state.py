"""Bunte Kuh's state and actions as JSON: a click loads the position, never replays it. Actions
are stored as the record writes them (RECORD-FORMAT.md), through the engine's own schema."""

from __future__ import annotations

from typing import Any

from games.common.errors import RecordError
from games.das_spiel import geometry as g
from games.das_spiel.bunte_kuh import Action, BkState, BunteKuh, EndReason, Phase
from games.das_spiel.pyramid import Pyramid
from games.das_spiel.record import SCHEMAS, _event, event_to_json
from games.das_spiel.setup import parse_die
from games.das_spiel.timing import Clock, Window

_CODEC = BunteKuh.__new__(BunteKuh)  # record_event / action_of read only class attributes
MAX_SEATS = 6


def state_to_dict(s: BkState) -> dict[str, Any]:
    window = s.clock.window
    return {
        "dice": [None if die is None else die.text for die in s.pyramid.dice],
        "players": s.players,
        "start_seat": s.start_seat,
        "call_ms": s.call_ms,
        "place_ms": s.place_ms,
        "supply": list(s.supply),
        "laid": list(s.laid),
        "holder": s.holder,
        "phase": s.phase.value,
        "rolled": None if s.dice is None else list(s.dice),
        "caller": s.caller,
        "called": s.called,
        "last_caller": s.last_caller,
        "last_laid": s.last_laid,
        "barred": s.barred,
        "now": s.clock.now,
        "window": None if window is None else [window.kind, window.deadline],
        "end": None if s.end_reason is None else s.end_reason.value,
        "winners": list(s.winners),
    }


def _opt(value: Any) -> int | None:
    return None if value is None else int(value)


def state_from_dict(data: Any) -> BkState:
    s = BkState.__new__(BkState)
    dice = [None if text is None else parse_die(text) for text in data["dice"]]
    if len(dice) != g.COUNT:
        raise RecordError("a pile has 165 positions")
    s.pyramid = Pyramid.from_dice(dice)
    s.players = int(data["players"])
    s.start_seat = int(data["start_seat"])
    s.call_ms = int(data["call_ms"])
    s.place_ms = int(data["place_ms"])
    s.supply = [int(n) for n in data["supply"]]
    s.laid = [int(n) for n in data["laid"]]
    s.holder = int(data["holder"])
    s.phase = Phase(data["phase"])
    rolled = data["rolled"]
    s.dice = None if rolled is None else (int(rolled[0]), int(rolled[1]), int(rolled[2]))
    s.caller = _opt(data["caller"])
    s.called = _opt(data["called"])
    s.last_caller = _opt(data["last_caller"])
    s.last_laid = _opt(data.get("last_laid"))  # None in a game stored before it was kept
    s.barred = int(data["barred"])
    window = data["window"]
    s.clock = Clock(
        int(data["now"]), None if window is None else Window(str(window[0]), int(window[1]))
    )
    s.end_reason = None if data["end"] is None else EndReason(data["end"])
    s.winners = [int(w) for w in data["winners"]]
    return s


def action_to_dict(action: Action) -> dict[str, Any]:
    return event_to_json(BunteKuh.GAME, _CODEC.record_event(action))


def action_from_dict(data: dict[str, Any]) -> Action:
    event = _event(0, data, SCHEMAS[BunteKuh.GAME], MAX_SEATS)
    return _CODEC.action_of(event)
