"""What the computer players of the two race games share (RULES.md §5.5, §6.4): a reaction time
drawn from a configurable range, an error rate, and a timed action.

A computer in a timed game never reads a clock either: given the state, a ``random.Random`` and
the time its look at the table starts (the round's start, or the last change of the table), it
returns the action it will send and the ``t`` at which it sends it, or None. The bot schedules
that action and asks again whenever the table changes first; tests and benchmarks run whole
games the same way without waiting.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

__all__ = ["Reaction", "Timed", "earliest"]

A = TypeVar("A")


@dataclass(frozen=True, slots=True)
class Reaction:
    """How fast and how reliable a computer player is: each look takes a uniform whole number
    of ms in ``[min_ms, max_ms]``; with probability ``error_rate`` the claim it then makes is
    a wrong one."""

    min_ms: int
    max_ms: int
    error_rate: float = 0.0

    def __post_init__(self) -> None:
        if not 0 <= self.min_ms <= self.max_ms:
            raise ValueError(
                f"a reaction range needs 0 ≤ min ≤ max, not {self.min_ms}…{self.max_ms}"
            )
        if not 0.0 <= self.error_rate <= 1.0:
            raise ValueError(f"an error rate is between 0 and 1, not {self.error_rate}")

    def delay(self, rng: random.Random) -> int:
        return rng.randint(self.min_ms, self.max_ms)

    def errs(self, rng: random.Random) -> bool:
        return self.error_rate > 0 and rng.random() < self.error_rate


@dataclass(frozen=True, slots=True)
class Timed(Generic[A]):
    """An action and the time (ms since the game began) at which the computer sends it."""

    t: int
    action: A


def earliest(offers: Sequence[Timed[A] | None], rng: random.Random) -> Timed[A] | None:
    """The offer sent first (a random one of a tie: the bot receives one of them first), or
    None if nobody offers anything. Simulations apply it, as the bot would."""
    made = [o for o in offers if o is not None]
    if not made:
        return None
    first = min(o.t for o in made)
    return rng.choice([o for o in made if o.t == first])
