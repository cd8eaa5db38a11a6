"""Spectrangle images for the bot: ``render_board``, ``render_placing`` and ``render_final``
take the engine's state and return PNG bytes, ``render_empty_board`` the bare board (for the
rules); ``placing_label`` names a placing option as the placing image shows it;
``TILE_COLOURS`` and ``SEAT_MARKS`` let chat text match the pictures."""

from renderers.spectrangle.placing import placing_label
from renderers.spectrangle.render import (
    render_board,
    render_empty_board,
    render_final,
    render_placing,
)
from renderers.spectrangle.theme import SEAT_COLOURS, SEAT_MARKS, TILE_COLOURS

__all__ = [
    "SEAT_COLOURS",
    "SEAT_MARKS",
    "TILE_COLOURS",
    "placing_label",
    "render_board",
    "render_empty_board",
    "render_final",
    "render_placing",
]
