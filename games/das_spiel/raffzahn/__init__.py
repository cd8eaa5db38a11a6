"""Raffzahn (RULES.md §5): three players, each at one side, take free dice showing the roll on
their own side, as the timed online rounds of §5.5.

``Raffzahn`` (game.py) is the entry point: state + log, ``legal_actions``, ``apply``, ``view``,
replay and export. ``state.py`` holds the rules and the clock-free timing (GEN-7).
"""

from games.das_spiel.raffzahn import game as _game
from games.das_spiel.raffzahn import state as _state
from games.das_spiel.raffzahn.game import *  # noqa: F403
from games.das_spiel.raffzahn.state import *  # noqa: F403

__all__ = [*_state.__all__, *_game.__all__]
