"""Computer players for Abquetschen: easy (any legal build) and normal (one-ply evaluation).

``decide(state, level, rng)`` returns the choice of the seat on turn in the phases with a
choice (start pyramid, build, bonus); rolls are chance, so the bot rolls for computers exactly as
for people. ``Level.HARD`` plays as normal: a look ahead at every seat's next roll (which builds
each roll would allow) cost 30 ms a decision and won no more often (35.6 % of 500 games against
two normal players; the game is mostly luck).

Normal weighs what decides the game (§4.6): dice out of the supply (bonus dice from rows),
its own building room (empty positions touching its dice: the anchors of its next builds), the
opponents' room, and the two immediate ends a build can cause: an opponent buried as his turn
begins (the fewest supply then wins) and burying itself.
"""

from __future__ import annotations

import random

from games.common.ai import Decision, Level
from games.das_spiel import decisions as d
from games.das_spiel import geometry as g
from games.das_spiel.abquetschen.builds import anchors_of
from games.das_spiel.abquetschen.state import (
    SEATS,
    AbqState,
    Action,
    Bonus,
    Build,
    Phase,
    Start,
    start_pyramid_order,
)

__all__ = ["decide"]

BONUS_DIE = 8.0  # a die out of the supply is what wins
OWN_ROOM = 1.0  # per empty position touching an own die
THEIR_ROOM = 0.5  # per empty position touching an opponent's die
END = 1000.0  # an end this build causes: won, shared or lost


def decide(state: AbqState, level: Level, rng: random.Random | None = None) -> Decision[Action]:
    """The action of the seat on turn at ``level``; never mutates ``state``."""
    seat = state.current
    if seat is None or state.phase not in (Phase.START, Phase.BUILD, Phase.BONUS):
        raise ValueError(f"no choice to make now: {state.phase.value}")
    if level is Level.EASY:
        rng = rng or random.Random(f"{state.occupied}:{seat}:{state.phase}")
        action = rng.choice(_without_decline(state.legal_actions()))
        return Decision(action, None, "any legal move")
    if state.phase is Phase.START:
        m = start_pyramid_order()[0]
        return Decision(Start(seat, tuple(g.bits(m))), None, "a central start pyramid")
    if state.phase is Phase.BUILD:
        assert state.roll is not None
        ranked = sorted(
            ((_value_of_build(state, seat, m), -m) for m in state.builds(seat, state.roll)),
            reverse=True,
        )
        value, neg = ranked[0]
        return Decision(Build(seat, tuple(g.bits(-neg))), value, _say(-neg, value))
    options = state.bonus_groups(seat, state.bonus_due)
    if not options:
        return Decision(Bonus(seat, ()), None, "no bonus group")
    best = max(options, key=lambda m: (_value_after(state, seat, m), -m))
    value = _value_after(state, seat, best)
    return Decision(Bonus(seat, tuple(g.bits(best))), value, _say(best, value))


def _without_decline(actions: list[Action]) -> list[Action]:
    """Easy never declines bonus dice when it can build them."""
    built = [a for a in actions if not (isinstance(a, Bonus) and not a.positions)]
    return built or actions


def _say(m: int, value: float) -> str:
    return f"build {' '.join(g.labels(m))}: {value:+.1f}"


def _value_of_build(state: AbqState, seat: int, m: int) -> float:
    """The build ``m`` plus the best bonus it earns, as the position it leaves."""
    row = g.longest_row(m)
    supply = state.supply[seat] - m.bit_count()
    if supply == 0:
        return END * 2  # (a): this build wins
    k = min(max(0, row - d.ABQ_BONUS_ROW_OFFSET), supply)
    if not k:
        return _value_after(state, seat, m)
    after = state.copy()
    after.occupied |= m
    after.owned[seat] |= m
    after.supply[seat] = supply
    options = after.bonus_groups(seat, k)
    if not options:
        return _value_after(state, seat, m)
    return max(_value_after(state, seat, m | b, bonus=k) for b in options)


def _value_after(state: AbqState, seat: int, m: int, bonus: int = 0) -> float:
    """How good the pile is for ``seat`` once the new dice ``m`` are his."""
    occupied = state.occupied | m
    owned = list(state.owned)
    owned[seat] |= m
    supply = list(state.supply)
    supply[seat] -= m.bit_count()
    if supply[seat] == 0:
        return END * 2
    value = BONUS_DIE * bonus
    opened = g.open_dice(occupied)
    nxt = (seat + 1) % SEATS
    if owned[nxt] and not opened & owned[nxt]:
        value += _end_value(supply, seat)  # the next player is buried as his turn begins
    elif owned[seat] and not opened & owned[seat]:
        value += _end_value(supply, seat) / 2  # buried myself: the end comes at my turn
    value += OWN_ROOM * anchors_of(occupied, owned[seat]).bit_count()
    for other in range(SEATS):
        if other != seat:
            room = anchors_of(occupied, owned[other] or occupied).bit_count()
            value -= THEIR_ROOM * room
    return value


def _end_value(supply: list[int], seat: int) -> float:
    """An end scored by the fewest supply: won, shared, or lost for ``seat``."""
    low = min(supply)
    if supply[seat] != low:
        return -END
    return END if supply.count(low) == 1 else END / 4
