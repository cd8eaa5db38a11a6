"""Eintrichtern's state and actions as JSON (a click loads the position, never replays it), and
``EinGame``: the engine plus the order of every lift so far.

A loaded game's log is only its tail, but a computer remembers every reveal it saw: the funnels
lifted, in order, are kept with the state, and the walls they showed are read off the plate when
a computer thinks (``memory``), so no sum is stored anywhere. The plate itself comes from the
set-up's seed.
"""

from __future__ import annotations

from typing import Any

from games.common.errors import RecordError
from games.das_spiel import geometry as g
from games.das_spiel.eintrichtern import (
    FUNNELS,
    Action,
    Adopt,
    Eintrichtern,
    EndReason,
    Lift,
    Phase,
    Result,
    Roll,
)
from games.das_spiel.eintrichtern.memory import Memory, Seen


class EinGame(Eintrichtern):
    """The engine, and every lift in order: the funnel and the target it was for (what the
    table was shown and told)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lifted: list[tuple[int, int]] = []  # (position, target)

    def apply(self, action: Action) -> Result:
        target = self.state.target
        result = super().apply(action)
        if isinstance(action, Lift) and target is not None:
            self.lifted.append((action.pos, target))
        return result

    def copy(self) -> EinGame:
        other = super().copy()
        other.lifted = list(self.lifted)
        return other


def memory(game: EinGame) -> Memory:
    """What a computer that watched the whole game saw: every reveal, in order."""
    walls = game.state.walls
    seen = [Seen(pos, walls(pos), n) for n, (pos, _) in enumerate(game.lifted)]
    return Memory(seen, len(seen))


def state_to_dict(game: EinGame) -> dict[str, Any]:
    s = game.state
    return {
        "current": s.current,
        "phase": s.phase.value,
        "covered": g.labels(s.covered),
        "reds": list(s.reds),
        "target": s.target,
        "adopted": s.target_adopted,
        "adoptable": s.adoptable,
        "end": s.end_reason.value if s.end_reason else None,
        "winners": list(s.winners),
        "lifted": [[g.LABELS[q], target] for q, target in game.lifted],
    }


def _int_or_none(value: Any) -> int | None:
    return None if value is None else int(value)


def state_from_dict(setup: dict[str, Any], data: Any) -> EinGame:
    seats = int(setup["seats"])
    game = EinGame.new(seats, int(setup["seed"]), start_seat=int(setup["start_seat"]))
    s = game.state
    s.current = _int_or_none(data["current"])
    s.phase = Phase(data["phase"])
    s.covered = g.mask_of_labels(data["covered"])
    s.reds = [int(r) for r in data["reds"]]
    s.target = _int_or_none(data["target"])
    s.target_adopted = bool(data["adopted"])
    s.adoptable = _int_or_none(data["adoptable"])
    s.end_reason = None if data["end"] is None else EndReason(data["end"])
    s.winners = [int(w) for w in data["winners"]]
    game.lifted = [(g.index_of_label(q), int(target)) for q, target in data["lifted"]]
    if s.covered & ~FUNNELS or len(s.reds) != seats:
        raise RecordError("not an Eintrichtern state")
    if not all(FUNNELS >> q & 1 for q, _ in game.lifted):
        raise RecordError("a lift outside the funnels of layer 1")
    return game


def action_to_dict(a: Action) -> dict[str, Any]:
    """As the record writes it (RECORD-FORMAT.md): a position as its label."""
    if isinstance(a, Roll):
        return {"type": "roll", "seat": a.seat, "dice": list(a.dice)}
    if isinstance(a, Adopt):
        return {"type": "adopt", "seat": a.seat}
    return {"type": "lift", "seat": a.seat, "pos": g.LABELS[a.pos]}


def action_from_dict(data: dict[str, Any]) -> Action:
    try:
        kind, seat = data["type"], int(data["seat"])
        if kind == "roll":
            a, b, c = (int(v) for v in data["dice"])
            return Roll(seat, (a, b, c))
        if kind == "adopt":
            return Adopt(seat)
        if kind == "lift":
            return Lift(seat, g.index_of_label(data["pos"]))
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"not an Eintrichtern event: {data!r}") from exc
    raise RecordError(f"not an Eintrichtern event: {data!r}")
