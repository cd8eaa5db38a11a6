"""Where the bot's dice come from.

Each action gets its own RNG keyed by (game id, event index): live games use the OS's
randomness; tests pass a seed and get the same dice after a restart, because nothing about the
RNG has to survive in memory.
"""

from __future__ import annotations

import random
from typing import Protocol

from games.common.chance import RandomChance
from games.common.dice import DiceRng, SeededDice

ROLL_OFF = -1  # event index used for the start-player roll-off


class DiceSource(Protocol):
    def __call__(self, game_id: int, event_index: int) -> DiceRng: ...


class SystemDice(RandomChance):
    """The OS's randomness: dice to roll, and a ``Chance`` for games that shuffle."""

    def __init__(self) -> None:
        self._random = random.SystemRandom()

    def roll(self, count: int) -> tuple[int, ...]:
        return tuple(self._random.randint(1, 6) for _ in range(count))


def system_dice(game_id: int, event_index: int) -> DiceRng:
    return SystemDice()


def seeded_dice(seed: int | str) -> DiceSource:
    def source(game_id: int, event_index: int) -> DiceRng:
        return SeededDice(f"{seed}:{game_id}:{event_index}")

    return source
