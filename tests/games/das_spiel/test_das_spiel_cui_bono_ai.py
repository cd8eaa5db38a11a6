"""Cui bono? computer players: legal, honest (the interior's colours never change a decision),
and the choices each level is for; the benchmark in miniature."""

from __future__ import annotations

import random

import pytest

from games.common.ai import Level
from games.das_spiel import geometry as g
from games.das_spiel.cui_bono import (
    CuiBono,
    CuiState,
    Keep,
    Phase,
    Pull,
    Put,
    legal_funnels,
    pullable,
)
from games.das_spiel.cui_bono.ai import decide
from games.das_spiel.cui_bono.state import hidden_dice
from games.das_spiel.pyramid import Colour, Die
from games.das_spiel.setup import full_pyramid

R, Y, P = Colour.RED, Colour.YELLOW, Colour.PEARL


def idx(label: str) -> int:
    return g.index_of_label(label)


def example_holding_yellow(kept: list[list[Colour]]) -> CuiBono:
    """Seed 1, two players, §7.6: seat 1 holds the yellow die and may put it back into 7B2."""
    game = CuiBono.new(2, 1)
    game.apply(Pull(0, idx("0A1")))
    game.apply(Keep(0))
    game.state.kept = [list(k) for k in kept]
    game.apply(Pull(1, idx("0I9")))
    assert game.legal_actions() == [Put(1, idx("7B2")), Keep(1)]
    return game


@pytest.mark.parametrize("level", list(Level))
def test_every_decision_is_legal_through_a_whole_game(level: Level) -> None:
    game = CuiBono.new(3, 11)
    rng = random.Random(3)
    while not game.finished:
        seat = game.state.current
        decision = decide(game.view(seat), level, rng)
        assert decision.action in game.legal_actions() and decision.explanation
        game.apply(decision.action)
    with pytest.raises(ValueError):
        decide(game.state, level)


def recoloured_interior(state: CuiState, rng: random.Random) -> CuiState:
    """``state`` with the colours of the interior dice shuffled among them."""
    pyr = state.pyramid
    interior = g.bits(hidden_dice(pyr.occupied))
    colours = [pyr.dice[i].colour for i in interior]  # type: ignore[union-attr]
    rng.shuffle(colours)
    other = state.copy()
    other.pyramid = pyr.replace(
        {i: Die(c, pyr.dice[i].orientation) for i, c in zip(interior, colours, strict=True)}  # type: ignore[union-attr]
    )
    return other


def reveals_differently(state: CuiState, other: CuiState) -> bool:
    """Some pull would reveal different walls: the interior matters in this position."""
    for b in g.bits(pullable(state.pyramid.occupied)):
        after, die, _ = state.pyramid.pull(b)
        after2, _, _ = other.pyramid.pull(b)
        if legal_funnels(after, die.colour) != legal_funnels(after2, die.colour):
            return True
    return False


@pytest.mark.parametrize("level", [Level.NORMAL, Level.HARD])
def test_the_interior_never_changes_a_decision(level: Level) -> None:
    """Late in games, where pulls reveal interior dice (checked: some recolouring changes what a
    pull would allow), the same position with the interior's colours shuffled, and the seat's
    view, get the same decision. A player who peeked would differ in some of them."""
    mattered = 0
    for seed in range(2):
        game = CuiBono.new(2, seed)
        for step in range(80):
            if game.finished:
                break
            state = game.state
            mine = decide(state, level, random.Random(step)).action
            if step >= 40:
                view = game.view(state.current)
                assert decide(view, level, random.Random(step)).action == mine
                for k in range(2):
                    other = recoloured_interior(state, random.Random(k))
                    mattered += state.phase is Phase.PULL and reveals_differently(state, other)
                    assert decide(other, level, random.Random(step)).action == mine
            game.apply(mine)
    assert mattered >= 2


@pytest.mark.parametrize("level", [Level.NORMAL, Level.HARD])
def test_pulls_the_die_that_can_go_back(level: Level) -> None:
    """Seed 1: 0A1 (red) and 0I9 (yellow) open 8A1 with two colours, so they must be kept; the
    pearl 0I1 opens 8A1 on 7A1 Y, 7B1 R (the old apex), 7B2 P and can go back."""
    game = CuiBono.new(2, 1)
    assert decide(game.state, level).action == Pull(0, idx("0I1"))
    game.apply(Pull(0, idx("0I1")))
    assert game.legal_actions() == [Put(0, idx("8A1")), Keep(0)]
    assert decide(game.state, level).action == Put(0, idx("8A1"))


@pytest.mark.parametrize("level", [Level.NORMAL, Level.HARD])
def test_keeps_the_last_die_when_that_wins_and_not_when_it_loses(level: Level) -> None:
    ahead = example_holding_yellow([[P] * 9 + [R], [R] * 9])  # keeping: 11 against 28, won
    assert decide(ahead.state, level).action == Keep(1)
    behind = example_holding_yellow([[R], [P] * 9])  # keeping: 29 against 1, lost
    assert decide(behind.state, level).action == Put(1, idx("7B2"))


def test_easy_puts_back_when_it_can() -> None:
    game = example_holding_yellow([[R], []])
    assert decide(game.state, Level.EASY, random.Random(0)).action == Put(1, idx("7B2"))
    game.apply(Put(1, idx("7B2")))
    decision = decide(game.state, Level.EASY, random.Random(0))
    assert decision.action in game.legal_actions()


def test_a_constructed_pile_with_fewer_dice_than_the_box() -> None:
    pyr = full_pyramid(2).remove(idx("8A1"))
    state = CuiState(pyr, 2)
    assert decide(state, Level.HARD, random.Random(0)).action in state.legal_actions()


def test_benchmark_short_run(capsys: pytest.CaptureFixture[str]) -> None:
    """``benchmarks/bench_das_spiel_cui_bono_ai.py`` in miniature: it runs and prints figures."""
    from benchmarks import bench_das_spiel_cui_bono_ai as bench

    assert bench.main(["--games", "2", "--strong", "normal", "--weak", "easy"]) == 0
    out = capsys.readouterr().out
    assert "normal vs 1 × easy, 2 games" in out and out.count("median") == 4
