"""Game state in, PNG bytes out: the turn image, the final image and the legend.

Everything static comes from cached builders in ``board``; a render copies the cached board
and draws only what the state adds, then encodes a palette PNG (small and quick to send).
``lang`` is one of ``locales.LANGUAGES`` (a Discord locale such as ``en-US`` works too);
anything else draws English.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from games.spexxx.state import SpexxxState
from locales import DEFAULT, resolve
from renderers import png
from renderers.spexxx import board, final, legend, marks, panels
from renderers.spexxx import theme as th
from renderers.spexxx.stored_palette import palette


def render_turn(
    state: SpexxxState,
    names: Sequence[str],
    *,
    highlight_allowed: bool = False,
    lang: str = DEFAULT,
) -> bytes:
    """The board as players see it during a game; ``highlight_allowed`` lights the squares the
    current dice allow (with their names), for the moment a player picks a square."""
    return encode(turn_image(state, names, highlight_allowed=highlight_allowed, lang=lang))


def render_final(state: SpexxxState, names: Sequence[str], *, lang: str = DEFAULT) -> bytes:
    """The final board, the standings with the winner(s) and everyone's score after each turn."""
    lang = resolve(lang)
    board = turn_image(state, names, lang=lang, all_lines=True)
    return encode(final.final_image(board, state, names, lang))


def render_legend(*, lang: str = DEFAULT) -> bytes:
    """Square colours, their points and the bronze/silver/gold rules, for ``/spexxx rules``."""
    return encode(legend.legend_image(resolve(lang)))


def turn_image(
    state: SpexxxState,
    names: Sequence[str],
    *,
    highlight_allowed: bool = False,
    lang: str = DEFAULT,
    all_lines: bool = False,
) -> Image.Image:
    """The board with the cubes and the panels; the last placement's lines outlined, or with
    ``all_lines`` every Spexxx of the game in its scorer's colour (the final picture)."""
    lang = resolve(lang)
    allowed = state.allowed_mask() if highlight_allowed and not state.finished else 0
    img = (board.dimmed_board(lang) if allowed else board.empty_board(lang)).copy()
    if allowed:
        marks.highlight_allowed(img, allowed)
    last = state.history[-1] if state.history else None
    score = state.last_score
    if all_lines:
        marks.draw_all_lines(img, state.owners)
    elif score is not None and last is not None and last.square == score.square:
        marks.draw_score_marks(img, score)
    for index, owner in enumerate(state.owners):
        if owner >= 0:
            cx, cy = th.cell_centre(index)
            tok = panels.board_token(owner)
            img.paste(tok, (cx - th.TOKEN // 2, cy - th.TOKEN // 2), tok)
    if last is not None and last.square is not None:
        marks.draw_last_cube(img, last.square, last.points)
    panels.draw_turn_panel(img, state, names, lang)
    panels.draw_players_panel(img, state, names, lang)
    return img


def encode(img: Image.Image) -> bytes:
    """Palette PNG with the fixed Spexxx palette (see ``palette``)."""
    return png.encode(img, palette())
