"""The component layouts of the lobby and turn messages, within Discord's limits.

At most 5 rows; 5 buttons or 1 select (≤ 25 options) per row. Placing needs at most two
selections: with more than 25 allowed squares (a gold throw allows up to 174), first a group
(a zone, split in parts of ≤ 25), then the square.
"""

from __future__ import annotations

from dataclasses import dataclass

import discord

from bot.components import GameButton, GameSelect
from bot.models import MAX_SEATS, MIN_SEATS, GameRow
from bot.text import AI_LEVEL_LABELS, DIE_FACES, square_option_label, zone_name
from games.spexxx import GRID, Game, iter_mask
from games.spexxx.state import MAX_THROWS
from locales import N_, Translator

MAX_OPTIONS = 25


def turn_id(game: Game) -> int:
    """Counts turn changes (placements, discards, resignations): one per turn message.

    Each placement or discard adds a history entry and a seat resigns at most once, so this is
    the number of Place, Discard and Resign events without scanning the log.
    """
    state = game.state
    return len(state.history) + sum(state.resigned)


def just_played(game: Game, seat: int, args: tuple[int, ...]) -> bool:
    """Whether a placing click carries the move this seat has just made (the second half of a
    double click): the last turn played is the seat's, the click is from an earlier turn
    message, and it was made after as many throws as that turn had."""
    history = game.state.history
    return (
        bool(history)
        and history[-1].seat == seat
        and len(args) >= 2
        and args[0] < turn_id(game)
        and args[1] == len(history[-1].throws)
    )


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


def lobby_view(t: Translator, row: GameRow) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    full = len(row.players) >= MAX_SEATS
    view.add_item(
        GameButton.make(
            "join", row.id, label=t("Join"), style=discord.ButtonStyle.success, disabled=full
        )
    )
    view.add_item(GameButton.make("leave", row.id, label=t("Leave")))
    view.add_item(
        GameButton.make(
            "start",
            row.id,
            label=t("Start"),
            style=discord.ButtonStyle.primary,
            disabled=len(row.players) < MIN_SEATS,
        )
    )
    view.add_item(
        GameButton.make("cancel", row.id, label=t("Cancel"), style=discord.ButtonStyle.danger)
    )
    if any(p.is_ai for p in row.players):
        view.add_item(GameButton.make("rmai", row.id, label=t("Remove AI"), emoji="🤖"))
    if not full:
        view.add_item(
            GameSelect.make(
                "addai",
                row.id,
                placeholder=t("Add a computer player (host)…"),
                options=[
                    discord.SelectOption(
                        label=t("Add AI: {level}", level=t(name)), value=level, description=t(about)
                    )
                    for level, name, about in AI_LEVELS
                ],
                row=1,
            )
        )
    return view


AI_LEVELS = tuple(
    (level, AI_LEVEL_LABELS[level], about)
    for level, about in (
        ("easy", N_("plays legal moves with simple holds")),
        ("normal", N_("greedy: takes the most points now")),
        ("hard", N_("plans its holds exactly and builds lines and blocks")),
    )
)


def dice_view(t: Translator, row: GameRow) -> discord.ui.View:
    """Die toggles, Throw, Place… and (when nothing is allowed) Discard."""
    game = row.game
    assert game is not None
    state = game.state
    tid, k = turn_id(game), len(state.throws)
    view = discord.ui.View(timeout=None)
    dice = state.dice
    can_throw_again = k < MAX_THROWS
    if dice is not None:
        for i, value in enumerate(dice):
            held = i in state.held
            view.add_item(
                GameButton.make(
                    "die",
                    row.id,
                    tid,
                    k,
                    i,
                    0 if held else 1,
                    label=(
                        t("Held {face}", face=f"{DIE_FACES[value - 1]} {value}")
                        if held
                        else f"{DIE_FACES[value - 1]} {value}"
                    ),
                    style=discord.ButtonStyle.success if held else discord.ButtonStyle.secondary,
                    disabled=not can_throw_again,
                    row=0,
                )
            )
    allowed = state.allowed_mask()
    all_held = len(state.held) == len(dice or ())
    view.add_item(
        GameButton.make(
            "throw",
            row.id,
            tid,
            k,
            label=t("Throw") if k == 0 else t("Throw again ({n} left)", n=MAX_THROWS - k),
            emoji="🎲",
            style=discord.ButtonStyle.primary,
            disabled=not can_throw_again or (k > 0 and all_held),
            row=1,
        )
    )
    if k > 0 and not allowed:
        view.add_item(
            GameButton.make(
                "discard",
                row.id,
                tid,
                k,
                label=t("Discard a cube"),
                style=discord.ButtonStyle.danger,
                row=1,
            )
        )
    else:
        view.add_item(
            GameButton.make(
                "place",
                row.id,
                tid,
                k,
                label=t("Place…"),
                style=discord.ButtonStyle.success,
                disabled=k == 0,
                row=1,
            )
        )
    view.add_item(GameButton.make("hint", row.id, tid, k, label=t("Hint"), emoji="💡", row=1))
    return view


def placing_view(t: Translator, row: GameRow, group: int | None = None) -> discord.ui.View:
    """Square selection: one select, or a group select and then the group's squares."""
    game = row.game
    assert game is not None
    state = game.state
    tid, k = turn_id(game), len(state.throws)
    view = discord.ui.View(timeout=None)
    allowed = state.allowed_mask()
    groups = square_groups(t, allowed)
    squares = [sq.index for sq in iter_mask(allowed)]
    two_steps = len(squares) > MAX_OPTIONS
    if two_steps:
        view.add_item(
            GameSelect.make(
                "zone",
                row.id,
                tid,
                k,
                placeholder=t("1. Choose a zone"),
                options=[
                    discord.SelectOption(label=g.label, value=str(g.key), default=g.key == group)
                    for g in groups
                ],
                row=0,
            )
        )
        squares = list(groups[group].squares) if group is not None and group < len(groups) else []
    if squares:
        view.add_item(
            GameSelect.make(
                "sq",
                row.id,
                tid,
                k,
                placeholder=t("2. Choose a square") if two_steps else t("Choose a square"),
                options=[
                    discord.SelectOption(label=square_option_label(t, i), value=GRID[i].name)  # type: ignore[union-attr]
                    for i in squares
                ],
                row=1,
            )
        )
    if k < MAX_THROWS:
        view.add_item(
            GameButton.make("back", row.id, tid, k, label=t("Back to the dice"), emoji="↩️", row=2)
        )
    return view
