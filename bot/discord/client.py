"""The bot object: storage, dice, components and commands wired together."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import discord
from discord.ext import commands

from bot.adapters import installed
from bot.adapters.spectrangle.daily import DAILY as SPECTRANGLE_DAILY
from bot.adapters.spexxx.daily import DAILY as SPEXXX_DAILY
from bot.core.config import DEFAULT_DATABASE_PATH, Database
from bot.core.dice import DiceSource, system_dice
from bot.core.failures import DISCORD_FAILURES
from bot.core.registry import Registry
from bot.core.shards import ALL_SHARDS, ShardScope
from bot.discord import commands as game_commands
from bot.discord import daily as daily_commands
from bot.discord.help_desk import HelpDesk, RulesItem, help_commands
from bot.discord.server_command import server_command
from bot.discord.translate import CommandTranslator
from bot.flow import away, play_again
from bot.flow.components import GameItem
from bot.flow.lobby import lobby_view
from bot.flow.messages import lobby_content
from bot.flow.pacing import LIMIT, WINDOW
from bot.flow.play import PlayController
from bot.flow.replay_view import REPLAY_PREFIX, ReplayItem, ReplayViewer
from bot.flow.server_rules import ServerRules
from bot.flow.timers import LOBBY_IDLE_SECONDS, MAX_MISSED_TURNS, end_turn, now
from bot.storage import GameKey, GameStore, SqlGameStore, open_store
from locales import compile_catalogs

log = logging.getLogger(__name__)
SHUTDOWN_TIMEOUT_S = 10.0


class GameBot(commands.AutoShardedBot):
    """Sharded: one process runs all of Discord's recommended shards (the default), or the
    ``shards`` it is given; it then touches only the games of those shards' servers."""

    store: GameStore
    play: PlayController
    daily: daily_commands.DailyCommands
    server_rules: ServerRules
    play_again: play_again.PlayAgain
    away_votes: away.AwayVotes
    help_desk: HelpDesk
    replays: ReplayViewer

    def __init__(
        self,
        *,
        database_path: str | Path = DEFAULT_DATABASE_PATH,
        database: Database | str | None = None,
        dice: DiceSource = system_dice,
        dev_guild_id: int | None = None,
        sync_commands: bool = True,
        ai_delay: float = 1.5,
        max_missed_turns: int = MAX_MISSED_TURNS,
        lobby_idle_hours: float = LOBBY_IDLE_SECONDS / 3600,
        away_hours: float = away.AWAY_SECONDS / 3600,
        shards: ShardScope = ALL_SHARDS,
        channel_pace: tuple[int, float] | None = (LIMIT, WINDOW),
        games: Registry | None = None,
    ) -> None:
        intents = discord.Intents.default()  # no privileged intents needed
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            max_messages=None,  # the bot never reads cached messages: it keeps ids in the database
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            shard_count=shards.count,
            shard_ids=None if shards.ids is None else list(shards.ids),
        )
        self.shard_scope = shards  # not ``shards``: AutoShardedBot's map of live shards
        self.database_path = database_path
        self.database = Database.of(database_path if database is None else database)
        self.dice = dice
        self.dev_guild_id = dev_guild_id
        self.sync_commands = sync_commands
        self.ai_delay = ai_delay
        self.max_missed_turns = max_missed_turns
        self.lobby_idle_hours = lobby_idle_hours
        self.away_hours = away_hours
        self.channel_pace = channel_pace
        self.games = installed() if games is None else games  # built once, passed to the rest
        self._resumed = False  # the start-up recovery listed and went through every game
        self._unrecovered: set[GameKey] = set()  # games it failed on: tried again on reconnect
        self._recovering = False  # a recovery runs (on_ready may come again meanwhile)
        self._again = False  # on_ready came again while it ran: it goes over what failed again

    async def setup_hook(self) -> None:
        self.store = await open_store(self.database, self.games)
        self.play = PlayController(
            self,
            self.store,
            self.games,
            self.dice,
            self.ai_delay,
            max_missed_turns=self.max_missed_turns,
            lobby_idle_hours=self.lobby_idle_hours,
            shards=self.shard_scope,
            channel_pace=self.channel_pace,
        )
        self.server_rules = ServerRules(self.store)
        self.play_again = play_again.PlayAgain(
            self.store,
            self.games,
            self.server_rules,
            self.play.public_t,
            lambda t, row: (
                lobby_content(t, self.games[row.kind], row),
                lobby_view(t, self.games[row.kind], row),
            ),
            self.channel_of,
            self.play.pacer,
            now,
            self.play.timers.lobby_idle,
        )
        self.play.results.add(self.play_again.buttons, play_again.PREFIX)
        self.replays = ReplayViewer(
            self.store, self.games, self.play.render, self.play.public_t, self.play.tell
        )
        self.play.results.add(self.replays.buttons, REPLAY_PREFIX)
        self.away_votes = away.AwayVotes(
            self.store,
            self.games,
            self.play,
            self.play.pacer,
            now,
            self.shard_scope,
            end_turn,
            away=self.away_hours * 3600,
            ready=self.wait_until_ready,
        )
        await asyncio.to_thread(compile_catalogs)  # blocking work, before anyone is answered
        self.add_dynamic_items(GameItem, play_again.PlayAgainItem, ReplayItem, away.AwayItem)
        await self.tree.set_translator(CommandTranslator())
        for group in game_commands.groups(self, list(self.games.values())):
            self.tree.add_command(group)
        daily_rules = {"spexxx": SPEXXX_DAILY, "spectrangle": SPECTRANGLE_DAILY}
        assert isinstance(self.store, SqlGameStore)
        self.daily = daily_commands.install(self, self.store, self.play, self.games, daily_rules)
        self.tree.add_command(server_command(self.store, self.play.forget_language))
        self.help_desk = HelpDesk(self.games, self.store, self.play.render, self.tree)
        self.add_dynamic_items(RulesItem)
        for command in help_commands(self.help_desk):
            self.tree.add_command(command)
        if self.sync_commands:
            if self.dev_guild_id:
                guild = discord.Object(self.dev_guild_id)
                self.tree.copy_global_to(guild=guild)
                synced = await self.tree.sync(guild=guild)
                log.info("synced %d commands to server %s", len(synced), self.dev_guild_id)
            else:
                synced = await self.tree.sync()
                log.info("synced %d global commands", len(synced))
        log.info("storage ready at %s", self.database.redacted())
        self.play.timers.start()
        self.away_votes.start()
        for game in self.games.values():  # the first image builds cached layers (~60 ms)
            await self.play.render(game.warm)

    async def channel_of(self, channel_id: int) -> discord.abc.GuildChannel | None:
        """A channel by its id, from the cache or from Discord; None when it cannot be had."""
        channel = self.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.fetch_channel(channel_id)
            except DISCORD_FAILURES as exc:
                log.info("channel %s not fetched: %r", channel_id, exc)
                return None
        return channel  # type: ignore[return-value]

    async def on_ready(self) -> None:
        log.info(
            "logged in as %s in %d servers on shards %s of %s",
            self.user,
            len(self.guilds),
            sorted(self.shards),
            self.shard_count,
        )
        await self.recover_games()

    async def recover_games(self) -> None:
        """Post what a crash left unposted and resume computer turns: every game once, at the
        first ``on_ready``. ``on_ready`` repeats after reconnects: each time only the games an
        earlier recovery failed on are tried again (none, usually). Never two at once: an
        ``on_ready`` while a recovery runs leaves it to that one, which then goes over what
        failed once more (the reconnect may have been what failed it)."""
        if self._recovering:
            self._again = True
            return
        self._recovering, self._again = True, True
        try:
            while self._again:
                self._again = False
                await self._recover_once()
        finally:
            self._recovering = False

    async def _recover_once(self) -> None:
        if self._resumed and not self._unrecovered:
            return
        only = set(self._unrecovered) if self._resumed else None
        try:
            done = await self.play.posting.recover(only)
        except Exception:  # the running games could not be listed (the database is down)
            log.exception("start-up recovery failed; tried again after the next reconnect")
            return
        self._resumed, self._unrecovered = True, done.failed
        if done.posted or done.resumed:
            log.info(
                "recovered: %d turns to post, %d computer turns resumed", done.posted, done.resumed
            )
        if done.failed:
            log.error(
                "%d games not recovered (logged above with their ids), tried again after the"
                " next reconnect: %s",
                len(done.failed),
                ", ".join(str(key.id) for key in sorted(done.failed)),
            )

    async def on_game_failure(self, exc: BaseException) -> None:
        """Unexpected errors in handlers end up here, so ``on_error`` logs them (and tests fail)."""
        raise exc

    async def close(self) -> None:
        """Finish the actions under way (their writes), then disconnect and close the database."""
        play = getattr(self, "play", None)
        if play is not None:
            play.timers.stop()  # a sweep under way finishes its game: drain waits for it
            votes = getattr(self, "away_votes", None)
            if votes is not None:
                votes.loop.stop()  # a look under way finishes: drain waits for its game
            await play.drain(SHUTDOWN_TIMEOUT_S)
            play.timers.cancel()
            if votes is not None:
                votes.cancel()
            play.live_clocks.cancel()
            play.draws.cancel()
            play.timed.cancel()
            play.pacer.close()
        replays = getattr(self, "replays", None)
        if replays is not None:
            replays.cancel()
        await super().close()
        store = getattr(self, "store", None)
        if store is not None:
            await store.close()
            log.info("database closed")
        if play is not None:
            play.close_renderer()


def create_bot(
    *,
    database_path: str | Path = DEFAULT_DATABASE_PATH,
    database: Database | str | None = None,
    dice: DiceSource = system_dice,
    dev_guild_id: int | None = None,
    sync_commands: bool = True,
    ai_delay: float = 1.5,
    max_missed_turns: int = MAX_MISSED_TURNS,
    lobby_idle_hours: float = LOBBY_IDLE_SECONDS / 3600,
    away_hours: float = away.AWAY_SECONDS / 3600,
    shards: ShardScope = ALL_SHARDS,
    channel_pace: tuple[int, float] | None = (LIMIT, WINDOW),
    games: Registry | None = None,
) -> GameBot:
    """The bot on ``database`` (a ``DATABASE_URL`` or ``Database``), else the SQLite file at
    ``database_path``; ``ai_delay`` paces computer players' actions (seconds; 0 in tests);
    ``away_hours``: how long the player on turn of a game without a timer is away before the
    others may vote to remove them (``bot.flow.away``);
    ``shards``: which shards it connects and whose servers' games it touches (default: all);
    ``channel_pace``: at most so many public creates and edits per channel in so many seconds
    (``bot.flow.pacing``; None: unpaced); ``games``: the registry of the games it offers
    (default: every installed adapter, ``bot.adapters.installed``)."""
    return GameBot(
        database_path=database_path,
        database=database,
        dice=dice,
        dev_guild_id=dev_guild_id,
        sync_commands=sync_commands,
        ai_delay=ai_delay,
        max_missed_turns=max_missed_turns,
        lobby_idle_hours=lobby_idle_hours,
        away_hours=away_hours,
        shards=shards,
        channel_pace=channel_pace,
        games=games,
    )
