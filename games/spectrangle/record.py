"""Game records (``spectrangle-record/1``, RECORD-FORMAT.md): export, import, the replay report.

A record holds the bag order and every turn, including where exchanged tiles went back, so
replay needs no RNG. The whole record is checked for shape first (``parse_record``: exit 2),
then the rules turn by turn (``replay``: ``RuleViolation``, exit 1).

One extension, as for Spexxx: ``"resignations": [{"player": 1, "after_turn": 7}]`` for players
who left a game through the bot. RECORD-FORMAT.md has no word for it (``docs/records.md``
describes it); readers that ignore the key replay games without resignations correctly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.common.errors import IllegalAction, RecordError
from games.common.records import (
    RuleViolation,
    apply_resignations,
    check_players,
    check_record,
    check_resignations,
    check_turn_list,
    is_int,
)

__all__ = [
    "FORMAT",
    "Record",
    "RecordTurn",
    "RuleViolation",
    "export_record",
    "parse_record",
    "replay",
    "replay_report",
]
from games.spectrangle.actions import Event, Exchanged, Pass, Place
from games.spectrangle.board import FIELD_COUNT
from games.spectrangle.game import Game, Setup
from games.spectrangle.state import MAX_SEATS, MIN_SEATS, TurnKind
from games.spectrangle.tiles import TILE_BY_CODE, TILE_CODES

FORMAT = "spectrangle-record/1"
_PLACE_KEYS = ("tile", "field", "rotation")


@dataclass(frozen=True, slots=True)
class RecordTurn:
    player: int
    kind: TurnKind
    tile: str | None = None  # laid, or given back in an exchange
    field: int | None = None
    rotation: int | None = None
    return_at: int | None = None

    def event(self) -> Event:
        if self.kind is TurnKind.PLACE:
            return Place(self.player, self.tile, self.field, self.rotation)  # type: ignore[arg-type]
        if self.kind is TurnKind.EXCHANGE:
            return Exchanged(self.player, self.tile, self.return_at)  # type: ignore[arg-type]
        return Pass(self.player)


@dataclass(frozen=True, slots=True)
class Record:
    players: tuple[str, ...]
    bag: tuple[str, ...]
    turns: tuple[RecordTurn, ...]
    teams: bool = False
    seed: int | None = None
    resignations: tuple[tuple[int, int], ...] = ()  # (player, after_turn)

    @property
    def setup(self) -> Setup:
        return Setup(len(self.players), self.bag, self.teams, self.seed)


# ----------------------------------------------------------------------------------- export


def export_record(game: Game, players: list[str]) -> dict[str, Any]:
    """The record of ``game`` (finished or not: a running game's record shows the bag)."""
    state = game.state
    if len(players) != state.seats:
        raise ValueError(f"{len(players)} names for {state.seats} seats")
    turns: list[dict[str, Any]] = []
    for t in state.history:
        entry: dict[str, Any] = {"player": t.seat}
        if t.kind is TurnKind.PLACE:
            entry.update(tile=t.tile, field=t.field, rotation=t.rotation)
        elif t.kind is TurnKind.EXCHANGE:
            entry.update(exchange=t.tile, return_at=t.return_at)
        else:
            entry["pass"] = True
        turns.append(entry)
    record: dict[str, Any] = {
        "format": FORMAT,
        "players": list(players),
        "teams": state.teams,
    }
    if game.setup.seed is not None:
        record["seed"] = game.setup.seed
    record["bag"] = list(game.setup.bag)
    record["turns"] = turns
    if state.resignations:
        record["resignations"] = [{"player": s, "after_turn": n} for s, n in state.resignations]
    return record


# ------------------------------------------------------------------------------------ parse


def _code(where: str, value: Any) -> str:
    if not isinstance(value, str):
        raise RecordError(f'{where}: a tile is a code such as "RRY", not {value!r}')
    if value not in TILE_BY_CODE:
        raise RecordError(f"{where}: unknown tile code {value!r}")
    return value


def parse_record(data: Any) -> Record:
    """Check the record's shape and types; the rules are checked by ``replay``."""
    data = check_record(data, FORMAT)
    players = check_players(data, MIN_SEATS, MAX_SEATS)
    teams = data.get("teams", False)
    if not isinstance(teams, bool):
        raise RecordError("teams must be true or false")
    if teams and len(players) != 4:
        raise RecordError(f"teams need exactly 4 players, not {len(players)}")
    seed = data.get("seed")
    if seed is not None and not is_int(seed):
        raise RecordError("seed must be an integer")
    bag = data.get("bag")
    if not isinstance(bag, list):
        raise RecordError("bag must be a list of the 36 tile codes")
    codes = tuple(_code(f"bag[{i}]", c) for i, c in enumerate(bag))
    if sorted(codes) != sorted(TILE_CODES):
        raise RecordError("bag must hold each of the 36 tile codes exactly once")
    raw_turns = check_turn_list(data)
    turns = tuple(_parse_turn(i, t, len(players)) for i, t in enumerate(raw_turns))
    resignations = check_resignations(data, len(players))
    return Record(players, codes, turns, teams, seed, resignations)


def _parse_turn(index: int, turn: Any, seats: int) -> RecordTurn:
    where = f"turn {index}"
    if not isinstance(turn, dict):
        raise RecordError(f"{where} is not an object")
    player = turn.get("player")
    if not is_int(player):
        raise RecordError(f"{where}: player must be a seat number")
    if not 0 <= player < seats:
        raise RecordError(f"{where}: there is no seat {player} in a game of {seats}")
    places = any(k in turn for k in _PLACE_KEYS)
    actions = places + ("pass" in turn) + ("exchange" in turn)
    if actions != 1:
        what = "none" if actions == 0 else "more than one"
        raise RecordError(f"{where}: a turn has exactly one of place, pass, exchange, not {what}")
    if "exchange" in turn:
        if "return_at" not in turn:
            raise RecordError(f"{where}: an exchange needs return_at")
        return_at = turn["return_at"]
        if not is_int(return_at):
            raise RecordError(f"{where}: return_at must be an integer")
        return RecordTurn(player, TurnKind.EXCHANGE, _code(where, turn["exchange"]), None, None,
                          return_at)  # fmt: skip
    if "return_at" in turn:
        raise RecordError(f"{where}: return_at belongs to an exchange only")
    if "pass" in turn:
        if turn["pass"] is not True:
            raise RecordError(f'{where}: "pass" must be true')
        return RecordTurn(player, TurnKind.PASS)
    missing = [k for k in _PLACE_KEYS if k not in turn]
    if missing:
        raise RecordError(f"{where}: a placement needs tile, field and rotation")
    field, rotation = turn["field"], turn["rotation"]
    if not is_int(field) or not 0 <= field < FIELD_COUNT:
        raise RecordError(f"{where}: field must be 0–35, not {field!r}")
    if not is_int(rotation) or rotation not in (0, 1, 2):
        raise RecordError(f"{where}: rotation must be 0, 1 or 2, not {rotation!r}")
    return RecordTurn(player, TurnKind.PLACE, _code(where, turn["tile"]), field, rotation)


# ----------------------------------------------------------------------------------- replay


def replay(record: Record) -> Game:
    """Apply every turn with the rules engine; a rule break raises ``RuleViolation``."""
    game = Game(record.setup)
    pending = sorted(record.resignations, key=lambda r: r[1])
    for index, turn in enumerate(record.turns):
        pending = apply_resignations(pending, index, game.resign)
        try:
            game.record(turn.event())
        except IllegalAction as exc:
            raise RuleViolation(index, str(exc)) from None
    apply_resignations(pending, len(record.turns), game.resign)
    return game


def replay_report(game: Game) -> dict[str, Any]:
    """The JSON document ``python -m games.spectrangle replay`` prints (RECORD-FORMAT.md)."""
    state = game.state
    turns: list[dict[str, Any]] = []
    for t in state.history:
        entry: dict[str, Any] = {"player": t.seat}
        if t.kind is TurnKind.PLACE:
            entry.update(tile=t.tile, field=t.field, rotation=t.rotation, points=t.points)
            entry["drew"] = t.drew
        elif t.kind is TurnKind.EXCHANGE:
            entry.update(exchange=t.tile, drew=t.drew, points=0)
        else:
            entry.update({"pass": True, "points": 0})
        turns.append(entry)
    report: dict[str, Any] = {
        "start_player": state.start_seat,
        "turns": turns,
        "placed_points": list(state.placed_points),
        "penalties": state.penalties,
        "scores": state.scores,
    }
    if state.teams:
        report["team_scores"] = state.team_scores
    report.update(
        finished=state.finished,
        end_reason=None if state.end_reason is None else state.end_reason.value,
        winners=state.winners(),
        hands=[list(h) for h in state.hand_codes],
    )
    return report
