"""The dice of Spexxx's daily challenge (games/spexxx/daily.py), the same for everyone.

An empty board, the adult 2-player cube count (23 cubes), lines scored as usual, and dice fixed
by the day: the value of die slot ``i`` on throw ``k`` (0–3) of turn ``t`` (0-based) is
``DailyDice(day).value(t, k, i)``. A held die keeps its value; every die thrown takes the day's
value for its slot, throw and turn, whatever else is held.
"""

from __future__ import annotations

from datetime import date

from games.common.daily import day_key, hashed_die
from games.spexxx.combinations import DICE_PER_THROW

SALT = "spexxx-daily"


class DailyDice:
    """The day's dice table (computed on demand; pure)."""

    def __init__(self, day: date | str) -> None:
        self.day = day_key(day)

    def value(self, turn: int, throw: int, slot: int) -> int:
        return hashed_die(SALT, self.day, turn, throw, slot)

    def throw(
        self, turn: int, throw: int, held: frozenset[int], previous: tuple[int, ...] | None
    ) -> tuple[int, ...]:
        """Throw ``throw`` of ``turn``: held slots keep ``previous``, the others the day's value."""
        return tuple(
            previous[i] if previous is not None and i in held else self.value(turn, throw, i)
            for i in range(DICE_PER_THROW)
        )
