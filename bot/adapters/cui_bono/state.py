"""Cui bono?'s state and actions as JSON: a click loads the position, never replays it."""

from __future__ import annotations

from typing import Any

from games.common.errors import RecordError
from games.das_spiel import geometry as g
from games.das_spiel.cui_bono import Action, CuiState, EndReason, Keep, Phase, Pull, Put
from games.das_spiel.pyramid import Colour, Pyramid
from games.das_spiel.setup import parse_die


def state_to_dict(s: CuiState) -> dict[str, Any]:
    return {
        "dice": [None if die is None else die.text for die in s.pyramid.dice],
        "seats": s.seats,
        "start_seat": s.start_seat,
        "penalty": {c.value: v for c, v in s.penalty.items()},
        "quiet_turns": s.quiet_turns,
        "dice_limit": s.dice_limit,
        "current": s.current,
        "phase": s.phase.value,
        "held": None if s.held is None else s.held.text,
        "pulled": s.pulled,
        "vacated": s.vacated,
        "funnels": g.labels(s.funnels),
        "kept": ["".join(c.value for c in kept) for kept in s.kept],
        "quiet": s.quiet,
        "end": s.end_reason.value if s.end_reason else None,
        "winners": list(s.winners),
    }


def _int_or_none(value: Any) -> int | None:
    return None if value is None else int(value)


def state_from_dict(data: Any) -> CuiState:
    s = CuiState.__new__(CuiState)
    dice = [None if text is None else parse_die(text) for text in data["dice"]]
    if len(dice) != len(g.LABELS):
        raise RecordError("a pile has 165 positions")
    s.pyramid = Pyramid.from_dice(dice)
    s.seats = int(data["seats"])
    s.start_seat = int(data["start_seat"])
    s.penalty = {Colour(k): int(v) for k, v in data["penalty"].items()}
    s.quiet_turns = int(data["quiet_turns"])
    s.dice_limit = int(data["dice_limit"])
    s.current = _int_or_none(data["current"])
    s.phase = Phase(data["phase"])
    s.held = None if data["held"] is None else parse_die(data["held"])
    s.pulled = _int_or_none(data["pulled"])
    s.vacated = _int_or_none(data["vacated"])
    s.funnels = g.mask_of_labels(data["funnels"])
    s.kept = [[Colour(c) for c in kept] for kept in data["kept"]]
    s.quiet = int(data["quiet"])
    s.end_reason = None if data["end"] is None else EndReason(data["end"])
    s.winners = [int(w) for w in data["winners"]]
    return s


def action_to_dict(a: Action) -> dict[str, Any]:
    """As the record writes it (RECORD-FORMAT.md): a position as its label."""
    if isinstance(a, Keep):
        return {"type": "keep", "seat": a.seat}
    kind = "pull" if isinstance(a, Pull) else "put"
    return {"type": kind, "seat": a.seat, "pos": g.LABELS[a.pos]}


def action_from_dict(data: dict[str, Any]) -> Action:
    try:
        kind, seat = data["type"], int(data["seat"])
        if kind == "keep":
            return Keep(seat)
        pos = g.index_of_label(data["pos"])
        if kind == "pull":
            return Pull(seat, pos)
        if kind == "put":
            return Put(seat, pos)
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"not a Cui bono? event: {data!r}") from exc
    raise RecordError(f"not a Cui bono? event: {data!r}")
