"""The fixed PNG palette, built from a sample of everything the renderer draws.

Mapping to a known palette costs about a millisecond, where an adaptive quantizer costs
tens, and the same palette for every image keeps the output deterministic. Building it renders
five sample images (about 50 MB of peak memory and 0.3 s), so the bot loads the colours stored in
``palette_colours`` instead; after changing what the renderer draws, store a fresh one with
``python -m renderers.spexxx.store_palette`` (a test says when the stored one no longer fits).
"""

from __future__ import annotations

from PIL import Image

from games.spexxx.board import SQUARES, WIDTH
from games.spexxx.scoring import BlockScore, Direction, LineScore, PlacementScore
from games.spexxx.state import SpexxxState, TurnSummary, Variant
from renderers.png import build_palette, halved, stacked
from renderers.spexxx import board
from renderers.spexxx import theme as th
from renderers.spexxx.stored_palette import palette as palette  # the renderer's


def _sample_state() -> SpexxxState:
    """Every seat's cube on every zone colour, held dice, a scored line and block."""
    state = SpexxxState.new(Variant.ADULT, 4, 0)
    for n, sq in enumerate(SQUARES):
        if (sq.x + sq.y) % 2 == 0:
            state.owners[sq.index] = (n // 2) % 4
    line = tuple(3 * WIDTH + x for x in range(12, 17))
    for i in line:
        state.owners[i] = 0
    block = tuple(y * WIDTH + x for y in range(1, 4) for x in range(8, 11))
    for i in block:
        state.owners[i] = 1
    state.throws = [(1, 2, 3, 4, 5), (2, 2, 3, 4, 6)]
    state.held = frozenset({0, 2})
    state.scores = [123, 45, 6, 78]
    state.discards = [0, 1, 0, 2]
    state.history = [TurnSummary(0, ((1, 2, 3, 4, 5),), line[2], 37)]
    state.last_score = PlacementScore(
        line[2], (LineScore(Direction.HORIZONTAL, line, line, 25, 5),), BlockScore(block)
    )
    return state


def sample_image() -> Image.Image:
    """Everything the renderer draws (turn, placing, empty, dimmed and final), at half size."""
    from renderers.spexxx import final
    from renderers.spexxx.render import turn_image

    names = ["Ann", "محمد", "Benedikt", "שלום"]
    state = _sample_state()
    turn = turn_image(state, names)
    placing = state.copy()
    placing.owners = [-1] * len(placing.owners)
    placing.throws = [(1, 2, 3, 4, 6)]
    placing.occupied = 0
    placing.history = []
    placing.last_score = None
    placing_img = turn_image(placing, names, highlight_allowed=True)
    ended = state.copy()
    ended.current = None
    for k in range(40):
        ended.history.append(TurnSummary(k % 4, ((1, 1, 2, 2, 3),), None, k % 7))
    end_img = final.final_image(turn_image(ended, names), ended, names)
    # Halved with NEAREST (true colours only, a quarter of the pixels): the sample's colour
    # mix is what matters, and the full-size sample cost ~90 MB of peak memory at start.
    parts = [
        halved(p) for p in (turn, placing_img, board.named_board(), board.dimmed_board(), end_img)
    ]
    del turn, placing_img, end_img
    return stacked(parts)


def exact_colours() -> list[th.RGB]:
    """Colours that must map to themselves (seat colours, zones, marks, text)."""
    return [
        th.BACKGROUND,
        th.PANEL,
        th.PANEL_HIGHLIGHT,
        th.TEXT,
        th.MUTED,
        th.FAINT,
        th.OUTLINE,
        th.LINE_MARK,
        th.BLOCK_MARK,
        th.LAST_MARK,
        th.ALLOWED_MARK,
        (20, 20, 24),
        *th.SEAT_COLOURS,
        *th.ZONE_COLOURS.values(),
        *(_dim(rgb) for rgb in th.ZONE_COLOURS.values()),
    ]


def build() -> Image.Image:
    """A fresh palette from ``sample_image`` (slow; for storing and for the test)."""
    return build_palette(sample_image(), exact_colours())


def _dim(rgb: th.RGB) -> th.RGB:
    r, g, b = (round(c * th.DIM_FACTOR) for c in rgb)
    return r, g, b
