"""Typed refusals: each says, in words for the player, why an action is not allowed now.

The refusals every game shares (game over, not your turn, not in the game) come from
``games.common.errors`` and are re-exported here.
"""

from __future__ import annotations

from games.common.errors import GameOver, IllegalAction, NotInGame, NotYourTurn

__all__ = [
    "BadReturnPosition",
    "BadRotation",
    "BagEmpty",
    "FieldOccupied",
    "FirstOnBonus",
    "GameOver",
    "MustPlace",
    "NoSuchField",
    "NoSuchTile",
    "NotInGame",
    "NotTouching",
    "NotYourTurn",
    "SidesDoNotMatch",
    "TileNotHeld",
]


class NoSuchTile(IllegalAction):
    """A code that names no tile (``"RYR"`` is not a code: ``"RRY"`` is)."""


class NoSuchField(IllegalAction):
    pass


class BadRotation(IllegalAction):
    pass


class TileNotHeld(IllegalAction):
    pass


class FieldOccupied(IllegalAction):
    pass


class FirstOnBonus(IllegalAction):
    pass


class NotTouching(IllegalAction):
    pass


class SidesDoNotMatch(IllegalAction):
    """A touching side whose colour differs (and neither is white)."""

    def __init__(self, message: str, *, field: int, neighbour: int) -> None:
        super().__init__(message)
        self.field = field
        self.neighbour = neighbour


class MustPlace(IllegalAction):
    """Passing or exchanging while a placement exists; ``example`` is one (tile, field)."""

    def __init__(self, message: str, *, example: tuple[str, int]) -> None:
        super().__init__(message)
        self.example = example


class BagEmpty(IllegalAction):
    """An exchange with an empty bag: there is nothing to exchange with."""


class BadReturnPosition(IllegalAction):
    pass
