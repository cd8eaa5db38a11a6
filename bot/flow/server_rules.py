"""What concerns every game of a server, in one place (``/server``): who may open a lobby where,
and what a new game's turn timer is when nobody chose one.

Plain values in, ``Refusal`` out: ``starter_of`` and ``channel_ids`` say who is asking and
where; the same checks guard ``/<game> new`` and **Play again**.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import discord

from bot.contract.models import GameDefaults, ServerSettings, Status
from bot.contract.refusals import Refusal
from bot.storage import GameStore


@dataclass(frozen=True, slots=True)
class Starter:
    """Who wants to open a lobby: their id, their roles, and whether they may manage the
    server (managers may always start games, whatever role the server asks for)."""

    user_id: int
    role_ids: frozenset[int]
    manager: bool


class ServerRules:
    """The server's settings as rules for opening lobbies; reads them from ``store``."""

    def __init__(self, store: GameStore) -> None:
        self.store = store

    async def check_start(
        self, guild_id: int, channel_ids: Sequence[int], starter: Starter
    ) -> ServerSettings:
        """Refuse a lobby the server's settings do not allow: outside the channels games may
        be started in (``channel_ids``: the channel and, for a thread, its parent), without the
        role that may start games, or over the member's limit of open lobbies."""
        settings = await self.store.server_settings(guild_id)
        if settings.channels and not any(c in settings.channels for c in channel_ids):
            where = ", ".join(f"<#{c}>" for c in settings.channels)
            raise Refusal(
                "Games cannot be started in this channel. This server starts them in: {channels}.",
                channels=where,
            )
        role = settings.starter_role
        if role is not None and role not in starter.role_ids and not starter.manager:
            raise Refusal(
                "On this server only members with the <@&{role}> role can start games.",
                role=role,
            )
        if settings.lobby_limit:
            active = await self.store.list_active(guild_id)
            mine = [
                row
                for row in active
                if row.status is Status.LOBBY and row.host_id == starter.user_id
            ]
            if len(mine) >= settings.lobby_limit:
                links = ", ".join(f"<#{row.channel_id}>" for row in mine)
                raise Refusal(
                    "You already host as many open lobbies as this server allows ({n}): {links}. "
                    "Start or cancel one of them first.",
                    n=settings.lobby_limit,
                    links=links,
                )
        return settings

    @staticmethod
    def turn_timer(settings: ServerSettings, game: GameDefaults, chosen: int | None) -> int:
        """A new game's turn timer: the one chosen for it, else its game's default on this
        server, else the server's default."""
        if chosen is not None:
            return chosen
        return settings.turn_timer if game.timer is None else game.timer


def starter_of(interaction: discord.Interaction) -> Starter:
    """Who is asking, as ``bot.server_rules`` needs it."""
    user = interaction.user
    roles = frozenset(role.id for role in getattr(user, "roles", ()))
    perms = getattr(user, "guild_permissions", None)
    return Starter(user.id, roles, bool(perms and perms.manage_guild))


def channel_ids(interaction: discord.Interaction) -> tuple[int, ...]:
    """The channel asked in and, for a thread, its parent: games allowed in a channel are
    allowed in its threads."""
    channel = interaction.channel
    ids = tuple(i for i in (interaction.channel_id,) if i is not None)
    parent = getattr(channel, "parent_id", None)
    return ids + ((parent,) if parent else ())
