"""Seeded randomness for games whose chance is a shuffle or a position, not dice.

Games take a ``Chance`` so tests and replays can inject one; ``SeededChance`` makes the same
seed give the same game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, TypeVar

T = TypeVar("T")


class Chance(Protocol):
    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A uniformly random permutation of ``items`` (a new list)."""
        ...

    def below(self, n: int) -> int:
        """A uniformly random integer in ``0 … n − 1``."""
        ...


class RandomChance:
    """A ``Chance`` drawn from ``self._random`` (a ``random.Random`` the subclass sets)."""

    _random: random.Random

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        self._random.shuffle(out)
        return out

    def below(self, n: int) -> int:
        return self._random.randrange(n)


class SeededChance(RandomChance):
    def __init__(self, seed: int | str | None = None) -> None:
        self._random = random.Random(seed)
