"""Raffzahn properties over random timed games: every legal action applies; anything else is
refused with a reason and changes nothing; a deadline admits only its timeout; dice are
conserved and the pile stays stable; a round never stays open with nothing to take; each
seat's view carries only its own side's pips; the record replays to the same state."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.das_spiel import geometry as g
from games.das_spiel.raffzahn import (
    Phase,
    RaffState,
    Raffzahn,
    Roll,
    Stop,
    Take,
    Timeout,
    from_record,
)
from tests.das_spiel_properties import random_timed_game, replays


def invariants(game: Raffzahn) -> None:
    s = game.state
    assert s.pyramid.is_stable()
    union = 0
    for mask in s.taken:
        assert mask & union == 0
        union |= mask
    assert union & s.pyramid.occupied == 0
    assert s.pyramid.occupied | union | g.BIT[g.COUNT - 1] == g.ALL_MASK
    if s.phase is Phase.ROUND:
        assert s.anyone_can_take()  # otherwise the round would have closed by itself
    for seat in range(3):
        view = game.view(seat)
        assert view.cells == s.pyramid.side_view(seat)
        assert view.takeable == s.takeable(seat)
    assert game.view(None).cells == () and game.view(None).takeable == 0


def candidates(game: Raffzahn, t: int, rng: random.Random) -> list[Any]:
    s = game.state
    seat = rng.randrange(3)
    present = g.bits(s.pyramid.occupied)
    out = [
        Roll(seat, rng.randint(1, 6), t),
        Take(seat, rng.choice(present), t),
        Take(seat, rng.randrange(g.COUNT), t),
        Stop(seat, t),
        Timeout(t),
    ]
    free = g.bits(s.pyramid.free_dice())
    if free:
        out.append(Take(seat, rng.choice(free), t))
    if s.clock.now > 0:
        out.append(Stop(s.roller, s.clock.now - 1))
    return out


def late(s: RaffState, t: int) -> Any:
    """The roller's STOP after the round's deadline."""
    return Stop(s.roller, t)


def choose(game: Raffzahn, legal: list[Any], t: int, rng: random.Random) -> Any:
    """Mostly a take (so games end), else any legal event."""
    takes = [a for a in legal if isinstance(a, Take)]
    return rng.choice(takes) if takes and rng.random() < 0.85 else rng.choice(legal)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32))
def test_random_timed_games(seed: int) -> None:
    rng = random.Random(seed)
    game = Raffzahn.new(rng.randrange(2**53), rng.randrange(3), round_ms=rng.choice((5000, 60000)))
    random_timed_game(
        game,
        rng,
        steps=600,
        gaps=(0, 10, 300, 2000, 30000, 70000),
        candidates=candidates,
        late=late,
        choose=choose,
        invariants=invariants,
    )
    if game.state.finished:
        piles = game.state.piles()
        assert game.winners() == [s for s in range(3) if piles[s] == max(piles)]
        assert not game.state.pyramid.occupied & ~g.BOTTOM_MASK
    replays(game, ["a", "b", "c"], from_record)
