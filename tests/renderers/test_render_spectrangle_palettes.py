"""The stored PNG palettes of both games (Spectrangle's and Spexxx's, stored the same way):
every exact colour kept, and still as good as a fresh one for what the renderer draws."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PIL import Image

from renderers.png import colours_of, mapping_error
from renderers.spectrangle import palette as spectrangle_palette
from renderers.spectrangle import palette_colours as spectrangle_colours
from renderers.spexxx import palette as spexxx_palette
from renderers.spexxx import palette_colours as spexxx_colours

GAMES = {
    "spectrangle": (spectrangle_palette, spectrangle_colours),
    "spexxx": (spexxx_palette, spexxx_colours),
}


@pytest.mark.parametrize("game", GAMES)
def test_stored_palette_keeps_exact_colours_exact(game: str) -> None:
    palette, stored = GAMES[game]
    assert len(stored.COLOURS) <= 256
    assert set(palette.exact_colours()) <= set(stored.COLOURS)


@pytest.mark.parametrize("game", GAMES)
def test_stored_palette_fits_what_the_renderer_draws(game: str) -> None:
    """The renderer loads the stored palette; if drawing changed, storing a fresh one is due."""
    palette, stored_module = GAMES[game]
    build: Callable[[], Image.Image] = palette.build
    sample = palette.sample_image()
    stored = mapping_error(sample, stored_module.COLOURS)
    fresh = mapping_error(sample, colours_of(build()))
    assert stored <= fresh + 0.5, (
        f"stored palette maps the sample with error {stored:.2f} against {fresh:.2f} for a "
        f"fresh one: run `python -m renderers.{game}.store_palette`"
    )
