"""Raffzahn's small pictures for phones (RULES.md §5.5): a seat's own wall for its private
panel, and the round's public picture.

**The wall** (``wall_image``) is drawn from ``Raffzahn.view(seat)`` alone, so it can hold
nothing the seat may not see (RAF-4): the 45 cells of its side as a triangle of dice seen
straight on, each the front die of its line with the pips it shows that side. Free dice are
light, dice something rests on greyer; a die whose line lost dice in front of it sits sunken
in a dark frame (the dice taken from before it), an empty line is a dark hollow; the dice the
seat may take now are ringed in cyan and labelled like their buttons (``6C1``). It is redrawn
after every take for every open panel, so it is small (540 px wide) and built from cached
sprites pasted on a cached background: a few milliseconds.

**The public picture** (``public_image``) is drawn from the public view (``view(None)``: the
shape, the roll, the piles) and this round's takes (positions, public anyway): no pips at all.
It shows the roll, each seat's takes this round and pile, and what is left: each side's wall
as the shape of its cells (no pips: a cell is light while its die is free, darker the deeper
its front die lies) and the dice left in each layer.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from PIL import Image, ImageDraw

from games.das_spiel import geometry as g
from games.das_spiel.pyramid import Colour
from games.das_spiel.raffzahn import SEATS, Phase, RaffView
from games.das_spiel.sides import side_of_seat
from locales import DEFAULT, tn, translator
from renderers.das_spiel import panels, view
from renderers.das_spiel import theme as th
from renderers.names import name_of
from renderers.text import fit, font

SS: Final = 4  # sprites are drawn at this multiple and reduced: smooth edges and pips
# the wall: 9 cells along the bottom row
PITCH: Final = 58  # a cell's step along a row
DIE: Final = 50  # a die's face
ROW_H: Final = 70  # a row's step down: the die and room for a label below it
LABEL_SIZE: Final = 19
WALL_MARGIN: Final = 12
WALL_W: Final = g.LAYERS * PITCH + 2 * WALL_MARGIN
WALL_H: Final = g.LAYERS * ROW_H + 2 * WALL_MARGIN
ROLL_DIE: Final = 54
GLOW: Final = 4  # the cyan square round a takeable die reaches this far out
SUNKEN: Final = 8  # a sunken die is this much smaller on each side, in its dark frame
# the public picture
PUBLIC_W: Final = 600
MINI: Final = 19  # a cell's step in the small walls
SEAT_ROW_H: Final = 74
# pips seen straight on: the pyramid's layout a little closer to the middle
PIPS: Final = {
    n: tuple((0.5 + (a - 0.5) * 0.86, 0.5 + (b - 0.5) * 0.86) for a, b in spots)
    for n, spots in view.PIP_LAYOUT.items()
}


def wall_cells(v: RaffView) -> list[tuple[int, int, int, int]]:
    """The seat's 45 cells as ``(row, column, front die, pips)`` with row 0 the apex's cell
    and row 8 the bottom one; ``(…, NONE, 0)`` where the whole line is empty. Also each
    cell's depth: how many dice of its line were taken from before its front die."""
    assert v.side is not None, "the public view has no wall"
    out = []
    counts = [0] * g.LAYERS
    for line, (i, pips) in zip(g.LINES[v.side], v.cells, strict=True):
        row = g.LAYERS - 1 - g.LAYER[line[0]]
        out.append((row, counts[row], i, pips))
        counts[row] += 1
    return out


def depth_of(side: int, cell: int, i: int) -> int:
    """How deep die ``i`` lies in the ``cell``-th line of ``side`` (0: on the wall)."""
    return g.LINES[side][cell].index(i) if i != g.NONE else 0


def cell_xy(row: int, column: int) -> tuple[int, int]:
    """The top-left corner of a die's square in the wall picture."""
    x = WALL_W // 2 + round((column - row / 2) * PITCH) - DIE // 2
    return x, WALL_MARGIN + row * ROW_H


@lru_cache(maxsize=64)
def square_die(fill: th.RGB, pips: int, size: int, ring: th.RGB | None = None) -> Image.Image:
    """A die seen straight on: ``fill`` with ``pips`` dark pips, a dark rim (``ring``: a
    thick coloured one, a die the seat may take)."""
    s = size * SS
    big = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    draw.rounded_rectangle((0, 0, s - 1, s - 1), radius=s // 5, fill=(*(ring or th.OUTLINE), 255))
    rim = SS * (4 if ring else 2)
    inner = (rim, rim, s - 1 - rim, s - 1 - rim)
    draw.rounded_rectangle(inner, radius=s // 6, fill=(*fill, 255))
    if ring:
        draw.rounded_rectangle(inner, radius=s // 6, outline=(*th.OUTLINE, 255), width=SS)
    r = s * 0.085
    for fx, fy in PIPS[pips]:
        draw.ellipse((s * fx - r, s * fy - r, s * fx + r, s * fy + r), fill=(*th.RAF_PIPS, 255))
    return big.resize((size, size), Image.Resampling.LANCZOS)


@lru_cache(maxsize=8)
def hollow(size: int, fill: th.RGB = th.HOLLOW[1]) -> Image.Image:
    """A cell whose die is gone: a dark rounded square (or one in ``fill``)."""
    s = size * SS
    big = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    ImageDraw.Draw(big).rounded_rectangle(
        (0, 0, s - 1, s - 1), radius=s // 5, fill=(*fill, 255), outline=(*th.PLATE, 255), width=SS
    )
    return big.resize((size, size), Image.Resampling.LANCZOS)


@lru_cache(maxsize=256)
def label_chip(text: str) -> Image.Image:
    """A takeable die's label, as on its button: white on black, ringed in cyan."""
    fnt = font(LABEL_SIZE, True)
    w = round(fnt.getlength(text)) + 12
    h = LABEL_SIZE + 6
    img = Image.new("RGBA", (w + 4, h + 4), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle((0, 0, w + 3, h + 3), radius=7, fill=(*th.LABEL_RING, 255))
    draw.rounded_rectangle((2, 2, w + 1, h + 1), radius=6, fill=(*th.LABEL_BG, 255))
    draw.text(((w + 3) / 2, (h + 3) / 2), text, font=fnt, fill=th.LABEL_TEXT, anchor="mm")
    return img


@lru_cache(maxsize=1)
def wall_background() -> Image.Image:
    """The empty wall: the background and the triangle of the side's cells."""
    img = Image.new("RGB", (WALL_W, WALL_H), th.BACKGROUND)
    draw = ImageDraw.Draw(img)
    top = cell_xy(0, 0)
    left = cell_xy(g.LAYERS - 1, 0)
    right = cell_xy(g.LAYERS - 1, g.LAYERS - 1)
    pad = 8
    draw.polygon(
        [
            (top[0] + DIE / 2, top[1] - pad),
            (right[0] + DIE + pad, right[1] + DIE + pad),
            (left[0] - pad, left[1] + DIE + pad),
        ],
        fill=th.PANEL,
    )
    return img


def _paste(img: Image.Image, sprite: Image.Image, xy: tuple[int, int]) -> None:
    img.paste(sprite, xy, sprite)


def wall_image(v: RaffView) -> Image.Image:
    """The seat's own wall (see the module's docstring), the roll in the top-left corner."""
    assert v.side is not None and v.seat is not None, "a seat's wall"
    img = wall_background().copy()
    labels = []
    for n, (row, column, i, pips) in enumerate(wall_cells(v)):
        x, y = cell_xy(row, column)
        if i == g.NONE:
            _paste(img, hollow(DIE), (x, y))
            continue
        takeable = bool(v.takeable >> i & 1)
        fill = th.RAF_OWN if v.free >> i & 1 else th.RAF_OWN_COVERED
        size, at = DIE, (x, y)
        if takeable:  # a cyan square round it, as wide as the cell's step allows
            _paste(img, hollow(DIE + 2 * GLOW, th.LABEL_RING), (x - GLOW, y - GLOW))
        if depth_of(v.side, n, i):  # dice before it were taken: it sits sunken
            _paste(img, hollow(DIE), (x, y))
            size, at = DIE - 2 * SUNKEN, (x + SUNKEN, y + SUNKEN)
        _paste(img, square_die(fill, pips, size), at)
        if takeable:
            labels.append((x + DIE // 2, y + DIE, g.LABELS[i]))
    for cx, y, text in labels:  # over the dice: a label may reach into the row below
        chip = label_chip(text)
        _paste(img, chip, (cx - chip.width // 2, y - 4))
    if v.phase is Phase.ROUND and v.value is not None:
        roll = panels.die_face(Colour.TURQUOISE, v.value, ROLL_DIE)
        _paste(img, roll, (WALL_MARGIN, WALL_MARGIN))
    draw_side_name(img, v.side)
    return img


def draw_side_name(img: Image.Image, side: int) -> None:
    panels.draw_text(
        img,
        (WALL_W - WALL_MARGIN, WALL_MARGIN),
        g.AXIS_NAMES[side],
        font(40, True),
        th.MUTED,
        "ra",
    )


# --------------------------------------------------------------------------- public


def front_depths(occupied: int, side: int) -> list[tuple[int, int, int]]:
    """Each cell of ``side`` as ``(row, column, depth)``: how deep its line's front die lies
    (-1: the line is empty), from the shape alone."""
    out = []
    counts = [0] * g.LAYERS
    for line in g.LINES[side]:
        row = g.LAYERS - 1 - g.LAYER[line[0]]
        depth = next((k for k, i in enumerate(line) if occupied >> i & 1), -1)
        out.append((row, counts[row], depth))
        counts[row] += 1
    return out


def _mini_fill(depth: int, free: bool) -> th.RGB:
    if depth < 0:
        return th.HOLLOW[1]
    base = th.RAF_BLANK if free else th.RAF_BLANK_COVERED
    return th.shade(base, max(0.55, 1.0 - 0.12 * depth))


def draw_mini_wall(
    draw: ImageDraw.ImageDraw, occupied: int, free: int, side: int, x0: int, y0: int
) -> None:
    """``side``'s wall as its shape: one small square a cell (no pips), light while its
    front die is free, darker the deeper that die lies, dark where the line is empty."""
    w = g.LAYERS * MINI
    for line, (row, column, depth) in zip(g.LINES[side], front_depths(occupied, side), strict=True):
        front = line[depth] if depth >= 0 else g.NONE
        x = x0 + w // 2 + round((column - row / 2) * MINI) - MINI // 2
        y = y0 + row * MINI
        fill = _mini_fill(depth, front != g.NONE and bool(free >> front & 1))
        draw.rounded_rectangle((x + 1, y + 1, x + MINI - 2, y + MINI - 2), radius=3, fill=fill)


def layer_counts(occupied: int) -> list[int]:
    """Dice left in each layer, the plate's (0) first."""
    return [(occupied & g.LAYER_MASK[h]).bit_count() for h in range(g.LAYERS)]


def public_image(
    v: RaffView,
    names: Sequence[str],
    takes: Sequence[tuple[int, int]],
    lang: str = DEFAULT,
    resigned: Sequence[bool] = (),
) -> Image.Image:
    """The round's public picture (see the module's docstring): ``v`` is ``view(None)``,
    ``takes`` this round's ``(seat, position)`` in order; a seat that ``resigned`` is greyed
    and says so."""
    assert v.seat is None, "the public picture is drawn from the public view"
    t = translator(lang)
    walls_y = 24 + SEAT_ROW_H * SEATS + 12
    height = walls_y + 40 + g.LAYERS * MINI + 24
    img = Image.new("RGB", (PUBLIC_W, height), th.BACKGROUND)
    draw = ImageDraw.Draw(img)
    m = 16
    # this round: each seat's takes and pile
    if v.phase is Phase.ROUND and v.value is not None:
        roll = panels.die_face(Colour.TURQUOISE, v.value, ROLL_DIE)
        _paste(img, roll, (PUBLIC_W - m - ROLL_DIE, m))
    body, small, bold = font(20), font(17), font(22, True)
    y = m
    for seat in range(SEATS):
        mine = [pos for s, pos in takes if s == seat]
        box = (m, y, PUBLIC_W - m - (ROLL_DIE + 12 if seat == 0 else 0), y + SEAT_ROW_H - 8)
        rolls = seat == v.roller and v.phase is not Phase.OVER
        draw.rounded_rectangle(box, radius=10, fill=th.PANEL_HIGHLIGHT if rolls else th.PANEL)
        if rolls:
            draw.rounded_rectangle((m, y, m + 6, box[3]), radius=3, fill=th.ACCENT)
        gone = seat < len(resigned) and resigned[seat]
        token = panels.seat_token(seat, 40)
        _paste(img, token, (m + 12, y + (SEAT_ROW_H - 8 - 40) // 2))
        name_w = 190
        name = name_of(names, seat, bold, name_w, lang)
        panels.draw_text(img, (m + 60, y + 8), name, bold, th.MUTED if gone else th.TEXT)
        side = g.AXIS_NAMES[side_of_seat(seat)]
        facts = [t("side {side}", side=side), tn(t, "{n} die", "{n} dice", v.piles[seat])]
        if gone:
            facts.insert(0, t("resigned"))
        line = fit(" · ".join(facts), small, name_w)
        panels.draw_text(img, (m + 60, y + 38), line, small, th.MUTED)
        # this round's takes: one chip a die in the seat's colour, its label (no pips)
        x = m + 60 + name_w + 14
        right = box[2] - 10
        count = f"+{len(mine)}" if mine else "–"
        panels.draw_text(img, (x, y + 10), count, font(30, True), th.MUTED if gone else th.TEXT)
        x += 54
        chip_font = font(18, True)
        shown = 0
        cy = y + 10
        for pos in mine:
            text = g.LABELS[pos]
            w = round(chip_font.getlength(text)) + 12
            if x + w > right:
                if cy > y + 10:
                    break
                x, cy = m + 60 + name_w + 14 + 54, cy + 30
                if x + w > right:
                    break
            draw.rounded_rectangle(
                (x, cy, x + w, cy + 26), radius=6, fill=panels.SEAT_COLOURS[seat]
            )
            draw.text((x + w / 2, cy + 13), text, font=chip_font, fill=th.TEXT, anchor="mm")
            x += w + 6
            shown += 1
        if shown < len(mine):
            more = f"+{len(mine) - shown}"
            panels.draw_text(img, (right, y + SEAT_ROW_H - 14), more, small, th.MUTED, "rd")
        y += SEAT_ROW_H
    # what is left: each side's wall as its shape, and the dice left in each layer
    left = layer_counts(v.occupied)
    above = sum(left[1:])
    head = t("Left above the plate: {n}", n=above)
    panels.draw_text(img, (m, walls_y), fit(head, body, PUBLIC_W - 2 * m), body, th.TEXT)
    wy = walls_y + 36
    wall_w = g.LAYERS * MINI
    gap = (PUBLIC_W - 2 * m - 3 * wall_w) // 2
    for seat in range(SEATS):
        side = side_of_seat(seat)
        x0 = m + seat * (wall_w + gap)
        draw_mini_wall(draw, v.occupied, v.free, side, x0, wy)
        token = panels.seat_token(seat, 26)
        _paste(img, token, (x0, wy))
        panels.draw_text(img, (x0 + wall_w, wy), g.AXIS_NAMES[side], font(24, True), th.MUTED, "ra")
    return img
