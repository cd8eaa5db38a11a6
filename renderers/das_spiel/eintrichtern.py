"""Eintrichtern's pictures (RULES.md §8): the yellow plate under its red dice, drawn only from
what a seat may know (``EinView``, §3.4, §8.5): the red dice labelled and without pips, the
outer faces of the yellow dice (EIN-5), the walls and sum of every funnel out of play, the
roll or adopted target, the last lift marked, and each seat's red dice against the goal; the
final picture adds the standings.

A covered funnel's walls never reach the picture: the pile is rebuilt from the view, each
yellow die given the first orientation that shows its visible faces, and every other face
drawn blank. Two games that differ only in hidden faces give the same PNG (a test checks it).
The one exception is the bot's reveal (``Reveal``, the lift's own result, §8.5): for those
8 seconds that funnel is drawn open with its walls and sum.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PIL import Image

from games.das_spiel import geometry as g
from games.das_spiel.eintrichtern import (
    FUNNELS,
    Eintrichtern,
    EinView,
    EndReason,
    Lift,
    Phase,
    Reveal,
    Roll,
)
from games.das_spiel.orientation import ORIENTATIONS
from games.das_spiel.pyramid import Colour, Die, Pyramid
from locales import DEFAULT, Translator, tn, translator
from renderers.das_spiel import panels, view
from renderers.names import namer

ROLL_DIE = 52  # the rolled pearl dice below the status lines
COVER = Die(Colour.RED, ORIENTATIONS[0])  # a red die's pips are never shown (§8.1)


def pile(v: EinView, reveal: Reveal | None = None) -> tuple[Pyramid, set[tuple[int, int]]]:
    """The pile a seat may see and the faces to draw blank: yellow dice showing only their
    visible faces, a red die on every covered funnel (the revealed one lifted)."""
    known = v.faces()
    covered = v.covered
    if reveal is not None:
        covered &= ~g.BIT[reveal.pos]
        for a, b in enumerate(g.SUPPORT_BY_AXIS[reveal.pos]):
            known[(b, a)] = reveal.walls[a]
    dice: dict[int, Die] = {}
    blank: set[tuple[int, int]] = set()
    for b in g.bits(g.BOTTOM_MASK):
        seen = {a: known[(b, a)] for a in g.AXES if (b, a) in known}
        dice[b] = Die(Colour.YELLOW, _showing(seen))
        blank.update((b, a) for a in g.AXES if a not in seen)
    for q in g.bits(covered):
        dice[q] = COVER
        blank.update((q, a) for a in g.AXES)
    return Pyramid.from_dice(dice), blank


def _showing(seen: dict[int, int]) -> tuple[int, int, int]:
    """The first orientation with the ``seen`` faces (axis → pips): the hidden ones are never
    drawn, so which one it is says nothing."""
    for o in ORIENTATIONS:
        if all(o[a] == v for a, v in seen.items()):
            return o
    raise ValueError(f"no die shows {seen}")


def funnel_texts(v: EinView, reveal: Reveal | None = None) -> dict[int, str]:
    """The sum in every funnel out of play, and in the revealed one."""
    out = {q: str(v.open_sum(q)) for q in g.bits(v.open_funnels)}
    if reveal is not None:
        out[reveal.pos] = str(reveal.funnel_sum)
    return out


def last_lift(game: Eintrichtern) -> Lift | None:
    for action in reversed(game.log):
        if isinstance(action, Lift):
            return action
    return None


def current_roll(game: Eintrichtern) -> tuple[int, int, int] | None:
    """The dice of the roll that set the target now in play (None when adopted or unset)."""
    s = game.state
    if s.phase is not Phase.LIFT or s.target_adopted or not game.log:
        return None
    action = game.log[-1]
    return action.dice if isinstance(action, Roll) else None


def status_text(
    game: Eintrichtern, v: EinView, names: Sequence[str], t: Translator, lang: str
) -> str:
    if v.finished:
        reason = {
            EndReason.REDS_GOAL: t("A player holds {n} red dice.", n=v.goal),
            EndReason.REDS_GONE: t("No red die is left: most red dice win."),
        }[v.end_reason or EndReason.REDS_GOAL]
        return panels.end_line(t, reason, v.winners, names)
    who = panels.short_name(names, v.current if v.current is not None else 0, lang)
    if v.phase is Phase.TARGET:
        if v.adoptable is not None:
            return t("{name} rolls, or adopts {n}.", name=who, n=v.adoptable)
        return t("{name} rolls the three dice.", name=who)
    dice = current_roll(game)
    if dice is not None:
        return t(
            "{name} rolled {dice} = {n}: lift a red die.",
            name=who,
            dice=" ".join(map(str, dice)),
            n=v.target,
        )
    return t("{name} adopted {n}: lift a red die.", name=who, n=v.target)


def last_action_text(
    game: Eintrichtern,
    v: EinView,
    names: Sequence[str],
    t: Translator,
    lang: str,
    reveal: Reveal | None,
) -> str:
    """The last lift in words. A miss never names its sum once covered again (§8.5): only
    while it is revealed."""
    lift = last_lift(game)
    if lift is None:
        return ""
    who = panels.short_name(names, lift.seat, lang)
    label = g.LABELS[lift.pos]
    if reveal is not None and reveal.pos == lift.pos:
        walls = " + ".join(map(str, reveal.walls))
        n = reveal.funnel_sum
        text = t("{name} lifted {label}: {walls} = {n}.", name=who, label=label, walls=walls, n=n)
        if reveal.ms is not None:
            text += " " + t("No match.")
        return text
    if not v.covered >> lift.pos & 1:
        return t("{name} lifted {label}: a match, the red die is won.", name=who, label=label)
    return t("{name} lifted {label}: no match.", name=who, label=label)


def cards(v: EinView, names: Sequence[str], t: Translator, lang: str) -> list[panels.SeatCard]:
    out = []
    for seat in range(v.players):
        reds = v.reds[seat]
        facts = tn(translator(lang), "{n} red die won", "{n} red dice won", reds)
        left = v.goal - reds
        brief = None
        if left > 0 and not v.finished:
            brief = tn(translator(lang), "{n} more to win", "{n} more to win", left)
            facts += " · " + brief
        out.append(
            panels.SeatCard(
                panels.seat_token(seat, 48),
                namer(names, seat, lang),
                t("{n} of {goal}", n=reds, goal=v.goal),
                facts,
                seat == v.current,
                brief,
            )
        )
    return out


def _draw_roll(dice: tuple[int, int, int] | None) -> Callable[[Image.Image, int], None]:
    """``after_status``: the rolled pearl dice, when a rolled target is in play."""

    def draw(img: Image.Image, y: int) -> None:
        if dice is not None:
            panels.draw_dice(img, Colour.PEARL, dice, y, ROLL_DIE)

    return draw


def board_image(
    game: Eintrichtern,
    names: Sequence[str],
    *,
    seat: int | None = None,
    reveal: Reveal | None = None,
    side: int = g.X,
    lang: str = DEFAULT,
    resigned: Sequence[bool] = (),
    status: Sequence[str] | None = None,
) -> Image.Image:
    """The table as ``seat`` sees it (everyone sees the same; default the seat on turn);
    ``status`` replaces the status lines (a game the players ended early)."""
    t = translator(lang)
    s = game.state
    v = game.view(seat if seat is not None else (s.current or 0))
    shown, blank = pile(v, reveal)
    lift = last_lift(game)
    last = (reveal.pos,) if reveal is not None else ((lift.pos,) if lift is not None else ())
    # Every red die, always, while the game runs (§8.5).
    labels = () if v.finished else g.bits(shown.occupied & FUNNELS)
    overlay = view.Overlay(side, labels, last, funnel_texts(v, reveal), g.AXES, blank)
    text = last_action_text(game, v, names, t, lang, reveal)
    lines = [text] if text else []  # what happened, then what is next (above the roll)
    lines.append(status_text(game, v, names, t, lang))
    if status is not None:
        lines = list(status)
    return panels.board_picture(
        shown,
        overlay,
        lang,
        "Eintrichtern",
        lines,
        cards(v, names, t, lang),
        _draw_roll(current_roll(game)),
        resigned=resigned,
    )


def final_image(
    game: Eintrichtern,
    names: Sequence[str],
    *,
    side: int = g.X,
    lang: str = DEFAULT,
    resigned: Sequence[bool] = (),
    ended: str | None = None,
) -> Image.Image:
    """The final plate (covered funnels stay covered) with the standings: most red dice first."""
    s = game.state
    status = panels.ended_lines(ended)
    board = board_image(game, names, side=side, lang=lang, status=status, resigned=resigned)
    rows = [
        panels.Standing(
            seat,
            (seat not in s.winners, -s.reds[seat]),
            tn(translator(lang), "{n} red die won", "{n} red dice won", s.reds[seat]),
            str(s.reds[seat]),
            seat in s.winners,
        )
        for seat in range(s.players)
    ]
    t = translator(lang)
    return panels.final_picture(
        board, names, lang, rows, panels.seat_token, resigned, measure=t("red dice won")
    )
