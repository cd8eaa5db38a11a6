"""Das Spiel record envelope and replay dispatcher (RECORD-FORMAT.md): shape checks (exit 2),
rule breaks (exit 1, ``event N``), the report, export, and the shared clock of the timed games.

The six engines plug in through ``games.das_spiel.registry``; here two small stand-in engines
(defined below, registered by monkeypatching the registry) drive the dispatcher."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from games.common.errors import IllegalAction, RecordError
from games.common.records import RuleViolation
from games.das_spiel import geometry as g
from games.das_spiel import registry
from games.das_spiel.errors import (
    NoWindowOpen,
    PastDeadline,
    TimeoutTooEarly,
    TimeWentBack,
    WrongPhase,
)
from games.das_spiel.record import (
    FORMAT,
    GAMES,
    SCHEMAS,
    Record,
    RecordEvent,
    event_to_json,
    parse_record,
    record_json,
    replay,
    replay_report,
)
from games.das_spiel.setup import bottom_layer, full_pyramid, pyramid_texts
from games.das_spiel.timing import Clock
from tests.das_spiel_properties import replay_command


class ToyTimed:
    """Raffzahn-shaped stand-in: ``roll`` opens a window, ``take`` counts, ``stop``/``timeout``
    close it. Enough rules to exercise the clock and the dispatcher, nothing more."""

    def __init__(self, record: Record) -> None:
        self.round_ms = record.options["round_ms"]
        self.roller = record.start_seat
        self.clock = Clock()
        self.dice = [0, 0, 0]
        self.pyramid = record.pyramid()

    def apply_record_event(self, event: RecordEvent) -> dict[str, Any]:
        assert event.t is not None
        if event.type == "timeout":
            self.clock.check_timeout(event.t)
            self.clock = self.clock.closed(event.t)
            self.roller = (self.roller + 1) % 3
            return {"round_closed": "timeout"}
        self.clock.check_event(event.t)
        if event.type == "roll":
            if self.clock.window is not None or event.seat != self.roller:
                raise WrongPhase("not a time to roll")
            self.clock = self.clock.opened("round", event.t, self.round_ms)
            return {"value": event.fields["value"]}
        if self.clock.window is None:
            raise WrongPhase("no round is open")
        if event.type == "take":
            assert event.seat is not None
            self.dice[event.seat] += 1
            self.clock = self.clock.at(event.t)
            return {"pos": "7B1", "dice": self.dice[event.seat]}
        self.clock = self.clock.closed(event.t)
        self.roller = (self.roller + 1) % 3
        return {"round_closed": "stop"}

    @property
    def next_seat(self) -> int | None:
        return self.roller

    finished = False
    end_reason = None

    def winners(self) -> list[int]:
        return []

    def standings(self) -> list[dict[str, Any]]:
        return [{"seat": s, "dice": n} for s, n in enumerate(self.dice)]


class ToyTurns:
    """Eintrichtern-shaped stand-in: rolls only; the game ends after three rolls."""

    def __init__(self, record: Record) -> None:
        self.seat = record.start_seat
        self.seats = len(record.players)
        self.rolls = 0

    def apply_record_event(self, event: RecordEvent) -> dict[str, Any]:
        if event.seat != self.seat:
            raise IllegalAction(f"seat {self.seat} is on turn, not seat {event.seat}")
        if event.type != "roll":
            raise WrongPhase(f"no {event.type} now")
        self.rolls += 1
        self.seat = (self.seat + 1) % self.seats
        return {"sum": sum(event.fields["dice"])}

    @property
    def next_seat(self) -> int | None:
        return None if self.finished else self.seat

    @property
    def finished(self) -> bool:
        return self.rolls >= 3

    @property
    def end_reason(self) -> str | None:
        return "reds_goal" if self.finished else None

    def winners(self) -> list[int]:
        return [0]

    def standings(self) -> list[dict[str, Any]]:
        return [{"seat": s, "reds": 0} for s in range(self.seats)]


RAFFZAHN: dict[str, Any] = {
    "format": FORMAT,
    "game": "raffzahn",
    "players": ["Ann", "Ben", "Cid"],
    "start_seat": 0,
    "setup": {"seed": 1},
    "events": [
        {"type": "roll", "seat": 0, "value": 5, "t": 0},
        {"type": "take", "seat": 1, "pos": "7B1", "t": 1800},
        {"type": "stop", "seat": 0, "t": 4200},
        {"type": "roll", "seat": 1, "value": 2, "t": 9000},
        {"type": "timeout", "t": 69000},
    ],
}
EINTRICHTERN: dict[str, Any] = {
    "format": FORMAT,
    "game": "eintrichtern",
    "players": ["Ann", "Ben"],
    "setup": {"seed": 20},
    "events": [
        {"type": "roll", "seat": 0, "dice": [4, 5, 4]},
        {"type": "roll", "seat": 1, "dice": [1, 1, 1], "t": "ignored"},
    ],
}
ENGINES = {
    "raffzahn": "tests.games.das_spiel.test_das_spiel_record:ToyTimed",
    "eintrichtern": "tests.games.das_spiel.test_das_spiel_record:ToyTurns",
}


@pytest.fixture
def engines(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "ENGINES", ENGINES)


def run(tmp_path: Path, data: Any, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = replay_command(tmp_path, data)
    out, err = capsys.readouterr()
    return code, out, err


# ------------------------------------------------------------------------------ schemas


def test_the_six_games_and_their_events() -> None:
    assert GAMES == (
        "abquetschen", "raffzahn", "bunte-kuh", "cui-bono", "eintrichtern", "wuerfelmarsch"
    )  # fmt: skip
    assert set(SCHEMAS["abquetschen"].events) == {"roll", "start", "build", "bonus"}
    assert set(SCHEMAS["bunte-kuh"].events) == {"roll", "stop", "nowhere", "place", "timeout"}
    assert set(SCHEMAS["wuerfelmarsch"].events) == {"tip", "rotate"}
    assert [s.timed for s in SCHEMAS.values()] == [False, True, True, False, False, False]


def test_parse_fills_defaults_and_converts_fields() -> None:
    rec = parse_record(RAFFZAHN)
    assert rec.options == {"round_ms": 60000} and rec.seed == 1 and rec.start_seat == 0
    assert rec.events[1].fields == {"pos": g.index_of_label("7B1")}
    assert rec.events[4].seat is None and rec.events[4].t == 69000
    assert rec.pyramid() == full_pyramid(1)
    ein = parse_record(EINTRICHTERN)
    assert ein.events[1].t is None and ein.events[1].fields["dice"] == (1, 1, 1)
    assert ein.pyramid() == bottom_layer(20, ein.schema.setup_colour)  # type: ignore[arg-type]
    wm = parse_record(
        {
            "format": FORMAT,
            "game": "wuerfelmarsch",
            "players": ["a", "b", "c"],
            "options": {"quiet_turns": 5},
            "events": [{"type": "rotate", "seat": 1, "pos": "0C1", "orientation": "412"}],
        }
    )
    assert wm.pyramid() is None and wm.options == {"quiet_turns": 5}
    assert wm.events[0].fields["orientation"] == (4, 1, 2)


def test_export_round_trips() -> None:
    for data in (RAFFZAHN, EINTRICHTERN):
        rec = parse_record(data)
        back = record_json(
            rec.game, list(rec.players), list(rec.events), start_seat=rec.start_seat, seed=rec.seed
        )
        assert parse_record(back) == rec
    rec = parse_record(RAFFZAHN)
    assert event_to_json("raffzahn", rec.events[1]) == RAFFZAHN["events"][1]
    dice = record_json("cui-bono", ["a", "b"], [], dice=pyramid_texts(full_pyramid(4)))
    assert parse_record(dice).pyramid() == full_pyramid(4)
    opts = record_json("cui-bono", ["a", "b"], [], seed=1, options={"quiet_turns": 60})
    assert "options" not in opts


def _changed(base: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    data = copy.deepcopy(base)
    target = data
    for key in path[:-1]:
        target = target[key]
    if value is _DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


_DELETE = object()
BAD_SHAPES = [
    (("format",), "das-spiel-record/2"),
    (("format",), _DELETE),
    (("game",), "schach"),
    (("players",), ["Ann", "Ben"]),
    (("players",), ["Ann", "Ben", 3]),
    (("start_seat",), 3),
    (("start_seat",), True),
    (("setup",), _DELETE),
    (("setup",), {"seed": 1, "dice": []}),
    (("setup",), {}),
    (("setup", "seed"), -1),
    (("setup", "seed"), 2**53),
    (("setup", "seed"), "1"),
    (("setup",), {"dice": ["R321"] * 165}),
    (("setup",), {"dice": ["R321"] * 55 + ["Y321"] * 55 + ["P312"] * 55}),
    (("setup",), {"dice": ["R321"] * 55 + ["Y321"] * 55}),
    (("options",), {"round_ms": 0}),
    (("options",), {"call_ms": 1000}),
    (("options",), []),
    (("events",), {}),
    (("events", 0), "roll"),
    (("events", 0, "type"), "pull"),
    (("events", 0, "seat"), 3),
    (("events", 0, "seat"), _DELETE),
    (("events", 0, "value"), 7),
    (("events", 0, "value"), True),
    (("events", 0, "t"), _DELETE),
    (("events", 0, "t"), -5),
    (("events", 1, "pos"), "7Z1"),
    (("events", 1, "pos"), _DELETE),
]


@pytest.mark.parametrize(("path", "value"), BAD_SHAPES)
def test_shape_errors(path: tuple[Any, ...], value: Any) -> None:
    with pytest.raises(RecordError):
        parse_record(_changed(RAFFZAHN, path, value))


def test_shape_errors_of_other_games() -> None:
    base: dict[str, Any] = {"format": FORMAT, "players": ["a", "b", "c"], "events": []}
    bad = [
        {**base, "game": "abquetschen", "setup": {"seed": 1}},
        {**base, "game": "bunte-kuh", "setup": {"dice": ["Y321"] * 45}},
        {**base, "game": "eintrichtern", "setup": {"dice": ["Y321"] * 165}},
        {**base, "game": "cui-bono", "setup": {"seed": 1}, "options": {"cui_penalty": {"R": 1}}},
        {**base, "game": "cui-bono", "setup": {"seed": 1}, "options": {"cui_penalty": [1, 2, 3]}},
        {**base, "game": "bunte-kuh", "setup": {"seed": 1}, "players": ["a"] * 7},
        {
            **base,
            "game": "bunte-kuh",
            "setup": {"seed": 1},
            "events": [{"type": "roll", "seat": 0, "dice": [1, 2], "t": 0}],
        },
        {
            **base,
            "game": "wuerfelmarsch",
            "events": [{"type": "rotate", "seat": 0, "pos": "0C1", "orientation": "312"}],
        },
        {
            **base,
            "game": "abquetschen",
            "events": [{"type": "build", "seat": 0, "positions": ["0A1", "x"]}],
        },
    ]
    for data in bad:
        with pytest.raises(RecordError):
            parse_record(data)
    ok = {**base, "game": "cui-bono", "setup": {"seed": 1}}
    ok["options"] = {"cui_penalty": {"R": 0, "Y": 2, "P": 5}}
    assert parse_record(ok).options["cui_penalty"] == {"R": 0, "Y": 2, "P": 5}
    assert parse_record({**base, "game": "abquetschen", "extra": 1}).events == ()


# ------------------------------------------------------------------------------- replay


def test_replay_report_and_rule_breaks() -> None:
    done = replay(parse_record(RAFFZAHN), ToyTimed)
    report = replay_report(done)
    assert report["game"] == "raffzahn" and report["finished"] is False
    assert report["events"][1] == {
        "event": 1, "type": "take", "seat": 1, "pos": "7B1", "dice": 1, "next": 0
    }  # fmt: skip
    assert report["events"][4] == {
        "event": 4,
        "type": "timeout",
        "round_closed": "timeout",
        "next": 2,
    }
    assert report["standings"][1] == {"seat": 1, "dice": 1}
    for index, event, reason in [
        (1, {"type": "take", "seat": 1, "pos": "7B1", "t": 60000}, "runs until t=60000"),
        (4, {"type": "timeout", "t": 68999}, "runs until t=69000, not 68999"),
        (2, {"type": "stop", "seat": 0, "t": 1000}, "time went back"),
        (3, {"type": "timeout", "t": 9000}, "no window is open"),
    ]:
        data = _changed(RAFFZAHN, ("events", index), event)
        with pytest.raises(RuleViolation) as info:
            replay(parse_record(data), ToyTimed)
        assert info.value.turn == index and str(info.value).startswith(f"event {index}: ")
        assert reason in info.value.reason
    turns = _changed(EINTRICHTERN, ("events",), [*EINTRICHTERN["events"]] * 2)
    with pytest.raises(RuleViolation) as info:
        replay(parse_record(turns), ToyTurns)
    assert str(info.value) == "event 3: the game is over"


def test_cli_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str], engines: None) -> None:
    code, out, err = run(tmp_path, RAFFZAHN, capsys)
    assert code == 0 and err == ""
    assert json.loads(out) == replay_report(replay(parse_record(RAFFZAHN), ToyTimed))
    code, out, err = run(tmp_path, EINTRICHTERN | {"events": EINTRICHTERN["events"] * 2}, capsys)
    assert (code, out, err) == (1, "", "event 3: the game is over\n")
    code, out, err = run(tmp_path, _changed(EINTRICHTERN, ("events", 1, "seat"), 0), capsys)
    assert code == 1 and err.startswith("event 1: ")
    code, out, err = run(tmp_path, "{not json", capsys)
    assert code == 2 and out == "" and err.count("\n") == 1
    # a malformed event is exit 2 even after an event that breaks a rule
    bad = _changed(EINTRICHTERN, ("events",), [*EINTRICHTERN["events"]] * 2 + [{"type": "x"}])
    code, out, err = run(tmp_path, bad, capsys)
    assert code == 2 and out == ""


def test_a_game_without_an_engine_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(registry, "ENGINES", {})
    code, out, err = run(tmp_path, RAFFZAHN, capsys)
    assert code == 2 and out == "" and "no engine" in err


def test_every_registered_engine_resolves() -> None:
    for game, target in registry.ENGINES.items():
        assert game in SCHEMAS, target
        assert callable(registry.engine_factory(game))
    with pytest.raises(RecordError):
        registry.engine_factory("raffzahn", {})


def test_clock_rules() -> None:
    clock = Clock().opened("call", 100, 1000)
    assert clock.deadline == 1100 and not clock.due(1099) and clock.due(1100)
    clock.check_event(1099)
    with pytest.raises(PastDeadline):
        clock.check_event(1100)
    with pytest.raises(TimeoutTooEarly):
        clock.check_timeout(1099)
    clock.check_timeout(1100)
    with pytest.raises(TimeWentBack):
        clock.at(500).check_event(499)
    closed = clock.closed(1100)
    assert closed.deadline is None and not closed.due(10**9)
    with pytest.raises(NoWindowOpen):
        closed.check_timeout(2000)
    closed.check_event(10**9)
