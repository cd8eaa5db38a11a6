"""The ``/spexxx`` command group; each command finds its game and hands over to ``play``."""

from __future__ import annotations

import asyncio
import contextlib
import io
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot import text, views
from bot.models import Player, Status
from bot.play import NO_MENTIONS, Refusal, lobby_content
from bot.stats import StatsStore, export_file, leaderboard_embed, stats_embed
from bot.timers import TIMER_CHOICES, now, timer_text
from games.spexxx import Variant
from renderers.spexxx import render_legend

if TYPE_CHECKING:
    from bot.client import SpexxxBot
    from bot.models import GameRow

RULES_TEXT = """\
**Spexxx** — Yahtzee meets four-in-a-row.
**Your turn:** throw five dice up to 4 times; between throws hold any dice (held dice can be \
thrown again later). Then put one cube on an empty square your dice name.
**Squares:** a square is a column `c×v` and a row `r×w`: your dice need at least c dice showing v \
and r dice showing w. Bronze squares need four in a row (1234, 2345, 3456); silver squares five \
in a row. Five of a kind (a **gold** throw) allows any empty square.
**Nothing allowed?** You must discard a cube.
**Scoring:** three or more of your cubes in a straight line (across, up, or diagonal) make a \
**Spexxx**: every cube in it scores its colour's points (orange 1, green 2, bronze 3, yellow 4, \
blue 5, purple 7, silver 8, red 12). Extending a Spexxx scores only the new cube. +5 each time a \
line reaches 5, 10, 15 and 20 cubes. +25 for a 3×3 square of your cubes (not overlapping an \
earlier bonus square). Other players' cubes block your lines.
**End:** when all cubes are placed or discarded; the highest score wins (ties share the win).
**Commands:** `/spexxx new` · `board` (post the game again) · `resign` · `cancel` · `games`"""


VARIANT_CHOICES = [
    app_commands.Choice(name="adult", value="adult"),
    app_commands.Choice(name="children (short game)", value="children"),
]
TIMER_OPTIONS = [app_commands.Choice(name=label, value=value) for label, value in TIMER_CHOICES]


class SpexxxCog(commands.GroupCog, group_name="spexxx", group_description="Play Spexxx"):
    def __init__(self, bot: SpexxxBot) -> None:
        self.bot = bot
        super().__init__()

    async def _game_here(self, interaction: discord.Interaction) -> GameRow:
        assert interaction.guild_id is not None and interaction.channel_id is not None
        row = await self.bot.store.find_in_channel(interaction.guild_id, interaction.channel_id)
        if row is None:
            raise Refusal(
                "There is no Spexxx game in this channel. Use this command in the game's thread, "
                "or see `/spexxx games`."
            )
        return row

    async def _run(self, interaction: discord.Interaction, action, game_id: int | None = None):  # type: ignore[no-untyped-def]
        try:
            await action()
        except Refusal as exc:
            await self.bot.play.tell(interaction, str(exc))
        except Exception as exc:
            await self.bot.play.fail(interaction, exc, game_id or 0)

    @app_commands.command(name="new", description="Open a Spexxx lobby in this channel")
    @app_commands.describe(
        variant="adult or children (fewer cubes, a shorter game); default: the server's",
        timer="time each player has for a turn; default: the server's (see /spexxx settings)",
    )
    @app_commands.choices(variant=VARIANT_CHOICES, timer=TIMER_OPTIONS)
    @app_commands.guild_only()
    async def new(
        self, interaction: discord.Interaction, variant: str | None = None, timer: int | None = None
    ) -> None:
        async def action() -> None:
            assert interaction.guild_id is not None and interaction.channel_id is not None
            existing = await self.bot.store.find_in_channel(
                interaction.guild_id, interaction.channel_id
            )
            if existing is not None and (
                existing.status is Status.LOBBY or existing.thread_id is None
            ):
                raise Refusal(
                    f"Spexxx #{existing.id} is still open in this channel. "
                    "Finish or cancel it first (`/spexxx cancel`)."
                )
            defaults = await self.bot.store.guild_settings(interaction.guild_id)
            host = Player(interaction.user.id, interaction.user.display_name)
            row = await self.bot.store.create_lobby(
                interaction.guild_id,
                interaction.channel_id,
                host,
                Variant(variant) if variant else defaults.default_variant,
            )
            row.turn_timer = defaults.default_timer if timer is None else timer
            row.lobby_expires = now() + self.bot.play.timers.lobby_idle
            await self.bot.store.save(row)
            try:
                await interaction.response.send_message(
                    lobby_content(row), view=views.lobby_view(row), allowed_mentions=NO_MENTIONS
                )
            except discord.HTTPException:
                # no lobby message, so nobody could join or cancel it: close it at once
                row.status, row.note = Status.CANCELLED, "Discord refused the lobby message"
                await self.bot.store.save(row)
                raise Refusal(
                    "Discord did not accept the lobby message. Please try again."
                ) from None
            try:
                message = await interaction.original_response()
            except discord.HTTPException:
                return  # the lobby works without its message id (only /spexxx games links it)
            row.lobby_message_id = message.id
            await self.bot.store.save(row)

        await self._run(interaction, action)

    @app_commands.command(name="settings", description="Server defaults for Spexxx (Manage Server)")
    @app_commands.describe(
        variant="default variant of new games",
        timer="default turn timer of new games",
        threads="play each game in its own thread (needs Create Public Threads)",
    )
    @app_commands.choices(variant=VARIANT_CHOICES, timer=TIMER_OPTIONS)
    @app_commands.guild_only()
    async def settings(
        self,
        interaction: discord.Interaction,
        variant: str | None = None,
        timer: int | None = None,
        threads: bool | None = None,
    ) -> None:
        async def action() -> None:
            assert interaction.guild_id is not None
            perms = getattr(interaction.user, "guild_permissions", None)
            changing = (variant, timer, threads) != (None, None, None)
            if changing and not (perms and perms.manage_guild):
                raise Refusal("Only someone with Manage Server can change the Spexxx settings.")
            current = await self.bot.store.guild_settings(interaction.guild_id)
            if variant is not None:
                current.default_variant = Variant(variant)
            if timer is not None:
                current.default_timer = timer
            if threads is not None:
                current.threads = threads
            if changing:
                await self.bot.store.save_guild_settings(current)
            head = "Saved. " if changing else ""
            await interaction.response.send_message(
                f"{head}Spexxx settings for this server:\n"
                f"• default variant: **{current.default_variant.value}**\n"
                f"• default turn timer: **{timer_text(current.default_timer)}**\n"
                f"• games in threads: **{'yes' if current.threads else 'no, in the channel'}**",
                ephemeral=True,
            )

        await self._run(interaction, action)

    @app_commands.command(name="board", description="Post the board and turn controls again")
    @app_commands.guild_only()
    async def board(self, interaction: discord.Interaction) -> None:
        async def action() -> None:
            row = await self._game_here(interaction)
            async with self.bot.play.acting(row.id):
                row = await self._reload(interaction, row.id)
                if row.status is Status.LOBBY:
                    raise Refusal("The game has not started yet: the lobby is in this channel.")
                await self.bot.play.repost(interaction, row)

        await self._run(interaction, action)

    async def _reload(self, interaction: discord.Interaction, game_id: int) -> GameRow:
        assert interaction.guild_id is not None
        row = await self.bot.store.get(interaction.guild_id, game_id)
        if row is None or not row.status.active:
            raise Refusal("That game is no longer running.")
        return row

    @app_commands.command(name="rules", description="How to play Spexxx")
    async def rules(self, interaction: discord.Interaction) -> None:
        async def action() -> None:
            png = await asyncio.to_thread(render_legend)
            await interaction.response.send_message(
                RULES_TEXT,
                file=discord.File(io.BytesIO(png), "spexxx-legend.png"),
                ephemeral=True,
            )

        await self._run(interaction, action)

    @app_commands.command(name="resign", description="Leave the Spexxx game in this thread")
    @app_commands.guild_only()
    async def resign(self, interaction: discord.Interaction) -> None:
        async def action() -> None:
            row = await self._game_here(interaction)
            async with self.bot.play.acting(row.id):
                row = await self._reload(interaction, row.id)
                if row.status is Status.LOBBY:
                    raise Refusal("The game has not started: use **Leave** in the lobby.")
                await self.bot.play.resign(interaction, row)

        await self._run(interaction, action)

    @app_commands.command(name="cancel", description="End the game here (host or Manage Server)")
    @app_commands.guild_only()
    async def cancel(self, interaction: discord.Interaction) -> None:
        async def action() -> None:
            row = await self._game_here(interaction)
            async with self.bot.play.acting(row.id):
                row = await self._reload(interaction, row.id)
                await self.bot.play.cancel(interaction, row)
                if row.lobby_message_id and row.thread_id is None:
                    await self._close_lobby(interaction, row)

        await self._run(interaction, action)

    async def _close_lobby(self, interaction: discord.Interaction, row: GameRow) -> None:
        channel = interaction.channel
        if not row.lobby_message_id or not hasattr(channel, "get_partial_message"):
            return
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(row.lobby_message_id).edit(  # type: ignore[union-attr]
                content=f"~~Spexxx lobby #{row.id}~~: {text.safe_name(row.note, 80)}.", view=None
            )

    @app_commands.command(name="games", description="The Spexxx games running in this server")
    @app_commands.guild_only()
    async def games(self, interaction: discord.Interaction) -> None:
        async def action() -> None:
            assert interaction.guild_id is not None
            rows = await self.bot.store.list_active(interaction.guild_id)
            if not rows:
                await interaction.response.send_message(
                    "No Spexxx games are running. Start one with `/spexxx new`.", ephemeral=True
                )
                return
            lines = [game_line(interaction.guild_id, r) for r in rows[:20]]
            if len(rows) > 20:
                lines.append(f"…and {len(rows) - 20} more.")
            await interaction.response.send_message(
                "\n".join(lines), ephemeral=True, allowed_mentions=NO_MENTIONS
            )

        await self._run(interaction, action)

    # ------------------------------------------------- stats, ratings, export (bot/stats.py)

    @app_commands.command(name="stats", description="Games, wins, scores and rating in this server")
    @app_commands.describe(member="whose stats (default: yours)")
    @app_commands.guild_only()
    async def stats(
        self, interaction: discord.Interaction, member: discord.Member | None = None
    ) -> None:
        async def action() -> None:
            assert interaction.guild_id is not None
            who = member or interaction.user
            store = StatsStore(self.bot.store)
            await store.catch_up(interaction.guild_id)
            found = await store.player(interaction.guild_id, who.id)
            if found is None:
                raise Refusal(
                    f"{text.safe_name(who.display_name)} has no finished Spexxx game "
                    "in this server yet."
                )
            await interaction.response.send_message(
                embed=stats_embed(found, who.display_name), allowed_mentions=NO_MENTIONS
            )

        await self._run(interaction, action)

    @app_commands.command(name="leaderboard", description="The best Spexxx players in this server")
    @app_commands.describe(by="rating (Elo, default) or wins")
    @app_commands.choices(
        by=[
            app_commands.Choice(name="rating", value="rating"),
            app_commands.Choice(name="wins", value="wins"),
        ]
    )
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, by: str = "rating") -> None:
        async def action() -> None:
            assert interaction.guild_id is not None
            store = StatsStore(self.bot.store)
            await store.catch_up(interaction.guild_id)
            rows = await store.leaderboard(interaction.guild_id, by)
            if not rows:
                raise Refusal("No Spexxx game has finished in this server yet.")
            await interaction.response.send_message(
                embed=leaderboard_embed(rows, by), allowed_mentions=NO_MENTIONS
            )

        await self._run(interaction, action)

    @app_commands.command(name="export", description="A game's record as a JSON file")
    @app_commands.describe(game="game number (default: the game here, else the newest finished)")
    @app_commands.guild_only()
    async def export(self, interaction: discord.Interaction, game: int | None = None) -> None:
        async def action() -> None:
            assert interaction.guild_id is not None and interaction.channel_id is not None
            game_id = game
            if game_id is None:
                game_id = await StatsStore(self.bot.store).export_game_id(
                    interaction.guild_id, interaction.channel_id
                )
                if game_id is None:
                    raise Refusal("No Spexxx game has been played in this server yet.")
            row = await self.bot.store.get(interaction.guild_id, game_id)
            if row is None:
                raise Refusal(f"There is no Spexxx game #{game_id} in this server.")
            if row.game is None:
                raise Refusal(f"Spexxx #{row.id} has not started: there is nothing to export.")
            await interaction.response.send_message(
                f"Record of **Spexxx #{row.id}** ({row.status.value}, spexxx-record/1). "
                "Check it with `python -m games.spexxx replay`, draw it with "
                "`python -m renderers.spexxx`.",
                file=export_file(row),
                ephemeral=True,
            )

        await self._run(interaction, action, game)


def game_line(guild_id: int, row: GameRow) -> str:
    players = ", ".join(text.seat_label(row, s) for s in range(len(row.players)))
    if row.status is Status.LOBBY:
        where = (
            f"https://discord.com/channels/{guild_id}/{row.channel_id}/{row.lobby_message_id}"
            if row.lobby_message_id
            else f"<#{row.channel_id}>"
        )
        return f"**#{row.id}** lobby ({len(row.players)}/4): {players} · {where}"
    assert row.game is not None
    state = row.game.state
    return f"**#{row.id}** turn {state.turn + 1}: {players} · <#{row.play_channel_id}>"
