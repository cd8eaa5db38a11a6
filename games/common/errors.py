"""Errors a player or a file can cause. They carry a message fit to show a person.

Anything else raised by the engine is a bug and should fail loudly. The refusals every
turn-based game has live here, so the bot can word them once for all games.
"""

from __future__ import annotations


class GameError(Exception):
    """Base of all user-caused errors; ``str(error)`` is the message for the user."""


class IllegalAction(GameError):
    """An action the rules do not allow now; the state is unchanged."""


class RecordError(GameError):
    """A file that is not a valid game record (wrong JSON, format or types)."""


class GameOver(IllegalAction):
    pass


class NotYourTurn(IllegalAction):
    pass


class NotInGame(IllegalAction):
    """The seat does not exist or has left the game."""
