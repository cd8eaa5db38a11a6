"""Raffzahn's pictures (RULES.md §5): each seat's own side, or the public shape, the round's
state, each seat's pile, the last takes marked, and the final standings.

In Raffzahn a player sees the pips of his own side only (§3.4, RAF-4), so these pictures are
drawn from ``Raffzahn.view(seat)`` alone, never from the state: the shape (which positions
hold a die, which are free), the seat's own cells with their pips and the dice it may take.
A view has no colours (they play no role in Raffzahn), so the dice are drawn in two neutral
tones that are a second cue of their own: the seat's own faces light with dark pips, every
other face a blank slate grey, and free dice lighter than the rest. The public picture
(``seat`` None, the channel's message) has no pips at all.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from games.das_spiel import geometry as g
from games.das_spiel.pyramid import Colour
from games.das_spiel.raffzahn import SEATS, Close, Phase, RaffView, Raffzahn, Roll, Stop, Take
from games.das_spiel.sides import side_of_seat
from locales import DEFAULT, Translator, tn, translator
from renderers.das_spiel import panels, view
from renderers.das_spiel import theme as th
from renderers.names import namer

HEADING = "Raffzahn"


def picture_side(seat: int | None, side: int | None) -> int:
    """The side along the bottom: as asked, else the seat's own side, else X."""
    if side is not None:
        return side
    return g.X if seat is None else side_of_seat(seat)


def choosable(v: RaffView) -> int:
    """What the view's seat may take now (mask): nothing in the public view."""
    return v.takeable


def round_takes(game: Raffzahn) -> tuple[int, ...]:
    """The positions taken since the last roll (this round's, or the round just closed)."""
    out: list[int] = []
    for action in reversed(game.log):
        if isinstance(action, Roll):
            break
        if isinstance(action, Take):
            out.append(action.pos)
    return tuple(reversed(out))


def face_sprite(v: RaffView, side: int) -> view.FaceSprite:
    """How a face of the view is drawn: the seat's own faces light with their pips, the
    rest blank; free dice lighter."""
    free = v.free

    def sprite(i: int, axis: int, pips: int, dim: bool) -> view.Sprite:
        r = view.role(axis, side)
        is_free = bool(free >> i & 1)
        if axis == v.side:
            fill = th.RAF_OWN if is_free else th.RAF_OWN_COVERED
            return view.flat_face_sprite(fill, th.RAF_PIPS, r, pips)
        base = th.RAF_BLANK if is_free else th.RAF_BLANK_COVERED
        return view.flat_face_sprite(th.shade(base, th.SHADE[r]), th.RAF_PIPS, r, 0)

    return sprite


def view_faces(v: RaffView) -> list[tuple[int, int, int]]:
    """Every exposed face of the view's shape as ``(position, axis, pips)``: pips only on the
    seat's own side (its cells), 0 elsewhere."""
    own = {i: pips for i, pips in v.cells if i != g.NONE}
    occupied = v.occupied
    out = []
    for i in g.bits(occupied):
        for axis in g.exposed_axes(occupied, i):
            out.append((i, axis, own[i] if axis == v.side else 0))
    return out


def last_action_text(game: Raffzahn, names: Sequence[str], t: Translator, lang: str) -> str:
    """The log's last event in words ("" before the first)."""
    if not game.log:
        return ""
    action = game.log[-1]
    s = game.state
    closed = s.phase is not Phase.ROUND and s.last_close is Close.NOTHING_TO_TAKE
    if isinstance(action, Roll):
        who = panels.short_name(names, action.seat, lang)
        if closed:
            return t("{name} rolled {n}: nobody could take anything.", name=who, n=action.value)
        return ""  # the status line says it
    if isinstance(action, Take):
        who = panels.short_name(names, action.seat, lang)
        if closed:
            return t(
                "{name} took {label}: nothing left to take, the round is closed.",
                name=who,
                label=g.LABELS[action.pos],
            )
        return t("{name} took {label}.", name=who, label=g.LABELS[action.pos])
    if isinstance(action, Stop):
        return t("{name} called STOP.", name=panels.short_name(names, action.seat, lang))
    return t("Time is up: the round is closed.")


def status_text(v: RaffView, names: Sequence[str], t: Translator, lang: str) -> list[str]:
    """What happens now, and for a seat what it may take (never what another seat may)."""
    if v.phase is Phase.OVER:
        winners = ", ".join(panels.short_name(names, w, lang) for w in v.winners)
        reason = t("Only the plate is left.")
        return [t("{reason} Winner: {names}.", reason=reason, names=winners)]
    who = panels.short_name(names, v.roller if v.roller is not None else 0, lang)
    if v.phase is Phase.ROLL:
        return [t("{name} rolls the turquoise die.", name=who)]
    n = v.value or 0
    lines = [t("{name} rolled {n} and may call STOP.", name=who, n=n)]
    if v.seat is None:
        lines.append(t("Everyone takes free dice that show {n} on their own side.", n=n))
    elif v.takeable:
        k = v.takeable.bit_count()
        lines.append(
            tn(
                translator(lang),
                "You may take {n} die: it is labelled.",
                "You may take {n} dice: they are labelled.",
                k,
            )
        )
    else:
        lines.append(t("No free die shows {n} on your side.", n=n))
    return lines


def cards(v: RaffView, names: Sequence[str], t: Translator, lang: str) -> list[panels.SeatCard]:
    out = []
    for seat in range(SEATS):
        facts = [t("side {side}", side=g.AXIS_NAMES[side_of_seat(seat)])]
        if seat == v.seat:
            facts.append(t("you"))
        if seat == v.roller:
            facts.append(t("rolls"))
        out.append(
            panels.SeatCard(
                panels.seat_token(seat, 48),
                namer(names, seat, lang),
                tn(translator(lang), "{n} die", "{n} dice", v.piles[seat]),
                " · ".join(facts),
                seat == v.roller,
            )
        )
    return out


def board_image(
    game: Raffzahn,
    names: Sequence[str],
    *,
    seat: int | None = None,
    side: int | None = None,
    lang: str = DEFAULT,
    resigned: Sequence[bool] = (),
    status: Sequence[str] | None = None,
) -> Image.Image:
    """The picture for ``seat`` (its own side's pips, the dice it may take labelled) or the
    public one (``seat`` None: the shape only)."""
    t = translator(lang)
    v = game.view(seat)
    side = picture_side(seat, side)
    overlay = view.Overlay(side, g.bits(choosable(v)), round_takes(game))
    img = view.plate(side).copy()
    view.draw_faces(img, v.occupied, view_faces(v), face_sprite(v, side), overlay)
    panels.draw_sides(img, lang, side)
    lines = status_text(v, names, t, lang)
    last = last_action_text(game, names, t, lang)
    if last:
        lines.append(last)
    if status is not None:  # a game the players ended early
        lines = list(status)
    bottom = panels.draw_status(img, lines, HEADING)
    if v.phase is Phase.ROUND and v.value is not None:
        panels.draw_dice(img, Colour.TURQUOISE, [v.value], bottom)
    panels.draw_cards(img, cards(v, names, t, lang), lang, resigned)
    return img


def final_image(
    game: Raffzahn,
    names: Sequence[str],
    *,
    seat: int | None = None,
    side: int | None = None,
    lang: str = DEFAULT,
    resigned: Sequence[bool] = (),
    ended: str | None = None,
) -> Image.Image:
    """The last picture with the standings below it: most dice first (ties share a rank)."""
    status = panels.ended_lines(ended)
    board = board_image(
        game, names, seat=seat, side=side, lang=lang, status=status, resigned=resigned
    )
    v = game.view(seat)
    rows = [
        panels.Standing(
            s,
            (-v.piles[s],),
            tn(translator(lang), "{n} die taken", "{n} dice taken", v.piles[s]),
            str(v.piles[s]),
            s in v.winners,
        )
        for s in range(SEATS)
    ]
    t = translator(lang)
    return panels.final_picture(
        board, names, lang, rows, panels.seat_token, resigned, measure=t("dice taken")
    )
