"""Raffzahn (RULES.md §5): the worked example as the sample record, the timed rounds (STOP,
closing by itself, timeout), the end, the refusals, and what each seat sees."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games.common.errors import GameOver, IllegalAction, NotYourTurn
from games.common.records import RuleViolation
from games.das_spiel import geometry as g
from games.das_spiel.errors import (
    NotFree,
    NoWindowOpen,
    PastDeadline,
    PositionEmpty,
    TimeoutTooEarly,
    TimeWentBack,
    WrongPhase,
)
from games.das_spiel.orientation import ORIENTATIONS, parse_orientation
from games.das_spiel.pyramid import Colour, Die, Pyramid
from games.das_spiel.raffzahn import (
    Close,
    EndReason,
    Phase,
    RaffState,
    Raffzahn,
    Roll,
    Stop,
    Take,
    Timeout,
    WrongFace,
    from_record,
)
from games.das_spiel.record import parse_record, replay, replay_report
from games.das_spiel.setup import full_pyramid
from tests.das_spiel_properties import replay_command
from tests.das_spiel_timed import applied, refused, snapshot


def p(label: str) -> int:
    return g.index_of_label(label)


SAMPLE: dict[str, Any] = {
    "format": "das-spiel-record/1",
    "game": "raffzahn",
    "players": ["Ann", "Ben", "Cid"],
    "start_seat": 0,
    "setup": {"seed": 1},
    "events": [
        {"type": "roll", "seat": 0, "value": 5, "t": 0},
        {"type": "take", "seat": 1, "pos": "7B1", "t": 1800},
        {"type": "take", "seat": 2, "pos": "6C1", "t": 3100},
        {"type": "take", "seat": 0, "pos": "7A1", "t": 3900},
        {"type": "stop", "seat": 0, "t": 4200},
        {"type": "roll", "seat": 1, "value": 2, "t": 9000},
        {"type": "take", "seat": 0, "pos": "6A1", "t": 11500},
        {"type": "roll", "seat": 2, "value": 6, "t": 16000},
        {"type": "take", "seat": 2, "pos": "7B2", "t": 17300},
        {"type": "timeout", "t": 76000},
    ],
}
SAMPLE_OUT: dict[str, Any] = {
    "game": "raffzahn",
    "events": [
        {"event": 0, "type": "roll", "seat": 0, "value": 5, "next": 0},
        {"event": 1, "type": "take", "seat": 1, "pos": "7B1", "dice": 1, "next": 0},
        {"event": 2, "type": "take", "seat": 2, "pos": "6C1", "dice": 1, "next": 0},
        {"event": 3, "type": "take", "seat": 0, "pos": "7A1", "dice": 1, "next": 0},
        {"event": 4, "type": "stop", "seat": 0, "round_closed": "stop", "next": 1},
        {"event": 5, "type": "roll", "seat": 1, "value": 2, "next": 1},
        {"event": 6, "type": "take", "seat": 0, "pos": "6A1", "dice": 2, "round_closed": "nothing_to_take", "next": 2},  # noqa: E501
        {"event": 7, "type": "roll", "seat": 2, "value": 6, "next": 2},
        {"event": 8, "type": "take", "seat": 2, "pos": "7B2", "dice": 2, "next": 2},
        {"event": 9, "type": "timeout", "round_closed": "timeout", "next": 0},
    ],
    "standings": [
        {"seat": 0, "dice": 2},
        {"seat": 1, "dice": 1},
        {"seat": 2, "dice": 2},
    ],
    "finished": False,
    "end_reason": None,
    "winners": [],
}  # fmt: skip


def game_after(events: int, record: dict[str, Any] = SAMPLE) -> Raffzahn:
    game: Raffzahn = applied(record, from_record, events)
    return game


def names(mask: int) -> list[str]:
    return g.labels(mask)


# --------------------------------------------------------------------------- set-up


def test_set_up_removes_the_apex() -> None:
    game = Raffzahn.new(1)
    s = game.state
    assert s.pyramid.occupied == g.ALL_MASK & ~g.BIT[p("8A1")]
    assert names(s.pyramid.free_dice()) == ["7A1", "7B1", "7B2"]
    assert [s.pyramid.die(p(x)).text for x in ("7A1", "7B1", "7B2")] == [  # type: ignore[union-attr]
        "Y531", "R153", "P356"
    ]  # fmt: skip
    assert s.piles() == [0, 0, 0] and s.roller == 0 and s.phase is Phase.ROLL
    seen = {seat: [s.pyramid.face(p(x), seat) for x in ("7A1", "7B1", "7B2")] for seat in range(3)}
    assert seen == {0: [5, 1, 3], 1: [3, 5, 5], 2: [1, 3, 6]}  # Ann (X), Ben (Y), Cid (Z)
    with pytest.raises(ValueError):
        RaffState(full_pyramid(1).remove(p("8A1")))


# -------------------------------------------------------------------- sample record


def test_sample_record_replays_exactly() -> None:
    assert replay_report(replay(parse_record(SAMPLE), from_record)) == SAMPLE_OUT


def test_sample_through_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert replay_command(tmp_path, SAMPLE) == 0
    assert json.loads(capsys.readouterr().out) == SAMPLE_OUT


def test_worked_example_step_by_step() -> None:
    game = game_after(1)  # Ann rolled 5
    s = game.state
    assert [names(s.takeable(seat)) for seat in range(3)] == [["7A1"], ["7B1", "7B2"], []]
    assert s.deadline == 60000
    game = game_after(2)  # Ben took 7B1, which frees 6C1 (465), whose Z face is 5
    s = game.state
    assert s.pyramid.die(p("6C1")).text.endswith("465")  # type: ignore[union-attr]
    assert names(s.takeable(2)) == ["6C1"] and names(s.takeable(1)) == ["7B2"]
    game = game_after(5)  # Ann took 7A1 and called STOP: Ben never got 7B2
    s = game.state
    assert s.phase is Phase.ROLL and s.roller == 1 and p("7B2") in s.pyramid
    refused(game, Take(1, p("7B2"), 4300), WrongPhase, "closed by stop")  # RAF-3: no penalty
    game = game_after(6)  # Ben rolled 2: only Ann can take, 6A1
    assert [names(game.state.takeable(seat)) for seat in range(3)] == [["6A1"], [], []]
    game = game_after(9)  # Cid took 7B2 with a 6; nobody calls STOP
    assert game.state.deadline == 76000 and game.state.phase is Phase.ROUND
    refused(game, Timeout(75999), TimeoutTooEarly)
    refused(game, Stop(2, 76000), PastDeadline)


def test_export_round_trips_the_sample() -> None:
    game = game_after(10)
    record = game.to_record(["Ann", "Ben", "Cid"])
    assert record["events"] == SAMPLE["events"] and record["setup"] == {"seed": 1}
    assert replay_report(replay(parse_record(record), from_record)) == SAMPLE_OUT


def test_export_of_explicit_dice_and_options() -> None:
    setup = full_pyramid(5)
    game = Raffzahn(RaffState(setup, 2, round_ms=1000), setup)
    game.apply(Roll(2, 3, 0))
    if not game.state.finished and game.state.phase is Phase.ROUND:
        game.apply(Timeout(1000))
    record = game.to_record(["a", "b", "c"])
    assert record["options"] == {"round_ms": 1000} and len(record["setup"]["dice"]) == 165
    again = replay(parse_record(record), from_record).engine
    assert snapshot(again.state) == snapshot(game.state)  # type: ignore[attr-defined]


# ------------------------------------------------------------------- documented breaks


def test_a_take_of_a_face_shown_to_another_side(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(json.dumps(SAMPLE))
    data["events"][1]["seat"] = 2
    with pytest.raises(RuleViolation) as info:
        replay(parse_record(data), from_record)
    assert str(info.value) == "event 1: 7B1 shows 3 to seat 2, not 5"
    assert replay_command(tmp_path, data) == 1
    out, err = capsys.readouterr()
    assert out == "" and err == "event 1: 7B1 shows 3 to seat 2, not 5\n"


@pytest.mark.parametrize(
    ("index", "event", "reason"),
    [
        (1, {"type": "take", "seat": 1, "pos": "6C1", "t": 100}, "7B1 rest on it"),
        (1, {"type": "take", "seat": 1, "pos": "8A1", "t": 100}, "no die lies at 8A1"),
        (1, {"type": "stop", "seat": 1, "t": 100}, "only the roller, seat 0"),
        (1, {"type": "roll", "seat": 0, "value": 5, "t": 100}, "no roll now"),
        (1, {"type": "take", "seat": 0, "pos": "7A1", "t": 60000}, "runs until t=60000"),
        (2, {"type": "take", "seat": 0, "pos": "7A1", "t": 1000}, "time went back"),
        (5, {"type": "take", "seat": 1, "pos": "7B2", "t": 4300}, "round is closed"),
        (5, {"type": "roll", "seat": 0, "value": 2, "t": 4300}, "seat 1 rolls"),
        (5, {"type": "timeout", "t": 64200}, "no window is open"),
        (6, {"type": "take", "seat": 1, "pos": "7B2", "t": 9100}, "shows 5 to seat 1, not 2"),
    ],
)
def test_rule_breaks(index: int, event: dict[str, Any], reason: str) -> None:
    data = json.loads(json.dumps(SAMPLE))
    data["events"].insert(index, event)
    with pytest.raises(RuleViolation) as info:
        replay(parse_record(data), from_record)
    assert info.value.turn == index and reason in str(info.value)


# ------------------------------------------------------------------- rounds and ends


def test_a_roll_nobody_can_use_closes_the_round_at_once() -> None:
    game = Raffzahn.new(1)
    result = game.apply(Roll(0, 2, 500))  # the free dice show 5 1 3 / 3 5 5 / 1 3 6
    assert result.fields() == {"value": 2, "round_closed": "nothing_to_take"}
    assert game.state.phase is Phase.ROLL and game.state.roller == 1
    assert game.state.deadline is None and game.next_seat == 1


def test_typed_refusals_change_nothing() -> None:
    game = Raffzahn.new(1)
    refused(game, Take(0, p("7A1"), 0), WrongPhase)
    refused(game, Stop(0, 0), WrongPhase)
    refused(game, Timeout(0), NoWindowOpen)
    refused(game, Roll(1, 5, 0), NotYourTurn)
    refused(game, Roll(0, 7, 0), IllegalAction, "1 to 6")
    game.apply(Roll(0, 5, 1000))
    refused(game, Take(0, p("7B1"), 1100), WrongFace, "7B1 shows 1 to seat 0, not 5")
    refused(game, Take(1, p("6C1"), 1100), NotFree)
    refused(game, Take(1, p("8A1"), 1100), PositionEmpty)
    refused(game, Take(1, p("7B1"), 999), TimeWentBack)
    refused(game, Take(3, p("7B1"), 1100), IllegalAction, "no seat 3")


def _late_game(extra: dict[str, str], taken: list[int]) -> Raffzahn:
    """A constructed late game: every plate die shows 1 / 2 / 4 to sides X / Y / Z (``124``),
    plus ``extra`` dice (label → orientation); the piles hold ``taken`` dice."""
    dice = {i: Die(Colour.PEARL, (1, 2, 4)) for i in g.bits(g.BOTTOM_MASK)}
    for label, o in extra.items():
        dice[p(label)] = Die(Colour.RED, parse_orientation(o))
    game = Raffzahn.new(1)
    game.state.pyramid = Pyramid.from_dice(dice)
    game.state.taken = [g.mask_of(range(100, 100 + k)) for k in taken]  # counts matter
    return game


def test_the_game_ends_when_a_round_closes_with_only_the_plate() -> None:
    # One die left above the plate: 1C2 (654) on 0C2 0D3 0D2, which are then not free.
    game = _late_game({"1C2": "654"}, [10, 12, 11])
    s = game.state
    assert names(s.pyramid.free_dice() & ~g.BOTTOM_MASK) == ["1C2"]
    game.apply(Roll(0, 6, 0))
    assert [names(s.takeable(seat)) for seat in range(3)] == [["1C2"], [], []]
    result = game.apply(Take(0, p("1C2"), 10))
    assert result.fields() == {"pos": "1C2", "dice": 11, "round_closed": "nothing_to_take"}
    assert result.end is EndReason.PLATE_ONLY and s.finished and s.piles() == [11, 12, 11]
    assert game.winners() == [1] and game.next_seat is None
    refused(game, Roll(1, 3, 30), GameOver)


def test_a_stop_with_only_the_plate_left_ends_the_game_and_ties_share() -> None:
    game = _late_game({"1C2": "654"}, [10, 11, 11])
    game.apply(Roll(0, 4, 0))  # Cid sees 4 on 1C2 and on the free plate dice
    assert game.state.takeable(2) & g.BIT[p("1C2")] and not game.state.takeable(0)
    game.apply(Take(2, p("1C2"), 10))
    assert not game.state.finished  # plate dice still show 4 to Cid: the round runs on
    result = game.apply(Stop(0, 20))
    assert result.end is EndReason.PLATE_ONLY and result.closed is Close.STOP
    assert game.state.piles() == [10, 11, 12] and game.winners() == [2]
    game = _late_game({}, [11, 11, 9])
    game.apply(Roll(0, 1, 0))
    assert game.apply(Stop(0, 5)).end is EndReason.PLATE_ONLY
    assert game.winners() == [0, 1]


def test_a_timeout_with_only_the_plate_left_ends_the_game() -> None:
    game = _late_game({}, [3, 2, 1])
    assert game.state.pyramid.free_dice() == g.BOTTOM_MASK  # RAF-2: plate dice are takeable
    game.apply(Roll(0, 1, 0))
    assert game.state.takeable(0) == g.BOTTOM_MASK and not game.state.takeable(1)
    game.apply(Take(0, p("0A1"), 100))
    result = game.apply(Timeout(60000))
    assert result.fields() == {"round_closed": "timeout"} and result.end is EndReason.PLATE_ONLY
    assert game.winners() == [0] and game.state.piles() == [4, 2, 1]


# --------------------------------------------------------------------------- the view


def test_each_seat_sees_only_its_own_side() -> None:
    game = game_after(1)
    s = game.state
    for seat in range(3):
        view = game.view(seat)
        assert view.cells == s.pyramid.side_view(seat) and view.side == seat
        assert view.takeable == s.takeable(seat)
        assert view.occupied == s.pyramid.occupied and view.free == s.pyramid.free_dice()
    ann = game.view(0)
    assert dict(ann.cells)[p("7A1")] == 5 and dict(ann.cells)[p("7B1")] == 1
    public = game.view(None)
    assert public.cells == () and public.takeable == 0 and public.side is None
    assert public.value == 5 and public.roller == 0 and public.deadline == 60000
    with pytest.raises(ValueError):
        game.view(3)


def _same_face(o: tuple[int, int, int], axis: int, k: int) -> tuple[int, int, int]:
    """The k-th of the four orientations that show ``o[axis]`` on ``axis``."""
    options = [x for x in ORIENTATIONS if x[axis] == o[axis]]
    return options[k % len(options)]


def test_a_view_does_not_depend_on_the_faces_the_seat_cannot_see() -> None:
    """Turn every die to another orientation with the same face toward one side: that seat's
    view is unchanged, and the other seats' views change (so the test can fail)."""
    for seat in range(3):
        game = game_after(3)
        before = game.view(seat)
        others = [game.view(o) for o in range(3) if o != seat]
        pyr = game.state.pyramid
        turned = {
            i: Die(die.colour, _same_face(die.orientation, seat, i + 1))
            for i, die in enumerate(pyr.dice)
            if die is not None
        }
        game.state.pyramid = pyr.replace(turned)
        assert game.view(seat) == before
        assert [game.view(o) for o in range(3) if o != seat] != others
