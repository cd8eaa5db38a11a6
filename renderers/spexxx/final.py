"""The end-of-game image: the final board, then the standings and a plot of each player's
score after every turn (from ``state.history``), so the story of the game is visible."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from games.spexxx.state import SpexxxState
from locales import DEFAULT, tn, translator
from renderers.spexxx import theme as th
from renderers.spexxx.panels import name_of, seat_token
from renderers.text import fit, fit_font, font

STANDINGS_W = 500
PLOT_SS = 2  # the plot is drawn at twice the size and reduced, for smooth lines
PLOT_BG = (118, 124, 140)
PLOT_GRID = (136, 142, 158)


def score_series(state: SpexxxState) -> list[list[int]]:
    """``series[seat][k]``: the seat's score after ``k`` turns (k = 0 … number of turns)."""
    totals = [0] * state.seats
    series = [[0] for _ in range(state.seats)]
    for turn in state.history:
        totals[turn.seat] += turn.points
        for seat in range(state.seats):
            series[seat].append(totals[seat])
    return series


def final_image(
    board: Image.Image, state: SpexxxState, names: Sequence[str], lang: str = DEFAULT
) -> Image.Image:
    img = Image.new("RGB", (th.IMAGE_W, th.IMAGE_H + th.FINAL_EXTRA_H), th.BACKGROUND)
    img.paste(board, (0, 0))
    top = th.IMAGE_H
    draw = ImageDraw.Draw(img)
    draw.line((th.BOARD_X, top, th.BOARD_X + th.BOARD_W, top), fill=th.PANEL, width=2)
    standings_box = (th.BOARD_X, top + 16, th.BOARD_X + STANDINGS_W, img.height - 16)
    _draw_standings(img, draw, state, names, standings_box, lang)
    plot_box = (th.BOARD_X + STANDINGS_W + 30, top + 16, th.IMAGE_W - 24, img.height - 16)
    _draw_plot(img, draw, state, plot_box, lang)
    return img


def _panel(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], title: str) -> None:
    """A panel of the final image: its background and its heading."""
    left, top, right, _ = box
    draw.rounded_rectangle(box, radius=12, fill=th.PANEL)
    heading_font, heading = fit_font(title.upper(), 16, right - left - 36, bold=True)
    draw.text((left + 18, top + 24), heading, font=heading_font, fill=th.MUTED, anchor="lm")


def _draw_standings(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    state: SpexxxState,
    names: Sequence[str],
    box: tuple[int, int, int, int],
    lang: str,
) -> None:
    t = translator(lang)
    left, top, right, bottom = box
    _panel(draw, box, t("Final standings"))
    winners = set(state.winners())
    row_h = min(76, (bottom - top - 50) // 4)
    placed = [0] * state.seats
    for turn in state.history:
        if turn.square is not None:
            placed[turn.seat] += 1
    rank = 0
    previous: tuple[bool, int] | None = None
    for i, seat in enumerate(state.standings()):
        key = (state.resigned[seat], state.scores[seat])
        if key != previous:
            rank = i + 1
            previous = key
        y0 = top + 48 + i * row_h
        mid = y0 + row_h // 2
        won = seat in winners
        if won:
            draw.rounded_rectangle(
                (left + 8, y0 + 2, right - 8, y0 + row_h - 4), radius=10, fill=th.PANEL_HIGHLIGHT
            )
            draw.rounded_rectangle(
                (left + 8, y0 + 2, left + 13, y0 + row_h - 4), radius=2, fill=th.LAST_MARK
            )
        draw.text(
            (left + 40, mid),
            str(rank),
            font=font(30, True),
            fill=th.LAST_MARK if won else th.MUTED,
            anchor="mm",
        )
        tok = seat_token(seat, 40)
        img.paste(tok, (left + 64, mid - 20), tok)
        score_font = font(32, True)
        score = str(state.scores[seat])
        name_x = left + 118
        name_w = right - 20 - score_font.getlength(score) - 14 - name_x
        name_font = font(22, True)
        draw.text(
            (name_x, mid - 12),
            name_of(names, seat, name_font, name_w, lang),
            font=name_font,
            fill=th.TEXT,
            anchor="lm",
        )
        # tn(translator(lang), ...), not tn(t, ...): see draw_players_panel in panels.
        facts = [tn(translator(lang), "{n} cube placed", "{n} cubes placed", placed[seat])]
        if state.discards[seat]:
            facts.append(
                tn(translator(lang), "{n} discarded", "{n} discarded", state.discards[seat])
            )
        if state.resigned[seat]:
            facts.insert(0, t("resigned"))
        if won:
            facts.insert(0, "★ " + (t("Winner") if len(winners) == 1 else t("Shared win")).upper())
        info = " · ".join(facts)
        small = font(16)
        draw.text(
            (name_x, mid + 14),
            fit(info, small, name_w),
            font=small,
            fill=th.LAST_MARK if won else th.MUTED,
            anchor="lm",
        )
        draw.text((right - 20, mid), score, font=score_font, fill=th.TEXT, anchor="rm")


def _nice_step(top_value: int) -> int:
    for step in (5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if top_value / step <= 6:
            return step
    return 10 ** len(str(top_value))


def _draw_plot(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    state: SpexxxState,
    box: tuple[int, int, int, int],
    lang: str,
) -> None:
    t = translator(lang)
    left, top, right, bottom = box
    _panel(draw, box, t("Score after each turn"))
    series = score_series(state)
    turns = len(series[0]) - 1
    high = max(max(s) for s in series)
    step = _nice_step(max(high, 1))
    y_max = max(step, -(-high // step) * step)
    px0, py0, px1, py1 = left + 56, top + 50, right - 30, bottom - 40
    x_of = lambda k: px0 + (px1 - px0) * k / max(turns, 1)  # noqa: E731
    y_of = lambda v: py1 - (py1 - py0) * v / y_max  # noqa: E731
    small = font(14)
    # A mid-grey plot area: the black and the white seat's lines both show on it.
    draw.rounded_rectangle((px0 - 12, py0 - 12, px1 + 12, py1 + 8), radius=8, fill=PLOT_BG)
    for v in range(0, y_max + 1, step):
        y = round(y_of(v))
        draw.line((px0, y, px1, y), fill=PLOT_GRID, width=1)
        draw.text((px0 - 16, y), str(v), font=small, fill=th.MUTED, anchor="rm")
    x_step = _nice_step(max(turns, 1))
    for k in range(0, turns + 1, x_step):
        draw.text((round(x_of(k)), py1 + 20), str(k), font=small, fill=th.MUTED, anchor="mm")
    # Lines at PLOT_SS× on a crop of the panel, then reduced: smooth without a global AA pass.
    crop_box = (px0 - 12, py0 - 12, px1 + 12, py1 + 12)
    ss = PLOT_SS
    area = img.crop(crop_box).resize(
        ((crop_box[2] - crop_box[0]) * ss, (crop_box[3] - crop_box[1]) * ss),
        Image.Resampling.NEAREST,
    )
    adraw = ImageDraw.Draw(area)
    order = sorted(range(state.seats), key=lambda s: state.scores[s])  # leader drawn on top
    for seat in order:
        pts = [
            ((x_of(k) - crop_box[0]) * ss, (y_of(v) - crop_box[1]) * ss)
            for k, v in enumerate(series[seat])
        ]
        if len(pts) == 1:
            pts = pts * 2
        colour = th.SEAT_COLOURS[seat]
        adraw.line(pts, fill=th.OUTLINE, width=5 * ss, joint="curve")
        adraw.line(pts, fill=colour, width=3 * ss, joint="curve")
    area = area.resize((crop_box[2] - crop_box[0], crop_box[3] - crop_box[1]), Image.Resampling.BOX)
    img.paste(area, crop_box[:2])
    for seat in order:  # the seat's shape wherever it scored, and at the end
        marks = [k for k, turn in enumerate(state.history, 1) if turn.seat == seat and turn.points]
        for k in [*marks, turns]:
            size = 24 if k == turns else 16
            x, y = round(x_of(k)), round(y_of(series[seat][k]))
            tok = seat_token(seat, size)
            img.paste(tok, (x - size // 2, y - size // 2), tok)
