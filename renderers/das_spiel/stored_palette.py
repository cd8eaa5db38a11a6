"""The stored PNG palette (``palette_colours``) as an image, for the renderer.

Apart from ``palette``, which draws sample images with the renderer to build a new one: the
renderer needs only the stored colours, so the two do not import each other.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from renderers.png import palette_image


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """The stored palette as a "P" image, ready for ``quantize``."""
    from renderers.das_spiel.palette_colours import COLOURS

    return palette_image(COLOURS)
