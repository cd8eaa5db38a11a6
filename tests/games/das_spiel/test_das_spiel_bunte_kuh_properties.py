"""Bunte Kuh properties over random timed games: every legal action applies; anything else is
refused with a reason and changes nothing; a deadline admits only its timeout; the dice are
conserved; the view shows exactly the exposed faces; the record replays to the same state."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.das_spiel import decisions as d
from games.das_spiel import geometry as g
from games.das_spiel.bunte_kuh import (
    BkState,
    BunteKuh,
    Nowhere,
    Phase,
    Place,
    Roll,
    Stop,
    Timeout,
    from_record,
)
from games.das_spiel.orientation import ORIENTATIONS
from tests.das_spiel_properties import random_timed_game, replays


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


def late(s: BkState, t: int) -> Any:
    """A call after the call window's deadline (none outside it)."""
    return Nowhere(0, t) if s.phase is Phase.CALL else None


def off_funnel_stop(s: BkState, action: Any) -> bool:
    """A STOP off the funnels is accepted (as a wrong call) but not listed."""
    return isinstance(action, Stop) and not s.funnels() >> action.pos & 1


def choose(game: BunteKuh, legal: list[Any], t: int, rng: random.Random) -> Any:
    """Mostly a right call in the call window (so games end), else any legal event."""
    s = game.state
    if s.phase is Phase.CALL and rng.random() < 0.6:
        total = s.roll_sum
        assert total is not None
        found = s.matching(total)
        seat = rng.randrange(s.players)
        action: Any = Stop(seat, rng.choice(found), t) if found else Nowhere(seat, t)
        assert action in legal
        return action
    return rng.choice(legal)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 6))
def test_random_timed_games(seed: int, players: int) -> None:
    rng = random.Random(seed)
    game = BunteKuh.new(players, rng.randrange(2**53), rng.randrange(players))
    random_timed_game(
        game,
        rng,
        steps=300,
        gaps=(0, 10, 500, 4000, 20000, 40000, 100000),
        candidates=candidates,
        late=late,
        choose=choose,
        invariants=invariants,
        unlisted_ok=off_funnel_stop,
    )
    if game.state.finished:
        assert game.winners() and all(game.state.supply[w] == 0 for w in game.winners())
    replays(game, [f"p{i}" for i in range(players)], from_record)
