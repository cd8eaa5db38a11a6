"""Abquetschen (RULES.md §4): three players build the pyramid from their own supplies.

``Abquetschen`` (game.py) is the entry point: state + log, ``legal_actions``, ``apply``, replay
and export. ``state.py`` holds the rules; ``builds.py`` enumerates legal groups fast; ``ai.py``
has the computer players.
"""

from games.das_spiel.abquetschen.game import COLOURS, Abquetschen, from_record
from games.das_spiel.abquetschen.state import (
    START_PYRAMIDS,
    AbqState,
    Action,
    Bonus,
    Build,
    EndReason,
    Phase,
    Result,
    Roll,
    Start,
)

__all__ = [
    "COLOURS",
    "START_PYRAMIDS",
    "AbqState",
    "Abquetschen",
    "Action",
    "Bonus",
    "Build",
    "EndReason",
    "Phase",
    "Result",
    "Roll",
    "Start",
    "from_record",
]
