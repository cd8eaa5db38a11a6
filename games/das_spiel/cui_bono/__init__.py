"""Cui bono? (RULES.md §7): 2–6 players pull bottom dice out of the full pyramid and put them
back into funnels, or keep them for minus points.

``CuiBono`` (game.py) is the entry point: state + log, ``legal_actions``, ``apply``, ``view``,
replay and export. ``state.py`` holds the rules; ``ai.py`` has the computer players.
"""

from games.das_spiel.cui_bono import game as _game
from games.das_spiel.cui_bono import state as _state
from games.das_spiel.cui_bono.game import *  # noqa: F403
from games.das_spiel.cui_bono.state import *  # noqa: F403

__all__ = [*_state.__all__, *_game.__all__]
