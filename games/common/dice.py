"""Dice as injected chance: every random value a game uses comes from one seedable source."""

from __future__ import annotations

import random
from typing import Protocol

from games.common.chance import RandomChance


class DiceRng(Protocol):
    def roll(self, count: int) -> tuple[int, ...]:
        """``count`` fair six-sided dice."""
        ...


class SeededDice(RandomChance):
    """Fair dice from ``random.Random``; the same seed gives the same game. It is a
    ``games.common.chance.Chance`` too, for games that shuffle instead of rolling."""

    def __init__(self, seed: int | str | None = None) -> None:
        self._random = random.Random(seed)

    def roll(self, count: int) -> tuple[int, ...]:
        # Same draws as ``randint(1, 6)`` (3 random bits, redrawn while >= 6), without its
        # argument checks: the dice stay identical for a seed, at a third of the cost.
        getrandbits = self._random.getrandbits
        out = []
        for _ in range(count):
            r = getrandbits(3)
            while r >= 6:
                r = getrandbits(3)
            out.append(r + 1)
        return tuple(out)


def roll_off(seats: int, rng: DiceRng) -> tuple[int, tuple[tuple[int | None, ...], ...]]:
    """Everyone rolls one die; the highest starts, ties roll again among themselves.

    Returns the start seat and each round's rolls by seat (None for a seat that sat out).
    """
    contenders = list(range(seats))
    rounds: list[tuple[int | None, ...]] = []
    while True:
        values = rng.roll(len(contenders))
        row: list[int | None] = [None] * seats
        for seat, value in zip(contenders, values, strict=True):
            row[seat] = value
        rounds.append(tuple(row))
        best = max(values)
        contenders = [s for s, v in zip(contenders, values, strict=True) if v == best]
        if len(contenders) == 1:
            return contenders[0], tuple(rounds)
