"""The end-of-game panels every game's final image shares: a panel with a heading, the
standings rows and the plot of each player's score after every turn.

The games differ in colours, seat markers and what a row says, so those come in as a
``PanelTheme``, a ``token`` function and ready-made ``StandingRow``s; the drawing is here once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from renderers.text import Font, fit, fit_font, font

RGB = tuple[int, int, int]
Box = tuple[int, int, int, int]
Token = Callable[[int, int], Image.Image]  # (seat, size) -> RGBA seat marker
PLOT_SS = 2  # the plot is drawn at twice the size and reduced, for smooth lines


@dataclass(frozen=True, slots=True)
class PanelTheme:
    panel: RGB
    highlight: RGB  # a winner's row
    text: RGB
    muted: RGB
    accent: RGB  # the winner's bar, rank and facts
    outline: RGB  # edge of the plot lines
    plot_bg: RGB
    plot_grid: RGB


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One row of the standings; ``name`` draws the seat's name in a font and width."""

    rank: int
    seat: int
    name: Callable[[Font, float], str]
    facts: str
    score: str
    won: bool


def draw_panel(draw: ImageDraw.ImageDraw, box: Box, title: str, theme: PanelTheme) -> None:
    """A panel of the final image: its background and its heading."""
    left, top, right, _ = box
    draw.rounded_rectangle(box, radius=12, fill=theme.panel)
    heading_font, heading = fit_font(title.upper(), 16, right - left - 36, bold=True)
    draw.text((left + 18, top + 24), heading, font=heading_font, fill=theme.muted, anchor="lm")


def draw_standings(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: Box,
    title: str,
    rows: Sequence[StandingRow],
    token: Token,
    theme: PanelTheme,
    *,
    slots: int = 4,
    measure: str = "",
) -> None:
    """Rank, seat marker, name, a line of facts and the score, the winners' rows lit;
    ``measure`` heads the score column when its figure is not points ("dice left")."""
    left, top, right, bottom = box
    draw_panel(draw, box, title, theme)
    if measure:
        measure_font, heading = fit_font(measure.upper(), 16, (right - left) // 2, bold=True)
        draw.text((right - 20, top + 24), heading, font=measure_font, fill=theme.muted, anchor="rm")
    row_h = min(76, (bottom - top - 50) // slots)
    for i, row in enumerate(rows):
        y0 = top + 48 + i * row_h
        mid = y0 + row_h // 2
        if row.won:
            draw.rounded_rectangle(
                (left + 8, y0 + 2, right - 8, y0 + row_h - 4), radius=10, fill=theme.highlight
            )
            draw.rounded_rectangle(
                (left + 8, y0 + 2, left + 13, y0 + row_h - 4), radius=2, fill=theme.accent
            )
        draw.text(
            (left + 40, mid),
            str(row.rank),
            font=font(30, True),
            fill=theme.accent if row.won else theme.muted,
            anchor="mm",
        )
        tok = token(row.seat, 40)
        img.paste(tok, (left + 64, mid - 20), tok)
        score_font = font(32, True)
        name_x = left + 118
        name_w = right - 20 - score_font.getlength(row.score) - 14 - name_x
        name_font = font(22, True)
        draw.text(
            (name_x, mid - 12),
            row.name(name_font, name_w),
            font=name_font,
            fill=theme.text,
            anchor="lm",
        )
        small = font(16)
        draw.text(
            (name_x, mid + 14),
            fit(row.facts, small, name_w),
            font=small,
            fill=theme.accent if row.won else theme.muted,
            anchor="lm",
        )
        draw.text((right - 20, mid), row.score, font=score_font, fill=theme.text, anchor="rm")


def ranks(keys: Sequence[object]) -> list[int]:
    """Competition ranks (1, 1, 3 …) of rows already sorted best first by ``keys``."""
    out: list[int] = []
    for i, key in enumerate(keys):
        out.append(out[-1] if i and key == keys[i - 1] else i + 1)
    return out


def scoring_turns(turns: Iterable[tuple[int, int]], seats: int) -> list[list[int]]:
    """``marks[seat]``: the turns (counted from 1) in which the seat scored, from each turn's
    (seat, points): where the plot draws the seat's marker."""
    marks: list[list[int]] = [[] for _ in range(seats)]
    for k, (seat, points) in enumerate(turns, 1):
        if points:
            marks[seat].append(k)
    return marks


def nice_step(top_value: int) -> int:
    for step in (5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if top_value / step <= 6:
            return step
    return 10 ** len(str(top_value))


def draw_score_plot(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: Box,
    title: str,
    series: Sequence[Sequence[int]],
    colours: Sequence[RGB],
    marks: Sequence[Sequence[int]],
    order: Sequence[int],
    token: Token,
    theme: PanelTheme,
) -> None:
    """``series[seat][k]``: the seat's score after ``k`` turns, one line per seat in its colour,
    the seat's marker at each turn in ``marks[seat]`` and at the end; seats are drawn in
    ``order``, so the last one (the leader) lies on top."""
    left, top, right, bottom = box
    draw_panel(draw, box, title, theme)
    turns = len(series[0]) - 1
    high = max(max(s) for s in series)
    step = nice_step(max(high, 1))
    y_max = max(step, -(-high // step) * step)
    px0, py0, px1, py1 = left + 56, top + 50, right - 30, bottom - 40
    x_of = lambda k: px0 + (px1 - px0) * k / max(turns, 1)  # noqa: E731
    y_of = lambda v: py1 - (py1 - py0) * v / y_max  # noqa: E731
    small = font(14)
    # A mid-grey plot area: dark and light seat colours both show on it.
    draw.rounded_rectangle((px0 - 12, py0 - 12, px1 + 12, py1 + 8), radius=8, fill=theme.plot_bg)
    for v in range(0, y_max + 1, step):
        y = round(y_of(v))
        draw.line((px0, y, px1, y), fill=theme.plot_grid, width=1)
        draw.text((px0 - 16, y), str(v), font=small, fill=theme.muted, anchor="rm")
    x_step = nice_step(max(turns, 1))
    for k in range(0, turns + 1, x_step):
        draw.text((round(x_of(k)), py1 + 20), str(k), font=small, fill=theme.muted, anchor="mm")
    # Lines at PLOT_SS× on a crop of the panel, then reduced: smooth without a global AA pass.
    crop_box = (px0 - 12, py0 - 12, px1 + 12, py1 + 12)
    ss = PLOT_SS
    area = img.crop(crop_box).resize(
        ((crop_box[2] - crop_box[0]) * ss, (crop_box[3] - crop_box[1]) * ss),
        Image.Resampling.NEAREST,
    )
    adraw = ImageDraw.Draw(area)
    for seat in order:
        pts = [
            ((x_of(k) - crop_box[0]) * ss, (y_of(v) - crop_box[1]) * ss)
            for k, v in enumerate(series[seat])
        ]
        if len(pts) == 1:
            pts = pts * 2
        adraw.line(pts, fill=theme.outline, width=5 * ss, joint="curve")
        adraw.line(pts, fill=colours[seat], width=3 * ss, joint="curve")
    area = area.resize((crop_box[2] - crop_box[0], crop_box[3] - crop_box[1]), Image.Resampling.BOX)
    img.paste(area, crop_box[:2])
    for seat in order:  # the seat's marker wherever it scored, and at the end
        for k in [*marks[seat], turns]:
            size = 24 if k == turns else 16
            x, y = round(x_of(k)), round(y_of(series[seat][k]))
            tok = token(seat, size)
            img.paste(tok, (x - size // 2, y - size // 2), tok)


def draw_results(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    boxes: tuple[Box, Box],
    t: Callable[[str], str],
    rows: Sequence[StandingRow],
    series: Sequence[Sequence[int]],
    colours: Sequence[RGB],
    turns: Iterable[tuple[int, int]],
    scores: Sequence[int],
    token: Token,
    theme: PanelTheme,
) -> None:
    """The standings beside the score plot, as every game's final image ends: ``boxes`` are the
    two panels', ``turns`` each turn's (seat, points) and ``scores`` the final ones, so the
    leader's line is drawn last, on top."""
    standings_box, plot_box = boxes
    draw_standings(img, draw, standings_box, t("Final standings"), rows, token, theme)
    marks = scoring_turns(turns, len(scores))
    order = sorted(range(len(scores)), key=lambda s: scores[s])
    title = t("Score after each turn")
    draw_score_plot(img, draw, plot_box, title, series, colours, marks, order, token, theme)
