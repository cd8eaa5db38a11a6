"""The lobby message's controls: the same for every game, seats and levels from its adapter."""

from __future__ import annotations

from typing import Any

import discord

from bot.contract.adapter import Button, GameAdapter, Option, Select, Style
from bot.contract.models import GameRow
from bot.flow.components import GameItem
from locales import Translator


def lobby_view(t: Translator, game: GameAdapter[Any], row: GameRow) -> discord.ui.View:
    """Join, Leave, Start, Cancel; Remove AI when there is one; Add AI while a seat is free."""
    full = len(row.players) >= game.info.max_seats
    buttons = [
        Button("join", label=t("Join"), style=Style.SUCCESS, disabled=full),
        Button("leave", label=t("Leave")),
        Button(
            "start",
            label=t("Start"),
            style=Style.PRIMARY,
            disabled=len(row.players) < game.info.min_seats,
        ),
        Button("cancel", label=t("Cancel"), style=Style.DANGER),
    ]
    if any(p.is_ai for p in row.players):
        buttons.append(Button("rmai", label=t("Remove AI"), emoji="🤖"))
    view = discord.ui.View(timeout=None)
    for spec in buttons:
        view.add_item(GameItem.button(game.info.code, row.id, None, spec, 0))
    if not full:
        levels = Select(
            "addai",
            tuple(
                Option(
                    label=t("Add AI: {level}", level=t(name)),
                    value=level,
                    description=_about(t, game.info.level_about(level)),
                )
                for level, name in game.info.levels
            ),
            placeholder=t("Add a computer player (host)…"),
        )
        view.add_item(GameItem.select(game.info.code, row.id, None, levels, 1))
    return view


def _about(t: Translator, text: str) -> str | None:
    return t(text) if text else None  # t("") would be the catalog's header


def may_cancel(interaction: discord.Interaction, row: GameRow) -> bool:
    """The host, or someone with Manage Server."""
    user = interaction.user
    perms = getattr(user, "guild_permissions", None)
    return user.id == row.host_id or bool(perms and perms.manage_guild)
