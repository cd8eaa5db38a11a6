"""Spexxx's turn controls, within Discord's limits.

At most 5 rows; 5 buttons or 1 select (≤ 25 options) per row. Placing needs at most two
selections: with more than 25 allowed squares (a gold throw allows up to 174), first a group
(a zone, split in parts of ≤ 25), then the square.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.adapters.spexxx.words import DIE_FACES, square_option_label, zone_name
from bot.contract.adapter import MAX_OPTIONS, Button, Controls, Option, Select, Style
from games.spexxx import GRID, Game, iter_mask
from games.spexxx.state import MAX_THROWS
from locales import Translator


def turn_id(game: Game) -> int:
    """Counts turn changes (placements, discards, resignations): one per turn message.

    Each placement or discard adds a history entry and a seat resigns at most once, so this is
    the number of Place, Discard and Resign events without scanning the log. Buttons posted
    before the platform's versioned ids carry it.
    """
    state = game.state
    return len(state.history) + sum(state.resigned)


@dataclass(frozen=True, slots=True)
class SquareGroup:
    key: int  # option value
    label: str
    squares: tuple[int, ...]


def square_groups(t: Translator, allowed_mask: int) -> list[SquareGroup]:
    """Allowed squares grouped by zone (board order), zones over 25 split into parts."""
    by_zone: dict[str, list[int]] = {}
    for sq in iter_mask(allowed_mask):
        by_zone.setdefault(zone_name(t, sq.zone), []).append(sq.index)
    groups: list[SquareGroup] = []
    for zone, squares in by_zone.items():
        parts = [squares[i : i + MAX_OPTIONS] for i in range(0, len(squares), MAX_OPTIONS)]
        for part in parts:
            first, last = GRID[part[0]], GRID[part[-1]]
            assert first is not None and last is not None
            suffix = f" ({first.name}–{last.name})" if len(parts) > 1 else ""
            count = t("{n} square", "{n} squares", len(part))
            label = f"{zone} · {count}{suffix}"
            groups.append(SquareGroup(len(groups), label, tuple(part)))
    return groups


def turn_args(game: Game) -> tuple[str, str]:
    """Every turn control carries the turn and the throws used: a click from before the last
    throw, or on the turn just played, gets words that say so (see ``SpexxxAdapter.checked``)."""
    return str(turn_id(game)), str(len(game.state.throws))


def dice_controls(t: Translator, game: Game) -> Controls:
    """Die toggles, Throw, Place… and (when nothing is allowed) Discard."""
    state = game.state
    k = len(state.throws)
    turn = turn_args(game)
    dice = state.dice
    can_throw_again = k < MAX_THROWS
    rows: list[tuple[Button, ...]] = []
    if dice is not None:
        rows.append(
            tuple(
                Button(
                    "die",
                    (*turn, str(i), "0" if i in state.held else "1"),
                    label=(
                        t("Held {face}", face=f"{DIE_FACES[value - 1]} {value}")
                        if i in state.held
                        else f"{DIE_FACES[value - 1]} {value}"
                    ),
                    style=Style.SUCCESS if i in state.held else Style.SECONDARY,
                    disabled=not can_throw_again,
                )
                for i, value in enumerate(dice)
            )
        )
    allowed = state.allowed_mask()
    all_held = len(state.held) == len(dice or ())
    throw = Button(
        "throw",
        turn,
        label=t("Throw") if k == 0 else t("Throw again ({n} left)", n=MAX_THROWS - k),
        emoji="🎲",
        style=Style.PRIMARY,
        disabled=not can_throw_again or (k > 0 and all_held),
    )
    if k > 0 and not allowed:
        move = Button("discard", turn, label=t("Discard a cube"), style=Style.DANGER)
    else:
        move = Button("place", turn, label=t("Place…"), style=Style.SUCCESS, disabled=k == 0)
    rows.append((throw, move, Button("hint", turn, label=t("Hint"), emoji="💡")))
    return Controls(tuple(rows))


def placing_controls(t: Translator, game: Game, group: int | None = None) -> Controls:
    """Square selection: one select, or a group select and then the group's squares."""
    state = game.state
    turn = turn_args(game)
    allowed = state.allowed_mask()
    groups = square_groups(t, allowed)
    squares = [sq.index for sq in iter_mask(allowed)]
    two_steps = len(squares) > MAX_OPTIONS
    rows: list[Select | tuple[Button, ...]] = []
    if two_steps:
        rows.append(
            Select(
                "zone",
                tuple(
                    Option(label=g.label, value=str(g.key), default=g.key == group) for g in groups
                ),
                turn,
                placeholder=t("1. Choose a zone"),
            )
        )
        squares = list(groups[group].squares) if group is not None and group < len(groups) else []
    if squares:
        rows.append(
            Select(
                "sq",
                tuple(
                    Option(label=square_option_label(t, i), value=GRID[i].name)  # type: ignore[union-attr]
                    for i in squares
                ),
                turn,
                placeholder=t("2. Choose a square") if two_steps else t("Choose a square"),
            )
        )
    if len(state.throws) < MAX_THROWS:
        rows.append((Button("back", turn, label=t("Back to the dice"), emoji="↩️"),))
    return Controls(tuple(rows))
