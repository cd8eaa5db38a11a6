"""What every game's records share: reading a record file within limits, the rule-break error,
and the ``replay`` command line's shape (exit 0 with a JSON report, 1 for a rule break with
``turn N: reason``, 2 for a file that is not a record).

The only file I/O under ``games``; the rules themselves never touch files.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from games.common.errors import IllegalAction, RecordError

EXIT_OK = 0
EXIT_RULE_BREAK = 1
EXIT_BAD_FILE = 2
MAX_RECORD_BYTES = 2_000_000  # a long 4-player game is a few tens of kB
MAX_RECORD_DEPTH = 32  # records nest 4 levels deep; anything deeper is not a record


class RuleViolation(IllegalAction):
    """A record turn the rules refuse; ``turn`` is its 0-based index. ``unit`` names the
    record's steps in the message (Das Spiel records number ``event``s, not turns)."""

    def __init__(self, turn: int, reason: str, unit: str = "turn") -> None:
        super().__init__(f"{unit} {turn}: {reason}")
        self.turn = turn
        self.reason = reason


class HasPlayers(Protocol):
    @property
    def players(self) -> Sequence[str]: ...


R = TypeVar("R", bound=HasPlayers)
G = TypeVar("G")


def is_int(value: Any) -> bool:
    """A JSON integer (``true`` is not one, though Python's bool is an int)."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_record(data: Any, record_format: str) -> dict[str, Any]:
    """The record object, if ``data`` is a JSON object of ``record_format``."""
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object")
    if data.get("format") != record_format:
        raise RecordError(f"unknown format {data.get('format')!r}; expected {record_format!r}")
    return data


def check_players(data: dict[str, Any], min_players: int, max_players: int) -> tuple[str, ...]:
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise RecordError("players must be a list of names")
    if not min_players <= len(players) <= max_players:
        raise RecordError(f"a game has {min_players} to {max_players} players, not {len(players)}")
    return tuple(players)


def check_turn_list(data: dict[str, Any]) -> list[Any]:
    turns = data.get("turns")
    if not isinstance(turns, list):
        raise RecordError("turns must be a list")
    return turns


def check_resignations(
    data: dict[str, Any], seats: int | None = None
) -> tuple[tuple[int, int], ...]:
    """The optional ``resignations`` extension: (player, after_turn) pairs."""
    raw = data.get("resignations", [])
    if not isinstance(raw, list) or not all(
        isinstance(r, dict)
        and is_int(r.get("player"))
        and (seats is None or 0 <= r["player"] < seats)
        and is_int(r.get("after_turn"))
        for r in raw
    ):
        raise RecordError("resignations must be a list of {player, after_turn}")
    return tuple((r["player"], r["after_turn"]) for r in raw)


def apply_resignations(
    pending: list[tuple[int, int]], turns_done: int, resign: Callable[[int], object]
) -> list[tuple[int, int]]:
    """Resign the seats due after ``turns_done`` turns (``pending`` sorted by turn); the rest."""
    while pending and pending[0][1] <= turns_done:
        seat, after = pending.pop(0)
        if after < turns_done:
            raise RuleViolation(after, f"resignation of seat {seat} is out of order")
        try:
            resign(seat)
        except IllegalAction as exc:
            raise RuleViolation(turns_done, str(exc)) from None
    return pending


def json_depth(value: Any) -> int:
    """How deeply arrays and objects nest (0 for a plain value), without recursion."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in children)
    return deepest


def read_record_json(
    source: str, max_bytes: int = MAX_RECORD_BYTES, max_depth: int = MAX_RECORD_DEPTH
) -> Any:
    """The JSON in ``source`` (a path, or ``-`` for stdin); any failure is a ``RecordError``."""
    try:
        if source == "-":
            raw = sys.stdin.buffer.read(max_bytes + 1)
        else:
            with open(source, "rb") as fh:
                raw = fh.read(max_bytes + 1)
    except OSError as exc:
        raise RecordError(f"cannot read {source}: {exc.strerror}") from exc
    if len(raw) > max_bytes:
        raise RecordError(f"not a record: larger than {max_bytes} bytes")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError) as exc:
        # ValueError covers JSONDecodeError, UnicodeDecodeError and over-long integers;
        # RecursionError is what the parser raises for very deeply nested arrays.
        raise RecordError(f"not valid JSON: {exc}") from exc
    if json_depth(data) > max_depth:
        raise RecordError(f"not valid JSON for a record: nested deeper than {max_depth} levels")
    return data


def replay_file(
    source: str, parse: Callable[[Any], R], replay: Callable[[R], G]
) -> tuple[list[str], G] | int:
    """The players and replayed game, or the exit status after printing one line to stderr."""
    try:
        data = read_record_json(source)
        try:
            record = parse(data)
        except RecordError as exc:
            raise RecordError(f"not a valid record: {exc}") from exc
        return list(record.players), replay(record)
    except RecordError as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_BAD_FILE
    except RuleViolation as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_RULE_BREAK


def replay_main(
    prog: str,
    record_format: str,
    load: Callable[[str], tuple[list[str], G] | int],
    report: Callable[[G], dict[str, Any]],
    argv: list[str] | None = None,
) -> int:
    """``python -m games.<game> replay RECORD.json``: print ``report`` of the replayed game."""
    parser = argparse.ArgumentParser(prog=prog)
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="replay a game record and print every turn's points")
    rp.add_argument("record", help=f"path to a {record_format} JSON file ('-' for stdin)")
    args = parser.parse_args(argv)

    result = load(args.record)
    if isinstance(result, int):
        return result
    _players, game = result
    json.dump(report(game), sys.stdout)
    sys.stdout.write("\n")
    return EXIT_OK
