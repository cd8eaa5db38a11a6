"""Würfelmarsch's state, actions and last results as JSON: a click loads the position, never
replays it.

``Marching`` is the engine plus what the last few actions did (``Last``: the captures and
removals the pictures cross out and the result lines tell): the bot keeps only the log's tail,
from which the renderer could not replay them.
"""

from __future__ import annotations

from typing import Any

from games.common.errors import RecordError
from games.das_spiel import decisions as d
from games.das_spiel import geometry as g
from games.das_spiel.orientation import Orientation, is_orientation
from games.das_spiel.pyramid import Die, Pyramid
from games.das_spiel.wuerfelmarsch import (
    COLOURS,
    SEATS,
    Action,
    Capture,
    EndReason,
    Funnel,
    Result,
    Rotate,
    Tip,
    WmState,
    Wuerfelmarsch,
)
from renderers.das_spiel.wuerfelmarsch import Last

KEEP_LASTS = SEATS  # one platform action plays at most a round (a resigned seat's turns)


class Marching(Wuerfelmarsch):
    """The engine with the ``Last`` of its latest actions (newest last)."""

    def __init__(
        self,
        start_seat: int = d.START_SEAT_DEFAULT,
        quiet_turns: int = d.WM_QUIET_TURNS,
        state: WmState | None = None,
        lasts: tuple[Last, ...] = (),
    ) -> None:
        super().__init__(start_seat, quiet_turns, state)
        self.lasts = lasts


def _orientation(text: Any) -> Orientation:
    o = tuple(int(c) for c in str(text))
    if not is_orientation(o):
        raise RecordError(f"{text!r} is not a die's orientation")
    return o  # type: ignore[return-value]


def _faces(o: Orientation) -> str:
    return "".join(map(str, o))


def state_to_dict(s: WmState) -> dict[str, Any]:
    return {
        "start_seat": s.start_seat,
        "quiet_turns": s.quiet_turns,
        "dice": [{g.LABELS[i]: _faces(s.orientation(i)) for i in g.bits(m)} for m in s.owned],
        "current": s.current,
        "turn": s.turn,
        "quiet": s.quiet,
        "captured": list(s.captured),
        "removed": list(s.removed),
        "last_turn": list(s.last_turn),
        "end": s.end_reason.value if s.end_reason else None,
        "winners": list(s.winners),
    }


def state_from_dict(data: Any) -> WmState:
    s = WmState(int(data["start_seat"]), int(data["quiet_turns"]))
    owned = [0] * SEATS
    placed: dict[int, Die] = {}
    if len(data["dice"]) != SEATS:
        raise RecordError("Würfelmarsch has three armies")
    for seat, dice in enumerate(data["dice"]):
        for label, faces in dice.items():
            i = g.index_of_label(label)
            if g.LAYER[i] != 0 or i in placed:
                raise RecordError(f"{label} is not a free hollow of the plate")
            placed[i] = Die(COLOURS[seat], _orientation(faces))
            owned[seat] |= g.BIT[i]
    s.owned = owned
    s.pyramid = Pyramid.from_dice(placed)
    s.current = None if data["current"] is None else int(data["current"])
    s.turn = int(data["turn"])
    s.quiet = int(data["quiet"])
    s.captured = [int(n) for n in data["captured"]]
    s.removed = [int(n) for n in data["removed"]]
    s.last_turn = [int(n) for n in data["last_turn"]]
    s.end_reason = None if data["end"] is None else EndReason(data["end"])
    s.winners = [int(w) for w in data["winners"]]
    return s


def last_to_dict(last: Last) -> dict[str, Any]:
    r = last.result
    return {
        "seat": last.seat,
        "kind": r.kind,
        "pos": g.LABELS[r.pos],
        "orientation": _faces(r.orientation),
        "to": None if r.to is None else g.LABELS[r.to],
        "dir": r.direction,
        "funnels": [[g.LABELS[f.funnel], list(f.walls), f.result, f.by] for f in r.funnels],
        "captured": [[g.LABELS[c.pos], c.by] for c in r.captured],
        "removed": [g.LABELS[i] for i in r.removed],
        "skipped": list(r.skipped),
        "end": r.end.value if r.end else None,
        "lost": [[g.LABELS[i], seat] for i, seat in sorted(last.lost.items())],
    }


def last_from_dict(data: Any) -> Last:
    at = g.index_of_label
    funnels = tuple(
        Funnel(at(q), (int(w[0]), int(w[1]), int(w[2])), str(kind), None if by is None else int(by))
        for q, w, kind, by in data["funnels"]
    )
    result = Result(
        str(data["kind"]),
        at(data["pos"]),
        _orientation(data["orientation"]),
        None if data["to"] is None else at(data["to"]),
        data["dir"],
        funnels,
        tuple(Capture(at(pos), int(by)) for pos, by in data["captured"]),
        tuple(at(pos) for pos in data["removed"]),
        tuple(int(s) for s in data["skipped"]),
        None if data["end"] is None else EndReason(data["end"]),
    )
    return Last(int(data["seat"]), result, {at(pos): int(seat) for pos, seat in data["lost"]})


def action_to_dict(a: Action) -> dict[str, Any]:
    """As the record writes it (RECORD-FORMAT.md): positions as labels."""
    if isinstance(a, Tip):
        return {"type": "tip", "seat": a.seat, "from": g.LABELS[a.frm], "to": g.LABELS[a.to]}
    return {
        "type": "rotate",
        "seat": a.seat,
        "pos": g.LABELS[a.pos],
        "orientation": _faces(a.orientation),
    }


def action_from_dict(data: dict[str, Any]) -> Action:
    try:
        kind, seat = data["type"], int(data["seat"])
        if kind == "tip":
            return Tip(seat, g.index_of_label(data["from"]), g.index_of_label(data["to"]))
        if kind == "rotate":
            pos = g.index_of_label(data["pos"])
            return Rotate(seat, pos, _orientation(data["orientation"]))
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"not a Würfelmarsch event: {data!r}") from exc
    raise RecordError(f"not a Würfelmarsch event: {data!r}")
