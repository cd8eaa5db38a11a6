"""Abquetschen (RULES.md §4): the booklet's tips, the worked examples, the sample record, every
end, and the refusals."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games.common.errors import GameOver, IllegalAction, NotYourTurn
from games.common.records import RuleViolation
from games.das_spiel import geometry as g
from games.das_spiel.abquetschen import (
    COLOURS,
    START_PYRAMIDS,
    AbqState,
    Abquetschen,
    Bonus,
    Build,
    EndReason,
    Phase,
    Roll,
    Start,
    from_record,
)
from games.das_spiel.abquetschen.builds import anchors_of, groups, positions_in
from games.das_spiel.abquetschen.state import (
    NotTouching,
    StartPlayerBuried,
    StartPyramidRefused,
    WrongCount,
)
from games.das_spiel.errors import PositionTaken, Unsupported, WrongPhase
from games.das_spiel.record import parse_record, replay, replay_report
from tests.das_spiel_properties import replay_command
from tests.das_spiel_properties import snapshot as snapshot_of


def m(text: str) -> int:
    return g.mask_of_labels(text.split())


def pos(text: str) -> tuple[int, ...]:
    return tuple(g.index_of_label(s) for s in text.split())


def names(masks: list[int]) -> list[str]:
    return sorted(" ".join(g.labels(x)) for x in masks)


SAMPLE: dict[str, Any] = {
    "format": "das-spiel-record/1",
    "game": "abquetschen",
    "players": ["Ann", "Ben", "Cid"],
    "events": [
        {"type": "roll", "seat": 0, "value": 6},
        {"type": "roll", "seat": 1, "value": 4},
        {"type": "start", "seat": 1, "positions": ["0F3", "0G3", "0G4", "1F3"]},
        {"type": "roll", "seat": 2, "value": 2},
        {"type": "roll", "seat": 0, "value": 3},
        {"type": "build", "seat": 0, "positions": ["0E2", "0F2", "1E2"]},
        {"type": "roll", "seat": 1, "value": 4},
        {"type": "roll", "seat": 2, "value": 2},
        {"type": "build", "seat": 2, "positions": ["0G2", "1F2"]},
        {"type": "roll", "seat": 0, "value": 5},
        {"type": "build", "seat": 0, "positions": ["0D2", "0E3", "0F4", "1D2", "1E3"]},
    ],
}
SAMPLE_OUT: dict[str, Any] = {
    "game": "abquetschen",
    "events": [
        {"event": 0, "type": "roll", "seat": 0, "value": 6, "next": 1},
        {"event": 1, "type": "roll", "seat": 1, "value": 4, "start_player": 1, "next": 1},
        {"event": 2, "type": "start", "seat": 1, "supply": 51, "next": 2},
        {"event": 3, "type": "roll", "seat": 2, "value": 2, "passed": True, "next": 0},
        {"event": 4, "type": "roll", "seat": 0, "value": 3, "next": 0},
        {"event": 5, "type": "build", "seat": 0, "row": 2, "supply": 52, "bonus": 0, "next": 1},
        {"event": 6, "type": "roll", "seat": 1, "value": 4, "passed": True, "next": 2},
        {"event": 7, "type": "roll", "seat": 2, "value": 2, "next": 2},
        {"event": 8, "type": "build", "seat": 2, "row": 2, "supply": 53, "bonus": 0, "next": 0},
        {"event": 9, "type": "roll", "seat": 0, "value": 5, "next": 0},
        {"event": 10, "type": "build", "seat": 0, "row": 2, "supply": 47, "bonus": 0, "next": 1},
    ],
    "standings": [
        {"seat": 0, "supply": 47, "in_pyramid": 8, "open": 8},
        {"seat": 1, "supply": 51, "in_pyramid": 4, "open": 3},
        {"seat": 2, "supply": 53, "in_pyramid": 2, "open": 2},
    ],
    "finished": False,
    "end_reason": None,
    "winners": [],
}


def play(events: int) -> Abquetschen:
    game = from_record(parse_record(SAMPLE))
    for e in parse_record(SAMPLE).events[:events]:
        game.apply_record_event(e)
    return game


# ------------------------------------------------------------------------- booklet tips


def test_empty_plate_builds_only_a_4() -> None:
    everywhere = g.ALL_MASK
    assert [len(groups(0, everywhere, n)) for n in range(2, 7)] == [0, 0, 36, 0, 0]
    assert len(START_PYRAMIDS) == 15
    tops = sorted(g.label(max(g.bits(x))) for x in START_PYRAMIDS)
    assert tops == g.labels(m("1C2 1D2 1D3 1E2 1E3 1E4 1F2 1F3 1F4 1F5 1G2 1G3 1G4 1G5 1G6"))


@pytest.mark.parametrize(
    ("tops", "six"),
    [
        ("1E3 1F3 1F4", 21),
        ("1D2 1D3 1E2 1E4 1F2 1F5 1G3 1G4 1G5", 17),
        ("1C2 1G2 1G6", 13),
    ],
)
def test_after_the_start_pyramid_only_3_5_6(tops: str, six: int) -> None:
    for top in tops.split():
        q = g.index_of_label(top)
        start = g.BIT[q] | g.SUPPORT_MASK[q]
        state = AbqState.constructed([0, start, 0], current=2, start_player=1, start_rebuilt=False)
        assert [len(state.builds(2, n)) for n in range(1, 7)] == [0, 0, 6, 0, 3, six]


def test_after_start_pyramid_1F3_the_groups() -> None:
    state = AbqState.constructed(
        [0, m("0F3 0G3 0G4 1F3"), 0], current=2, start_player=1, start_rebuilt=False
    )
    assert names(state.builds(2, 3)) == [
        "0E2 0F2 1E2", "0E3 0F4 1E3", "0F2 0G2 1F2", "0F4 0G5 1F4", "0H3 0H4 1G3", "0H4 0H5 1G4"
    ]  # fmt: skip
    assert names(state.builds(2, 5)) == [
        "0E2 0F2 0G2 1E2 1F2", "0E3 0F4 0G5 1E3 1F4", "0H3 0H4 0H5 1G3 1G4"
    ]  # fmt: skip
    found = state.builds(2, 3)
    assert g.labels(positions_in(found, m("1E2"))) == ["0E2", "0F2"]


# ---------------------------------------------------------------------- sample record


def test_sample_record_replays_exactly() -> None:
    assert replay_report(replay(parse_record(SAMPLE), from_record)) == SAMPLE_OUT


def test_sample_game_choices_on_the_way() -> None:
    game = play(8)  # Cid has rolled 2
    assert names(game.state.builds(2, 2)) == ["0G2 1F2"]
    game = play(10)  # Ann has rolled 5
    assert names(game.state.builds(0, 5)) == [
        "0D1 0E1 0F1 1D1 1E1", "0D2 0E3 0F4 1D2 1E3", "0E1 0F1 0G1 1E1 1F1"
    ]  # fmt: skip
    with pytest.raises(NotTouching, match="own die"):
        game.apply(Build(0, pos("0H3 0H4 0H5 1G3 1G4")))


def test_sample_rule_break_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(json.dumps(SAMPLE))
    data["events"][10]["positions"] = ["0H3", "0H4", "0H5", "1G3", "1G4"]
    with pytest.raises(RuleViolation) as info:
        replay(parse_record(data), from_record)
    assert str(info.value) == "event 10: no new die touches an own die"
    assert replay_command(tmp_path, data) == 1
    out, err = capsys.readouterr()
    assert out == "" and err == "event 10: no new die touches an own die\n"
    assert replay_command(tmp_path, SAMPLE) == 0
    assert json.loads(capsys.readouterr().out) == SAMPLE_OUT


def test_export_round_trips_the_sample() -> None:
    game = play(11)
    record = game.to_record(["Ann", "Ben", "Cid"])
    assert record["events"] == SAMPLE["events"]
    assert replay_report(replay(parse_record(record), from_record)) == SAMPLE_OUT


# ------------------------------------------------------------------- worked examples

BONUS_YELLOW = m("0D3 0E3 0F5 0G4 0G5 0G6 0H4 0H5 0H6 0H7 1F4 1F5 1G4 1G5 1G6 2F4 2F5")


def test_bonus_example() -> None:
    state = AbqState.constructed(
        [m("0F4"), BONUS_YELLOW, 0], current=0, start_player=1, start_rebuilt=True
    )
    assert names(state.builds(0, 4)) == ["0E4 1D3 1E4 2E4", "0E4 1E4 2E4 3E4", "0F3 0G3 1E3 1F3"]
    assert state.apply(Roll(0, 4)).value == 4
    result = state.apply(Build(0, pos("0E4 1E4 2E4 3E4")))
    assert (result.row, result.bonus, result.supply) == (4, 1, 50)
    assert state.phase is Phase.BONUS and state.current == 0
    assert names(state.bonus_groups(0, 1)) == ["1D3"]
    with pytest.raises(WrongCount):
        state.apply(Bonus(0, pos("1D3 0C2")))
    with pytest.raises(NotTouching):
        state.apply(Bonus(0, pos("0C2")))
    result = state.apply(Bonus(0, pos("1D3")))
    assert (result.count, result.supply) == (1, 49) and state.current == 1


def test_bonus_can_be_declined() -> None:
    state = AbqState.constructed(
        [m("0F4"), BONUS_YELLOW, 0], current=0, start_player=1, start_rebuilt=True
    )
    state.apply(Roll(0, 4))
    state.apply(Build(0, pos("0E4 1E4 2E4 3E4")))
    assert Bonus(0, ()) in state.legal_actions()
    result = state.apply(Bonus(0, ()))
    assert (result.count, result.supply, state.current) == (0, 50, 1)


EXC2_PEARL = m("0B1 0B2 0C1 0C3 0D1 0D4 0E2 0E3 0E4 1B1 1B2 1C1 1D2 1D3 2B1 2C2")
EXC2_YELLOW = m("0C2 0D2 0D3 1C2")


def test_exception_2_example() -> None:
    state = AbqState.constructed(
        [0, EXC2_YELLOW, EXC2_PEARL], current=2, start_player=1, start_rebuilt=False
    )
    assert g.labels(state.open_dice(1)) == ["0D3", "1C2"]
    state.apply(Roll(2, 2))
    assert names(state.builds(2, 2)) == ["0A1 1A1", "0E1 1D1", "0E5 1D4"]
    before = state.copy()
    with pytest.raises(StartPlayerBuried):
        state.apply(Build(2, pos("1C3 2B2")))
    assert _same(state, before)
    rebuilt = AbqState.constructed(
        [0, EXC2_YELLOW, EXC2_PEARL], current=2, start_player=1, start_rebuilt=True
    )
    rebuilt.apply(Roll(2, 2))
    assert "1C3 2B2" in names(rebuilt.builds(2, 2))
    assert rebuilt.apply(Build(2, pos("1C3 2B2"))).end is None
    assert rebuilt.buried(1) and rebuilt.current == 0  # seat 0 (no dice yet) plays first
    result = rebuilt.apply(Roll(0, 1))  # a 1 always passes (ABQ-1); Yellow's turn begins
    assert result.passed and result.end is EndReason.BURIED and rebuilt.finished
    assert rebuilt.end_reason is EndReason.BURIED
    assert rebuilt.winners == [2]  # fewest dice in supply (55 − 18 = 37)


def _same(a: AbqState, b: AbqState) -> bool:
    return snapshot_of(a) == snapshot_of(b)


# -------------------------------------------------------------------------------- ends


def test_roll_over_supply_wins_and_equal_must_build() -> None:
    state = AbqState.constructed(
        [0, m("0F3 0G3 0G4 1F3"), 0], current=2, start_player=1, start_rebuilt=False,
        supply=[55, 51, 3],
    )  # fmt: skip
    result = state.apply(Roll(2, 3))  # equal to the supply: must build (ABQ-6)
    assert not result.wins and state.phase is Phase.BUILD
    result = state.apply(Build(2, pos("0E2 0F2 1E2")))
    assert result.end is EndReason.SUPPLY_USED and result.bonus == 0
    assert state.winners == [2] and state.current is None
    with pytest.raises(GameOver):
        state.apply(Roll(0, 3))
    over = AbqState.constructed(
        [0, m("0F3 0G3 0G4 1F3"), 0], current=2, start_player=1, start_rebuilt=False,
        supply=[55, 51, 3],
    )  # fmt: skip
    result = over.apply(Roll(2, 4))
    assert result.wins and over.end_reason is EndReason.ROLL_OVER_SUPPLY and over.winners == [2]


def test_bonus_that_empties_the_supply_wins() -> None:
    state = AbqState.constructed(
        [m("0F4"), BONUS_YELLOW, 0], current=0, start_player=1, start_rebuilt=True,
        supply=[5, 38, 55],
    )  # fmt: skip
    state.apply(Roll(0, 4))
    result = state.apply(Build(0, pos("0E4 1E4 2E4 3E4")))
    assert result.bonus == 1 and result.supply == 1
    result = state.apply(Bonus(0, pos("1D3")))
    assert result.end is EndReason.SUPPLY_USED and state.winners == [0]


def test_stalled_game_is_scored_like_buried() -> None:
    apexless = g.ALL_MASK & ~g.BIT[g.index_of_label("8A1")]
    seat0, seat1 = m("7A1"), m("7B1")
    state = AbqState.constructed(
        [seat0, seat1, apexless & ~seat0 & ~seat1], current=0, start_player=2,
        start_rebuilt=True, supply=[10, 8, 8],
    )  # fmt: skip
    assert state.apply(Roll(0, 3)).passed and not state.finished
    assert state.apply(Roll(1, 1)).passed and not state.finished
    result = state.apply(Roll(2, 6))
    assert result.passed and result.end is EndReason.STALLED
    assert state.winners == [1, 2]  # ABQ-7: a tie for the fewest shares the win


# ---------------------------------------------------------------------------- refusals


def test_refusals_change_nothing() -> None:
    game = Abquetschen()
    with pytest.raises(NotYourTurn):
        game.apply(Roll(1, 4))
    with pytest.raises(WrongPhase):
        game.apply(Start(0, pos("0F3 0G3 0G4 1F3")))
    game.apply(Roll(0, 4))
    state = game.state
    before = state.copy()
    for bad, error in [
        (Start(0, pos("0A1 0B1 0B2 1A1")), StartPyramidRefused),
        (Start(0, pos("0F3 0G3 0G4")), WrongCount),
        (Start(0, pos("0F3 0G3 0G3 1F3")), WrongCount),
        (Roll(0, 3), WrongPhase),
        (Start(1, pos("0F3 0G3 0G4 1F3")), NotYourTurn),
    ]:
        with pytest.raises(error):
            game.apply(bad)
        assert _same(state, before)
    assert len(game.legal_actions()) == 15
    assert [g.label(max(a.positions)) for a in game.legal_actions()[:3]] == ["1E3", "1F3", "1F4"]
    game.apply(Start(0, pos("0F3 0G3 0G4 1F3")))
    game.apply(Roll(1, 3))
    before = game.state.copy()
    for bad, error in [
        (Build(1, pos("0E2 0F2 1F3")), PositionTaken),
        (Build(1, pos("0E2 1E2 2E2")), Unsupported),
        (Build(1, pos("0A1 0B1 0B2")), IllegalAction),
        (Build(1, pos("0E2 0F2")), WrongCount),
    ]:
        with pytest.raises(error):
            game.apply(bad)
        assert _same(game.state, before)
    assert len(game.log) == 3


def test_anchors_are_empty_dependents() -> None:
    pile = m("0F3 0G3 0G4 1F3")
    assert g.labels(anchors_of(pile, m("1F3"))) == ["2E2", "2E3", "2F3"]


def test_view_is_public_and_the_same_for_every_seat() -> None:
    game = play(11)
    views = [game.view(seat) for seat in (0, 1, 2, None)]
    assert all(v == views[0] for v in views)
    assert views[0]["seats"][1] == {
        "dice": ["0F3", "0G3", "0G4", "1F3"], "supply": 51, "open": ["0G3", "0G4", "1F3"]
    }  # fmt: skip
    assert views[0]["phase"] == "roll" and views[0]["current"] == 1
    pile = game.pyramid()
    assert pile.occupied == game.state.occupied and pile.is_stable()
    assert pile.colour_mask(COLOURS[1]) == game.state.owned[1]
