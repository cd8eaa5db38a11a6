"""Game state in, PNG bytes out: the board image, the placing image and the final image.

The empty board comes from a cached builder and tiles are cached sprites, so a render is a
copy, some pastes and the panel's text, then a palette PNG (small and quick to send).
``lang`` is one of ``locales.LANGUAGES`` (a Discord locale such as ``en-US`` works too);
anything else draws English.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from games.spectrangle.state import SpectrangleState
from games.spectrangle.tiles import TILE_BY_CODE
from locales import DEFAULT, resolve, translator
from renderers import png
from renderers.spectrangle import board, final, panels, placing
from renderers.spectrangle.stored_palette import palette

FINAL_COMPRESS_LEVEL = 6


def render_board(state: SpectrangleState, names: Sequence[str], *, lang: str = DEFAULT) -> bytes:
    """The board, the last tile laid with its points, and every player's hand and score."""
    return encode(board_image(state, names, lang=lang))


def render_placing(
    state: SpectrangleState, names: Sequence[str], tile: str, *, lang: str = DEFAULT
) -> bytes:
    """The board dimmed but for the fields where ``tile`` (a code) fits now, each showing the
    rotations that fit there, labelled as ``placing_label`` names them."""
    return encode(placing_image(state, names, tile, lang=lang))


def render_empty_board() -> bytes:
    """The board alone, its fields numbered and the bonus fields marked: for the rules."""
    return encode(_canvas())


def render_final(state: SpectrangleState, names: Sequence[str], *, lang: str = DEFAULT) -> bytes:
    """The final board and hands, the standings with hands deducted and the score plot."""
    lang = resolve(lang)
    img = final.final_image(board_image(state, names, lang=lang), state, names, lang)
    # Sent once per game, so it is worth zlib's level 6: a sixth smaller, ~40 ms slower.
    return png.encode(img, palette(), compress_level=FINAL_COMPRESS_LEVEL)


def board_image(
    state: SpectrangleState, names: Sequence[str], *, lang: str = DEFAULT
) -> Image.Image:
    lang = resolve(lang)
    img = _canvas()
    board.draw_tiles(img, state.board, lang)
    last = state.last_placement
    if last is not None and last.field is not None and last is state.last_turn:
        board.last_tile_mark(img, last.field, last.points)
    panels.draw_status(img, state, lang)
    panels.draw_last_move(img, state, names, lang)
    panels.draw_players(img, state, names, lang)
    return img


def placing_image(
    state: SpectrangleState, names: Sequence[str], tile: str, *, lang: str = DEFAULT
) -> Image.Image:
    lang = resolve(lang)
    t = translator(lang)
    fits = state.fits(tile, distinct=True) if not state.finished else []
    img = _canvas()
    board.draw_tiles(img, state.board, lang)
    board.dim(img)
    placing.draw_options(img, tile, fits, lang)
    panels.draw_status(img, state, lang)
    panels.draw_last_move(img, state, names, lang)
    y = panels.draw_players(img, state, names, lang)
    # the tile by its picture below the heading: its code's letters are English
    heading = t("Where this tile fits") if fits else t("This tile fits nowhere")
    placing.draw_chosen(img, TILE_BY_CODE[tile].code, heading, y, lang)
    return img


def _canvas() -> Image.Image:
    return board.empty_board().copy()


def encode(img: Image.Image) -> bytes:
    """Palette PNG with the fixed Spectrangle palette (see ``palette``), unfiltered: a turn's
    image is sent every move, so speed counts (see ``png.encode_unfiltered``)."""
    return png.encode_unfiltered(img, palette())
