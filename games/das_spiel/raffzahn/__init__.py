"""Raffzahn (RULES.md §5): three players, each at one side, take free dice showing the roll on
their own side, as the timed online rounds of §5.5.

``Raffzahn`` (game.py) is the entry point: state + log, ``legal_actions``, ``apply``, ``view``,
replay and export. ``state.py`` holds the rules and the clock-free timing (GEN-7).
"""

from games.das_spiel.raffzahn.game import RaffView, Raffzahn, from_record
from games.das_spiel.raffzahn.state import (
    SEATS,
    Action,
    Close,
    EndReason,
    Phase,
    RaffState,
    Result,
    Roll,
    Stop,
    Take,
    Timeout,
    WrongFace,
)

__all__ = [
    "SEATS",
    "Action",
    "Close",
    "EndReason",
    "Phase",
    "RaffState",
    "RaffView",
    "Raffzahn",
    "Result",
    "Roll",
    "Stop",
    "Take",
    "Timeout",
    "WrongFace",
    "from_record",
]
