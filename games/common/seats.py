"""Turn order: clockwise is seating (join) order, skipping seats that left the game."""

from __future__ import annotations

from collections.abc import Sequence


def next_seat(current: int, active: Sequence[bool]) -> int | None:
    """The next active seat after ``current``, wrapping around; None if no other seat is active."""
    n = len(active)
    for step in range(1, n + 1):
        seat = (current + step) % n
        if active[seat]:
            return seat
    return None
