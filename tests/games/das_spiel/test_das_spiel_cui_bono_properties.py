"""Cui bono? properties over random games: every legal action applies, everything else is refused
with a reason and changes nothing, the listed put-backs are exactly the allowed ones, the pile
stays stable and no die is lost, the view hides exactly the interior and lets the rules be asked
the same questions, and a game's record replays to the same state."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.das_spiel import geometry as g
from games.das_spiel.cui_bono import CuiBono, CuiState, Keep, Phase, Pull, Put, from_record
from games.das_spiel.cui_bono.state import (
    hidden_dice,
    legal_funnels,
    public,
    pullable,
    put_refusal,
)
from tests.das_spiel_properties import probe, refuses_other_seat, replays, turns


def invariants(state: CuiState) -> None:
    pyr = state.pyramid
    assert pyr.is_stable()
    held = 0 if state.held is None else 1
    assert len(pyr) + held + sum(len(k) for k in state.kept) == g.COUNT
    assert all(len(k) <= state.dice_limit for k in state.kept)
    assert state.quiet < state.quiet_turns or state.finished


def check_view(game: CuiBono) -> None:
    """The view blanks exactly the dice without an exposed face, and every rule question the
    engine asks gets the same answer from it."""
    state = game.state
    view = game.view(state.current)
    pyr, seen = state.pyramid, view.pyramid
    blank = g.mask_of(i for i in g.bits(seen.occupied) if seen.dice[i] is None)
    assert seen.occupied == pyr.occupied and blank == hidden_dice(pyr.occupied)
    assert all(seen.dice[i] is not None for i, _a, _v in pyr.exposed_faces())
    if state.phase is Phase.PULL:
        for b in g.bits(pullable(pyr.occupied)):
            after, die, vacated = pyr.pull(b)
            _seen_after, seen_die, seen_vacated = seen.pull(b)  # the row slides in the view
            assert (seen_die, seen_vacated) == (die, vacated)
            allowed = legal_funnels(after, die.colour)
            assert legal_funnels(public(after), die.colour) == allowed  # walls are surface


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 6))
def test_random_games(seed: int, players: int) -> None:
    rng = random.Random(seed)
    game = CuiBono.new(players, seed % 1000, start_seat=rng.randrange(players))
    for turn, (state, seat, actions) in enumerate(turns(game)):
        if turn % 7 == 0:
            check_view(game)
        if state.phase is Phase.PULL:
            legal = {a.pos for a in actions if isinstance(a, Pull)}
            assert legal == set(g.bits(state.pullable()))
            probes = rng.sample(range(g.COUNT), 12)
            make = Pull
        else:
            assert state.held is not None and actions[-1] == Keep(seat)
            legal = {a.pos for a in actions if isinstance(a, Put)}
            colour = state.held.colour
            assert legal == {
                q for q in range(g.COUNT) if put_refusal(state.pyramid, q, colour) is None
            }
            probes = rng.sample(range(g.COUNT), 12) + g.bits(state.pyramid.funnels())
            make = Put  # type: ignore[assignment]
        for pos in probes:
            probe(state, make(seat, pos), pos in legal, CuiState.snapshot)
        refuses_other_seat(state, actions[0], players, CuiState.snapshot)
        game.apply(rng.choice(actions))
        invariants(game.state)
    assert game.state.winners and game.state.end_reason is not None
    assert game.legal_actions() == []
    replays(game, [f"p{i}" for i in range(players)], from_record, CuiState.snapshot)
