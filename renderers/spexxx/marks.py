"""What the last move did, drawn over the board: the new cube's frame, its Spexxx lines and
3×3 block outlined, and the squares the dice allow while placing.

Outlines are drawn through a small supersampled mask around each shape, so they are smooth
without anti-aliasing the whole image.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from games.spexxx.board import WIDTH
from games.spexxx.combinations import iter_mask
from games.spexxx.scoring import PlacementScore, spexxx_lines
from renderers.spexxx import board
from renderers.spexxx import theme as th
from renderers.text import font

SS = 2  # supersampling of outline masks
Point = tuple[float, float]


def _capsule(p0: Point, p1: Point, radius: float, steps: int = 14) -> list[Point]:
    """Polygon of a stadium shape (a segment thickened by ``radius``) from p0 to p1."""
    angle = math.atan2(p1[1] - p0[1], p1[0] - p0[0])
    points: list[Point] = []
    for end, start in ((p1, angle - math.pi / 2), (p0, angle + math.pi / 2)):
        for i in range(steps + 1):
            a = start + math.pi * i / steps
            points.append((end[0] + radius * math.cos(a), end[1] + radius * math.sin(a)))
    return points


def _stroke(img: Image.Image, outer: list[Point], inner: list[Point], colour: th.RGB) -> None:
    """Fill the ring between two polygons, anti-aliased, onto ``img``."""
    xs = [p[0] for p in outer]
    ys = [p[1] for p in outer]
    left, top = math.floor(min(xs)) - 1, math.floor(min(ys)) - 1
    right, bottom = math.ceil(max(xs)) + 2, math.ceil(max(ys)) + 2
    size = ((right - left) * SS, (bottom - top) * SS)
    mask = Image.new("L", size, 0)
    draw = ImageDraw.Draw(mask)

    def local(poly: list[Point]) -> list[Point]:
        return [((x - left) * SS, (y - top) * SS) for x, y in poly]

    draw.polygon(local(outer), fill=255)
    draw.polygon(local(inner), fill=0)
    mask = mask.reduce(SS)
    img.paste(colour, (left, top), mask)


def outline_capsule(
    img: Image.Image, p0: Point, p1: Point, radius: float, width: float, colour: th.RGB
) -> None:
    """A ``colour`` stadium outline with a thin dark edge each side, visible on any zone."""
    edge = 1.5
    _stroke(
        img,
        _capsule(p0, p1, radius + width / 2 + edge),
        _capsule(p0, p1, radius - width / 2 - edge),
        th.OUTLINE,
    )
    _stroke(img, _capsule(p0, p1, radius + width / 2), _capsule(p0, p1, radius - width / 2), colour)


def _rounded_rect(
    box: tuple[float, float, float, float], radius: float, steps: int = 6
) -> list[Point]:
    left, top, right, bottom = box
    corners = (
        (right - radius, top + radius, -math.pi / 2),
        (right - radius, bottom - radius, 0.0),
        (left + radius, bottom - radius, math.pi / 2),
        (left + radius, top + radius, math.pi),
    )
    points: list[Point] = []
    for cx, cy, start in corners:
        for i in range(steps + 1):
            a = start + (math.pi / 2) * i / steps
            points.append((cx + radius * math.cos(a), cy + radius * math.sin(a)))
    return points


def outline_box(
    img: Image.Image,
    box: tuple[float, float, float, float],
    radius: float,
    width: float,
    colour: th.RGB,
) -> None:
    edge = 1.5

    def grown(by: float) -> list[Point]:
        left, top, right, bottom = box
        return _rounded_rect((left - by, top - by, right + by, bottom + by), max(1.0, radius + by))

    _stroke(img, grown(width / 2 + edge), grown(-width / 2 - edge), th.OUTLINE)
    _stroke(img, grown(width / 2), grown(-width / 2), colour)


def draw_score_marks(img: Image.Image, score: PlacementScore) -> None:
    """Outline each Spexxx line and the 3×3 block that scored on the last placement."""
    if score.block is not None:
        cells = score.block.squares
        xs = [c % WIDTH for c in cells]
        ys = [c // WIDTH for c in cells]
        left, top, _, _ = th.cell_box(min(xs), max(ys))
        _, _, right, bottom = th.cell_box(max(xs), min(ys))
        outline_box(img, (left + 1, top + 1, right - 1, bottom - 1), 10, 5, th.BLOCK_MARK)
    for line in score.lines:
        p0 = th.cell_centre(line.squares[0])
        p1 = th.cell_centre(line.squares[-1])
        outline_capsule(img, p0, p1, th.CELL * 0.45, 4, th.LINE_MARK)


def draw_all_lines(img: Image.Image, owners: list[int]) -> None:
    """Every Spexxx on the board outlined in its scorer's seat colour (the final picture:
    which lines scored, and whose)."""
    for seat, squares in spexxx_lines(owners):
        p0 = th.cell_centre(squares[0])
        p1 = th.cell_centre(squares[-1])
        outline_capsule(img, p0, p1, th.CELL * 0.42, 5, th.SEAT_COLOURS[seat])


def draw_last_cube(img: Image.Image, index: int, points: int) -> None:
    """Frame the cube placed last and, if it scored, a ``+points`` tag at its corner."""
    x, y = index % WIDTH, index // WIDTH
    left, top, right, bottom = th.cell_box(x, y)
    outline_box(img, (left + 3, top + 3, right - 3, bottom - 3), 7, 4, th.LAST_MARK)
    if points <= 0:
        return
    draw = ImageDraw.Draw(img)
    tag_font = font(15, True)
    label = f"+{points}"
    w = round(tag_font.getlength(label)) + 10
    h = 19
    tx = min(right - w // 2, th.BOARD_X + th.BOARD_W - w)
    ty = max(top - h // 2, th.BOARD_Y)
    draw.rounded_rectangle((tx - 1, ty - 1, tx + w + 1, ty + h + 1), radius=9, fill=th.OUTLINE)
    draw.rounded_rectangle((tx, ty, tx + w, ty + h), radius=8, fill=th.LAST_MARK)
    draw.text((tx + w / 2, ty + h / 2 + 1), label, font=tag_font, fill=(20, 20, 24), anchor="mm")


def highlight_allowed(img: Image.Image, mask: int) -> None:
    """On the dimmed board, bring back the allowed squares at full colour with their names."""
    named = board.named_board()
    draw = ImageDraw.Draw(img)
    for sq in iter_mask(mask):
        box = th.cell_box(sq.x, sq.y)
        img.paste(named.crop(box), box[:2])
        left, top, right, bottom = box
        draw.rounded_rectangle(
            (left + 1, top + 1, right - 2, bottom - 2), radius=7, outline=th.ALLOWED_MARK, width=3
        )
