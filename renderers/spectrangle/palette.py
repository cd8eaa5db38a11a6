"""The fixed PNG palette: the exact colours of the theme plus the best of a sample render.

Mapping to a known palette costs a few milliseconds where an adaptive quantizer costs tens,
and one palette for every image keeps the output deterministic. Building it draws a sample
game (about a second), so the bot loads the colours stored in ``palette_colours`` instead;
after changing what the renderer draws, store a fresh one with
``python -m renderers.spectrangle.store_palette`` (a test says when the stored one no longer
fits).
"""

from __future__ import annotations

from PIL import Image

from games.spectrangle.game import Game
from renderers.png import build_palette, halved, stacked
from renderers.spectrangle import theme as th
from renderers.spectrangle.stored_palette import palette as palette  # the renderer's

SAMPLE_NAMES = ("Ann", "محمد", "Benedikt", "Zoë")


def exact_colours() -> list[th.RGB]:
    """Colours that must map to themselves: tile colours, fields, seats, panels, text."""
    base = [
        th.BACKGROUND,
        th.PANEL,
        th.PANEL_HIGHLIGHT,
        th.TEXT,
        th.MUTED,
        th.FAINT,
        th.OUTLINE,
        th.BOARD,
        th.EMPTY_FIELD,
        th.BONUS_TEXT,
        th.ACCENT,
        th.LAST_MARK,
        th.ALLOWED_FILL,
        th.ALLOWED_MARK,
        th.DARK_TEXT,
        th.PLOT_BG,
        th.PLOT_GRID,
        *th.TILE_COLOURS.values(),
        *th.BONUS_TINTS.values(),
        *th.SEAT_COLOURS,
    ]
    dimmed = [
        _dim(c)
        for c in (th.EMPTY_FIELD, th.BOARD, *th.TILE_COLOURS.values(), *th.BONUS_TINTS.values())
    ]
    return base + dimmed


def _sample_state() -> Game:
    game = Game.new(4, 5)
    while not game.finished and game.state.turn < 40:
        game.apply(game.legal_actions()[0])
    return game


def sample_image() -> Image.Image:
    """A board, a placing image and a final image of one sample game, at half size."""
    from renderers.spectrangle import final
    from renderers.spectrangle.render import board_image, placing_image

    game = _sample_state()
    state = game.state
    parts = [board_image(state, SAMPLE_NAMES)]
    if state.current is not None:
        parts.append(placing_image(state, SAMPLE_NAMES, state.hand(state.current)[0]))
    parts.append(final.final_image(parts[0], state, SAMPLE_NAMES))
    return stacked([halved(p) for p in parts])


def build() -> Image.Image:
    """A fresh palette from ``sample_image`` (slow; for storing and for the test)."""
    return build_palette(sample_image(), exact_colours())


def _dim(rgb: th.RGB) -> th.RGB:
    r, g, b = (round(c * th.DIM_FACTOR) for c in rgb)
    return r, g, b
