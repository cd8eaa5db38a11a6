"""Das Spiel records (``das-spiel-record/1``, RECORD-FORMAT.md): the envelope, the shape check of
every event, and the replay report. Shared by the six games.

How a game plugs in:

1. Its engine offers the ``Replayable`` protocol below: ``apply_record_event(event)`` applies one
   ``RecordEvent`` (already shape-checked, labels turned into indices, orientations into tuples)
   and returns the event's result fields of RECORD-FORMAT.md's output table (``value``,
   ``passed``, ``funnels`` …, labels as text), or raises an ``IllegalAction`` with the reason
   and changes nothing; plus ``next_seat``, ``finished``, ``end_reason``, ``winners()`` and
   ``standings()``. A turn-based engine with a ``state`` gets the first four from
   ``ReplayableState``.
2. A factory ``(Record) -> Replayable`` builds the engine from the record: ``record.pyramid()``
   is the set-up (seed or dice), ``record.options`` has every option with defaults filled in,
   ``record.start_seat`` and ``record.players`` the rest.
3. One line in ``games.das_spiel.registry.ENGINES`` names the factory.

The event vocabulary of all six games (``SCHEMAS``) lives here, so shape errors (exit 2) are
found the same way for every game before any rule is checked (exit 1). ``event_to_json`` turns a
``RecordEvent`` back into its JSON object, and ``record_json`` builds a whole record, so an
engine can keep its log as ``RecordEvent``s and export it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any, Protocol

from games.common.errors import IllegalAction, RecordError
from games.common.records import RuleViolation, check_players, check_record, is_int
from games.das_spiel import decisions as d
from games.das_spiel import geometry as g
from games.das_spiel.orientation import Orientation, orientation_text, parse_orientation
from games.das_spiel.pyramid import Colour, Die, Pyramid
from games.das_spiel.setup import (
    BOTTOM_COUNT,
    bottom_layer,
    check_seed,
    full_pyramid,
    parse_die,
)

__all__ = [
    "FORMAT",
    "GAMES",
    "SCHEMAS",
    "FieldKind",
    "GameSchema",
    "Record",
    "RecordEvent",
    "Replay",
    "Replayable",
    "ReplayableState",
    "SetupKind",
    "event_to_json",
    "parse_record",
    "record_json",
    "replay",
    "replay_report",
]

FORMAT = "das-spiel-record/1"
EVENT = "event"  # how RuleViolation numbers a record's steps: "event N: reason"


class SetupKind(StrEnum):
    NONE = "none"  # Abquetschen, Würfelmarsch: "setup" must be absent
    FULL = "full"  # Raffzahn, Cui bono?: 165 dice, 55 of each colour
    BOTTOM = "bottom"  # Bunte Kuh (pearl), Eintrichtern (yellow): 45 dice of one colour


class FieldKind(StrEnum):
    VALUE = "value"  # one die, 1–6
    DICE = "dice"  # three dice, 1–6 each → tuple
    POS = "pos"  # a label → index
    POSITIONS = "positions"  # a list of labels → tuple of indices (may be empty)
    ORIENTATION = "orientation"  # "321" → (3, 2, 1)


def _positive(value: Any) -> bool:
    return is_int(value) and value > 0


def _penalty(value: Any) -> bool:
    return (
        isinstance(value, dict)
        and set(value) == {"R", "Y", "P"}
        and all(is_int(v) and v >= 0 for v in value.values())
    )


@dataclass(frozen=True, slots=True)
class Option:
    default: Any
    check: Callable[[Any], bool] = _positive


V, DICE, POS, POSS, ORI = (
    FieldKind.VALUE,
    FieldKind.DICE,
    FieldKind.POS,
    FieldKind.POSITIONS,
    FieldKind.ORIENTATION,
)


@dataclass(frozen=True, slots=True)
class GameSchema:
    name: str
    min_players: int
    max_players: int
    setup: SetupKind
    timed: bool
    # event type → its fields besides type, seat and t; "timeout" is the one seatless event
    events: Mapping[str, tuple[tuple[str, FieldKind], ...]]
    options: Mapping[str, Option] = field(default_factory=dict)
    setup_colour: Colour | None = None  # the one colour of a BOTTOM set-up


SCHEMAS: Mapping[str, GameSchema] = MappingProxyType(
    {
        s.name: s
        for s in (
            GameSchema(
                "abquetschen",
                d.ABQ_PLAYERS,
                d.ABQ_PLAYERS,
                SetupKind.NONE,
                False,
                {
                    "roll": (("value", V),),
                    "start": (("positions", POSS),),
                    "build": (("positions", POSS),),
                    "bonus": (("positions", POSS),),
                },
            ),
            GameSchema(
                "raffzahn",
                d.RAF_PLAYERS,
                d.RAF_PLAYERS,
                SetupKind.FULL,
                True,
                {"roll": (("value", V),), "take": (("pos", POS),), "stop": (), "timeout": ()},
                {"round_ms": Option(d.RAF_ROUND_MS)},
            ),
            GameSchema(
                "bunte-kuh",
                d.BK_MIN_PLAYERS,
                d.BK_MAX_PLAYERS,
                SetupKind.BOTTOM,
                True,
                {
                    "roll": (("dice", DICE),),
                    "stop": (("pos", POS),),
                    "nowhere": (),
                    "place": (("pos", POS), ("orientation", ORI)),
                    "timeout": (),
                },
                {"call_ms": Option(d.BK_CALL_MS), "place_ms": Option(d.BK_PLACE_MS)},
                Colour.PEARL,
            ),
            GameSchema(
                "cui-bono",
                d.CUI_MIN_PLAYERS,
                d.CUI_MAX_PLAYERS,
                SetupKind.FULL,
                False,
                {"pull": (("pos", POS),), "put": (("pos", POS),), "keep": ()},
                {
                    "cui_penalty": Option(dict(d.CUI_PENALTY), _penalty),
                    "quiet_turns": Option(d.CUI_QUIET_TURNS),
                },
            ),
            GameSchema(
                "eintrichtern",
                d.EIN_MIN_PLAYERS,
                d.EIN_MAX_PLAYERS,
                SetupKind.BOTTOM,
                False,
                {"roll": (("dice", DICE),), "adopt": (), "lift": (("pos", POS),)},
                {},
                Colour.YELLOW,
            ),
            GameSchema(
                "wuerfelmarsch",
                d.WM_PLAYERS,
                d.WM_PLAYERS,
                SetupKind.NONE,
                False,
                {
                    "tip": (("from", POS), ("to", POS)),
                    "rotate": (("pos", POS), ("orientation", ORI)),
                },
                {"quiet_turns": Option(d.WM_QUIET_TURNS)},
            ),
        )
    }
)
GAMES: tuple[str, ...] = tuple(SCHEMAS)


@dataclass(frozen=True, slots=True)
class RecordEvent:
    """One record event after the shape check. ``fields`` holds the event's own fields in
    engine form: ``pos``/``from``/``to`` as indices, ``positions`` as a tuple of indices,
    ``orientation`` as a tuple, ``dice`` as a tuple, ``value`` as an int."""

    type: str
    seat: int | None = None
    t: int | None = None
    fields: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Record:
    game: str
    players: tuple[str, ...]
    start_seat: int
    events: tuple[RecordEvent, ...]
    options: Mapping[str, Any]  # every option of the game, defaults filled in
    seed: int | None = None
    dice: tuple[Die, ...] | None = None

    @property
    def schema(self) -> GameSchema:
        return SCHEMAS[self.game]

    def pyramid(self) -> Pyramid | None:
        """The set-up (§3.2): from the seed or the explicit dice; None for games without one."""
        schema = self.schema
        if self.dice is not None:
            return Pyramid.from_dice(self.dice)
        if self.seed is None:
            return None
        if schema.setup is SetupKind.FULL:
            return full_pyramid(self.seed)
        assert schema.setup_colour is not None
        return bottom_layer(self.seed, schema.setup_colour)


# ------------------------------------------------------------------------------ parsing


def _field(where: str, name: str, kind: FieldKind, value: Any) -> Any:
    if kind is FieldKind.VALUE:
        if not is_int(value) or not 1 <= value <= 6:
            raise RecordError(f"{where}: {name} must be a die value 1–6, not {value!r}")
        return value
    if kind is FieldKind.DICE:
        if (
            not isinstance(value, list)
            or len(value) != 3
            or not all(is_int(v) and 1 <= v <= 6 for v in value)
        ):
            raise RecordError(f"{where}: {name} must be three die values 1–6, not {value!r}")
        return tuple(value)
    if kind is FieldKind.POS:
        if not g.is_label(value):
            raise RecordError(f"{where}: {name} must be a position label like '0I5', not {value!r}")
        return g.index_of_label(value)
    if kind is FieldKind.POSITIONS:
        if not isinstance(value, list) or not all(g.is_label(v) for v in value):
            raise RecordError(f"{where}: {name} must be a list of position labels")
        return tuple(g.index_of_label(v) for v in value)
    try:
        return parse_orientation(value)
    except ValueError:
        raise RecordError(
            f"{where}: {name} must be one of the 24 orientations, not {value!r}"
        ) from None


def _event(index: int, raw: Any, schema: GameSchema, seats: int) -> RecordEvent:
    where = f"event {index}"
    if not isinstance(raw, dict):
        raise RecordError(f"{where} is not an object")
    kind = raw.get("type")
    if not isinstance(kind, str) or kind not in schema.events:
        raise RecordError(f"{where}: {schema.name} has no event type {kind!r}")
    seat = None
    if kind != "timeout":
        seat = raw.get("seat")
        if not is_int(seat) or not 0 <= seat < seats:
            raise RecordError(f"{where}: seat must be a seat 0–{seats - 1}, not {seat!r}")
    t = None
    if schema.timed:
        t = raw.get("t")
        if not is_int(t) or t < 0:
            raise RecordError(f"{where}: t must be a non-negative integer (ms), not {t!r}")
    fields = {}
    for name, fkind in schema.events[kind]:
        if name not in raw:
            raise RecordError(f"{where}: a {kind} event needs {name}")
        fields[name] = _field(where, name, fkind, raw[name])
    return RecordEvent(kind, seat, t, MappingProxyType(fields))


def _setup(data: dict[str, Any], schema: GameSchema) -> tuple[int | None, tuple[Die, ...] | None]:
    if schema.setup is SetupKind.NONE:
        if "setup" in data:
            raise RecordError(f"{schema.name} has no random set-up: setup must be absent")
        return None, None
    setup = data.get("setup")
    if not isinstance(setup, dict) or ("seed" in setup) == ("dice" in setup):
        raise RecordError(f"{schema.name} needs a setup with exactly one of seed and dice")
    if "seed" in setup:
        try:
            return check_seed(setup["seed"]), None
        except ValueError as exc:
            raise RecordError(f"setup: {exc}") from None
    raw = setup["dice"]
    count = g.COUNT if schema.setup is SetupKind.FULL else BOTTOM_COUNT
    if not isinstance(raw, list) or len(raw) != count:
        raise RecordError(f"setup: dice must be a list of {count} dice in label order")
    try:
        dice = tuple(parse_die(t) for t in raw)
    except ValueError as exc:
        raise RecordError(f"setup: {exc}") from None
    if schema.setup is SetupKind.FULL:
        counts = {c: sum(x.colour is c for x in dice) for c in (Colour.RED, Colour.YELLOW)}
        if counts[Colour.RED] != 55 or counts[Colour.YELLOW] != 55:
            raise RecordError("setup: a full pyramid has exactly 55 dice of each colour")
    elif any(x.colour is not schema.setup_colour for x in dice):
        raise RecordError(f"setup: every die of a {schema.name} plate is {schema.setup_colour}")
    return None, dice


def _options(data: dict[str, Any], schema: GameSchema) -> Mapping[str, Any]:
    raw = data.get("options", {})
    if not isinstance(raw, dict):
        raise RecordError("options must be an object")
    out = {name: opt.default for name, opt in schema.options.items()}
    for key, value in raw.items():
        if key not in schema.options:
            raise RecordError(f"{schema.name} has no option {key!r}")
        if not schema.options[key].check(value):
            raise RecordError(f"option {key}: bad value {value!r}")
        out[key] = value
    return MappingProxyType(out)


def parse_record(data: Any) -> Record:
    """Check the whole record's shape (RECORD-FORMAT.md, exit 2); the rules come in ``replay``."""
    data = check_record(data, FORMAT)
    game = data.get("game")
    if not isinstance(game, str) or game not in SCHEMAS:
        raise RecordError(f"unknown game {game!r}; one of {', '.join(GAMES)}")
    schema = SCHEMAS[game]
    players = check_players(data, schema.min_players, schema.max_players)
    start_seat = data.get("start_seat", d.START_SEAT_DEFAULT)
    if not is_int(start_seat) or not 0 <= start_seat < len(players):
        raise RecordError(f"start_seat must be a seat 0–{len(players) - 1}, not {start_seat!r}")
    seed, dice = _setup(data, schema)
    options = _options(data, schema)
    raw_events = data.get("events")
    if not isinstance(raw_events, list):
        raise RecordError("events must be a list")
    events = tuple(_event(i, e, schema, len(players)) for i, e in enumerate(raw_events))
    return Record(game, players, start_seat, events, options, seed, dice)


# ------------------------------------------------------------------------------- export


def _json_field(kind: FieldKind, value: Any) -> Any:
    if kind is FieldKind.POS:
        return g.LABELS[value]
    if kind is FieldKind.POSITIONS:
        return [g.LABELS[i] for i in value]
    if kind is FieldKind.ORIENTATION:
        o: Orientation = value
        return orientation_text(o)
    if kind is FieldKind.DICE:
        return list(value)
    return value


def event_to_json(game: str, event: RecordEvent) -> dict[str, Any]:
    """The JSON object of an event, as a record stores it."""
    out: dict[str, Any] = {"type": event.type}
    if event.seat is not None:
        out["seat"] = event.seat
    for name, kind in SCHEMAS[game].events[event.type]:
        out[name] = _json_field(kind, event.fields[name])
    if event.t is not None:
        out["t"] = event.t
    return out


def record_json(
    game: str,
    players: list[str],
    events: list[RecordEvent],
    *,
    start_seat: int = d.START_SEAT_DEFAULT,
    seed: int | None = None,
    dice: list[str] | None = None,
    options: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """A whole record; pass ``seed`` or ``dice`` (``setup.pyramid_texts``) for games with a
    set-up. Options equal to their defaults are left out."""
    out: dict[str, Any] = {"format": FORMAT, "game": game, "players": list(players)}
    out["start_seat"] = start_seat
    if seed is not None:
        out["setup"] = {"seed": seed}
    elif dice is not None:
        out["setup"] = {"dice": list(dice)}
    defaults = SCHEMAS[game].options
    changed = {k: v for k, v in (options or {}).items() if v != defaults[k].default}
    if changed:
        out["options"] = changed
    out["events"] = [event_to_json(game, e) for e in events]
    return out


# ------------------------------------------------------------------------------- replay


class Replayable(Protocol):
    """What a game engine offers the replay command (see the module docstring)."""

    def apply_record_event(self, event: RecordEvent) -> dict[str, Any]: ...

    @property
    def next_seat(self) -> int | None: ...

    @property
    def finished(self) -> bool: ...

    @property
    def end_reason(self) -> str | None: ...

    def winners(self) -> list[int]: ...

    def standings(self) -> list[dict[str, Any]]: ...


class ReplayableState:
    """The part of ``Replayable`` a turn-based engine answers straight from its ``state``, the
    same way in every game: the state has ``current`` (the seat to act, ``None`` once over),
    ``finished``, ``end_reason`` (a ``StrEnum`` or ``None``) and ``winners`` (seats)."""

    state: Any

    @property
    def next_seat(self) -> int | None:
        current: int | None = self.state.current
        return current

    @property
    def finished(self) -> bool:
        return bool(self.state.finished)

    @property
    def end_reason(self) -> str | None:
        reason = self.state.end_reason
        return None if reason is None else str(reason.value)

    def winners(self) -> list[int]:
        return list(self.state.winners)


EngineFactory = Callable[[Record], Replayable]


@dataclass(slots=True)
class Replay:
    """A replayed record: the engine after the last event and one result per event."""

    record: Record
    engine: Replayable
    results: list[dict[str, Any]]

    @property
    def players(self) -> tuple[str, ...]:
        return self.record.players


def replay(record: Record, factory: EngineFactory) -> Replay:
    """Apply every event; the first the rules refuse raises ``RuleViolation`` (``event N: …``)."""
    engine = factory(record)
    results: list[dict[str, Any]] = []
    for index, event in enumerate(record.events):
        if engine.finished:
            raise RuleViolation(index, "the game is over", EVENT)
        try:
            fields = engine.apply_record_event(event)
        except IllegalAction as exc:
            raise RuleViolation(index, str(exc), EVENT) from None
        entry: dict[str, Any] = {"event": index, "type": event.type}
        if event.seat is not None:
            entry["seat"] = event.seat
        entry.update(fields)
        entry["next"] = engine.next_seat
        results.append(entry)
    return Replay(record, engine, results)


def replay_report(done: Replay) -> dict[str, Any]:
    """The JSON document ``python -m games.das_spiel replay`` prints (RECORD-FORMAT.md)."""
    engine = done.engine
    return {
        "game": done.record.game,
        "events": done.results,
        "standings": engine.standings(),
        "finished": engine.finished,
        "end_reason": engine.end_reason,
        "winners": engine.winners() if engine.finished else [],
    }
