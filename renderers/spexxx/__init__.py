"""Spexxx images for the bot: ``render_turn``, ``render_final`` and ``render_legend`` take the
engine's state and return PNG bytes; ``SEAT_COLOURS`` and ``SEAT_MARKS`` let chat text refer to
the same cube colours and shapes."""

from renderers.spexxx.render import render_final, render_legend, render_turn
from renderers.spexxx.theme import SEAT_COLOUR_NAMES, SEAT_COLOURS, SEAT_MARKS

__all__ = [
    "SEAT_COLOURS",
    "SEAT_COLOUR_NAMES",
    "SEAT_MARKS",
    "render_final",
    "render_legend",
    "render_turn",
]
