"""The ``/spexxx`` command group; each command finds its game and hands over to ``play``.

Names and descriptions are translated for Discord by ``bot.translate.CommandTranslator``;
answers only the user sees are in their language, public ones in the server's.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot import replies, text, views
from bot.messages import closed_lobby, game_ended, lobby_content
from bot.models import Player, Status
from bot.play import NO_MENTIONS
from bot.refusals import Refusal, refusal_text, user_t
from bot.stats import StatsStore, export_file, leaderboard_embed, stats_embed
from bot.timers import TIMER_CHOICES, now, timer_text
from bot.translate import cmd
from games.spexxx import Variant
from locales import LANGUAGE_NAMES, LANGUAGES, N_, Translator
from renderers.spexxx import render_legend

if TYPE_CHECKING:
    from bot.client import SpexxxBot
    from bot.models import GameRow

RULES_PARAGRAPHS = (
    N_("**Spexxx** — Yahtzee meets four-in-a-row."),
    N_(
        "**Your turn:** throw five dice up to 4 times; between throws hold any dice (held dice "
        "can be thrown again later). Then put one cube on an empty square your dice name."
    ),
    N_(
        "**Squares:** a square is a column `c×v` and a row `r×w`: your dice need at least c dice "
        "showing v and r dice showing w. Bronze squares need four in a row (1234, 2345, 3456); "
        "silver squares five in a row. Five of a kind (a **gold** throw) allows any empty square."
    ),
    N_("**Nothing allowed?** You must discard a cube."),
    N_(
        "**Scoring:** three or more of your cubes in a straight line (across, up, or diagonal) "
        "make a **Spexxx**: every cube in it scores its colour's points (orange 1, green 2, "
        "bronze 3, yellow 4, blue 5, purple 7, silver 8, red 12). Extending a Spexxx scores only "
        "the new cube. +5 each time a line reaches 5, 10, 15 and 20 cubes. +25 for a 3×3 square "
        "of your cubes (not overlapping an earlier bonus square). Other players' cubes block "
        "your lines."
    ),
    N_(
        "**End:** when all cubes are placed or discarded; the highest score wins (ties share "
        "the win)."
    ),
    N_(
        "**Commands:** `/spexxx new` · `board` (post the game again) · `resign` · `cancel` · "
        "`games` · `stats` · `leaderboard` · `export` · `settings`"
    ),
)

VARIANT_CHOICES = [
    app_commands.Choice(name=N_("adult"), value="adult"),
    app_commands.Choice(name=N_("children (short game)"), value="children"),
]
TIMER_OPTIONS = [app_commands.Choice(name=label, value=value) for label, value in TIMER_CHOICES]
LANGUAGE_OPTIONS = [
    app_commands.Choice(name=N_("the server's own language"), value="auto"),
    *(app_commands.Choice(name=LANGUAGE_NAMES[code], value=code) for code in LANGUAGES),
]
MAX_LISTED = 20
MESSAGE_LIMIT = 2000  # characters of a Discord message


def rules_text(t: Translator) -> str:
    return "\n".join(t(p) for p in RULES_PARAGRAPHS)


class SpexxxCog(commands.GroupCog, group_name="spexxx", group_description=N_("Play Spexxx")):
    def __init__(self, bot: SpexxxBot) -> None:
        self.bot = bot
        super().__init__()

    async def _game_here(self, interaction: discord.Interaction) -> GameRow:
        """The game this channel means; in the thread of a game that ended, how it ended."""
        assert interaction.guild_id is not None and interaction.channel_id is not None
        row = await self.bot.store.find_in_channel(interaction.guild_id, interaction.channel_id)
        if row is None:
            raise Refusal(
                "There is no Spexxx game in this channel. Use this command in the game's thread, "
                "or see `/spexxx games`."
            )
        if not row.status.active:
            ended = row
            raise Refusal(
                "{ended} `/spexxx games` lists the games still running.",
                ended=lambda t: game_ended(t, ended),
            )
        return row

    async def _run(
        self,
        interaction: discord.Interaction,
        action: Callable[[], Awaitable[None]],
        game_id: int | None = None,
        *,
        private: bool = False,
    ) -> None:
        """Run a command's action; refusals answer privately. ``private``: it only answers its
        user, so if it has to "think" (see ``replies``), it thinks privately too."""
        try:
            async with replies.in_time(interaction, private=private):
                await action()
        except Refusal as exc:
            await self.bot.play.tell(interaction, refusal_text(user_t(interaction), exc))
        except Exception as exc:
            await self.bot.play.fail(interaction, exc, game_id or 0)

    async def _public_t(self, interaction: discord.Interaction) -> Translator:
        assert interaction.guild_id is not None
        return await self.bot.play.public_t(interaction.guild_id)

    @app_commands.command(name=cmd("new"), description=N_("Open a Spexxx lobby in this channel"))
    @app_commands.rename(variant=cmd("variant"), timer=cmd("timer"))
    @app_commands.describe(
        variant=N_("adult or children (fewer cubes, a shorter game); default: the server's"),
        timer=N_("time each player has for a turn; default: the server's (see /spexxx settings)"),
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
            if existing is not None and existing.thread_id == interaction.channel_id:
                raise Refusal(
                    "This thread belongs to Spexxx #{id}. Open a new lobby in <#{channel}>.",
                    id=existing.id,
                    channel=existing.channel_id,
                )
            if existing is not None and (
                existing.status is Status.LOBBY or existing.thread_id is None
            ):
                raise Refusal(
                    "Spexxx #{id} is still open in this channel. "
                    "Finish or cancel it first (`/spexxx cancel`).",
                    id=existing.id,
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
            t = await self._public_t(interaction)
            try:
                await replies.send_message(
                    interaction,
                    lobby_content(t, row),
                    view=views.lobby_view(t, row),
                    allowed_mentions=NO_MENTIONS,
                )
            except discord.HTTPException:
                # no lobby message, so nobody could join or cancel it: close it at once
                row.status, row.note = Status.CANCELLED, N_("Discord refused the lobby message")
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

    @app_commands.command(
        name=cmd("settings"), description=N_("Server defaults for Spexxx (Manage Server)")
    )
    @app_commands.rename(
        variant=cmd("variant"), timer=cmd("timer"), threads=cmd("threads"), language=cmd("language")
    )
    @app_commands.describe(
        variant=N_("default variant of new games"),
        timer=N_("default turn timer of new games"),
        threads=N_("play each game in its own thread (needs Create Public Threads)"),
        language=N_("language of the bot's public messages in this server"),
    )
    @app_commands.choices(variant=VARIANT_CHOICES, timer=TIMER_OPTIONS, language=LANGUAGE_OPTIONS)
    @app_commands.guild_only()
    async def settings(
        self,
        interaction: discord.Interaction,
        variant: str | None = None,
        timer: int | None = None,
        threads: bool | None = None,
        language: str | None = None,
    ) -> None:
        async def action() -> None:
            assert interaction.guild_id is not None
            perms = getattr(interaction.user, "guild_permissions", None)
            changing = (variant, timer, threads, language) != (None, None, None, None)
            if changing and not (perms and perms.manage_guild):
                raise Refusal("Only someone with Manage Server can change the Spexxx settings.")
            current = await self.bot.store.guild_settings(interaction.guild_id)
            if variant is not None:
                current.default_variant = Variant(variant)
            if timer is not None:
                current.default_timer = timer
            if threads is not None:
                current.threads = threads
            if language is not None:
                current.language = None if language == "auto" else language
            if changing:
                await self.bot.store.save_guild_settings(current)
                self.bot.play.forget_language(interaction.guild_id)
            t = user_t(interaction)
            lang = (
                LANGUAGE_NAMES[current.language]
                if current.language
                else t("the server's own language")
            )
            lines = [
                t("Spexxx settings for this server:"),
                "• "
                + t(
                    "default variant: **{variant}**",
                    variant=t(text.VARIANT_NAMES[current.default_variant]),
                ),
                "• "
                + t(
                    "default turn timer: **{timer}**",
                    timer=timer_text(t, current.default_timer),
                ),
                "• "
                + (
                    t("games in threads: **yes**")
                    if current.threads
                    else t("games in threads: **no, in the channel**")
                ),
                "• " + t("language of public messages: **{language}**", language=lang),
            ]
            if changing:
                lines[0] = t("Saved.") + " " + lines[0]
            await replies.send_message(interaction, "\n".join(lines), ephemeral=True)

        await self._run(interaction, action, private=True)

    @app_commands.command(
        name=cmd("board"), description=N_("Post the board and turn controls again")
    )
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

    @app_commands.command(name=cmd("rules"), description=N_("How to play Spexxx"))
    async def rules(self, interaction: discord.Interaction) -> None:
        async def action() -> None:
            t = user_t(interaction)
            png = await self.bot.play.render(render_legend, lang=t.lang)
            await replies.send_message(
                interaction,
                rules_text(t),
                file=discord.File(io.BytesIO(png), "spexxx-legend.png"),
                ephemeral=True,
            )

        await self._run(interaction, action, private=True)

    @app_commands.command(
        name=cmd("resign"), description=N_("Leave the Spexxx game in this thread")
    )
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

    @app_commands.command(
        name=cmd("cancel"), description=N_("End the game here (host or Manage Server)")
    )
    @app_commands.guild_only()
    async def cancel(self, interaction: discord.Interaction) -> None:
        async def action() -> None:
            row = await self._game_here(interaction)
            async with self.bot.play.acting(row.id):
                row = await self._reload(interaction, row.id)
                await self.bot.play.cancel(interaction, row)
                if row.game is None:  # a lobby: the game itself updates its lobby message
                    await self._close_lobby(interaction, row)

        await self._run(interaction, action)

    async def _close_lobby(self, interaction: discord.Interaction, row: GameRow) -> None:
        channel = interaction.channel
        if not row.lobby_message_id or not hasattr(channel, "get_partial_message"):
            return
        t = await self._public_t(interaction)
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(row.lobby_message_id).edit(  # type: ignore[union-attr]
                content=closed_lobby(t, row), view=None
            )

    @app_commands.command(
        name=cmd("games"), description=N_("The Spexxx games running in this server")
    )
    @app_commands.guild_only()
    async def games(self, interaction: discord.Interaction) -> None:
        async def action() -> None:
            assert interaction.guild_id is not None
            t = user_t(interaction)
            rows = await self.bot.store.list_active(interaction.guild_id)
            if not rows:
                await replies.send_message(
                    interaction,
                    t("No Spexxx games are running. Start one with `/spexxx new`."),
                    ephemeral=True,
                )
                return
            await replies.send_message(
                interaction,
                games_list(t, interaction.guild_id, rows),
                ephemeral=True,
                allowed_mentions=NO_MENTIONS,
            )

        await self._run(interaction, action, private=True)

    # ------------------------------------------------- stats, ratings, export (bot/stats.py)

    @app_commands.command(
        name=cmd("stats"), description=N_("Games, wins, scores and rating in this server")
    )
    @app_commands.rename(member=cmd("member"))
    @app_commands.describe(member=N_("whose stats (default: yours)"))
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
                    "{name} has no finished Spexxx game in this server yet.",
                    name=text.safe_name(who.display_name),
                )
            t = await self._public_t(interaction)
            await replies.send_message(
                interaction,
                embed=stats_embed(t, found, who.display_name),
                allowed_mentions=NO_MENTIONS,
            )

        await self._run(interaction, action)

    @app_commands.command(
        name=cmd("leaderboard"), description=N_("The best Spexxx players in this server")
    )
    @app_commands.rename(by=cmd("by"))
    @app_commands.describe(by=N_("rating (Elo, default) or wins"))
    @app_commands.choices(
        by=[
            app_commands.Choice(name=N_("rating"), value="rating"),
            app_commands.Choice(name=N_("wins"), value="wins"),
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
            t = await self._public_t(interaction)
            await replies.send_message(
                interaction, embed=leaderboard_embed(t, rows, by), allowed_mentions=NO_MENTIONS
            )

        await self._run(interaction, action)

    @app_commands.command(name=cmd("export"), description=N_("A game's record as a JSON file"))
    @app_commands.rename(game=cmd("game"))
    @app_commands.describe(
        game=N_("game number (default: the game here, else the newest finished)")
    )
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
            row = await self.bot.store.get(interaction.guild_id, game_id, events=True)
            if row is None:
                raise Refusal("There is no Spexxx game #{id} in this server.", id=game_id)
            if row.game is None:
                raise Refusal(
                    "Spexxx #{id} has not started: there is nothing to export.", id=row.id
                )
            t = user_t(interaction)
            await replies.send_message(
                interaction,
                t(
                    "Record of **Spexxx #{id}** ({status}, spexxx-record/1). Check it with "
                    "`python -m games.spexxx replay`, draw it with `python -m renderers.spexxx`.",
                    id=row.id,
                    status=t(STATUS_NAMES[row.status]),
                ),
                file=export_file(row),
                ephemeral=True,
            )

        await self._run(interaction, action, game, private=True)


STATUS_NAMES = {
    Status.LOBBY: N_("lobby"),
    Status.RUNNING: N_("running"),
    Status.FINISHED: N_("finished"),
    Status.CANCELLED: N_("cancelled"),
}


def games_list(t: Translator, guild_id: int, rows: list[GameRow]) -> str:
    """One line per game, as many as fit in one message; then how many more are not listed."""
    lines: list[str] = []
    size = 0
    for listed, row in enumerate(rows[:MAX_LISTED]):
        line = game_line(t, guild_id, row)
        more = t("…and {n} more.", n=len(rows) - listed - 1) if listed + 1 < len(rows) else ""
        if size + len(line) + 1 + len(more) > MESSAGE_LIMIT:
            break
        lines.append(line)
        size += len(line) + 1
    if len(lines) < len(rows):
        lines.append(t("…and {n} more.", n=len(rows) - len(lines)))
    return "\n".join(lines)


def game_line(t: Translator, guild_id: int, row: GameRow) -> str:
    players = ", ".join(text.seat_label(t, row, s) for s in range(len(row.players)))
    if row.status is Status.LOBBY:
        where = (
            f"https://discord.com/channels/{guild_id}/{row.channel_id}/{row.lobby_message_id}"
            if row.lobby_message_id
            else f"<#{row.channel_id}>"
        )
        lobby = t("lobby ({taken}/{max})", taken=len(row.players), max=4)
        return f"**#{row.id}** {lobby}: {players} · {where}"
    assert row.game is not None
    state = row.game.state
    turn = t("turn {n}", n=state.turn + 1)
    return f"**#{row.id}** {turn}: {players} · <#{row.play_channel_id}>"
