"""Abquetschen computer players: legal, pure, and they see the ends a build causes."""

from __future__ import annotations

import random

import pytest

from games.common.ai import Level
from games.common.dice import SeededDice
from games.das_spiel import geometry as g
from games.das_spiel.abquetschen import AbqState, Abquetschen, Bonus, Build, Phase, Roll, odds
from games.das_spiel.abquetschen.ai import decide
from tests.games.das_spiel.test_das_spiel_abquetschen import (
    BONUS_YELLOW,
    EXC2_PEARL,
    EXC2_YELLOW,
    m,
    snapshot_of,
)


@pytest.mark.parametrize("seed", range(4))
def test_every_level_plays_legal_moves_and_changes_nothing(seed: int) -> None:
    levels = [Level.EASY, Level.NORMAL, Level.HARD]
    random.Random(seed).shuffle(levels)
    game = Abquetschen(start_seat=seed % 3)
    dice = SeededDice(seed)
    rng = random.Random(seed)
    while not game.state.finished:
        state = game.state
        if state.phase in (Phase.SEARCH, Phase.ROLL):
            with pytest.raises(ValueError):
                decide(state, Level.NORMAL)
            game.roll(dice)
            continue
        before = snapshot_of(state)
        decision = decide(state, levels[state.current or 0], rng)
        assert snapshot_of(state) == before
        assert decision.action in state.legal_actions()
        game.apply(decision.action)
    assert game.state.winners


def _bury_position(supply: list[int]) -> AbqState:
    """Seat 0 (pearl) can bury seat 1 (yellow, the start player, who has built again) with
    ``1C3 2B2``; seat 1 plays next."""
    state = AbqState.constructed(
        [EXC2_PEARL, EXC2_YELLOW, 0], current=0, start_player=1, start_rebuilt=True,
        supply=supply,
    )  # fmt: skip
    state.apply(Roll(0, 2))
    return state


def test_normal_buries_the_next_player_when_that_wins() -> None:
    state = _bury_position([37, 51, 55])
    assert Build(0, tuple(g.bits(m("1C3 2B2")))) in state.legal_actions()
    for level in (Level.NORMAL, Level.HARD):
        assert decide(state, level).action == Build(0, tuple(g.bits(m("1C3 2B2"))))


def test_normal_does_not_bury_him_when_that_loses() -> None:
    state = _bury_position([37, 20, 55])
    for level in (Level.NORMAL, Level.HARD):
        assert decide(state, level).action != Build(0, tuple(g.bits(m("1C3 2B2"))))


def test_bonus_is_built_not_declined() -> None:
    state = AbqState.constructed(
        [m("0F4"), BONUS_YELLOW, 0], current=0, start_player=1, start_rebuilt=True
    )
    state.apply(Roll(0, 4))
    state.apply(Build(0, tuple(g.bits(m("0E4 1E4 2E4 3E4")))))
    for level in Level:
        assert decide(state, level).action == Bonus(0, (g.index_of_label("1D3"),))


# ------------------------------------------------------------------ hard: tactical ideas


def _rolls_buildable(state: AbqState, seat: int, build: int) -> set[int]:
    """The rolls ``seat`` could build on his next turn, were it his turn after ``build``."""
    after = state.copy()
    after.occupied |= build
    after.owned[state.current or 0] |= build
    if state.current == state.start_player:
        after.start_rebuilt = True
    return {r for r in range(2, 7) if after.builds(seat, r)}


def _chosen(state: AbqState, level: Level) -> int:
    action = decide(state, level).action
    assert isinstance(action, Build)
    return g.mask_of(action.positions)


def test_hard_buries_the_player_after_next_when_that_wins() -> None:
    """Seat 0 can bury seat 2 with ``1C3 2B2``; seat 1 (no dice yet, 55 in supply) plays
    first, then the game ends as seat 2's turn begins and seat 0 has the fewest dice left.
    Normal only looks at the next player."""
    state = AbqState.constructed(
        [EXC2_PEARL, 0, EXC2_YELLOW], current=0, start_player=2, start_rebuilt=True,
        supply=[37, 55, 51],
    )  # fmt: skip
    state.apply(Roll(0, 2))
    assert decide(state, Level.HARD).action == Build(0, tuple(g.bits(m("1C3 2B2"))))
    assert decide(state, Level.NORMAL).action != Build(0, tuple(g.bits(m("1C3 2B2"))))


def test_hard_does_not_bury_the_player_after_next_when_that_loses() -> None:
    state = AbqState.constructed(
        [EXC2_PEARL, 0, EXC2_YELLOW], current=0, start_player=2, start_rebuilt=True,
        supply=[37, 55, 20],
    )  # fmt: skip
    state.apply(Roll(0, 2))
    assert decide(state, Level.HARD).action != Build(0, tuple(g.bits(m("1C3 2B2"))))


def test_hard_keeps_every_roll_of_its_next_turn_buildable() -> None:
    """Seed 9's first build after the start pyramid: normal's ``0D2 0E2 1D2`` leaves the start
    player no build of 4 next turn; hard keeps all of 2–6."""
    state = AbqState.constructed(
        [m("0E3 0F3 0F4 1E3"), m("0D3 0E4 0F5 1D3 1E4"), m("0E5 0F6 1E5")],
        current=0, start_player=0, start_rebuilt=False, supply=[51, 50, 52],
    )  # fmt: skip
    state.apply(Roll(0, 3))
    assert _rolls_buildable(state, 0, m("0D2 0E2 1D2")) == {2, 3, 5, 6}
    assert _chosen(state, Level.NORMAL) == m("0D2 0E2 1D2")
    assert _rolls_buildable(state, 0, _chosen(state, Level.HARD)) == {2, 3, 4, 5, 6}


def test_hard_takes_rolls_away_from_the_next_player() -> None:
    """Seed 10: seat 1 builds its first dice (exception 1). Normal's ``0D3 0E3 1D3`` and hard's
    choice both leave seat 1 every roll, but only hard's leaves seat 2, who rolls next, without
    a build of 2 and of 4."""
    state = AbqState.constructed(
        [m("0F5 0G5 0G6 1F5"), 0, m("0E4 0F4 0G4 1E4 1F4")],
        current=1, start_player=0, start_rebuilt=False, supply=[51, 55, 50],
    )  # fmt: skip
    state.apply(Roll(1, 3))
    normal, hard = _chosen(state, Level.NORMAL), _chosen(state, Level.HARD)
    assert normal == m("0D3 0E3 1D3")
    assert _rolls_buildable(state, 1, hard) == _rolls_buildable(state, 1, normal) == {2, 3, 4, 5, 6}
    assert _rolls_buildable(state, 2, normal) == {2, 3, 4, 5, 6}
    assert _rolls_buildable(state, 2, hard) == {3, 5, 6}


def test_hard_plays_otherwise_than_normal() -> None:
    """Hard is its own level: in the first 30 choices of a seeded game it often differs."""
    game = Abquetschen()
    dice = SeededDice(1)
    differ = choices = 0
    while choices < 30 and not game.state.finished:
        state = game.state
        if state.phase in (Phase.SEARCH, Phase.ROLL):
            game.roll(dice)
            continue
        hard = decide(state, Level.HARD)
        differ += hard.action != decide(state, Level.NORMAL).action
        choices += 1
        game.apply(hard.action)
    assert differ >= 5


def test_benchmark_short_run(capsys: pytest.CaptureFixture[str]) -> None:
    """``benchmarks/bench_das_spiel_abquetschen_ai.py`` in miniature: it plays one better level
    against two simpler ones and prints the share, the interval and the decision times."""
    from benchmarks import bench_das_spiel_abquetschen_ai as bench

    argv = ["--games", "3", "--pairings", "hard:easy", "--processes", "1", "--cold-runs", "0"]
    assert bench.main([*argv, "--race-games", "30"]) == 0
    out = capsys.readouterr().out
    assert "hard vs 2 × easy, 3 games: hard wins" in out and "95 % CI" in out
    assert "hard decision time, warm" in out and "easy decision time, warm" in out
    assert "head to head (not the target's measure): hard finished ahead" in out
    assert "hard: passed " in out and "easy: passed " in out and "bonus dice per build" in out
    assert "race model (these rates, rolls only, no burying; 30 games): hard wins" in out


def test_benchmark_race_model_follows_the_rates() -> None:
    """The race model: a player who builds every roll against two who never build wins every
    game (they cannot get under 6 dice, so no roll is over their supply); the reverse never
    does; equal rates give each seat about a third."""
    from benchmarks.bench_das_spiel_abquetschen_ai import Rates, race_share

    builds = Rates(first=10, later=10, builds=10)
    stuck = Rates(first=10, first_passed=10, later=10, later_passed=10)
    assert race_share(builds, stuck, 300) == 1.0
    assert race_share(stuck, builds, 300) == 0.0
    typical = Rates(first=10, first_passed=3, later=100, later_passed=15, builds=90, bonus=10)
    assert 0.28 < race_share(typical, typical, 3000) < 0.39


def test_benchmark_ranks_the_winner_then_the_fewer_dice() -> None:
    from benchmarks.bench_das_spiel_abquetschen_ai import _ahead

    assert _ahead([2], [30, 10, 20], 2, 1) == 1.0  # the winner is ahead of a smaller supply
    assert _ahead([2], [30, 10, 20], 0, 1) == 0.0  # neither won: the fewer dice left
    assert _ahead([2], [30, 10, 20], 1, 0) == 1.0
    assert _ahead([0, 1], [12, 12, 20], 0, 1) == 0.5  # a shared win
    assert _ahead([2], [15, 15, 3], 0, 1) == 0.5


# ------------------------------------------------------------------------------ odds


def test_odds_of_a_supply_of_one() -> None:
    """A supply of 1 ends on any roll but a 1 (2–6 are over it), so each seat finishes on a
    turn with 5/6; the seat to play first wins (5/6) / (1 − 1/216)."""
    assert odds.finish_turns(1)[:2] == pytest.approx((5 / 6, 5 / 36))
    first, second, third = odds.first_to_finish([odds.finish_turns(1)] * 3)
    assert first == pytest.approx((5 / 6) / (1 - 1 / 216))
    assert second == pytest.approx(first / 6) and third == pytest.approx(first / 36)


def test_odds_favour_the_smaller_supply_and_the_earlier_seat() -> None:
    even = odds.first_to_finish([odds.finish_turns(55)] * 3)
    assert sum(even) == pytest.approx(1.0, abs=1e-6)
    assert even[0] > even[1] > even[2]
    ahead = odds.first_to_finish([odds.finish_turns(50)] + [odds.finish_turns(55)] * 2)
    assert ahead[0] > even[0]


def test_odds_of_a_known_next_turn() -> None:
    """Rolls a seat cannot build next turn make its supply last longer; bonus dice shorter."""
    every = {r: r for r in range(2, 7)}
    assert odds.next_turn(20, every) == pytest.approx(odds.finish_turns(20), abs=0.02)
    blocked = odds.next_turn(20, {})
    with_row = odds.next_turn(20, {**every, 6: 9})
    mean = [
        sum(k * p for k, p in enumerate(dist))
        for dist in (blocked, odds.next_turn(20, every), with_row)
    ]
    assert mean[0] > mean[1] > mean[2]
