"""The panels in the off-field areas: whose turn with the dice (top left) and the players
(top right), as on the printed board where the score track sits off the field."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from games.spexxx.board import GRID
from games.spexxx.state import MAX_THROWS, SpexxxState
from locales import DEFAULT, tn, translator
from renderers import sprites
from renderers.names import fitted_name, name_of
from renderers.spexxx import theme as th
from renderers.text import fit, fit_font, font

PAD = 14
DIE = 40
DIE_GAP = 8


def seat_token(seat: int, size: int) -> Image.Image:
    return sprites.token(th.SEAT_COLOURS[seat], th.SEAT_MARKS[seat], size)


def board_token(seat: int) -> Image.Image:
    """A seat's cube on a square of the board: a wider ring (``theme.TOKEN_RING``)."""
    return sprites.token(
        th.SEAT_COLOURS[seat], th.SEAT_MARKS[seat], th.TOKEN, band_px=th.TOKEN_RING
    )


def dice_box() -> tuple[int, int, int, int]:
    return th.region(0, 11, 10, 10)


def players_box() -> tuple[int, int, int, int]:
    return th.region(18, 11, 23, 6)


def draw_turn_panel(
    img: Image.Image, state: SpexxxState, names: Sequence[str], lang: str = DEFAULT
) -> None:
    """Who is on turn, throw k of 4, the dice with held ones marked, and the last move."""
    t = translator(lang)
    draw = ImageDraw.Draw(img)
    left, top, right, _ = dice_box()
    x = left + PAD
    name_font = font(22, True)
    if state.current is None:
        winners = state.winners()
        over_font, over = fit_font(t("Game over").upper(), 22, (right - PAD - x) / 2, bold=True)
        draw.text((x, top + 24), over, font=over_font, fill=th.TEXT, anchor="lm")
        if state.solo:  # the daily challenge: one player has a score, not a win
            label = t("Score")
            lx = x + max(150, round(over_font.getlength(over)) + 16)
            small = font(18)
            draw.text((lx, top + 24), label, font=small, fill=th.MUTED, anchor="lm")
            score_x = lx + small.getlength(label) + 10
            score = str(state.scores[0])
            draw.text((score_x, top + 24), score, font=name_font, fill=th.TEXT, anchor="lm")
        elif winners:
            label = t("Winner") if len(winners) == 1 else t("Shared win")
            lx = x + max(150, round(over_font.getlength(over)) + 16)
            _draw_seat_line(img, draw, lx, top + 24, winners, names, label, right - PAD - lx, lang)
    else:
        seat = state.current
        tok = seat_token(seat, 30)
        img.paste(tok, (x, top + 9), tok)
        used = len(state.throws)
        status = t("throw {n} of {max}", n=used, max=MAX_THROWS) if used else t("to throw")
        status_font, status = fit_font(status, 18, (right - PAD - x) / 3)
        status_w = status_font.getlength(status) + (8 + MAX_THROWS * 14 if used else 0)
        name = name_of(names, seat, name_font, right - PAD - (x + 40) - 14 - status_w, lang)
        draw.text((x + 40, top + 24), name, font=name_font, fill=th.TEXT, anchor="lm")
        sx = x + 40 + name_font.getlength(name) + 14
        draw.text((sx, top + 25), status, font=status_font, fill=th.MUTED, anchor="lm")
        if used:
            bx = sx + status_font.getlength(status) + 8
            for k in range(MAX_THROWS):
                box = (bx + k * 14, top + 19, bx + k * 14 + 10, top + 29)
                if k < used:
                    draw.rounded_rectangle(box, radius=2, fill=th.TEXT)
                else:
                    draw.rounded_rectangle(box, radius=2, outline=th.FAINT, width=2)
        _draw_dice(img, draw, x, top + 46, state, lang)
    _draw_last_move(img, draw, state, names, left + 274, top + 50, right, lang)


def _draw_dice(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    x: int,
    y: int,
    state: SpexxxState,
    lang: str,
) -> None:
    t = translator(lang)
    held_font, held_label = fit_font(t("Held").upper(), 12, DIE + DIE_GAP - 2, bold=True)
    dice = state.dice
    for i in range(5):
        dx = x + i * (DIE + DIE_GAP)
        if dice is None:
            draw.rounded_rectangle(
                (dx, y, dx + DIE - 1, y + DIE - 1), radius=8, outline=th.FAINT, width=2
            )
            continue
        held = i in state.held
        if held:
            draw.rounded_rectangle(
                (dx - 4, y - 4, dx + DIE + 3, y + DIE + 3), radius=11, fill=th.LAST_MARK
            )
        face = sprites.die_face(dice[i], DIE)
        img.paste(face, (dx, y), face)
        if held:
            draw.text(
                (dx + DIE / 2, y + DIE + 12),
                held_label,
                font=held_font,
                fill=th.LAST_MARK,
                anchor="mm",
            )


def _draw_seat_line(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    x: int,
    y: int,
    seats: Sequence[int],
    names: Sequence[str],
    label: str,
    width: int,
    lang: str,
) -> None:
    """``label: ■ Ann  ● Ben`` on one line, names shortened to share ``width``."""
    small = font(18)
    label = fit(label, small, width / 3)
    draw.text((x, y), label, font=small, fill=th.MUTED, anchor="lm")
    cx = x + small.getlength(label) + 10
    share = (x + width - cx) / len(seats) - 34
    for seat in seats:
        tok = seat_token(seat, 24)
        img.paste(tok, (round(cx), y - 12), tok)
        bold, name = fitted_name(names, seat, 20, max(40.0, share), lang)
        draw.text((cx + 30, y), name, font=bold, fill=th.TEXT, anchor="lm")
        cx += 30 + bold.getlength(name) + 14


def _draw_last_move(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    state: SpexxxState,
    names: Sequence[str],
    left: int,
    top: int,
    right: int,
    lang: str,
) -> None:
    if not state.history:
        return
    t = translator(lang)
    last = state.history[-1]
    heading_font, heading = fit_font(t("Last move").upper(), 13, right - PAD - left, bold=True)
    draw.text((left, top + 8), heading, font=heading_font, fill=th.MUTED, anchor="lm")
    tok = seat_token(last.seat, 24)
    y = top + 34
    img.paste(tok, (left, y - 12), tok)
    bold, big = font(19, True), font(22, True)
    if last.square is None:
        what, points = fit(t("discarded"), big, (right - PAD - left - 30) / 2), ""
    else:
        sq = GRID[last.square]
        what = sq.name if sq is not None else "?"
        points = f"+{last.points}" if last.points else "0"
    tail = big.getlength(f"{what}  {points}")
    room = max(40.0, right - PAD - left - 30 - tail - 10)
    bold, name = fitted_name(names, last.seat, 19, room, lang)
    draw.text((left + 30, y), name, font=bold, fill=th.TEXT, anchor="lm")
    wx = left + 30 + bold.getlength(name) + 10
    draw.text((wx, y), what, font=big, fill=th.TEXT, anchor="lm")
    if points:
        colour = th.LAST_MARK if last.points else th.MUTED
        draw.text((wx + big.getlength(what + "  "), y), points, font=big, fill=colour, anchor="lm")


def draw_players_panel(
    img: Image.Image, state: SpexxxState, names: Sequence[str], lang: str = DEFAULT
) -> None:
    """One row per seat: cube, name, score, cubes left and discards; the seat on turn lit."""
    t = translator(lang)
    draw = ImageDraw.Draw(img)
    left, top, right, bottom = players_box()
    inner = right - left - 2 * PAD
    score_font, score_heading = fit_font(t("Score").upper(), 14, inner * 0.4, bold=True)
    players_w = inner - score_font.getlength(score_heading) - 12
    players_font, players = fit_font(t("Players").upper(), 14, players_w, bold=True)
    draw.text((left + PAD, top + 16), players, font=players_font, fill=th.MUTED, anchor="lm")
    draw.text((right - PAD, top + 16), score_heading, font=score_font, fill=th.MUTED, anchor="rm")
    row_h = (bottom - top - 34) // 4
    winners = set() if state.solo else set(state.winners())  # a solo game has no winner
    for seat in range(state.seats):
        y0 = top + 32 + seat * row_h
        on_turn = seat == state.current
        if on_turn or seat in winners:
            draw.rounded_rectangle(
                (left + 6, y0 + 2, right - 6, y0 + row_h - 3), radius=10, fill=th.PANEL_HIGHLIGHT
            )
            draw.rounded_rectangle(
                (left + 6, y0 + 2, left + 11, y0 + row_h - 3), radius=2, fill=th.LAST_MARK
            )
        tok = seat_token(seat, 36)
        img.paste(tok, (left + PAD + 2, y0 + (row_h - 36) // 2), tok)
        score_font = font(28, True)
        score = str(state.scores[seat])
        score_w = score_font.getlength(score)
        resigned = state.resigned[seat]
        name_x = left + PAD + 46
        name_font, name = fitted_name(names, seat, 20, right - PAD - score_w - 12 - name_x, lang)
        mid = y0 + row_h // 2
        draw.text(
            (name_x, mid - 11),
            name,
            font=name_font,
            fill=th.MUTED if resigned else th.TEXT,
            anchor="lm",
        )
        left_n = state.cubes_left[seat]
        # Plurals take translator(lang), not t: pybabel does not extract ``tn(t, ...)`` when
        # ``t`` is itself a keyword (it reads the ``t`` as the start of a call of its own).
        if resigned:
            info = t("resigned")
        elif seat in winners:
            info = "★ " + t("winner")
        elif on_turn:
            info = "▶ " + tn(translator(lang), "to play · {n} left", "to play · {n} left", left_n)
        elif state.finished and state.solo:
            placed = state.cubes_per_player() - left_n
            info = tn(translator(lang), "{n} cube placed", "{n} cubes placed", placed)
        else:
            info = tn(translator(lang), "{n} cube left", "{n} cubes left", left_n)
        if state.discards[seat]:
            info += " · " + tn(
                translator(lang), "{n} discarded", "{n} discarded", state.discards[seat]
            )
        info_font = font(15)
        info = fit(info, info_font, right - PAD - score_w - 12 - name_x)
        draw.text(
            (name_x, mid + 13),
            info,
            font=info_font,
            fill=th.LAST_MARK if (on_turn or seat in winners) and not resigned else th.MUTED,
            anchor="lm",
        )
        draw.text(
            (right - PAD, mid),
            score,
            font=score_font,
            fill=th.MUTED if resigned else th.TEXT,
            anchor="rm",
        )
