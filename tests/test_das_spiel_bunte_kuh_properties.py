"""Bunte Kuh properties over random timed games: every legal action applies; anything else is
refused with a reason and changes nothing; a deadline admits only its timeout; the dice are
conserved; the view shows exactly the exposed faces; the record replays to the same state."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.common.errors import IllegalAction
from games.das_spiel import decisions as d
from games.das_spiel import geometry as g
from games.das_spiel.bunte_kuh import (
    BunteKuh,
    Nowhere,
    Phase,
    Place,
    Roll,
    Stop,
    Timeout,
    from_record,
)
from games.das_spiel.errors import PastDeadline
from games.das_spiel.orientation import ORIENTATIONS
from games.das_spiel.record import parse_record, replay
from tests.das_spiel_timed import snapshot


def invariants(game: BunteKuh) -> None:
    s = game.state
    assert s.pyramid.is_stable()
    union = 0
    for mask in s.laid:
        assert mask & union == 0
        union |= mask
    assert s.pyramid.occupied == g.BOTTOM_MASK | union
    assert sum(s.supply) + union.bit_count() == d.BK_SHARED_DICE
    assert min(s.supply) >= 0 and (min(s.supply) == 0) == s.finished
    view = game.view(s.holder)
    assert set(view.faces) == set(s.pyramid.exposed_faces())
    assert "sum" not in repr(view)


def candidates(game: BunteKuh, t: int, rng: random.Random) -> list[Any]:
    """Requests to try: the wrong seat, the wrong time, places off the funnels, calls when
    locked, timeouts before the deadline."""
    s = game.state
    n = s.players
    seat = rng.randrange(n)
    pos = rng.randrange(g.COUNT)
    o = rng.choice(ORIENTATIONS)
    out = [
        Roll(seat, (1, 2, 3), t),
        Stop(seat, pos, t),
        Nowhere(seat, t),
        Place(seat, pos, o, t),
        Timeout(t),
    ]
    if s.clock.now > 0:
        out.append(Nowhere(seat, s.clock.now - 1))
    return out


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 6))
def test_random_timed_games(seed: int, players: int) -> None:
    rng = random.Random(seed)
    game = BunteKuh.new(players, rng.randrange(2**53), rng.randrange(players))
    steps = 0
    while not game.state.finished and steps < 300:
        steps += 1
        s = game.state
        t = s.clock.now + rng.choice((0, 10, 500, 4000, 20000, 40000, 100000))
        if s.clock.due(t):
            before = snapshot(s)
            for bad in candidates(game, t, rng)[:4]:
                try:
                    game.copy().apply(bad)
                    raise AssertionError(f"{bad} accepted after the deadline")
                except IllegalAction as exc:
                    assert str(exc)
            if s.phase is Phase.CALL:
                with pytest.raises(PastDeadline):
                    s.copy().apply(Nowhere(0, t))
            assert snapshot(s) == before
            assert game.legal_actions(t) == [Timeout(t)]
            game.apply(Timeout(t))
            invariants(game)
            continue
        legal = game.legal_actions(t)
        assert legal
        for cand in candidates(game, t, rng):
            before = snapshot(s)
            probe = game.copy()
            try:
                probe.apply(cand)
            except IllegalAction as exc:
                assert str(exc)
            else:
                off_funnel_stop = isinstance(cand, Stop) and not s.funnels() >> cand.pos & 1
                assert cand in legal or off_funnel_stop
            assert snapshot(s) == before
        if s.phase is Phase.CALL and rng.random() < 0.6:
            total = s.roll_sum
            assert total is not None
            found = s.matching(total)
            seat = rng.randrange(players)
            action: Any = Stop(seat, rng.choice(found), t) if found else Nowhere(seat, t)
            assert action in legal
        else:
            action = rng.choice(legal)
        game.apply(action)
        invariants(game)
    if game.state.finished:
        assert game.winners() and all(game.state.supply[w] == 0 for w in game.winners())
    record = game.to_record([f"p{i}" for i in range(players)])
    again = replay(parse_record(record), from_record).engine
    assert snapshot(again.state) == snapshot(game.state)  # type: ignore[attr-defined]
