"""Record reading shared by every game: size and depth limits, one-line reasons, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.common import RecordError, RuleViolation, read_record_json
from games.common.records import json_depth
from games.spexxx.__main__ import main as spexxx_main


def test_json_depth() -> None:
    assert json_depth(3) == 0
    assert json_depth([]) == 1
    assert json_depth({"a": [1, {"b": []}]}) == 4
    assert json_depth([[[[[]]]]]) == 5


def test_limits(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"a": [[1]]}))
    assert read_record_json(str(path)) == {"a": [[1]]}
    with pytest.raises(RecordError, match="larger than 10 bytes"):
        read_record_json(str(path), max_bytes=10)
    with pytest.raises(RecordError, match="nested deeper than 2 levels"):
        read_record_json(str(path), max_depth=2)
    with pytest.raises(RecordError, match="cannot read"):
        read_record_json(str(tmp_path / "missing.json"))
    path.write_bytes(b"\xff\xfe{}")
    with pytest.raises(RecordError, match="not valid JSON"):
        read_record_json(str(path))


def test_rule_violation_words() -> None:
    error = RuleViolation(4, "field 12 is occupied")
    assert str(error) == "turn 4: field 12 is occupied"
    assert (error.turn, error.reason) == (4, "field 12 is occupied")


def test_spexxx_replay_refuses_an_oversized_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The Spexxx CLI reads through the shared limits too (before, it read any size)."""
    record = {
        "format": "spexxx-record/1",
        "players": ["Ann", "Ben"],
        "turns": [],
        "padding": "x" * 3_000_000,
    }
    path = tmp_path / "big.json"
    path.write_text(json.dumps(record))
    assert spexxx_main(["replay", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "larger than" in err and err.count("\n") == 1
