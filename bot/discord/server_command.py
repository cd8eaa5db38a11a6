"""``/server``: the settings of every game of a server, in one place. Anyone may read them
(privately); changing them needs Manage Server, checked here on every change (Discord's
``default_member_permissions`` would hide the command from the readers too)."""

from __future__ import annotations

import logging
from collections.abc import Callable

import discord
from discord import app_commands

from bot.contract.models import ServerSettings
from bot.contract.refusals import Refusal, refusal_text
from bot.core.failures import DISCORD_FAILURES
from bot.core.turn_timer import TIMER_CHOICES, timer_text
from bot.discord.translate import cmd
from bot.flow import replies
from bot.flow.replies import user_t
from bot.flow.server_rules import starter_of
from bot.storage import GameStore
from locales import LANGUAGE_NAMES, LANGUAGES, N_, Translator

log = logging.getLogger(__name__)

MAX_LOBBY_LIMIT = 25
SERVER_DESCRIPTION = N_("Settings for every game on this server (Manage Server changes them)")
PARAMS = {
    "language": N_("language of the bot's public messages in this server"),
    "threads": N_("play each game in its own thread (needs Create Public Threads)"),
    "timer": N_("default turn timer of new games (each game's settings may set its own)"),
    "allow_channel": N_("a channel games may be started in (added to the list)"),
    "forbid_channel": N_("a channel taken off the list of channels games may be started in"),
    "all_channels": N_("games may be started in every channel again"),
    "starters": N_("the role that may start games (@everyone: everyone)"),
    "lobby_limit": N_("open lobbies one member may host at once (0: no limit)"),
}


def settings_text(t: Translator, settings: ServerSettings) -> str:
    """The server's settings, one line each, in the reader's language."""
    language = (
        LANGUAGE_NAMES[settings.language] if settings.language else t("the server's own language")
    )
    channels = (
        ", ".join(f"<#{c}>" for c in settings.channels)
        if settings.channels
        else "**" + t("every channel") + "**"
    )
    starters = (
        t("members with the <@&{role}> role (and Manage Server)", role=settings.starter_role)
        if settings.starter_role is not None
        else "**" + t("everyone") + "**"
    )
    limit = str(settings.lobby_limit) if settings.lobby_limit else t("no limit")
    lines = [
        t("Settings for every game on this server:"),
        t("language of public messages: **{language}**", language=language),
        t("games in threads: **yes**")
        if settings.threads
        else t("games in threads: **no, in the channel**"),
        t("games may be started in: {channels}", channels=channels),
        t("who may start games: {starters}", starters=starters),
        t("open lobbies per member: **{limit}**", limit=limit),
        t(
            "default turn timer of new games: **{timer}**",
            timer=timer_text(t, settings.turn_timer),
        ),
    ]
    return "\n".join([lines[0], *("• " + line for line in lines[1:])])


async def server_settings(
    store: GameStore,
    changed: Callable[[int], None],
    interaction: discord.Interaction,
    *,
    language: str | None = None,
    threads: bool | None = None,
    timer: int | None = None,
    allow_channel: discord.abc.GuildChannel | None = None,
    forbid_channel: discord.abc.GuildChannel | None = None,
    all_channels: bool | None = None,
    starters: discord.Role | None = None,
    lobby_limit: int | None = None,
) -> None:
    """Show the settings; with options, change them first (Manage Server only), then tell
    ``changed`` (the flow keeps the language of each server at hand)."""
    t = user_t(interaction)
    try:
        async with replies.in_time(interaction, private=True):
            assert interaction.guild_id is not None
            guild_id = interaction.guild_id
            changes = (
                language,
                threads,
                timer,
                allow_channel,
                forbid_channel,
                all_channels,
                starters,
                lobby_limit,
            )
            changing = any(change is not None for change in changes)
            if changing and not starter_of(interaction).manager:
                raise Refusal("Only someone with Manage Server can change the server's settings.")
            if lobby_limit is not None and not 0 <= lobby_limit <= MAX_LOBBY_LIMIT:
                raise Refusal(
                    "The limit of open lobbies is a number from 0 to {n}.", n=MAX_LOBBY_LIMIT
                )
            settings = await store.server_settings(guild_id)
            if language is not None:
                settings.language = None if language == "auto" else language
            if threads is not None:
                settings.threads = threads
            if timer is not None:
                settings.turn_timer = timer
            channels = list(settings.channels)
            if all_channels:
                channels = []
            if allow_channel is not None and allow_channel.id not in channels:
                channels.append(allow_channel.id)
            if forbid_channel is not None and forbid_channel.id in channels:
                channels.remove(forbid_channel.id)
            settings.channels = tuple(channels)
            if starters is not None:
                everyone = starters.is_default()
                settings.starter_role = None if everyone else starters.id
            if lobby_limit is not None:
                settings.lobby_limit = lobby_limit
            said = settings_text(t, settings)
            if changing:
                await store.save_server_settings(settings)
                changed(guild_id)
                log.info("server settings changed by %s", interaction.user.id)
                said = t("Saved.") + " " + said
            else:
                said += "\n" + t("Someone with Manage Server changes them: `/server` with options.")
            await replies.send_message(
                interaction,
                said,
                ephemeral=True,
                allowed_mentions=discord.AllowedMentions.none(),
            )
    except Refusal as exc:
        try:
            await replies.send_message(interaction, refusal_text(t, exc), ephemeral=True)
        except DISCORD_FAILURES as failure:
            log.warning("could not answer /server: %r", failure)


def server_command(
    store: GameStore, changed: Callable[[int], None]
) -> app_commands.Command[None, ..., None]:
    """The top-level ``/server`` command on ``store``; ``changed(guild_id)`` after a change."""
    languages = [
        app_commands.Choice(name=N_("the server's own language"), value="auto"),
        *(app_commands.Choice(name=LANGUAGE_NAMES[code], value=code) for code in LANGUAGES),
    ]
    timers = [app_commands.Choice(name=label, value=value) for label, value in TIMER_CHOICES]

    @app_commands.command(name=cmd("server"), description=SERVER_DESCRIPTION)
    @app_commands.guild_only()
    @app_commands.rename(
        language=cmd("language"),
        threads=cmd("threads"),
        timer=cmd("timer"),
        allow_channel=cmd("allow_channel"),
        forbid_channel=cmd("forbid_channel"),
        all_channels=cmd("all_channels"),
        starters=cmd("starters"),
        lobby_limit=cmd("lobby_limit"),
    )
    @app_commands.describe(**PARAMS)
    @app_commands.choices(language=languages, timer=timers)
    async def server(
        interaction: discord.Interaction,
        language: str | None = None,
        threads: bool | None = None,
        timer: int | None = None,
        allow_channel: discord.TextChannel | None = None,
        forbid_channel: discord.TextChannel | None = None,
        all_channels: bool | None = None,
        starters: discord.Role | None = None,
        lobby_limit: app_commands.Range[int, 0, MAX_LOBBY_LIMIT] | None = None,
    ) -> None:
        await server_settings(
            store,
            changed,
            interaction,
            language=language,
            threads=threads,
            timer=timer,
            allow_channel=allow_channel,
            forbid_channel=forbid_channel,
            all_channels=all_channels,
            starters=starters,
            lobby_limit=lobby_limit,
        )

    return server
