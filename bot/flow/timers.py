"""Turn timers and idle lobbies: a periodic sweep over the due times stored with each game.

Due times live in the database, so they survive restarts; each is handled under the game's lock
after a reload, and a reminder is marked sent before it is posted, so none is sent twice. A turn's
clock starts when its message is posted and stops in the same save as the move that ends it.
A sweep that fails (a locked database) is logged and tried again at the next tick; the loop
itself never ends before shutdown, and says once an hour that it is alive. Each sweep also finds
the running games whose turn no message shows and that nothing in this process tries to post
(``Posting.retry_unposted``), so no such game is ever forgotten.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Protocol

import discord
from discord.ext import tasks

from bot.contract.adapter import GameAdapter
from bot.contract.capabilities import live_rounds
from bot.contract.models import GameRow, Status
from bot.contract.refusals import Refusal
from bot.core import text
from bot.core.failures import DISCORD_FAILURES
from bot.core.logs import ids
from bot.core.turn_timer import TIMER_CHOICES as TIMER_CHOICES
from bot.core.turn_timer import timer_text as timer_text
from bot.flow.ports import Locks, Shared, Turns
from locales import N_

if TYPE_CHECKING:
    from bot.contract.adapter import Move

log = logging.getLogger(__name__)

TICK_SECONDS = 15.0
HEARTBEAT_SECONDS = 3600.0
ARCHIVE_MINUTES = (1440, 4320, 10080)  # Discord's thread auto-archive durations (and 60)
MAX_MISSED_TURNS = 3
LOBBY_IDLE_SECONDS = 24 * 3600


def now() -> float:
    """POSIX seconds from discord.py's clock (virtual under SimCord)."""
    return discord.utils.utcnow().timestamp()


def start_turn_clock(game: GameAdapter[Any], row: GameRow) -> None:
    """Set the due times of the turn now on hand (none for computers or without a timer)."""
    if (live := live_rounds(game)) is not None:  # a live game's clock: its next due step
        row.turn_due = None if row.game is None else live.live_due(row.game)
        row.reminder_due = None
        return
    seat = None if row.game is None else game.current(row.game)
    if not row.turn_timer or seat is None or row.players[seat].is_ai:
        row.turn_due = row.reminder_due = None
        return
    start = now()
    row.turn_due = start + row.turn_timer
    row.reminder_due = start + row.turn_timer / 2


def end_turn(row: GameRow) -> int | None:
    """The turn on hand is over: its clock stops and no message of the next turn is posted yet.

    Saved with the move that ends the turn, so a crash before the next turn is posted leaves a
    game the start-up recovery posts (``turn_message_id`` None), and never an old deadline that
    would expire the next player's turn. Returns the ended turn's message id, to close it."""
    ended = row.turn_message_id
    row.turn_message_id = None
    row.turn_due = row.reminder_due = None
    return ended


def archive_minutes(turn_timer: int) -> int:
    """A thread auto-archive duration longer than one turn of the game's timer, so a turn
    nobody plays never leaves its thread archived (the longest, 7 days, equals the longest
    timer: the half-time reminder keeps that thread active)."""
    for minutes in ARCHIVE_MINUTES:
        if minutes * 60 >= turn_timer:
            return minutes
    return ARCHIVE_MINUTES[-1]


class Computers(Protocol):
    """A computer's move for a player whose time ran out."""

    async def act(self, row: GameRow, level: str) -> Move: ...


class LiveTicks(Protocol):
    """A live game's due steps, applied (``bot.flow.live.LiveFlow``)."""

    async def live_tick(self, row: GameRow) -> None: ...


class Host(Shared, Locks, Turns, Protocol):
    """What the turn timers need of the game flow (``bot.flow.play.PlayController``)."""

    @property
    def computers(self) -> Computers: ...

    @property
    def live(self) -> LiveTicks: ...


class TurnTimers:
    def __init__(
        self,
        play: Host,
        *,
        tick: float = TICK_SECONDS,
        max_missed: int = MAX_MISSED_TURNS,
        lobby_idle: float = LOBBY_IDLE_SECONDS,
    ) -> None:
        self.play = play
        self.max_missed = max_missed
        self.lobby_idle = lobby_idle
        self.loop = tasks.loop(seconds=tick)(self.sweep)
        self.loop.before_loop(self._ready)
        self.loop.after_loop(self._ended)
        self.failures = 0  # sweeps failed in a row
        self.sweeps = self.failed = 0  # since the last heartbeat line
        self._heartbeat = now()

    def start(self) -> None:
        if not self.loop.is_running():
            self.loop.start()

    def stop(self) -> None:
        """No new sweep; one under way finishes its game (shutdown drains it)."""
        self.loop.stop()

    def cancel(self) -> None:
        self.loop.cancel()

    @property
    def alive(self) -> bool:
        return self.loop.is_running() and not self.failures

    async def _ready(self) -> None:
        """The first sweep waits for Discord's servers: the timers start in ``setup_hook``,
        before them, when every channel the bot fetches comes with an empty placeholder server
        (no channels, no member of the bot) and drawing a turn in it fails."""
        bot = self.play.bot
        if bot is not None:
            await bot.wait_until_ready()

    async def _ended(self) -> None:
        if self.play.closing or self.loop.is_being_cancelled():
            log.info("turn timers stopped")
        else:  # a bug: timers no longer run until a restart
            log.error("turn timers stopped unexpectedly")

    async def sweep(self) -> None:
        """One tick: handle every due game. Any error is logged and the next tick tries again."""
        if self.play.closing:
            return
        self._beat()
        try:
            keys = await self.play.store.due_games(now(), self.play.scope)
        except Exception:
            self.failures += 1
            self.failed += 1
            log.exception("timer sweep failed (%d in a row); trying again", self.failures)
            return
        if self.failures:
            log.warning("timer sweeps work again after %d failed", self.failures)
            self.failures = 0
        self.sweeps += 1
        for key in keys:
            if self.play.closing:
                return
            try:
                await self._handle(key.guild_id, key.id)
            except Refusal:
                return  # shutting down
            except Exception:
                log.exception("timer handling failed", extra=ids(key))
        try:
            if found := await self.play.posting.retry_unposted():
                log.info("%d unposted turns found: tried again", found)
        except Exception:
            log.exception("unposted turns not listed; the next sweep tries again")

    def _beat(self) -> None:
        """An hourly log line that the timers run, so a stopped loop is noticed."""
        t = now()
        if t - self._heartbeat < HEARTBEAT_SECONDS:
            return
        log.info(
            "turn timers alive: %d sweeps, %d failed in the last %.0f minutes; since start: %s",
            self.sweeps,
            self.failed,
            (t - self._heartbeat) / 60,
            dict(self.play.acted) or "nothing due",
        )
        self._heartbeat, self.sweeps, self.failed = t, 0, 0

    async def _handle(self, guild_id: int, game_id: int) -> None:
        async with self.play.acting_unasked(guild_id, game_id):
            row = await self.play.store.get(guild_id, game_id)
            if row is None:
                return
            t = now()
            if row.status is Status.RUNNING and self.play.games[row.kind].info.live:
                if row.turn_due and row.turn_due <= t:
                    await self.play.live.live_tick(row)  # windows a restart or a lost task left due
            elif row.status is Status.LOBBY and row.lobby_expires and row.lobby_expires <= t:
                await self._close_lobby(row)
            elif row.status is Status.RUNNING and row.turn_due and row.turn_due <= t:
                await self._expire(row)
            elif row.status is Status.RUNNING and row.reminder_due and row.reminder_due <= t:
                await self._remind(row)

    async def _close_lobby(self, row: GameRow) -> None:
        row.status = Status.CANCELLED
        row.note = N_("closed: nobody started it")
        row.lobby_expires = None
        await self.play.store.save(row)
        self.play.acted["lobby closed"] += 1
        log.info("idle lobby closed", extra=ids(row))
        channel = await self.play.posting.play_channel(row)
        if channel is None or row.lobby_message_id is None:
            return
        t = await self.play.public_t(row.guild_id)
        try:
            await self.play.pacer.edit(
                channel,
                row.lobby_message_id,
                content=t(
                    "~~{game} lobby #{id}~~: closed after {hours} hours without a start.",
                    game=self.play.games[row.kind].info.title,
                    id=row.id,
                    hours=f"{self.lobby_idle / 3600:g}",
                ),
                view=None,
            )
        except DISCORD_FAILURES as exc:
            log.info("idle lobby message not updated: %r", exc, extra=ids(row))

    async def _remind(self, row: GameRow) -> None:
        """The turn message again, below, with a mention: it replaces the older one, so the
        reminder goes when the turn ends (closed like any turn message)."""
        game = self.play.games[row.kind]
        seat = game.current(row.game)
        row.reminder_due = None
        await self.play.store.save(row)  # marked before sending: never reminded twice
        self.play.acted["reminded"] += 1
        if seat is None or row.players[seat].is_ai or row.turn_due is None:
            return
        channel = await self.play.posting.play_channel(row)
        if channel is None:
            return
        user_id = row.players[seat].user_id
        t = await self.play.public_t(row.guild_id)
        line = "⏰ " + t(
            "{mention}, it is still your turn in {game} #{id}: time runs out {when}. "
            "After that the computer plays this turn for you.",
            mention=f"<@{user_id}>",
            game=game.info.title,
            id=row.id,
            when=f"<t:{int(row.turn_due)}:R>",
        )
        if await self.play.posting.post_turn(row, channel, reminder=line, retry=False):
            log.info("reminded seat %d", seat, extra=ids(row))
        else:
            log.warning("reminder not posted", extra=ids(row))

    async def _expire(self, row: GameRow) -> None:
        """The normal AI plays the rest of the turn; too many misses in a row remove the player."""
        game = self.play.games[row.kind]
        seat = game.current(row.game)
        if seat is None or row.players[seat].is_ai:
            row.turn_due = row.reminder_due = None
            await self.play.store.save(row)
            return
        if row.turn_message_id is None:  # never posted, so never started: a bug elsewhere
            log.error("a clock ran for a turn never posted", extra=ids(row))
            row.turn_due = row.reminder_due = None
            await self.play.store.save(row)
            return
        action = None
        while action is None or not game.ends_turn(action):  # e.g. throws, holds, the move
            action = (await self.play.computers.act(row, "normal")).action
        missed = (row.missed + [0] * len(row.players))[: len(row.players)]
        missed[seat] += 1
        row.missed = missed
        t = await self.play.public_t(row.guild_id)
        name = text.seat_label(t, row, seat, self.play.games[row.kind].info.seat_marks)
        note = "⏰ " + t("Time ran out, so the computer played for {name}:", name=name) + " "
        removed = missed[seat] >= self.max_missed and not game.finished(row.game)
        if removed:
            game.apply(row.game, game.resign_action(seat), None)
            self.play.settle_resignation(row)
            note_removed = t(
                "{name} missed {n} turns in a row and was removed from the game "
                "(as with `/{group} resign`).",
                name=name,
                n=missed[seat],
                group=game.info.group,
            )
        if game.finished(row.game):
            row.status = Status.FINISHED
        ended = end_turn(row)
        await self.play.store.save(row)
        self.play.acted["expired"] += 1
        log.info("turn expired for seat %d (%d in a row)", seat, missed[seat], extra=ids(row))
        channel = await self.play.posting.play_channel(row)
        if channel is None:
            # the next turn or the final, once the channel is reached
            self.play.posting.retry_post(row)
            return
        await self.play.posting.close_turn_message(row, channel, ended, lead=note)
        if removed:
            try:
                await self.play.pacer.send(
                    channel, note_removed, allowed_mentions=discord.AllowedMentions.none()
                )
            except DISCORD_FAILURES as exc:
                log.warning("removal notice not posted: %r", exc, extra=ids(row))
        await self.play.posting.after_turn(row, channel)
