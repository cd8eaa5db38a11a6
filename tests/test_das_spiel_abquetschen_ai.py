"""Abquetschen computer players: legal, pure, and they see the ends a build causes."""

from __future__ import annotations

import random

import pytest

from games.common.ai import Level
from games.common.dice import SeededDice
from games.das_spiel import geometry as g
from games.das_spiel.abquetschen import AbqState, Abquetschen, Bonus, Build, Phase, Roll
from games.das_spiel.abquetschen.ai import decide
from tests.test_das_spiel_abquetschen import BONUS_YELLOW, EXC2_PEARL, EXC2_YELLOW, m, snapshot_of


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
