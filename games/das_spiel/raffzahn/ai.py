"""Raffzahn's computer player (RULES.md §5.5): it looks at its own side for a reaction time
drawn from its ``Reaction`` range, then grabs a free die showing the roll on its side; as the
roller it calls STOP once it sees nothing more for itself. With the error rate it misreads and
clicks a free die that does not show the roll (the engine refuses that click at no cost but the
time, RAF-3).

Honest: it uses only what its own panel shows (the shape, which dice are free, its own side's
pips), never the other two sides. Pure: the time is an input (``start``, the moment the table
last changed), the randomness comes from the ``random.Random`` passed in.

``simulate`` plays a whole game among computers: the roller rolls ``ROLL_PAUSE_MS`` after the
round before, the earliest click is applied, everyone looks again after each change, and a
round nobody ends closes by its timeout.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.common.dice import SeededDice
from games.das_spiel import geometry as g
from games.das_spiel.race import Reaction, Timed, events
from games.das_spiel.raffzahn.game import Raffzahn
from games.das_spiel.raffzahn.state import SEATS, Phase, RaffState, Stop, Take
from games.das_spiel.sides import side_of_seat

__all__ = ["DEFAULT_REACTION", "ROLL_PAUSE_MS", "decide", "simulate"]

DEFAULT_REACTION = Reaction(1_500, 6_000, 0.05)  # spotting one number on one wall
ROLL_PAUSE_MS = 3_000


def decide(
    state: RaffState, seat: int, rng: random.Random, start: int, reaction: Reaction
) -> Timed[Take | Stop] | None:
    """What ``seat`` does next in the open round, looking from ``start``, or None (nothing for
    it, or its reaction would end at or after the deadline)."""
    if state.phase is not Phase.ROUND or state.value is None:
        return None
    t = reaction.look(rng, start, state.deadline)
    if t is None:
        return None
    pyr = state.pyramid
    axis = side_of_seat(seat)
    free = g.bits(pyr.free_dice())  # the shape is public
    mine = [i for i in free if pyr.face(i, axis) == state.value]  # its own side's pips only
    if reaction.errs(rng):
        misread = [i for i in free if pyr.face(i, axis) != state.value]
        if misread:
            return Timed(t, Take(seat, rng.choice(misread), t))
    if mine:
        return Timed(t, Take(seat, rng.choice(mine), t))
    if seat == state.roller:
        return Timed(t, Stop(seat, t))
    return None


def simulate(
    players: Sequence[Reaction],
    seed: int,
    rng: random.Random,
    *,
    start_seat: int = 0,
    max_events: int = 20_000,
) -> Raffzahn:
    """A whole game among three computers on the pyramid of ``seed``; the turquoise die and the
    reactions from ``rng``. Returns the game (finished unless ``max_events`` ran out)."""
    if len(players) != SEATS:
        raise ValueError(f"Raffzahn has {SEATS} seats")
    game = Raffzahn.new(seed, start_seat)
    dice = SeededDice(rng.randrange(2**32))
    for steps, _rolling in enumerate(events(game, players, decide, dice, rng, ROLL_PAUSE_MS)):
        if steps >= max_events:
            break
    return game
