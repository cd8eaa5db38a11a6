"""Eintrichtern (RULES.md §8): players remember the funnel sums under 36 red dice.

``Eintrichtern`` (game.py) is the entry point: state + log, ``legal_actions``, ``apply``,
``view``, replay and export. ``state.py`` holds the rules; ``view.py`` what a seat may see (the
walls of covered funnels never); ``memory.py`` and ``ai.py`` the computer players, which see
only the view and the public announcements.
"""

from games.das_spiel.eintrichtern import game as _game
from games.das_spiel.eintrichtern import state as _state
from games.das_spiel.eintrichtern import view as _view
from games.das_spiel.eintrichtern.game import *  # noqa: F403
from games.das_spiel.eintrichtern.state import *  # noqa: F403
from games.das_spiel.eintrichtern.view import *  # noqa: F403

__all__ = [*_state.__all__, *_game.__all__, *_view.__all__]
