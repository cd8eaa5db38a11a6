"""Würfelmarsch (RULES.md §9): the set-up, the four moves, the tipping examples, the funnels
(single, tied, own, the booklet's capture picture, two owners claiming one die), the sample
record, every end, and the refusals."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games.common.errors import GameOver, NotYourTurn, RecordError
from games.common.records import RuleViolation
from games.das_spiel import decisions as d
from games.das_spiel import geometry as g
from games.das_spiel.errors import BadOrientation, PositionEmpty, PositionTaken
from games.das_spiel.record import parse_record, replay, replay_report
from games.das_spiel.wuerfelmarsch import (
    TARGETS,
    BackwardMove,
    EndReason,
    NotANeighbour,
    NotYourDie,
    Rotate,
    Tip,
    WmState,
    Wuerfelmarsch,
    from_record,
)
from tests.das_spiel_properties import replay_command


def i(text: str) -> int:
    return g.index_of_label(text)


def tip(state: WmState, seat: int, frm: str, to: str) -> dict[str, Any]:
    return state.apply(Tip(seat, i(frm), i(to))).fields()


def snapshot(state: WmState) -> tuple[object, ...]:
    return tuple(
        list(v) if isinstance(v, list) else v
        for v in (getattr(state, s) for s in WmState.__slots__)
    )


SAMPLE: dict[str, Any] = {
    "format": "das-spiel-record/1",
    "game": "wuerfelmarsch",
    "players": ["Ann", "Ben", "Cid"],
    "start_seat": 0,
    "events": [
        {"type": "tip", "seat": 0, "from": "0I3", "to": "0H2"},
        {"type": "rotate", "seat": 1, "pos": "0C1", "orientation": "412"},
        {"type": "tip", "seat": 2, "from": "0C3", "to": "0D3"},
        {"type": "tip", "seat": 0, "from": "0H2", "to": "0G2"},
        {"type": "tip", "seat": 1, "from": "0D1", "to": "0D2"},
    ],
}
NO_CHANGE: dict[str, Any] = {"funnels": [], "captured": [], "removed": []}
SAMPLE_OUT: dict[str, Any] = {
    "game": "wuerfelmarsch",
    "events": [
        {"event": 0, "type": "tip", "seat": 0, "from": "0I3", "to": "0H2", "dir": "forward-left",
         "orientation": "531", **NO_CHANGE, "next": 1},
        {"event": 1, "type": "rotate", "seat": 1, "pos": "0C1", "orientation": "412", "next": 2},
        {"event": 2, "type": "tip", "seat": 2, "from": "0C3", "to": "0D3", "dir": "forward-left",
         "orientation": "315", **NO_CHANGE, "next": 0},
        {"event": 3, "type": "tip", "seat": 0, "from": "0H2", "to": "0G2",
         "dir": "forward-right", "orientation": "635",
         "funnels": [{"funnel": "1F1", "walls": [1, 3, 2], "result": "capture", "by": 0}],
         "captured": [{"pos": "0F1", "by": 0}, {"pos": "0G1", "by": 0}], "removed": [],
         "next": 1},
        {"event": 4, "type": "tip", "seat": 1, "from": "0D1", "to": "0D2", "dir": "forward-left",
         "orientation": "153", **NO_CHANGE, "next": 2},
    ],
    "standings": [
        {"seat": 0, "captured": 2, "removed": 0, "score": 2, "on_plate": 5},
        {"seat": 1, "captured": 0, "removed": 0, "score": 0, "on_plate": 3},
        {"seat": 2, "captured": 0, "removed": 0, "score": 0, "on_plate": 5},
    ],
    "finished": False,
    "end_reason": None,
    "winners": [],
}  # fmt: skip


# ------------------------------------------------------------------------------ set-up


def test_setup_lays_five_dice_per_side_showing_3_2_1() -> None:
    s = WmState()
    expected = {
        0: ("0I3 0I4 0I5 0I6 0I7", (3, 2, 1)),
        1: ("0C1 0D1 0E1 0F1 0G1", (1, 3, 2)),
        2: ("0C3 0D4 0E5 0F6 0G7", (2, 1, 3)),
    }
    for seat, (labels, o) in expected.items():
        assert g.labels(s.owned[seat]) == labels.split()
        side = seat  # seat 0/1/2 sits at side X/Y/Z
        for p in g.bits(s.owned[seat]):
            assert g.POSITIONS[p][side] == 0  # an edge hollow of the own side
            assert s.orientation(p) == o
            assert o[side] == 3  # 3 toward the player
            assert o[(side + 1) % 3] == 2  # 2 toward the left neighbour
            assert o[(side + 2) % 3] == 1  # 1 toward the right neighbour
    assert s.pyramid.funnels() == 0  # no funnel at the start
    assert [g.LABELS[t] for t in TARGETS] == ["0A1", "0I9", "0I1"]
    assert s.current == 0 and WmState(start_seat=2).current == 2


@pytest.mark.parametrize(
    ("seat", "reached"),
    [(0, "0D2 0D3 0E2 0E4"), (1, "0E4 0F4 0D3 0F3"), (2, "0F3 0E2 0F4 0D2")],
)
def test_the_four_moves_from_0E3(seat: int, reached: str) -> None:
    s = WmState.constructed({"0E3": (seat, "321")}, current=seat)
    got = {g.LABELS[t.to] for t in s.tips(seat)}
    assert got == set(reached.split())
    dirs = [s.copy().apply(Tip(seat, i("0E3"), i(t))).direction for t in reached.split()]
    assert dirs == ["forward-left", "forward-right", "left", "right"]


def test_first_tip_from_the_setup() -> None:
    s = WmState()
    out = tip(s, 0, "0I5", "0H5")
    assert (out["dir"], out["orientation"]) == ("forward-right", "623")


def test_booklet_kantelen_example() -> None:
    # X's die shows 3 right (U_Z), 2 left (U_Y), 6 toward the player (U_X); tipped right.
    s = WmState.constructed({"0E3": (0, "623")}, current=0)
    out = tip(s, 0, "0E3", "0E4")
    assert (out["dir"], out["orientation"]) == ("right", "642")


# ----------------------------------------------------------------------------- funnels

SINGLE = {"0H4": (0, "623"), "0F4": (1, "514"), "0G5": (2, "124")}


def test_single_funnel_highest_wall_captures_both() -> None:
    s = WmState.constructed(SINGLE, current=0)
    out = tip(s, 0, "0H4", "0G4")
    assert out["orientation"] == "426"
    assert out["funnels"] == [{"funnel": "1F4", "walls": [5, 2, 6], "result": "capture", "by": 0}]
    assert out["captured"] == [{"pos": "0F4", "by": 0}, {"pos": "0G5", "by": 0}]
    assert out["removed"] == []
    assert s.captured == [2, 0, 0] and [s.score(k) for k in range(3)] == [2, 0, 0]
    assert g.labels(s.pyramid.occupied) == ["0G4"]


def test_single_funnel_tie_at_the_top_removes_all_three() -> None:
    s = WmState.constructed({**SINGLE, "0F4": (1, "635")}, current=0)
    out = tip(s, 0, "0H4", "0G4")
    assert out["funnels"] == [{"funnel": "1F4", "walls": [6, 2, 6], "result": "tie"}]
    assert out["captured"] == [] and out["removed"] == ["0F4", "0G4", "0G5"]
    assert s.removed == [1, 1, 1] and [s.score(k) for k in range(3)] == [-1, -1, -1]
    assert s.finished and s.end_reason is EndReason.PLATE_EMPTY
    assert s.winners == [0]  # all tied at −1: X's turn came last


def test_single_funnel_of_one_owner_is_inert() -> None:
    s = WmState.constructed({k: (0, o) for k, (_seat, o) in SINGLE.items()}, current=0)
    out = tip(s, 0, "0H4", "0G4")
    assert out["funnels"] == [{"funnel": "1F4", "walls": [5, 2, 6], "result": "own"}]
    assert out["captured"] == [] and out["removed"] == []
    assert g.labels(s.owned[0]) == ["0F4", "0G4", "0G5"]


def test_the_booklets_capture_example() -> None:
    s = WmState.constructed(
        {
            "0E3": (1, "465"),
            "0G5": (0, "153"),
            "0E4": (0, "514"),
            "0G4": (1, "132"),
            "0F5": (2, "213"),
        },
        current=1,
    )
    out = tip(s, 1, "0E3", "0F4")
    assert (out["dir"], out["orientation"]) == ("forward-right", "635")
    assert out["funnels"] == [
        {"funnel": "1E4", "walls": [5, 1, 5], "result": "tie"},
        {"funnel": "1F4", "walls": [6, 5, 2], "result": "capture", "by": 1},
    ]
    assert out["captured"] == [{"pos": "0G5", "by": 1}]
    assert out["removed"] == ["0E4", "0F4", "0F5"]
    assert g.labels(s.pyramid.occupied) == ["0G4"] and g.labels(s.owned[1]) == ["0G4"]
    assert [s.score(k) for k in range(3)] == [-1, 0, -1]
    assert (s.captured, s.removed) == ([0, 1, 0], [1, 1, 1])
    assert s.current == 1  # X and Z have no die left: both skipped, Y plays again (WM-8)


TWO = ("0F3", "0D2", "0E2", "0D3", "0E4")  # X tips 0F3 → 0E3: funnels 1D2 (Y) and 1D3 (Z)


def two_funnels(*orientations: str) -> WmState:
    owners = (0, 1, 1, 2, 2)
    return WmState.constructed(
        dict(zip(TWO, zip(owners, orientations, strict=True), strict=True)), current=0
    )


def test_a_die_claimed_by_two_owners_goes_to_the_higher_wall() -> None:
    s = two_funnels("531", "465", "412", "623", "213")
    out = tip(s, 0, "0F3", "0E3")
    assert [(f["funnel"], f["walls"], f.get("by")) for f in out["funnels"]] == [
        ("1D2", [4, 3, 2], 1),
        ("1D3", [6, 1, 5], 2),
    ]
    assert out["captured"] == [{"pos": "0E3", "by": 2}] and out["removed"] == []
    assert s.captured == [0, 0, 1]


def test_a_die_claimed_with_equal_walls_is_removed() -> None:
    s = two_funnels("546", "264", "356", "635", "124")
    out = tip(s, 0, "0F3", "0E3")
    assert [(f["walls"], f.get("by")) for f in out["funnels"]] == [([2, 4, 6], 1), ([6, 2, 5], 2)]
    assert out["captured"] == [] and out["removed"] == ["0E3"]
    assert s.removed == [1, 0, 0] and s.captured == [0, 0, 0]


def test_captures_stand_when_the_capturing_die_is_captured() -> None:
    s = two_funnels("623", "321", "426", "514", "412")
    out = tip(s, 0, "0F3", "0E3")
    # X's moved die (wall 6 in 1D3) captures Z's two dice while Y's 6 in 1D2 captures it.
    assert out["captured"] == [
        {"pos": "0D3", "by": 0},
        {"pos": "0E3", "by": 1},
        {"pos": "0E4", "by": 0},
    ]
    assert s.captured == [2, 1, 0]


def test_the_highest_wall_captures_even_when_not_the_mover() -> None:
    s = two_funnels("132", "356", "356", "362", "213")
    out = tip(s, 0, "0F3", "0E3")
    assert out["funnels"][0] == {"funnel": "1D2", "walls": [3, 3, 6], "result": "capture", "by": 1}
    assert {"pos": "0E3", "by": 1} in out["captured"]


def test_a_rotation_never_captures() -> None:
    # 1F4 is already complete with X's 6 the single highest wall; rotating changes nothing.
    s = WmState.constructed({**SINGLE, "0G4": (0, "426"), "0H4": (0, "623")}, current=0)
    out = s.apply(Rotate(0, i("0G4"), (6, 4, 2))).fields()
    assert out == {"pos": "0G4", "orientation": "642"}
    assert len(s.pyramid) == 4 and s.captured == [0, 0, 0] and s.quiet == 1


# ----------------------------------------------------------------------- sample record


def test_sample_record_replays_exactly() -> None:
    assert replay_report(replay(parse_record(SAMPLE), from_record)) == SAMPLE_OUT


def test_sample_rule_break_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(json.dumps(SAMPLE))
    data["events"][3]["to"] = "0I2"
    with pytest.raises(RuleViolation) as info:
        replay(parse_record(data), from_record)
    assert str(info.value) == "event 3: 0H2 -> 0I2 is a backward move for seat 0"
    assert replay_command(tmp_path, data) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("event 3: ")
    assert replay_command(tmp_path, SAMPLE) == 0
    assert json.loads(capsys.readouterr().out) == SAMPLE_OUT


def test_export_round_trips_the_sample() -> None:
    game = from_record(parse_record(SAMPLE))
    for e in parse_record(SAMPLE).events:
        game.apply_record_event(e)
    record = game.to_record(["Ann", "Ben", "Cid"])
    assert record["events"] == SAMPLE["events"] and "options" not in record
    assert replay_report(replay(parse_record(record), from_record)) == SAMPLE_OUT


def test_a_setup_is_refused_in_a_record() -> None:
    data = {**SAMPLE, "setup": {"seed": 1}}
    with pytest.raises(RecordError, match="setup must be absent"):
        parse_record(data)


# -------------------------------------------------------------------------------- ends


def test_reaching_the_target_corner_wins_at_once() -> None:
    s = WmState.constructed({"0B1": (0, "321"), "0C1": (1, "132"), "0I5": (2, "213")}, current=0)
    tip(s, 0, "0B1", "0A1")
    assert s.finished and s.end_reason is EndReason.CORNER and s.winners == [0]
    assert s.current is None and s.legal_actions() == []
    with pytest.raises(GameOver):
        s.apply(Rotate(1, i("0C1"), (3, 2, 1)))


def test_a_die_in_another_seats_corner_does_not_win() -> None:
    s = WmState.constructed({"0B1": (1, "132"), "0I5": (2, "213")}, current=1)
    tip(s, 1, "0B1", "0A1")  # Y's "left" move; 0A1 is X's target, not Y's
    assert not s.finished and s.current == 2


def quiet_record(events: list[dict[str, Any]], quiet: int) -> dict[str, Any]:
    return {**SAMPLE, "options": {"quiet_turns": quiet}, "events": events}


def test_quiet_cap_ends_and_the_latest_of_the_tied_wins() -> None:
    events = [
        {"type": "rotate", "seat": 0, "pos": "0I3", "orientation": "132"},
        {"type": "rotate", "seat": 1, "pos": "0C1", "orientation": "321"},
        {"type": "rotate", "seat": 2, "pos": "0C3", "orientation": "321"},
        {"type": "rotate", "seat": 0, "pos": "0I3", "orientation": "321"},
    ]
    done = replay(parse_record(quiet_record(events, 4)), from_record)
    report = replay_report(done)
    assert report["finished"] and report["end_reason"] == "quiet_cap"
    assert report["winners"] == [0]  # all score 0; seat 0 played the last turn
    assert report["events"][-1]["next"] is None
    events3 = events[:3]
    report = replay_report(replay(parse_record(quiet_record(events3, 3)), from_record))
    assert report["winners"] == [2]


def test_quiet_cap_counts_from_the_last_capture() -> None:
    s = WmState.constructed(SINGLE | {"0I9": (2, "213")}, current=0, quiet_turns=2)
    s.apply(Rotate(0, i("0H4"), (6, 4, 2)))
    s.apply(Rotate(1, i("0F4"), (4, 1, 2)))  # quiet: 2 → the cap
    assert s.finished and s.end_reason is EndReason.QUIET_CAP
    s = WmState.constructed(SINGLE | {"0I9": (2, "213")}, current=2, quiet_turns=2)
    s.apply(Rotate(2, i("0I9"), (1, 3, 2)))
    tip(s, 0, "0H4", "0G4")  # captures: the count starts again
    assert s.quiet == 0 and not s.finished
    assert s.current == 2  # Y lost its only die: skipped (WM-8)
    s.apply(Rotate(2, i("0I9"), (2, 1, 3)))
    assert not s.finished
    s.apply(Rotate(0, i("0G4"), (6, 4, 2)))
    assert s.finished and s.winners == [0]  # X: 2 captured


def test_corner_before_cap() -> None:
    s = WmState.constructed({"0B1": (0, "321"), "0I9": (2, "213")}, current=2, quiet_turns=2)
    s.apply(Rotate(2, i("0I9"), (1, 3, 2)))
    tip(s, 0, "0B1", "0A1")  # the 2nd quiet turn reaches the corner
    assert s.end_reason is EndReason.CORNER and s.winners == [0]


def test_booklet_example_passes_the_turn_to_z() -> None:
    s = WmState.constructed(
        {"0E3": (1, "465"), "0E4": (0, "514"), "0F5": (2, "213"), "0I5": (0, "321")},
        current=1,
    )
    tip(s, 1, "0E3", "0F4")
    # 1E4 tied: Y's and Z's dice are gone, X keeps 0I5; Z has nothing left: skipped to X.
    assert g.labels(s.pyramid.occupied) == ["0I5"]
    assert s.current == 0 and not s.finished


# ------------------------------------------------------------------------------ refusals


@pytest.mark.parametrize(
    ("action", "error", "reason"),
    [
        (Tip(1, i("0C1"), i("0C2")), NotYourTurn, "seat 0 is on turn"),
        (Tip(0, i("0C1"), i("0C2")), NotYourDie, "not seat 0's"),
        (Tip(0, i("0E3"), i("0D3")), PositionEmpty, "no die lies at 0E3"),
        (Tip(0, i("0I3"), i("0I4")), PositionTaken, "0I4 is taken"),
        (Tip(0, i("0I3"), i("0I1")), NotANeighbour, "0I1 is not next to 0I3"),
        (Tip(0, i("0I5"), i("0G5")), NotANeighbour, "0G5 is not next to 0I5"),
        (Tip(0, i("0I5"), i("1H5")), NotANeighbour, "plate"),
        (Rotate(0, i("0I3"), (3, 2, 1)), BadOrientation, "already shows"),
        (Rotate(0, i("0I3"), (3, 1, 2)), BadOrientation, "not one of the 24"),
        (Rotate(0, i("0C1"), (1, 2, 4)), NotYourDie, "not seat 0's"),
    ],
)
def test_refusals_change_nothing(action: Any, error: type[Exception], reason: str) -> None:
    s = WmState()
    before = snapshot(s)
    with pytest.raises(error, match=reason):
        s.apply(action)
    assert snapshot(s) == before


def test_backward_moves_are_refused_for_every_seat() -> None:
    # From 0E3 the two neighbours no seat reaches forward or sideways are its backward moves.
    for seat in range(3):
        s = WmState.constructed({"0E3": (seat, "321")}, current=seat)
        allowed = {t.to for t in s.tips(seat)}
        backward = [n for n in g.LAYER_NEIGHBOURS[i("0E3")] if n not in allowed]
        assert len(backward) == 2 and all(g.LAYER[n] == 0 for n in backward)
        for n in backward:
            with pytest.raises(BackwardMove, match=f"0E3 -> {g.LABELS[n]} is a backward move"):
                s.apply(Tip(seat, i("0E3"), n))


def test_legal_actions_at_the_start() -> None:
    game = Wuerfelmarsch()
    actions = game.legal_actions()
    tips = [a for a in actions if isinstance(a, Tip)]
    assert len(actions) - len(tips) == 5 * 23
    # X's edge dice 0I3 … 0I7: forward both ways, sideways only into the empty 0I2 / 0I8.
    assert sorted(g.LABELS[t.to] for t in tips) == sorted(
        ["0H2", "0H3", "0H3", "0H4", "0H4", "0H5", "0H5", "0H6", "0H6", "0H7", "0I2", "0I8"]
    )


def test_view_is_the_same_public_picture_for_every_seat() -> None:
    game = from_record(parse_record(SAMPLE))
    for e in parse_record(SAMPLE).events:
        game.apply_record_event(e)
    views = [game.view(seat) for seat in range(3)]
    assert {(v.dice, v.captured, v.current) for v in views} == {(views[0].dice, (2, 0, 0), 2)}
    assert len(views[0].dice) == 13
    assert (i("0G2"), 0, (6, 3, 5)) in views[0].dice


# ------------------------------------------------------------- decisions are switches


def test_wm3_switched_off_judges_a_one_owner_funnel(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(d, "WM_OWN_FUNNEL_INERT", False)
    tied = {"0H4": (0, "623"), "0F4": (0, "635"), "0G5": (0, "124")}
    s = WmState.constructed(tied, current=0)
    out = tip(s, 0, "0H4", "0G4")
    assert out["funnels"][0]["result"] == "tie" and out["removed"] == ["0F4", "0G4", "0G5"]


def test_wm5_switched_off_only_the_mover_captures(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(d, "WM_HIGHEST_OWNER_CAPTURES", False)
    s = two_funnels("132", "356", "356", "362", "213")  # Y's 6 is highest in 1D2
    out = tip(s, 0, "0F3", "0E3")
    assert out["funnels"][0]["result"] == "own"
    assert {"pos": "0E3", "by": 1} not in out["captured"]


def test_wm6_and_wm7_switched_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(d, "WM_DEDUCT_OWN_REMOVED", False)
    monkeypatch.setattr(d, "WM_ROTATION_MUST_CHANGE", False)
    s = WmState.constructed({**SINGLE, "0F4": (1, "635"), "0I9": (2, "213")}, current=0)
    tip(s, 0, "0H4", "0G4")  # the tie removes one die of each seat
    assert [s.score(k) for k in range(3)] == [0, 0, 0]
    s.apply(Rotate(2, i("0I9"), (2, 1, 3)))  # the die's own orientation: now allowed
    assert len(s.rotations(0)) == 0 and len(s.rotations(2)) == 24
