"""Bunte Kuh's computer player (RULES.md §6.4): it looks for the funnel sum like a player, for a
reaction time drawn from its ``Reaction`` range, and then calls: right, or (with the error rate)
wrong. A correct caller lays its die after another reaction time.

Everything on the table is public (every funnel's walls are exposed faces), so the computer may
read the sums from the state: it knows nothing a player at the table could not see. Pure: the
time is an input (``start``), the randomness comes from the ``random.Random`` passed in.

``simulate`` plays a whole game among computers (the bot's scheduling without waiting): the
holder rolls ``ROLL_PAUSE_MS`` after the round before (§6.4's "next roll" countdown), the
earliest call wins the race, and a window nobody uses ends with its timeout.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.common.dice import SeededDice
from games.das_spiel import geometry as g
from games.das_spiel.bunte_kuh.game import BunteKuh
from games.das_spiel.bunte_kuh.state import BkState, Nowhere, Phase, Place, Stop
from games.das_spiel.orientation import ORIENTATIONS
from games.das_spiel.race import Reaction, Timed, events

__all__ = ["DEFAULT_REACTION", "ROLL_PAUSE_MS", "call", "decide", "lay", "simulate"]

DEFAULT_REACTION = Reaction(4_000, 20_000, 0.1)  # finding a sum among up to 36 funnels
ROLL_PAUSE_MS = 3_000  # §6.4: the bot rolls after a 3 s "next roll" countdown


def call(
    state: BkState, seat: int, rng: random.Random, start: int, reaction: Reaction
) -> Timed[Stop | Nowhere] | None:
    """The call ``seat`` makes in the open call window, looking from ``start`` (the roll), or
    None if its reaction time would end at or after the deadline. Without an error: STOP at a
    matching funnel, or NERGENS if none matches. With one: STOP at a funnel of another sum, or
    NERGENS although one matches."""
    if state.phase is not Phase.CALL or state.roll_sum is None:
        return None
    t = reaction.look(rng, start, state.deadline)
    if t is None:
        return None
    found = state.matching(state.roll_sum)
    if reaction.errs(rng):
        others = [q for q in g.bits(state.funnels()) if q not in found]
        wrong: list[Stop | Nowhere] = [Stop(seat, q, t) for q in others]
        if found:
            wrong.append(Nowhere(seat, t))
        if wrong:
            return Timed(t, rng.choice(wrong))
    if found:
        return Timed(t, Stop(seat, rng.choice(found), t))
    return Timed(t, Nowhere(seat, t))


def lay(
    state: BkState, seat: int, rng: random.Random, start: int, reaction: Reaction
) -> Timed[Place] | None:
    """The die a correct caller lays, from ``start`` (his call): in the called funnel (after
    NERGENS any funnel), in a random orientation (BK-2: any of the 24 is his to choose; none
    helps the layer more than another). None if not his to lay or too late (the engine's
    default placement follows at the deadline)."""
    if state.phase is not Phase.PLACE or state.caller != seat:
        return None
    t = reaction.look(rng, start, state.deadline)
    if t is None:
        return None
    pos = state.called if state.called is not None else rng.choice(g.bits(state.funnels()))
    return Timed(t, Place(seat, pos, rng.choice(ORIENTATIONS), t))


def decide(
    state: BkState, seat: int, rng: random.Random, start: int, reaction: Reaction
) -> Timed[Stop | Nowhere | Place] | None:
    """``call`` in the call window, ``lay`` in the place window, else None."""
    if state.phase is Phase.CALL:
        return call(state, seat, rng, start, reaction)
    return lay(state, seat, rng, start, reaction)


def simulate(
    players: Sequence[Reaction],
    seed: int,
    rng: random.Random,
    *,
    start_seat: int = 0,
    max_rounds: int = 2_000,
) -> BunteKuh:
    """A whole game among computers on the plate of ``seed``; dice and reactions from ``rng``.
    Returns the game (finished unless ``max_rounds`` ran out); its ``to_record`` replays it."""
    game = BunteKuh.new(len(players), seed, start_seat)
    dice = SeededDice(rng.randrange(2**32))
    rounds = 0
    for rolling in events(game, players, decide, dice, rng, ROLL_PAUSE_MS):
        if rounds >= max_rounds:
            break
        rounds += rolling
    return game
