"""Würfelmarsch properties over random games: every legal action applies, random other tips and
rotations are refused with a reason and change nothing, dice are conserved (on the plate,
captured or removed), every seat's view shows the whole plate, and a game's record replays to
the same state."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.das_spiel import geometry as g
from games.das_spiel.orientation import ORIENTATIONS
from games.das_spiel.wuerfelmarsch import COLOURS, Rotate, Tip, WmState, Wuerfelmarsch, from_record
from tests.das_spiel_properties import probe, refuses_other_seat, replays, turns


def invariants(state: WmState) -> None:
    union = 0
    for seat in range(3):
        assert state.owned[seat] & union == 0
        union |= state.owned[seat]
        for p in g.bits(state.owned[seat]):
            die = state.pyramid.dice[p]
            assert die is not None and die.colour is COLOURS[seat]
    assert union == state.pyramid.occupied and not union & ~g.BOTTOM_MASK
    # 15 dice: on the plate, captured by someone, or removed from play
    assert len(state.pyramid) + sum(state.captured) + sum(state.removed) == 15
    assert all(state.owned[s] for s in range(3) if state.current == s)


def candidates(state: WmState, seat: int, rng: random.Random) -> list[Tip | Rotate]:
    """Actions to try: tips from random bottom positions to random neighbours or anywhere, and
    rotations of random dice to random orientations."""
    out: list[Tip | Rotate] = []
    bottom = g.bits(g.BOTTOM_MASK)
    for _ in range(6):
        frm = rng.choice(g.bits(state.pyramid.occupied) or bottom)
        near = g.LAYER_NEIGHBOURS[frm]
        to = rng.choice(near) if rng.random() < 0.7 else rng.randrange(g.COUNT)
        out.append(Tip(seat, frm, to))
        out.append(Rotate(seat, frm, rng.choice(ORIENTATIONS)))
    return out


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**32))
def test_random_games(seed: int) -> None:
    rng = random.Random(seed)
    game = Wuerfelmarsch(start_seat=rng.randrange(3), quiet_turns=rng.choice((5, 30, 90)))
    for state, seat, actions in turns(game, 250):
        legal = set(actions)
        for a in rng.sample(actions, min(4, len(actions))):
            state.copy().apply(a)
        for cand in candidates(state, seat, rng):
            probe(state, cand, cand in legal)
        refuses_other_seat(state, actions[0], 3)
        tips = [a for a in actions if isinstance(a, Tip)]
        pick = rng.choice(tips if tips and rng.random() < 0.8 else actions)
        game.apply(pick)
        invariants(game.state)
        views = {game.view(s) for s in range(3)}
        assert len({(v.dice, v.captured, v.removed, v.current) for v in views}) == 1
        assert {p for p, _o, _u in next(iter(views)).dice} == set(g.bits(state.pyramid.occupied))
    replays(game, ["a", "b", "c"], from_record)
    if game.state.finished:
        assert game.state.winners and game.state.current is None
