"""Game records and the replay CLI (RECORD-FORMAT.md): the report, refusals with exit 1 and
``turn N: reason``, invalid files with exit 2, and long scripted games whose every turn's points
are worked out by hand from RULES.md."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from games.common import RecordError, SeededDice
from games.spexxx import (
    Discard,
    Game,
    Place,
    Resign,
    RuleViolation,
    Setup,
    Thrown,
    Variant,
    export_record,
    parse_record,
    replay,
    replay_report,
)

ROOT = Path(__file__).resolve().parents[3]
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWX"
# Bronze and silver squares of the RULES.md map (the rest follows from the labels).
BRONZE = {"G1", "H2", "I3", "J4", "K5", "L6", "M1", "N2", "O3", "P4", "Q5", "R6"}
SILVER = {"S1", "T2", "U3", "V4", "W5", "X6", "M7", "N8", "O9", "P10", "Q11", "R12"}


def dice_for(name: str) -> list[int]:
    """A throw that allows ``name`` without being gold, from RULES.md's label formula."""
    if name in BRONZE:
        return [3, 1, 4, 2, 6]
    if name in SILVER:
        return [5, 3, 4, 2, 6]
    x, y = LETTERS.index(name[0]), int(name[1:]) - 1
    c, v, r, w = x // 6 + 1, x % 6 + 1, y // 6 + 1, y % 6 + 1
    filler = next(f for f in range(1, 7) if f not in (v, w))
    return [v] * c + [w] * r + [filler] * (5 - c - r)


def turn(player: int, square: str, *, misses: int = 0) -> dict[str, Any]:
    """A placing turn; ``misses`` extra throws before the one that counts."""
    throws = [[1, 1, 2, 2, 3]] * misses + [dice_for(square)]
    return {"player": player, "throws": throws, "square": square}


def record(turns: list[dict[str, Any]], players: int = 2, variant: str = "adult") -> dict:  # type: ignore[type-arg]
    return {
        "format": "spexxx-record/1",
        "variant": variant,
        "players": ["Ann", "Ben", "Cas", "Dee"][:players],
        "turns": turns,
    }


def interleave(*moves: Sequence[str]) -> list[dict[str, Any]]:
    """Turns for seats 0, 1, … in order; every list must have the same length."""
    out = []
    for i, squares in enumerate(zip(*moves, strict=True)):
        for seat, square in enumerate(squares):
            out.append(turn(seat, square, misses=(i + seat) % 4))
    return out


def run_cli(
    data: Any, tmp_path: Path, *, raw: str | None = None
) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "record.json"
    path.write_text(raw if raw is not None else json.dumps(data), encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "games.spexxx", "replay", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )


def report_of(data: Any, tmp_path: Path) -> dict[str, Any]:
    result = run_cli(data, tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert result.stdout.count("\n") == 1  # one JSON document
    return json.loads(result.stdout)


def test_dice_helper_agrees_with_the_engine() -> None:
    from games.spexxx import SQUARES, square_allows

    for sq in SQUARES:
        assert square_allows(sq, dice_for(sq.name)), sq.name
        assert len(set(dice_for(sq.name))) > 1


# ---------------------------------------------------------------------------- report


def test_small_record_report(tmp_path: Path) -> None:
    data = record(
        [
            {"player": 1, "throws": [[2, 2, 1, 5, 6]], "square": "H1"},  # 2×2 + 1×1
            {"player": 0, "throws": [[3, 3, 3, 1, 2]], "square": "O1"},  # 3×3 + 1×1
            {"player": 1, "throws": [[6, 6, 6, 1, 1], [3, 3, 1, 4, 5]], "square": "I1"},
            {"player": 0, "throws": [[1, 2, 3, 4, 4]], "square": "M1"},  # bronze
            {"player": 1, "throws": [[4, 1, 4, 2, 6]], "square": "J1"},  # 2×4 + 1×1
        ]
    )
    assert report_of(data, tmp_path) == {
        "turns": [
            {"player": 1, "square": "H1", "points": 0},
            {"player": 0, "square": "O1", "points": 0},
            {"player": 1, "square": "I1", "points": 0},
            {"player": 0, "square": "M1", "points": 0},
            {"player": 1, "square": "J1", "points": 6},  # green 2 + 2 + 2
        ],
        "scores": [0, 6],
        "finished": False,
        "winners": [],
    }


def test_empty_record(tmp_path: Path) -> None:
    report = report_of(record([], players=3), tmp_path)
    assert report == {"turns": [], "scores": [0, 0, 0], "finished": False, "winners": []}


def test_discard_in_a_record(tmp_path: Path) -> None:
    # 1 1 2 2 4 allows B1 D1 D2 G2 G4 H1 H4 H7; once those are taken, seat 0 must discard.
    squares = ["B1", "D1", "D2", "G2", "G4", "H1", "H4", "H7"]
    turns = [
        {"player": i % 2, "throws": [[5, 5, 5, 5, 5]], "square": sq} for i, sq in enumerate(squares)
    ]
    turns.append({"player": 0, "throws": [[4, 2, 1, 2, 1]], "discard": True})
    report = report_of(record(turns), tmp_path)
    assert report["turns"][-1] == {"player": 0, "discard": True, "points": 0}
    assert report["scores"] == [0, 0]


def test_record_format_example_is_not_legal(tmp_path: Path) -> None:
    """RECORD-FORMAT.md's example places on N2 with 3 3 3 5 2, but N2 is bronze (N = 3×2,
    row 2 = 1×2: the diagonal) and needs four in a row, so the rules refuse turn 0."""
    example = {
        "format": "spexxx-record/1",
        "variant": "adult",
        "players": ["Ann", "Ben"],
        "turns": [
            {"player": 0, "throws": [[3, 3, 1, 5, 6], [3, 3, 3, 5, 2]], "square": "N2"},
            {"player": 1, "throws": [[1, 2, 2, 6, 4]], "discard": True},
        ],
    }
    result = run_cli(example, tmp_path)
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr == (
        "turn 0: square N2 needs four in a row (bronze); the dice 3 3 3 5 2 do not allow it\n"
    )
    # With a square the dice do allow (O2 = blue 3×3 + 1×2), turn 1's discard is refused
    # instead: 1 2 2 6 4 allows orange and green squares.
    example["turns"][0]["square"] = "O2"
    result = run_cli(example, tmp_path)
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr.startswith("turn 1: you cannot discard: the dice allow B1, ")
    # Only with both fixed does it give the report the document shows (with O2 for N2).
    example["turns"][1] = {"player": 1, "throws": [[1, 2, 2, 6, 4]], "square": "B1"}
    assert report_of(example, tmp_path) == {
        "turns": [
            {"player": 0, "square": "O2", "points": 0},
            {"player": 1, "square": "B1", "points": 0},
        ],
        "scores": [0, 0],
        "finished": False,
        "winners": [],
    }


# -------------------------------------------------------------------------- exit 1


def _finished_children_record() -> dict:  # type: ignore[type-arg]
    game = Game(Setup(Variant.CHILDREN, 2, 0))
    rng = SeededDice(3)
    while (seat := game.state.current) is not None:
        game.record(Thrown(seat, rng.roll(5)))
        allowed = game.state.allowed_squares()
        game.record(Place(seat, allowed[-1].name) if allowed else Discard(seat))
    return export_record(game, ["Ann", "Ben"])


BASE = [turn(0, "N4"), turn(1, "B1")]
RULE_BREAKS = [
    ("occupied", [*BASE, turn(0, "N4")], "turn 2: square N4 is already taken"),
    (
        "off field",
        [*BASE, {"player": 0, "throws": [[6, 6, 6, 6, 6]], "square": "A1"}],
        "turn 2: A1 is not a square on the board",
    ),
    (
        "no such square",
        [*BASE, {"player": 0, "throws": [[6, 6, 6, 6, 6]], "square": "Z9"}],
        "turn 2: Z9 is not a square on the board",
    ),
    (
        "dice do not allow",
        [*BASE, {"player": 0, "throws": [[2, 2, 5, 4, 6]], "square": "N5"}],
        "turn 2: square N5 needs 3×2 + 1×5; the dice 2 2 5 4 6 do not allow it",
    ),
    (
        "earlier throw allowed it",
        [{"player": 0, "throws": [[2, 2, 2, 4, 6], [2, 2, 5, 4, 6]], "square": "N4"}],
        "turn 0: square N4 needs 3×2 + 1×4; the dice 2 2 5 4 6 do not allow it",
    ),
    (
        "discard while allowed",
        [*BASE, {"player": 0, "throws": [[2, 2, 5, 4, 6]], "discard": True}],
        "turn 2: you cannot discard: the dice allow",
    ),
    ("out of seat order", [*BASE, turn(1, "C1")], "turn 2: seat 0 is on turn, not seat 1"),
    ("start seat does not exist", [turn(2, "N4")], "turn 0: there is no seat 2"),
    (
        "six dice",
        [*BASE, {"player": 0, "throws": [[1, 2, 3, 4, 5, 6]], "square": "B1"}],
        "turn 2: a throw is five dice from 1 to 6, not [1, 2, 3, 4, 5, 6]",
    ),
    (
        "a seven",
        [*BASE, {"player": 0, "throws": [[1, 1, 7, 2, 2]], "square": "C1"}],
        "turn 2: a throw is five dice from 1 to 6, not [1, 1, 7, 2, 2]",
    ),
    (
        "a zero",
        [*BASE, {"player": 0, "throws": [[0, 1, 1, 2, 2]], "square": "C1"}],
        "turn 2: a throw is five dice from 1 to 6",
    ),
    (
        "no throw",
        [*BASE, {"player": 0, "throws": [], "square": "C1"}],
        "turn 2: a turn has 1 to 4 throws, not 0",
    ),
    (
        "five throws",
        [*BASE, {"player": 0, "throws": [[6, 6, 6, 6, 6]] * 5, "square": "C1"}],
        "turn 2: a turn has 1 to 4 throws, not 5",
    ),
]


@pytest.mark.parametrize(
    ("turns", "message"), [r[1:] for r in RULE_BREAKS], ids=[r[0] for r in RULE_BREAKS]
)
def test_rule_break_exits_1(turns: list[dict[str, Any]], message: str, tmp_path: Path) -> None:
    result = run_cli(record(turns), tmp_path)
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr.startswith(message)
    assert result.stderr.count("\n") == 1 and result.stderr.endswith("\n")
    # The library says the same, with the turn index.
    with pytest.raises(RuleViolation) as info:
        replay(parse_record(record(turns)))
    assert str(info.value) + "\n" == result.stderr
    assert info.value.turn == int(message.split()[1].rstrip(":"))


def test_turn_after_the_end_exits_1(tmp_path: Path) -> None:
    data = _finished_children_record()
    assert len(data["turns"]) == 24
    report = report_of(data, tmp_path)
    assert report["finished"] is True
    assert report["winners"]
    data["turns"].append({"player": 0, "throws": [[6, 6, 6, 6, 6]], "discard": True})
    result = run_cli(data, tmp_path)
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == "turn 24: the game is over\n"


# -------------------------------------------------------------------------- exit 2

NOT_RECORDS = [
    ("bad json", '{"format": "spexxx-record/1", "turns": [', "not valid JSON"),
    ("empty file", "", "not valid JSON"),
    ("deeply nested", "[" * 100_000 + "]" * 100_000, "not valid JSON"),
    ("huge number", '{"format": ' + "9" * 5000 + "}", "not valid JSON"),
    ("not an object", "[1, 2]", "a record is a JSON object"),
    ("unknown format", {**record([]), "format": "spexxx-record/2"}, "unknown format"),
    ("no format", {"players": ["A", "B"], "turns": []}, "unknown format"),
    ("unknown variant", {**record([]), "variant": "expert"}, "unknown variant"),
    ("players not a list", {**record([]), "players": "Ann, Ben"}, "players"),
    ("a player is not a name", {**record([]), "players": ["Ann", 2]}, "players"),
    ("one player", {**record([]), "players": ["Ann"]}, "2 to 4 players"),
    ("five players", {**record([]), "players": list("ABCDE")}, "2 to 4 players"),
    ("turns not a list", {**record([]), "turns": {}}, "turns must be a list"),
    ("turn not an object", record([[0, "N4"]]), "turn 0 is not an object"),  # type: ignore[list-item]
    ("player is a string", record([{**turn(0, "N4"), "player": "0"}]), "turn 0: player"),
    ("player is a bool", record([{**turn(0, "N4"), "player": True}]), "turn 0: player"),
    ("throws not lists", record([{**turn(0, "N4"), "throws": [1, 2, 3]}]), "turn 0: throws"),
    ("die is a string", record([{**turn(0, "N4"), "throws": [["3", 3, 3, 1, 4]]}]), "throws"),
    ("die is a float", record([{**turn(0, "N4"), "throws": [[3.0, 3, 3, 1, 4]]}]), "throws"),
    ("square is a number", record([{**turn(0, "N4"), "square": 4}]), "turn 0: square must"),
    (
        "square and discard",
        record([{**turn(0, "N4"), "discard": True}]),
        "turn 0: give either a square or",
    ),
    ("neither", record([{"player": 0, "throws": [[1, 2, 3, 4, 5]]}]), "turn 0: give either"),
    ("discard not bool", record([{"player": 0, "throws": [[1] * 5], "discard": 1}]), "discard"),
]


@pytest.mark.parametrize(
    ("data", "words"), [r[1:] for r in NOT_RECORDS], ids=[r[0] for r in NOT_RECORDS]
)
def test_not_a_record_exits_2(data: Any, words: str, tmp_path: Path) -> None:
    raw = data if isinstance(data, str) else None
    result = run_cli(data, tmp_path, raw=raw)
    assert result.returncode == 2
    assert result.stdout == ""
    assert words in result.stderr
    assert result.stderr.count("\n") == 1 and result.stderr.endswith("\n")
    if raw is None:
        with pytest.raises(RecordError):
            parse_record(data)


def test_missing_file_exits_2(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "games.spexxx", "replay", str(tmp_path / "nope.json")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.startswith("cannot read")


# ------------------------------------------------------------------------ whole games

ROW_ONE = [f"{c}1" for c in "BCDEFGHIJKLMNOPQRSTUVWX"]
# Each left-to-right placement on row 1 (RULES.md points: orange 1, bronze 3, green 2, blue 5,
# silver 8, red 12): a line of 3 scores its three cubes, then each new cube alone, plus 5 on
# reaching 5, 10, 15 and 20 cubes and nothing more after 20.
ROW_ONE_POINTS = [0, 0, 3, 1, 6, 3, 2, 2, 2, 7, 2, 3, 5, 5, 10, 5, 5, 8, 12, 17, 12, 12, 12]

PURPLE_BLOCKS = [
    # P7–R9, purple 7 each, row by row: rows scored on the third cube of a row, columns and the
    # anti-diagonal P9 Q8 R7 on the top row, then row, column, diagonal and the block on R9.
    ("P7", 0),
    ("Q7", 0),
    ("R7", 21),
    ("P8", 0),
    ("Q8", 0),
    ("R8", 21),
    ("P9", 42),
    ("Q9", 21),
    ("R9", 63 + 25),
    # Row 10: P10 (silver 8) extends column P to 4 (8) and makes P10 Q9 R8 (8 + 7 + 7).
    ("P10", 8 + 22),
    # Q10 extends column Q to 4.
    ("Q10", 7),
    # R10: row P10 Q10 R10 (8 + 7 + 7), column R to 4 (7), diagonal P8 Q9 R10 (21). The block
    # P8–R10 is complete but shares six squares with P7–R9: no bonus.
    ("R10", 22 + 7 + 21),
    # P11: column P reaches 5 (7 + 5), anti-diagonal P11 Q10 R9 (21).
    ("P11", 12 + 21),
    # Q11 (silver 8): column Q reaches 5 (8 + 5).
    ("Q11", 13),
    # R11: row P11 Q11 R11 (7 + 8 + 7), column R reaches 5 (7 + 5), diagonal P9 Q10 R11 (21);
    # the block P9–R11 overlaps P7–R9: no bonus.
    ("R11", 22 + 12 + 21),
    # P12: column P to 6 (7), anti-diagonal P12 Q11 R10 (7 + 8 + 7).
    ("P12", 7 + 22),
    # Q12: column Q to 6 (7).
    ("Q12", 7),
    # R12 (silver 8): row P12 Q12 R12 (7 + 7 + 8), column R to 6 (8), diagonal P10 Q11 R12
    # (silver 8 × 3), and P10–R12 shares nothing with P7–R9: +25.
    ("R12", 22 + 8 + 24 + 25),
    # Lone cubes.
    ("D3", 0),
    ("H5", 0),
    ("J7", 0),
    ("L9", 0),
    ("N11", 0),
]


def test_whole_game_long_row_and_overlapping_blocks(tmp_path: Path) -> None:
    """Two players, 23 cubes each: seat 0 fills row 1 from B1 to X1, seat 1 builds 3×3 blocks
    in the purple zone, one of them overlapping an earlier bonus block."""
    p1_squares = [sq for sq, _ in PURPLE_BLOCKS]
    data = record(interleave(ROW_ONE, p1_squares))
    report = report_of(data, tmp_path)
    expected_turns = []
    for (a, pa), (b, pb) in zip(
        zip(ROW_ONE, ROW_ONE_POINTS, strict=True), PURPLE_BLOCKS, strict=True
    ):
        expected_turns += [
            {"player": 0, "square": a, "points": pa},
            {"player": 1, "square": b, "points": pb},
        ]
    assert report["turns"] == expected_turns
    scores = [sum(ROW_ONE_POINTS), sum(p for _, p in PURPLE_BLOCKS)]
    assert scores == [134, 496]
    assert report["scores"] == scores
    assert report["finished"] is True
    assert report["winners"] == [1]


def test_whole_game_star_and_merges(tmp_path: Path) -> None:
    """Three players, children's game (12 cubes each). Seat 0 completes four Spexxxes with one
    cube; seat 1 joins two Spexxxes of 3 and grows the line to 10; seat 2 places lone cubes."""
    # Seat 0: arms around J4, then J4 scores horizontal H4 I4 J4 (2 + 2 + 3), vertical J4 J5 J6
    # (3 + 2 + 2), diagonal H2 I3 J4 (bronze 3 × 3), anti-diagonal J4 K3 L2 (3 + 2 + 2).
    seat0 = [
        ("H4", 0), ("I4", 0), ("J5", 0), ("J6", 0), ("H2", 0), ("I3", 0), ("K3", 0), ("L2", 0),
        ("J4", 30), ("D3", 0), ("T1", 0), ("X3", 0),
    ]  # fmt: skip
    # Seat 1 on row 1: B1 C1 D1 (orange 1 × 3), F1 G1 H1 (1 + bronze 3 + green 2), E1 joins
    # them: n = 7, prev = 3 → 1 + 5; I1, J1 extend (green 2 each), K1 reaches 10 → 2 + 5.
    seat1 = [
        ("B1", 0), ("C1", 0), ("D1", 3), ("F1", 0), ("G1", 0), ("H1", 6), ("E1", 6),
        ("I1", 2), ("J1", 2), ("K1", 7), ("U5", 0), ("W3", 0),
    ]  # fmt: skip
    seat2 = ["I8", "K8", "M8", "O8", "Q8", "L10", "N10", "P10", "R10", "M12", "O12", "Q12"]
    data = record(
        interleave([s for s, _ in seat0], [s for s, _ in seat1], seat2),
        players=3,
        variant="children",
    )
    report = report_of(data, tmp_path)
    points = [t["points"] for t in report["turns"]]
    assert points[0::3] == [p for _, p in seat0]
    assert points[1::3] == [p for _, p in seat1]
    assert points[2::3] == [0] * 12
    assert report["scores"] == [30, 26, 0]
    assert report["finished"] is True
    assert report["winners"] == [0]


def test_whole_game_tie_shares_the_win(tmp_path: Path) -> None:
    # Children's game, 12 cubes each: both make one orange line of 3 (1 + 1 + 1), the rest lone.
    seat0 = ["B1", "C1", "D1", "H3", "J3", "L3", "N3", "P3", "R3", "T3", "V3", "X3"]
    seat1 = ["D3", "E3", "F3", "J9", "L9", "L11", "N11", "P11", "R11", "M7", "O7", "Q7"]
    data = record(interleave(seat0, seat1), variant="children")
    report = report_of(data, tmp_path)
    assert [t["points"] for t in report["turns"]][:6] == [0, 0, 0, 0, 3, 3]
    assert report["scores"] == [3, 3]
    assert report["finished"] is True
    assert report["winners"] == [0, 1]


# ------------------------------------------------------------------------ library API


def test_export_parse_replay_round_trip_with_resignation() -> None:
    game = Game.new(3, SeededDice(11))
    seat = game.state.current
    assert seat is not None
    for _ in range(7):
        seat = game.state.current
        assert seat is not None
        game.record(Thrown(seat, (6, 6, 6, 6, 6)))
        game.record(Place(seat, game.state.allowed_squares()[0].name))
    game.record(Resign((seat + 2) % 3))
    data = export_record(game, ["A", "B", "C"])
    assert data["resignations"] == [{"player": (seat + 2) % 3, "after_turn": 7}]
    again = replay(parse_record(json.loads(json.dumps(data))))
    assert again.state == game.state
    assert replay_report(again) == replay_report(game)


def test_export_needs_a_name_per_seat() -> None:
    with pytest.raises(ValueError, match="2 names for 3 seats"):
        export_record(Game(Setup(Variant.ADULT, 3, 0)), ["A", "B"])
