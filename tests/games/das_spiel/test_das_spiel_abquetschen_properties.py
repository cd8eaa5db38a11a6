"""Abquetschen properties over random games: every legal action applies, everything else is
refused with a reason and changes nothing, the enumerated builds are exactly the legal ones, the
pile stays stable, and a game's record replays to the same state."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.das_spiel import geometry as g
from games.das_spiel.abquetschen import AbqState, Abquetschen, Bonus, Build, Phase, from_record
from tests.das_spiel_properties import probe, refuses_other_seat, replays, turns


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
    for state, seat, actions in turns(game):
        if state.phase in (Phase.BUILD, Phase.BONUS):
            n = state.roll if state.phase is Phase.BUILD else state.bonus_due
            assert n is not None
            found = [g.mask_of(a.positions) for a in actions if a.positions]
            for legal in rng.sample(found, min(3, len(found))):
                state.copy().apply(Build(seat, tuple(g.bits(legal))) if state.phase is Phase.BUILD
                                   else Bonus(seat, tuple(g.bits(legal))))  # fmt: skip
            for cand in random_candidates(state, n, rng, found):
                kind = Build if state.phase is Phase.BUILD else Bonus
                probe(state, kind(seat, tuple(g.bits(cand))), cand in found)
        refuses_other_seat(state, actions[0], 3)
        game.apply(rng.choice(actions))
        invariants(game.state)
    assert game.state.winners and game.state.end_reason is not None
    replays(game, ["a", "b", "c"], from_record)
