"""Exact hold planning over dice multisets.

The order of dice never matters for which squares a throw allows, so a turn is a walk over the
252 multisets of five dice, and a hold is one of the 462 multisets of 0 to 5 kept dice. The
expectation of throwing the dice that are not kept is built one die at a time: the value of a
kept multiset is the mean, over the six faces, of the value of that multiset plus the face. Over
all 462 holds that is 210 means of six numbers per throw, a millisecond in pure Python.
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement
from math import factorial, prod

DICE = 5
FACES = (1, 2, 3, 4, 5, 6)
MAX_REROLLS = 3  # four throws a turn: the first one and three re-throws

Key = tuple[int, ...]

# Every multiset of 0..5 dice (sorted tuples), smallest first; FULL_KEYS are the size-5 ones.
SUB_KEYS: tuple[Key, ...] = tuple(
    key for size in range(DICE + 1) for key in combinations_with_replacement(FACES, size)
)
SUB_INDEX: dict[Key, int] = {key: i for i, key in enumerate(SUB_KEYS)}
FULL_KEYS: tuple[Key, ...] = tuple(key for key in SUB_KEYS if len(key) == DICE)
FULL_INDEX: dict[Key, int] = {key: i for i, key in enumerate(FULL_KEYS)}
EMPTY_HOLD = SUB_INDEX[()]


def multiset_probability(key: Key) -> float:
    """Chance that ``len(key)`` fair dice show exactly this multiset (in any order)."""
    n = len(key)
    ways = factorial(n) // prod(factorial(c) for c in Counter(key).values())
    return ways / 6**n


def _build_children() -> tuple[tuple[int, ...], ...]:
    """CHILDREN[kept] = the six multisets one more die makes (for every non-full multiset)."""
    return tuple(
        tuple(SUB_INDEX[tuple(sorted((*kept, face)))] for face in FACES)
        for kept in SUB_KEYS
        if len(kept) < DICE
    )


def _build_holds() -> tuple[tuple[int, ...], ...]:
    """HOLDS[full] = the distinct kept multisets a throw can go on with (not all five dice).

    Largest first, so that among equally good holds the one that keeps more dice wins.
    """
    table = []
    for key in FULL_KEYS:
        subs = {tuple(sorted(c)) for size in range(DICE) for c in combinations(key, size)}
        table.append(tuple(SUB_INDEX[s] for s in sorted(subs, key=lambda s: (-len(s), s))))
    return tuple(table)


CHILDREN = _build_children()
PARTIAL = len(CHILDREN)  # SUB_KEYS[PARTIAL:] are the full keys, in FULL_KEYS order
HOLDS = _build_holds()


@dataclass(frozen=True, slots=True)
class HoldPlan:
    """Expected values for a turn whose final dice are worth ``leaf[full key]``.

    ``throw_value[r][kept]``: the expectation of keeping ``kept`` (a SUB_KEYS index) and throwing
    the other dice when ``r`` re-throws remain after that throw, playing on optimally. For a full
    multiset it is the value of standing on those dice with ``r`` throws to come.
    """

    leaf: array[float]
    throw_value: tuple[array[float], ...]  # arrays of doubles: a plan is kept per running game

    @property
    def turn_value(self) -> float:
        """The expectation of a whole turn before its first throw."""
        return self.throw_value[MAX_REROLLS][EMPTY_HOLD]

    def choose(self, dice: Sequence[int], throws_left: int) -> tuple[int | None, float]:
        """Best kept multiset (a SUB_KEYS index; None = stop and place) and its expectation."""
        d = FULL_INDEX[tuple(sorted(dice))]
        stop = self.leaf[d]
        if throws_left <= 0:
            return None, stop
        values = self.throw_value[throws_left - 1]
        best_hold, best_value = None, stop
        for kept in HOLDS[d]:
            v = values[kept]
            if v > best_value + 1e-9:
                best_hold, best_value = kept, v
        return best_hold, best_value


def plan_holds(leaf: Sequence[float], rerolls: int = MAX_REROLLS) -> HoldPlan:
    """Backward induction over ``rerolls`` re-throws for final values ``leaf`` (by full key)."""
    leaf = tuple(leaf)
    children = CHILDREN
    standing = leaf  # value of holding each full multiset with r throws to come
    throw_value: list[array[float]] = []
    for r in range(rerolls + 1):
        values = [0.0] * PARTIAL + list(standing)
        for i in range(PARTIAL - 1, -1, -1):
            a, b, c, d, e, f = children[i]
            values[i] = (values[a] + values[b] + values[c] + values[d] + values[e] + values[f]) / 6
        throw_value.append(array("d", values))
        if r < rerolls:
            get = values.__getitem__
            standing = tuple(
                [max(stop, *map(get, holds)) for stop, holds in zip(leaf, HOLDS, strict=True)]
            )
    return HoldPlan(array("d", leaf), tuple(throw_value))


def hold_indices(dice: Sequence[int], kept: Key, held: frozenset[int]) -> frozenset[int]:
    """Die positions showing the multiset ``kept``, reusing the dice already held first.

    Reusing them means that keeping the same values as now gives exactly the current hold, so
    the player throws instead of issuing a hold that changes nothing.
    """
    need = Counter(kept)
    order = sorted(range(len(dice)), key=lambda i: (i not in held, i))
    chosen = []
    for i in order:
        if need[dice[i]] > 0:
            need[dice[i]] -= 1
            chosen.append(i)
    return frozenset(chosen)


def turn_moments(leaf: Sequence[float], rerolls: int = MAX_REROLLS) -> tuple[float, float]:
    """Mean and variance of a turn's final value ``leaf[full key]``, played for the mean.

    The same backward induction as ``plan_holds``, carrying the second moment of the choice
    that maximises the mean, so a race can be judged by how widely a turn's points spread.
    """
    leaf = tuple(leaf)
    children = CHILDREN
    leaf2 = tuple(x * x for x in leaf)
    standing, standing2 = leaf, leaf2
    mean = second = 0.0
    for r in range(rerolls + 1):
        values = [0.0] * PARTIAL + list(standing)
        squares = [0.0] * PARTIAL + list(standing2)
        for i in range(PARTIAL - 1, -1, -1):
            a, b, c, d, e, f = children[i]
            values[i] = (values[a] + values[b] + values[c] + values[d] + values[e] + values[f]) / 6
            squares[i] = (
                squares[a] + squares[b] + squares[c] + squares[d] + squares[e] + squares[f]
            ) / 6
        mean, second = values[EMPTY_HOLD], squares[EMPTY_HOLD]
        if r < rerolls:
            new, new2 = [], []
            for stop, stop2, holds in zip(leaf, leaf2, HOLDS, strict=True):
                best, best2 = stop, stop2
                for kept in holds:
                    if values[kept] > best + 1e-9:
                        best, best2 = values[kept], squares[kept]
                new.append(best)
                new2.append(best2)
            standing, standing2 = tuple(new), tuple(new2)
    return mean, max(0.0, second - mean * mean)
