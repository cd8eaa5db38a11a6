"""Cui bono? (RULES.md §7): 2–6 players pull bottom dice out of the full pyramid and put them
back into funnels, or keep them for minus points.

``CuiBono`` (game.py) is the entry point: state + log, ``legal_actions``, ``apply``, ``view``,
replay and export. ``state.py`` holds the rules; ``ai.py`` has the computer players.
"""

from games.das_spiel.cui_bono.game import GAME, CuiBono, from_record
from games.das_spiel.cui_bono.state import (
    Action,
    CuiState,
    EndReason,
    Keep,
    NotPullable,
    Phase,
    Pull,
    Put,
    PutRefused,
    Result,
    legal_funnels,
    pullable,
)

__all__ = [
    "GAME",
    "Action",
    "CuiBono",
    "CuiState",
    "EndReason",
    "Keep",
    "NotPullable",
    "Phase",
    "Pull",
    "Put",
    "PutRefused",
    "Result",
    "from_record",
    "legal_funnels",
    "pullable",
]
