"""What every game's computer players share: the levels, and the shape of one decision.

The bot offers the same three levels for every game and shows a decision the same way, so both
live here; what a level actually does is the game's own business.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Generic, TypeVar

A = TypeVar("A")


class Level(Enum):
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"


@dataclass(frozen=True)
class Decision(Generic[A]):
    """One action of a computer player, what it expects from it, and why in a few words."""

    action: A
    expected: float | None
    explanation: str  # short text for people, e.g. "place on N4: +13 now"
