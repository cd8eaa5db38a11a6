"""Das Spiel pictures: pure functions, state in, PNG bytes out.

``render_pyramid`` draws any ``Pyramid`` in the top view (any game, any side); each game adds
its panels on top (``render_abquetschen`` / ``render_abquetschen_final``). ``GAMES`` maps a
record's game name to its pictures for ``python -m renderers.das_spiel``: a game whose engine
lands adds one module like ``abquetschen.py`` and one line there.
"""

from renderers.das_spiel.render import (
    render_abquetschen,
    render_abquetschen_final,
    render_pyramid,
)

__all__ = ["render_abquetschen", "render_abquetschen_final", "render_pyramid"]
