"""Spectrangle engine: setup from a seed, actions, refusals, end of game, resigning, JSON."""

from __future__ import annotations

import json
import random

import pytest

from games.common import GameOver, NotInGame, NotYourTurn, RecordError, SeededChance
from games.spectrangle import (
    TILE_CODES,
    EndReason,
    Exchange,
    Exchanged,
    Game,
    Pass,
    Place,
    Resign,
    Setup,
    SpectrangleState,
    TurnKind,
    errors,
)
from tests.games.spectrangle.test_spectrangle_rules import (
    RECORD_BAG,
    SURROUNDED,
    SURROUNDED_5,
    constructed,
)


def random_game(seats: int, seed: int, teams: bool = False, turns: int | None = None) -> Game:
    game = Game.new(seats, seed=seed, teams=teams)
    pick = random.Random(seed)
    while not game.finished and (turns is None or len(game.history) < turns):
        game.apply(pick.choice(game.legal_actions()))
    return game


def test_same_seed_same_game_and_different_seeds_differ() -> None:
    a, b = random_game(3, 7), random_game(3, 7)
    assert a.setup == b.setup and a.events == b.events
    assert a.state == b.state
    assert Game.new(3, seed=8).setup.bag != a.setup.bag
    assert a.setup.seed == 7
    assert sorted(a.setup.bag) == sorted(TILE_CODES)


def test_setup_deals_four_tiles_each() -> None:
    for seats, left in ((2, 28), (3, 24), (4, 20)):
        game = Game.new(seats, seed=seats)
        assert [len(h) for h in game.hands] == [4] * seats
        assert game.bag_count == left
        assert game.current_seat == game.setup.start_seat == game.state.start_seat


def test_setup_rejects_bad_arguments() -> None:
    with pytest.raises(ValueError):
        Setup(5, tuple(TILE_CODES))
    with pytest.raises(ValueError):
        Setup(3, tuple(TILE_CODES), teams=True)
    with pytest.raises(ValueError):
        Setup(2, (*TILE_CODES[:-1], "RRR"))


def test_placement_draws_and_scores_the_first_tile() -> None:
    game = Game(Setup(2, RECORD_BAG))
    event = game.apply(Place(1, "BBB", 12, 0))
    assert event == Place(1, "BBB", 12, 0)
    last = game.last_placement
    assert last is not None and (last.seat, last.field, last.points, last.drew) == (1, 12, 6, "RRY")
    cell = game.board[12]
    assert cell is not None and (cell.tile, cell.rotation, cell.seat, cell.points) == (
        "BBB",
        0,
        1,
        6,
    )
    assert game.hands[1] == ("BBB", "YYB", "BBG", "GRB", "RRY")[1:]
    assert game.scores == [0, 6] and game.bag_count == 27


def test_game_exchange_takes_its_position_from_the_rng() -> None:
    class Fixed:
        def __init__(self) -> None:
            self.asked: list[int] = []

        def shuffled(self, items):  # type: ignore[no-untyped-def]
            return list(items)

        def below(self, n: int) -> int:
            self.asked.append(n)
            return 3

    rng = Fixed()
    game = Game(Setup(2, RECORD_BAG), rng)
    game.apply(Place(1, "BBB", 12, 0))
    with pytest.raises(errors.TileNotHeld):
        game.apply(Exchange(0, "WWW"))
    assert rng.asked == []  # a refused exchange uses no randomness
    event = game.apply(Exchange(0, "RRR"))
    assert event == Exchanged(0, "RRR", 3)
    assert rng.asked == [27]  # 26 tiles left after the draw: 27 places
    assert game.state.bag_codes()[:5] == ["GGG", "YYY", "PPP", "RRR", "RRP"]


def test_refusals_leave_the_state_unchanged() -> None:
    game = random_game(3, 11, turns=6)
    state = game.state
    seat = state.current
    assert seat is not None
    other = (seat + 1) % 3
    before = state.to_dict()
    bad = [
        (Place(other, state.hand(other)[0], 0, 0), NotYourTurn),
        (Place(seat, "XYZ", 0, 0), errors.NoSuchTile),
        (Place(seat, state.hand(seat)[0], 36, 0), errors.NoSuchField),
        (Place(seat, state.hand(seat)[0], 0, 3), errors.BadRotation),
        (Place(seat, state.hand(other)[0], 0, 0), errors.TileNotHeld),
        (Place(7, state.hand(seat)[0], 0, 0), NotInGame),
    ]
    for event, error in bad:
        with pytest.raises(error):
            state.apply(event)
        assert state.to_dict() == before


def test_every_field_of_a_refusal_message_is_readable() -> None:
    game = Game(Setup(2, RECORD_BAG))
    game.apply(Place(1, "BBB", 12, 0))
    game.apply(Exchange(0, "RRR"))
    with pytest.raises(errors.SidesDoNotMatch) as info:
        game.apply(Place(1, "YYB", 11, 1))
    assert str(info.value) == (
        "YYB rotation 1 on 11: its right side Y meets the left side B of field 12"
    )
    assert (info.value.field, info.value.neighbour) == (11, 12)


def test_legal_actions_distinct_rotations() -> None:
    game = Game(Setup(2, RECORD_BAG))  # Ben: BBB, YYB, BBG, GRB on the empty board
    everything = game.legal_actions()
    distinct = game.legal_actions(distinct=True)
    assert len(everything) == 4 * 27 * 3
    assert len(distinct) == 27 + 3 * 27 * 3
    assert all(isinstance(a, Place) for a in everything)
    by_tile = game.legal_placements("BBB")
    assert len(by_tile) == 27 and {p.field for p in by_tile} == set(range(36)) - {
        2, 10, 11, 13, 14, 20, 26, 30, 34,
    }  # fmt: skip


def test_end_dead_board_all_passed_and_exchange_resets_the_round() -> None:
    hands = [["YYR", "RYB"], ["GRP"]]
    empty = [2, 12, 28, 32]
    dead = constructed(hands, [10, 10], empty, SURROUNDED_5, bag=("BBP",))
    assert not dead.can_place(0)
    dead.apply(Pass(0))
    assert dead.end_reason is EndReason.DEAD_BOARD and dead.finished

    alive = constructed(hands, [10, 10], empty, SURROUNDED_5, bag=("GGG",))
    alive.apply(Pass(0))
    assert not alive.finished and alive.current == 1
    alive.apply(Pass(1))
    assert alive.end_reason is EndReason.ALL_PASSED
    assert alive.scores == [10 - 5, 10 - 1]

    again = constructed([["YYR"], ["GRP"]], [10, 10], empty, SURROUNDED_5, bag=("GGG", "BBP"))
    again.apply(Pass(0))
    again.apply(Exchanged(1, "GRP", 1))  # takes GGG, which fits: it is no longer stuck
    assert again.hand(1) == ("GGG",) and again.current == 0 and again.passes_in_a_row == 0
    assert again.bag_codes() == ["BBP", "GRP"]
    with pytest.raises(errors.BagEmpty):
        constructed(hands, [0, 0], [12, 28, 32], SURROUNDED).apply(Exchanged(0, "YYR", 0))


def test_only_pass_with_an_empty_bag() -> None:
    state = constructed([["YYR", "RYB"], ["GRP"]], [0, 0], [12, 28, 32], SURROUNDED)
    game = Game(Setup(2, RECORD_BAG))
    game.state = state
    assert game.legal_actions() == [Pass(0)]


def test_resign_two_players_ends_the_game() -> None:
    game = random_game(2, 3, turns=4)
    loser = game.current_seat
    assert loser is not None
    game.resign(loser)
    assert game.finished and game.end_reason is EndReason.RESIGNED
    assert game.winners() == [1 - loser]
    assert game.standings()[-1] == loser
    with pytest.raises(GameOver):
        game.resign(1 - loser)


def test_resign_three_players_skips_the_seat() -> None:
    game = random_game(3, 5, turns=3)
    seat = game.current_seat
    assert seat is not None
    after = (seat + 1) % 3
    game.resign(after)  # not on turn: the turn stays
    assert game.current_seat == seat
    with pytest.raises(NotInGame):
        game.resign(after)
    game.apply(game.legal_actions()[0])
    assert game.current_seat == (seat + 2) % 3
    while not game.finished:
        game.apply(game.legal_actions()[0])
    assert after not in game.winners()
    assert game.standings()[-1] == after
    assert all(e.seat != after for e in game.events[4:] if not isinstance(e, Resign))


def test_team_game_resign_partner_plays_on() -> None:
    game = random_game(4, 9, teams=True, turns=4)
    game.resign(0)
    assert not game.finished
    game.resign(2)
    assert game.finished and game.end_reason is EndReason.RESIGNED
    assert game.winners() == [1, 3]


def test_team_scores_and_winners_in_a_full_game() -> None:
    game = random_game(4, 21, teams=True)
    scores = game.scores
    team = game.team_scores
    assert team == [scores[0] + scores[2], scores[1] + scores[3]]
    best = max(team)
    assert game.winners() == [s for s in range(4) if team[s % 2] == best]


def test_history_and_score_progress_add_up() -> None:
    game = random_game(4, 2)
    state = game.state
    progress = state.score_progress()
    assert len(progress) == len(state.history) + 1
    assert progress[-1] == state.placed_points
    assert [s - p for s, p in zip(state.placed_points, state.penalties, strict=True)] == game.scores
    kinds = {t.kind for t in state.history}
    assert TurnKind.PLACE in kinds


def test_game_json_round_trip_rebuilds_the_state() -> None:
    for seed in range(5):
        game = random_game(2 + seed % 3, seed, turns=10 + 5 * seed)
        data = json.loads(json.dumps(game.to_dict()))
        again = Game.from_dict(data)
        assert again.state == game.state
        assert again.events == game.events
        state_data = json.loads(json.dumps(game.state.to_dict()))
        assert SpectrangleState.from_dict(state_data) == game.state
        copy = game.state.copy()
        assert copy == game.state and copy is not game.state


def test_loaded_state_plays_on_like_the_original() -> None:
    game = random_game(3, 4, turns=12)
    loaded = SpectrangleState.from_dict(json.loads(json.dumps(game.state.to_dict())))
    pick = random.Random(1)
    while not game.finished:
        action = pick.choice(game.legal_actions())
        event = game.apply(action)
        loaded.apply(event)
        assert loaded == game.state
        assert loaded.keys == game.state.keys and loaded.frontier == game.state.frontier


def test_bad_saves_are_record_errors() -> None:
    with pytest.raises(RecordError):
        Game.from_dict({"game": "spexxx"})
    with pytest.raises(RecordError):
        Game.from_dict({"game": "spectrangle", "setup": {"seats": 2}, "events": []})
    with pytest.raises(RecordError):
        Game.from_dict({"game": "spectrangle", "setup": {"seats": 2, "bag": list(RECORD_BAG)},
                        "events": [{"type": "fly", "seat": 0}]})  # fmt: skip
    data = random_game(2, 1, turns=3).state.to_dict()
    data["hands"][0].append("RRR")
    with pytest.raises(RecordError):
        SpectrangleState.from_dict(data)


def test_seeded_chance_is_reproducible() -> None:
    a, b = SeededChance(5), SeededChance(5)
    assert a.shuffled(range(10)) == b.shuffled(range(10))
    assert [a.below(7) for _ in range(20)] == [b.below(7) for _ in range(20)]


def test_benchmark_short_run(capsys: pytest.CaptureFixture[str]) -> None:
    """``benchmarks/bench_spectrangle_engine.py`` in miniature: it runs and prints its figures."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[3] / "benchmarks" / "bench_spectrangle_engine.py"
    spec = importlib.util.spec_from_file_location("bench_spectrangle_engine", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    bench.main(["--boards", "3", "--repeats", "3", "--games", "4"])
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 4
    assert all("median" in line and "p99" in line for line in lines[1:])
    game = bench.random_game(5)
    assert game.finished


def test_a_loaded_game_without_an_rng_exchanges_reproducibly() -> None:
    game = Game(Setup(2, RECORD_BAG))
    game.apply(Place(1, "BBB", 12, 0))
    a = Game.from_dict(game.to_dict()).apply(Exchange(0, "RRR"))
    b = Game.from_dict(game.to_dict()).apply(Exchange(0, "RRR"))
    assert a == b and isinstance(a, Exchanged) and 0 <= a.return_at <= 26


def test_legal_placements_of_one_tile_and_the_bag_players_may_know() -> None:
    game = Game(Setup(2, RECORD_BAG))
    game.apply(Place(1, "BBB", 12, 0))
    game.apply(Exchange(0, "RRR"))
    yyb = game.legal_placements("YYB")
    assert yyb and {p.tile for p in yyb} == {"YYB"}
    assert [(p.field, p.rotation) for p in yyb] == game.state.fits("YYB")
    assert game.legal_placements("WWW") == []  # not in the hand
    with pytest.raises(errors.NoSuchTile):
        game.legal_placements("RYR")
    state = game.state
    assert state.bag_tiles() == sorted(state.bag_codes(), key=TILE_CODES.index)


def test_game_copy_is_independent() -> None:
    game = random_game(3, 14, turns=5)
    copy = game.copy()
    assert copy.state == game.state and copy.events == game.events
    copy.apply(copy.legal_actions()[0])
    assert len(copy.events) == len(game.events) + 1
    assert copy.state != game.state
    assert Game.replay(game.setup, game.events).state == game.state
