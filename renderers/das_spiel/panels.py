"""What every Das Spiel picture shares round the pyramid: the side names on the plate's rim,
seat tokens, the status lines in the top-left corner and the seat cards in the top-right one
(the pyramid is a triangle, so its upper corners are free)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from games.das_spiel import geometry as g
from games.das_spiel.pyramid import Colour, Pyramid
from locales import Translator, translator
from renderers.das_spiel import theme as th
from renderers.das_spiel import view
from renderers.endgame import PanelTheme, StandingRow, draw_standings, ranks
from renderers.names import name_of, namer
from renderers.text import Font, fit, fit_font, font, has_raqm, shared_font, wrap

CARD_W = 372
CARD_H = 84
TALL_H = 108  # a card of up to 3 seats: the name, the seat's figure and its facts each a line
TALL_MIN = 92  # the least height for those three lines (4 seats' cards, in smaller type)
CARD_GAP = 8
COMPACT_W = 340  # cards of 4 to 6 seats: narrower, so the stack may reach lower
COMPACT_GAP = 6
COMPACT_BIG_TYPE = 74  # a compact card this high keeps the full card's type
CARD_CLEAR = 10  # pixels between the lowest card and the plate's rim
STATUS_W = 420


FINAL_EXTRA_H = 340  # the standings of three seats below a final picture; 76 more a seat
THEME = PanelTheme(
    th.PANEL, th.PANEL_HIGHLIGHT, th.TEXT, th.MUTED, th.ACCENT, th.OUTLINE, th.PLOT_BG, th.PLOT_GRID
)
# Seat markers of the games where seats have no dice colour (Cui bono?, Eintrichtern …):
# numbered discs in colours no die has, dark enough for their white figure (4.5:1 or more:
# a marker on a laid Bunte Kuh die is small).
SEAT_COLOURS: tuple[th.RGB, ...] = (
    (37, 99, 220),  # blue
    (22, 122, 58),  # green
    (150, 60, 175),  # purple
    (182, 70, 0),  # orange
    (136, 94, 56),  # brown (teal before: chat has no teal circle to match it)
    (200, 40, 105),  # pink
)
SEAT_COLOUR_NAMES: tuple[str, ...] = ("blue", "green", "purple", "orange", "brown", "pink")


@dataclass(frozen=True, slots=True)
class SeatCard:
    """One seat's card: its marker, its name (drawn in a font and width), its figure and its
    facts; ``brief`` stands for the facts where they would not fit (a low card's line)."""

    token: Image.Image
    name: Callable[[Font, float], str]
    line: str
    facts: str
    current: bool
    brief: str | None = None


def die_token(colour: Colour, size: int) -> Image.Image:
    """A seat's marker: a die face of its colour (pearl with its stripes, red with white pips),
    the same cues as in the pyramid."""
    return die_face(colour, 3, size)


# Pips of a die seen straight on, in its unit square (the pyramid's layout drawn a little
# closer to the middle, so the rounded corners keep clear of them).
_SQUARE_PIPS = {
    n: tuple((0.5 + (s - 0.5) * 5 / 6, 0.5 + (t - 0.5) * 5 / 6) for s, t in pips)
    for n, pips in view.PIP_LAYOUT.items()
}


@lru_cache(maxsize=64)
def die_face(colour: Colour, value: int, size: int) -> Image.Image:
    """A die seen straight on showing ``value`` (a rolled die, a seat's marker), with the
    pyramid's cues: pearl striped, turquoise with ring pips."""
    ss = 4
    big = Image.new("RGBA", (size * ss, size * ss), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    s = size * ss
    draw.rounded_rectangle((0, 0, s - 1, s - 1), radius=s // 5, fill=(*th.OUTLINE, 255))
    inner = (ss * 2, ss * 2, s - 1 - ss * 2, s - 1 - ss * 2)
    draw.rounded_rectangle(inner, radius=s // 6, fill=(*th.DIE[colour], 255))
    if colour is Colour.PEARL:
        for k in range(1, 5):
            x = s * k / 5
            draw.line(
                (x - s * 0.15, s * 0.1, x + s * 0.15, s * 0.9), fill=th.PEARL_STRIPE, width=ss * 2
            )
        draw.rounded_rectangle(inner, radius=s // 6, outline=(*th.OUTLINE, 255), width=1)
    pip = (*th.PIPS[colour], 255)
    r = s * 0.09
    for fx, fy in _SQUARE_PIPS[value]:
        box = (s * fx - r, s * fy - r, s * fx + r, s * fy + r)
        if colour is Colour.TURQUOISE:
            draw.ellipse(box, outline=pip, width=ss * 2)
        else:
            draw.ellipse(box, fill=pip)
    return big.resize((size, size), Image.Resampling.LANCZOS)


def draw_dice(
    img: Image.Image, colour: Colour, values: Sequence[int], y: int, size: int = 64
) -> int:
    """A row of rolled dice below the status lines (``y`` its top); returns the bottom."""
    x = th.MARGIN
    for value in values:
        face = die_face(colour, value, size)
        img.paste(face, (x, y), face)
        x += size + 14
    return y + size


MARKER_HALO = th.TEXT  # the light ring round a marker on a die: it stands out on dark red


@lru_cache(maxsize=32)
def seat_token(seat: int, size: int, halo: bool = False) -> Image.Image:
    """A numbered disc in the seat's colour (white figure, dark rim); with ``halo`` a light
    ring round the rim, for a marker on a die (the rim alone is lost on a shaded red face)."""
    ss = 4
    s = size * ss
    big = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    rim = 0
    if halo:
        draw.ellipse((0, 0, s - 1, s - 1), fill=(*MARKER_HALO, 255))
        rim = ss * 2
    draw.ellipse((rim, rim, s - 1 - rim, s - 1 - rim), fill=(*th.OUTLINE, 255))
    inner = rim + ss * 2
    draw.ellipse((inner, inner, s - 1 - inner, s - 1 - inner), fill=SEAT_COLOURS[seat % 6])
    img = big.resize((size, size), Image.Resampling.LANCZOS)
    ImageDraw.Draw(img).text(
        (size / 2, size / 2 + 1),
        str(seat + 1),
        font=font(size // 2, True),
        fill=th.TEXT,
        anchor="mm",
    )
    return img


@lru_cache(maxsize=256)
def _text_sprite(
    text: str, fnt: Font, fill: th.RGB, anchor: str, direction: str | None
) -> tuple[Image.Image, int, int]:
    """``text`` drawn once on a transparent tile, with the tile's offset from the anchor."""
    left, top, right, bottom = fnt.getbbox(text, anchor=anchor, direction=direction)
    tile = Image.new("RGBA", (max(1, right - left), max(1, bottom - top)), (*fill, 0))
    ImageDraw.Draw(tile).text(
        (-left, -top), text, font=fnt, fill=(*fill, 255), anchor=anchor, direction=direction
    )
    return tile, left, top


def draw_text(
    img: Image.Image,
    xy: tuple[float, float],
    text: str,
    fnt: Font,
    fill: th.RGB,
    anchor: str = "la",
    direction: str | None = None,
) -> None:
    """``ImageDraw.text`` through a cache of drawn texts: most texts of a picture (side names,
    headings, players' names, unchanged status lines) are the same on the next turn."""
    if not text:
        return
    tile, dx, dy = _text_sprite(text, fnt, fill, anchor, direction)
    img.paste(tile, (round(xy[0]) + dx, round(xy[1]) + dy), tile)


def short_name(names: Sequence[str], seat: int, lang: str) -> str:
    """A seat's name for a status line (fitted to a third of the status column)."""
    return name_of(names, seat, font(22), 220, lang)


def draw_sides(img: Image.Image, lang: str, side: int = g.X) -> None:
    """Name the three sides on the plate's rim (which side is along the bottom depends on the
    view)."""
    t = translator(lang)
    fnt = font(20, True)
    for axis in g.AXES:
        # The middle of side ``axis``: the bottom cell in the middle of the side's wall.
        a, b = (axis + 1) % 3, (axis + 2) % 3
        cell = [0, 0, 0]
        cell[a], cell[b] = 4, 4
        x, y = view.centre(g.index_of(*cell), side)
        # Outward from the pyramid's middle (the apex's point), past the plate's rim.
        ax, ay = view.centre(g.index_of(0, 0, 0), side)
        dx, dy = x - ax, y - ay
        n = (dx * dx + dy * dy) ** 0.5
        out = view.HEX_R + view.PLATE_RIM + 20
        px, py = x + dx / n * out, y + dy / n * out
        text = t("side {side}", side=g.AXIS_NAMES[axis])
        draw_text(img, (px, py), text, fnt, th.MUTED, "mm")


def draw_status(img: Image.Image, lines: Sequence[str], heading: str) -> int:
    """The heading and status lines in the top-left corner; returns the bottom."""
    x, y = th.MARGIN, th.MARGIN
    head_font, head = fit_font(heading, 34, STATUS_W, bold=True)
    draw_text(img, (x, y), head, head_font, th.TEXT)
    y += 50
    body = font(26)
    for line in lines:
        for part in _wrapped(line, body):
            draw_text(img, (x, y), part, body, th.MUTED, direction=_direction())
            y += 34
        y += 8
    return y


@lru_cache(maxsize=64)
def _wrapped(line: str, fnt: Font) -> tuple[str, ...]:
    """A status line in at most three lines of the status column (measuring every word is
    most of a status line's cost, and lines repeat from turn to turn)."""
    return tuple(wrap(line, fnt, STATUS_W)[:3])


@dataclass(frozen=True, slots=True)
class CardLayout:
    """Where the seat cards go: ``width`` × ``height`` each, ``gap`` apart, stacked down from
    the top margin against the right one; a compact card has a smaller marker and type."""

    width: int
    height: int
    gap: int

    @property
    def compact(self) -> bool:
        return self.height < CARD_H

    @property
    def tall(self) -> bool:
        return self.height >= TALL_MIN

    def boxes(self, seats: int) -> list[tuple[int, int, int, int]]:
        x0 = th.IMAGE_W - th.MARGIN - self.width
        step = self.height + self.gap
        return [
            (x0, th.MARGIN + k * step, x0 + self.width, th.MARGIN + k * step + self.height)
            for k in range(seats)
        ]


def _room(width: int) -> int:
    """The height a stack of cards ``width`` wide has in the top-right corner: from the top
    margin down to where the plate's rim reaches the cards' left edge (less CARD_CLEAR)."""
    (ax, ay), (bx, by), _ = view.plate_corners()
    x0 = th.IMAGE_W - th.MARGIN - width
    rim = ay + (x0 - ax) * (by - ay) / (bx - ax)
    return int(rim) - CARD_CLEAR - th.MARGIN


@lru_cache(maxsize=8)
def card_layout(seats: int) -> CardLayout:
    """Full cards while they fit beside the pyramid; with more seats (Cui bono?, Bunte Kuh and
    Eintrichtern take 6) lower ones, and narrower ones where the full width would leave them
    too low for the full type (the plate's rim runs down to the right, so a narrower stack may
    reach lower): no card ever covers the plate, its side names or the status."""
    tall = CardLayout(CARD_W, TALL_H, CARD_GAP)
    if seats * TALL_H + (seats - 1) * CARD_GAP <= _room(CARD_W):
        return tall
    lower = (_room(COMPACT_W) - (seats - 1) * COMPACT_GAP) // seats
    if lower >= TALL_MIN:  # 4 seats: narrower cards that keep a line for their facts
        return CardLayout(COMPACT_W, min(TALL_H, lower), COMPACT_GAP)
    full = CardLayout(CARD_W, CARD_H, CARD_GAP)
    if seats * CARD_H + (seats - 1) * CARD_GAP <= _room(CARD_W):
        return full
    gaps = (seats - 1) * COMPACT_GAP
    height = (_room(CARD_W) - gaps) // seats
    if height >= COMPACT_BIG_TYPE:
        return CardLayout(CARD_W, height, COMPACT_GAP)
    return CardLayout(COMPACT_W, min(CARD_H, (_room(COMPACT_W) - gaps) // seats), COMPACT_GAP)


@lru_cache(maxsize=64)
def _shrunk(data: bytes, mode: str, size: tuple[int, int], side: int) -> Image.Image:
    """A seat's marker made smaller for a low card, once (the markers repeat every turn)."""
    token = Image.frombytes(mode, size, data)
    return token.resize((side, side), Image.Resampling.LANCZOS)


NAME_MIN = 19  # a card's name shrinks to this size before it is cut
DETAIL_MIN = 15  # and its second line to this one


def card_names(
    names: Sequence[Callable[[Font, float], str]], size: int, width: float
) -> list[tuple[Font, str]]:
    """Each seat's name for its card (the font and the text): whole in ``font(size)`` if it
    fits ``width``, else in a smaller font down to NAME_MIN, else cut there (names that would
    read the same are cut in the middle: ``names.name_of``)."""
    out = []
    for name in names:
        whole = name(font(size, True), float("inf"))
        fnt = shared_font((whole,), size, width, bold=True, min_size=NAME_MIN)
        out.append((fnt, name(fnt, width)))
    return out


def _stack_details(
    cards: Sequence[SeatCard], facts: list[str], width: float, size: int, tall: bool
) -> tuple[Font, Font, list[str]]:
    """The figure's bold font, the facts' font and the facts of every card in a stack: the
    facts in one size for all (the largest from ``size`` down to DETAIL_MIN in which every
    card's facts fit beside its figure, or below it on a tall card), the briefs instead of the
    facts as soon as one card's facts would not fit in ``size``."""
    bold = font(size, True)
    rooms = [width if tall else width - bold.getlength(c.line + " · ") for c in cards]
    normal = font(size)
    if any(normal.getlength(f) > room for f, room in zip(facts, rooms, strict=True)):
        facts = [
            f if c.brief is None else f.replace(c.facts, c.brief, 1)
            for c, f in zip(cards, facts, strict=True)
        ]
    for points in range(size, DETAIL_MIN - 1, -1):
        small = font(points)
        if all(small.getlength(f) <= room for f, room in zip(facts, rooms, strict=True)):
            break
    return bold, small, facts


def draw_cards(
    img: Image.Image, cards: Sequence[SeatCard], lang: str, resigned: Sequence[bool] = ()
) -> int:
    """One card per seat, stacked in the top-right corner; returns the bottom. The name has
    the card's first line to itself (``card_names``); the seat's figure in bold and its facts
    follow, on a line each on a tall card, else together (``_stack_details``). A seat that
    ``resigned`` (or was removed for missed turns: the computer plays it) is greyed and says
    so first, as the Spexxx and Spectrangle cards do."""
    draw = ImageDraw.Draw(img)
    layout = card_layout(len(cards))
    h, w = layout.height, layout.width
    token_size = min(48, h - 20)
    big = (not layout.compact or h >= COMPACT_BIG_TYPE) and not TALL_MIN <= h < TALL_H
    name_size = 24 if big else 21
    name_y, line_y, facts_y = round(h * 0.32), 0, round(h * 0.72)
    if layout.tall:
        name_y, line_y, facts_y = round(h * 0.23), round(h * 0.51), round(h * 0.78)
    t = translator(lang)
    word = t("resigned")
    text_x = 30 + min(token_size, max(c.token.height for c in cards))
    width = w - text_x - 14
    names = card_names([c.name for c in cards], name_size, width)
    out = [seat < len(resigned) and resigned[seat] for seat in range(len(cards))]
    facts = [
        (f"{word} · {c.facts}" if c.facts else word) if gone else c.facts
        for c, gone in zip(cards, out, strict=True)
    ]
    size = 19 if big else 17
    bold, small, facts = _stack_details(cards, facts, width, size, layout.tall)
    bottom = th.MARGIN
    for card, gone, fact, (name_font, name), (x0, y, x1, bottom) in zip(
        cards, out, facts, names, layout.boxes(len(cards)), strict=True
    ):
        fill = th.PANEL_HIGHLIGHT if card.current else th.PANEL
        draw.rounded_rectangle((x0, y, x1, bottom), radius=12, fill=fill)
        if card.current:
            draw.rounded_rectangle((x0, y, x0 + 6, bottom), radius=3, fill=th.ACCENT)
        tok = card.token
        if tok.height > token_size:
            tok = _shrunk(tok.tobytes(), tok.mode, tok.size, token_size)
        img.paste(tok, (x0 + 16, y + (h - tok.height) // 2), tok)
        tx = x0 + text_x
        ink = th.MUTED if gone else th.TEXT
        draw_text(img, (tx, y + name_y), name, name_font, ink, "lm")
        if layout.tall:
            line_font, line = fit_font(card.line, 21 if big else 19, width, bold=True)
            draw_text(img, (tx, y + line_y), line, line_font, ink, "lm")
            draw_text(img, (tx, y + facts_y), fit(fact, small, width), small, th.MUTED, "lm")
            continue
        head = card.line + (" · " if fact else "")
        head_w = bold.getlength(head)
        draw_text(img, (tx, y + facts_y), head, bold, ink, "lm")
        fact = fit(fact, small, width - head_w)
        draw_text(img, (tx + head_w, y + facts_y), fact, small, th.MUTED, "lm")
    return bottom + layout.gap


def _direction() -> str | None:
    """Left to right for whole lines: with raqm an Arabic name first would otherwise turn the
    line round (raqm still lays out the name's own run right to left)."""
    return "ltr" if has_raqm() else None


def board_picture(
    pyramid: Pyramid,
    overlay: view.Overlay,
    lang: str,
    heading: str,
    lines: Sequence[str],
    cards: Sequence[SeatCard],
    after_status: Callable[[Image.Image, int], object] | None = None,
    resigned: Sequence[bool] = (),
) -> Image.Image:
    """The board picture of a game that shows its pile as it is: the pile with its
    ``overlay``, the sides named, the status lines under the game's ``heading`` (then
    ``after_status(img, y)`` below them, e.g. a roll) and one card per seat (those that
    ``resigned`` marked)."""
    img = view.pyramid_image(pyramid, overlay)
    draw_sides(img, lang, overlay.side)
    bottom = draw_status(img, lines, heading)
    if after_status is not None:
        after_status(img, bottom)
    draw_cards(img, cards, lang, resigned)
    return img


def ended_lines(ended: str | None) -> list[str] | None:
    """The status lines of a final picture whose game the players ended before its rules did
    (``ended`` says how), or None: the game's own status."""
    return None if ended is None else [ended]


def end_line(t: Translator, reason: str, winners: Iterable[int], names: Sequence[str]) -> str:
    """Why the game ended and who won, for the status lines."""
    who = ", ".join(short_name(names, w, t.lang) for w in winners)
    return t("{reason} Winner: {names}.", reason=reason, names=who)


@dataclass(frozen=True, slots=True)
class Standing:
    """One seat's line in the final standings; ``key`` sorts (lowest first) and ranks (equal
    keys share a rank), ``score`` is the figure on the right."""

    seat: int
    key: tuple[object, ...]
    facts: str
    score: str
    won: bool


def final_picture(
    board: Image.Image,
    names: Sequence[str],
    lang: str,
    standings: Sequence[Standing],
    token: Callable[[int, int], Image.Image],
    resigned: Sequence[bool] = (),
    measure: str = "",
) -> Image.Image:
    """A game's final picture: its ``board`` with the standings below it, best first; the
    seats that ``resigned`` last, marked (as in the bot's standings and Spexxx's picture);
    ``measure`` names what the big figures count ("dice left")."""
    seats = len(standings)
    extra = FINAL_EXTRA_H + max(0, seats - 3) * 76
    # The board copied into a taller canvas (cropping beyond it), only the new rows filled.
    img = board.crop((0, 0, board.width, board.height + extra))
    img.paste(th.BACKGROUND, (0, board.height, board.width, img.height))
    t = translator(lang)

    def out(seat: int) -> bool:
        return seat < len(resigned) and resigned[seat]

    def key(s: Standing) -> tuple[object, ...]:
        return (out(s.seat), *s.key)

    order = sorted(standings, key=key)  # type: ignore[arg-type]
    # Winners' rows say so as in Spexxx and Spectrangle: "★ WINNER" (or "★ SHARED WIN").
    won = "★ " + (t("Winner") if sum(s.won for s in standings) == 1 else t("Shared win")).upper()

    def facts(s: Standing) -> str:
        said = t("resigned") + " · " + s.facts if out(s.seat) else s.facts
        return won + " · " + said if s.won else said

    rows = [
        StandingRow(rank, s.seat, namer(names, s.seat, lang), facts(s), s.score, s.won)
        for rank, s in zip(ranks([key(s) for s in order]), order, strict=True)
    ]
    box = (th.MARGIN, board.height, th.IMAGE_W - th.MARGIN, img.height - th.MARGIN)
    title = t("Final standings")
    draw = ImageDraw.Draw(img)
    draw_standings(img, draw, box, title, rows, token, THEME, slots=max(3, seats), measure=measure)
    return img
