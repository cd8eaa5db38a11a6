"""Abquetschen's race in numbers: how many turns a supply lasts, and who finishes first.

Most games end by a roll over the supply or a supply used up (§4.6 a, b): a race in which every
turn a player rolls, wins if the roll is over his supply, and otherwise takes the roll off his
supply when he can build it. Each player's race is his own (the others only change whether he
can build), so the chance that a seat finishes first follows from each seat's distribution of the
number of its own turns until it finishes (``finish_turns``). The hard computer player weighs
its choices by that chance (``first_to_finish``).

The model: a roll of 1 is never built (ABQ-1); a roll of 2–6 up to the supply is built with
probability ``BUILD_CHANCE`` (in played games about nine rolls in ten can be built), except on
the next turn, where the caller knows exactly which rolls a seat can build (``next_turn``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Final

from games.das_spiel import decisions as d

__all__ = [
    "BUILD_CHANCE",
    "HORIZON",
    "finish_turns",
    "first_to_finish",
    "next_turn",
    "with_build_chance",
]

BUILD_CHANCE: Final = 0.9  # a roll of 2–6 within the supply can be built (measured ~0.9)
HORIZON: Final = 60  # own turns looked at; a 55-dice supply lasts about 20
FACES: Final = (1, 2, 3, 4, 5, 6)
P_FACE: Final = 1 / 6

Distribution = tuple[float, ...]  # [k]: the chance of finishing on one's own turn k + 1


def _wins_by_roll(roll: int, supply: int) -> bool:
    return roll > supply or (d.ABQ_ROLL_EQUAL_SUPPLY_WINS and roll == supply)


def _table() -> tuple[Distribution, ...]:
    """``FINISH[s]``: the turns a supply of ``s`` lasts with the typical build chance."""
    table: list[Distribution] = [tuple([1.0] + [0.0] * (HORIZON - 1))]  # s = 0: already done
    for s in range(1, d.ABQ_SUPPLY + 1):
        dist = [0.0] * HORIZON
        stay = 0.0  # the chance this turn changes nothing
        for r in FACES:
            if _wins_by_roll(r, s):
                dist[0] += P_FACE
            elif r < d.ABQ_MIN_BUILD:
                stay += P_FACE
            else:
                built = P_FACE * BUILD_CHANCE
                stay += P_FACE - built
                if r == s:
                    dist[0] += built
                else:
                    for k, p in enumerate(table[s - r][: HORIZON - 1]):
                        dist[k + 1] += built * p
        # a turn that changes nothing repeats the distribution one turn later (geometric)
        for k in range(1, HORIZON):
            dist[k] += stay * dist[k - 1]
        table.append(tuple(dist))
    return tuple(table)


FINISH: Final = _table()


def finish_turns(supply: int) -> Distribution:
    """The turns a supply lasts, counted from the player's next turn."""
    return FINISH[max(0, min(supply, d.ABQ_SUPPLY))]


def next_turn(
    supply: int, gain: Mapping[int, int], later: Callable[[int], Distribution] = finish_turns
) -> Distribution:
    """Like ``finish_turns``, when the player's next turn is known exactly: ``gain[r]`` is how
    many dice a roll ``r`` takes off his supply (the roll plus the bonus dice of the best build;
    rolls he cannot build are missing); ``later(s)`` is how long a supply ``s`` lasts after it."""
    dist = [0.0] * HORIZON
    for r in FACES:
        if _wins_by_roll(r, supply):
            dist[0] += P_FACE
            continue
        left = supply - gain.get(r, 0)
        if left <= 0:
            dist[0] += P_FACE
            continue
        for k, p in enumerate(later(left)[: HORIZON - 1]):
            dist[k + 1] += P_FACE * p
    return tuple(dist)


def with_build_chance(chance: float) -> Callable[[int], Distribution]:
    """How long a supply lasts when the player's next turn builds a roll of 2–6 with ``chance``
    (his room to build now) and later turns as usual."""
    memo: dict[int, Distribution] = {}

    def last(supply: int) -> Distribution:
        if supply not in memo:
            dist = [0.0] * HORIZON
            for r in FACES:
                if _wins_by_roll(r, supply):
                    dist[0] += P_FACE
                    continue
                built = P_FACE * chance if r >= d.ABQ_MIN_BUILD else 0.0
                if built and r == supply:
                    dist[0] += built
                elif built:
                    for k, p in enumerate(finish_turns(supply - r)[: HORIZON - 1]):
                        dist[k + 1] += built * p
                for k, p in enumerate(finish_turns(supply)[: HORIZON - 1]):
                    dist[k + 1] += (P_FACE - built) * p
            memo[supply] = tuple(dist)
        return memo[supply]

    return last


def first_to_finish(order: Sequence[Distribution]) -> list[float]:
    """Each seat's chance to finish first, the seats listed in the order they play next: on
    every round the earlier seat finishes before the later ones."""
    n = len(order)
    # tails[i][k] = P(seat i has not finished after its own turn k + 1)
    tails = []
    for dist in order:
        left, tail = 1.0, []
        for p in dist:
            left -= p
            tail.append(max(0.0, left))
        tails.append(tail)
    chances = [0.0] * n
    for i, dist in enumerate(order):
        total = 0.0
        for k, p in enumerate(dist):
            if not p:
                continue
            others = 1.0
            for j in range(n):
                if j == i:
                    continue
                # a seat before i must not finish by round k + 1; a seat after i by round k
                if j < i:
                    others *= tails[j][k]
                else:
                    others *= tails[j][k - 1] if k else 1.0
            total += p * others
        chances[i] = total
    return chances
