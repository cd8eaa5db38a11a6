"""Abquetschen's pictures (RULES.md §4): the pyramid in the builders' colours, each seat's
supply and dice, the turn's status, the last build marked, and the final standings.

Pips mean nothing in Abquetschen, so the pile is drawn from ``Abquetschen.pyramid()`` (each
die in its owner's colour). What a player may choose now is a parameter; ``choosable``
offers the engine's answer for the picker the bot shows (every position of some legal group).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PIL import Image

from games.das_spiel import geometry as g
from games.das_spiel.abquetschen import (
    COLOURS,
    START_PYRAMIDS,
    Abquetschen,
    Bonus,
    Build,
    EndReason,
    Phase,
    Roll,
    Start,
)
from locales import DEFAULT, Translator, tn, translator
from renderers.das_spiel import panels, view
from renderers.names import namer


def choosable(game: Abquetschen) -> int:
    """The positions the seat on turn may pick now, as a mask: the tops of the start pyramids,
    or every position of some legal build (or bonus group)."""
    s = game.state
    seat = s.current
    if seat is None:
        return 0
    if s.phase is Phase.START:
        return g.mask_of(max(g.bits(m)) for m in START_PYRAMIDS)
    out = 0
    if s.phase is Phase.BUILD and s.roll is not None:
        for m in s.builds(seat, s.roll):
            out |= m
    elif s.phase is Phase.BONUS:
        for m in s.bonus_groups(seat, s.bonus_due):
            out |= m
    return out


def last_placement(game: Abquetschen) -> tuple[int, ...]:
    """The positions of the last dice laid (start pyramid, build or bonus)."""
    for action in reversed(game.log):
        if isinstance(action, Start | Build | Bonus) and action.positions:
            return action.positions
    return ()


def last_action_text(game: Abquetschen, names: Sequence[str], t: Translator, lang: str) -> str:
    """The log's last event in words ("" before the first)."""
    if not game.log:
        return ""
    action = game.log[-1]
    who = panels.short_name(names, action.seat, lang)
    if isinstance(action, Roll):
        if game.state.phase is Phase.ROLL:  # the turn passed at once (ABQ-10)
            return t("{name} rolled {n} and could not build.", name=who, n=action.value)
        return t("{name} rolled {n}.", name=who, n=action.value)
    labels = " ".join(g.LABELS[i] for i in sorted(action.positions))
    if isinstance(action, Start):
        return t("{name} laid the start pyramid: {labels}.", name=who, labels=labels)
    if isinstance(action, Build):
        return t("{name} built {labels}.", name=who, labels=labels)
    if not action.positions:
        return t("{name} declined the bonus dice.", name=who)
    return t("{name} built bonus dice: {labels}.", name=who, labels=labels)


def status_text(game: Abquetschen, names: Sequence[str], t: Translator, lang: str) -> str:
    s = game.state
    if s.phase is Phase.OVER:
        return end_text(game, names, t, lang)
    who = panels.short_name(names, s.current if s.current is not None else 0, lang)
    if s.phase is Phase.SEARCH:
        return t("{name} rolls: whoever rolls a 4 first starts.", name=who)
    if s.phase is Phase.START:
        return t("{name} lays the start pyramid.", name=who)
    if s.phase is Phase.ROLL:
        return t("{name} rolls.", name=who)
    if s.phase is Phase.BUILD:
        n = s.roll or 0
        return tn(
            translator(lang),
            "{name} rolled {n}: build {n} die.",
            "{name} rolled {n}: build {n} dice.",
            n,
            name=who,
        )
    k = s.bonus_due
    return tn(
        translator(lang),
        "{name} may build {n} bonus die.",
        "{name} may build {n} bonus dice.",
        k,
        name=who,
    )


def end_text(game: Abquetschen, names: Sequence[str], t: Translator, lang: str) -> str:
    s = game.state
    reason = {
        EndReason.SUPPLY_USED: t("A supply is used up."),
        EndReason.ROLL_OVER_SUPPLY: t("A roll was more than the roller's supply."),
        EndReason.BURIED: t("A player was buried: fewest dice left wins."),
        EndReason.STALLED: t("Nobody could build any more: fewest dice left wins."),
    }[s.end_reason or EndReason.SUPPLY_USED]
    return panels.end_line(t, reason, s.winners, names)


def cards(
    game: Abquetschen, names: Sequence[str], t: Translator, lang: str
) -> list[panels.SeatCard]:
    s = game.state
    out = []
    for seat in range(len(COLOURS)):
        in_pyramid = s.owned[seat].bit_count()
        facts = tn(
            translator(lang),
            "{n} die in the pyramid, {k} open",
            "{n} dice in the pyramid, {k} open",
            in_pyramid,
            k=s.open_dice(seat).bit_count(),
        )
        out.append(
            panels.SeatCard(
                panels.die_token(COLOURS[seat], 48),
                namer(names, seat, lang),
                t("supply {n}", n=s.supply[seat]),
                facts,
                seat == s.current,
            )
        )
    return out


def board_image(
    game: Abquetschen,
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
    overlay = view.Overlay(side, choosable, last_placement(game), spare_pips=True)
    lines = [status_text(game, names, t, lang)]
    last = last_action_text(game, names, t, lang)
    just_rolled = bool(game.log) and isinstance(game.log[-1], Roll)
    if last and not game.finished and not (just_rolled and game.state.phase is Phase.BUILD):
        lines.append(last)
    if status is not None:
        lines = list(status)
    cards_ = cards(game, names, t, lang)
    pile = game.pyramid()
    return panels.board_picture(
        pile, overlay, lang, "Abquetschen", lines, cards_, resigned=resigned
    )


def final_image(
    game: Abquetschen,
    names: Sequence[str],
    *,
    side: int = g.X,
    lang: str = DEFAULT,
    resigned: Sequence[bool] = (),
    ended: str | None = None,
) -> Image.Image:
    """The final pile with the standings below it: winners first, then fewest dice left."""
    status = panels.ended_lines(ended)
    board = board_image(game, names, side=side, lang=lang, status=status, resigned=resigned)
    s = game.state
    rows = [
        panels.Standing(
            seat,
            (seat not in s.winners, s.supply[seat]),
            tn(
                translator(lang),
                "{n} die left in supply",
                "{n} dice left in supply",
                s.supply[seat],
            ),
            str(s.supply[seat]),
            seat in s.winners,
        )
        for seat in range(len(COLOURS))
    ]
    t = translator(lang)
    return panels.final_picture(board, names, lang, rows, _token, resigned, measure=t("dice left"))


def _token(seat: int, size: int) -> Image.Image:
    return panels.die_token(COLOURS[seat], size)
