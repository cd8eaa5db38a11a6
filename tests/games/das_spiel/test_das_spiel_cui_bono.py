"""Cui bono? (RULES.md §7): the booklet's tip, the worked example of §7.6 (seed 1) as a record,
rules A and B, the three ends, scoring, the view and the refusals."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games.common.errors import GameOver, NotInGame, NotYourTurn
from games.das_spiel import geometry as g
from games.das_spiel.cui_bono import (
    CuiBono,
    CuiState,
    EndReason,
    Keep,
    NotPullable,
    Phase,
    Pull,
    Put,
    PutRefused,
    from_record,
    legal_funnels,
)
from games.das_spiel.cui_bono.state import hidden_dice, put_refusal
from games.das_spiel.errors import WrongPhase
from games.das_spiel.pyramid import Colour, Die, Pyramid
from games.das_spiel.record import parse_record, replay, replay_report
from games.das_spiel.setup import full_pyramid
from tests.das_spiel_properties import replay_command

R, Y, P = Colour.RED, Colour.YELLOW, Colour.PEARL


def idx(label: str) -> int:
    return g.index_of_label(label)


def colours_of(pyr: Pyramid, text: str) -> str:
    return " ".join(pyr.dice[idx(s)].colour.value for s in text.split())  # type: ignore[union-attr]


def recoloured(pyr: Pyramid, changes: dict[str, Colour]) -> Pyramid:
    """``pyr`` with some dice repainted (orientations kept): constructed positions."""
    out = {}
    for text, colour in changes.items():
        die = pyr.dice[idx(text)]
        assert die is not None
        out[idx(text)] = Die(colour, die.orientation)
    return pyr.replace(out)


# §7.6 told as a record (RECORD-FORMAT.md has no Cui bono? sample; this is the worked example).
SAMPLE: dict[str, Any] = {
    "format": "das-spiel-record/1",
    "game": "cui-bono",
    "players": ["Ann", "Ben", "Cid"],
    "start_seat": 0,
    "setup": {"seed": 1},
    "events": [
        {"type": "pull", "seat": 0, "pos": "0A1"},
        {"type": "keep", "seat": 0},
        {"type": "pull", "seat": 1, "pos": "0I9"},
        {"type": "put", "seat": 1, "pos": "7B2"},
    ],
}
SAMPLE_OUT: dict[str, Any] = {
    "game": "cui-bono",
    "events": [
        {
            "event": 0,
            "type": "pull",
            "seat": 0,
            "pos": "0A1",
            "colour": "R",
            "vacated": "8A1",
            "funnels": [],
            "next": 0,
        },
        {"event": 1, "type": "keep", "seat": 0, "colour": "R", "kept": 1, "next": 1},
        {
            "event": 2,
            "type": "pull",
            "seat": 1,
            "pos": "0I9",
            "colour": "Y",
            "vacated": "7B2",
            "funnels": ["7B2"],
            "next": 1,
        },
        {"event": 3, "type": "put", "seat": 1, "pos": "7B2", "next": 2},
    ],
    "standings": [
        {"seat": 0, "minus_points": 1, "dice": 1, "kept": "R"},
        {"seat": 1, "minus_points": 0, "dice": 0, "kept": ""},
        {"seat": 2, "minus_points": 0, "dice": 0, "kept": ""},
    ],
    "finished": False,
    "end_reason": None,
    "winners": [],
}


# ------------------------------------------------------------------- tip and worked example


def play_example(game: CuiBono) -> None:
    """§7.6 up to seat 1 holding the yellow die (seed 1): pull 0A1, keep, pull 0I9."""
    game.apply(Pull(0, idx("0A1")))
    game.apply(Keep(0))
    game.apply(Pull(1, idx("0I9")))


def test_tip_only_the_three_corners_can_be_pulled_and_a_pull_opens_the_apex() -> None:
    for seed in (1, 2, 77):
        for corner in ("0A1", "0I1", "0I9"):
            game = CuiBono.new(3, seed)
            assert [g.LABELS[a.pos] for a in game.legal_actions()] == ["0A1", "0I1", "0I9"]
            result = game.apply(Pull(0, idx(corner)))
            assert g.LABELS[result.vacated] == "8A1"  # type: ignore[index]
            assert g.labels(game.state.pyramid.funnels()) == ["8A1"]


def test_worked_example_seed_1() -> None:
    game = CuiBono.new(3, 1)
    apex = game.state.pyramid.dice[idx("8A1")]
    first = game.apply(Pull(0, idx("0A1")))
    pyr = game.state.pyramid
    assert (first.colour, g.LABELS[first.vacated]) == (R, "8A1")  # type: ignore[index]
    assert pyr.dice[idx("7A1")] == apex and apex.colour is R  # type: ignore[union-attr]
    assert colours_of(pyr, "7A1 7B1 7B2") == "R R P"  # rule A fails for every die
    assert first.funnels == 0 and game.legal_actions() == [Keep(0)]
    game.apply(Keep(0))
    assert game.state.minus_points(0) == 1 and game.state.current == 1

    second = game.apply(Pull(1, idx("0I9")))
    pyr = game.state.pyramid
    assert (second.colour, g.LABELS[second.vacated]) == (Y, "7B2")  # type: ignore[index]
    assert colours_of(pyr, "6B2 6C3 6C2") == "P P P"
    edge = [g.LABELS[i] for i in g.LATERAL_EDGES[g.Y] if pyr.occupied >> i & 1]
    assert edge == ["6C3", "5D4", "4E5", "3F6", "2G7", "1H8", "0I9"]
    assert colours_of(pyr, " ".join(edge)) == "P R R Y P R R"
    assert g.labels(second.funnels) == ["7B2"]
    assert game.legal_actions() == [Put(1, idx("7B2")), Keep(1)]
    game.apply(Put(1, idx("7B2")))
    pyr = game.state.pyramid
    assert colours_of(pyr, "7A1 7B1 7B2") == "R R Y"
    assert g.labels(pyr.funnels()) == ["8A1"]
    assert all(legal_funnels(pyr, c) == 0 for c in (R, Y, P))  # 8A1 refuses every die


def test_worked_example_record_replays_exactly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    done = replay(parse_record(SAMPLE), from_record)
    assert replay_report(done) == SAMPLE_OUT
    assert replay_command(tmp_path, SAMPLE) == 0
    assert json.loads(capsys.readouterr().out) == SAMPLE_OUT


@pytest.mark.parametrize(
    ("index", "event"),
    [
        (3, {"type": "put", "seat": 1, "pos": "8A1"}),  # rule A
        (3, {"type": "pull", "seat": 1, "pos": "0I1"}),  # holding a die
        (2, {"type": "pull", "seat": 1, "pos": "0E3"}),  # held by three dice
        (2, {"type": "pull", "seat": 0, "pos": "0I9"}),  # not on turn
    ],
)
def test_record_rule_breaks_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], index: int, event: dict[str, Any]
) -> None:
    bad = json.loads(json.dumps(SAMPLE))
    bad["events"][index] = event
    assert replay_command(tmp_path, bad) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(f"event {index}: ")


# ------------------------------------------------------------------------------ rules A, B


def rule_b_state(die: Colour) -> CuiState:
    """§7.6's constructed rule-B case, reached by pulling ``0A1`` (colour ``die``): the x-edge
    slides, the pearl apex lands on ``7A1`` and ``8A1`` is a funnel on 7A1 P, 7B2 Y, 7B1 R with
    the whole z-edge ``7B1 … 0I1`` red."""
    z_edge = ["7B1", "6C1", "5D1", "4E1", "3F1", "2G1", "1H1", "0I1"]
    pyr = recoloured(full_pyramid(1), {"8A1": P, "7B2": Y, "0A1": die} | dict.fromkeys(z_edge, R))
    state = CuiState(pyr, 2)
    state.apply(Pull(0, idx("0A1")))
    assert colours_of(state.pyramid, "7A1 7B2 7B1") == "P Y R"
    return state


def test_rule_b_refuses_a_red_die_on_the_red_z_edge() -> None:
    state = rule_b_state(R)
    assert not state.funnels >> idx("8A1") & 1
    before = state.snapshot()
    with pytest.raises(PutRefused, match="rule B: the z-edge would be all red"):
        state.apply(Put(0, idx("8A1")))
    assert state.snapshot() == before


@pytest.mark.parametrize("die", [Y, P])
def test_rule_b_lets_another_colour_end_the_edge(die: Colour) -> None:
    state = rule_b_state(die)
    assert state.funnels >> idx("8A1") & 1
    state.apply(Put(0, idx("8A1")))
    assert state.pyramid.dice[idx("8A1")].colour is die  # type: ignore[union-attr]


def test_rule_a_the_booklet_funnels() -> None:
    """Funnel A all pearl (another die allowed), B three colours (allowed), C the die's own
    colour (refused), on the funnel the second pull of §7.6 opens (7B2, no edge rule issue)."""
    game = CuiBono.new(3, 1)
    play_example(game)
    pyr = game.state.pyramid
    q = idx("7B2")
    assert put_refusal(pyr, q, Y) is None and put_refusal(pyr, q, R) is None  # A: all pearl
    assert "own colour" in (put_refusal(pyr, q, P) or "")  # C
    three = recoloured(pyr, {"6C3": R, "6C2": Y})  # B: walls 6B2 P, 6C3 R, 6C2 Y
    assert all(put_refusal(three, q, c) is None for c in (R, Y, P))
    two = recoloured(pyr, {"6C3": R})  # two colours: refused for every die
    assert all("neither" in (put_refusal(two, q, c) or "") for c in (R, Y, P))


def test_put_refusals_change_nothing() -> None:
    game = CuiBono.new(2, 1)
    play_example(game)
    state = game.state
    before = state.snapshot()
    for text, match in (
        ("8A1", "not a funnel"),  # its support 7B2 is gone
        ("0I9", "taken"),  # the slide filled it again
        ("7A1", "taken"),
    ):
        with pytest.raises(PutRefused, match=match):
            state.apply(Put(1, idx(text)))
    plate = CuiState(Pyramid.empty().place(idx("0E3"), Die(R, (3, 2, 1))), 2)
    plate.apply(Pull(0, idx("0E3")))
    with pytest.raises(PutRefused, match="plate"):
        plate.apply(Put(0, idx("0E3")))
    assert state.snapshot() == before


def test_pull_refusals_change_nothing() -> None:
    state = CuiBono.new(2, 1).state
    before = state.snapshot()
    for text, match in (("0E3", "fewer than two free faces"), ("8A1", "bottom layer")):
        with pytest.raises(NotPullable, match=match):
            state.apply(Pull(0, idx(text)))
    with pytest.raises(NotYourTurn):
        state.apply(Pull(1, idx("0A1")))
    with pytest.raises(NotInGame):
        state.apply(Pull(5, idx("0A1")))
    with pytest.raises(WrongPhase):
        state.apply(Put(0, idx("8A1")))
    with pytest.raises(WrongPhase):
        state.apply(Keep(0))
    assert state.snapshot() == before
    state.apply(Pull(0, idx("0A1")))
    with pytest.raises(WrongPhase):
        state.apply(Pull(0, idx("0I1")))
    with pytest.raises(NotPullable, match="empty"):
        CuiState(full_pyramid(1).remove(idx("8A1")), 2).apply(Pull(0, idx("8A1")))


def test_a_free_bottom_die_slides_nothing() -> None:
    pyr = Pyramid.empty().place(idx("0E3"), Die(Y, (3, 2, 1))).place(idx("0E4"), Die(R, (3, 2, 1)))
    state = CuiState(pyr, 2)
    result = state.apply(Pull(0, idx("0E3")))
    assert result.vacated == idx("0E3") and result.funnels == 0
    assert state.pyramid.occupied == g.BIT[idx("0E4")]


# ----------------------------------------------------------------------- ends and scoring


def keep_corners(game: CuiBono, turns: int) -> None:
    """Play ``turns`` turns that each pull the first pullable die and keep it."""
    for _ in range(turns):
        seat = game.state.current
        assert seat is not None
        game.apply(game.legal_actions()[0])
        game.apply(Keep(seat))


@pytest.mark.parametrize(("players", "limit"), [(2, 10), (4, 10), (5, 7), (6, 7)])
def test_the_game_ends_when_a_player_keeps_his_10th_or_7th_die(players: int, limit: int) -> None:
    game = CuiBono.new(players, 3, start_seat=1)
    keep_corners(game, players * (limit - 1))
    assert not game.finished and [len(k) for k in game.state.kept] == [limit - 1] * players
    keep_corners(game, 1)
    assert game.finished and game.end_reason == EndReason.DICE_LIMIT
    assert len(game.state.kept[1]) == limit and game.next_seat is None  # the last die counts
    points = [game.state.minus_points(s) for s in range(players)]
    assert game.winners() == [s for s in range(players) if points[s] == min(points)]
    with pytest.raises(GameOver):
        game.apply(Pull(0, idx("0A1")))


def test_penalty_option_and_default() -> None:
    game = CuiBono.new(2, 1, penalty={"R": 0, "Y": 5, "P": 7})
    game.apply(Pull(0, idx("0I1")))
    assert game.state.held.colour is P  # type: ignore[union-attr]
    game.apply(Keep(0))
    assert game.standings()[0] == {"seat": 0, "minus_points": 7, "dice": 1, "kept": "P"}
    assert not game.provisional and CuiBono.new(2, 1).provisional
    state = CuiBono.new(2, 1).state
    state.kept = [[R, Y, P], [P, P]]
    assert [state.minus_points(s) for s in (0, 1)] == [6, 6]


def test_ties_fewest_points_then_fewest_dice_then_shared() -> None:
    state = CuiBono.new(3, 1).state
    state.kept = [[R, R, R], [P], [R, Y]]  # 3, 3, 3 points; 3, 1, 2 dice
    assert state.leaders() == [1]
    state.kept = [[Y], [R, R], [Y]]  # 2, 2, 2 points; 1, 2, 1 dice
    assert state.leaders() == [0, 2]
    state.kept = [[R], [], [Y]]
    assert state.leaders() == [1]


def test_quiet_cap_ends_after_the_set_number_of_put_backs() -> None:
    game = CuiBono.new(3, 1, quiet_turns=1)
    play_example(game)
    game.apply(Put(1, idx("7B2")))  # the keep before reset the count: this is quiet turn 1
    assert game.finished and game.end_reason == EndReason.QUIET_CAP
    assert game.winners() == [1, 2]
    game = CuiBono.new(3, 1, quiet_turns=2)
    play_example(game)
    game.apply(Put(1, idx("7B2")))
    assert not game.finished and game.state.quiet == 1


def test_nothing_to_pull_ends_the_game() -> None:
    pyr = Pyramid.empty().place(idx("0E3"), Die(Y, (3, 2, 1)))
    game = CuiBono(CuiState(pyr, 2, start_seat=1))
    game.apply(Pull(1, idx("0E3")))
    result = game.apply(Keep(1))
    assert result.end is EndReason.NOTHING_TO_PULL and game.winners() == [0]
    assert CuiState(Pyramid.empty(), 2).end_reason is EndReason.NOTHING_TO_PULL


# ----------------------------------------------------------------------- view and export


def test_view_hides_the_interior_and_nothing_else() -> None:
    game = CuiBono.new(4, 1)
    for seat in (0, 3, None):
        view = game.view(seat)
        pyr = view.pyramid
        hidden = [i for i in g.bits(pyr.occupied) if pyr.dice[i] is None]
        assert len(hidden) == 56 and pyr.occupied == game.state.pyramid.occupied
        assert all(min(g.POSITIONS[i]) >= 1 for i in hidden)  # 109 surface dice are shown
        assert all(pyr.dice[i] is not None for i, _a, _v in game.state.pyramid.exposed_faces())
    game.apply(Pull(0, idx("0A1")))
    after = game.view(1).pyramid
    assert after.dice[idx("7A1")] == game.state.pyramid.dice[idx("7A1")]
    assert hidden_dice(after.occupied) == g.mask_of(
        i for i in g.bits(after.occupied) if after.dice[i] is None
    )
    with pytest.raises(NotInGame):
        game.view(4)


def test_export_replays_to_the_same_state() -> None:
    game = CuiBono.new(2, 5, start_seat=1, penalty={"R": 2, "Y": 2, "P": 2}, quiet_turns=9)
    for _ in range(12):
        game.apply(game.legal_actions()[0])
    record = game.to_record(["a", "b"])
    assert record["setup"] == {"seed": 5} and record["start_seat"] == 1
    assert record["options"] == {"cui_penalty": {"R": 2, "Y": 2, "P": 2}, "quiet_turns": 9}
    again = replay(parse_record(record), from_record).engine
    assert again.state.snapshot() == game.state.snapshot()  # type: ignore[attr-defined]
    explicit = CuiBono(CuiState(full_pyramid(8), 2))
    explicit.apply(explicit.legal_actions()[0])
    record = explicit.to_record(["a", "b"])
    assert len(record["setup"]["dice"]) == 165
    again = replay(parse_record(record), from_record).engine
    assert again.state.snapshot() == explicit.state.snapshot()  # type: ignore[attr-defined]
    assert game.state.phase in (Phase.PULL, Phase.PLACE)
