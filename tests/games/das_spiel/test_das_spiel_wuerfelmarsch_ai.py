"""Würfelmarsch computer players: legal and pure at every level, the winning tip taken, hard's
lookahead blocking a corner that normal leaves open, and a short seeded strength check (the full
one is benchmarks/bench_das_spiel_wuerfelmarsch_ai.py)."""

from __future__ import annotations

import random

import pytest

from games.common.ai import Level
from games.das_spiel import geometry as g
from games.das_spiel.wuerfelmarsch import Rotate, Tip, WmState, Wuerfelmarsch
from games.das_spiel.wuerfelmarsch.ai import WIN, decide, evaluate


def i(text: str) -> int:
    return g.index_of_label(text)


def fingerprint(state: WmState) -> tuple[object, ...]:
    return (state.pyramid, tuple(state.owned), state.current, state.turn, tuple(state.captured))


@pytest.mark.parametrize("level", list(Level))
def test_every_level_plays_legal_moves_without_touching_the_state(level: Level) -> None:
    rng = random.Random(7)
    game = Wuerfelmarsch(start_seat=1)
    for _ in range(12):
        if game.state.finished:
            break
        before = fingerprint(game.state)
        decision = decide(game.state, level, rng)
        assert fingerprint(game.state) == before
        assert decision.action in game.legal_actions() and decision.explanation
        game.apply(decision.action)


@pytest.mark.parametrize("level", [Level.NORMAL, Level.HARD])
def test_a_thinking_level_takes_the_winning_tip(level: Level) -> None:
    s = WmState.constructed(
        {"0B1": (0, "321"), "0I6": (0, "321"), "0C1": (1, "132"), "0I9": (2, "213")}, current=0
    )
    decision = decide(s, level, random.Random(1))
    assert decision.action == Tip(0, i("0B1"), i("0A1")) and decision.expected == WIN


def test_easy_tips_whenever_it_can_and_rotates_only_when_it_cannot() -> None:
    rng = random.Random(3)
    assert all(isinstance(decide(WmState(), Level.EASY, rng).action, Tip) for _ in range(30))
    # X's die in the corner 0I1 with 0H1 (forward) and 0I2 (right) taken: no tip is left.
    s = WmState.constructed({"0I1": (0, "321"), "0H1": (1, "132"), "0I2": (2, "213")}, current=0)
    assert s.tips(0) == []
    assert isinstance(decide(s, Level.EASY, rng).action, Rotate)


# Y (next after X) has a die at 0H8, one step from its corner 0I9; X's die at 0I8 can take the
# corner first. Normal only looks one move ahead and marches; hard sees Y's win coming.
BLOCK = {"0I8": (0, "321"), "0E5": (0, "321"), "0H8": (1, "132"), "0G7": (2, "213")}


def test_hard_blocks_the_corner_normal_leaves_open() -> None:
    s = WmState.constructed(BLOCK, current=0)
    assert decide(s, Level.HARD, random.Random(1)).action == Tip(0, i("0I8"), i("0I9"))
    normal = decide(s, Level.NORMAL, random.Random(1)).action
    assert normal != Tip(0, i("0I8"), i("0I9"))
    after = s.copy()
    after.apply(normal)
    assert Tip(1, i("0H8"), i("0I9")) in after.tips(1)  # Y could now win


def test_evaluation_prefers_progress_and_material() -> None:
    s = WmState()
    ahead = s.copy()
    ahead.apply(Tip(0, i("0I5"), i("0H5")))
    assert evaluate(ahead, 0) > evaluate(s, 0)
    fewer = WmState.constructed(
        {"0I3": (0, "321"), "0C1": (1, "132"), "0C3": (2, "213")}, current=0
    )
    more = WmState.constructed(
        {"0I3": (0, "321"), "0I4": (0, "321"), "0C1": (1, "132"), "0C3": (2, "213")}, current=0
    )
    assert evaluate(more, 0) > evaluate(fewer, 0)


def play(levels: list[Level], k: int) -> WmState:
    rngs = [random.Random(f"wm:{k}:{s}") for s in range(3)]
    game = Wuerfelmarsch(start_seat=(k // 3) % 3)
    while not game.state.finished:
        s = game.state.current
        assert s is not None
        game.apply(decide(game.state, levels[s], rngs[s]).action)
    return game.state


def test_normal_beats_two_easy_players_in_seeded_games() -> None:
    wins = 0
    for k in range(6):
        levels = [Level.EASY] * 3
        levels[k % 3] = Level.NORMAL
        wins += k % 3 in play(levels, k).winners
    assert wins == 6
