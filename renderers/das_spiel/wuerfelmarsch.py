"""Würfelmarsch's pictures (RULES.md §9): the plate with the three marching armies (red, yellow,
pearl: told apart by brightness, pip colour and the pearl stripes as well as by hue), each
seat's target corner flagged with its die, the last tip or rotation marked with the dice it
captured or removed, the dice the seat on turn may move labelled, the hollows they may tip
into ringed and the funnels such a tip would complete marked (a ▽ at the funnel's point), the
turn counter against the quiet cap; the final picture adds the standings.

Nothing is hidden in Würfelmarsch (§9.4), so the picture draws the state itself. The pips
decide captures, so every face shows them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from PIL import Image, ImageDraw

from games.das_spiel import geometry as g
from games.das_spiel.wuerfelmarsch import (
    COLOURS,
    TARGETS,
    EndReason,
    Result,
    WmState,
    Wuerfelmarsch,
)
from games.das_spiel.wuerfelmarsch.state import MOVES, SEATS
from locales import DEFAULT, Translator, translator
from renderers.das_spiel import panels, view
from renderers.das_spiel import theme as th
from renderers.names import namer

TOKEN = 40  # a target corner's flag: the owner's die in the empty hollow
GHOST = 34  # a die the last tip captured or removed, where it stood
DOT = 11  # a hollow the seat on turn may tip into
FUNNEL_MARK = 20  # a funnel a tip would complete: a triangle of this circumradius at its point
LABEL_LIFT = round(view.HEX_R) - 4  # a choosable die's label sits on its hexagon's top tip


@dataclass(frozen=True, slots=True)
class Last:
    """The last action, what it did, and the owner of each die it captured or removed (by
    position before the tip: the colour the picture marks it in)."""

    seat: int
    result: Result
    lost: dict[int, int]


class FromLog:
    """The default of ``last``: replay the game's whole log to find it."""


FROM_LOG: Final = FromLog()


def last_action(game: Wuerfelmarsch) -> Last | None:
    """The log's last action with its result, replayed from the set-up (well under a
    millisecond): the state keeps no result, and the picture shows what a tip took. A caller
    that keeps only the log's tail (the bot) passes its own ``Last`` (``last_of``) instead."""
    if not game.log:
        return None
    state = WmState(game.state.start_seat, game.state.quiet_turns)
    for action in game.log[:-1]:
        state.apply(action)
    owners = state.owners()
    return last_of(game.log[-1].seat, owners, state.apply(game.log[-1]))


def last_of(seat: int, owners: Sequence[int], r: Result) -> Last:
    """The ``Last`` of a result, given each position's owner before the action."""
    lost = {c.pos: owners[c.pos] for c in r.captured}
    for i in r.removed:  # the moved die itself may be removed: it came from ``r.pos``
        lost[i] = owners[r.pos] if i == r.to else owners[i]
    return Last(seat, r, lost)


def _resolve(game: Wuerfelmarsch, last: Last | FromLog | None) -> Last | None:
    return last_action(game) if isinstance(last, FromLog) else last


def choosable(game: Wuerfelmarsch) -> int:
    """The dice the seat on turn may move (every own die: each can at least be rotated)."""
    s = game.state
    return s.owned[s.current] if s.current is not None else 0


def destinations(state: WmState, dice: int) -> int:
    """The empty hollows the seat on turn can tip one of ``dice`` into."""
    seat = state.current
    if seat is None:
        return 0
    occupied = state.pyramid.occupied
    out = 0
    for i in g.bits(dice & state.owned[seat]):
        for to, _name, _gain, _lose in MOVES[seat][i]:
            if not occupied >> to & 1:
                out |= g.BIT[to]
    return out


def completions(state: WmState, dice: int) -> list[int]:
    """The funnels (layer-1 positions) a legal tip of one of ``dice`` of the seat on turn would
    complete, tried on copies of the state."""
    seat = state.current
    if seat is None:
        return []
    out: set[int] = set()
    for tip in state.tips(seat):
        if dice >> tip.frm & 1:
            out.update(f.funnel for f in state.copy().apply(tip).funnels)
    return sorted(out)


def direction_name(t: Translator, name: str) -> str:
    """A tip's direction (``forward-left`` …) in words."""
    return {
        "forward-left": t("forward-left"),
        "forward-right": t("forward-right"),
        "left": t("left"),
        "right": t("right"),
    }[name]


def last_action_text(
    game: Wuerfelmarsch, last: Last | None, names: Sequence[str], t: Translator, lang: str
) -> str:
    """The last action in words ("" before the first)."""
    if last is None:
        return ""
    return describe(t, last, lambda seat: panels.short_name(names, seat, lang))


def describe(t: Translator, last: Last, name_of: Callable[[int], str]) -> str:
    """What an action did, each seat named by ``name_of`` (the picture's short names, the
    chat's mentions)."""
    r = last.result
    who = name_of(last.seat)
    if r.kind == "rotate":
        faces = "".join(map(str, r.orientation))
        return t("{name} turned {pos} to {faces}.", name=who, pos=g.LABELS[r.pos], faces=faces)
    assert r.to is not None and r.direction is not None
    text = t(
        "{name} tipped {frm} {direction} to {to}.",
        name=who,
        frm=g.LABELS[r.pos],
        direction=direction_name(t, r.direction),
        to=g.LABELS[r.to],
    )
    by_seat: dict[int, list[str]] = {}
    for c in r.captured:
        by_seat.setdefault(c.by, []).append(g.LABELS[c.pos])
    for seat, labels in sorted(by_seat.items()):
        text += " " + t("{name} captured {labels}.", name=name_of(seat), labels=" ".join(labels))
    if r.removed:
        labels = " ".join(g.LABELS[i] for i in r.removed)
        text += " " + t("Tie: {labels} left the game.", labels=labels)
    return text


def status_text(game: Wuerfelmarsch, names: Sequence[str], t: Translator, lang: str) -> str:
    s = game.state
    if s.finished:
        reason = {
            EndReason.CORNER: t("A die reached its target corner."),
            EndReason.PLATE_EMPTY: t("No die is left on the plate."),
            EndReason.QUIET_CAP: t("Too many turns without a capture."),
        }[s.end_reason or EndReason.CORNER]
        return panels.end_line(t, reason, s.winners, names)
    who = panels.short_name(names, s.current if s.current is not None else 0, lang)
    return t("{name}: tip a die toward your corner, or turn one.", name=who)


def turn_text(state: WmState, t: Translator) -> str:
    """The turn counter against the quiet cap (WM-8)."""
    return t(
        "Turn {n} · {quiet} of {cap} turns without a capture",
        n=state.turn + (0 if state.finished else 1),
        quiet=state.quiet,
        cap=state.quiet_turns,
    )


def cards(
    game: Wuerfelmarsch, names: Sequence[str], t: Translator, lang: str
) -> list[panels.SeatCard]:
    s = game.state
    out = []
    for seat in range(SEATS):
        facts = _tally(t, s, seat)
        out.append(
            panels.SeatCard(
                panels.die_token(COLOURS[seat], 48),
                namer(names, seat, lang),
                t("score {n}", n=signed(s.score(seat))),
                facts,
                seat == s.current,
            )
        )
    return out


def _tally(t: Translator, s: WmState, seat: int) -> str:
    return t(
        "{captured} captured, {removed} lost", captured=s.captured[seat], removed=s.removed[seat]
    )


def signed(n: int) -> str:
    """A score with its sign: +2, 0, −1."""
    return f"+{n}" if n > 0 else ("−" + str(-n) if n < 0 else "0")


def _draw_targets(img: Image.Image, state: WmState, side: int) -> None:
    """Each seat's target corner: its die as a flag in the empty hollow, ringed in its owner's
    die colour; a die standing in a corner keeps a ring round it."""
    draw = ImageDraw.Draw(img)
    occupied = state.pyramid.occupied
    for seat, corner in enumerate(TARGETS):
        x, y = view.centre(corner, side)
        colour = th.DIE[COLOURS[seat]]
        r = round(view.HEX_R * 0.62)
        if occupied >> corner & 1:
            continue
        draw.ellipse((x - r, y - r, x + r, y + r), outline=th.OUTLINE, width=8)
        draw.ellipse((x - r + 1, y - r + 1, x + r - 1, y + r - 1), outline=colour, width=5)
        token = panels.die_token(COLOURS[seat], TOKEN)
        img.paste(token, (x - TOKEN // 2, y - TOKEN // 2), token)


def _draw_lost(img: Image.Image, last: Last | None, side: int) -> None:
    """Where the last tip captured or removed dice: a small die of the lost die's colour,
    crossed out."""
    if last is None:
        return
    draw = ImageDraw.Draw(img)
    for i, seat in last.lost.items():
        x, y = view.centre(i, side)
        token = panels.die_token(COLOURS[seat], GHOST)
        img.paste(token, (x - GHOST // 2, y - GHOST // 2), token)
        h = GHOST // 2 + 4
        for a, b in (((x - h, y - h), (x + h, y + h)), ((x - h, y + h), (x + h, y - h))):
            draw.line((a, b), fill=th.OUTLINE, width=8)
            draw.line((a, b), fill=th.LAST_RING, width=4)


def _draw_destinations(img: Image.Image, hollows: int, side: int) -> None:
    draw = ImageDraw.Draw(img)
    for i in g.bits(hollows):
        x, y = view.centre(i, side)
        box = (x - DOT, y - DOT, x + DOT, y + DOT)
        draw.ellipse(box, fill=th.LABEL_BG, outline=th.LABEL_RING, width=4)


def _draw_funnels(img: Image.Image, funnels: Iterable[int], side: int) -> None:
    """A funnel a tip would complete: a triangle round its point (where its walls will meet),
    in the colour of the rings where the die can go, pointing down like a funnel."""
    draw = ImageDraw.Draw(img)
    r = FUNNEL_MARK
    for q in funnels:
        x, y = view.centre(q, side)
        points = [(x - r, y - r // 2), (x + r, y - r // 2), (x, y + r)]
        draw.polygon(points, outline=th.OUTLINE, width=11)
        draw.polygon(points, outline=th.LABEL_RING, width=5)


def board_image(
    game: Wuerfelmarsch,
    names: Sequence[str],
    *,
    choosable: Iterable[int] = (),
    moves_from: int | None = None,
    funnels: Iterable[int] = (),
    last: Last | FromLog | None = FROM_LOG,
    side: int = g.X,
    lang: str = DEFAULT,
    resigned: Sequence[bool] = (),
    status: Sequence[str] | None = None,
) -> Image.Image:
    """The plate; ``funnels`` (layer-1 positions) are marked as funnels a tip would complete,
    ``last`` is the last action (default: replayed from the log); ``status`` replaces the status
    lines (a game the players ended early)."""
    t = translator(lang)
    s = game.state
    last = _resolve(game, last)
    marks: tuple[int, ...] = ()
    if last is not None:
        r = last.result
        marks = (r.pos,) if r.kind == "rotate" or r.to is None else (r.pos, r.to)
    overlay = view.Overlay(side, (), marks)
    lines = [status_text(game, names, t, lang), turn_text(s, t)]
    text = last_action_text(game, last, names, t, lang)
    if text:
        lines.append(text)
    if status is not None:
        lines = list(status)
    cards_ = cards(game, names, t, lang)
    img = panels.board_picture(
        s.pyramid, overlay, lang, "Würfelmarsch", lines, cards_, resigned=resigned
    )
    _draw_targets(img, s, side)
    _draw_lost(img, last, side)
    if moves_from is not None:
        _draw_destinations(img, destinations(s, moves_from), side)
    _draw_funnels(img, funnels, side)
    # On the die's top tip: its pips decide captures, so none is covered.
    view.draw_labels(img, choosable, side, lift=LABEL_LIFT)
    return img


def final_image(
    game: Wuerfelmarsch,
    names: Sequence[str],
    *,
    side: int = g.X,
    lang: str = DEFAULT,
    resigned: Sequence[bool] = (),
    last: Last | FromLog | None = FROM_LOG,
    ended: str | None = None,
) -> Image.Image:
    """The final plate with the standings below it: the winner first, then by score."""
    s = game.state
    t = translator(lang)

    def facts(seat: int) -> str:
        text = _tally(t, s, seat)
        if s.end_reason is EndReason.CORNER and seat in s.winners:
            return t("reached the target corner") + " · " + text
        return text

    status = panels.ended_lines(ended)
    board = board_image(
        game, names, side=side, lang=lang, last=last, status=status, resigned=resigned
    )
    rows = [
        panels.Standing(
            seat,
            (seat not in s.winners, -s.score(seat)),
            facts(seat),
            signed(s.score(seat)),
            seat in s.winners,
        )
        for seat in range(SEATS)
    ]
    t = translator(lang)
    return panels.final_picture(board, names, lang, rows, _token, resigned, measure=t("score"))


def _token(seat: int, size: int) -> Image.Image:
    return panels.die_token(COLOURS[seat], size)
