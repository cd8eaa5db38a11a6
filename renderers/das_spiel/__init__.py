"""Das Spiel pictures: pure functions, state in, PNG bytes out.

``render_pyramid`` draws any ``Pyramid`` in the top view (any game, any side); each game adds
its panels on top (``render_abquetschen``, ``render_cui_bono``, ``render_raffzahn``,
``render_bunte_kuh``, ``render_eintrichtern``, ``render_wuerfelmarsch`` and their ``_final``).
``GAMES`` in ``__main__`` maps a record's game to its pictures for ``python -m
renderers.das_spiel``: a game whose engine lands adds one module like ``cui_bono.py`` and one
line there (``SEAT_VIEWS`` too where seats see different things).
"""

from renderers.das_spiel.render import (
    render_abquetschen,
    render_abquetschen_final,
    render_bunte_kuh,
    render_bunte_kuh_final,
    render_cui_bono,
    render_cui_bono_final,
    render_eintrichtern,
    render_eintrichtern_final,
    render_pyramid,
    render_raffzahn,
    render_raffzahn_final,
    render_raffzahn_public,
    render_raffzahn_wall,
    render_wuerfelmarsch,
    render_wuerfelmarsch_final,
)

__all__ = [
    "render_abquetschen",
    "render_abquetschen_final",
    "render_bunte_kuh",
    "render_bunte_kuh_final",
    "render_cui_bono",
    "render_cui_bono_final",
    "render_eintrichtern",
    "render_eintrichtern_final",
    "render_pyramid",
    "render_raffzahn",
    "render_raffzahn_final",
    "render_raffzahn_public",
    "render_raffzahn_wall",
    "render_wuerfelmarsch",
    "render_wuerfelmarsch_final",
]
