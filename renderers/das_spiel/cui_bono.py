"""Cui bono?'s pictures (RULES.md §7): the pile as everyone sees it, the bottom dice that may be
pulled (or the funnels the held die may go back into) labelled, the last pull marked, and each
seat's kept dice with its minus points; the final picture adds the standings.

Everything in Cui bono? is public, so the picture draws the state itself: only exposed faces are
drawn, the faces ``CuiBono.view`` keeps.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PIL import Image

from games.das_spiel import geometry as g
from games.das_spiel.cui_bono import CuiBono, EndReason, Phase, Pull, Put
from games.das_spiel.pyramid import Colour
from locales import DEFAULT, Translator, tn, translator
from renderers.das_spiel import panels, view
from renderers.names import namer

KEPT_COLOURS = (Colour.RED, Colour.YELLOW, Colour.PEARL)


def choosable(game: CuiBono) -> int:
    """What the seat on turn may pick now: a pullable bottom die, or a funnel the held die
    may go back into."""
    s = game.state
    if s.phase is Phase.PULL:
        return s.pullable()
    if s.phase is Phase.PLACE:
        return s.funnels
    return 0


def last_marks(game: CuiBono) -> tuple[int, ...]:
    """The last pull's positions: where the die was pulled and where the slide left a gap, or
    where the die went back in."""
    for action in reversed(game.log):
        if isinstance(action, Put):
            return (action.pos,)
        if isinstance(action, Pull):
            s = game.state
            if s.phase is Phase.PLACE and s.vacated is not None:
                return tuple(dict.fromkeys((action.pos, s.vacated)))
            return (action.pos,)
    return ()


def _colour_name(t: Translator, colour: Colour) -> str:
    return {
        Colour.RED: t("red"),
        Colour.YELLOW: t("yellow"),
        Colour.PEARL: t("pearl"),
        Colour.TURQUOISE: t("turquoise"),
    }[colour]


def status_text(game: CuiBono, names: Sequence[str], t: Translator, lang: str) -> str:
    s = game.state
    if s.phase is Phase.OVER:
        reason = {
            EndReason.DICE_LIMIT: t("A player kept his last die."),
            EndReason.NOTHING_TO_PULL: t("No die can be pulled any more."),
            EndReason.QUIET_CAP: t("Too many turns without a kept die."),
        }[s.end_reason or EndReason.DICE_LIMIT]
        return panels.end_line(t, reason, s.winners, names)
    who = panels.short_name(names, s.current if s.current is not None else 0, lang)
    if s.phase is Phase.PULL:
        return t("{name} pulls a bottom die.", name=who)
    colour = _colour_name(t, s.held.colour) if s.held is not None else "?"
    if s.funnels:
        return t("{name} holds a {colour} die: put it back or keep it.", name=who, colour=colour)
    return t("{name} holds a {colour} die and must keep it.", name=who, colour=colour)


def _count(lang: str, colour: Colour, n: int) -> str:
    """``3 red``: kept dice of one colour, the colour agreeing with the number ("3 rouges")."""
    if colour is Colour.RED:
        return tn(translator(lang), "{n} red", "{n} red", n)
    if colour is Colour.YELLOW:
        return tn(translator(lang), "{n} yellow", "{n} yellow", n)
    return tn(translator(lang), "{n} pearl", "{n} pearl", n)


def cards(game: CuiBono, names: Sequence[str], t: Translator, lang: str) -> list[panels.SeatCard]:
    s = game.state
    out = []
    for seat in range(s.seats):
        kept = s.kept[seat]
        counts = ", ".join(_count(lang, c, kept.count(c)) for c in KEPT_COLOURS if kept.count(c))
        facts = tn(translator(lang), "{n} die kept", "{n} dice kept", len(kept))
        if counts:
            facts = t("{label}: {value}", label=facts, value=counts)
        out.append(
            panels.SeatCard(
                panels.seat_token(seat, 48),
                namer(names, seat, lang),
                tn(translator(lang), "{n} minus point", "{n} minus points", s.minus_points(seat)),
                facts,
                seat == s.current,
                counts or None,
            )
        )
    return out


def board_image(
    game: CuiBono,
    names: Sequence[str],
    *,
    choosable: Iterable[int] = (),
    side: int = g.X,
    lang: str = DEFAULT,
    resigned: Sequence[bool] = (),
    status: Sequence[str] | None = None,
) -> Image.Image:
    """``status`` replaces the status lines (a game the players ended early)."""
    t = translator(lang)
    overlay = view.Overlay(side, choosable, last_marks(game))
    lines = list(status) if status is not None else [status_text(game, names, t, lang)]
    cards_ = cards(game, names, t, lang)
    pile = game.view().pyramid  # what everyone sees: the interior blanked (§3.4)
    return panels.board_picture(pile, overlay, lang, "Cui bono?", lines, cards_, resigned=resigned)


def final_image(
    game: CuiBono,
    names: Sequence[str],
    *,
    side: int = g.X,
    lang: str = DEFAULT,
    resigned: Sequence[bool] = (),
    ended: str | None = None,
) -> Image.Image:
    """The final pile with the standings below it: fewest minus points first."""
    status = panels.ended_lines(ended)
    board = board_image(game, names, side=side, lang=lang, status=status, resigned=resigned)
    s = game.state
    rows = [
        panels.Standing(
            seat,
            (s.minus_points(seat), len(s.kept[seat])),
            tn(translator(lang), "{n} die kept", "{n} dice kept", len(s.kept[seat])),
            f"−{s.minus_points(seat)}" if s.minus_points(seat) else "0",
            seat in s.winners,
        )
        for seat in range(s.seats)
    ]
    t = translator(lang)
    return panels.final_picture(
        board, names, lang, rows, panels.seat_token, resigned, measure=t("minus points")
    )
