"""The turn counter carried in custom_ids, derived from the state."""

from __future__ import annotations

import random

import pytest

from bot.adapters.spexxx.controls import turn_id
from games.common.dice import SeededDice
from games.spexxx import Discard, Game, Place, Resign, Throw


@pytest.mark.parametrize("seed", range(40))
def test_turn_id_counts_placements_discards_and_resignations(seed: int) -> None:
    rng = random.Random(seed)
    game = Game.new(rng.choice([2, 3, 4]), SeededDice(seed))
    while not game.state.finished:
        seat = game.state.current
        assert seat is not None
        if rng.random() < 0.03:
            game.apply(Resign(rng.choice(game.state.active_seats())))
        else:
            game.apply(Throw(seat))
            allowed = game.state.allowed_squares()
            game.apply(Place(seat, rng.choice(allowed).name) if allowed else Discard(seat))
        events = sum(isinstance(e, Place | Discard | Resign) for e in game.events)
        assert turn_id(game) == events
