"""Eintrichtern (RULES.md §8): the seed-20 funnel sums, the worked example, the sample record,
both ends, the adoption rules and the refusals, and what a seat may see (§3.4, §8.5)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from games.common.errors import GameOver, NotInGame, NotYourTurn
from games.das_spiel import decisions as d
from games.das_spiel import geometry as g
from games.das_spiel.eintrichtern import (
    FUNNELS,
    Adopt,
    Cover,
    Eintrichtern,
    EndReason,
    Lift,
    NoRedDie,
    NothingToAdopt,
    Phase,
    Reveal,
    Roll,
    from_record,
    reds_goal,
)
from games.das_spiel.errors import WrongPhase
from games.das_spiel.record import parse_record, replay, replay_report
from tests.das_spiel_properties import replay_command

SAMPLE: dict[str, Any] = {
    "format": "das-spiel-record/1",
    "game": "eintrichtern",
    "players": ["Ann", "Ben"],
    "start_seat": 0,
    "setup": {"seed": 20},
    "events": [
        {"type": "roll", "seat": 0, "dice": [4, 5, 4]},
        {"type": "lift", "seat": 0, "pos": "1E3"},
        {"type": "roll", "seat": 0, "dice": [2, 3, 4]},
        {"type": "lift", "seat": 0, "pos": "1H5"},
        {"type": "adopt", "seat": 1},
        {"type": "lift", "seat": 1, "pos": "1B2"},
        {"type": "roll", "seat": 1, "dice": [1, 1, 1]},
        {"type": "lift", "seat": 1, "pos": "1H6"},
        {"type": "adopt", "seat": 0},
        {"type": "lift", "seat": 0, "pos": "1H7"},
        {"type": "roll", "seat": 0, "dice": [6, 5, 1]},
        {"type": "lift", "seat": 0, "pos": "1A1"},
        {"type": "roll", "seat": 0, "dice": [4, 4, 3]},
        {"type": "lift", "seat": 0, "pos": "1H5"},
        {"type": "roll", "seat": 0, "dice": [6, 6, 3]},
        {"type": "lift", "seat": 0, "pos": "1C3"},
        {"type": "roll", "seat": 0, "dice": [5, 2, 2]},
        {"type": "lift", "seat": 0, "pos": "1E1"},
        {"type": "roll", "seat": 0, "dice": [3, 3, 1]},
        {"type": "lift", "seat": 0, "pos": "1D1"},
        {"type": "roll", "seat": 0, "dice": [6, 6, 4]},
        {"type": "lift", "seat": 0, "pos": "1C2"},
    ],
}
SAMPLE_OUT: dict[str, Any] = {
    "game": "eintrichtern",
    "events": [
        {"event": 0, "type": "roll", "seat": 0, "sum": 13, "next": 0},
        {
            "event": 1,
            "type": "lift",
            "seat": 0,
            "pos": "1E3",
            "funnel_sum": 13,
            "success": True,
            "reds": 1,
            "next": 0,
        },
        {"event": 2, "type": "roll", "seat": 0, "sum": 9, "next": 0},
        {
            "event": 3,
            "type": "lift",
            "seat": 0,
            "pos": "1H5",
            "funnel_sum": 11,
            "success": False,
            "next": 1,
        },
        {"event": 4, "type": "adopt", "seat": 1, "sum": 9, "next": 1},
        {
            "event": 5,
            "type": "lift",
            "seat": 1,
            "pos": "1B2",
            "funnel_sum": 9,
            "success": True,
            "reds": 1,
            "next": 1,
        },
        {"event": 6, "type": "roll", "seat": 1, "sum": 3, "next": 1},
        {
            "event": 7,
            "type": "lift",
            "seat": 1,
            "pos": "1H6",
            "funnel_sum": 13,
            "success": False,
            "next": 0,
        },
        {"event": 8, "type": "adopt", "seat": 0, "sum": 3, "next": 0},
        {
            "event": 9,
            "type": "lift",
            "seat": 0,
            "pos": "1H7",
            "funnel_sum": 3,
            "success": True,
            "reds": 2,
            "next": 0,
        },
        {"event": 10, "type": "roll", "seat": 0, "sum": 12, "next": 0},
        {
            "event": 11,
            "type": "lift",
            "seat": 0,
            "pos": "1A1",
            "funnel_sum": 12,
            "success": True,
            "reds": 3,
            "next": 0,
        },
        {"event": 12, "type": "roll", "seat": 0, "sum": 11, "next": 0},
        {
            "event": 13,
            "type": "lift",
            "seat": 0,
            "pos": "1H5",
            "funnel_sum": 11,
            "success": True,
            "reds": 4,
            "next": 0,
        },
        {"event": 14, "type": "roll", "seat": 0, "sum": 15, "next": 0},
        {
            "event": 15,
            "type": "lift",
            "seat": 0,
            "pos": "1C3",
            "funnel_sum": 15,
            "success": True,
            "reds": 5,
            "next": 0,
        },
        {"event": 16, "type": "roll", "seat": 0, "sum": 9, "next": 0},
        {
            "event": 17,
            "type": "lift",
            "seat": 0,
            "pos": "1E1",
            "funnel_sum": 9,
            "success": True,
            "reds": 6,
            "next": 0,
        },
        {"event": 18, "type": "roll", "seat": 0, "sum": 7, "next": 0},
        {
            "event": 19,
            "type": "lift",
            "seat": 0,
            "pos": "1D1",
            "funnel_sum": 7,
            "success": True,
            "reds": 7,
            "next": 0,
        },
        {"event": 20, "type": "roll", "seat": 0, "sum": 16, "next": 0},
        {
            "event": 21,
            "type": "lift",
            "seat": 0,
            "pos": "1C2",
            "funnel_sum": 16,
            "success": True,
            "reds": 8,
            "next": None,
        },
    ],
    "standings": [{"seat": 0, "reds": 8}, {"seat": 1, "reds": 1}],
    "finished": True,
    "end_reason": "reds_goal",
    "winners": [0],
}

# §6.6: the funnel sums of the seed-20 plate (the same orientations as Eintrichtern's seed 20)
SEED20_SUMS = (
    "1A1 12, 1B1 14, 1B2 9, 1C1 11, 1C2 16, 1C3 15, 1D1 7, 1D2 11, 1D3 15, 1D4 12, 1E1 9, 1E2 16, "
    "1E3 13, 1E4 12, 1E5 4, 1F1 7, 1F2 9, 1F3 12, 1F4 11, 1F5 14, 1F6 15, 1G1 12, 1G2 9, 1G3 7, "
    "1G4 16, 1G5 12, 1G6 9, 1G7 12, 1H1 16, 1H2 8, 1H3 12, 1H4 11, 1H5 11, 1H6 13, 1H7 3, 1H8 11"
)


def L(label: str) -> int:
    return g.index_of_label(label)


def dice_for(total: int) -> tuple[int, int, int]:
    """Three dice showing ``total`` (3…18)."""
    a = min(6, total - 2)
    b = min(6, total - a - 1)
    return (a, b, total - a - b)


def snapshot(game: Eintrichtern) -> tuple[object, ...]:
    s = game.state
    return (s.phase, s.current, s.target, s.adoptable, s.covered, tuple(s.reds), len(game.log))


def test_seed_20_funnel_sums() -> None:
    game = Eintrichtern.new(3, 20)
    expected = {L(k): int(v) for k, v in (e.split() for e in SEED20_SUMS.split(", "))}
    assert {q: game.state.plate.funnel_sum(q) for q in g.bits(FUNNELS)} == expected
    assert not {5, 6, 10, 17, 18} & set(expected.values())
    assert game.state.covered == FUNNELS and len(g.bits(FUNNELS)) == 36


def test_worked_example_seed_20_three_players() -> None:
    game = Eintrichtern.new(3, 20)
    ann, ben, cid = 0, 1, 2
    assert game.apply(Roll(ann, (4, 5, 4))).target == 13
    r = game.apply(Lift(ann, L("1E3")))
    assert (r.walls, r.funnel_sum, r.success, r.reds) == ((4, 4, 5), 13, True, 1)
    assert game.state.current == ann and game.state.phase is Phase.TARGET
    with pytest.raises(NothingToAdopt):
        game.apply(Adopt(ann))  # after a match he must roll
    game.apply(Roll(ann, (2, 3, 4)))
    r = game.apply(Lift(ann, L("1H5")))
    assert (r.walls, r.funnel_sum, r.success) == ((4, 4, 3), 11, False)
    h5 = L("1H5")
    assert r.online() == (Reveal(h5, (4, 4, 3), 11, 8000), Cover(h5, d.EIN_REVEAL_MS))
    assert game.state.covered >> L("1H5") & 1  # the red die went back
    assert game.state.current == ben and game.state.adoptable == 9
    adopted = game.apply(Adopt(ben))
    assert adopted.target == 9 and adopted.online() == ()
    r = game.apply(Lift(ben, L("1B2")))
    assert (r.walls, r.success) == ((2, 2, 5), True)
    assert r.online() == (Reveal(L("1B2"), (2, 2, 5), 9, None),)  # visible for good
    game.apply(Roll(ben, (6, 5, 5)))
    r = game.apply(Lift(ben, L("1C2")))
    assert (r.walls, r.success, r.reds) == ((6, 4, 6), True, 2)
    game.apply(Roll(ben, (1, 1, 1)))
    r = game.apply(Lift(ben, L("1H6")))
    assert (r.funnel_sum, r.success) == (13, False) and isinstance(r.online()[-1], Cover)
    assert game.apply(Adopt(cid)).target == 3
    r = game.apply(Lift(cid, L("1H7")))
    assert (r.walls, r.success) == ((1, 1, 1), True)
    assert game.state.reds == [1, 2, 1]


def test_outer_face_of_0I5_is_public_and_narrows_its_hidden_wall() -> None:
    game = Eintrichtern.new(3, 20)
    b = L("0I5")
    assert game.state.plate.dice[b].orientation == (1, 5, 3)
    seen = game.view(1).faces()
    assert seen[(b, g.X)] == 1  # the outer face U_X
    assert (b, g.Z) not in seen and (b, g.Y) not in seen  # walls of the covered 1H5 and 1H4
    assert g.SUPPORT_BY_AXIS[L("1H5")][g.Z] == b
    from games.das_spiel.orientation import ORIENTATIONS

    assert sorted({o[g.Z] for o in ORIENTATIONS if o[g.X] == 1}) == [2, 3, 4, 5]


def test_sample_record_replays_exactly() -> None:
    assert replay_report(replay(parse_record(SAMPLE), from_record)) == SAMPLE_OUT


def test_sample_through_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert replay_command(tmp_path, SAMPLE) == 0
    assert json.loads(capsys.readouterr().out) == SAMPLE_OUT


@pytest.mark.parametrize(
    ("index", "event"),
    [
        (6, {"type": "adopt", "seat": 1}),  # after a match one must roll (EIN-3)
        (0, {"type": "adopt", "seat": 0}),  # nothing failed yet
        (4, {"type": "roll", "seat": 0, "dice": [3, 3, 3]}),  # not Ann's turn after her miss
        (5, {"type": "lift", "seat": 1, "pos": "1E3"}),  # out of play since event 1
        (5, {"type": "lift", "seat": 1, "pos": "0E3"}),  # no red die in layer 0
        (2, {"type": "lift", "seat": 0, "pos": "1A1"}),  # no target yet
    ],
)
def test_sample_rule_breaks_exit_1(
    index: int, event: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = json.loads(json.dumps(SAMPLE))
    broken["events"][index] = event
    assert replay_command(tmp_path, broken) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"event {index}: ") and len(err.strip().splitlines()) == 1


def test_an_event_after_the_end_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    more = json.loads(json.dumps(SAMPLE))
    more["events"].append({"type": "roll", "seat": 1, "dice": [1, 2, 3]})
    assert replay_command(tmp_path, more) == 1
    assert capsys.readouterr().err.startswith("event 22: ")


def test_seven_players_is_not_a_record(tmp_path: Path) -> None:
    seven = dict(SAMPLE, players=list("ABCDEFG"), events=[])
    assert replay_command(tmp_path, seven) == 2
    with pytest.raises(ValueError):
        Eintrichtern.new(7, 20)
    with pytest.raises(ValueError):
        Eintrichtern.new(1, 20)


def test_export_round_trips_the_sample() -> None:
    game = replay(parse_record(SAMPLE), from_record).engine
    assert isinstance(game, Eintrichtern)
    assert game.to_record(["Ann", "Ben"]) == SAMPLE


def test_export_of_an_explicit_set_up_lists_the_dice() -> None:
    dice = [f"Y{o}" for o in ("654", "635", "213") * 15]
    record = dict(SAMPLE, setup={"dice": dice}, events=SAMPLE["events"][:2])
    game = replay(parse_record(record), from_record).engine
    assert isinstance(game, Eintrichtern)
    assert game.to_record(["Ann", "Ben"])["setup"] == {"dice": dice}


@pytest.mark.parametrize(("players", "goal"), [(2, 8), (3, 8), (4, 8), (5, 9), (6, 9)])
def test_reds_goal_by_player_count(players: int, goal: int) -> None:
    assert reds_goal(players) == goal
    assert Eintrichtern.new(players, 1).view(0).goal == goal


def play_out(game: Eintrichtern, shares: list[int]) -> None:
    """Seat by seat from seat 0: match ``shares[s]`` funnels in label order, then miss."""
    sums = game.state.sums
    for seat, share in enumerate(shares):
        for _ in range(share):
            q = g.bits(game.state.covered)[0]
            game.apply(Roll(seat, dice_for(sums[q])))
            game.apply(Lift(seat, q))
        if game.state.finished:
            return
        q = g.bits(game.state.covered)[0]
        game.apply(Roll(seat, dice_for(18 if sums[q] != 18 else 3)))
        assert not game.apply(Lift(seat, q)).success


def test_the_8th_red_wins_with_four_players() -> None:
    game = Eintrichtern.new(4, 20)
    play_out(game, [7, 7, 7, 8])
    assert game.finished and game.end_reason == "reds_goal" and game.winners() == [3]
    assert game.next_seat is None
    with pytest.raises(GameOver):
        game.apply(Roll(0, (1, 2, 3)))


def test_reds_gone_first_most_reds_win_shared() -> None:
    game = Eintrichtern.new(6, 20)
    play_out(game, [7, 7, 6, 6, 5, 5])  # 36 reds, nobody reaches 9
    assert game.state.covered == 0
    assert game.end_reason == EndReason.REDS_GONE == "reds_gone"
    assert game.winners() == [0, 1]
    assert game.standings() == [{"seat": s, "reds": r} for s, r in enumerate([7, 7, 6, 6, 5, 5])]


def test_adopted_targets_chain_and_a_roll_replaces_them() -> None:
    game = Eintrichtern.new(3, 20)
    with pytest.raises(NothingToAdopt):
        game.apply(Adopt(0))
    game.apply(Roll(0, (6, 6, 6)))  # 18: no funnel has it
    game.apply(Lift(0, L("1A1")))
    game.apply(Adopt(1))
    assert game.state.target == 18
    game.apply(Lift(1, L("1A1")))
    assert game.state.adoptable == 18  # EIN-3: the adopted target can be adopted again
    game.apply(Roll(2, (1, 1, 2)))  # Cid rolls instead: the 18 is gone
    assert game.state.adoptable is None
    game.apply(Lift(2, L("1A1")))
    assert game.state.adoptable == 4
    game.apply(Adopt(0))
    game.apply(Lift(0, L("1E5")))  # 1E5 sums to 4: a match, and he must roll
    with pytest.raises(NothingToAdopt):
        game.apply(Adopt(0))


def test_refusals_change_nothing() -> None:
    game = Eintrichtern.new(3, 20)
    game.apply(Roll(0, (4, 5, 4)))
    game.apply(Lift(0, L("1E3")))
    cases = [
        (Lift(0, L("1A1")), WrongPhase),  # no target
        (Roll(1, (1, 2, 3)), NotYourTurn),
        (Roll(5, (1, 2, 3)), NotInGame),
        (Roll(0, (0, 2, 3)), Exception),
    ]
    for action, error in cases:
        before = snapshot(game)
        with pytest.raises(error):
            game.apply(action)
        assert snapshot(game) == before
    game.apply(Roll(0, (2, 3, 4)))
    for action, error in [
        (Roll(0, (1, 2, 3)), WrongPhase),
        (Adopt(0), WrongPhase),
        (Lift(0, L("1E3")), NoRedDie),  # out of play
        (Lift(0, L("0E3")), NoRedDie),
        (Lift(0, L("2A1")), NoRedDie),
        (Lift(1, L("1A1")), NotYourTurn),
    ]:
        before = snapshot(game)
        with pytest.raises(error) as info:
            game.apply(action)
        assert str(info.value)
        assert snapshot(game) == before


def test_view_hides_the_walls_of_covered_funnels() -> None:
    game = replay(parse_record(dict(SAMPLE, events=SAMPLE["events"][:8])), from_record).engine
    assert isinstance(game, Eintrichtern)
    seen = game.view(0)
    assert dataclasses.replace(game.view(1), seat=0) == seen  # nothing is private
    faces = seen.faces()
    open_q = {L("1E3"), L("1B2")}
    assert set(seen.open_walls) == open_q and seen.open_funnels == g.mask_of(open_q)
    assert seen.open_walls[L("1E3")] == (4, 4, 5) and seen.open_sum(L("1B2")) == 9
    walls_of = {q: {(b, a) for a, b in enumerate(g.SUPPORT_BY_AXIS[q])} for q in g.bits(FUNNELS)}
    for q in g.bits(FUNNELS):
        if q in open_q:
            assert walls_of[q] <= set(faces)
        else:
            assert not walls_of[q] & set(faces)  # 1H5 and 1H6 were revealed, then covered
    assert len(seen.outer) == 27 and len(faces) == 27 + 6
    assert seen.reds == (1, 1) and seen.covered == FUNNELS & ~g.mask_of(open_q)
    assert seen.adoptable == 3 and seen.current == 0 and seen.target is None
