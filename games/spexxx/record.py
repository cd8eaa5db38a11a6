"""Game records (``spexxx-record/1``): export, import, and the replay report.

A record lists each turn's throws and its square or discard; holds are not recorded, since any
die may be re-thrown. One optional extension: ``"resignations": [{"player": 1, "after_turn": 7}]``
for players who left a game through the bot (RECORD-FORMAT.md has no word for it;
``docs/records.md`` describes it; readers that do not know the key can ignore it only for games
without resignations).
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
from games.spexxx.actions import Discard, Place, Resign, Thrown
from games.spexxx.board import GRID
from games.spexxx.game import Game, Setup
from games.spexxx.state import MAX_SEATS, MAX_THROWS, MIN_SEATS, Variant

FORMAT = "spexxx-record/1"


@dataclass(frozen=True, slots=True)
class RecordTurn:
    player: int
    throws: tuple[tuple[int, ...], ...]
    square: str | None  # None = discard


@dataclass(frozen=True, slots=True)
class Record:
    variant: Variant
    players: tuple[str, ...]
    turns: tuple[RecordTurn, ...]
    resignations: tuple[tuple[int, int], ...] = ()  # (player, after_turn)


def export_record(game: Game, players: list[str]) -> dict[str, Any]:
    state = game.state
    if len(players) != state.seats:
        raise ValueError(f"{len(players)} names for {state.seats} seats")
    turns: list[dict[str, Any]] = []
    for t in state.history:
        entry: dict[str, Any] = {"player": t.seat, "throws": [list(d) for d in t.throws]}
        if t.square is None:
            entry["discard"] = True
        else:
            entry["square"] = GRID[t.square].name  # type: ignore[union-attr]
        turns.append(entry)
    record: dict[str, Any] = {
        "format": FORMAT,
        "variant": state.variant.value,
        "players": list(players),
        "turns": turns,
    }
    resignations = _resignations(game)
    if resignations:
        record["resignations"] = [{"player": p, "after_turn": n} for p, n in resignations]
    return record


def _resignations(game: Game) -> list[tuple[int, int]]:
    out = []
    turns_done = 0
    for event in game.events:
        if isinstance(event, Place | Discard):
            turns_done += 1
        elif isinstance(event, Resign):
            out.append((event.seat, turns_done))
    return out


def parse_record(data: Any) -> Record:
    """Check the record's shape and types; rules are checked by ``replay``."""
    data = check_record(data, FORMAT)
    try:
        variant = Variant(data.get("variant", Variant.ADULT.value))
    except ValueError:
        raise RecordError(f"unknown variant {data.get('variant')!r}") from None
    players = check_players(data, MIN_SEATS, MAX_SEATS)
    turns = tuple(_parse_turn(i, t) for i, t in enumerate(check_turn_list(data)))
    return Record(variant, players, turns, check_resignations(data))


def _parse_turn(index: int, turn: Any) -> RecordTurn:
    if not isinstance(turn, dict):
        raise RecordError(f"turn {index} is not an object")
    player = turn.get("player")
    if not is_int(player):
        raise RecordError(f"turn {index}: player must be a seat number")
    throws = turn.get("throws")
    if not isinstance(throws, list) or not all(
        isinstance(t, list) and all(is_int(d) for d in t) for t in throws
    ):
        raise RecordError(f"turn {index}: throws must be lists of dice values")
    has_square = "square" in turn
    discard = turn.get("discard", False)
    if not isinstance(discard, bool):
        raise RecordError(f"turn {index}: discard must be true or false")
    if has_square == discard:
        raise RecordError(f'turn {index}: give either a square or "discard": true')
    square = turn.get("square")
    if has_square and not isinstance(square, str):
        raise RecordError(f'turn {index}: square must be a name such as "N2"')
    return RecordTurn(player, tuple(tuple(t) for t in throws), square)


def replay(record: Record) -> Game:
    """Apply every turn with the rules engine; a rule break raises ``RuleViolation``."""
    if not record.turns:
        game = Game(Setup(record.variant, len(record.players), 0))
    else:
        start = record.turns[0].player
        if not 0 <= start < len(record.players):
            raise RuleViolation(0, f"there is no seat {start}")
        game = Game(Setup(record.variant, len(record.players), start))
    pending = sorted(record.resignations, key=lambda r: r[1])
    for index, turn in enumerate(record.turns):
        pending = apply_resignations(pending, index, game.resign)
        _replay_turn(game, index, turn)
    apply_resignations(pending, len(record.turns), game.resign)
    return game


def _replay_turn(game: Game, index: int, turn: RecordTurn) -> None:
    state = game.state
    if state.finished:
        raise RuleViolation(index, "the game is over")
    if turn.player != state.current:
        raise RuleViolation(index, f"seat {state.current} is on turn, not seat {turn.player}")
    if not 1 <= len(turn.throws) <= MAX_THROWS:
        raise RuleViolation(index, f"a turn has 1 to {MAX_THROWS} throws, not {len(turn.throws)}")
    try:
        for dice in turn.throws:
            game.record(Thrown(turn.player, dice))
        if turn.square is None:
            game.record(Discard(turn.player))
        else:
            game.record(Place(turn.player, turn.square))
    except IllegalAction as exc:
        raise RuleViolation(index, str(exc)) from None


def replay_report(game: Game) -> dict[str, Any]:
    """The JSON document ``python -m games.spexxx replay`` prints."""
    state = game.state
    turns: list[dict[str, Any]] = []
    for t in state.history:
        entry: dict[str, Any] = {"player": t.seat}
        if t.square is None:
            entry["discard"] = True
        else:
            entry["square"] = GRID[t.square].name  # type: ignore[union-attr]
        entry["points"] = t.points
        turns.append(entry)
    return {
        "turns": turns,
        "scores": list(state.scores),
        "finished": state.finished,
        "winners": state.winners(),
    }
