"""Bunte Kuh (RULES.md §6): the seed-20 funnel sums, the worked example as the sample record,
the timed online procedure (lock, judgement, penalties, void rounds, default placement), the
ends, the refusals and what a seat sees."""

from __future__ import annotations

import json
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from games.common.errors import GameOver, IllegalAction, NotYourTurn
from games.common.records import RuleViolation
from games.das_spiel import decisions as d
from games.das_spiel import geometry as g
from games.das_spiel.bunte_kuh import (
    BkState,
    BunteKuh,
    EndReason,
    Nowhere,
    Outcome,
    Phase,
    Place,
    Roll,
    RoundLocked,
    Stop,
    Timeout,
    from_record,
    supply_for,
)
from games.das_spiel.errors import (
    BadOrientation,
    NoWindowOpen,
    PastDeadline,
    TimeoutTooEarly,
    TimeWentBack,
    WrongPhase,
)
from games.das_spiel.pyramid import Colour
from games.das_spiel.record import parse_record, replay, replay_report
from games.das_spiel.setup import bottom_layer
from tests.das_spiel_properties import replay_command
from tests.das_spiel_timed import applied, refused, snapshot


def p(label: str) -> int:
    return g.index_of_label(label)


SAMPLE: dict[str, Any] = {
    "format": "das-spiel-record/1",
    "game": "bunte-kuh",
    "players": ["Ann", "Ben", "Cid"],
    "start_seat": 0,
    "setup": {"seed": 20},
    "options": {"call_ms": 90000, "place_ms": 30000},
    "events": [
        {"type": "roll", "seat": 0, "dice": [6, 4, 3], "t": 0},
        {"type": "stop", "seat": 1, "pos": "1E3", "t": 7400},
        {"type": "place", "seat": 1, "pos": "1E3", "orientation": "654", "t": 15200},
        {"type": "roll", "seat": 1, "dice": [3, 3, 1], "t": 20000},
        {"type": "nowhere", "seat": 2, "t": 26100},
        {"type": "roll", "seat": 2, "dice": [5, 4, 1], "t": 30000},
        {"type": "nowhere", "seat": 0, "t": 41500},
        {"type": "place", "seat": 0, "pos": "1H7", "orientation": "321", "t": 50000},
        {"type": "roll", "seat": 0, "dice": [2, 2, 1], "t": 55000},
        {"type": "timeout", "t": 145000},
        {"type": "roll", "seat": 1, "dice": [6, 6, 4], "t": 150000},
        {"type": "stop", "seat": 2, "pos": "1H1", "t": 161000},
        {"type": "timeout", "t": 191000},
    ],
}
SAMPLE_OUT: dict[str, Any] = {
    "game": "bunte-kuh",
    "events": [
        {"event": 0, "type": "roll", "seat": 0, "sum": 13, "next": 0},
        {"event": 1, "type": "stop", "seat": 1, "pos": "1E3", "funnel_sum": 13, "correct": True, "next": 1},  # noqa: E501
        {"event": 2, "type": "place", "seat": 1, "pos": "1E3", "orientation": "654", "supply": 19, "next": 1},  # noqa: E501
        {"event": 3, "type": "roll", "seat": 1, "sum": 7, "next": 1},
        {"event": 4, "type": "nowhere", "seat": 2, "match": "1D1", "correct": False, "received": 2, "next": 2},  # noqa: E501
        {"event": 5, "type": "roll", "seat": 2, "sum": 10, "next": 2},
        {"event": 6, "type": "nowhere", "seat": 0, "correct": True, "next": 0},
        {"event": 7, "type": "place", "seat": 0, "pos": "1H7", "orientation": "321", "supply": 18, "next": 0},  # noqa: E501
        {"event": 8, "type": "roll", "seat": 0, "sum": 5, "next": 0},
        {"event": 9, "type": "timeout", "outcome": "no_call", "next": 1},
        {"event": 10, "type": "roll", "seat": 1, "sum": 16, "next": 1},
        {"event": 11, "type": "stop", "seat": 2, "pos": "1H1", "funnel_sum": 16, "correct": True, "next": 2},  # noqa: E501
        {"event": 12, "type": "timeout", "seat": 2, "outcome": "default_placement", "pos": "1H1", "orientation": "124", "supply": 21, "next": 2},  # noqa: E501
    ],
    "standings": [
        {"seat": 0, "supply": 18},
        {"seat": 1, "supply": 18},
        {"seat": 2, "supply": 21},
    ],
    "finished": False,
    "end_reason": None,
    "winners": [],
}  # fmt: skip

SEED_20_SUMS = (
    "1A1 12, 1B1 14, 1B2 9, 1C1 11, 1C2 16, 1C3 15, 1D1 7, 1D2 11, 1D3 15, 1D4 12, 1E1 9, 1E2 16, "
    "1E3 13, 1E4 12, 1E5 4, 1F1 7, 1F2 9, 1F3 12, 1F4 11, 1F5 14, 1F6 15, 1G1 12, 1G2 9, 1G3 7, "
    "1G4 16, 1G5 12, 1G6 9, 1G7 12, 1H1 16, 1H2 8, 1H3 12, 1H4 11, 1H5 11, 1H6 13, 1H7 3, 1H8 11"
)


def game_after(events: int, record: dict[str, Any] = SAMPLE) -> BunteKuh:
    game: BunteKuh = applied(record, from_record, events)
    return game


def new_game(players: int = 3, supply: list[int] | None = None, holder: int = 0) -> BunteKuh:
    game = BunteKuh.new(players, 20, holder)
    if supply is not None:
        game.state.supply = list(supply)
    return game


# --------------------------------------------------------------------- set-up and sums


def test_seed_20_funnel_sums() -> None:
    game = BunteKuh.new(3, 20)
    sums = {g.label(q): game.state.pyramid.funnel_sum(q) for q in g.bits(game.state.funnels())}
    expected = dict((k, int(v)) for k, v in (s.split() for s in SEED_20_SUMS.split(", ")))
    assert sums == expected
    assert len(sums) == 36 and g.funnels(g.BOTTOM_MASK) == g.LAYER_MASK[1]
    assert {5, 6, 10, 17, 18}.isdisjoint(sums.values())
    assert game.state.matching(7) == [p("1D1"), p("1F1"), p("1G3")]
    walls = game.state.pyramid.funnel_walls(p("1E3"))
    assert walls == (4, 4, 5)  # U_X(0E3) 4 + U_Y(0F4) 4 + U_Z(0F3) 5 = 13


def test_set_up_and_supplies() -> None:
    assert [supply_for(n) for n in range(2, 7)] == [30, 20, 15, 12, 10]
    with pytest.raises(ValueError):
        supply_for(7)
    game = BunteKuh.new(4, 20, start_seat=2)
    s = game.state
    assert s.supply == [15] * 4 and s.holder == 2 and s.phase is Phase.ROLL
    assert s.pyramid.occupied == g.BOTTOM_MASK
    assert all(die is not None and die.colour is Colour.PEARL for die in s.pyramid.dice[:45])
    assert s.pyramid == bottom_layer(20, Colour.PEARL)
    assert s.deadline is None and s.current == 2


# -------------------------------------------------------------------- sample record


def test_sample_record_replays_exactly() -> None:
    assert replay_report(replay(parse_record(SAMPLE), from_record)) == SAMPLE_OUT


def test_sample_through_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert replay_command(tmp_path, SAMPLE) == 0
    assert json.loads(capsys.readouterr().out) == SAMPLE_OUT


def test_worked_example_step_by_step() -> None:
    game = game_after(3)  # Ben has laid 654 in 1E3
    s = game.state
    assert s.pyramid.die(p("1E3")) is not None
    assert s.laid[1] == g.BIT[p("1E3")] and s.supply == [20, 19, 20]
    # Its faces 6, 5, 4 will be walls of 2E3 (U_X), 2D2 (U_Y) and 2D3 (U_Z).
    for label, axis, pips in (("2E3", g.X, 6), ("2D2", g.Y, 5), ("2D3", g.Z, 4)):
        assert g.SUPPORT_BY_AXIS[p(label)][axis] == p("1E3")
        assert s.pyramid.face(p("1E3"), axis) == pips
    game = game_after(5)  # Cid's wrong NERGENS: one die from Ann and one from Ben
    assert game.state.supply == [19, 18, 22] and game.state.holder == 2
    game = game_after(10)  # nobody called for 5: the round is void at 145000
    assert game.state.supply == [18, 18, 22] and game.state.holder == 1
    assert game.state.clock.now == 145000 and game.state.deadline is None
    game = game_after(13)
    assert game.state.pyramid.die(p("1H1")).orientation == d.BK_DEFAULT_ORIENTATION  # type: ignore[union-attr]
    assert game.state.laid[2] == g.BIT[p("1H1")] and game.state.laid[0] == g.BIT[p("1H7")]


def test_export_round_trips_the_sample() -> None:
    game = game_after(13)
    record = game.to_record(["Ann", "Ben", "Cid"])
    assert record["events"] == SAMPLE["events"] and record["setup"] == {"seed": 20}
    assert "options" not in record  # the sample's options are the defaults
    assert replay_report(replay(parse_record(record), from_record)) == SAMPLE_OUT


def test_export_keeps_options_and_explicit_dice() -> None:
    plate = bottom_layer(7, Colour.PEARL)
    game = BunteKuh(BkState(plate, 2, call_ms=5000, place_ms=2000))
    game.apply(Roll(0, (1, 1, 1), 10))
    game.apply(Timeout(5010))
    record = game.to_record(["a", "b"])
    assert record["options"] == {"call_ms": 5000, "place_ms": 2000}
    assert record["setup"] == {"dice": [die.text for die in plate.dice[:45]]}  # type: ignore[union-attr]
    again = replay(parse_record(record), from_record).engine
    assert snapshot(again.state) == snapshot(game.state)  # type: ignore[attr-defined]


# ------------------------------------------------------------------- documented breaks


def _with_event(index: int, event: dict[str, Any]) -> dict[str, Any]:
    data = json.loads(json.dumps(SAMPLE))
    data["events"].insert(index, event)
    return data


def _expect_break(data: dict[str, Any], message: str) -> None:
    with pytest.raises(RuleViolation) as info:
        replay(parse_record(data), from_record)
    assert str(info.value) == message


def test_a_second_call_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = _with_event(2, {"type": "stop", "seat": 2, "pos": "1H6", "t": 8000})
    _expect_break(data, "event 2: the round is locked (seat 1 called first)")
    assert replay_command(tmp_path, data) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("event 2: ")


def test_early_timeout_is_refused() -> None:
    data = json.loads(json.dumps(SAMPLE))
    data["events"][9]["t"] = 140000
    with pytest.raises(RuleViolation) as info:
        replay(parse_record(data), from_record)
    assert info.value.turn == 9 and "t=145000" in str(info.value)


@pytest.mark.parametrize(
    ("index", "event", "reason"),
    [
        (1, {"type": "stop", "seat": 1, "pos": "1E3", "t": 90000}, "window runs until t=90000"),
        (1, {"type": "roll", "seat": 0, "dice": [1, 1, 1], "t": 10}, "no roll now"),
        (2, {"type": "place", "seat": 2, "pos": "1E3", "orientation": "654", "t": 9000},
         "seat 1 called"),
        (2, {"type": "place", "seat": 1, "pos": "1H6", "orientation": "654", "t": 9000},
         "called funnel 1E3"),
        (2, {"type": "place", "seat": 1, "pos": "0E3", "orientation": "654", "t": 9000},
         "0E3 is not a funnel"),
        (2, {"type": "stop", "seat": 2, "pos": "1E3", "t": 7000}, "locked"),
        (2, {"type": "place", "seat": 1, "pos": "1E3", "orientation": "654", "t": 7000},
         "time went back"),
        (3, {"type": "stop", "seat": 0, "pos": "1A1", "t": 16000}, "round is over"),
        (3, {"type": "timeout", "t": 99999}, "no window is open"),
        (3, {"type": "roll", "seat": 0, "dice": [1, 2, 3], "t": 16000}, "seat 1 holds"),
        (7, {"type": "place", "seat": 1, "pos": "1A1", "orientation": "321", "t": 42000},
         "seat 0 called"),
    ],
)  # fmt: skip
def test_rule_breaks(index: int, event: dict[str, Any], reason: str) -> None:
    with pytest.raises(RuleViolation) as info:
        replay(parse_record(_with_event(index, event)), from_record)
    assert info.value.turn == index and reason in str(info.value)


def test_wrong_calls_until_the_end_then_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two players; Ben calls NERGENS wrongly every round (7 is in 1D1) until Ann's supply of
    30 is paid out to him: Ann wins by paying her last die (§6.3)."""
    data = json.loads(json.dumps(SAMPLE))
    data["players"] = ["Ann", "Ben"]
    events = []
    for k in range(30):
        events.append({"type": "roll", "seat": k % 2, "dice": [3, 3, 1], "t": 1000 * k})
        events.append({"type": "nowhere", "seat": 1, "t": 1000 * k + 500})
    data["events"] = events
    report = replay_report(replay(parse_record(data), from_record))
    assert report["finished"] and report["end_reason"] == "supply_used"
    assert report["winners"] == [0] and report["events"][-1]["next"] is None
    assert report["standings"] == [{"seat": 0, "supply": 0}, {"seat": 1, "supply": 60}]
    data["events"].append({"type": "roll", "seat": 0, "dice": [1, 1, 1], "t": 40000})
    _expect_break(data, "event 60: the game is over")


# ----------------------------------------------------------------- procedure and ends


def test_typed_refusals_change_nothing() -> None:
    game = new_game()
    refused(game, Stop(1, p("1A1"), 0), WrongPhase, "seat 0 rolls first")
    refused(game, Timeout(0), NoWindowOpen)
    refused(game, Roll(1, (1, 2, 3), 0), NotYourTurn)
    refused(game, Roll(0, (0, 2, 3), 0), IllegalAction, "1 to 6")
    game.apply(Roll(0, (6, 4, 3), 1000))
    assert game.state.deadline == 91000 and game.state.roll_sum == 13
    refused(game, Timeout(90999), TimeoutTooEarly)
    refused(game, Stop(1, p("1E3"), 91000), PastDeadline)
    refused(game, Nowhere(1, 999), TimeWentBack)
    refused(game, Place(1, p("1E3"), (6, 5, 4), 2000), WrongPhase)
    game.apply(Stop(1, p("1E3"), 2000))
    refused(game, Place(1, p("1E3"), (6, 4, 5), 3000), BadOrientation)  # a mirror image
    refused(game, Nowhere(0, 3000), RoundLocked, "seat 1 called first")
    refused(game, Place(1, p("1E3"), (6, 5, 4), 32000), PastDeadline)


def test_wrong_stop_costs_every_other_player_one_die() -> None:
    game = new_game(4)
    game.apply(Roll(0, (6, 4, 3), 0))
    result = game.apply(Stop(0, p("1H6"), 100))  # 1H6 sums to 13: correct, the holder calls
    assert result.correct and game.state.current == 0
    game = new_game(4)
    game.apply(Roll(0, (6, 4, 4), 0))
    result = game.apply(Stop(2, p("1E3"), 100))
    assert result.fields() == {"pos": "1E3", "funnel_sum": 13, "correct": False, "received": 3}
    assert game.state.supply == [14, 14, 18, 14]
    assert game.state.phase is Phase.ROLL and game.state.holder == 1  # the round is over


def test_stop_at_a_position_that_is_no_funnel_is_a_wrong_call() -> None:
    game = new_game()
    game.apply(Roll(0, (6, 4, 3), 0))
    result = game.apply(Stop(1, p("0E3"), 100))
    assert result.fields() == {"pos": "0E3", "correct": False, "received": 2}
    assert game.state.supply == [19, 22, 19]


def test_correct_nowhere_lays_anywhere_and_default_is_the_first_funnel() -> None:
    game = new_game()
    game.apply(Roll(0, (5, 4, 1), 0))  # 10: no funnel
    assert game.apply(Nowhere(2, 500)).correct
    assert game.state.deadline == 30500 and game.state.called is None
    result = game.apply(Timeout(30500))
    assert result.fields() == {
        "outcome": "default_placement",
        "seat": 2,
        "pos": "1A1",
        "orientation": "124",
        "supply": 19,
    }
    assert game.state.holder == 1 and game.state.phase is Phase.ROLL


def test_laying_the_last_die_wins() -> None:
    game = new_game(supply=[3, 1, 2])
    game.apply(Roll(0, (6, 4, 3), 0))
    game.apply(Stop(1, p("1E3"), 100))
    result = game.apply(Place(1, p("1E3"), (1, 2, 4), 200))
    assert result.end is EndReason.SUPPLY_USED and result.supply == 0
    assert game.state.finished and game.state.winners == [1] and game.next_seat is None
    assert game.legal_actions() == []
    refused(game, Roll(2, (1, 1, 1), 300), GameOver)
    refused(game, Timeout(10**9), GameOver)


def test_a_penalty_can_empty_several_givers_who_all_win() -> None:
    game = new_game(4, supply=[1, 2, 1, 5])
    game.apply(Roll(0, (5, 4, 1), 0))
    result = game.apply(Stop(3, p("1A1"), 100))  # 1A1 sums to 12, not 10
    assert result.end is EndReason.SUPPLY_USED and result.received == 3
    assert game.state.supply == [0, 1, 0, 8]
    assert game.winners() == [0, 2] and game.end_reason == "supply_used"
    report = game.standings()
    assert report == [{"seat": s, "supply": n} for s, n in enumerate([0, 1, 0, 8])]


def test_void_round_costs_nobody() -> None:
    game = new_game()
    game.apply(Roll(0, (2, 2, 1), 0))
    assert game.legal_actions(90000) == [Timeout(90000)]
    assert game.apply(Timeout(95000)).outcome is Outcome.NO_CALL
    assert game.state.supply == [20, 20, 20] and game.state.holder == 1


def test_legal_actions_by_phase() -> None:
    game = new_game(2)
    assert len(game.legal_actions()) == 216
    game.apply(Roll(0, (6, 4, 3), 0))
    calls = game.legal_actions(10)
    assert len(calls) == 2 * (36 + 1) and all(a.t == 10 for a in calls)
    game.apply(Stop(0, p("1E3"), 10))
    places = game.legal_actions()
    assert {a.pos for a in places} == {p("1E3")} and len(places) == 24  # type: ignore[union-attr]
    assert game.legal_actions(5) == []  # time cannot go back


# --------------------------------------------------------------------------- the view


def test_view_shows_faces_and_funnels_but_no_sums() -> None:
    game = game_after(11)  # Ben rolled 16; nobody has called yet
    view = game.view(0)
    s = game.state
    assert view.dice == (6, 6, 4) and view.phase is Phase.CALL and view.deadline == 240000
    assert view.funnels == tuple(g.bits(s.funnels())) and p("1E3") not in view.funnels
    assert set(view.faces) == set(s.pyramid.exposed_faces())
    # 0E3's U_X is covered by Ben's die in 1E3 (a wall of a filled funnel): it is not shown.
    assert all(not (pos == p("0E3") and axis == g.X) for pos, axis, _ in view.faces)
    assert (p("1E3"), g.X, 6) in view.faces
    names = {f.name for f in fields(view)}
    assert not {n for n in names if "sum" in n}
    assert {game.view(s2).faces for s2 in range(3)} == {view.faces}
    assert game.view(1).seat == 1 and view.claimed is None
    game.apply(Stop(2, p("1H1"), 161000))
    assert game.view(0).claimed == p("1H1") and game.view(0).caller == 2
    with pytest.raises(ValueError):
        game.view(3)


def test_view_hides_the_dice_between_rounds() -> None:
    game = game_after(3)
    assert game.view(0).dice is None and game.view(0).phase is Phase.ROLL


# ------------------------------------------------------------------ switched decisions


def test_bk1_switched_off_a_wrong_call_leaves_the_round_open(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(d, "BK_FIRST_CALL_ENDS_ROUND", False)
    game = new_game()
    game.apply(Roll(0, (3, 3, 1), 0))  # 7: 1D1, 1F1, 1G3
    wrong = game.apply(Nowhere(2, 100))
    assert not wrong.correct and wrong.received == 2 and game.state.supply == [19, 19, 22]
    assert game.state.phase is Phase.CALL and game.state.deadline == 90000
    refused(game, Stop(2, p("1D1"), 200), RoundLocked, "called wrong")
    assert all(a.seat != 2 for a in game.legal_actions(200))  # type: ignore[union-attr]
    assert game.apply(Stop(1, p("1F1"), 300)).correct
    refused(game, Stop(0, p("1D1"), 400), RoundLocked, "seat 1 called first")


def test_bk3_switched_off_the_holder_may_not_call(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(d, "BK_HOLDER_MAY_CALL", False)
    game = new_game()
    game.apply(Roll(0, (6, 4, 3), 0))
    refused(game, Stop(0, p("1E3"), 100), NotYourTurn, "holder")
    assert {a.seat for a in game.legal_actions(100)} == {1, 2}  # type: ignore[union-attr]
