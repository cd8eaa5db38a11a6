"""Each game's command group (``/spexxx``, ``/spectrangle`` …), built from one definition.

Every group has the same sub-commands: new, settings, board, rules, resign, cancel, games,
stats, leaderboard, export. Several games may share one group (their adapters name the same
``group``, e.g. the six Das Spiel games under ``/dasspiel``): then ``new``, ``settings``,
``rules``, ``stats`` and ``leaderboard`` take the game as a ``game`` choice, and the channel's
commands (board, resign, cancel, export, games) act on the channel's game, whichever it is.
Names and descriptions are translated for Discord by ``bot.discord.translate.CommandTranslator``;
answers only the user sees are in their language, public ones in the server's.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import discord
from discord import app_commands

from bot.contract.adapter import Choice, GameAdapter
from bot.contract.models import GameDefaults, GameRow, Player, Status
from bot.contract.refusals import Refusal, refusal_text
from bot.core import text
from bot.core.account import account
from bot.core.failures import DISCORD_FAILURES
from bot.core.registry import Registry
from bot.core.turn_timer import TIMER_CHOICES, timer_text
from bot.discord.translate import cmd
from bot.flow import lobby, replies
from bot.flow.greeting import FirstContact
from bot.flow.messages import closed_lobby, game_ended, lobby_content, title
from bot.flow.play import NO_MENTIONS
from bot.flow.replies import user_t
from bot.flow.server_rules import ServerRules, channel_ids, starter_of
from bot.flow.stats import StatsStore, export_file, leaderboard_embed, stats_embed
from bot.flow.timers import now
from bot.storage import Unreadable
from locales import N_, Translator

if TYPE_CHECKING:
    from bot.flow.play import PlayController
    from bot.flow.replay_view import ReplayViewer
    from bot.storage import GameStore

TIMER_OPTIONS = [app_commands.Choice(name=label, value=value) for label, value in TIMER_CHOICES]
NEW_DESCRIPTION = N_("Open a lobby in this channel")
SETTINGS_DESCRIPTION = N_("Server defaults for this game (Manage Server)")
TIMER_DESCRIPTION = N_("time each player has for a turn; default: the server's (see settings)")
GAME_DESCRIPTION = N_("which game")
OPTION_DESCRIPTION = N_("the game's option, for games that have one")
RULES_DESCRIPTION = N_("How to play this game")
STATS_DESCRIPTION = N_("Games, wins, scores and rating in this server")
MEMBER_DESCRIPTION = N_("whose stats (default: yours)")
LEADERBOARD_DESCRIPTION = N_("The best players in this server")
BY_DESCRIPTION = N_("rating (Elo, default) or wins")
BY_OPTIONS = [
    app_commands.Choice(name=N_("rating"), value="rating"),
    app_commands.Choice(name=N_("wins"), value="wins"),
]
SETTINGS_PARAMS = {"timer": N_("default turn timer of this game's new games")}
MAX_CHOICES = 25  # Discord: choices of one option
MAX_LISTED = 20
MESSAGE_LIMIT = 2000  # characters of a Discord message
STATUS_NAMES = {
    Status.LOBBY: N_("lobby"),
    Status.RUNNING: N_("running"),
    Status.FINISHED: N_("finished"),
    Status.CANCELLED: N_("cancelled"),
}


class Host(Protocol):
    """What the game commands need of the bot (``bot.discord.client.GameBot``)."""

    @property
    def store(self) -> GameStore: ...

    @property
    def play(self) -> PlayController: ...

    @property
    def games(self) -> Registry: ...

    @property
    def server_rules(self) -> ServerRules: ...

    @property
    def replays(self) -> ReplayViewer: ...


class GameCommands:
    """What every sub-command of one group does, for its games; ``group()`` wires them to
    Discord. ``name`` is what messages call the group's games ("Spexxx", "Das Spiel")."""

    def __init__(self, bot: Host, games: Sequence[GameAdapter[Any]]) -> None:
        self.bot = bot
        self.members = tuple(games)
        # a family of games (a group title): the game is a choice, however many are installed
        self.shared = len(games) > 1 or any(g.info.group_title for g in games)
        self.kinds = {g.info.kind for g in games}
        first = games[0]
        self.group = first.info.group
        self.name = first.info.group_title or first.info.title
        self.refusals: dict[type[Exception], str] = {}
        for game in games:
            self.refusals.update(game.info.refusals)

    # ------------------------------------------------------------------ shared steps

    async def game_here(self, interaction: discord.Interaction) -> GameRow:
        """The game this channel means; in the thread of a game that ended, how it ended."""
        assert interaction.guild_id is not None and interaction.channel_id is not None
        row = await self.bot.store.find_in_channel(interaction.guild_id, interaction.channel_id)
        if row is not None and row.kind not in self.kinds and row.thread_id is None:
            row = None  # another game's lobby in this channel: not this command's
        if row is None:
            raise Refusal(
                "There is no {game} game in this channel. Use this command in the game's "
                "thread, or see `/{group} games`.",
                game=self.name,
                group=self.group,
            )
        if row.kind not in self.kinds:
            other = row
            raise Refusal(
                "This thread belongs to {game}: use `/{group}` commands here.",
                game=lambda t: title(self.bot.games[other.kind], other),
                group=self.bot.games[other.kind].info.group,
            )
        if not row.status.active:
            ended = row
            raise Refusal(
                "{ended} `/{group} games` lists the games still running.",
                ended=lambda t: game_ended(t, self.bot.games[ended.kind], ended),
                group=self.group,
            )
        return row

    async def run(
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
            await self.bot.play.tell(
                interaction, refusal_text(user_t(interaction), exc, self.refusals)
            )
        except Exception as exc:
            await self.bot.play.fail(interaction, exc, game_id or 0, self.group)

    async def public_t(self, interaction: discord.Interaction) -> Translator:
        assert interaction.guild_id is not None
        return await self.bot.play.public_t(interaction.guild_id)

    async def reload(self, interaction: discord.Interaction, game_id: int) -> GameRow:
        assert interaction.guild_id is not None
        row = await self.bot.store.get(interaction.guild_id, game_id)
        if row is None or not row.status.active:
            raise Refusal("That game is no longer running.")
        return row

    # ------------------------------------------------------------------ the commands

    async def new(
        self,
        interaction: discord.Interaction,
        game: GameAdapter[Any],
        option: str | None,
        timer: int | None,
    ) -> None:
        async def action() -> None:
            assert interaction.guild_id is not None and interaction.channel_id is not None
            existing = await self.bot.store.find_in_channel(
                interaction.guild_id, interaction.channel_id
            )
            if existing is not None and existing.thread_id == interaction.channel_id:
                raise Refusal(
                    "This thread belongs to {game}. Open a new lobby in <#{channel}>.",
                    game=title(self.bot.games[existing.kind], existing),
                    channel=existing.channel_id,
                )
            if existing is not None and (
                existing.status is Status.LOBBY or existing.thread_id is None
            ):
                raise Refusal(
                    "{game} is still open in this channel. "
                    "Finish or cancel it first (`/{group} cancel`).",
                    game=title(self.bot.games[existing.kind], existing),
                    group=self.bot.games[existing.kind].info.group,
                )
            server = await self.bot.server_rules.check_start(
                interaction.guild_id, channel_ids(interaction), starter_of(interaction)
            )
            settings = await self.bot.store.guild_settings(interaction.guild_id)
            defaults = settings.defaults(game.info.kind)
            options: dict[str, str] = {}
            if game.info.option is not None:
                chosen = option or defaults.option or game.info.option.default
                options[game.info.option.name] = _own_option(game, chosen)
            elif option is not None:
                raise Refusal("{game} has no options.", game=game.info.title)
            host = Player(interaction.user.id, interaction.user.display_name)
            row = await self.bot.store.create_lobby(
                interaction.guild_id, interaction.channel_id, host, game.info.kind, options
            )
            row.turn_timer = ServerRules.turn_timer(server, defaults, timer)
            row.lobby_expires = now() + self.bot.play.timers.lobby_idle
            await self.bot.store.save(row)
            t = await self.public_t(interaction)
            first = await FirstContact(self.bot.store).lobby_line(t, interaction.guild_id)
            try:
                await replies.send_message(
                    interaction,
                    lobby_content(t, self.bot.games[row.kind], row)
                    + (f"\n{first}" if first else ""),
                    view=lobby.lobby_view(t, self.bot.games[row.kind], row),
                    allowed_mentions=NO_MENTIONS,
                )
            except DISCORD_FAILURES:
                # no lobby message, so nobody could join or cancel it: close it at once
                row.status, row.note = Status.CANCELLED, N_("Discord refused the lobby message")
                await self.bot.store.save(row)
                raise Refusal(
                    "Discord did not accept the lobby message. Please try again."
                ) from None
            try:
                message = await interaction.original_response()
            except DISCORD_FAILURES:
                return  # the lobby works without its message id (only `games` links it)
            row.lobby_message_id = message.id
            await self.bot.store.save(row)

        await self.run(interaction, action)

    async def settings(
        self,
        interaction: discord.Interaction,
        game: GameAdapter[Any],
        option: str | None,
        timer: int | None,
    ) -> None:
        async def action() -> None:
            assert interaction.guild_id is not None
            perms = getattr(interaction.user, "guild_permissions", None)
            changing = (option, timer) != (None, None)
            if changing and not (perms and perms.manage_guild):
                raise Refusal(
                    "Only someone with Manage Server can change the {game} settings.",
                    game=game.info.title,
                )
            if option is not None and game.info.option is None:
                raise Refusal("{game} has no options.", game=game.info.title)
            current = await self.bot.store.guild_settings(interaction.guild_id)
            mine = current.games.setdefault(game.info.kind, GameDefaults())
            if option is not None:
                mine.option = _own_option(game, option)
            if timer is not None:
                mine.timer = timer
            if changing:
                await self.bot.store.save_guild_settings(current)
            t = user_t(interaction)
            lines = [t("{game} settings for this server:", game=game.info.title)]
            if game.info.option is not None:
                value = mine.option or game.info.option.default
                lines.append(
                    "• "
                    + t(
                        "default {option}: **{value}**",
                        option=t(game.info.option.name),
                        value=game.info.option_name(t, value),
                    )
                )
            if mine.timer is None:
                server = await self.bot.store.server_settings(interaction.guild_id)
                timer_line = t(
                    "default turn timer: **{timer}** (the server's)",
                    timer=timer_text(t, server.turn_timer),
                )
            else:
                timer_line = t("default turn timer: **{timer}**", timer=timer_text(t, mine.timer))
            lines += [
                "• " + timer_line,
                t(
                    "The language, threads, where and by whom games are started: `/server`, "
                    "for every game."
                ),
            ]
            if changing:
                lines[0] = t("Saved.") + " " + lines[0]
            await replies.send_message(interaction, "\n".join(lines), ephemeral=True)

        await self.run(interaction, action, private=True)

    async def _started_game_here(
        self,
        interaction: discord.Interaction,
        in_lobby: str,
        act: Callable[[discord.Interaction, GameRow], Awaitable[None]],
    ) -> None:
        """``act`` on this channel's game under its lock, reloaded; refused (``in_lobby``, an
        N_() text) while it is still a lobby."""

        async def action() -> None:
            row = await self.game_here(interaction)
            async with self.bot.play.acting(row.id):
                row = await self.reload(interaction, row.id)
                if row.status is Status.LOBBY:
                    raise Refusal(in_lobby)
                await act(interaction, row)

        await self.run(interaction, action)

    async def board(self, interaction: discord.Interaction) -> None:
        await self._started_game_here(
            interaction,
            N_("The game has not started yet: the lobby is in this channel."),
            self.bot.play.actions.repost,
        )

    async def rules(self, interaction: discord.Interaction, game: GameAdapter[Any]) -> None:
        async def action() -> None:
            t = user_t(interaction)
            words, picture = game.rules(t)
            if picture is None:
                await replies.send_message(interaction, words, ephemeral=True)
                return
            png = await self.bot.play.render(picture.draw, *picture.args, **picture.kwargs)
            await replies.send_message(
                interaction,
                words,
                file=discord.File(io.BytesIO(png), picture.filename),
                ephemeral=True,
            )

        await self.run(interaction, action, private=True)

    async def resign(self, interaction: discord.Interaction) -> None:
        await self._started_game_here(
            interaction,
            N_("The game has not started: use **Leave** in the lobby."),
            self.bot.play.actions.resign,
        )

    async def cancel(self, interaction: discord.Interaction) -> None:
        async def action() -> None:
            row = await self.game_here(interaction)
            async with self.bot.play.acting(row.id):
                row = await self.reload(interaction, row.id)
                await self.bot.play.actions.cancel(interaction, row)
                if row.game is None:  # a lobby: the game itself updates its lobby message
                    await self._close_lobby(interaction, row)

        await self.run(interaction, action)

    async def _close_lobby(self, interaction: discord.Interaction, row: GameRow) -> None:
        channel = interaction.channel
        if not row.lobby_message_id or not hasattr(channel, "get_partial_message"):
            return
        t = await self.public_t(interaction)
        with contextlib.suppress(*DISCORD_FAILURES):
            await channel.get_partial_message(row.lobby_message_id).edit(  # type: ignore[union-attr]
                content=closed_lobby(t, self.bot.games[row.kind], row), view=None
            )

    async def games(self, interaction: discord.Interaction) -> None:
        async def action() -> None:
            assert interaction.guild_id is not None
            t = user_t(interaction)
            if not self.shared:
                found = await self.bot.store.list_active(
                    interaction.guild_id, self.members[0].info.kind
                )
            else:
                found = await self.bot.store.list_active(interaction.guild_id)
            rows = sorted(
                (row for row in [*found, *found.unreadable] if row.kind in self.kinds),
                key=lambda row: row.id,
            )  # a game that does not read is listed as such: its players see why it is stuck
            if not rows:
                await replies.send_message(
                    interaction,
                    t(
                        "No {game} games are running. Start one with `/{group} new`.",
                        game=self.name,
                        group=self.group,
                    ),
                    ephemeral=True,
                )
                return
            await replies.send_message(
                interaction,
                games_list(t, self.bot.games, interaction.guild_id, rows),
                ephemeral=True,
                allowed_mentions=NO_MENTIONS,
            )

        await self.run(interaction, action, private=True)

    async def stats(
        self,
        interaction: discord.Interaction,
        game: GameAdapter[Any],
        member: discord.Member | None,
    ) -> None:
        async def action() -> None:
            assert interaction.guild_id is not None
            who = member or interaction.user
            store = StatsStore(self.bot.store, game)
            await store.catch_up(interaction.guild_id)
            found = await store.player(interaction.guild_id, who.id)
            if found is None:
                raise Refusal(
                    "{name} has no finished {game} game in this server yet.",
                    name=text.safe_name(who.display_name),
                    game=game.info.title,
                )
            t = await self.public_t(interaction)
            await replies.send_message(
                interaction,
                embed=stats_embed(t, game, found, who.display_name),
                allowed_mentions=NO_MENTIONS,
            )

        await self.run(interaction, action)

    async def leaderboard(
        self, interaction: discord.Interaction, game: GameAdapter[Any], by: str
    ) -> None:
        async def action() -> None:
            assert interaction.guild_id is not None
            store = StatsStore(self.bot.store, game)
            await store.catch_up(interaction.guild_id)
            rows = await store.leaderboard(interaction.guild_id, by)
            if not rows:
                raise Refusal(
                    "No {game} game has finished in this server yet.", game=game.info.title
                )
            t = await self.public_t(interaction)
            await replies.send_message(
                interaction,
                embed=leaderboard_embed(t, game, rows, by),
                allowed_mentions=NO_MENTIONS,
            )

        await self.run(interaction, action)

    async def export(self, interaction: discord.Interaction, game: int | None) -> None:
        async def action() -> None:
            assert interaction.guild_id is not None and interaction.channel_id is not None
            name = self.name
            game_id = game
            if game_id is None:
                game_id = await self._export_default(interaction.guild_id, interaction.channel_id)
                if game_id is None:
                    raise Refusal("No {game} game has been played in this server yet.", game=name)
            row = await self.bot.store.get(interaction.guild_id, game_id, events=True)
            if row is None or row.kind not in self.kinds:
                raise Refusal(
                    "There is no {game} game #{id} in this server.", game=name, id=game_id
                )
            if row.game is None:
                raise Refusal(
                    "{game} has not started: there is nothing to export.",
                    game=title(self.bot.games[row.kind], row),
                )
            adapter = self.bot.games[row.kind]
            if row.status is Status.RUNNING and not adapter.info.export_running:
                raise Refusal(
                    "{game} is still running: its record would show what players may not see "
                    "yet. Export it when the game is over.",
                    game=title(self.bot.games[row.kind], row),
                )
            t = user_t(interaction)
            told = await asyncio.to_thread(
                account, t, adapter, row, t(STATUS_NAMES[row.status])
            )  # a replay of the whole log: off the event loop
            files = [export_file(adapter, row)]
            footer = t("Attached: the record of every move, `{file}`.", file=files[0].filename)
            words, whole = told.message(t, footer)
            if not whole:
                data = told.full_text(t).encode()
                files.append(discord.File(io.BytesIO(data), f"{row.kind}-{row.id}.txt"))
            await replies.send_message(
                interaction,
                words,
                files=files,
                ephemeral=True,
                allowed_mentions=NO_MENTIONS,
            )

        await self.run(interaction, action, game, private=True)

    async def replay(self, interaction: discord.Interaction, game: int | None) -> None:
        """A finished game of this server watched again, privately (the newest by default)."""

        async def action() -> None:
            assert interaction.guild_id is not None
            game_id = game
            if game_id is None:
                newest = await self.bot.store.finished_games(
                    interaction.guild_id, sorted(self.kinds), 1
                )
                if not newest:
                    raise Refusal("No {game} game has finished in this server yet.", game=self.name)
                game_id = newest[0].id
            row = await self.bot.replays.finished(
                interaction.guild_id, game_id, frozenset(self.kinds), self.name
            )
            await self.bot.replays.show(interaction, row)

        await self.run(interaction, action, game, private=True)

    async def finished_choices(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[int]]:
        """The ``game`` option's suggestions: this server's newest finished games of the
        group, those whose number or players match what was typed."""
        if interaction.guild_id is None:
            return []
        rows = await self.bot.store.finished_games(
            interaction.guild_id, sorted(self.kinds), MAX_CHOICES * 4
        )
        t = user_t(interaction)
        titles = {game.info.kind: game.info.title for game in self.members}
        typed = typed.strip().lstrip("#").casefold()
        choices = []
        for row in rows:
            names = ", ".join(text.player_name(t, row, s) for s in range(len(row.players)))
            label = f"#{row.id} {titles[row.kind]} · {names}"
            if typed and typed not in label.casefold():
                continue
            choices.append(app_commands.Choice(name=label[:100], value=row.id))
        return choices[:MAX_CHOICES]

    async def _export_default(self, guild_id: int, channel_id: int) -> int | None:
        """The game ``export`` without a number means: the group's game of this channel or
        thread, else the newest finished one of the server (of any of the group's games)."""
        if self.shared:
            here = await self.bot.store.find_in_channel(guild_id, channel_id)
            if here is not None and here.kind in self.kinds and here.status is not Status.LOBBY:
                return here.id
        found = [
            await StatsStore(self.bot.store, game).export_game_id(guild_id, channel_id)
            for game in self.members
        ]
        return max((i for i in found if i is not None), default=None)


def _own_option(game: GameAdapter[Any], value: str) -> str:
    """``value`` if it is one of ``game``'s option values (games sharing a group share one
    option parameter, with every game's choices)."""
    assert game.info.option is not None
    if value not in {choice.value for choice in game.info.option.choices}:
        raise Refusal("{game} has no option {value}.", game=game.info.title, value=value)
    return value


def games_list(
    t: Translator, games: Registry, guild_id: int, rows: Sequence[GameRow | Unreadable]
) -> str:
    """One line per game, as many as fit in one message; then how many more are not listed."""
    lines: list[str] = []
    size = 0
    for listed, row in enumerate(rows[:MAX_LISTED]):
        line = game_line(t, games, guild_id, row)
        more = t("…and {n} more.", n=len(rows) - listed - 1) if listed + 1 < len(rows) else ""
        if size + len(line) + 1 + len(more) > MESSAGE_LIMIT:
            break
        lines.append(line)
        size += len(line) + 1
    if len(lines) < len(rows):
        lines.append(t("…and {n} more.", n=len(rows) - len(lines)))
    return "\n".join(lines)


def game_line(t: Translator, games: Registry, guild_id: int, row: GameRow | Unreadable) -> str:
    if isinstance(row, Unreadable):
        where = f" · <#{row.channel_id}>" if row.channel_id else ""
        return t("**#{id}** could not be read (the bot's log says why)", id=row.id) + where
    game = games[row.kind]
    players = ", ".join(
        text.seat_label(t, row, s, game.info.seat_marks) for s in range(len(row.players))
    )
    if row.status is Status.LOBBY:
        where = (
            f"https://discord.com/channels/{guild_id}/{row.channel_id}/{row.lobby_message_id}"
            if row.lobby_message_id
            else f"<#{row.channel_id}>"
        )
        waiting = t("lobby ({taken}/{max})", taken=len(row.players), max=game.info.max_seats)
        return (
            t("{label}: {value}", label=f"**#{row.id}** {waiting}", value=players) + f" · {where}"
        )
    turn = t("turn {n}", n=game.turn_number(row.game))
    listed = t("{label}: {value}", label=f"**#{row.id}** {turn}", value=players)
    return f"{listed} · <#{row.play_channel_id}>"


# ---------------------------------------------------------------------------- wiring


def groups(bot: Host, games: Sequence[GameAdapter[Any]]) -> list[app_commands.Group]:
    """One slash-command group per ``group`` name, holding every game that names it."""
    by_group: dict[str, list[GameAdapter[Any]]] = {}
    for game in games:
        by_group.setdefault(game.info.group, []).append(game)
    return [group(bot, members) for members in by_group.values()]


def group(bot: Host, games: Sequence[GameAdapter[Any]]) -> app_commands.Group:
    """A group's slash commands: the same sub-commands for every group; a group of several
    games takes the game as an option where the sub-command is about one game."""
    c = GameCommands(bot, games)
    first = games[0]
    if len({game.info.group_description for game in games}) != 1:
        raise ValueError(f"the games of /{first.info.group} describe the group differently")
    g = app_commands.Group(
        name=first.info.group, description=first.info.group_description, guild_only=True
    )
    if c.shared:
        _game_choice(g, c)
    else:
        _one_game(g, c, first)
    _channel_commands(g, c)
    return g


def _about(c: GameCommands, name: str, general: str) -> str:
    """A sub-command's description: the game's own words when the group is one game's."""
    return general if c.shared else c.members[0].info.descriptions.get(name, general)


def _one_game(g: app_commands.Group, c: GameCommands, game: GameAdapter[Any]) -> None:
    """new, settings, rules, stats, leaderboard of a group that is one game."""
    option = game.info.option
    if option is not None:
        choices = [app_commands.Choice(name=ch.label, value=ch.value) for ch in option.choices]

        @g.command(name=cmd("new"), description=_about(c, "new", NEW_DESCRIPTION))
        @app_commands.rename(option=cmd(option.name), timer=cmd("timer"))
        @app_commands.describe(
            option=option.description,
            timer=_about(c, "timer", TIMER_DESCRIPTION),
        )
        @app_commands.choices(option=choices, timer=TIMER_OPTIONS)
        async def new(
            interaction: discord.Interaction, option: str | None = None, timer: int | None = None
        ) -> None:
            await c.new(interaction, game, option, timer)

        @g.command(name=cmd("settings"), description=_about(c, "settings", SETTINGS_DESCRIPTION))
        @app_commands.rename(option=cmd(option.name), timer=cmd("timer"))
        @app_commands.describe(option=option.settings_description, **SETTINGS_PARAMS)
        @app_commands.choices(option=choices, timer=TIMER_OPTIONS)
        async def settings(
            interaction: discord.Interaction,
            option: str | None = None,
            timer: int | None = None,
        ) -> None:
            await c.settings(interaction, game, option, timer)

    else:

        @g.command(name=cmd("new"), description=_about(c, "new", NEW_DESCRIPTION))
        @app_commands.rename(timer=cmd("timer"))
        @app_commands.describe(timer=_about(c, "timer", TIMER_DESCRIPTION))
        @app_commands.choices(timer=TIMER_OPTIONS)
        async def new_plain(interaction: discord.Interaction, timer: int | None = None) -> None:
            await c.new(interaction, game, None, timer)

        @g.command(name=cmd("settings"), description=_about(c, "settings", SETTINGS_DESCRIPTION))
        @app_commands.rename(timer=cmd("timer"))
        @app_commands.describe(**SETTINGS_PARAMS)
        @app_commands.choices(timer=TIMER_OPTIONS)
        async def settings_plain(
            interaction: discord.Interaction, timer: int | None = None
        ) -> None:
            await c.settings(interaction, game, None, timer)

    @g.command(name=cmd("rules"), description=_about(c, "rules", RULES_DESCRIPTION))
    async def rules(interaction: discord.Interaction) -> None:
        await c.rules(interaction, game)

    @g.command(name=cmd("stats"), description=STATS_DESCRIPTION)
    @app_commands.rename(member=cmd("member"))
    @app_commands.describe(member=MEMBER_DESCRIPTION)
    async def stats(interaction: discord.Interaction, member: discord.Member | None = None) -> None:
        await c.stats(interaction, game, member)

    @g.command(
        name=cmd("leaderboard"),
        description=_about(c, "leaderboard", LEADERBOARD_DESCRIPTION),
    )
    @app_commands.rename(by=cmd("by"))
    @app_commands.describe(by=BY_DESCRIPTION)
    @app_commands.choices(by=BY_OPTIONS)
    async def leaderboard(interaction: discord.Interaction, by: str = "rating") -> None:
        await c.leaderboard(interaction, game, by)


def shared_option(games: Sequence[GameAdapter[Any]]) -> tuple[str, list[Choice]] | None:
    """The one option parameter of a group of games: the games' option name (or "option" when
    they name theirs differently) with every game's choices; None when no game has one."""
    options = [game.info.option for game in games if game.info.option is not None]
    if not options:
        return None
    names = {option.name for option in options}
    choices = list({ch.value: ch for option in options for ch in option.choices}.values())
    if len(choices) > MAX_CHOICES:
        raise ValueError(f"the games of /{games[0].info.group} have {len(choices)} option values")
    return (names.pop() if len(names) == 1 else "option"), choices


def _game_choice(g: app_commands.Group, c: GameCommands) -> None:
    """new, settings, rules, stats, leaderboard of a group of several games: the game is a
    required ``game`` choice (its adapter's ``choice_label``), its option an optional one."""
    if len(c.members) > MAX_CHOICES:
        raise ValueError(f"/{c.group} has {len(c.members)} games, Discord allows 25 choices")
    by_kind = {game.info.kind: game for game in c.members}
    games = [
        app_commands.Choice(name=a.info.choice_label or a.info.title, value=a.info.kind)
        for a in c.members
    ]
    shared = shared_option(c.members)
    if shared is not None:
        name, option_choices = shared
        choices = [app_commands.Choice(name=ch.label, value=ch.value) for ch in option_choices]

        @g.command(name=cmd("new"), description=NEW_DESCRIPTION)
        @app_commands.rename(game=cmd("game"), option=cmd(name), timer=cmd("timer"))
        @app_commands.describe(
            game=GAME_DESCRIPTION, option=OPTION_DESCRIPTION, timer=TIMER_DESCRIPTION
        )
        @app_commands.choices(game=games, option=choices, timer=TIMER_OPTIONS)
        async def new(
            interaction: discord.Interaction,
            game: str,
            option: str | None = None,
            timer: int | None = None,
        ) -> None:
            await c.new(interaction, by_kind[game], option, timer)

        @g.command(name=cmd("settings"), description=SETTINGS_DESCRIPTION)
        @app_commands.rename(game=cmd("game"), option=cmd(name), timer=cmd("timer"))
        @app_commands.describe(
            game=GAME_DESCRIPTION, option=N_("default for new games"), **SETTINGS_PARAMS
        )
        @app_commands.choices(game=games, option=choices, timer=TIMER_OPTIONS)
        async def settings(
            interaction: discord.Interaction,
            game: str,
            option: str | None = None,
            timer: int | None = None,
        ) -> None:
            await c.settings(interaction, by_kind[game], option, timer)

    else:

        @g.command(name=cmd("new"), description=NEW_DESCRIPTION)
        @app_commands.rename(game=cmd("game"), timer=cmd("timer"))
        @app_commands.describe(game=GAME_DESCRIPTION, timer=TIMER_DESCRIPTION)
        @app_commands.choices(game=games, timer=TIMER_OPTIONS)
        async def new_plain(
            interaction: discord.Interaction, game: str, timer: int | None = None
        ) -> None:
            await c.new(interaction, by_kind[game], None, timer)

        @g.command(name=cmd("settings"), description=SETTINGS_DESCRIPTION)
        @app_commands.rename(game=cmd("game"), timer=cmd("timer"))
        @app_commands.describe(game=GAME_DESCRIPTION, **SETTINGS_PARAMS)
        @app_commands.choices(game=games, timer=TIMER_OPTIONS)
        async def settings_plain(
            interaction: discord.Interaction, game: str, timer: int | None = None
        ) -> None:
            await c.settings(interaction, by_kind[game], None, timer)

    @g.command(name=cmd("rules"), description=RULES_DESCRIPTION)
    @app_commands.rename(game=cmd("game"))
    @app_commands.describe(game=GAME_DESCRIPTION)
    @app_commands.choices(game=games)
    async def rules(interaction: discord.Interaction, game: str) -> None:
        await c.rules(interaction, by_kind[game])

    @g.command(name=cmd("stats"), description=STATS_DESCRIPTION)
    @app_commands.rename(game=cmd("game"), member=cmd("member"))
    @app_commands.describe(game=GAME_DESCRIPTION, member=MEMBER_DESCRIPTION)
    @app_commands.choices(game=games)
    async def stats(
        interaction: discord.Interaction, game: str, member: discord.Member | None = None
    ) -> None:
        await c.stats(interaction, by_kind[game], member)

    @g.command(name=cmd("leaderboard"), description=LEADERBOARD_DESCRIPTION)
    @app_commands.rename(game=cmd("game"), by=cmd("by"))
    @app_commands.describe(game=GAME_DESCRIPTION, by=BY_DESCRIPTION)
    @app_commands.choices(game=games, by=BY_OPTIONS)
    async def leaderboard(interaction: discord.Interaction, game: str, by: str = "rating") -> None:
        await c.leaderboard(interaction, by_kind[game], by)


def _channel_commands(g: app_commands.Group, c: GameCommands) -> None:
    """board, resign, cancel, games, export: about the game of the channel, whichever it is."""

    @g.command(name=cmd("board"), description=N_("Post the board and turn controls again"))
    async def board(interaction: discord.Interaction) -> None:
        await c.board(interaction)

    @g.command(
        name=cmd("resign"), description=_about(c, "resign", N_("Leave the game in this thread"))
    )
    async def resign(interaction: discord.Interaction) -> None:
        await c.resign(interaction)

    @g.command(name=cmd("cancel"), description=N_("End the game here (host or Manage Server)"))
    async def cancel(interaction: discord.Interaction) -> None:
        await c.cancel(interaction)

    @g.command(
        name=cmd("games"), description=_about(c, "games", N_("The games running in this server"))
    )
    async def games(interaction: discord.Interaction) -> None:
        await c.games(interaction)

    @g.command(
        name=cmd("export"),
        description=N_("How a game went, turn by turn, and its record as a file"),
    )
    @app_commands.rename(game=cmd("game"))
    @app_commands.describe(
        game=N_("game number (default: the game here, else the newest finished)")
    )
    async def export(interaction: discord.Interaction, game: int | None = None) -> None:
        await c.export(interaction, game)

    @g.command(name=cmd("replay"), description=N_("Watch a finished game again, step by step"))
    @app_commands.rename(game=cmd("game"))
    @app_commands.describe(game=N_("game number (default: the newest finished)"))
    async def replay(interaction: discord.Interaction, game: int | None = None) -> None:
        await c.replay(interaction, game)

    @replay.autocomplete("game")
    async def replay_games(
        interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[int]]:
        return await c.finished_choices(interaction, typed)
