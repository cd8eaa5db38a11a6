"""The shared engine pieces: ``SlotState.copy`` copies exactly the lists a state names (a list
it forgot would be shared between a state and its copies, so a probe could change the game)."""

from __future__ import annotations

from typing import Any

import pytest

from games.das_spiel.abquetschen import AbqState
from games.das_spiel.bunte_kuh import BunteKuh
from games.das_spiel.cui_bono import CuiBono
from games.das_spiel.eintrichtern import Eintrichtern
from games.das_spiel.raffzahn import Raffzahn
from games.das_spiel.wuerfelmarsch import WmState

STATES = {
    "abquetschen": lambda: AbqState(),
    "bunte-kuh": lambda: BunteKuh.new(3, 7).state,
    "cui-bono": lambda: CuiBono.new(3, 7).state,
    "eintrichtern": lambda: Eintrichtern.new(3, 7).state,
    "raffzahn": lambda: Raffzahn.new(7).state,
    "wuerfelmarsch": lambda: WmState(),
}


@pytest.mark.parametrize("game", sorted(STATES))
def test_copy_copies_every_list_and_shares_nothing_mutable(game: str) -> None:
    state: Any = STATES[game]()
    lists = {n for n in type(state).__slots__ if isinstance(getattr(state, n), list)}
    assert lists == set(type(state).LISTS) | set(type(state).NESTED)
    other = state.copy()
    for name in type(state).__slots__:
        mine, theirs = getattr(state, name), getattr(other, name)
        assert mine == theirs
        if isinstance(mine, list):
            assert mine is not theirs
            assert all(a is not b for a, b in zip(mine, theirs, strict=True) if isinstance(a, list))
        else:
            assert not isinstance(mine, (dict, set)) or name in ("penalty", "sums")
