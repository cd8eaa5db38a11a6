"""Typed refusals: each says, in words for the player, why an action is not allowed now."""

from __future__ import annotations

from games.common.errors import GameOver, IllegalAction, NotInGame, NotYourTurn

__all__ = [
    "AllDiceHeld",
    "BadDice",
    "GameOver",
    "MustPlace",
    "MustThrowFirst",
    "NoSuchSquare",
    "NoThrowsLeft",
    "NotInGame",
    "NotYourTurn",
    "SquareNotAllowed",
    "SquareOccupied",
]


class MustThrowFirst(IllegalAction):
    pass


class NoThrowsLeft(IllegalAction):
    pass


class AllDiceHeld(IllegalAction):
    pass


class BadDice(IllegalAction):
    """A throw that is not five values 1–6, or that changed a held die."""


class NoSuchSquare(IllegalAction):
    pass


class SquareOccupied(IllegalAction):
    pass


class SquareNotAllowed(IllegalAction):
    pass


class MustPlace(IllegalAction):
    """Discarding while a square is allowed."""
