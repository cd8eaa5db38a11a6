"""Abquetschen properties over random games: every legal action applies, everything else is
refused with a reason and changes nothing, the enumerated builds are exactly the legal ones, the
pile stays stable, and a game's record replays to the same state."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.common.errors import IllegalAction, NotYourTurn
from games.das_spiel import geometry as g
from games.das_spiel.abquetschen import AbqState, Abquetschen, Bonus, Build, Phase, from_record
from games.das_spiel.record import parse_record, replay
from tests.test_das_spiel_abquetschen import snapshot_of


def invariants(state: AbqState) -> None:
    assert g.is_stable(state.occupied)
    union = 0
    for seat in range(3):
        assert state.owned[seat] & union == 0
        union |= state.owned[seat]
        assert state.supply[seat] + state.owned[seat].bit_count() == 55
    assert union == state.occupied


def random_candidates(state: AbqState, n: int, rng: random.Random, found: list[int]) -> list[int]:
    """Sets to try: the legal ones with one position swapped, and random empty positions near
    the pile."""
    empty = g.bits(g.ALL_MASK & ~state.occupied)
    out = []
    for legal in rng.sample(found, min(3, len(found))):
        drop = rng.choice(g.bits(legal))
        out.append((legal & ~g.BIT[drop]) | g.BIT[rng.choice(empty)])
    near = g.bits((g.funnels(state.occupied) | g.dependents_of(state.occupied)) & ~state.occupied)
    for _ in range(3):
        pool = near if len(near) >= n else empty
        out.append(g.mask_of(rng.sample(pool, n)))
    return [c for c in out if c.bit_count() == n]


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32))
def test_random_games(seed: int) -> None:
    rng = random.Random(seed)
    game = Abquetschen(start_seat=rng.randrange(3))
    while not game.state.finished:
        state = game.state
        seat = state.current
        assert seat is not None
        actions = game.legal_actions()
        assert actions
        if state.phase in (Phase.BUILD, Phase.BONUS):
            n = state.roll if state.phase is Phase.BUILD else state.bonus_due
            assert n is not None
            found = [g.mask_of(a.positions) for a in actions if a.positions]
            for legal in rng.sample(found, min(3, len(found))):
                state.copy().apply(Build(seat, tuple(g.bits(legal))) if state.phase is Phase.BUILD
                                   else Bonus(seat, tuple(g.bits(legal))))  # fmt: skip
            for cand in random_candidates(state, n, rng, found):
                before = snapshot_of(state)
                kind = Build if state.phase is Phase.BUILD else Bonus
                probe = state.copy()
                try:
                    probe.apply(kind(seat, tuple(g.bits(cand))))
                    assert cand in found
                except IllegalAction as exc:
                    assert str(exc) and cand not in found
                assert snapshot_of(state) == before
        before = snapshot_of(state)
        with pytest.raises(NotYourTurn):
            state.apply(replace(actions[0], seat=(seat + 1) % 3))
        assert snapshot_of(state) == before
        game.apply(rng.choice(actions))
        invariants(game.state)
    assert game.state.winners and game.state.end_reason is not None
    record = game.to_record(["a", "b", "c"])
    again = replay(parse_record(record), from_record).engine
    assert snapshot_of(again.state) == snapshot_of(game.state)  # type: ignore[attr-defined]
