"""Spectrangle records and ``python -m games.spectrangle replay`` (RECORD-FORMAT.md).

The example record and its expected report are copied from RECORD-FORMAT.md.
"""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from games.common import RecordError
from games.common.records import RuleViolation
from games.spectrangle import Game, Place
from games.spectrangle.__main__ import main
from games.spectrangle.record import export_record, parse_record, replay, replay_report
from tests.games.spectrangle.test_spectrangle_rules import RECORD_BAG

ROOT = Path(__file__).resolve().parents[3]

EXAMPLE: dict[str, Any] = {
    "format": "spectrangle-record/1",
    "players": ["Ann", "Ben"],
    "teams": False,
    "seed": 20261122,
    "bag": list(RECORD_BAG),
    "turns": [
        {"player": 1, "tile": "BBB", "field": 12, "rotation": 0},
        {"player": 0, "exchange": "RRR", "return_at": 3},
        {"player": 1, "tile": "YYB", "field": 11, "rotation": 0},
        {"player": 0, "tile": "BBY", "field": 13, "rotation": 0},
        {"player": 1, "tile": "RRY", "field": 10, "rotation": 1},
    ],
}

EXPECTED_REPORT = {
    "start_player": 1,
    "turns": [
        {"player": 1, "tile": "BBB", "field": 12, "rotation": 0, "points": 6, "drew": "RRY"},
        {"player": 0, "exchange": "RRR", "drew": "BBY", "points": 0},
        {"player": 1, "tile": "YYB", "field": 11, "rotation": 0, "points": 20, "drew": "GGG"},
        {"player": 0, "tile": "BBY", "field": 13, "rotation": 0, "points": 16, "drew": "YYY"},
        {"player": 1, "tile": "RRY", "field": 10, "rotation": 1, "points": 10, "drew": "PPP"},
    ],
    "placed_points": [16, 36],
    "penalties": [0, 0],
    "scores": [16, 36],
    "finished": False,
    "end_reason": None,
    "winners": [],
    "hands": [["GGY", "PPR", "YPG", "YYY"], ["BBG", "GRB", "GGG", "PPP"]],
}


def run(data: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """The CLI in this process: exit status, stdout, stderr."""
    path = tmp_path / "record.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def with_turn(index: int, turn: dict[str, Any]) -> dict[str, Any]:
    data = copy.deepcopy(EXAMPLE)
    data["turns"][index] = turn
    return data


def test_example_report_exactly(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(EXAMPLE, tmp_path, capsys)
    assert (code, err) == (0, "")
    assert json.loads(out) == EXPECTED_REPORT
    assert out.count("\n") == 1


def test_the_real_command_line(tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(EXAMPLE))
    done = subprocess.run(
        [sys.executable, "-m", "games.spectrangle", "replay", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert json.loads(done.stdout) == EXPECTED_REPORT
    path.write_text(json.dumps(with_turn(3, {"player": 0, "pass": True})))
    done = subprocess.run(
        [sys.executable, "-m", "games.spectrangle", "replay", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == "turn 3: seat 0 can place a tile (e.g. BBY on 13) and may not pass\n"


def test_record_from_stdin() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "games.spectrangle", "replay", "-"],
        cwd=ROOT,
        input=json.dumps(EXAMPLE),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and json.loads(done.stdout) == EXPECTED_REPORT


# -------------------------------------------------------------------------- exit 1

RULE_BREAKS = [
    (
        "documented pass",
        with_turn(3, {"player": 0, "pass": True}),
        "turn 3: seat 0 can place a tile (e.g. BBY on 13) and may not pass",
    ),
    (
        "documented mismatch",
        with_turn(2, {"player": 1, "tile": "YYB", "field": 11, "rotation": 1}),
        "turn 2: YYB rotation 1 on 11: its right side Y meets the left side B of field 12",
    ),
    (
        "documented start player",
        with_turn(0, {"player": 0, "tile": "RRR", "field": 12, "rotation": 0}),
        "turn 0: seat 1 starts (highest first tile), not seat 0",
    ),
    (
        "wrong seat later",
        with_turn(2, {"player": 0, "tile": "GGY", "field": 11, "rotation": 0}),
        "turn 2: seat 1 is on turn, not seat 0",
    ),
    (
        "tile not held",
        with_turn(0, {"player": 1, "tile": "RRR", "field": 12, "rotation": 0}),
        "turn 0: seat 1 does not hold RRR",
    ),
    (
        "occupied",
        with_turn(2, {"player": 1, "tile": "YYB", "field": 12, "rotation": 0}),
        "turn 2: field 12 is occupied",
    ),
    (
        "first on a bonus field",
        with_turn(0, {"player": 1, "tile": "BBB", "field": 13, "rotation": 0}),
        "turn 0: the first tile may not go on a bonus field (13 is ×4)",
    ),
    (
        "touches nothing",
        with_turn(2, {"player": 1, "tile": "YYB", "field": 0, "rotation": 0}),
        "turn 2: field 0 touches no tile",
    ),
    (
        "exchange while a placement exists",
        with_turn(2, {"player": 1, "exchange": "YYB", "return_at": 0}),
        "turn 2: seat 1 can place a tile (e.g. YYB on 11) and may not exchange",
    ),
    (
        "exchange of a tile not held",
        with_turn(1, {"player": 0, "exchange": "WWW", "return_at": 0}),
        "turn 1: seat 0 does not hold WWW",
    ),
    (
        "return_at out of range",
        with_turn(1, {"player": 0, "exchange": "RRR", "return_at": 27}),
        "turn 1: return_at 27 is out of range 0–26",
    ),
    (
        "negative return_at",
        with_turn(1, {"player": 0, "exchange": "RRR", "return_at": -1}),
        "turn 1: return_at -1 is out of range 0–26",
    ),
]


@pytest.mark.parametrize(
    ("data", "line"), [r[1:] for r in RULE_BREAKS], ids=[r[0] for r in RULE_BREAKS]
)
def test_rule_breaks_exit_1(
    data: dict[str, Any], line: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(data, tmp_path, capsys)
    assert (code, out, err) == (1, "", line + "\n")


def finished_game(seed: int, seats: int = 2, teams: bool = False) -> Game:
    game = Game.new(seats, seed=seed, teams=teams)
    pick = random.Random(seed)
    while not game.finished:
        game.apply(pick.choice(game.legal_actions()))
    return game


def test_a_turn_after_the_end_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = finished_game(3)
    data = export_record(game, ["Ann", "Ben"])
    n = len(data["turns"])
    data["turns"].append({"player": 0, "pass": True})
    code, out, err = run(data, tmp_path, capsys)
    assert (code, out) == (1, "")
    assert err == f"turn {n}: the game is over ({game.end_reason})\n"


# -------------------------------------------------------------------------- exit 2

NOT_RECORDS: list[tuple[str, Any, str]] = [
    ("bad json", '{"format": "spectrangle-record/1", "turns": [', "not valid JSON"),
    ("empty file", "", "not valid JSON"),
    ("deeply nested", "[" * 100_000 + "]" * 100_000, "not valid JSON"),
    ("nested too deep for a record", "[" * 40 + "]" * 40, "nested deeper"),
    ("not an object", "[1, 2]", "a record is a JSON object"),
    ("no format", {k: v for k, v in EXAMPLE.items() if k != "format"}, "unknown format"),
    ("unknown format", {**EXAMPLE, "format": "spexxx-record/1"}, "unknown format"),
    ("players not a list", {**EXAMPLE, "players": "Ann, Ben"}, "players"),
    ("one player", {**EXAMPLE, "players": ["Ann"]}, "2 to 4 players"),
    ("five players", {**EXAMPLE, "players": list("ABCDE")}, "2 to 4 players"),
    ("teams with two", {**EXAMPLE, "teams": True}, "teams need exactly 4"),
    ("teams not a bool", {**EXAMPLE, "players": list("ABCD"), "teams": 1}, "teams must"),
    ("seed a string", {**EXAMPLE, "seed": "20261122"}, "seed must be an integer"),
    ("seed a bool", {**EXAMPLE, "seed": True}, "seed must be an integer"),
    ("bag short", {**EXAMPLE, "bag": list(RECORD_BAG[:-1])}, "exactly once"),
    ("bag twice", {**EXAMPLE, "bag": [*RECORD_BAG[:-1], "RRR"]}, "exactly once"),
    ("bag unknown code", {**EXAMPLE, "bag": [*RECORD_BAG[:-1], "RYR"]}, "unknown tile code"),
    ("bag not a list", {**EXAMPLE, "bag": "RRR"}, "bag must"),
    ("turns not a list", {**EXAMPLE, "turns": {}}, "turns must be a list"),
    ("turn not an object", with_turn(0, [1, "BBB"]), "turn 0 is not an object"),  # type: ignore[arg-type]
    ("player a string", with_turn(0, {"player": "1", "pass": True}), "turn 0: player"),
    ("player a bool", with_turn(0, {"player": True, "pass": True}), "turn 0: player"),
    ("player not a seat", with_turn(0, {"player": 2, "pass": True}), "no seat 2"),
    ("no action", with_turn(0, {"player": 1}), "exactly one"),
    ("two actions", with_turn(0, {"player": 1, "pass": True, "exchange": "BBB"}), "exactly one"),
    (
        "place and pass",
        with_turn(0, {"player": 1, "tile": "BBB", "field": 12, "rotation": 0, "pass": True}),
        "exactly one",
    ),
    ("pass false", with_turn(0, {"player": 1, "pass": False}), '"pass" must be true'),
    ("pass 1", with_turn(0, {"player": 1, "pass": 1}), '"pass" must be true'),
    (
        "exchange without return_at",
        with_turn(1, {"player": 0, "exchange": "RRR"}),
        "needs return_at",
    ),
    (
        "return_at on a pass",
        with_turn(1, {"player": 0, "pass": True, "return_at": 0}),
        "exchange only",
    ),
    (
        "return_at on a placement",
        with_turn(0, {"player": 1, "tile": "BBB", "field": 12, "rotation": 0, "return_at": 0}),
        "exchange only",
    ),
    (
        "return_at a string",
        with_turn(1, {"player": 0, "exchange": "RRR", "return_at": "3"}),
        "return_at must be an integer",
    ),
    (
        "rotation 3",
        with_turn(0, {"player": 1, "tile": "BBB", "field": 12, "rotation": 3}),
        "rotation must be 0, 1 or 2",
    ),
    (
        "rotation a bool",
        with_turn(0, {"player": 1, "tile": "BBB", "field": 12, "rotation": False}),
        "rotation must be 0, 1 or 2",
    ),
    (
        "field 36",
        with_turn(0, {"player": 1, "tile": "BBB", "field": 36, "rotation": 0}),
        "field must be 0–35",
    ),
    (
        "field a string",
        with_turn(0, {"player": 1, "tile": "BBB", "field": "12", "rotation": 0}),
        "field must be 0–35",
    ),
    (
        "tile a rotated code",
        with_turn(4, {"player": 1, "tile": "RYR", "field": 10, "rotation": 1}),
        "unknown tile code 'RYR'",
    ),
    (
        "placement without a rotation",
        with_turn(0, {"player": 1, "tile": "BBB", "field": 12}),
        "needs tile, field and rotation",
    ),
    (
        # a malformed turn later wins over a rule break earlier: shape is checked first
        "shape before rules",
        {
            **with_turn(0, {"player": 0, "tile": "RRR", "field": 12, "rotation": 0}),
            "turns": [
                {"player": 0, "tile": "RRR", "field": 12, "rotation": 0},
                {"player": 1, "pass": "yes"},
            ],
        },
        '"pass" must be true',
    ),
    (
        "resignations malformed",
        {**EXAMPLE, "resignations": [{"player": 5, "after_turn": 0}]},
        "resignations",
    ),
]


@pytest.mark.parametrize(
    ("data", "words"), [r[1:] for r in NOT_RECORDS], ids=[r[0] for r in NOT_RECORDS]
)
def test_not_a_record_exits_2(
    data: Any, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(data, tmp_path, capsys)
    assert (code, out) == (2, "")
    assert words in err
    assert err.count("\n") == 1 and err.endswith("\n")
    if not isinstance(data, str):
        with pytest.raises(RecordError):
            parse_record(data)


def test_unknown_keys_are_ignored(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = copy.deepcopy(EXAMPLE)
    data["comment"] = "a later version's field"
    data["turns"][0]["note"] = "opening"
    data.pop("teams")
    data.pop("seed")
    code, out, _err = run(data, tmp_path, capsys)
    assert code == 0 and json.loads(out) == EXPECTED_REPORT


def test_missing_and_oversized_files_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(tmp_path / "nope.json")]) == 2
    assert capsys.readouterr().err.startswith("cannot read")
    big = tmp_path / "big.json"
    big.write_text(json.dumps({**EXAMPLE, "padding": "x" * 3_000_000}))
    assert main(["replay", str(big)]) == 2
    assert "larger than" in capsys.readouterr().err


# ---------------------------------------------------------------- export and round trips


@pytest.mark.parametrize(("seats", "teams"), [(2, False), (3, False), (4, False), (4, True)])
def test_export_parse_replay_round_trip(seats: int, teams: bool) -> None:
    for seed in range(4):
        game = finished_game(seed, seats, teams)
        names = [f"P{i}" for i in range(seats)]
        data = json.loads(json.dumps(export_record(game, names)))
        assert data["format"] == "spectrangle-record/1" and data["seed"] == seed
        record = parse_record(data)
        again = replay(record)
        assert again.state == game.state
        report = replay_report(again)
        assert report["finished"] is True
        assert report["end_reason"] == game.end_reason
        assert report["scores"] == game.scores
        assert report["winners"] == game.winners()
        assert ("team_scores" in report) == teams
        assert sum(t["points"] for t in report["turns"]) == sum(report["placed_points"])


def test_export_of_a_running_game_and_of_a_resignation() -> None:
    game = Game.new(3, seed=12)
    pick = random.Random(0)
    for _ in range(5):
        game.apply(pick.choice(game.legal_actions()))
    seat = game.current_seat
    assert seat is not None
    game.resign((seat + 1) % 3)
    game.apply(pick.choice(game.legal_actions()))
    data = export_record(game, ["A", "B", "C"])
    assert data["resignations"] == [{"player": (seat + 1) % 3, "after_turn": 5}]
    again = replay(parse_record(json.loads(json.dumps(data))))
    assert again.state == game.state
    assert replay_report(again) == replay_report(game)
    with pytest.raises(ValueError):
        export_record(game, ["A", "B"])


def test_resignation_out_of_order_is_a_rule_break() -> None:
    data = copy.deepcopy(EXAMPLE)
    data["resignations"] = [{"player": 0, "after_turn": 3}, {"player": 1, "after_turn": 1}]
    with pytest.raises(RuleViolation):
        replay(parse_record(data))


def test_rotations_that_look_alike_are_all_accepted_and_kept() -> None:
    data = with_turn(0, {"player": 1, "tile": "BBB", "field": 12, "rotation": 2})
    game = replay(parse_record(data))
    assert game.events[0] == Place(1, "BBB", 12, 2)
    assert export_record(game, ["Ann", "Ben"])["turns"][0]["rotation"] == 2
    assert replay_report(game)["scores"] == [16, 36]
