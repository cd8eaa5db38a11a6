"""Würfelmarsch (RULES.md §9): three armies of five dice tip their way toward the corner
opposite their side, capturing when a tip completes a funnel.

``Wuerfelmarsch`` (game.py) is the entry point: state + log, ``legal_actions``, ``apply``,
``view``, replay and export. ``state.py`` holds the rules (``judge`` rules on the funnels a tip
completes); ``ai.py`` has the computer players.
"""

from games.das_spiel.wuerfelmarsch import game as _game
from games.das_spiel.wuerfelmarsch import state as _state
from games.das_spiel.wuerfelmarsch.game import *  # noqa: F403
from games.das_spiel.wuerfelmarsch.state import *  # noqa: F403

__all__ = [*_state.__all__, *_game.__all__]
