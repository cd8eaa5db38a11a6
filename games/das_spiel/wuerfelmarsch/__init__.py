"""Würfelmarsch (RULES.md §9): three armies of five dice tip their way toward the corner
opposite their side, capturing when a tip completes a funnel.

``Wuerfelmarsch`` (game.py) is the entry point: state + log, ``legal_actions``, ``apply``,
``view``, replay and export. ``state.py`` holds the rules (``judge`` rules on the funnels a tip
completes); ``ai.py`` has the computer players.
"""

from games.das_spiel.wuerfelmarsch.game import GAME, View, Wuerfelmarsch, from_record
from games.das_spiel.wuerfelmarsch.state import (
    COLOURS,
    SETUP,
    TARGETS,
    Action,
    BackwardMove,
    Capture,
    EndReason,
    Funnel,
    NotANeighbour,
    NotYourDie,
    Result,
    Rotate,
    Tip,
    WmState,
    judge,
)

__all__ = [
    "COLOURS",
    "GAME",
    "SETUP",
    "TARGETS",
    "Action",
    "BackwardMove",
    "Capture",
    "EndReason",
    "Funnel",
    "NotANeighbour",
    "NotYourDie",
    "Result",
    "Rotate",
    "Tip",
    "View",
    "WmState",
    "Wuerfelmarsch",
    "from_record",
    "judge",
]
