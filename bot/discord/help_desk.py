"""``/help`` and ``/mygames`` in Discord: two top-level commands, and the help's select of a
game's rules (a ``DynamicItem``, so it still answers after a restart).

Both answer only their reader, in the reader's language (the interaction's locale). Nothing
here names a game: the games come from the registry given, their words from their adapters.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

import discord
from discord import app_commands

from bot.contract.adapter import GameAdapter
from bot.core.guide import (
    EMBED_DESCRIPTION,
    RULES_HEADING,
    CommandInfo,
    chunks,
    cut,
    groups_of,
    help_page,
    in_order,
    rules_choices,
    start_command,
)
from bot.flow import replies
from bot.flow.my_games import MyGames
from bot.flow.replies import user_t
from bot.storage import GameStore
from locales import N_, Translator

log = logging.getLogger(__name__)

HELP_DESCRIPTION = N_("The games you can play here, their rules and the commands")
MY_GAMES_DESCRIPTION = N_("Your games and lobbies in this server, yours to play first")
RULES_ID = "guide-rules-{page}"
RULES_TEMPLATE = r"guide-rules-(?P<page>\d{1,2})"
COLOUR = discord.Colour.blurple()
Render = Callable[..., Awaitable[bytes]]


class HelpDesk:
    """What ``/help``, its select and ``/mygames`` answer, given the games, the store, the
    renderer and the bot's command tree (whose commands the help lists)."""

    def __init__(
        self,
        games: Mapping[str, GameAdapter[Any]],
        store: GameStore,
        render: Render,
        tree: app_commands.CommandTree[Any],
    ) -> None:
        self.games = games
        self.store = store
        self.render = render
        self.tree = tree
        self.mine = MyGames(store, games)

    def commands(self) -> list[CommandInfo]:
        """Every command registered, as paths with their descriptions, in the tree's order."""
        found: list[CommandInfo] = []
        for command in self.tree.get_commands(type=discord.AppCommandType.chat_input):
            if isinstance(command, app_commands.Group):
                for sub in command.walk_commands():
                    if isinstance(sub, app_commands.Command):
                        path = tuple(sub.qualified_name.split())
                        found.append(CommandInfo(path, sub.description))
            else:
                found.append(CommandInfo((command.name,), command.description))
        return found

    def overview(self, t: Translator) -> tuple[discord.Embed, discord.ui.View]:
        games = list(self.games.values())
        page = help_page(t, games, self.commands())
        embed = discord.Embed(
            title=page.title, description=f"{page.intro}\n\n{page.games}", colour=COLOUR
        )
        for name, value in page.commands:
            embed.add_field(name=name, value=value, inline=False)
        embed.set_footer(text=page.footer)
        return embed, rules_view(t, games)

    async def rules(self, t: Translator, kind: str) -> tuple[discord.Embed, discord.File | None]:
        game = self.games[kind]
        words, picture = game.rules(t)
        start = t(
            "Start: {command}", command=start_command(t, game, groups_of(self.games.values()))
        )
        embed = discord.Embed(
            title=t(RULES_HEADING, game=game.info.title),
            description=cut(f"{words}\n\n{start}", EMBED_DESCRIPTION),
            colour=COLOUR,
        )
        if picture is None:
            return embed, None
        png = await self.render(picture.draw, *picture.args, **picture.kwargs)
        embed.set_image(url=f"attachment://{picture.filename}")
        return embed, discord.File(io.BytesIO(png), picture.filename)

    # ------------------------------------------------------------------ the answers

    async def answer_help(self, interaction: discord.Interaction) -> None:
        t = user_t(interaction)
        embed, view = self.overview(t)
        async with replies.in_time(interaction, private=True):
            await replies.send_message(interaction, embed=embed, view=view, ephemeral=True)

    async def answer_rules(self, interaction: discord.Interaction, kind: str) -> None:
        t = user_t(interaction)
        async with replies.in_time(interaction, private=True):
            if kind not in self.games:  # a game no longer installed, on an older help
                await replies.send_message(
                    interaction, t("That game is not installed any more."), ephemeral=True
                )
                return
            embed, file = await self.rules(t, kind)
            extra: dict[str, Any] = {"file": file} if file is not None else {}
            await replies.send_message(interaction, embed=embed, ephemeral=True, **extra)

    async def answer_mine(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        t = user_t(interaction)
        async with replies.in_time(interaction, private=True):
            listed = await self.mine.listing(t, interaction.guild_id, interaction.user.id)
            if not listed:
                await replies.send_message(
                    interaction,
                    t(
                        "You have no running game or open lobby in this server. `/help` lists "
                        "the games and how to start one."
                    ),
                    ephemeral=True,
                )
                return
            embed = discord.Embed(
                title=t("Your games in this server"), description=listed, colour=COLOUR
            )
            await replies.send_message(
                interaction,
                embed=embed,
                ephemeral=True,
                allowed_mentions=discord.AllowedMentions.none(),
            )


def rules_view(t: Translator, games: Sequence[GameAdapter[Any]]) -> discord.ui.View:
    """One select per 25 games (at most 5), each option a game; items are ``RulesItem``s."""
    view = discord.ui.View(timeout=None)
    for page, options in enumerate(chunks(rules_choices(t, in_order(games)))[:5]):
        select: discord.ui.Select[Any] = discord.ui.Select(
            placeholder=t("Read a game's rules…"),
            options=[
                discord.SelectOption(label=label, value=value, description=about or None)
                for label, value, about in options
            ],
            custom_id=RULES_ID.format(page=page),
            row=page,
        )
        view.add_item(RulesItem(select))
    view.stop()  # found again by its custom_id: discord.py need not keep the view
    return view


class RulesItem(discord.ui.DynamicItem[discord.ui.Select[Any]], template=RULES_TEMPLATE):
    """The help's select of a game's rules."""

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any
    ) -> RulesItem:
        assert isinstance(item, discord.ui.Select)
        return cls(item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:  # type: ignore[override]
        values = self.item.values
        desk: HelpDesk = interaction.client.help_desk
        await desk.answer_rules(interaction, values[0] if values else "")


def help_commands(desk: HelpDesk) -> list[app_commands.Command[Any, ..., None]]:
    """``/help`` and ``/mygames``: top-level commands (``/mygames`` only in a server)."""

    @app_commands.command(name="help", description=HELP_DESCRIPTION)
    async def help_command(interaction: discord.Interaction) -> None:
        await desk.answer_help(interaction)

    @app_commands.command(name="mygames", description=MY_GAMES_DESCRIPTION)
    @app_commands.guild_only()
    async def my_games(interaction: discord.Interaction) -> None:
        await desk.answer_mine(interaction)

    return [help_command, my_games]
