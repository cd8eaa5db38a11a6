"""Game flow in Discord for every game: load → apply via the game's adapter → save → render →
respond.

Actions on one game are serialised by a per-game lock, and every action is stored before the
bot answers, so a double click or a restart never loses or repeats anything. Discord failures
after the save are logged; ``/<game> board`` re-posts the game. Nothing here knows a game: what
a click means, what a turn message says and shows, comes from ``bot.adapters``.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections import Counter
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import discord

from bot.contract.adapter import Click, GameAdapter, TurnView
from bot.contract.capabilities import read_click
from bot.contract.models import GameRow, Status
from bot.contract.refusals import Refusal, refusal_text
from bot.core import text
from bot.core.dice import DiceSource
from bot.core.failures import DISCORD_FAILURES
from bot.core.logs import ids
from bot.core.registry import Registry
from bot.core.shards import ALL_SHARDS, ShardScope
from bot.flow import replies
from bot.flow.components import LOBBY_ACTIONS, build_view
from bot.flow.computer import ComputerTurns
from bot.flow.game_actions import GameActions, settle_resignation
from bot.flow.live import LiveFlow
from bot.flow.live_clocks import LiveClocks
from bot.flow.lobby_flow import LobbyFlow
from bot.flow.pacing import LIMIT, WINDOW, ChannelPacer
from bot.flow.ports import Client
from bot.flow.posting import NO_MENTIONS, Posting, mention_only
from bot.flow.replies import user_t
from bot.flow.results import ResultsControls
from bot.flow.round_draws import RoundDraws
from bot.flow.timed import TimedViews
from bot.flow.timers import (
    LOBBY_IDLE_SECONDS,
    MAX_MISSED_TURNS,
    TurnTimers,
    end_turn,
    now,
)
from bot.storage import GameStore, StaleGame
from games.common.errors import GameError
from locales import Translator, resolve, translator

log = logging.getLogger(__name__)
__all__ = ["NO_MENTIONS", "PlayController", "mention_only"]


class PlayController:
    """Every game's flow in Discord: clicks on turn controls here; posting (``posting``), the
    lobby (``lobby``), the slash actions (``actions``), live rounds (``live``), computers,
    timers and timed views in the parts it builds and gives itself to."""

    def __init__(
        self,
        bot: Client,
        store: GameStore,
        games: Registry,
        dice: DiceSource,
        ai_delay: float = 1.5,
        *,
        max_missed_turns: int = MAX_MISSED_TURNS,
        lobby_idle_hours: float = LOBBY_IDLE_SECONDS / 3600,
        shards: ShardScope = ALL_SHARDS,
        channel_pace: tuple[int, float] | None = (LIMIT, WINDOW),
    ) -> None:
        self.bot = bot
        self.store = store
        self.games = games
        self.scope = shards  # whose servers' games the background passes touch
        # what the background work did, by kind (timers, computers, recovery; ``dropped``: another
        # process acted first): for the heartbeat log and the sharding benchmark
        self.acted: Counter[str] = Counter()
        self.dice = dice
        self.computers = ComputerTurns(self, ai_delay)
        limit, window = channel_pace or (None, WINDOW)
        self.pacer = ChannelPacer(limit, window, clock=now)  # every public create and edit
        self._languages: dict[int, str | None] = {}  # server language setting, by guild
        # One thread renders every image: fewer malloc arenas, so less memory held after peaks
        self._render_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="game-render")
        self.posting = Posting(self)  # turn and result messages, and posts tried again
        self.timed = TimedViews(self)
        self.results = ResultsControls()  # the features' buttons on a finished game's results
        self.timers = TurnTimers(
            self, max_missed=max_missed_turns, lobby_idle=lobby_idle_hours * 3600
        )
        self._locks: dict[int, asyncio.Lock] = {}
        self.live = LiveFlow(self)  # live games: clicks, due steps, private panels
        self.live_clocks = LiveClocks(
            self.live.live_wake, lambda exc: self.bot.dispatch("game_failure", exc)
        )
        self.draws = RoundDraws(
            self.live.draw_round,
            self._locks.get,
            self.busy,
            lambda exc: self.bot.dispatch("game_failure", exc),
        )
        self._busy = 0
        self._idle = asyncio.Event()
        self._idle.set()
        self.closing = False
        self.actions = GameActions(self)  # resign, cancel, board
        self.lobby = LobbyFlow(self)  # lobby clicks and the start

    def settle_resignation(self, row: GameRow) -> None:
        """After a seat left the game: the game ends when too few players, or no person, are left
        (``game_actions.settle_resignation``)."""
        settle_resignation(self.games[row.kind], row)

    async def render(self, draw: Callable[..., bytes], *args: Any, **kwargs: Any) -> bytes:
        """Run a renderer off the event loop, on the render thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self._render_pool, functools.partial(draw, *args, **kwargs)
        )

    def close_renderer(self) -> None:
        self._render_pool.shutdown(wait=False, cancel_futures=True)

    async def public_t(self, guild_id: int) -> Translator:
        """The language of public messages: the server's setting, else the server's locale."""
        if guild_id not in self._languages:
            self._languages[guild_id] = (await self.store.server_settings(guild_id)).language
        lang = self._languages[guild_id]
        if lang is None:
            guild = self.bot.get_guild(guild_id) if self.bot is not None else None
            lang = resolve(guild.preferred_locale) if guild is not None else "en"
        return translator(lang)

    def forget_language(self, guild_id: int) -> None:
        """After ``/server`` changed it."""
        self._languages.pop(guild_id, None)

    @contextlib.asynccontextmanager
    async def busy(self) -> AsyncIterator[None]:
        """Work that shutdown waits for."""
        self._busy += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._busy -= 1
            if self._busy == 0:
                self._idle.set()

    @contextlib.asynccontextmanager
    async def acting(self, game_id: int, *, settle: bool = True) -> AsyncIterator[None]:
        """Serialise actions on one game; shutdown waits for every action inside to finish.

        A live game's redraws run outside this lock (``bot.flow.round_draws``); an action that may
        edit the round itself waits for them first (``settle``). Clicks do not: they are the
        ones the redraws were moved out of the way of, and keep the order themselves."""
        if self.closing:
            raise Refusal("The bot is restarting. Try again in a few seconds.")
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        async with self.busy():
            try:
                async with lock:
                    if settle:
                        await self.draws.settle(game_id)
                    yield
            finally:
                if not lock.locked() and not lock._waiters:  # type: ignore[attr-defined]
                    self._locks.pop(game_id, None)

    @contextlib.asynccontextmanager
    async def acting_unasked(self, guild_id: int, game_id: int) -> AsyncIterator[None]:
        """``acting`` for work nobody clicked (timers, computers, recovery, a post tried again).

        Another process may hold the same game when the shard split is wrong (a mistyped
        ``SHARD_IDS``, an overlap while resharding): every such action saves before it posts,
        so when the other process saved first, the save here is refused (``StaleGame``) before
        anything was posted, and the action is dropped: the other process did it."""
        async with self.acting(game_id):
            try:
                yield
            except StaleGame:
                self.acted["dropped"] += 1
                log.info(
                    "another process acted on this game first: action dropped",
                    extra={"guild": guild_id, "game": game_id},
                )

    async def drain(self, timeout: float) -> bool:
        """Stop taking actions and wait for those under way; False if some did not finish."""
        self.closing = True
        try:
            await asyncio.wait_for(self._idle.wait(), timeout)
        except TimeoutError:
            log.error("shutdown: %d actions still running after %.0f s", self._busy, timeout)
            return False
        return True

    # ------------------------------------------------------------ components

    async def on_component(
        self,
        interaction: discord.Interaction,
        code: str,
        action: str,
        game_id: int,
        version: int | None,
        args: tuple[str, ...],
        values: tuple[str, ...] = (),
    ) -> None:
        received = now()  # before the lock: live games apply clicks in the order received
        game = self.games.by_code(code)
        try:
            async with replies.in_time(interaction), self.acting(game_id, settle=False):
                row = await self._load(interaction, game, game_id)
                if action in LOBBY_ACTIONS and version is None:
                    await self.lobby.act(interaction, row, action, values)
                else:
                    message = interaction.message
                    private = message is not None and message.flags.ephemeral
                    click = Click(action, args, values, version, received, private)
                    await self._turn_action(interaction, row, click)
        except (Refusal, GameError) as exc:
            extra = game.info.refusals if game is not None else None
            live = game is not None and game.info.live  # live games: never the engine's words
            text = refusal_text(user_t(interaction), exc, extra, engine_words=not live)
            await self.tell(interaction, text)
        except Exception as exc:
            await self.fail(interaction, exc, game_id, game.info.group if game else "…")

    async def _load(
        self, interaction: discord.Interaction, game: GameAdapter[Any] | None, game_id: int
    ) -> GameRow:
        if interaction.guild_id is None:
            raise Refusal("Games are played in servers, not in direct messages.")
        row = await self.store.get(interaction.guild_id, game_id) if game else None
        if row is None or game is None or row.kind != game.info.kind:
            raise Refusal("This game no longer exists.")
        return row

    async def tell(self, interaction: discord.Interaction, message: str) -> None:
        """An ephemeral answer that changes nothing."""
        try:
            await replies.send_message(interaction, message, ephemeral=True)
        except DISCORD_FAILURES as exc:
            log.warning("could not answer interaction: %r", exc)

    async def fail(
        self, interaction: discord.Interaction, exc: Exception, game_id: int, group: str
    ) -> None:
        """A bug: tell the user the game is safe, then let the error surface loudly."""
        log.error(
            "unexpected error", extra={"guild": interaction.guild_id, "game": game_id or None}
        )
        t = user_t(interaction)
        await self.tell(
            interaction,
            t(
                "Something went wrong on my side. The game is saved: "
                "`/{group} board` shows it again.",
                group=group,
            ),
        )
        self.bot.dispatch("game_failure", exc)

    # ------------------------------------------------------------------ turns

    async def _heal_clicked(
        self, interaction: discord.Interaction, row: GameRow, click: Click
    ) -> None:
        """A click refused as an earlier turn's on the stored turn message itself: that message
        still shows an older version (a crash stopped its update), so nobody could act on it
        until a restart; it is redrawn at the current version."""
        message, channel = interaction.message, interaction.channel
        if message is None or channel is None or message.id != row.turn_message_id:
            return
        seat = self.games[row.kind].current(row.game)
        if click.version == row.event_count or seat is None or row.players[seat].is_ai:
            return
        log.warning("a click on a turn message of an older version: redrawn", extra=ids(row))
        await self.posting.redraw_turn_soon(row, channel, message.id)  # type: ignore[arg-type]

    async def _turn_action(
        self, interaction: discord.Interaction, row: GameRow, click: Click
    ) -> None:
        game = self.games[row.kind]
        if row.status is Status.LOBBY:
            raise Refusal("This game has not started yet.")
        if row.status is not Status.RUNNING:
            if row.status is Status.CANCELLED:
                raise Refusal("This game was cancelled.")
            raise Refusal("This game is over.")
        seat = row.seat_of(interaction.user.id)
        if seat is None:
            raise Refusal(
                "You are not playing in this game. Start your own with `/{group} new`.",
                group=game.info.group,
            )
        if game.resigned(row.game)[seat]:
            missed = row.missed[seat] if seat < len(row.missed) else 0
            if missed >= self.timers.max_missed:
                raise Refusal(
                    "You were removed from this game after missing {n} turns in a row; "
                    "the others play on without you.",
                    n=missed,
                )
            raise Refusal("You resigned from this game, so you cannot play in it any more.")
        if game.info.live:  # every seat at once, inside the game's windows
            await self.live.live_action(interaction, row, seat, click)
            return
        try:
            game.check_click(row, seat, click)
        except Refusal:
            await self._heal_clicked(interaction, row, click)
            raise
        current = game.current(row.game)
        if current != seat:
            raise Refusal(
                "It is {name}'s turn, not yours.",
                name=text.safe_name(
                    text.player_name(user_t(interaction), row, seat if current is None else current)
                ),
            )
        # off the event loop (a hint may think for a while), on the one worker thread the
        # renders use: a thread per click would each grow its own malloc arena
        outcome = await self.render(read_click, game, row, seat, click, user_t(interaction))
        if outcome.private is not None:
            await self.tell(interaction, outcome.private)
            return
        if outcome.action is None:
            await self._show_turn(interaction, row, outcome.screen)
            return
        game.apply(row.game, outcome.action, self.dice(row.id, row.event_count))
        if not game.ends_turn(outcome.action):
            await self.store.save(row)
            await self._show_turn(interaction, row, None)
            return
        if seat < len(row.missed):
            row.missed[seat] = 0  # played in time: the count of missed turns starts again
        if game.finished(row.game):
            row.status = Status.FINISHED
        end_turn(row)
        await self.store.save(row)
        log.info("turn %d done", game.turn_number(row.game), extra=ids(row))
        await self._close_turn_message(interaction, row)
        await self.posting.after_turn(row, interaction.channel)  # type: ignore[arg-type]
        if row.turn_message_id is None:  # nobody has controls now: say how to recover
            ut = user_t(interaction)
            lost = (
                ut(
                    "Your move is saved and the game is over. Discord did not take the final "
                    "standings yet: the bot posts them as soon as it can."
                )
                if row.status is Status.FINISHED
                else ut(
                    "Your move is saved. Discord did not take the next turn's message yet: "
                    "the bot tries again shortly, or `/{group} board` posts it now.",
                    group=game.info.group,
                )
            )
            await self.tell(interaction, lost)

    def turn_view(self, t: Translator, row: GameRow, screen: Any = None) -> TurnView:
        return self.games[row.kind].turn_view(t, row, screen)

    def controls(self, row: GameRow, view: TurnView) -> discord.ui.View | None:
        """The turn view's controls as Discord components, their ids carrying the version."""
        if view.controls is None or not view.controls.rows:
            return None
        code = self.games[row.kind].info.code
        return build_view(code, row.id, row.event_count, view.controls)

    async def _show_turn(self, interaction: discord.Interaction, row: GameRow, screen: Any) -> None:
        """The clicked turn message, edited to show the game now (on ``screen``)."""
        t = await self.public_t(row.guild_id)
        try:
            await self.posting.answer_edit(
                interaction, **await self.posting.turn_edit(t, row, interaction.channel, screen)
            )
        except DISCORD_FAILURES as exc:
            log.warning("could not update the turn message: %r", exc, extra=ids(row))
            await self.tell(
                interaction,
                user_t(interaction)(
                    "Discord did not accept the update, but your move is saved. "
                    "`/{group} board` shows the game again.",
                    group=self.games[row.kind].info.group,
                ),
            )

    async def _close_turn_message(self, interaction: discord.Interaction, row: GameRow) -> None:
        """The finished turn's message keeps only its result: no buttons, no old image."""
        await self.posting.close_turn_message(
            row, interaction.channel, None, interaction=interaction
        )
