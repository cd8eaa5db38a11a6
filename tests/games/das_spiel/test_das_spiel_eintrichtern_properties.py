"""Eintrichtern properties over random games: every legal action applies, everything else is
refused with a reason and changes nothing, a game's record replays to the same state, and a
seat's view depends on the visible faces only (§3.4: covered walls are hidden)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.common.errors import IllegalAction
from games.das_spiel import geometry as g
from games.das_spiel.eintrichtern import (
    FUNNELS,
    Adopt,
    EinState,
    Eintrichtern,
    Lift,
    Phase,
    Roll,
    from_record,
    view,
)
from games.das_spiel.orientation import ORIENTATIONS
from games.das_spiel.pyramid import Colour, Die, Pyramid
from tests.das_spiel_properties import replays, snapshot, turns


def invariants(state: EinState) -> None:
    lifted = (FUNNELS & ~state.covered).bit_count()
    assert sum(state.reds) == lifted
    assert state.covered & ~FUNNELS == 0
    assert (state.target is None) == (state.phase is not Phase.LIFT)
    if state.adoptable is not None:
        assert state.phase is Phase.TARGET


def with_plate(state: EinState, plate: Pyramid) -> EinState:
    other = EinState(plate, state.players, state.start_seat)
    for name in ("covered", "current", "phase", "target", "adoptable", "end_reason"):
        setattr(other, name, getattr(state, name))
    other.reds = list(state.reds)
    other.winners = list(state.winners)
    return other


def reoriented(state: EinState, rng: random.Random, keep_visible: bool) -> Pyramid | None:
    """The plate with one die turned: to another orientation showing the same visible faces, or
    (``keep_visible`` False) to one that changes a visible face. None if no die allows it."""
    seen = view(state, 0).faces()
    dice = list(state.plate.dice)
    order = g.bits(g.BOTTOM_MASK)
    rng.shuffle(order)
    for b in order:
        die = dice[b]
        assert die is not None
        shown = [(a, v) for (p, a), v in seen.items() if p == b]
        same = [o for o in ORIENTATIONS if all(o[a] == v for a, v in shown)]
        pool = same if keep_visible else [o for o in ORIENTATIONS if o not in same]
        pool = [o for o in pool if o != die.orientation]
        if pool:
            dice[b] = Die(Colour.YELLOW, rng.choice(pool))
            return Pyramid.from_dice(dice)
    return None


def check_view_is_public(state: EinState, rng: random.Random) -> None:
    seen = view(state, 0)
    faces = seen.faces()
    for q in g.bits(state.covered):
        for a, b in enumerate(g.SUPPORT_BY_AXIS[q]):
            assert (b, a) not in faces
    hidden = reoriented(state, rng, keep_visible=True)
    if hidden is not None:
        assert view(with_plate(state, hidden), 0) == seen
    shown = reoriented(state, rng, keep_visible=False)
    assert shown is not None
    assert view(with_plate(state, shown), 0) != seen


def choose(game: Eintrichtern, rng: random.Random) -> Roll | Adopt | Lift:
    """A random legal action, biased towards matches so games end."""
    state = game.state
    seat = state.current
    assert seat is not None
    actions = game.legal_actions()
    if state.phase is Phase.LIFT:
        hits = [a for a in actions if isinstance(a, Lift) and state.sums[a.pos] == state.target]
        if hits and rng.random() < 0.6:
            return rng.choice(hits)
        return rng.choice(actions)  # type: ignore[return-value]
    if state.adoptable is not None and rng.random() < 0.5:
        return Adopt(seat)
    return Roll(seat, (rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 6)))


def illegal(state: EinState, rng: random.Random) -> list[Roll | Adopt | Lift]:
    seat = state.current
    assert seat is not None
    other = (seat + 1) % state.players
    out: list[Roll | Adopt | Lift] = [
        Roll(other, (1, 2, 3)),
        Lift(other, g.bits(state.covered)[0]),
        Lift(seat, rng.choice(g.bits(g.ALL_MASK & ~state.covered))),
    ]
    if state.phase is Phase.LIFT:
        out += [Roll(seat, (3, 3, 3)), Adopt(seat)]
    else:
        out.append(Lift(seat, g.bits(state.covered)[0]))
        if state.adoptable is None:
            out.append(Adopt(seat))
    return out


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 6))
def test_random_games(seed: int, players: int) -> None:
    rng = random.Random(seed)
    game = Eintrichtern.new(players, seed % 2**53, start_seat=rng.randrange(players))
    for steps, (state, _seat, actions) in enumerate(turns(game)):
        for a in rng.sample(actions, min(3, len(actions))):
            state.copy().apply(a)
        for bad in illegal(state, rng):
            before = snapshot(state)
            with pytest.raises(IllegalAction) as info:
                state.apply(bad)
            assert str(info.value)
            assert snapshot(state) == before
        if steps % 25 == 0:
            check_view_is_public(state, rng)
        game.apply(choose(game, rng))
        invariants(game.state)
    assert game.state.end_reason is not None and game.legal_actions() == []
    if game.end_reason == "reds_goal":
        assert max(game.state.reds) == game.state.goal and len(game.winners()) == 1
    else:
        assert game.state.covered == 0 and players >= 5
        assert {game.state.reds[w] for w in game.winners()} == {max(game.state.reds)}
    again = replays(game, [f"p{i}" for i in range(players)], from_record)
    assert isinstance(again, Eintrichtern)
