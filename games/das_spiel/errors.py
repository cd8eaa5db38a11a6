"""Typed refusals shared by the six Das Spiel games (RULES.md §3.3, GEN-6).

Every refusal is an ``IllegalAction``: ``apply`` raises it *before* changing anything, its
message is fit to show the player, and a refused request is never recorded. The refusals every
turn-based game has (game over, not your turn, not in the game) come from
``games.common.errors`` and are re-exported here; the timed-window refusals of GEN-7 are raised
by ``games.das_spiel.timing``. A game adds its own subclasses for its own rules.
"""

from __future__ import annotations

from games.common.errors import GameOver, IllegalAction, NotInGame, NotYourTurn

__all__ = [
    "BadOrientation",
    "GameOver",
    "IllegalAction",
    "NoSuchPosition",
    "NoWindowOpen",
    "NotAFunnel",
    "NotFree",
    "NotInGame",
    "NotYourTurn",
    "PastDeadline",
    "PositionEmpty",
    "PositionTaken",
    "TimeWentBack",
    "TimeoutTooEarly",
    "Unsupported",
    "WrongPhase",
]


class WrongPhase(IllegalAction):
    """An event the current phase does not allow (a build before the roll, a second roll …)."""


class NoSuchPosition(IllegalAction):
    """Text that is not one of the 165 labels."""


class PositionTaken(IllegalAction):
    pass


class PositionEmpty(IllegalAction):
    pass


class Unsupported(IllegalAction):
    """A die that would not rest on three dice (or the plate)."""


class NotAFunnel(IllegalAction):
    pass


class NotFree(IllegalAction):
    """A die that cannot be taken without moving others."""


class BadOrientation(IllegalAction):
    """Not one of the 24 orientations, or (rotating) the die's own."""


class TimeWentBack(IllegalAction):
    """An event stamped earlier than the one before it."""


class PastDeadline(IllegalAction):
    """An event other than ``timeout`` at or after the open window's deadline."""


class NoWindowOpen(IllegalAction):
    """A ``timeout`` while no window is open."""


class TimeoutTooEarly(IllegalAction):
    """A ``timeout`` before the deadline."""
