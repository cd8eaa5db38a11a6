"""Bunte Kuh (RULES.md §6): 2–6 players race to lay their dice in funnels whose sum matches the
roll of three pearl dice, as the timed online procedure of §6.4.

``BunteKuh`` (game.py) is the entry point: state + log, ``legal_actions``, ``apply``, ``view``,
replay and export. ``state.py`` holds the rules and the clock-free timing (GEN-7).
"""

from games.das_spiel.bunte_kuh import game as _game
from games.das_spiel.bunte_kuh import state as _state
from games.das_spiel.bunte_kuh.game import *  # noqa: F403
from games.das_spiel.bunte_kuh.state import *  # noqa: F403

__all__ = [*_state.__all__, *_game.__all__]
