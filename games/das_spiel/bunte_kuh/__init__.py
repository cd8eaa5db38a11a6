"""Bunte Kuh (RULES.md §6): 2–6 players race to lay their dice in funnels whose sum matches the
roll of three pearl dice, as the timed online procedure of §6.4.

``BunteKuh`` (game.py) is the entry point: state + log, ``legal_actions``, ``apply``, ``view``,
replay and export. ``state.py`` holds the rules and the clock-free timing (GEN-7).
"""

from games.das_spiel.bunte_kuh.game import BkView, BunteKuh, from_record
from games.das_spiel.bunte_kuh.state import (
    Action,
    BkState,
    EndReason,
    Nowhere,
    Outcome,
    Phase,
    Place,
    Result,
    Roll,
    RoundLocked,
    Stop,
    Timeout,
    WrongFunnel,
    supply_for,
)

__all__ = [
    "Action",
    "BkState",
    "BkView",
    "BunteKuh",
    "EndReason",
    "Nowhere",
    "Outcome",
    "Phase",
    "Place",
    "Result",
    "Roll",
    "RoundLocked",
    "Stop",
    "Timeout",
    "WrongFunnel",
    "from_record",
    "supply_for",
]
