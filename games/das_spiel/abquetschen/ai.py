"""Computer players for Abquetschen: easy (any legal build), normal (one-ply evaluation) and
hard (the chance to win, one turn ahead for every seat).

``decide(state, level, rng)`` returns the choice of the seat on turn in the phases with a
choice (start pyramid, build, bonus); rolls are chance, so the bot rolls for computers exactly as
for people. Only easy uses ``rng``; normal and hard are deterministic functions of the state.

Normal weighs what decides the game (§4.6): dice out of the supply (bonus dice from rows),
its own building room (empty positions touching its dice: the anchors of its next builds), the
opponents' room, and the two immediate ends a build can cause: the next player buried as his
turn begins (the fewest supply then wins) and burying itself.

Hard weighs every build (with each bonus group it earns) by the chance to win it leaves
(``odds``): the game as a race to the end of the supply, in which every seat's next turn is
known exactly (which rolls he can still build, and for itself the bonus of its longest row),
and the turn after by his room (few anchors, many passes: ``BLOCKED``). So it keeps its own
rolls buildable, takes rolls away from the opponents, and plans for its next row. A build that
buries a seat ends the game before that seat's turn: hard plays out the turns in between (the
fewest supply wins then), whichever seat it buries, itself included.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

from games.common.ai import Decision, Level
from games.das_spiel import decisions as d
from games.das_spiel import geometry as g
from games.das_spiel.abquetschen import odds
from games.das_spiel.abquetschen.builds import anchors_of, groups
from games.das_spiel.abquetschen.state import (
    SEATS,
    AbqState,
    Action,
    Bonus,
    Build,
    Phase,
    Start,
    bonus_dice,
    start_pyramid_order,
)

__all__ = ["decide"]

BONUS_DIE = 8.0  # a die out of the supply is what wins
OWN_ROOM = 1.0  # per empty position touching an own die
THEIR_ROOM = 0.5  # per empty position touching an opponent's die
END = 1000.0  # an end this build causes: won, shared or lost
# Hard: the chance that a roll of 2–6 cannot be built, by the number of empty positions that
# touch the player's dice (0, 1, …, 20 or more), measured over 150 games of normal and easy
BLOCKED = (0.82, 0.6, 0.45, 0.35, 0.25, 0.22, 0.19, 0.15, 0.11, 0.09, 0.065)
BLOCKED = (*BLOCKED, 0.06, 0.055, 0.055, 0.05, 0.05, 0.04, 0.04, 0.03, 0.03, 0.015)


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
    if level is Level.HARD:
        return _decide_hard(state, seat)
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
    k = bonus_dice(row, supply)
    if not k:
        return _value_after(state, seat, m)
    options = _after(state, seat, m).bonus_groups(seat, k)
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


# --------------------------------------------------------------------------------- hard


def _decide_hard(state: AbqState, seat: int) -> Decision[Action]:
    """Every build (with each bonus group it earns) weighed by the chance to win it leaves."""
    look = _Lookahead(state)
    if state.phase is Phase.BUILD:
        assert state.roll is not None
        best: tuple[float, int, int] | None = None
        for m in state.builds(seat, state.roll):
            for b in _bonus_options(state, seat, m):
                key = (look.win_chance(seat, m | b), -m, -b)
                if best is None or key > best:
                    best = key
        assert best is not None
        value, neg_m, _ = best
        return Decision(Build(seat, tuple(g.bits(-neg_m))), value, _say(-neg_m, value))
    options = [*state.bonus_groups(seat, state.bonus_due), 0]
    value, b = max((look.win_chance(seat, b), -b) for b in options)
    if not b:
        return Decision(Bonus(seat, ()), value, f"no bonus: {value:.2f}")
    return Decision(Bonus(seat, tuple(g.bits(-b))), value, _say(-b, value))


def _bonus_options(state: AbqState, seat: int, m: int) -> list[int]:
    """The bonus groups the build ``m`` earns (0: none, or declined)."""
    supply = state.supply[seat] - m.bit_count()
    k = bonus_dice(g.longest_row(m), supply)
    if not k:
        return [0]
    return [*_after(state, seat, m).bonus_groups(seat, k), 0]


def _after(state: AbqState, seat: int, m: int) -> AbqState:
    """``state`` once ``seat`` owns the new dice ``m`` (the turn not yet passed)."""
    after = state.copy()
    after.occupied |= m
    after.owned[seat] |= m
    after.supply[seat] -= m.bit_count()
    if seat == state.start_player:
        after.start_rebuilt = True
    return after


class _Lookahead:
    """Every seat's groups for each roll now, so that the groups after one candidate build are
    found cheaply: a group that misses the new dice stays legal, and any other group of the
    builder rests on a new die, so it grows from the new dice's dependents. For the other
    seats only whether a group exists matters: they are listed afresh only when none of their
    groups survives."""

    def __init__(self, state: AbqState) -> None:
        self.state = state
        self.memo: dict[int, Callable[[int], odds.Distribution]] = {}
        self.anchors = [state.anchors(p) for p in range(SEATS)]
        self.groups = [
            {r: state.builds(p, r) for r in range(d.ABQ_MIN_BUILD, 7)} for p in range(SEATS)
        ]

    def win_chance(self, seat: int, m: int) -> float:
        """The chance ``seat`` wins once the new dice ``m`` are his and the turn passes."""
        after = _after(self.state, seat, m)
        supply = after.supply
        if supply[seat] == 0:
            return 1.0
        nxt, last = (seat + 1) % SEATS, (seat + 2) % SEATS
        if after.buried(nxt):
            return _share(supply, seat)
        if after.buried(last):
            return _after_turns(after, seat, [self.gains(after, nxt, m, False)], [nxt])
        if after.buried(seat):
            movers = [nxt, last]
            gains = [self.gains(after, p, m, False) for p in movers]
            return _after_turns(after, seat, gains, movers)
        order = [nxt, last, seat]
        dists = [
            odds.next_turn(
                supply[p], self.gains(after, p, m, p == seat), self.later(after.anchors(p))
            )
            for p in order
        ]
        return odds.first_to_finish(dists)[2]

    def later(self, anchors: int) -> Callable[[int], odds.Distribution]:
        """The turns after a seat's next one, by his room to build (his anchors)."""
        room = min(anchors.bit_count(), len(BLOCKED) - 1)
        if room not in self.memo:
            self.memo[room] = odds.with_build_chance(1.0 - BLOCKED[room])
        return self.memo[room]

    def gains(self, after: AbqState, p: int, m: int, mine: bool) -> dict[int, int]:
        """How many dice each roll would take off ``p``'s supply on ``after``: the rolls he can
        build, and for ``mine`` the bonus of his longest row too."""
        out = {}
        supply = after.supply[p]
        keep = after.keep_open(p)
        new_anchors = after.anchors(p) & ~self.anchors[p]
        for r in range(d.ABQ_MIN_BUILD, min(6, supply) + 1):
            kept = [
                t
                for t in self.groups[p][r]
                if not t & m and (not keep or g.open_dice(after.occupied | t) & keep)
            ]
            if not mine:
                if kept or after.builds(p, r):
                    out[r] = r
                continue
            if self.state.owned[p]:
                found = kept + groups(after.occupied, new_anchors, r, keep)
            else:  # his first dice: from now on he must touch his own (exception 1 is over)
                found = after.builds(p, r)
            if found:
                row = max(g.longest_row(t) for t in found)
                out[r] = r + bonus_dice(row, supply - r)
        return out


def _after_turns(
    state: AbqState, seat: int, gains: list[dict[int, int]], movers: list[int]
) -> float:
    """The game ends by burying once ``movers`` have played one turn each: each rolls, wins by
    a roll over his supply, else builds the roll when he can (``gains``); then the fewest supply
    wins."""
    total = 0.0
    for rolls in itertools.product(odds.FACES, repeat=len(movers)):
        supply = list(state.supply)
        value = None
        for p, r, gain in zip(movers, rolls, gains, strict=True):
            if r > supply[p] or (d.ABQ_ROLL_EQUAL_SUPPLY_WINS and r == supply[p]):
                value = 0.0
                break
            supply[p] -= gain.get(r, 0)
            if supply[p] == 0:
                value = 0.0
                break
        total += _share(supply, seat) if value is None else value
    return total / len(odds.FACES) ** len(movers)


def _share(supply: list[int], seat: int) -> float:
    """The game ends now: ``seat``'s part of the win by the fewest supply."""
    low = min(supply)
    if supply[seat] != low:
        return 0.0
    return 1.0 / supply.count(low) if d.ABQ_TIES_SHARE else float(supply.count(low) == 1)
