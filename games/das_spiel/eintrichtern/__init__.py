"""Eintrichtern (RULES.md §8): players remember the funnel sums under 36 red dice.

``Eintrichtern`` (game.py) is the entry point: state + log, ``legal_actions``, ``apply``,
``view``, replay and export. ``state.py`` holds the rules; ``view.py`` what a seat may see (the
walls of covered funnels never); ``memory.py`` and ``ai.py`` the computer players, which see
only the view and the public announcements.
"""

from games.das_spiel.eintrichtern.game import GAME, Eintrichtern, from_record
from games.das_spiel.eintrichtern.state import (
    FUNNELS,
    Action,
    Adopt,
    Cover,
    EinState,
    EndReason,
    Lift,
    NoRedDie,
    NothingToAdopt,
    OnlineStep,
    Phase,
    Result,
    Reveal,
    Roll,
    reds_goal,
)
from games.das_spiel.eintrichtern.view import EinView, view

__all__ = [
    "FUNNELS",
    "GAME",
    "Action",
    "Adopt",
    "Cover",
    "EinState",
    "EinView",
    "Eintrichtern",
    "EndReason",
    "Lift",
    "NoRedDie",
    "NothingToAdopt",
    "OnlineStep",
    "Phase",
    "Result",
    "Reveal",
    "Roll",
    "from_record",
    "reds_goal",
    "view",
]
