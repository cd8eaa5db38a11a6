"""The panels in the off-field areas: whose turn with the dice (top left) and the players
(top right), as on the printed board where the score track sits off the field."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from games.spexxx.board import GRID
from games.spexxx.state import MAX_THROWS, SpexxxState
from renderers import sprites
from renderers.spexxx import theme as t
from renderers.text import Font, display_name, fit, font

PAD = 14
DIE = 40
DIE_GAP = 8


def seat_token(seat: int, size: int) -> Image.Image:
    return sprites.token(t.SEAT_COLOURS[seat], t.SEAT_MARKS[seat], size)


def fallback_name(seat: int) -> str:
    return f"Player {seat + 1}"


def dice_box() -> tuple[int, int, int, int]:
    return t.region(0, 11, 10, 10)


def players_box() -> tuple[int, int, int, int]:
    return t.region(18, 11, 23, 6)


def draw_turn_panel(img: Image.Image, state: SpexxxState, names: Sequence[str]) -> None:
    """Who is on turn, throw k of 4, the dice with held ones marked, and the last move."""
    draw = ImageDraw.Draw(img)
    left, top, right, _ = dice_box()
    x = left + PAD
    name_font = font(22, True)
    if state.current is None:
        winners = state.winners()
        draw.text((x, top + 24), "GAME OVER", font=name_font, fill=t.TEXT, anchor="lm")
        if winners:
            label = "Winner" if len(winners) == 1 else "Shared win"
            _draw_seat_line(
                img, draw, x + 150, top + 24, winners, names, label, right - PAD - x - 150
            )
    else:
        seat = state.current
        tok = seat_token(seat, 30)
        img.paste(tok, (x, top + 9), tok)
        used = len(state.throws)
        status = f"throw {used} of {MAX_THROWS}" if used else "to throw"
        status_font = font(18)
        status_w = status_font.getlength(status) + (8 + MAX_THROWS * 14 if used else 0)
        name = name_of(names, seat, name_font, right - PAD - (x + 40) - 14 - status_w)
        draw.text((x + 40, top + 24), name, font=name_font, fill=t.TEXT, anchor="lm")
        sx = x + 40 + name_font.getlength(name) + 14
        draw.text((sx, top + 25), status, font=status_font, fill=t.MUTED, anchor="lm")
        if used:
            bx = sx + status_font.getlength(status) + 8
            for k in range(MAX_THROWS):
                box = (bx + k * 14, top + 19, bx + k * 14 + 10, top + 29)
                if k < used:
                    draw.rounded_rectangle(box, radius=2, fill=t.TEXT)
                else:
                    draw.rounded_rectangle(box, radius=2, outline=t.FAINT, width=2)
        _draw_dice(img, draw, x, top + 46, state)
    _draw_last_move(img, draw, state, names, left + 274, top + 50, right)


def name_of(names: Sequence[str], seat: int, fnt: Font, width: float) -> str:
    raw = names[seat] if seat < len(names) and isinstance(names[seat], str) else ""
    return display_name(raw, fnt, width, fallback_name(seat))


def _draw_dice(
    img: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int, state: SpexxxState
) -> None:
    dice = state.dice
    for i in range(5):
        dx = x + i * (DIE + DIE_GAP)
        if dice is None:
            draw.rounded_rectangle(
                (dx, y, dx + DIE - 1, y + DIE - 1), radius=8, outline=t.FAINT, width=2
            )
            continue
        held = i in state.held
        if held:
            draw.rounded_rectangle(
                (dx - 4, y - 4, dx + DIE + 3, y + DIE + 3), radius=11, fill=t.LAST_MARK
            )
        face = sprites.die_face(dice[i], DIE)
        img.paste(face, (dx, y), face)
        if held:
            draw.text(
                (dx + DIE / 2, y + DIE + 12),
                "HELD",
                font=font(12, True),
                fill=t.LAST_MARK,
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
) -> None:
    """``label: ■ Ann  ● Ben`` on one line, names shortened to share ``width``."""
    small = font(18)
    draw.text((x, y), label, font=small, fill=t.MUTED, anchor="lm")
    cx = x + small.getlength(label) + 10
    bold = font(20, True)
    share = (x + width - cx) / len(seats) - 34
    for seat in seats:
        tok = seat_token(seat, 24)
        img.paste(tok, (round(cx), y - 12), tok)
        name = name_of(names, seat, bold, max(40.0, share))
        draw.text((cx + 30, y), name, font=bold, fill=t.TEXT, anchor="lm")
        cx += 30 + bold.getlength(name) + 14


def _draw_last_move(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    state: SpexxxState,
    names: Sequence[str],
    left: int,
    top: int,
    right: int,
) -> None:
    if not state.history:
        return
    last = state.history[-1]
    draw.text((left, top + 8), "LAST MOVE", font=font(13, True), fill=t.MUTED, anchor="lm")
    tok = seat_token(last.seat, 24)
    y = top + 34
    img.paste(tok, (left, y - 12), tok)
    if last.square is None:
        what, points = "discarded", ""
    else:
        sq = GRID[last.square]
        what = sq.name if sq is not None else "?"
        points = f"+{last.points}" if last.points else "0"
    bold, big = font(19, True), font(22, True)
    tail = big.getlength(f"{what}  {points}")
    name = name_of(names, last.seat, bold, max(40.0, right - PAD - left - 30 - tail - 10))
    draw.text((left + 30, y), name, font=bold, fill=t.TEXT, anchor="lm")
    wx = left + 30 + bold.getlength(name) + 10
    draw.text((wx, y), what, font=big, fill=t.TEXT, anchor="lm")
    if points:
        colour = t.LAST_MARK if last.points else t.MUTED
        draw.text((wx + big.getlength(what + "  "), y), points, font=big, fill=colour, anchor="lm")


def draw_players_panel(img: Image.Image, state: SpexxxState, names: Sequence[str]) -> None:
    """One row per seat: cube, name, score, cubes left and discards; the seat on turn lit."""
    draw = ImageDraw.Draw(img)
    left, top, right, bottom = players_box()
    draw.text((left + PAD, top + 16), "PLAYERS", font=font(14, True), fill=t.MUTED, anchor="lm")
    draw.text((right - PAD, top + 16), "SCORE", font=font(14, True), fill=t.MUTED, anchor="rm")
    row_h = (bottom - top - 34) // 4
    winners = set(state.winners())
    for seat in range(state.seats):
        y0 = top + 32 + seat * row_h
        on_turn = seat == state.current
        if on_turn or seat in winners:
            draw.rounded_rectangle(
                (left + 6, y0 + 2, right - 6, y0 + row_h - 3), radius=10, fill=t.PANEL_HIGHLIGHT
            )
            draw.rounded_rectangle(
                (left + 6, y0 + 2, left + 11, y0 + row_h - 3), radius=2, fill=t.LAST_MARK
            )
        tok = seat_token(seat, 36)
        img.paste(tok, (left + PAD + 2, y0 + (row_h - 36) // 2), tok)
        score_font = font(28, True)
        score = str(state.scores[seat])
        score_w = score_font.getlength(score)
        resigned = state.resigned[seat]
        name_font = font(20, True)
        name_x = left + PAD + 46
        name = name_of(names, seat, name_font, right - PAD - score_w - 12 - name_x)
        mid = y0 + row_h // 2
        draw.text(
            (name_x, mid - 11),
            name,
            font=name_font,
            fill=t.MUTED if resigned else t.TEXT,
            anchor="lm",
        )
        if resigned:
            info = "resigned"
        elif seat in winners:
            info = "★ winner"
        elif on_turn:
            info = f"▶ to play · {state.cubes_left[seat]} left"
        else:
            info = f"{state.cubes_left[seat]} cubes left"
        if state.discards[seat]:
            info += f" · {state.discards[seat]} discarded"
        info_font = font(15)
        info = fit(info, info_font, right - PAD - score_w - 12 - name_x)
        draw.text(
            (name_x, mid + 13),
            info,
            font=info_font,
            fill=t.LAST_MARK if (on_turn or seat in winners) and not resigned else t.MUTED,
            anchor="lm",
        )
        draw.text(
            (right - PAD, mid),
            score,
            font=score_font,
            fill=t.MUTED if resigned else t.TEXT,
            anchor="rm",
        )
