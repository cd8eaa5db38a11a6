"""The isometric top view of the pyramid, for any ``Pyramid`` (RULES.md §2.3, §2.7).

Seen from above, a die corner-down shows its three upper faces as three lozenges round its
top corner: ``U_X`` below it, ``U_Y`` to the upper left, ``U_Z`` to the upper right in the
canonical view (side X along the bottom). A stable pile is a stepped surface, so its exposed
faces (``Pyramid.exposed_faces``) tile the picture without overlapping: no depth sorting, one
cached sprite per (colour, screen role, pips) pasted per face. An empty plate hollow shows the
three walls of its hollow the other way round (concave), and a funnel's three walls are the
exposed faces of its supports round the funnel's point, where a dark hole marks it.

Side views (``side`` = Y or Z) turn the pyramid as ``sides.project`` does: a face ``U_a`` then
takes screen role ``(a − side) mod 3``. Labels stay global.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from PIL import Image, ImageDraw

from games.das_spiel import geometry as g
from games.das_spiel.pyramid import Colour, Pyramid
from renderers.das_spiel import theme as th
from renderers.text import font

Point = tuple[float, float]

SS: Final = 4  # sprites are drawn at this multiple and reduced: smooth edges and pips
# Screen vectors of e_x, e_y, e_z in the canonical view (``sides.project`` times 88 px),
# rounded to whole pixels: every die then sits on the pixel grid, so a face sprite is the same
# at every position and neighbouring faces meet exactly (62/36 is within 0.6 % of √3).
ROLE_VECTORS: Final[tuple[Point, Point, Point]] = (
    (0.0, -float(th.FACE_V)),
    (float(th.FACE_U), th.FACE_V / 2),
    (-float(th.FACE_U), th.FACE_V / 2),
)
HEX_R: Final = float(th.FACE_V)  # a die's outline is a hexagon of this circumradius
PLATE_RIM: Final = 16
SIDE_NAME_H: Final = 34  # room for the side's name below the plate
# Extent of the drawing round the apex's point: the corner hexagons plus the plate's rim.
_REACH: Final = HEX_R + PLATE_RIM
_TOP: Final = 8 * th.FACE_V + 2 * _REACH
_BOTTOM: Final = 4 * th.FACE_V + _REACH + SIDE_NAME_H

WIDTH: Final = th.IMAGE_W
HEIGHT: Final = round(_TOP + _BOTTOM) + 2 * th.MARGIN
ORIGIN: Final = (WIDTH / 2, th.MARGIN + _TOP)  # where the apex's top corner is drawn

PIP_LAYOUT: Final[dict[int, tuple[Point, ...]]] = {
    0: (),
    1: ((0.5, 0.5),),
    2: ((0.26, 0.26), (0.74, 0.74)),
    3: ((0.26, 0.26), (0.5, 0.5), (0.74, 0.74)),
    4: ((0.26, 0.26), (0.74, 0.26), (0.26, 0.74), (0.74, 0.74)),
    5: ((0.26, 0.26), (0.74, 0.26), (0.5, 0.5), (0.26, 0.74), (0.74, 0.74)),
    6: ((0.26, 0.26), (0.74, 0.26), (0.26, 0.5), (0.74, 0.5), (0.26, 0.74), (0.74, 0.74)),
}
PIP_R: Final = 0.1  # in face units (a face is the unit square)
STRIPES: Final = 5  # a pearl face's sheen: stripes 3 px wide, whole colour in their middle


def centre(i: int, side: int = g.X) -> tuple[int, int]:
    """Pixel of position ``i``'s top corner: the middle of its die, the point of its funnel
    (``sides.project`` on the whole-pixel vectors)."""
    return _CENTRES[side][i]


def _centres(side: int) -> tuple[tuple[int, int], ...]:
    out = []
    for p in g.POSITIONS:
        x, y, z = p[side], p[(side + 1) % 3], p[(side + 2) % 3]
        out.append(
            (
                round(ORIGIN[0]) + (y - z) * th.FACE_U,
                round(ORIGIN[1]) + (y + z - 2 * x) * th.FACE_V // 2,
            )
        )
    return tuple(out)


_CENTRES: Final = tuple(_centres(side) for side in g.AXES)


def role(axis: int, side: int = g.X) -> int:
    """Screen role of face ``U_axis`` in the view from ``side``: 0 lower, 1 left, 2 right."""
    return (axis - side) % 3


# --------------------------------------------------------------------------- sprites


def _lozenge(r: int, origin: Point) -> tuple[Point, Point, Point, Point]:
    """Corners of the face of role ``r`` whose corner (0, 0) is at ``origin``."""
    (ax, ay), (bx, by) = ROLE_VECTORS[(r + 1) % 3], ROLE_VECTORS[(r + 2) % 3]
    ox, oy = origin
    return ((ox, oy), (ox + ax, oy + ay), (ox + ax + bx, oy + ay + by), (ox + bx, oy + by))


def _inset(r: int, origin: Point, gap: float) -> list[Point]:
    """The face's corners moved ``gap`` pixels in from every edge (the dark die edge)."""
    a, b = ROLE_VECTORS[(r + 1) % 3], ROLE_VECTORS[(r + 2) % 3]
    la, lb = math.hypot(*a), math.hypot(*b)
    da = (a[0] / la, a[1] / la)
    db = (b[0] / lb, b[1] / lb)
    k = gap / abs(da[0] * db[1] - da[1] * db[0])  # over the sine of the face's angle
    out = []
    for (cx, cy), sa, sb in zip(_lozenge(r, origin), (1, -1, -1, 1), (1, 1, -1, -1), strict=True):
        out.append((cx + k * (sa * da[0] + sb * db[0]), cy + k * (sa * da[1] + sb * db[1])))
    return out


def _face_point(r: int, origin: Point, s: float, t: float) -> Point:
    (ax, ay), (bx, by) = ROLE_VECTORS[(r + 1) % 3], ROLE_VECTORS[(r + 2) % 3]
    return origin[0] + s * ax + t * bx, origin[1] + s * ay + t * by


def _sprite_box(r: int, offset: Point) -> tuple[int, int, int, int]:
    xs = [p[0] for p in _lozenge(r, offset)]
    ys = [p[1] for p in _lozenge(r, offset)]
    return int(min(xs)) - 1, int(min(ys)) - 1, int(max(xs)) + 2, int(max(ys)) + 2


def _render_face(r: int, offset: Point, fill: th.RGB, decorate: object = None) -> Sprite:
    """A face sprite of role ``r`` whose corner (0, 0) is ``offset`` from the anchor point;
    ``decorate(draw, to_px)`` adds pips or stripes (drawn at ``SS``×, kept inside the face).

    The face is drawn smooth on the die-edge colour and pasted through a hard mask of its
    whole lozenge: the pile's lozenges tile the picture exactly on the pixel grid (no pixel
    centre lies on a lozenge's edge), and a 1-bit paste is three times quicker than blending.
    """
    x0, y0, x1, y1 = _sprite_box(r, offset)
    w, h = x1 - x0, y1 - y0
    big = Image.new("RGB", (w * SS, h * SS), th.PLATE)
    draw = ImageDraw.Draw(big)

    def to_px(p: Point) -> tuple[float, float]:
        return (p[0] - x0) * SS, (p[1] - y0) * SS

    face = [to_px(p) for p in _inset(r, offset, th.FACE_GAP)]
    draw.polygon(face, fill=fill)
    if callable(decorate):
        layer = big.copy()
        decorate(ImageDraw.Draw(layer), to_px)
        clip = Image.new("L", big.size, 0)
        ImageDraw.Draw(clip).polygon(face, fill=255)
        big.paste(layer, (0, 0), clip)
    return Sprite(big.resize((w, h), Image.Resampling.BOX), x0, y0, _tile_mask(r, offset))


@lru_cache(maxsize=8)
def _tile_mask(r: int, offset: Point) -> Image.Image:
    """The pixels of the sprite box whose centre lies inside the face's lozenge."""
    x0, y0, x1, y1 = _sprite_box(r, offset)
    (ax, ay), (bx, by) = ROLE_VECTORS[(r + 1) % 3], ROLE_VECTORS[(r + 2) % 3]
    det = ax * by - ay * bx
    mask = Image.new("1", (x1 - x0, y1 - y0), 0)
    for py in range(y1 - y0):
        for px in range(x1 - x0):
            dx, dy = x0 + px + 0.5 - offset[0], y0 + py + 0.5 - offset[1]
            s, t = (dx * by - dy * bx) / det, (ax * dy - ay * dx) / det
            if 0 < s < 1 and 0 < t < 1:
                mask.putpixel((px, py), 1)
    return mask


class Sprite:
    """An image, the mask it is pasted through, and where its top-left corner goes relative
    to its anchor point.

    ``paste`` goes straight to Pillow's core: a picture pastes ~150 sprites, and
    ``Image.paste``'s checks (modes, box, loading) cost more than the copying itself."""

    __slots__ = ("_core", "_mask", "dx", "dy", "h", "image", "mask", "w")

    def __init__(
        self, image: Image.Image, dx: int, dy: int, mask: Image.Image | None = None
    ) -> None:
        self.image = image
        self.dx = dx
        self.dy = dy
        self.mask = mask if mask is not None else image
        image.load()
        self.mask.load()
        self._core = image.im
        self._mask = self.mask.im
        self.w, self.h = image.size

    def paste(self, img: Image.Image, at: tuple[int, int]) -> None:
        """Paste onto ``img`` (RGB, loaded and writable: a ``plate`` copy) at ``at``."""
        x, y = at[0] + self.dx, at[1] + self.dy
        img.im.paste(self._core, (x, y, x + self.w, y + self.h), self._mask)


@lru_cache(maxsize=256)
def face_sprite(colour: Colour, r: int, pips: int, dim: bool = False) -> Sprite:
    """A die face of ``colour`` in screen role ``r`` showing ``pips``, anchored at the die's
    top corner; ``dim`` for a funnel's wall (in the funnel's shadow, so a funnel reads as a
    hollow, not as a die)."""
    offset = (0.0, 0.0)
    factor = th.SHADE[r] * (th.FUNNEL_SHADE if dim else 1.0)
    fill = th.shade(th.DIE[colour], factor)
    pip = th.PIPS[colour]
    ring = colour is Colour.TURQUOISE

    def decorate(draw: ImageDraw.ImageDraw, to_px: object) -> None:
        conv = to_px  # type: ignore[assignment]
        if colour is Colour.PEARL:
            _draw_stripes(draw, conv, r, offset, factor)  # type: ignore[arg-type]
        _draw_pips(draw, conv, r, offset, pips, pip, ring)  # type: ignore[arg-type]

    return _render_face(r, offset, fill, decorate)


DIGIT_AT: Final = 0.38  # where a face's digit sits, in face units from the die's top corner
DIGIT_SIZE: Final = 36


@lru_cache(maxsize=128)
def digit_face_sprite(colour: Colour, r: int, value: int) -> Sprite:
    """A die face of ``colour`` in screen role ``r`` showing ``value`` as an upright digit
    near the die's top corner, away from the face's far corner: that corner is a funnel's
    point when the face is a funnel's wall, and the funnel's label goes there (Bunte Kuh, where
    the walls must stay readable beside every funnel's label)."""
    offset = (0.0, 0.0)
    factor = th.SHADE[r]
    fill = th.shade(th.DIE[colour], factor)

    def decorate(draw: ImageDraw.ImageDraw, to_px: object) -> None:
        conv = to_px  # type: ignore[assignment]
        if colour is Colour.PEARL:
            _draw_stripes(draw, conv, r, offset, factor)  # type: ignore[arg-type]
        at = conv(_face_point(r, offset, DIGIT_AT, DIGIT_AT))  # type: ignore[operator]
        fnt = font(DIGIT_SIZE * SS, True)
        draw.text(at, str(value), font=fnt, fill=th.PIPS[colour], anchor="mm")

    return _render_face(r, offset, fill, decorate)


def _draw_stripes(
    draw: ImageDraw.ImageDraw,
    to_px: Callable[[Point], tuple[float, float]],
    r: int,
    offset: Point,
    factor: float,
) -> None:
    """A pearl face's sheen: slanted stripes across the face."""
    stripe = th.shade(th.PEARL_STRIPE, factor)
    for k in range(1, STRIPES + 1):
        c = k / (STRIPES + 1)
        a = to_px(_face_point(r, offset, c - 0.12, 0.04))
        b = to_px(_face_point(r, offset, c + 0.12, 0.96))
        draw.line((a, b), fill=stripe, width=3 * SS)


@lru_cache(maxsize=64)
def flat_face_sprite(fill: th.RGB, pip: th.RGB, r: int, pips: int) -> Sprite:
    """A face of one flat ``fill`` in screen role ``r`` with ``pips`` in ``pip`` (none for 0):
    the dice of a view that carries no colours (Raffzahn's shape and own side)."""
    offset = (0.0, 0.0)

    def decorate(draw: ImageDraw.ImageDraw, to_px: object) -> None:
        _draw_pips(draw, to_px, r, offset, pips, pip, False)  # type: ignore[arg-type]

    return _render_face(r, offset, fill, decorate)


def _draw_pips(
    draw: ImageDraw.ImageDraw,
    to_px: Callable[[Point], tuple[float, float]],
    r: int,
    offset: Point,
    pips: int,
    pip: th.RGB,
    ring: bool,
) -> None:
    for s, t in PIP_LAYOUT[pips]:
        outline = [
            to_px(_face_point(r, offset, s + PIP_R * cos, t + PIP_R * sin)) for cos, sin in _CIRCLE
        ]
        if ring:
            draw.polygon(outline, outline=pip, width=round(2.2 * SS))
        else:
            draw.polygon(outline, fill=pip)


def _circle(n: int = 20) -> tuple[tuple[float, float], ...]:
    return tuple((math.cos(2 * math.pi * k / n), math.sin(2 * math.pi * k / n)) for k in range(n))


_CIRCLE: Final = _circle()


@lru_cache(maxsize=1)
def hollow_sprite() -> Sprite:
    """An empty plate hollow, anchored at its point: a flat dark hexagon with a darker middle.
    Drawn flat on purpose: three shaded walls would read as a dark die standing there."""
    size = 2 * round(HEX_R) + 4
    big = Image.new("RGBA", (size * SS, size * SS), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    c = size * SS / 2
    for scale, fill in ((1.0, th.HOLLOW[0]), (0.55, th.HOLLOW[2])):
        corners = [
            (
                c + (vx * scale - _HEX_GAP * vx / HEX_R) * SS,
                c + (vy * scale - _HEX_GAP * vy / HEX_R) * SS,
            )
            for vx, vy in HEX_CORNERS
        ]
        draw.polygon(corners, fill=(*fill, 255))
    return Sprite(big.resize((size, size), Image.Resampling.BOX), -(size // 2), -(size // 2))


_HEX_GAP: Final = 3.0
# A die's outline round its point: top, upper right, lower right, bottom, lower left, upper left.
HEX_CORNERS: Final = (
    ROLE_VECTORS[0],
    (ROLE_VECTORS[1][0], -ROLE_VECTORS[1][1]),
    ROLE_VECTORS[1],
    (0.0, -ROLE_VECTORS[0][1]),
    ROLE_VECTORS[2],
    (ROLE_VECTORS[2][0], -ROLE_VECTORS[2][1]),
)


@lru_cache(maxsize=32)
def disc_sprite(radius: int, fill: th.RGB, text: str = "", ring: th.RGB | None = None) -> Sprite:
    """A round mark centred on its anchor, with optional ``text`` (a funnel, a sum)."""
    size = 2 * radius + 4
    big = Image.new("RGBA", (size * SS, size * SS), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    c = size * SS / 2
    if ring is not None:
        draw.ellipse(
            (c - radius * SS, c - radius * SS, c + radius * SS, c + radius * SS), fill=ring
        )
        inner = radius - 3
    else:
        inner = radius
    draw.ellipse((c - inner * SS, c - inner * SS, c + inner * SS, c + inner * SS), fill=fill)
    img = big.resize((size, size), Image.Resampling.BOX)
    if text:
        ImageDraw.Draw(img).text(
            (size / 2, size / 2 + 1),
            text,
            font=font(th.FUNNEL_SUM_SIZE, True),
            fill=th.FUNNEL_TEXT,
            anchor="mm",
        )
    return Sprite(img, -(size // 2), -(size // 2))


@lru_cache(maxsize=256)
def label_sprite(text: str, size: int = th.LABEL_SIZE) -> Sprite:
    """A choosable position's label: white on black, ringed in cyan, centred on its anchor."""
    fnt = font(size, True)
    w = round(fnt.getlength(text)) + 14
    h = size + 10
    img = Image.new("RGBA", (w + 4, h + 4), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle((0, 0, w + 3, h + 3), radius=9, fill=(*th.LABEL_RING, 255))
    draw.rounded_rectangle((3, 3, w, h), radius=7, fill=(*th.LABEL_BG, 255))
    draw.text(((w + 3) / 2, (h + 3) / 2 + 1), text, font=fnt, fill=th.LABEL_TEXT, anchor="mm")
    return Sprite(img, -((w + 4) // 2), -((h + 4) // 2))


# --------------------------------------------------------------------------- drawing


def plate_corners() -> tuple[Point, Point, Point]:
    """The plate's rim, a triangle round the corner hollows: the apex first, then the right
    and the left corner. The same from every side (a view turns the corners into each other),
    and all the pile and its labels are drawn inside it."""
    corners = [centre(i) for i in g.CORNER_HOLLOWS]
    cx = sum(p[0] for p in corners) / 3
    cy = sum(p[1] for p in corners) / 3
    grow = 2 * _REACH
    pts = []
    for x, y in corners:
        dx, dy = x - cx, y - cy
        n = (dx * dx + dy * dy) ** 0.5
        pts.append((x + dx / n * grow, y + dy / n * grow))
    top, *rest = sorted(pts, key=lambda p: p[1])
    left, right = sorted(rest)
    return top, right, left


@lru_cache(maxsize=3)
def plate(side: int = g.X) -> Image.Image:
    """The empty plate: its rim and its 45 hollows (copied for each picture)."""
    img = Image.new("RGB", (WIDTH, HEIGHT), th.BACKGROUND)
    ImageDraw.Draw(img).polygon(plate_corners(), fill=th.PLATE)
    for b in g.bits(g.BOTTOM_MASK):
        hollow_sprite().paste(img, centre(b, side))
    return img


@dataclass(frozen=True, slots=True)
class Overlay:
    """What a picture shows of a pile besides its faces, and from where.

    ``side`` is along the bottom; ``choosable`` positions get their label, the ``last``
    action's positions are ringed, ``funnel_text`` is written in a funnel (a revealed sum).
    What one seat may not see goes blank: only faces ``U_a`` with ``a`` in ``pip_axes`` show
    pips (Raffzahn: a seat sees only its own side), and the ``(position, axis)`` faces in
    ``blank_faces`` show none (Eintrichtern: the walls of a covered funnel); such faces keep
    their die's colour."""

    side: int = g.X
    choosable: Iterable[int] = ()
    last: Iterable[int] = ()
    funnel_text: Mapping[int, str] | None = None
    pip_axes: Collection[int] = g.AXES
    blank_faces: Collection[tuple[int, int]] = ()
    spare_pips: bool = False  # labels keep off the dice's pips where they can (Abquetschen)


PLAIN: Final = Overlay()  # the canonical view, nothing over the faces


def draw_pyramid(img: Image.Image, pyramid: Pyramid, overlay: Overlay = PLAIN) -> None:
    """Draw ``pyramid`` on a ``plate`` canvas: every exposed face (the empty hollows show),
    a dark hole in every funnel, and the ``overlay``."""
    pip_axes = overlay.pip_axes
    dice = pyramid.dice
    blank = set(overlay.blank_faces)

    def sprite(i: int, axis: int, pips: int, dim: bool) -> Sprite:
        die = dice[i]
        assert die is not None
        seen = pips if axis in pip_axes and (i, axis) not in blank else 0
        return face_sprite(die.colour, role(axis, overlay.side), seen, dim)

    draw_faces(img, pyramid.occupied, pyramid.exposed_faces(), sprite, overlay)


# (position, axis, pips, dims: the face is a funnel's wall) -> the face's sprite
FaceSprite = Callable[[int, int, int, bool], Sprite]


def draw_faces(
    img: Image.Image,
    occupied: int,
    faces: Iterable[tuple[int, int, int]],
    sprite: FaceSprite,
    overlay: Overlay = PLAIN,
) -> None:
    """Draw the exposed ``faces`` ``(position, axis, pips)`` of the pile ``occupied`` on a
    ``plate`` canvas, each as ``sprite`` draws it, then a dark hole in every funnel and the
    ``overlay``. Only the shape and the faces given are drawn, so a picture made from a seat's
    view (Raffzahn, Bunte Kuh) shows exactly what that view holds."""
    # The plate shows all 45 hollows; the dice's faces cover exactly the hexagons of the
    # hollows that hold a die (a stable pile's faces tile the picture over them).
    side = overlay.side
    funnels = g.funnels(occupied)
    shown: list[Point] = []
    for i, axis, pips in faces:
        facing = g.DEPENDENT_BY_AXIS[i][axis]
        dim = facing != g.NONE and bool(funnels >> facing & 1)
        at = centre(i, side)
        sprite(i, axis, pips, dim).paste(img, at)
        if overlay.spare_pips:
            shown += (_face_point(role(axis, side), at, s, t) for s, t in PIP_LAYOUT[pips])
    texts = overlay.funnel_text or {}
    for q in g.bits(funnels):
        text = texts.get(q, "")
        if text:
            disc_sprite(17, th.FUNNEL, text, th.FUNNEL_TEXT).paste(img, centre(q, side))
        else:
            disc_sprite(10, th.FUNNEL).paste(img, centre(q, side))
    mark_last(img, occupied, overlay.last, side)
    draw_labels(img, overlay.choosable, side, pips=tuple(shown))


def mark_last(img: Image.Image, occupied: int, last: Iterable[int], side: int = g.X) -> None:
    """Outline the exposed faces of the last action's dice in the pile ``occupied`` (or ring a
    position it emptied)."""
    draw = ImageDraw.Draw(img)
    for i in last:
        at = centre(i, side)
        if occupied >> i & 1:
            for axis in g.exposed_axes(occupied, i):
                corners = _inset(role(axis, side), at, 1.0)
                ring = [*corners, corners[0]]
                draw.line(ring, fill=th.OUTLINE, width=7, joint="curve")
                draw.line(ring, fill=th.LAST_RING, width=4, joint="curve")
        else:
            r = 22
            draw.ellipse((at[0] - r, at[1] - r, at[0] + r, at[1] + r), outline=th.OUTLINE, width=7)
            draw.ellipse(
                (at[0] - r + 1, at[1] - r + 1, at[0] + r - 1, at[1] + r - 1),
                outline=th.LAST_RING,
                width=4,
            )


Box = tuple[int, int, int, int]

LABEL_GAP: Final = 3  # pixels kept between two labels' chips
LABEL_MIN: Final = 20  # the smallest type a crowd of labels is drawn in
SPARE_REACH: Final = 12  # a chip moved off pips keeps its point this near (it reads as its)
PIP_PAD: Final = 4  # a pip (radius ~7 px) this near a chip's edge counts as covered
# Where a chip may move from its point, in steps of a fifth of its height or half its width,
# nearest first: up to five steps down or up (two positions three layers apart share a point;
# neighbours on a slope's staircase are half a face apart), then half a chip sideways.
_NUDGES: Final = (
    *((0, dy) for step in range(6) for dy in ((step, -step) if step else (0,))),
    *((dx, dy) for dy in (0, 1, -1, 2, -2) for dx in (-1, 1)),
)


def _overlap(a: Box, b: Box) -> bool:
    return (
        a[0] < b[2] + LABEL_GAP
        and b[0] < a[2] + LABEL_GAP
        and (a[1] < b[3] + LABEL_GAP and b[1] < a[3] + LABEL_GAP)
    )


def label_boxes(
    choosable: Iterable[int],
    side: int = g.X,
    size: int = th.LABEL_SIZE,
    lift: int = 0,
    pips: tuple[Point, ...] = (),
) -> tuple[int, list[tuple[int, Box]]]:
    """The chips' size and where each choosable position's chip goes (``lift`` pixels above
    the position's point when it fits there): on its point if no chip placed before is in the
    way, else nudged the least distance that clears them all. Higher layers are placed first,
    so the chips of the pile's top stay on their dice. Where a crowd leaves some chip no free
    spot (a big Abquetschen build: 30 chips), all are drawn smaller, down to LABEL_MIN.
    Then a chip covering some of the ``pips`` (the middles of the dice's pips drawn) moves to
    its nearest free spot covering fewer (``_spare_pips``)."""
    order = tuple(sorted(choosable, key=lambda i: (-g.LAYER[i], i)))
    points, placed = _laid_out(order, side, size, lift, pips)
    return points, list(placed)


@lru_cache(maxsize=64)
def _laid_out(
    order: tuple[int, ...], side: int, size: int, lift: int, pips: tuple[Point, ...] = ()
) -> tuple[int, tuple[tuple[int, Box], ...]]:
    """``label_boxes`` once per set of labels (a turn's picture is drawn again and again)."""
    for points in range(size, LABEL_MIN - 1, -1):
        placed = _place_labels(order, side, points, lift)
        if placed is not None:
            return points, tuple(_spare_pips(placed, side, points, lift, pips))
    return LABEL_MIN, tuple(_place_labels(order, side, LABEL_MIN, lift, force=True) or [])


def _place_labels(
    order: Sequence[int], side: int, size: int, lift: int, force: bool = False
) -> list[tuple[int, Box]] | None:
    """``label_boxes`` in one size; None if some chip finds no free spot (unless ``force``:
    then it stays on its point)."""
    placed: list[tuple[int, Box]] = []
    for i in order:
        sprite = label_sprite(g.LABELS[i], size)
        x, y = centre(i, side)
        x, y = x + sprite.dx, y + sprite.dy - lift
        step_x, step_y = (sprite.w + LABEL_GAP) // 2, -(-(sprite.h + LABEL_GAP) // 5)
        for dx, dy in _NUDGES:
            left, top = x + dx * step_x, y + dy * step_y
            box = (left, top, left + sprite.w, top + sprite.h)
            if not any(_overlap(box, other) for _, other in placed):
                break
        else:
            if not force:
                return None
            box = (x, y, x + sprite.w, y + sprite.h)
        placed.append((i, box))
    return placed


def _spare_pips(
    placed: list[tuple[int, Box]], side: int, size: int, lift: int, pips: tuple[Point, ...]
) -> list[tuple[int, Box]]:
    """Move each chip, in turn, to the nearest of its spots that covers fewer ``pips`` (points)
    and no other chip, and keeps its point within SPARE_REACH; a chip on a pip-free spot stays.
    The type keeps its size: smaller chips would spare more pips but read worse at 400 px."""
    if not pips:
        return placed
    placed = list(placed)

    def covered(box: Box, near: list[Point]) -> int:
        x0, y0, x1, y1 = box[0] - PIP_PAD, box[1] - PIP_PAD, box[2] + PIP_PAD, box[3] + PIP_PAD
        return sum(x0 < px < x1 and y0 < py < y1 for px, py in near)

    for k, (i, now) in enumerate(placed):
        sprite = label_sprite(g.LABELS[i], size)
        x, y = centre(i, side)
        x, y = x + sprite.dx, y + sprite.dy - lift
        step_x, step_y = (sprite.w + LABEL_GAP) // 2, -(-(sprite.h + LABEL_GAP) // 5)
        x0, x1 = x - step_x - PIP_PAD, x + step_x + sprite.w + PIP_PAD
        y0, y1 = y - 5 * step_y - PIP_PAD, y + 5 * step_y + sprite.h + PIP_PAD
        near = [(px, py) for px, py in pips if x0 < px < x1 and y0 < py < y1]
        best = covered(now, near)
        if not best:
            continue
        others = placed[:k] + placed[k + 1 :]
        for dx, dy in _NUDGES:
            left, top = x + dx * step_x, y + dy * step_y
            box = (left, top, left + sprite.w, top + sprite.h)
            n = covered(box, near)
            if (
                n < best
                and _reach(box, centre(i, side)) <= SPARE_REACH
                and not any(_overlap(box, other) for _, other in others)
            ):
                best, placed[k] = n, (i, box)
                if not n:
                    break
    return placed


def _reach(box: Box, point: tuple[int, int]) -> float:
    """How far ``point`` lies outside ``box``."""
    dx = max(box[0] - point[0], 0, point[0] - box[2])
    dy = max(box[1] - point[1], 0, point[1] - box[3])
    return math.hypot(dx, dy)


def draw_labels(
    img: Image.Image,
    choosable: Iterable[int],
    side: int = g.X,
    size: int = th.LABEL_SIZE,
    lift: int = 0,
    pips: tuple[Point, ...] = (),
) -> None:
    """A label chip on each choosable position, where ``label_boxes`` puts it."""
    size, boxes = label_boxes(choosable, side, size, lift, pips)
    for i, (x0, y0, _, _) in boxes:
        sprite = label_sprite(g.LABELS[i], size)
        sprite.paste(img, (x0 - sprite.dx, y0 - sprite.dy))


def pyramid_image(pyramid: Pyramid, overlay: Overlay = PLAIN) -> Image.Image:
    img = plate(overlay.side).copy()
    draw_pyramid(img, pyramid, overlay)
    return img
