"""Abquetschen's state and actions as JSON: a click loads the position, never replays it."""

from __future__ import annotations

from typing import Any

from games.common.errors import RecordError
from games.das_spiel import geometry as g
from games.das_spiel.abquetschen import AbqState, Action, Bonus, Build, EndReason, Phase, Roll
from games.das_spiel.abquetschen import Start as StartPyramid


def state_to_dict(s: AbqState) -> dict[str, Any]:
    return {
        "phase": s.phase.value,
        "current": s.current,
        "start_seat": s.start_seat,
        "owned": [g.labels(m) for m in s.owned],
        "supply": list(s.supply),
        "start_player": s.start_player,
        "start_rebuilt": s.start_rebuilt,
        "roll": s.roll,
        "bonus_due": s.bonus_due,
        "passes": s.passes_in_a_row,
        "end": s.end_reason.value if s.end_reason else None,
        "winners": list(s.winners),
    }


def state_from_dict(data: Any) -> AbqState:
    s = AbqState(int(data["start_seat"]))
    s.phase = Phase(data["phase"])
    s.current = None if data["current"] is None else int(data["current"])
    s.owned = [g.mask_of(g.index_of_label(label) for label in labels) for labels in data["owned"]]
    s.occupied = s.owned[0] | s.owned[1] | s.owned[2]
    if sum(m.bit_count() for m in s.owned) != s.occupied.bit_count():
        raise RecordError("a die is owned twice")
    s.supply = [int(n) for n in data["supply"]]
    s.start_player = None if data["start_player"] is None else int(data["start_player"])
    s.start_rebuilt = bool(data["start_rebuilt"])
    s.roll = None if data["roll"] is None else int(data["roll"])
    s.bonus_due = int(data["bonus_due"])
    s.passes_in_a_row = int(data["passes"])
    s.end_reason = None if data["end"] is None else EndReason(data["end"])
    s.winners = [int(w) for w in data["winners"]]
    return s


KINDS: dict[type, str] = {StartPyramid: "start", Build: "build", Bonus: "bonus"}
BY_KIND = {"start": StartPyramid, "build": Build, "bonus": Bonus}


def action_to_dict(a: Action) -> dict[str, Any]:
    """As the record writes it (RECORD-FORMAT.md): positions as labels."""
    if isinstance(a, Roll):
        return {"type": "roll", "seat": a.seat, "value": a.value}
    return {"type": KINDS[type(a)], "seat": a.seat, "positions": [g.LABELS[i] for i in a.positions]}


def action_from_dict(data: dict[str, Any]) -> Action:
    try:
        kind, seat = data["type"], int(data["seat"])
        if kind == "roll":
            return Roll(seat, int(data["value"]))
        positions = tuple(g.index_of_label(label) for label in data["positions"])
        return BY_KIND[kind](seat, positions)  # type: ignore[no-any-return]
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"not an Abquetschen event: {data!r}") from exc
