"""Abquetschen (RULES.md §4): three players build the pyramid from their own supplies.

``Abquetschen`` (game.py) is the entry point: state + log, ``legal_actions``, ``apply``, replay
and export. ``state.py`` holds the rules; ``builds.py`` enumerates legal groups fast; ``ai.py``
has the computer players.
"""

from games.das_spiel.abquetschen import game as _game
from games.das_spiel.abquetschen import state as _state
from games.das_spiel.abquetschen.game import *  # noqa: F403
from games.das_spiel.abquetschen.state import *  # noqa: F403

__all__ = [*_state.__all__, *_game.__all__]
