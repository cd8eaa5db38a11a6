"""Tiles are pasted pre-blended over their field with a hard mask: the pixels must be exactly
those of blending the tile sprite onto the empty board, on every field."""

from __future__ import annotations

from PIL import ImageChops

from games.spectrangle.board import FIELDS
from renderers.spectrangle import board
from renderers.spectrangle import theme as th


def test_a_laid_tile_is_the_alpha_blend_of_its_sprite_on_every_field() -> None:
    for f in FIELDS:
        for sides, value in (("RGB", 4), ("WWW", 1), ("PYR", None)):
            fast = board.empty_board().copy()
            board.paste_tile(fast, f.index, sides, value)
            slow = board.empty_board().copy()
            sprite = board._field_tile(sides, f.up, value, f.bonus)
            slow.paste(sprite, th.field_origin(f.index), sprite)
            assert ImageChops.difference(fast, slow).getbbox() is None, (f.index, sides)
